#include <cstdio>
#include <mma.h>
using namespace nvcuda;

__global__ void k(const half *a, float *out)
{
	wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
	wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
	wmma::load_matrix_sync(fa, a, 16);
	wmma::fill_fragment(acc, 2.5f);
	out[threadIdx.x] = __half2float(fa.x[0]) + acc.x[0];
}

int main()
{
	half h[256], *a;
	float *out;
	for (int i = 0; i < 256; i++)
		h[i] = __float2half((float)i);
	cudaMalloc(&a, sizeof(h));
	cudaMalloc(&out, 32 * sizeof(float));
	cudaMemcpy(a, h, sizeof(h), cudaMemcpyHostToDevice);
	k<<<1, 32>>>(a, out);
	cudaDeviceSynchronize();
	return 0;
}
