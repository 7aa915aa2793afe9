// bench: a launch of 2^24 threads (65536 blocks of 256), for the peak-RSS target (< 256 MiB):
// only resident blocks hold state. Each thread writes one byte and adds to a per-block counter.
// Run: /usr/bin/time -f %M warpstep run bench/launch24.cu
#include <stdio.h>
#include <stdlib.h>

__global__ void touch(unsigned char *out, unsigned int *count)
{
	unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
	out[i] = (unsigned char)(i * 7u);
	if (threadIdx.x % 32 == 0)
		atomicAdd(count, 32u);
}

int main(void)
{
	const unsigned n = 1u << 24;
	unsigned char *d;
	unsigned int *c, count = 0;
	cudaMalloc(&d, n);
	cudaMalloc(&c, sizeof count);
	cudaMemset(c, 0, sizeof count);
	touch<<<n / 256, 256>>>(d, c);
	cudaMemcpy(&count, c, sizeof count, cudaMemcpyDeviceToHost);
	unsigned char last = 0;
	cudaMemcpy(&last, d + n - 1, 1, cudaMemcpyDeviceToHost);
	int ok = count == n && last == (unsigned char)((n - 1) * 7u);
	printf("launch24 threads %u %s\n", count, ok ? "ok" : "FAIL");
	return !ok;
}
