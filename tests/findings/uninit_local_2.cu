#include <cstdio>
#include <cstdlib>
#include <cassert>
struct point { float x, y, z; };
__device__ float norm2(const point *p)
{
	return p->x * p->x + p->y * p->y + p->z * p->z;	//@uninitialized-read
}
__global__ void k(float *out)
{
	point p;
	p.x = threadIdx.x;
	p.y = 1.0f;
	out[threadIdx.x] = norm2(&p);
}
int main()
{
	float *out;
	cudaMalloc(&out, 32 * sizeof(float));
	k<<<1, 32>>>(out);
	cudaDeviceSynchronize();
	return 0;
}
