// The occupancy API with the real occupancy calculation for the device
// (the H100 by default): blocks per SM limited by threads, by the 32-block
// limit, by shared memory (static, dynamic, and the 1 KiB the driver reserves
// per block); cudaOccupancyMaxPotentialBlockSize; cudaFuncGetAttributes'
// block limit under __launch_bounds__. Registers do not limit these small
// kernels (nvcc gives them 8 to 16 registers).
#include <cstdio>
#include <cuda_runtime.h>

__global__ void vadd(const float *a, const float *b, float *c, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		c[i] = a[i] + b[i];
}

__global__ void __launch_bounds__(256) bounded(float *c)
{
	c[threadIdx.x] = 1.0f;
}

extern __shared__ float dyn[];
__global__ void dynamic(float *c)
{
	dyn[threadIdx.x] = threadIdx.x;
	__syncthreads();
	c[threadIdx.x] = dyn[blockDim.x - 1 - threadIdx.x];
}

int main(void)
{
	int n = 0;
	for (int b = 32; b <= 1024; b *= 2) {
		cudaOccupancyMaxActiveBlocksPerMultiprocessor(&n, vadd, b, 0);
		printf("vadd block %4d: %2d blocks per SM\n", b, n);
	}
	cudaOccupancyMaxActiveBlocksPerMultiprocessor(&n, vadd, 96, 0);
	printf("vadd block 96: %d blocks per SM\n", n);
	size_t sizes[] = { 1024, 8192, 48 * 1024, 100000, 200000 };
	for (int i = 0; i < 5; i++) {
		cudaOccupancyMaxActiveBlocksPerMultiprocessor(&n, dynamic, 128, sizes[i]);
		printf("dynamic block 128, %6zu B shared: %d blocks per SM\n", sizes[i], n);
	}
	int minGrid = 0, bs = 0;
	cudaOccupancyMaxPotentialBlockSize(&minGrid, &bs, vadd, 0, 0);
	printf("vadd: minGridSize %d blockSize %d\n", minGrid, bs);
	cudaOccupancyMaxPotentialBlockSize(&minGrid, &bs, vadd, 0, 100);
	printf("vadd, at most 100 threads: minGridSize %d blockSize %d\n", minGrid, bs);
	cudaOccupancyMaxPotentialBlockSize(&minGrid, &bs, bounded);
	printf("bounded: minGridSize %d blockSize %d\n", minGrid, bs);
	cudaFuncAttributes fa;
	cudaFuncGetAttributes(&fa, bounded);
	printf("bounded: maxThreadsPerBlock %d\n", fa.maxThreadsPerBlock);
	cudaFuncGetAttributes(&fa, vadd);
	printf("vadd: maxThreadsPerBlock %d localSizeBytes %zu\n", fa.maxThreadsPerBlock, fa.localSizeBytes);
	return 0;
}
