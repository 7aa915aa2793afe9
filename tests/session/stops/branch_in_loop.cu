// branch_in_loop.cu - a branch inside a loop, taken by different lanes each iteration.
#include <cstdio>

__global__ void bil(int *out)
{
	int t = threadIdx.x;
	int acc = 0;
	for (int i = 0; i < 4; i++) {
		if ((t + i) % 3 == 0)
			acc += i;
		else
			acc -= 1;
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
	bil<<<1, 32>>>(out);
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
