// cudaMallocPitch / cudaMemcpy2D: a 2D array with padded rows, indexed by the pitch in bytes.
// (The pitch value itself is device-specific and is not printed.)
#include <stdio.h>

__global__ void add_rows(float *p, size_t pitch, int width, int height)
{
	int x = blockIdx.x * blockDim.x + threadIdx.x;
	int y = blockIdx.y * blockDim.y + threadIdx.y;
	if (x < width && y < height) {
		float *row = (float *)((char *)p + y * pitch);
		row[x] = row[x] * 2.0f + y;
	}
}

int main(void)
{
	const int width = 13, height = 5;
	float h[5][13];
	for (int y = 0; y < height; y++)
		for (int x = 0; x < width; x++)
			h[y][x] = (float)x;
	float *d;
	size_t pitch;
	cudaError_t e = cudaMallocPitch(&d, &pitch, width * sizeof(float), height);
	printf("cudaMallocPitch: %s, pitch >= row: %s\n", cudaGetErrorString(e), pitch >= width * sizeof(float) ? "yes" : "no");
	cudaMemcpy2D(d, pitch, h, width * sizeof(float), width * sizeof(float), height, cudaMemcpyHostToDevice);
	add_rows<<<dim3(1, 2), dim3(16, 4)>>>(d, pitch, width, height);
	cudaMemcpy2D(h, width * sizeof(float), d, pitch, width * sizeof(float), height, cudaMemcpyDeviceToHost);
	for (int y = 0; y < height; y++) {
		for (int x = 0; x < width; x++)
			printf("%3.0f", h[y][x]);
		printf("\n");
	}
	return 0;
}
