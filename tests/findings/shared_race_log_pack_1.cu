#include <cstdio>
#include <cstdlib>
#include <cassert>
#define N 20000
__global__ void k(int *out)
{
	extern __shared__ int s[];
	int t = threadIdx.y * 32 + threadIdx.x, w = threadIdx.y, l = threadIdx.x;
	for (int i = t; i < N; i += 1024)
		s[i] = i;
	__syncthreads();
	int v = 0;
	for (int e = 0; e < 40; e++) {
		v += s[(e * 293 + w * 16 + (l & 15)) % (N - 64)];
		v += s[N - 64 + w + (l >> 4)];
		__syncwarp();
		__syncthreads();
	}
	if (w == 31) {
		v += s[N - 16 + (l & 15)];
		if (l == 0)
			s[N - 13] = v;	//@shared-race
	}
	if (w == 30) {
		v += s[N - 48 + (l & 15)];
		__syncwarp();
		if (l == 0)
			s[N - 45] = v;
	}
	out[blockIdx.x * 1024 + t] = v;
}
int main()
{
	int *out;
	cudaMalloc(&out, 3 * 1024 * sizeof(int));
	cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, N * sizeof(int));
	k<<<3, dim3(32, 32), N * sizeof(int)>>>(out);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
