// compare_prog.cu - run --compare on tests/gpu/fakecuda.c (compare.t): the
// fake runs these kernels by name in C, with $FAKECUDA_PLANT a wrong GPU
// (p[3] one too large, a printf line changed). Valid CUDA (nvcc -arch=sm_90).
#include <stdio.h>

__global__ void scale(int *p, int n, int k)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		p[i] *= k;
}

__global__ void hello(int n)
{
	if (threadIdx.x < n)
		printf("hello from %d\n", threadIdx.x);
}

int main(void)
{
	int h[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };
	int *d;
	cudaMalloc(&d, sizeof(h));
	cudaMemcpy(d, h, sizeof(h), cudaMemcpyHostToDevice);
	scale<<<2, 4>>>(d, 8, 3);
	cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
	printf("scaled: %d %d %d %d\n", h[0], h[1], h[3], h[7]);
	hello<<<1, 32>>>(3);
	cudaDeviceSynchronize();
	cudaFree(d);
	return 0;
}
