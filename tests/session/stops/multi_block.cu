// multi_block.cu - three blocks of 48 threads (a partial warp), a branch on blockIdx.
#include <cstdio>

__global__ void mb(const int *in, int *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int v = in[i];
	if (blockIdx.x == 1)
		v = -v;
	else if (threadIdx.x >= 40)
		v = v * 3;
	out[i] = v;
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
	mb<<<3, 48>>>(in, out);
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
