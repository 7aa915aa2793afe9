// vote_shuffle.cu - a ballot after a branch and a shuffle.
#include <cstdio>

__global__ void vs(const int *in, int *out)
{
	int t = threadIdx.x;
	int v = in[t];
	if (v > 10)
		v -= 10;
	unsigned b = __ballot_sync(0xffffffffu, v > 5);
	int n = __shfl_sync(0xffffffffu, v, (t + 1) % 32);
	out[t] = n + __popc(b);
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
	vs<<<1, 64>>>(in, out);
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
