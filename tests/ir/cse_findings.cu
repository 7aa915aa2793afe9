// cse_findings.cu - an out-of-bounds access through an index offset that
// run's pipeline folds into the load (engine/ir/cse.c): the report names
// the same line, thread and address as when the index is added first
// (WS_NO_CSE=1; tests/ir/cse.t).
#include <stdio.h>

__global__ void past(const int *g, int *out)
{
	__shared__ int s[32];
	int t = threadIdx.x;
	s[t] = g[t + 1];        /* thread 31 reads g[32], one past the end */
	__syncthreads();
	out[t] = s[t] + s[t + 3 - 3];
}

int main(void)
{
	int h[32], *d, *o;
	for (int i = 0; i < 32; i++)
		h[i] = i;
	cudaMalloc(&d, sizeof(h));
	cudaMalloc(&o, sizeof(h));
	cudaMemcpy(d, h, sizeof(h), cudaMemcpyHostToDevice);
	past<<<1, 32>>>(d, o);
	cudaMemcpy(h, o, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d\n", h[0]);
	return 0;
}
