// drop.cu - the odd lanes leave a cuda::barrier with arrive_and_drop() and
// return; the even lanes go on through two more phases.
#include <cstdio>
#include <cuda/barrier>
using barrier = cuda::barrier<cuda::thread_scope_block>;

__global__ void k(int *out)
{
	__shared__ barrier bar;
	int t = threadIdx.x;
	if (t == 0)
		init(&bar, blockDim.x);
	__syncthreads();
	if (t % 2) {
		bar.arrive_and_drop();
		return;
	}
	bar.arrive_and_wait();
	out[t] = t;
	bar.arrive_and_wait();
	out[t] += 1;
}

int main(void)
{
	int *d;
	cudaMalloc(&d, 64 * sizeof(int));
	k<<<1, 64>>>(d);
	cudaDeviceSynchronize();
	printf("done\n");
	return 0;
}
