// Litmus test MP_spin (extra): message passing where T1 spins on the flag,
// no fence: after seeing the flag, T1 may still read the old x.
// Exploration ends: a spin that re-reads in the same state is cut.
#include <cstdio>
__device__ volatile int x = 0, y = 0;
__device__ int r[1];
__global__ void k(int f)
{
	if (blockIdx.x == 0) { x = 1; if (f) __threadfence(); y = 1; }
	else { while (y == 0) ; if (f) __threadfence(); r[0] = x; }
}
int main(int argc, char **argv)
{
	k<<<2, 1>>>(0);
	int h; cudaMemcpyFromSymbol(&h, r, sizeof(h));
	printf("r1=%d\n", h);
	return 0;
}
