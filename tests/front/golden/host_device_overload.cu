#include <cstdio>
__host__ __device__ int where()
{
#ifdef __CUDA_ARCH__
	return __CUDA_ARCH__ / 100;
#else
	return 1;
#endif
}
__host__ __device__ int both() { return where() * 10; }
__global__ void k(int *o) { *o = both(); }
int main() { int *o; cudaMalloc(&o, 4); k<<<1, 1>>>(o); printf("%d\n", both()); return 0; }
