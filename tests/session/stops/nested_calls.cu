// nested_calls.cu - calls two deep, with a branch in the callee.
#include <cstdio>

__device__ int leaf(int x)
{
	if (x % 2)
		return x + 1;
	return x - 1;
}

__device__ int mid(int x)
{
	int y = leaf(x);
	return leaf(y + 1);
}

__global__ void nc(int *out)
{
	int t = threadIdx.x;
	int v = mid(t);
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
	nc<<<1, 32>>>(out);
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
