// An access just past the end of a large cudaMalloc: the GPU gives an allocation of 2 MiB
// or more pages of its own, so past a 3 MiB allocation the rest of its last 2 MiB page is
// still mapped (the kernel runs on), while past an 8 MiB one (a whole number of pages)
// nothing is mapped and the kernel fails with an illegal address (700).
#include <cstdio>

__global__ void touch_past_end(float *a, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i <= n)                     /* the bug: <= lets thread n write a[n] */
		a[i] = 1.0f;
}

static void attempt(int n)
{
	float *a;
	cudaMalloc(&a, n * sizeof(float));
	touch_past_end<<<(n + 256) / 256, 256>>>(a, n);
	cudaError_t e = cudaDeviceSynchronize();
	printf("%d floats (%d bytes): %s\n", n, (int)(n * sizeof(float)), cudaGetErrorString(e));
}

int main()
{
	attempt(3 << 18);               /* 3 MiB: its last page has room after it */
	attempt(1 << 21);               /* 8 MiB: exactly four pages */
	return 0;
}
