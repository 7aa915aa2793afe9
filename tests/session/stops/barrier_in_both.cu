// barrier_in_both.cu - the same __syncthreads line reached after different branches, then a loop with one.
#include <cstdio>

__global__ void bib(int *out)
{
	__shared__ int s[64];
	int t = threadIdx.x;
	s[t] = t;
	if (t >= 32)
		s[t] += 1;
	__syncthreads();
	for (int r = 0; r < 2; r++) {
		int v = s[(t + r + 1) % 64];
		__syncthreads();
		s[t] = v;
		__syncthreads();
	}
	out[t] = s[t];
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
	bib<<<1, 64>>>(out);
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
