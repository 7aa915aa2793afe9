// atomic_first.cu - an atomic decides which thread takes a branch.
#include <cstdio>

__global__ void af(int *out)
{
	__shared__ int c;
	if (threadIdx.x == 0)
		c = 0;
	__syncthreads();
	int old = atomicAdd(&c, 1);
	if (old == 0)
		out[0] = threadIdx.x + 1;
	else
		out[1 + threadIdx.x] = old;
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
	af<<<1, 64>>>(out);
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
