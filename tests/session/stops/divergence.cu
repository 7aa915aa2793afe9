// divergence.cu - a branch that splits a warp: even and odd lanes take
// different paths, then reconverge.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void diverge(int *out)
{
	int tid = threadIdx.x;
	int v = tid;
	if (tid % 2 == 0)
		v = v * 10;      // even lanes run this ...
	else
		v = v + 1000;    // ... while odd lanes wait, then the other way round
	out[tid] = v;        // every lane together again
}

int main(void)
{
	const int n = 64;
	int *d_out, h_out[n];

	cudaMalloc(&d_out, n * sizeof(int));
	diverge<<<1, n>>>(d_out);
	cudaMemcpy(h_out, d_out, n * sizeof(int), cudaMemcpyDeviceToHost);
	printf("out[0] = %d, out[1] = %d, out[62] = %d, out[63] = %d\n",
	       h_out[0], h_out[1], h_out[62], h_out[63]);
	cudaFree(d_out);
	return 0;
}
