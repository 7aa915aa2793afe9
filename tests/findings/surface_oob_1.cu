#include <cstdio>
#include <cstdlib>
#include <cassert>
#include <cstring>
__global__ void k(cudaSurfaceObject_t s)
{
	/* x counts bytes: 2 * threadIdx.x is not a multiple of sizeof(float)
	 * (the H100 faults with a misaligned address before the row ends) */
	surf2Dwrite(1.0f, s, threadIdx.x * 2, 0);	//@misaligned
}
int main()
{
	cudaChannelFormatDesc ch = cudaCreateChannelDesc<float>();
	cudaArray_t a;
	cudaMallocArray(&a, &ch, 8, 2, cudaArraySurfaceLoadStore);
	cudaResourceDesc rd;
	memset(&rd, 0, sizeof(rd));
	rd.resType = cudaResourceTypeArray;
	rd.res.array.array = a;
	cudaSurfaceObject_t s;
	cudaCreateSurfaceObject(&s, &rd);
	k<<<1, 32>>>(s);
	printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
	return 0;
}
