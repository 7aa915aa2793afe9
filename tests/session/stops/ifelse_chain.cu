// ifelse_chain.cu - an if / else if / else chain on lane % 4.
#include <cstdio>

__global__ void chain(const int *in, int *out)
{
	int t = threadIdx.x;
	int v = in[t];
	if (t % 4 == 0)
		v += 1;
	else if (t % 4 == 1)
		v *= 2;
	else if (t % 4 == 2) {
		v -= 3;
		v = v * v;
	} else
		v = -v;
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
	chain<<<1, 64>>>(in, out);
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
