#include <cstdio>
#include <cstdlib>
#include <cassert>
struct point { float x, y, z; };
__device__ float dot(point a, point b)
{
	return a.x * b.x + a.y * b.y + a.z * b.z;
}
__global__ void k(float *out, point q)
{
	int a[8] = {0};
	float b[4];
	for (int i = 0; i < 4; i++)
		b[i] = i;
	point p = {1.0f, 2.0f, 3.0f};
	for (int i = 0; i < 8; i++)
		a[i] += i;
	out[threadIdx.x] = a[threadIdx.x % 8] + b[threadIdx.x % 4] + dot(p, q);
}
int main()
{
	float *out;
	point q = {1, 1, 1};
	cudaMalloc(&out, 32 * sizeof(float));
	k<<<1, 32>>>(out, q);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
