// while_break.cu - while (true) with a lane-dependent break and a continue.
#include <cstdio>

__global__ void wb(int *out)
{
	int t = threadIdx.x;
	int i = 0, acc = 0;
	while (true) {
		i++;
		if (i % 2 == 0)
			continue;
		acc += i;
		if (i > t % 7)
			break;
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
	wb<<<1, 32>>>(out);
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
