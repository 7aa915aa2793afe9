// struct_method.cu - a struct with a __device__ member function that branches.
#include <cstdio>

struct Acc {
	int sum;
	__device__ void add(int x)
	{
		if (x > 0)
			sum += x;
		else
			sum -= 1;
	}
};

__global__ void sm(const int *in, int *out)
{
	Acc a;
	a.sum = 0;
	int t = threadIdx.x;
	a.add(in[t] - 10);
	a.add(t % 3);
	out[t] = a.sum;
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
	sm<<<1, 32>>>(in, out);
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
