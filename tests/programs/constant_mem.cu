// __constant__ memory filled with cudaMemcpyToSymbol (also with an offset), read by every thread.
#include <stdio.h>

__constant__ float coeffs[5];
__constant__ int scale = 3;

__global__ void poly(const float *x, float *y, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n) {
		float v = 0.0f;
		for (int k = 4; k >= 0; k--)
			v = v * x[i] + coeffs[k];
		y[i] = v * scale;
	}
}

int main(void)
{
	float c[5] = {1.0f, -2.0f, 0.5f, 0.0f, 0.25f};
	cudaMemcpyToSymbol(coeffs, c, sizeof c);
	float x[8], y[8];
	for (int i = 0; i < 8; i++)
		x[i] = i * 0.5f - 1.0f;
	float *dx, *dy;
	cudaMalloc(&dx, sizeof x);
	cudaMalloc(&dy, sizeof y);
	cudaMemcpy(dx, x, sizeof x, cudaMemcpyHostToDevice);
	poly<<<2, 4>>>(dx, dy, 8);
	cudaMemcpy(y, dy, sizeof y, cudaMemcpyDeviceToHost);
	for (int i = 0; i < 8; i++)
		printf("p(%.1f) = %.4f\n", x[i], y[i]);
	float two = 2.0f;
	cudaMemcpyToSymbol(coeffs, &two, sizeof two, 3 * sizeof(float));
	int one = 1;
	cudaMemcpyToSymbol(scale, &one, sizeof one);
	poly<<<2, 4>>>(dx, dy, 8);
	cudaMemcpy(y, dy, sizeof y, cudaMemcpyDeviceToHost);
	printf("after update: p(1.0) = %.4f, p(2.5) = %.4f\n", y[4], y[7]);
	return 0;
}
