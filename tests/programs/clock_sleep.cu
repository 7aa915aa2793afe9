// clock(), clock64() and __nanosleep(): the counters never go backwards within a thread, and
// __nanosleep lets the clock advance.
#include <stdio.h>

__global__ void k(int *ok)
{
	long long c0 = clock64();
	clock_t k0 = clock();
	int acc = 0;
	for (int i = 0; i < 100; i++)
		acc += i * threadIdx.x;
	__nanosleep(1000);
	long long c1 = clock64();
	clock_t k1 = clock();
	int t = threadIdx.x;
	ok[t] = (c1 > c0) + 2 * (k1 != k0) + 4 * (acc == 4950 * t);
}

int main(void)
{
	int *ok, h[64];
	cudaMalloc(&ok, sizeof h);
	k<<<1, 64>>>(ok);
	cudaMemcpy(h, ok, sizeof h, cudaMemcpyDeviceToHost);
	int all = 1;
	for (int i = 0; i < 64; i++)
		all &= h[i] == 7;
	printf("clocks advance in all 64 threads: %d (thread 0: %d)\n", all, h[0]);
	return 0;
}
