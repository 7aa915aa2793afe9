#include <cstdio>
#include <cstdlib>
#include <cassert>
#include <cstring>
__global__ void k(cudaSurfaceObject_t s)
{
	/* x in bytes, aligned, but lanes 8..31 are past the 8-float row */
	surf2Dwrite(1.0f, s, threadIdx.x * 4, 0);	//@surface-out-of-bounds
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
