// alloca in device code: a per-thread buffer whose size depends on the thread.
#include <stdio.h>

__global__ void k(int *out)
{
	int n = threadIdx.x + 1;
	int *buf = (int *)alloca(n * sizeof(int));
	for (int i = 0; i < n; i++)
		buf[i] = i * threadIdx.x;
	int s = 0;
	for (int i = 0; i < n; i++)
		s += buf[i];
	out[threadIdx.x] = s;
}

int main(void)
{
	int *d, h[40];
	cudaMalloc(&d, sizeof h);
	k<<<1, 40>>>(d);
	cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
	for (int i = 0; i < 40; i += 3)
		printf("%d:%d ", i, h[i]);
	printf("\n%s\n", cudaGetErrorName(cudaGetLastError()));
	return 0;
}
