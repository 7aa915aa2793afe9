// gdb2.cu - more of the gdb vocabulary's tests (tests/tui/unit_gdb.c):
// until/advance out of a call, the value history, a local watchpoint's
// scope, enable once/count/delete, set var.
#include <cstdio>

__device__ int g[4];

__device__ int fill(int *out, int x)
{
	int tmp[2] = { x, 0 };
	tmp[1] = tmp[0] * 2;
	tmp[1] += 1;
	out[0] = tmp[1];
	return tmp[0] + tmp[1];
}

__global__ void kernel(int *data)
{
	__shared__ int s[32];
	int tid = threadIdx.x;
	int v = 0;
	s[tid] = tid;
	__syncthreads();
	v = fill(&data[tid], tid);
	v += s[31 - tid];
	for (int i = 0; i < 6; i++)
		v += i;
	g[tid % 4] = v;
	data[tid] += v;
}

int main(void)
{
	int *d, h[32];
	cudaMalloc(&d, 32 * sizeof(int));
	cudaMemset(d, 0, 32 * sizeof(int));
	kernel<<<1, 32>>>(d);
	cudaMemcpy(h, d, 32 * sizeof(int), cudaMemcpyDeviceToHost);
	printf("h[5] = %d\n", h[5]);
	return 0;
}
