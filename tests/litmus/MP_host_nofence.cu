// Litmus test MP, device writer, host reader, no fences.
// placement: the kernel's thread 0 of block 0, and the host thread after the asynchronous launch (before cudaDeviceSynchronize); x, y managed
// Nothing orders anything.
// Expected outcomes: MP_host_nofence.outcomes; run: warpstep explore --model relaxed MP_host_nofence.cu
#include <cstdio>

__managed__ volatile int x = 0, y = 0;
__managed__ int r[1];

__global__ void litmus()
{
	if (blockIdx.x == 0 && threadIdx.x == 0) {
		x = 1;
		y = 1;
	}
}

int main()
{
	litmus<<<1, 1>>>();
	int r0 = y;
	int r1 = x;
	cudaDeviceSynchronize();
	printf("r0=%d r1=%d\n", r0, r1);
	return 0;
}
