#include <cstdio>
#include <cstdlib>
#include <cassert>
#include <cstring>
__global__ void k(cudaSurfaceObject_t s)
{
	/* the same access with byte coordinates and a clamp at the edge */
	surf2Dwrite(1.0f, s, threadIdx.x * 4, 0, cudaBoundaryModeClamp);
	surf2Dwrite(2.0f, s, (threadIdx.x % 8) * 4, 1);
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
	k<<<1, 8>>>(s);
	printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
	return 0;
}
