// a histogram in global memory, one of whose bins a thread clears with a plain store
// while the other block adds to it: the atomicAdd of the fused byte load and atomic
// (interp.c ldb_atom_chk) races with that store
#include <cstdio>
__global__ void k(const unsigned char *data, unsigned *bins)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (blockIdx.x == 1 && threadIdx.x == 0)
		bins[7] = 0;	//@global-race
	atomicAdd(&bins[data[i]], 1u);
}
int main()
{
	unsigned char h[512];
	for (int i = 0; i < 512; i++)
		h[i] = (unsigned char)(i * 37 + 11);
	unsigned char *d;
	unsigned *b;
	cudaMalloc(&d, 512);
	cudaMemcpy(d, h, 512, cudaMemcpyHostToDevice);
	cudaMalloc(&b, 256 * sizeof(unsigned));
	cudaMemset(b, 0, 256 * sizeof(unsigned));
	k<<<2, 256>>>(d, b);
	cudaDeviceSynchronize();
	printf("done\n");
	return 0;
}
