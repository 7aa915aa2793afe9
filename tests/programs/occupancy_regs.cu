// The occupancy API's register count follows the kernel's register pressure,
// not its length: a long kernel with few values live at once (ptxas gives it
// 8 registers) has full occupancy, 2048 threads per SM, like a short one.
#include <stdio.h>

__global__ void long_chain(float *a, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	float x = a[i];
#define STEP(k) x = x * 1.0009765625f + (float)(k); if (x > 1e6f) x -= 1e6f; a[i] = x;
#define STEP8(k) STEP(k) STEP(k + 1) STEP(k + 2) STEP(k + 3) STEP(k + 4) STEP(k + 5) STEP(k + 6) STEP(k + 7)
	STEP8(0) STEP8(8) STEP8(16) STEP8(24) STEP8(32) STEP8(40) STEP8(48) STEP8(56)
}

int main(void)
{
	int blocks, minGrid, blockSize;
	cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, long_chain, 256, 0);
	cudaOccupancyMaxPotentialBlockSize(&minGrid, &blockSize, long_chain, 0, 0);
	printf("long_chain: %d blocks of 256 threads per SM; best block %d, grid %d\n", blocks, blockSize, minGrid);

	float h[256], *d;
	for (int k = 0; k < 256; k++)
		h[k] = (float)k;
	cudaMalloc(&d, sizeof h);
	cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
	long_chain<<<1, 256>>>(d, 256);
	cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
	printf("long_chain: %.3f %.3f\n", h[0], h[255]);
	cudaFree(d);
	return 0;
}
