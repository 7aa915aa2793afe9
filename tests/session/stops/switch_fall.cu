// switch_fall.cu - a switch with fall-through, break and default.
#include <cstdio>

__global__ void sw(const int *in, int *out)
{
	int t = threadIdx.x;
	int v = 0;
	switch (t % 5) {
	case 0:
		v += 10;
	case 1:
		v += 1;
		break;
	case 3:
		v = in[t];
		break;
	default:
		v = -t;
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
	sw<<<1, 64>>>(in, out);
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
