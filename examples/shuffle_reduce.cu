// shuffle_reduce.cu - a warp sums 32 values with __shfl_down_sync: each
// step every lane reads the value of the lane `off` places above it.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void warp_sum(const int *in, int *out)
{
	int lane = threadIdx.x % 32;
	int v = in[threadIdx.x];
	for (int off = 16; off > 0; off /= 2)
		v += __shfl_down_sync(0xffffffff, v, off);
	if (lane == 0)
		out[threadIdx.x / 32] = v;   // lane 0 holds the warp's sum
}

int main(void)
{
	const int n = 64;
	int h_in[n], h_out[2], *d_in, *d_out;

	for (int i = 0; i < n; i++)
		h_in[i] = i;
	cudaMalloc(&d_in, sizeof(h_in));
	cudaMalloc(&d_out, sizeof(h_out));
	cudaMemcpy(d_in, h_in, sizeof(h_in), cudaMemcpyHostToDevice);
	warp_sum<<<1, n>>>(d_in, d_out);
	cudaMemcpy(h_out, d_out, sizeof(h_out), cudaMemcpyDeviceToHost);
	printf("warp 0: %d, warp 1: %d\n", h_out[0], h_out[1]);
	cudaFree(d_in);
	cudaFree(d_out);
	return 0;
}
