// loop_trips.cu - a loop whose trip count differs between lanes (issue 16:
// a breakpoint in its body stops once per iteration, 5 times in all).
#include <cstdio>

__global__ void trips(int *out)
{
	int lane = threadIdx.x % 32;
	int acc = 0;
	for (int i = 0; i < lane % 5 + 1; ++i) {
		acc += i * lane;
	}
	out[threadIdx.x] = acc;
}

int main(void)
{
	int *d;
	cudaMalloc(&d, 32 * sizeof(int));
	trips<<<1, 32>>>(d);
	cudaDeviceSynchronize();
	cudaFree(d);
	return 0;
}
