// callee_return.cu - a device function with an early return in a branch.
#include <cstdio>

__device__ int clamp10(int x)
{
	if (x > 10)
		return 10;
	int y = x * 2;
	return y > 10 ? 10 : y;
}

__global__ void cr(const int *in, int *out)
{
	int t = threadIdx.x;
	out[t] = clamp10(in[t]);
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
	cr<<<1, 32>>>(in, out);
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
