// Operator overloading on a small vector struct, references, and const member functions.
#include <stdio.h>

struct Vec3 {
	float x, y, z;
	__host__ __device__ Vec3() : x(0), y(0), z(0) {}
	__host__ __device__ Vec3(float a, float b, float c) : x(a), y(b), z(c) {}
	__host__ __device__ Vec3 operator+(const Vec3 &o) const { return Vec3(x + o.x, y + o.y, z + o.z); }
	__host__ __device__ Vec3 operator-(const Vec3 &o) const { return Vec3(x - o.x, y - o.y, z - o.z); }
	__host__ __device__ Vec3 operator*(float s) const { return Vec3(x * s, y * s, z * s); }
	__host__ __device__ Vec3 &operator+=(const Vec3 &o)
	{
		x += o.x;
		y += o.y;
		z += o.z;
		return *this;
	}
	__host__ __device__ bool operator==(const Vec3 &o) const { return x == o.x && y == o.y && z == o.z; }
	__host__ __device__ float dot(const Vec3 &o) const { return x * o.x + y * o.y + z * o.z; }
};

__host__ __device__ Vec3 operator-(const Vec3 &v)
{
	return Vec3(-v.x, -v.y, -v.z);
}

__device__ void swap_vec(Vec3 &a, Vec3 &b)
{
	Vec3 t = a;
	a = b;
	b = t;
}

__device__ void accumulate(int &acc, const int &add)
{
	acc += add;
}

__global__ void k(Vec3 *v, float *dots, int *accs)
{
	int i = threadIdx.x;
	Vec3 a(i, 2.0f * i, 1.0f);
	Vec3 b(1.0f, -1.0f, 0.5f);
	Vec3 c = a + b * 2.0f - Vec3(0.5f, 0.5f, 0.5f);
	c += -b;
	if (i % 2)
		swap_vec(a, c);
	v[i] = c;
	dots[i] = a.dot(c) + (a == c ? 1000.0f : 0.0f);
	int acc = i;
	int &r = acc;
	accumulate(r, 10);
	accumulate(acc, r);
	accs[i] = acc;
}

int main(void)
{
	Vec3 v[4];
	float dots[4];
	int accs[4];
	Vec3 *dv;
	float *dd;
	int *da;
	cudaMalloc(&dv, sizeof v);
	cudaMalloc(&dd, sizeof dots);
	cudaMalloc(&da, sizeof accs);
	k<<<1, 4>>>(dv, dd, da);
	cudaMemcpy(v, dv, sizeof v, cudaMemcpyDeviceToHost);
	cudaMemcpy(dots, dd, sizeof dots, cudaMemcpyDeviceToHost);
	cudaMemcpy(accs, da, sizeof accs, cudaMemcpyDeviceToHost);
	for (int i = 0; i < 4; i++)
		printf("%d: (%.2f, %.2f, %.2f) dot %.2f acc %d\n", i, v[i].x, v[i].y, v[i].z, dots[i], accs[i]);
	Vec3 h = Vec3(1, 2, 3) * 2.0f;
	printf("host: %.1f %.1f %.1f\n", h.x, h.y, h.z);
	return 0;
}
