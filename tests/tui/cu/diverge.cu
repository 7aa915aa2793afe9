// diverge.cu - the adapter's test kernel: divergence, shared memory, a
// barrier and a shuffle in two warps.
#include <cstdio>

__global__ void k(int *out)
{
	__shared__ int buf[64];
	int tid = threadIdx.x;
	int v = tid;
	if (tid % 2 == 0)
		v = v * 2;
	else
		v = v + 100;
	buf[tid * 2 % 64 + tid / 32] = v;
	__syncthreads();
	int w = buf[63 - tid];
	w += __shfl_down_sync(0xffffffff, w, 1);
	out[tid] = w;
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
