// barrier_after_branch.cu - __syncthreads after a branch (issue 16: the line after it stops every warp).
#include <cstdio>

__global__ void bab(const int *in, int *out)
{
	__shared__ int s[64];
	int t = threadIdx.x;
	if (t < 16)
		s[t] = in[t] * 2;
	else
		s[t] = in[t];
	__syncthreads();
	int v = s[63 - t];
	out[t] = v;
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
	bab<<<1, 64>>>(in, out);
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
