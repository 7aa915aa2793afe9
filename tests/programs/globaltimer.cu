// The %globaltimer register read with inline PTX: a nanosecond timer that never goes backwards and
// advances across __nanosleep.
#include <stdio.h>

__device__ unsigned long long globaltimer(void)
{
	unsigned long long t;
	asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
	return t;
}

__global__ void k(int *ok)
{
	unsigned long long g0 = globaltimer();
	__nanosleep(100000);
	unsigned long long g1 = globaltimer();
	ok[threadIdx.x] = g1 > g0;
}

int main(void)
{
	int *ok, h[32];
	cudaMalloc(&ok, sizeof h);
	k<<<1, 32>>>(ok);
	cudaMemcpy(h, ok, sizeof h, cudaMemcpyDeviceToHost);
	int all = 1;
	for (int i = 0; i < 32; i++)
		all &= h[i];
	printf("globaltimer advances in all 32 threads: %d\n", all);
	return 0;
}
