// shfl.cu - shuffles with width segments: xor within 8 lanes, up by 2
// within 16, a broadcast of lane 3 of each 8-lane segment.
#include <cstdio>

__global__ void k(int *out)
{
	int lane = threadIdx.x % 32;
	int v = lane * 10;
	int x = __shfl_xor_sync(0xffffffff, v, 1, 8);
	int u = __shfl_up_sync(0xffffffff, v, 2, 16);
	int b = __shfl_sync(0xffffffff, v, 3, 8);
	out[threadIdx.x] = x + u + b;
}

int main(void)
{
	int *d, h[32];
	cudaMalloc(&d, sizeof(h));
	k<<<1, 32>>>(d);
	cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
	printf("out[0] = %d, out[31] = %d\n", h[0], h[31]);
	return 0;
}
