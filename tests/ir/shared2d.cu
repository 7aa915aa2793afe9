// shared2d.cu - run's pipeline on a tiled loop: the address of the
// __shared__ arrays is taken once at the kernel's entry (not per
// iteration), fmaf writes sum directly, and as[ty][k] is one 2-D index
// (XOP_IDX2, decode.c: seen in the step count, not in the IR).
#include <cstdio>
__global__ void k(const float *a, float *c)
{
	__shared__ float as[8][8];
	__shared__ float bs[8][8];
	int tx = threadIdx.x % 8, ty = threadIdx.x / 8;
	as[ty][tx] = a[threadIdx.x];
	bs[ty][tx] = a[63 - threadIdx.x];
	__syncthreads();
	float sum = 0.0f;
	for (int i = 0; i < 8; i++)
		sum = fmaf(as[ty][i], bs[i][tx], sum);
	c[threadIdx.x] = sum;
}
int main()
{
	float h[64], *a, *c;
	for (int i = 0; i < 64; i++)
		h[i] = (float)(i % 5);
	cudaMalloc(&a, sizeof(h));
	cudaMalloc(&c, sizeof(h));
	cudaMemcpy(a, h, sizeof(h), cudaMemcpyHostToDevice);
	k<<<1, 64>>>(a, c);
	cudaMemcpy(h, c, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%g %g %g\n", h[0], h[9], h[63]);
	return 0;
}
