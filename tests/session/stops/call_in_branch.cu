// call_in_branch.cu - a device function called from one branch only.
#include <cstdio>

__device__ int square(int x)
{
	int r = x * x;
	return r;
}

__global__ void cb(const int *in, int *out)
{
	int t = threadIdx.x;
	int v = in[t];
	if (t & 1)
		v = square(v);
	else
		v = v + 1;
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
	cb<<<1, 64>>>(in, out);
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
