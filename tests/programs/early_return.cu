// Early return, break and continue inside divergent code; surviving lanes still synchronize
// correctly with __syncwarp on their own mask and with a block barrier reached by all threads.
#include <stdio.h>

__device__ int search(const int *a, int n, int key)
{
	for (int i = 0; i < n; i++) {
		if (a[i] < 0)
			continue;
		if (a[i] == key)
			return i;
		if (a[i] > key)
			break;
	}
	return -1;
}

__global__ void k(const int *a, int n, int *found, int *count)
{
	__shared__ int hits;
	int t = threadIdx.x;
	if (t == 0)
		hits = 0;
	__syncthreads();
	int pos = search(a, n, t);
	found[t] = pos;
	if (pos >= 0)
		atomicAdd(&hits, 1);
	__syncthreads();
	if (t == 0)
		*count = hits;
	if (pos < 0)
		return;
	unsigned m = __activemask();
	found[64 + t] = __popc(m);
}

int main(void)
{
	int a[12] = {-1, 0, 2, -5, 3, 5, 8, 13, 21, 34, -2, 40};
	int *da, *df, *dc, f[128], c;
	cudaMalloc(&da, sizeof a);
	cudaMalloc(&df, sizeof f);
	cudaMalloc(&dc, sizeof c);
	cudaMemcpy(da, a, sizeof a, cudaMemcpyHostToDevice);
	cudaMemset(df, 0xff, sizeof f);
	k<<<1, 64>>>(da, 12, df, dc);
	cudaMemcpy(f, df, sizeof f, cudaMemcpyDeviceToHost);
	cudaMemcpy(&c, dc, sizeof c, cudaMemcpyDeviceToHost);
	printf("found %d keys:", c);
	for (int t = 0; t < 64; t++)
		if (f[t] >= 0)
			printf(" %d@%d", t, f[t]);
	printf("\nsurvivors per warp: %d %d\n", f[64 + 0], f[64 + 34]);
	return 0;
}
