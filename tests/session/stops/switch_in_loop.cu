// switch_in_loop.cu - an if inside a switch inside a loop.
#include <cstdio>

__global__ void sil(int *out)
{
	int t = threadIdx.x;
	int acc = 0;
	for (int i = 0; i < 3; i++) {
		switch ((t + i) % 3) {
		case 0:
			if (t > 10)
				acc += 5;
			break;
		case 1:
			acc -= 2;
			break;
		default:
			acc *= 2;
		}
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
	sil<<<1, 32>>>(out);
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
