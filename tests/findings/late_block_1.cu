#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void k(const int *in, int *out, int *flag, int *small)
{
	int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
	out[i] = in[i] + 1;
	if ((blockIdx.x == 3000 && t == 5) || (blockIdx.x == 3001 && t == 37))
		flag[0] = 1;	//@global-race
	if (blockIdx.x == 4000 && t == 17)
		small[100] = 2;	//@oob-global-write
}
int main()
{
	int n = 4096 * 256, *in, *out, *flag, *small;
	cudaMalloc(&small, 100 * sizeof(int));
	cudaMalloc(&flag, sizeof(int));
	cudaMalloc(&in, n * sizeof(int));
	cudaMalloc(&out, n * sizeof(int));
	cudaMemset(in, 0, n * sizeof(int));
	k<<<4096, 256>>>(in, out, flag, small);
	printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
	int *h = (int *)malloc(n * sizeof(int)), bad = 0;
	cudaMemcpy(h, out, n * sizeof(int), cudaMemcpyDeviceToHost);
	for (int j = 0; j < n; j++)
		bad += h[j] != 1;
	printf("bad %d\n", bad);
	return 0;
}
