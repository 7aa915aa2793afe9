// gdb.cu - the gdb vocabulary's test kernel (tests/tui/unit_gdb.c,
// e2e_gdb.t): a device function call, a loop, shared, global and local memory.
#include <cstdio>

__device__ int total;

__device__ int helper(int x, int scale)
{
	int y = x * scale;
	return y + 1;
}

__global__ void kernel(int *data, int n)
{
	__shared__ int s[4];
	int tid = threadIdx.x;
	int acc = 0;
	for (int i = 0; i < 3; i++)
		acc += i;
	int r = helper(tid, 2);
	if (tid < 4)
		s[tid] = r;
	__syncthreads();
	if (tid == 3 && blockIdx.x == 0)
		total = s[0] + s[3];
	data[blockIdx.x * n + tid] = r + acc;
	int loc[2] = { tid, 0 };
	loc[1] = loc[0] + r;
	data[blockIdx.x * n + tid] += loc[1] - loc[0] - r;
}

int main(void)
{
	int *d;
	int h[128];
	cudaMalloc(&d, 128 * sizeof(int));
	kernel<<<2, 64>>>(d, 64);
	cudaMemcpy(h, d, 128 * sizeof(int), cudaMemcpyDeviceToHost);
	printf("h[5] = %d\n", h[5]);
	return 0;
}
