// exit_in_loop.cu - a return from inside a loop, after a lane-dependent count.
#include <cstdio>

__global__ void eil(int *out)
{
	int t = threadIdx.x;
	for (int i = 0; i < 6; i++) {
		out[t] += i;
		if (i == t % 4)
			return;
	}
	out[t] = -1;
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
	eil<<<1, 32>>>(out);
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
