// Device printf from several warps of one block, serialized with __syncthreads between warps,
// and a variety of format specifiers.
#include <stdio.h>

__global__ void report(float base)
{
	int t = threadIdx.x;
	int warp = t / 32, lane = t % 32;
	for (int w = 0; w < 3; w++) {
		if (warp == w && lane % 8 == 0)
			printf("warp %d lane %2d: t=%-3d| hex=%#x f=%6.2f e=%.3e c=%c\n", warp, lane, t, t * 17, base + t / 4.0f, base * t + 1.0, 'A' + t % 26);
		__syncthreads();
	}
	if (t == 0)
		printf("%s %5s|%-5s|%u %ld %lld %05d %+d %%\n", "strings:", "ab", "cd", 4000000000u, -123456789012L, 1LL << 40, 42, 7);
}

int main(void)
{
	report<<<1, 96>>>(2.5f);
	cudaDeviceSynchronize();
	return 0;
}
