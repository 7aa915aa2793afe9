// cudaMemcpy of every kind: HostToDevice, DeviceToDevice, DeviceToHost, HostToHost and cudaMemcpyDefault
// (direction inferred from the pointers); cudaDeviceReset frees everything and the device is usable again.
#include <stdio.h>

__global__ void twice(int *p)
{
	p[threadIdx.x] *= 2;
}

int main(void)
{
	int a[8], b[8], c[8];
	for (int i = 0; i < 8; i++)
		a[i] = i + 1;
	int *d1, *d2;
	cudaMalloc(&d1, sizeof a);
	cudaMalloc(&d2, sizeof a);
	printf("H2D %s\n", cudaGetErrorName(cudaMemcpy(d1, a, sizeof a, cudaMemcpyHostToDevice)));
	printf("D2D %s\n", cudaGetErrorName(cudaMemcpy(d2, d1, sizeof a, cudaMemcpyDeviceToDevice)));
	twice<<<1, 8>>>(d2);
	printf("D2H %s\n", cudaGetErrorName(cudaMemcpy(b, d2, sizeof b, cudaMemcpyDeviceToHost)));
	printf("H2H %s\n", cudaGetErrorName(cudaMemcpy(c, b, sizeof b, cudaMemcpyHostToHost)));
	printf("c: %d %d %d\n", c[0], c[3], c[7]);
	printf("Default H2D %s\n", cudaGetErrorName(cudaMemcpy(d1, c, sizeof c, cudaMemcpyDefault)));
	twice<<<1, 8>>>(d1);
	printf("Default D2D %s\n", cudaGetErrorName(cudaMemcpy(d2, d1, sizeof c, cudaMemcpyDefault)));
	printf("Default D2H %s\n", cudaGetErrorName(cudaMemcpy(b, d2, sizeof b, cudaMemcpyDefault)));
	printf("b: %d %d %d\n", b[0], b[3], b[7]);
	printf("reset %s\n", cudaGetErrorName(cudaDeviceReset()));
	int *d3;
	printf("malloc after reset %s\n", cudaGetErrorName(cudaMalloc(&d3, sizeof a)));
	cudaMemcpy(d3, a, sizeof a, cudaMemcpyHostToDevice);
	twice<<<1, 8>>>(d3);
	cudaMemcpy(b, d3, sizeof b, cudaMemcpyDeviceToHost);
	printf("after reset: %d %d\n", b[0], b[7]);
	return 0;
}
