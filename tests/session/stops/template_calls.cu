// template_calls.cu - a template device function instantiated twice, one per branch.
#include <cstdio>

template <typename T>
__device__ T twice(T x)
{
	T y = x + x;
	return y;
}

__global__ void tc(int *out)
{
	int t = threadIdx.x;
	if (t % 2)
		out[t] = twice<int>(t);
	else
		out[t] = (int)twice<float>(t * 0.5f);
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
	tc<<<1, 32>>>(out);
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
