#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void k(int *a, int *out)
{
	int t = blockIdx.x * blockDim.x + threadIdx.x;
	out[t] = a[t];
	a[t ^ 1] = out[t] + 1;	/* the same warp: its lanes are not told apart */
	out[t] = a[t];
}
__global__ void w(int *a)
{
	int t = blockIdx.x * blockDim.x + threadIdx.x;
	a[t] = t;	/* another launch */
}
int main()
{
	int *a, *out, h[128];
	cudaMalloc(&a, 128 * sizeof(int));
	cudaMalloc(&out, 128 * sizeof(int));
	cudaMemset(a, 0, 128 * sizeof(int));
	k<<<2, 64>>>(a, out);
	w<<<2, 64>>>(a);
	cudaMemcpy(h, a, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d %d\n", h[0], h[127]);
	return 0;
}
