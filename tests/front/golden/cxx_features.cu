#include <cstdio>
namespace geo {
struct vec2 {
	float x, y;
	__host__ __device__ vec2() : x(0), y(0) {}
	__host__ __device__ vec2(float a, float b) : x(a), y(b) {}
	__host__ __device__ float dot(const vec2 &o) const { return x * o.x + y * o.y; }
	__host__ __device__ vec2 operator+(const vec2 &o) const { return vec2(x + o.x, y + o.y); }
	__host__ __device__ vec2 &operator+=(const vec2 &o) { x += o.x; y += o.y; return *this; }
};
__host__ __device__ inline vec2 operator*(float s, const vec2 &v) { return vec2(s * v.x, s * v.y); }
namespace inner { constexpr int K = 3; }
}
using namespace geo;
namespace gi = geo::inner;
template <typename T, int N>
struct Array { T data[N]; __host__ __device__ T &operator[](int i) { return data[i]; } __host__ __device__ int size() const { return N; } };
template <typename T> __host__ __device__ T maxv(T a, T b) { return a > b ? a : b; }
template <int BS> __global__ void fill(int *out) { out[threadIdx.x] = BS + gi::K; }
__device__ void swap(int &a, int &b) { int t = a; a = b; b = t; }
int add(int a, int b = 10) { return a + b; }
double add(double a, double b) { return a + b; }
enum Color { RED, GREEN = 5, BLUE };
enum class Mode : int { A, B };
typedef unsigned long long u64;
static_assert(sizeof(u64) == 8, "u64");
__global__ void kern(vec2 *v, int n)
{
	int i = threadIdx.x;
	vec2 a(1.0f, 2.0f), b{3.0f, 4.0f};
	vec2 c = a + b;
	c += 2.0f * a;
	auto d = c.dot(a);
	int x = 1, y = 2;
	swap(x, y);
	Array<float, 4> arr;
	arr[0] = d;
	if (i < n) v[i] = c;
	v[0].x = maxv(arr[0], (float)arr.size()) + maxv<int>(x, y);
	bool flag = nullptr == (int *)0;
	Mode m = Mode::B;
	if (flag && m == Mode::B) v[1].y = static_cast<float>(BLUE);
}
int main()
{
	printf("%d %f %d\n", add(1), add(1.5, 2.5), maxv(3, 4));
	int *o;
	cudaMalloc(&o, 32 * sizeof(int));
	fill<256><<<1, 32>>>(o);
	vec2 *v;
	cudaMalloc(&v, 4 * sizeof(vec2));
	kern<<<dim3(1, 1, 1), dim3(32)>>>(v, 4);
	u64 big = 1ULL << 40;
	const char *s = "hello" " world";
	char buf[] = "abc";
	int mat[2][3] = {{1, 2, 3}, {4, 5, 6}};
	int tot = 0;
	for (int r = 0; r < 2; r++) for (int c = 0; c < 3; c++) tot += mat[r][c];
	printf("%s %s %llu %d %zu\n", s, buf, big, tot, sizeof(mat));
	goto done;
done:
	cudaDeviceSynchronize();
	return tot == 21 ? 0 : 1;
}
