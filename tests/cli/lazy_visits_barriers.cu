/* lazy_visits.t: barrier phases of every kind that a chain of visits
 * (machine.c sched_chain) runs through: __syncthreads_count/_and/_or,
 * blocks whose last warp is partial, threads that left before the
 * barriers (argument 1), a warp that diverges between barriers, shared
 * atomics, and more blocks than are resident at once. Each warp takes a
 * ticket after each phase and reads the clock: the output shows the order
 * of the visits, not only their results */
#include <cstdio>
#include <cstdlib>
__device__ unsigned ticket;

__device__ void take(unsigned *order, int phase)
{
	if ((threadIdx.x & 31) == 0)
		order[(blockIdx.x * 8 + threadIdx.x / 32) * 16 + phase] = atomicAdd(&ticket, 1u) ^ (unsigned)(clock() << 20);
}

__global__ void phases(int *out, unsigned *order, int n, int early)
{
	__shared__ int s[256];
	__shared__ int hist[8];
	int t = threadIdx.x;
	if (t < 8)
		hist[t] = 0;
	if (early && t >= n)
		return; /* exited threads no longer hold the barriers back */
	s[t] = (t * 7 + blockIdx.x * 3) % 23;
	__syncthreads();
	int c = __syncthreads_count(s[t] & 1);
	int a = __syncthreads_and(s[t] < 22);
	int o = __syncthreads_or(s[t] == 22);
	atomicAdd(&hist[s[t] & 7], 1);
	int acc = 0, phase = 0;
	for (int stride = 128; stride > 0; stride >>= 1) {
		take(order, phase++);
		if (t < stride && t + stride < n)
			s[t] += s[t + stride];
		else if ((t & 3) == 1)
			acc += stride; /* lanes of one warp on both sides */
		__syncthreads();
	}
	int last = __syncthreads_count(s[t] > 100 || acc > 200);
	if (t == 0)
		out[blockIdx.x] = s[0] * 100000 + c * 1000 + a * 100 + o * 10 + (last & 7) + hist[3] * 10000000;
}
int main(int argc, char **argv)
{
	int early = argc > 1 ? atoi(argv[1]) : 0;
	int blocks = 200, n = early ? 150 : 200, threads = 200;
	int *out, h[200];
	unsigned *order;
	static unsigned ho[200 * 8 * 16];
	cudaMalloc(&out, blocks * sizeof(int));
	cudaMalloc(&order, sizeof ho);
	cudaMemset(order, 0, sizeof ho);
	phases<<<blocks, threads>>>(out, order, n, early);
	cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
	cudaMemcpy(ho, order, sizeof ho, cudaMemcpyDeviceToHost);
	unsigned long long sum = 0, ord = 0;
	for (int b = 0; b < blocks; b++)
		sum = sum * 31 + (unsigned)h[b];
	for (int i = 0; i < 200 * 8 * 16; i++)
		ord = ord * 1000003u + ho[i];
	printf("block 0 %d, block 7 %d, block 199 %d, hash %llu, order %llu\n", h[0], h[7], h[199], sum, ord);
	printf("block 1 warps' first tickets: %u %u %u %u %u %u %u\n", ho[8 * 16] & 0xfffff, ho[9 * 16] & 0xfffff,
	       ho[10 * 16] & 0xfffff, ho[11 * 16] & 0xfffff, ho[12 * 16] & 0xfffff, ho[13 * 16] & 0xfffff,
	       ho[14 * 16] & 0xfffff);
	return 0;
}
