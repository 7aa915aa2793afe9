// spin_round.cu: 1056 blocks of 256 threads fill the H100 profile (8448 resident warps); each
// warp computes, then diverges (a scheduler visit ends where a warp splits) before its one store,
// so that the first round of the round robin over the resident warps (about 60 steps each)
// outlasts the spin checker's sampling interval with nothing stored, as reduce_shfl's does.
// tests/cli/spin_round.t: the checker must not hash every resident warp for it.
#include <cstdio>

__global__ void work(unsigned *out)
{
	unsigned i = blockIdx.x * blockDim.x + threadIdx.x, h = i;
	for (int k = 0; k < 12; k++)
		h = h * 2654435761u + (unsigned)k;
	if (threadIdx.x & 1)
		h ^= 0x5bd1e995u;
	out[i] = h;
}

int main()
{
	const int blocks = 1056, threads = 256, n = blocks * threads;
	unsigned *d, *h = new unsigned[n];
	cudaMalloc(&d, n * sizeof(unsigned));
	work<<<blocks, threads>>>(d);
	cudaMemcpy(h, d, n * sizeof(unsigned), cudaMemcpyDeviceToHost);
	unsigned sum = 0;
	for (int i = 0; i < n; i++)
		sum ^= h[i] + (unsigned)i;
	printf("xor %08x\n", sum);
	cudaFree(d);
	delete[] h;
	return 0;
}
