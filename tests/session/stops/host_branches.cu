// host_branches.cu - host code with a branch and a loop of launches.
#include <cstdio>

__global__ void hb(int *out, int k)
{
	int t = threadIdx.x;
	if (t < k)
		out[t] += k;
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
	for (int k = 1; k <= 3; k++) {
		if (k == 2)
			continue;
		hb<<<1, 32>>>(out, k * 8);
	}
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
