// early_return.cu - an early return of every third thread.
#include <cstdio>

__global__ void early(const int *in, int *out)
{
	int t = blockIdx.x * blockDim.x + threadIdx.x;
	if (t % 3 == 0) {
		out[t] = -1;
		return;
	}
	int v = in[t] + t;
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
	early<<<2, 48>>>(in, out);
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
