// a histogram in shared memory of signed bytes around its middle bin, whose upper half
// of bins nothing clears: the fused byte load and atomicAdd (interp.c ldb_atom_chk)
// writes bins 128 to 159, which are then read without a finding; bins 160 and up,
// which no thread wrote, are uninitialized reads
#include <cstdio>
__global__ void k(const signed char *data, int *bins)
{
	__shared__ int local[256];
	int *mid = local + 128;
	if (threadIdx.x < 128)
		local[threadIdx.x] = 0;
	__syncthreads();
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	atomicAdd(&mid[data[i]], 1);
	__syncthreads();
	bins[threadIdx.x] = local[threadIdx.x];	//@uninitialized-read
}
int main()
{
	signed char h[256];
	for (int i = 0; i < 256; i++)
		h[i] = (signed char)(((i * 5) & 63) - 32);
	signed char *d;
	int *b, o[256];
	cudaMalloc(&d, 256);
	cudaMemcpy(d, h, 256, cudaMemcpyHostToDevice);
	cudaMalloc(&b, 256 * sizeof(int));
	k<<<1, 256>>>(d, b);
	cudaMemcpy(o, b, sizeof o, cudaMemcpyDeviceToHost);
	long long s = 0;
	for (int j = 0; j < 160; j++)
		s += o[j];
	printf("bins 0-159 sum %lld\n", s);
	return 0;
}
