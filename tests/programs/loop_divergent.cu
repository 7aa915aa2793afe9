// Loops whose trip count depends on the lane, with break and continue inside divergence,
// and printf of the active mask at each iteration of a divergent loop.
#include <stdio.h>

__global__ void trips(int *out)
{
	int lane = threadIdx.x;
	int sum = 0;
	for (int i = 0; i < lane; i++) {
		if (i % 3 == 2)
			continue;
		if (i > 20)
			break;
		sum += i;
	}
	int n = lane, steps = 0;
	while (n > 0) {
		n >>= 1;
		steps++;
	}
	int d = 0;
	do {
		d++;
	} while (d * d < lane);
	out[lane] = sum * 10000 + steps * 100 + d;
}

__global__ void masks(void)
{
	int lane = threadIdx.x;
	for (int i = 0; i < 4; i++) {
		if (i >= lane % 5)
			break;
		unsigned m = __activemask();
		if (lane == 4)
			printf("iteration %d: active %08x\n", i, m);
	}
}

int main(void)
{
	int h[32];
	int *d;
	cudaMalloc(&d, sizeof h);
	trips<<<1, 32>>>(d);
	cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
	for (int i = 0; i < 32; i++)
		printf("%d%c", h[i], i % 8 == 7 ? '\n' : ' ');
	masks<<<1, 32>>>();
	cudaDeviceSynchronize();
	return 0;
}
