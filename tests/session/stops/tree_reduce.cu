// tree_reduce.cu - the shared-memory tree reduction: if (tid < s) with a barrier per step.
#include <cstdio>

__global__ void red(const int *in, int *out)
{
	__shared__ int s[64];
	int tid = threadIdx.x;
	s[tid] = in[tid];
	__syncthreads();
	for (int st = blockDim.x / 2; st > 0; st >>= 1) {
		if (tid < st)
			s[tid] += s[tid + st];
		__syncthreads();
	}
	if (tid == 0)
		out[blockIdx.x] = s[0];
}

int main(void)
{
	int h[1024];
	int *in, *out;
	for (int i = 0; i < 1024; i++)
		h[i] = (i * 7 + 3) % 23;
	cudaMalloc(&in, sizeof(h));
	cudaMalloc(&out, sizeof(h));
	cudaMemcpy(in, h, sizeof(h), cudaMemcpyHostToDevice);
	cudaMemset(out, 0, sizeof(h));
	red<<<2, 64>>>(in, out);
	cudaDeviceSynchronize();
	cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
	long sum = 0;
	for (int i = 0; i < 1024; i++)
		sum += (long)h[i] * (i + 1);
	printf("%ld\n", sum);
	cudaFree(in);
	cudaFree(out);
	return 0;
}
