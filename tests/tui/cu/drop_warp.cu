// drop_warp.cu - warp 1 leaves a cuda::barrier with arrive_and_drop() and
// returns as a whole; in warp 2 only the upper half drops. Warp 0 and the
// rest of warp 2 go on through two more phases (tests/tui/unit_screen.c:
// dropped warps are drawn exited, never running).
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
	if ((t >= 32 && t < 64) || t >= 80) {
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
	int *d, h[96];
	cudaMalloc(&d, 96 * sizeof(int));
	cudaMemset(d, 0, 96 * sizeof(int));
	k<<<1, 96>>>(d);
	cudaMemcpy(h, d, 96 * sizeof(int), cudaMemcpyDeviceToHost);
	printf("%d %d %d %d\n", h[5], h[40], h[70], h[90]);
	return 0;
}
