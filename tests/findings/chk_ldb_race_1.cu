// a histogram whose blocks each write the bytes the other block counts, with no
// synchronization between them: the byte load inside the fused load-and-atomicAdd
// (interp.c ldb_atom_chk) races with the other block's stores
#include <cstdio>
__global__ void k(unsigned char *data, unsigned *bins)
{
	__shared__ unsigned local[256];
	local[threadIdx.x] = 0;
	__syncthreads();
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	atomicAdd(&local[data[i]], 1u);	//@global-race
	data[(i + 256) % 512] = (unsigned char)(i * 3);	//@global-race
	__syncthreads();
	atomicAdd(&bins[threadIdx.x], local[threadIdx.x]);
}
int main()
{
	unsigned char *d;
	unsigned *b;
	cudaMalloc(&d, 512);
	cudaMemset(d, 7, 512);
	cudaMalloc(&b, 256 * sizeof(unsigned));
	cudaMemset(b, 0, 256 * sizeof(unsigned));
	k<<<2, 256>>>(d, b);
	cudaDeviceSynchronize();
	printf("done\n");
	return 0;
}
