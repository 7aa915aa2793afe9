// Hillis-Steele inclusive scan in one block with double buffering in shared memory.
#include <stdio.h>

#define N 64

__global__ void scan(const int *in, int *out)
{
	__shared__ int buf[2][N];
	int t = threadIdx.x;
	int pout = 0, pin = 1;
	buf[pout][t] = in[t];
	__syncthreads();
	for (int offset = 1; offset < N; offset *= 2) {
		pout = 1 - pout;
		pin = 1 - pout;
		if (t >= offset)
			buf[pout][t] = buf[pin][t] + buf[pin][t - offset];
		else
			buf[pout][t] = buf[pin][t];
		__syncthreads();
	}
	out[t] = buf[pout][t];
}

int main(void)
{
	int h[N], r[N];
	for (int i = 0; i < N; i++)
		h[i] = i % 4 + 1;
	int *din, *dout;
	cudaMalloc(&din, sizeof h);
	cudaMalloc(&dout, sizeof r);
	cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);
	scan<<<1, N>>>(din, dout);
	cudaMemcpy(r, dout, sizeof r, cudaMemcpyDeviceToHost);
	for (int i = 0; i < N; i++)
		printf("%d%s", r[i], i % 16 == 15 ? "\n" : " ");
	return 0;
}
