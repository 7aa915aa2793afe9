// A failing device assert: the kernel aborts, cudaDeviceSynchronize reports the sticky error
// cudaErrorAssert (710), and the program exits with status 1. (The assert message on stderr
// is not compared.)
#include <stdio.h>
#include <assert.h>

__global__ void check_positive(const int *a, int *b, int n)
{
	int i = threadIdx.x;
	if (i < n) {
		assert(a[i] >= 0);
		b[i] = a[i] * 2;
	}
}

int main(void)
{
	int h[8] = {1, 2, 3, 4, 5, -6, 7, 8};
	int *da, *db;
	cudaMalloc(&da, sizeof h);
	cudaMalloc(&db, sizeof h);
	cudaMemcpy(da, h, sizeof h, cudaMemcpyHostToDevice);
	check_positive<<<1, 8>>>(da, db, 8);
	cudaError_t launch = cudaGetLastError();
	printf("launch: %s\n", cudaGetErrorString(launch));
	cudaError_t err = cudaDeviceSynchronize();
	printf("sync: %d %s (%s)\n", (int)err, cudaGetErrorString(err), cudaGetErrorName(err));
	err = cudaMemcpy(h, db, sizeof h, cudaMemcpyDeviceToHost);
	printf("memcpy after assert: %d\n", (int)err);
	if (err != cudaSuccess)
		return 1;
	return 0;
}
