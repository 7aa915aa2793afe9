// SAXPY y = a*x + y with a grid-stride loop and fewer threads than elements.
#include <stdio.h>

__global__ void saxpy(int n, float a, const float *x, float *y)
{
	for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
		y[i] = a * x[i] + y[i];
}

int main(void)
{
	const int n = 4096;
	static float x[4096], y[4096];
	for (int i = 0; i < n; i++) {
		x[i] = 1.0f;
		y[i] = (float)(i % 7);
	}
	float *dx, *dy;
	cudaMalloc(&dx, n * sizeof(float));
	cudaMalloc(&dy, n * sizeof(float));
	cudaMemcpy(dx, x, n * sizeof(float), cudaMemcpyHostToDevice);
	cudaMemcpy(dy, y, n * sizeof(float), cudaMemcpyHostToDevice);
	saxpy<<<4, 128>>>(n, 2.0f, dx, dy);
	cudaMemcpy(y, dy, n * sizeof(float), cudaMemcpyDeviceToHost);
	float maxerr = 0.0f;
	double sum = 0.0;
	for (int i = 0; i < n; i++) {
		float want = 2.0f + (float)(i % 7);
		float e = y[i] > want ? y[i] - want : want - y[i];
		if (e > maxerr)
			maxerr = e;
		sum += y[i];
	}
	printf("y[0]=%.2f y[6]=%.2f y[4095]=%.2f\n", y[0], y[6], y[4095]);
	printf("sum=%.1f max error=%.2f\n", sum, maxerr);
	cudaFree(dx);
	cudaFree(dy);
	return 0;
}
