#include <cstdio>
template <typename T> __host__ __device__ T clampv(T v, T lo, T hi) { return v < lo ? lo : v > hi ? hi : v; }
template <class T, int N> struct Buf { T v[N]; __host__ __device__ int n() const { return N; } };
template <int BLOCK> __global__ void tk(float *x)
{
	__shared__ float s[BLOCK];
	s[threadIdx.x] = x[threadIdx.x];
	__syncthreads();
	x[threadIdx.x] = clampv(s[BLOCK - 1 - threadIdx.x], 0.0f, 1.0f);
}
template <typename T> T sum3(const T *p) { return p[0] + p[1] + p[2]; }
int main()
{
	Buf<int, 3> b = {{1, 2, 3}};
	double d[3] = {0.5, 1.5, 2.0};
	float *x;
	cudaMalloc(&x, 128 * sizeof(float));
	tk<128><<<1, 128>>>(x);
	printf("%d %d %f %d\n", clampv(15, 0, 10), b.n(), sum3(d), sum3<int>(b.v));
	return 0;
}
