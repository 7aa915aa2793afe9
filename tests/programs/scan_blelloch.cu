// Blelloch work-efficient exclusive scan (up-sweep, clear, down-sweep), 128 elements, 64 threads.
#include <stdio.h>

#define N 128

__global__ void blelloch(int *data)
{
	__shared__ int s[N];
	int t = threadIdx.x;
	s[2 * t] = data[2 * t];
	s[2 * t + 1] = data[2 * t + 1];
	int offset = 1;
	for (int d = N >> 1; d > 0; d >>= 1) {
		__syncthreads();
		if (t < d) {
			int ai = offset * (2 * t + 1) - 1;
			int bi = offset * (2 * t + 2) - 1;
			s[bi] += s[ai];
		}
		offset *= 2;
	}
	if (t == 0)
		s[N - 1] = 0;
	for (int d = 1; d < N; d *= 2) {
		offset >>= 1;
		__syncthreads();
		if (t < d) {
			int ai = offset * (2 * t + 1) - 1;
			int bi = offset * (2 * t + 2) - 1;
			int tmp = s[ai];
			s[ai] = s[bi];
			s[bi] += tmp;
		}
	}
	__syncthreads();
	data[2 * t] = s[2 * t];
	data[2 * t + 1] = s[2 * t + 1];
}

int main(void)
{
	int h[N];
	for (int i = 0; i < N; i++)
		h[i] = (i * 5) % 9;
	int *d;
	cudaMalloc(&d, sizeof h);
	cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
	blelloch<<<1, N / 2>>>(d);
	int r[N];
	cudaMemcpy(r, d, sizeof r, cudaMemcpyDeviceToHost);
	int run = 0, bad = 0;
	for (int i = 0; i < N; i++) {
		if (r[i] != run)
			bad++;
		run += h[i];
	}
	printf("r[0]=%d r[1]=%d r[64]=%d r[127]=%d total=%d bad=%d\n", r[0], r[1], r[64], r[127], run, bad);
	return 0;
}
