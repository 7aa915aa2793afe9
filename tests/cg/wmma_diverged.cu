// wmma operations are warp-collective: after a divergent if/else the warp
// is together again and the load is fine; a load inside the if is made by
// half the warp and is the finding wmma-not-converged.
#include <cstdio>
#include <mma.h>
using namespace nvcuda;

__global__ void k(const half *a, float *out)
{
	wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
	float v;
	if (threadIdx.x & 1)
		v = 1.0f;
	else
		v = 2.0f;
	wmma::load_matrix_sync(fa, a, 16);
	out[threadIdx.x] = v + __half2float(fa.x[0]);
	if (threadIdx.x < 16)
		wmma::load_matrix_sync(fa, a, 16);
	out[threadIdx.x] += __half2float(fa.x[1]);
}

int main()
{
	half *a;
	float *out;
	cudaMalloc(&a, 256 * sizeof(half));
	cudaMemset(a, 0, 256 * sizeof(half));
	cudaMalloc(&out, 32 * sizeof(float));
	k<<<1, 32>>>(a, out);
	printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
	return 0;
}
