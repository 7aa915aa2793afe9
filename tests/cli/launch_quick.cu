// launch_quick.cu (tests/cli/launch_quick.t): kernels that only return, launched over many
// shapes, between kernels that do work and read their SM's clock and a register never
// written. machine.c visits the warps of a kernel that only returns in batches and starts
// them lazily (sched_quick); the steps, clocks, register contents and findings must be those
// of the general path (WS_NO_QUICK=1). Valid CUDA; what it prints is the emulator's.
#include <stdio.h>
#include <stdlib.h>

struct pair {
	int a, b;
};

__global__ void empty(void)
{
}

__global__ void empty_args(unsigned long long *p, float f, long long n, int a, int b, int c, int d, int e,
			   int g, int h, int i, int j)
{
}

__global__ void empty_agg(struct pair p)
{
}

__global__ void work(unsigned *c, unsigned long long *clk)
{
	atomicAdd(c, threadIdx.x + 1);
	if (threadIdx.x == 0)
		clk[blockIdx.x] = clock64();
}

__device__ unsigned long long stale_out[5000];

__global__ void stale(void)
{
	unsigned long long x; // never written: warpstep gives the frame's last value
	if (threadIdx.x == 0)
		stale_out[blockIdx.x] = x;
}

int main(int argc, char **argv)
{
	int rounds = argc > 1 ? atoi(argv[1]) : 2;
	unsigned long long *d, h[1056];
	unsigned *c, hc = 0;
	cudaMalloc(&d, sizeof h);
	cudaMalloc(&c, sizeof hc);
	cudaMemset(c, 0, sizeof hc);
	cudaMemset(d, 0, sizeof h);
	for (int r = 0; r < rounds; r++) {
		struct pair p = { r, 2 * r };
		empty<<<4096, 256>>>();
		empty<<<1000, 100>>>();
		empty_args<<<dim3(7, 5, 3), dim3(33, 2, 2)>>>(d, 1.5f, 42 + r, 1, 2, 3, 4, 5, 6, 7, 8, 9);
		empty_agg<<<300, 64>>>(p);
		work<<<1056, 64>>>(c, d);
		empty<<<2000, 1024>>>();
		cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
		unsigned long long sum = 0, mx = 0;
		for (int i = 0; i < 1056; i++) {
			sum += h[i] * (unsigned long long)(i % 7 + 1);
			mx = h[i] > mx ? h[i] : mx;
		}
		printf("round %d clocks %llu max %llu\n", r, sum, mx);
		empty_args<<<5000, 128>>>(d, 2.5f, 7, r, r + 1, r + 2, r + 3, r + 4, r + 5, r + 6, r + 7, r + 8);
		stale<<<5000, 128>>>();
		sum = 0;
		for (int k = 0; k < 5000; k += 1000) {
			cudaMemcpyFromSymbol(h, stale_out, 1000 * sizeof h[0], k * sizeof h[0]);
			for (int i = 0; i < 1000; i++)
				sum = sum * 31 + h[i];
		}
		printf("round %d stale %llu\n", r, sum);
	}
	cudaMemcpy(&hc, c, sizeof hc, cudaMemcpyDeviceToHost);
	printf("count %u %s\n", hc, cudaGetLastError() == cudaSuccess ? "ok" : "FAIL");
	return 0;
}
