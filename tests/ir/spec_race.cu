// A tree reduction whose loop forgot its __syncthreads: a shared-memory race inside a loop
// whose trip count is log2(blockDim.x). `check` runs the kernel's copy specialised on its
// block shape (docs/PERFORMANCE.md, s16-spec); the finding (kind, line, text) must be the
// one WS_NO_SPECIALIZE=1 reports (tests/ir/spec.t).
#include <stdio.h>

__global__ void reduce(const int *in, int *out)
{
	__shared__ int s[128];
	unsigned t = threadIdx.x;
	s[t] = in[blockIdx.x * blockDim.x + t];
	__syncthreads();
	for (unsigned stride = blockDim.x / 2; stride > 0; stride >>= 1) {
		if (t < stride)
			s[t] += s[t + stride];
	}
	if (t == 0)
		out[blockIdx.x] = s[0];
}

int main(void)
{
	int h[256], *d_in, *d_out, r[2];
	for (int i = 0; i < 256; i++)
		h[i] = i % 5;
	cudaMalloc(&d_in, sizeof h);
	cudaMalloc(&d_out, sizeof r);
	cudaMemcpy(d_in, h, sizeof h, cudaMemcpyHostToDevice);
	reduce<<<2, 128>>>(d_in, d_out);
	cudaMemcpy(r, d_out, sizeof r, cudaMemcpyDeviceToHost);
	printf("%d %d\n", r[0], r[1]);
	return 0;
}
