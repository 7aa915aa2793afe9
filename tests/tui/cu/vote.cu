// vote.cu - the lanes pane after a ballot, a match and a reduction.
#include <cstdio>

__global__ void k(unsigned *out)
{
	int tid = threadIdx.x;
	unsigned b = __ballot_sync(0xffffffff, tid % 3 == 0);
	unsigned m = __match_any_sync(0xffffffff, tid % 4);
	unsigned r = __reduce_add_sync(0xffffffff, tid);
	out[tid] = b + m + r;
}

int main(void)
{
	unsigned *d;
	cudaMalloc(&d, 32 * sizeof(unsigned));
	k<<<1, 32>>>(d);
	cudaDeviceSynchronize();
	printf("done\n");
	return 0;
}
