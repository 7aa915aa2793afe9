#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void k(const int *in, int *out, int *small)
{
	__shared__ int s[256];
	int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
	s[t] = in[i];
	__syncthreads();
	int v = s[255 - t];
	if (blockIdx.x == 3500 && t == 3)
		s[200] = v;	//@shared-race
	if (blockIdx.x == 3900 && t == 17)
		small[100] = v;	//@oob-global-write
	out[i] = v + 1;
}
int main()
{
	int n = 4096 * 256, *in, *out, *small;
	cudaMalloc(&small, 100 * sizeof(int));
	cudaMalloc(&in, n * sizeof(int));
	cudaMalloc(&out, n * sizeof(int));
	cudaMemset(in, 0, n * sizeof(int));
	k<<<4096, 256>>>(in, out, small);
	printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
	int *h = (int *)malloc(n * sizeof(int)), bad = 0;
	cudaMemcpy(h, out, n * sizeof(int), cudaMemcpyDeviceToHost);
	for (int j = 0; j < n; j++)
		bad += h[j] != 1;
	printf("bad %d\n", bad);
	return 0;
}
