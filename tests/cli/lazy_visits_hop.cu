/* lazy_visits.t: the visits that the fast path carries on from one warp
 * stopped at a barrier to the next warp of its block (machine.c sched_hop),
 * and those it must hand back to the scheduler: the next warp not started
 * yet (the first barrier), the next warp at an instruction the general loop
 * runs (a printf right after the barrier, warps that return there), a block
 * of three warps (the last one partial) whose barrier count depends on the
 * block, a warp whose lanes diverge and meet again before the barrier, and
 * the warp that releases the block, the last or not (back to its first
 * warp). Every warp
 * takes a ticket and reads the clock after each barrier: the output shows
 * the order of the visits, not only their results */
#include <cstdio>
#include <cstdlib>
__device__ unsigned ticket;

__global__ void hops(unsigned *order, int *out, int talk)
{
	__shared__ int s[96];
	int t = threadIdx.x, w = t / 32, phases = 2 + blockIdx.x % 4;
	s[t] = t * 3 + blockIdx.x;
	__syncthreads();
	if (talk && blockIdx.x == 1 && t == 64)
		printf("block 1, warp 2 after the first barrier: %d\n", s[0] + s[95 - 32]);
	for (int p = 0; p < phases; p++) {
		int v = s[(t + p + 1) % blockDim.x];
		if (t & 1)
			v += p; /* the warp diverges and meets again */
		else
			v -= t;
		__syncthreads();
		s[t] = v;
		if ((t & 31) == 0)
			order[(blockIdx.x * 3 + w) * 8 + p] = atomicAdd(&ticket, 1u) ^ (unsigned)(clock() << 20);
		__syncthreads();
	}
	if ((w == 1 && blockIdx.x % 3 == 0) || (w == 2 && blockIdx.x % 3 == 1))
		return; /* a warp leaves; the others meet once more (the last
			 * to arrive, which releases them, is not the last warp) */
	__syncthreads();
	if (t == 0)
		out[blockIdx.x] = s[1] + s[blockDim.x - 1] * 1000;
}

int main(int argc, char **argv)
{
	int talk = argc > 1 ? atoi(argv[1]) : 0;
	const int blocks = 300, threads = 80;
	unsigned *order;
	int *out, h[blocks];
	static unsigned ho[blocks * 3 * 8];
	cudaMalloc(&order, sizeof ho);
	cudaMalloc(&out, sizeof h);
	cudaMemset(order, 0, sizeof ho);
	cudaMemset(out, 0, sizeof h);
	hops<<<blocks, threads>>>(order, out, talk);
	cudaDeviceSynchronize();
	cudaMemcpy(ho, order, sizeof ho, cudaMemcpyDeviceToHost);
	cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
	unsigned long long sum = 0, ord = 0;
	for (int b = 0; b < blocks; b++)
		sum = sum * 31 + (unsigned)h[b];
	for (int i = 0; i < blocks * 3 * 8; i++)
		ord = ord * 1000003u + ho[i];
	printf("block 0 %d, block 3 %d, block 299 %d, hash %llu, order %llu\n", h[0], h[3], h[299], sum, ord);
	printf("block 2 warps' first tickets: %u %u %u\n", ho[6 * 8] & 0xfffff, ho[7 * 8] & 0xfffff,
	       ho[8 * 8] & 0xfffff);
	return 0;
}
