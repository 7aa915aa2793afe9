// nested_if.cu - nested divergence: an if inside each branch of an if.
#include <cstdio>

__global__ void nest(const int *in, int *out)
{
	int t = threadIdx.x;
	int v = in[t];
	if (t < 16) {
		if (t % 2)
			v += 100;
		else
			v -= 100;
		v *= 2;
	} else {
		if (t % 3 == 0)
			v = 0;
		v += 1;
	}
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
	nest<<<1, 32>>>(in, out);
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
