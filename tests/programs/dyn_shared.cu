// Dynamic shared memory: extern __shared__ sized at launch, split into two arrays of different types.
#include <stdio.h>

__global__ void reverse(int *data, int n)
{
	extern __shared__ int s[];
	int t = threadIdx.x;
	s[t] = data[t];
	__syncthreads();
	data[t] = s[n - 1 - t];
}

__global__ void two_arrays(float *out, int n)
{
	extern __shared__ char raw[];
	float *f = (float *)raw;
	short *sh = (short *)(raw + n * sizeof(float));
	int t = threadIdx.x;
	f[t] = t * 1.5f;
	sh[t] = (short)(t * 3);
	__syncthreads();
	out[t] = f[(t + 1) % n] + sh[n - 1 - t];
}

int main(void)
{
	const int n = 50;
	int h[50];
	for (int i = 0; i < n; i++)
		h[i] = i * i;
	int *d;
	cudaMalloc(&d, sizeof h);
	cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
	reverse<<<1, n, n * sizeof(int)>>>(d, n);
	cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
	printf("reversed: %d %d %d ... %d\n", h[0], h[1], h[2], h[49]);
	float out[50];
	float *dout;
	cudaMalloc(&dout, sizeof out);
	two_arrays<<<1, n, n * (sizeof(float) + sizeof(short))>>>(dout, n);
	cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
	printf("mixed: %.1f %.1f %.1f\n", out[0], out[10], out[49]);
	return 0;
}
