// Tiled transpose through shared memory with a padded tile (TILE+1 avoids bank conflicts).
#include <stdio.h>

#define TILE 32
#define ROWS 8

__global__ void transpose_tiled(const float *in, float *out, int width, int height)
{
	__shared__ float tile[TILE][TILE + 1];
	int x = blockIdx.x * TILE + threadIdx.x;
	int y = blockIdx.y * TILE + threadIdx.y;
	for (int j = 0; j < TILE; j += ROWS)
		if (x < width && y + j < height)
			tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * width + x];
	__syncthreads();
	x = blockIdx.y * TILE + threadIdx.x;
	y = blockIdx.x * TILE + threadIdx.y;
	for (int j = 0; j < TILE; j += ROWS)
		if (x < height && y + j < width)
			out[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
}

int main(void)
{
	const int width = 70, height = 45;
	static float in[70 * 45], out[70 * 45];
	for (int i = 0; i < width * height; i++)
		in[i] = (float)i;
	float *din, *dout;
	size_t bytes = sizeof in;
	cudaMalloc(&din, bytes);
	cudaMalloc(&dout, bytes);
	cudaMemcpy(din, in, bytes, cudaMemcpyHostToDevice);
	cudaMemset(dout, 0, bytes);
	dim3 block(TILE, ROWS);
	dim3 grid((width + TILE - 1) / TILE, (height + TILE - 1) / TILE);
	transpose_tiled<<<grid, block>>>(din, dout, width, height);
	cudaMemcpy(out, dout, bytes, cudaMemcpyDeviceToHost);
	int bad = 0;
	for (int r = 0; r < height; r++)
		for (int c = 0; c < width; c++)
			if (out[c * height + r] != in[r * width + c])
				bad++;
	printf("grid %ux%u, out[1]=%.0f out[45]=%.0f out[3149]=%.0f\n", grid.x, grid.y, out[1], out[45], out[3149]);
	printf("mismatches: %d\n", bad);
	return 0;
}
