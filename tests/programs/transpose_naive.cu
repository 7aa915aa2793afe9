// Naive transpose of a non-square matrix (rows x cols) with 2D blocks.
#include <stdio.h>

__global__ void transpose(const int *in, int *out, int rows, int cols)
{
	int x = blockIdx.x * blockDim.x + threadIdx.x; /* column */
	int y = blockIdx.y * blockDim.y + threadIdx.y; /* row */
	if (x < cols && y < rows)
		out[x * rows + y] = in[y * cols + x];
}

int main(void)
{
	const int rows = 5, cols = 7;
	int in[35], out[35];
	for (int i = 0; i < rows * cols; i++)
		in[i] = i;
	int *din, *dout;
	cudaMalloc(&din, sizeof in);
	cudaMalloc(&dout, sizeof out);
	cudaMemcpy(din, in, sizeof in, cudaMemcpyHostToDevice);
	dim3 block(4, 4);
	dim3 grid((cols + 3) / 4, (rows + 3) / 4);
	transpose<<<grid, block>>>(din, dout, rows, cols);
	cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
	for (int r = 0; r < cols; r++) {
		for (int c = 0; c < rows; c++)
			printf("%3d", out[r * rows + c]);
		printf("\n");
	}
	return 0;
}
