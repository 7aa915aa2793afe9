// bench: reduce_shfl, 2^20 ints, __shfl_down_sync within each warp + one atomicAdd per warp,
// 256 threads per block, one element per thread. Argument "0" skips the launch (baseline);
// a second argument is the log2 of the element count (8 to 26, default 20).
#include <stdio.h>
#include <stdlib.h>

__global__ void reduce_shfl(const int *in, int *total, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int v = i < n ? in[i] : 0;
	for (int off = 16; off > 0; off >>= 1)
		v += __shfl_down_sync(0xffffffffu, v, off);
	if ((threadIdx.x & 31) == 0)
		atomicAdd(total, v);
}

int main(int argc, char **argv)
{
	int run = argc < 2 || atoi(argv[1]) != 0;
	int lg = argc > 2 ? atoi(argv[2]) : 20;
	if (lg < 8 || lg > 26) {
		fprintf(stderr, "reduce_shfl: size %s out of range, want the log2 of the element count, 8 to 26\n", argv[2]);
		return 2;
	}
	const int n = 1 << lg;
	int *h = (int *)malloc(n * sizeof(int));
	long long want = 0;
	for (int i = 0; i < n; i++) {
		h[i] = (i * 7) % 101 - 50;
		want += h[i];
	}
	int *din, *dtotal, total = 0;
	cudaMalloc(&din, n * sizeof(int));
	cudaMalloc(&dtotal, sizeof(int));
	cudaMemcpy(din, h, n * sizeof(int), cudaMemcpyHostToDevice);
	cudaMemset(dtotal, 0, sizeof(int));
	if (run)
		reduce_shfl<<<n / 256, 256>>>(din, dtotal, n);
	cudaMemcpy(&total, dtotal, sizeof(int), cudaMemcpyDeviceToHost);
	if (!run) {
		printf("reduce_shfl skipped\n");
		return 0;
	}
	printf("reduce_shfl checksum %d %s\n", total, total == want ? "ok" : "FAIL");
	return total != want;
}
