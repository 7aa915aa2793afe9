// diverge.cu - a kernel whose warps split at an if: recorded with
// `warpstep trace --gpu` (diverge.trace) and replayed by debug --trace
// (tests/gpu/trace.t). Valid CUDA (nvcc -arch=sm_90).
#include <stdio.h>

__global__ void diverge(int *out)
{
	int t = blockIdx.x * blockDim.x + threadIdx.x;
	int v = t;
	if (threadIdx.x % 2)
		v = v * 10;
	else
		v = v + 100;
	out[t] = v;
}

int main(void)
{
	int *d, h[128];
	cudaMalloc(&d, sizeof(h));
	diverge<<<2, 64>>>(d);
	cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d %d %d %d\n", h[0], h[1], h[64], h[127]);
	cudaFree(d);
	return 0;
}
