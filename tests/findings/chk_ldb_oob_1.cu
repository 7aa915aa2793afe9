// a histogram whose last warp reads its bytes past the end of the data: the fused byte
// load and atomicAdd (interp.c ldb_atom, ldb_atom_chk) leave that warp to the load's
// own class, which reports the bytes outside
#include <cstdio>
__global__ void k(const unsigned char *data, unsigned *bins)
{
	__shared__ unsigned local[256];
	local[threadIdx.x] = 0;
	__syncthreads();
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	atomicAdd(&local[data[i]], 1u);	//@oob-global-read
	__syncthreads();
	atomicAdd(&bins[threadIdx.x], local[threadIdx.x]);
}
int main()
{
	unsigned char *d;
	unsigned *b;
	cudaMalloc(&d, 500);
	cudaMemset(d, 3, 500);
	cudaMalloc(&b, 256 * sizeof(unsigned));
	cudaMemset(b, 0, 256 * sizeof(unsigned));
	k<<<2, 256>>>(d, b);
	cudaDeviceSynchronize();
	printf("done\n");
	return 0;
}
