// call_line.cu - a line with a call, in a loop (issue 16: no second stop after the call returns).
#include <cstdio>

__device__ int helper(int x)
{
	return x * 2 + 1;
}

__global__ void cl(int *out)
{
	int t = threadIdx.x;
	int acc = 0;
	for (int i = 0; i < 3; i++) {
		acc += helper(i + t);
	}
	out[t] = acc;
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
	cl<<<1, 64>>>(out);
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
