// Bitonic sort of 256 keys in shared memory by one block (compare-exchange with __syncthreads).
#include <stdio.h>

#define N 256

__global__ void bitonic(int *data)
{
	__shared__ int s[N];
	unsigned t = threadIdx.x;
	s[t] = data[t];
	__syncthreads();
	for (unsigned k = 2; k <= N; k <<= 1) {
		for (unsigned j = k >> 1; j > 0; j >>= 1) {
			unsigned ixj = t ^ j;
			if (ixj > t) {
				bool up = (t & k) == 0;
				int a = s[t], b = s[ixj];
				if ((a > b) == up) {
					s[t] = b;
					s[ixj] = a;
				}
			}
			__syncthreads();
		}
	}
	data[t] = s[t];
}

int main(void)
{
	int h[N];
	unsigned x = 7;
	for (int i = 0; i < N; i++) {
		x = x * 1664525u + 1013904223u;
		h[i] = (int)(x >> 20) - 2048;
	}
	int *d;
	cudaMalloc(&d, sizeof h);
	cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
	bitonic<<<1, N>>>(d);
	cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
	int sorted = 1;
	for (int i = 1; i < N; i++)
		if (h[i - 1] > h[i])
			sorted = 0;
	printf("sorted=%d min=%d median=%d max=%d\n", sorted, h[0], h[N / 2], h[N - 1]);
	for (int i = 0; i < 8; i++)
		printf("%d ", h[i * 32]);
	printf("\n");
	return 0;
}
