// unroll_findings.cu - findings inside loops that run's pipeline writes out
// (engine/ir/unroll.c): a shared-memory race and an out-of-bounds store in
// counted loops must be reported at the same line, with the same text, as
// when they stay loops (tests/ir/unroll.t).
#include <stdio.h>

__global__ void racy(int *out)
{
	__shared__ int s[64];
	int t = threadIdx.x;
	s[t] = t;
	__syncthreads();
	for (int k = 0; k < 4; k++)
		s[(t + k) % 64] += k; /* race: neighbours write the same slot, no barrier */
	__syncthreads();
	out[t] = s[t];
}

__global__ void oob(int *out)
{
	int t = threadIdx.x;
	for (int k = 0; k < 4; k++)
		out[t * 4 + k + (t == 31 && k == 3)] = k; /* thread 31's last store is one past */
}

int main(void)
{
	int *d, h[128];
	cudaMalloc(&d, sizeof(h));
	cudaMemset(d, 0, sizeof(h));
	racy<<<1, 64>>>(d);
	oob<<<1, 32>>>(d);
	cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d %d\n", h[0], h[5]);
	cudaFree(d);
	return 0;
}
