// two_per_line.cu - two statements on one line, and a whole if/else on one line.
#include <cstdio>

__global__ void tpl(int *out)
{
	int t = threadIdx.x;
	int a = t; int b = 2 * t;
	if (t % 2) { a += 1; } else { b += 1; }
	out[t] = a + b;
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
	tpl<<<1, 32>>>(out);
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
