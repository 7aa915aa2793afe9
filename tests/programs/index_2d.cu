// 2D grid of 2D blocks: each thread writes its row-major index and the block coordinates.
#include <stdio.h>

#define W 10
#define H 6

__global__ void coords(int *out)
{
	int x = blockIdx.x * blockDim.x + threadIdx.x;
	int y = blockIdx.y * blockDim.y + threadIdx.y;
	if (x < W && y < H)
		out[y * W + x] = blockIdx.y * 100 + blockIdx.x * 10 + threadIdx.y * blockDim.x + threadIdx.x;
}

int main(void)
{
	int h[W * H];
	int *d;
	cudaMalloc(&d, sizeof h);
	dim3 block(4, 4);
	dim3 grid((W + block.x - 1) / block.x, (H + block.y - 1) / block.y);
	coords<<<grid, block>>>(d);
	cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
	printf("grid %u x %u\n", grid.x, grid.y);
	for (int y = 0; y < H; y++) {
		for (int x = 0; x < W; x++)
			printf("%4d", h[y * W + x]);
		printf("\n");
	}
	cudaFree(d);
	return 0;
}
