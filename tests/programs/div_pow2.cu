// Unsigned division and remainder by powers of two (warpstep's optimiser makes
// them shifts and masks), by other constants, and signed division by powers of
// two (which round toward zero, so they are not shifts): the values show the
// semantics at the edges (0, the largest values, negative dividends).
#include <cstdio>

__global__ void divs(const unsigned *u, const int *s, const unsigned long long *w, unsigned *ou,
		     int *os, unsigned long long *ow, int n)
{
	int i = threadIdx.x;
	if (i >= n)
		return;
	unsigned x = u[i];
	ou[i * 8 + 0] = x / 2u;
	ou[i * 8 + 1] = x % 2u;
	ou[i * 8 + 2] = x / 16u;
	ou[i * 8 + 3] = x % 16u;
	ou[i * 8 + 4] = x / 2147483648u;
	ou[i * 8 + 5] = x % 2147483648u;
	ou[i * 8 + 6] = x / 3u;
	ou[i * 8 + 7] = x / (blockDim.x / 2); // blockDim.x is 8: x / 4
	int y = s[i];
	os[i * 4 + 0] = y / 2;
	os[i * 4 + 1] = y % 2;
	os[i * 4 + 2] = y / 8;
	os[i * 4 + 3] = y % 8;
	unsigned long long z = w[i];
	ow[i * 3 + 0] = z / 1024ull;
	ow[i * 3 + 1] = z % 1024ull;
	ow[i * 3 + 2] = z / 9223372036854775808ull;
}

int main(void)
{
	const int n = 8;
	unsigned hu[n] = { 0u, 1u, 2u, 15u, 16u, 12345u, 2147483648u, 4294967295u };
	int hs[n] = { 0, 1, -1, 7, -7, -8, 2147483647, -2147483647 - 1 };
	unsigned long long hw[n] = { 0ull, 1023ull, 1024ull, 1025ull, 123456789012345ull,
				     9223372036854775807ull, 9223372036854775808ull, 18446744073709551615ull };
	unsigned *du, *dou, hou[n * 8];
	int *ds, *dos, hos[n * 4];
	unsigned long long *dw, *dow, how[n * 3];
	cudaMalloc(&du, sizeof hu);
	cudaMalloc(&ds, sizeof hs);
	cudaMalloc(&dw, sizeof hw);
	cudaMalloc(&dou, sizeof hou);
	cudaMalloc(&dos, sizeof hos);
	cudaMalloc(&dow, sizeof how);
	cudaMemcpy(du, hu, sizeof hu, cudaMemcpyHostToDevice);
	cudaMemcpy(ds, hs, sizeof hs, cudaMemcpyHostToDevice);
	cudaMemcpy(dw, hw, sizeof hw, cudaMemcpyHostToDevice);
	divs<<<1, n>>>(du, ds, dw, dou, dos, dow, n);
	cudaMemcpy(hou, dou, sizeof hou, cudaMemcpyDeviceToHost);
	cudaMemcpy(hos, dos, sizeof hos, cudaMemcpyDeviceToHost);
	cudaMemcpy(how, dow, sizeof how, cudaMemcpyDeviceToHost);
	for (int i = 0; i < n; i++)
		printf("%u: /2 %u %%2 %u /16 %u %%16 %u /2^31 %u %%2^31 %u /3 %u /(bdim/2) %u\n", hu[i],
		       hou[i * 8], hou[i * 8 + 1], hou[i * 8 + 2], hou[i * 8 + 3], hou[i * 8 + 4],
		       hou[i * 8 + 5], hou[i * 8 + 6], hou[i * 8 + 7]);
	for (int i = 0; i < n; i++)
		printf("%d: /2 %d %%2 %d /8 %d %%8 %d\n", hs[i], hos[i * 4], hos[i * 4 + 1], hos[i * 4 + 2],
		       hos[i * 4 + 3]);
	for (int i = 0; i < n; i++)
		printf("%llu: /1024 %llu %%1024 %llu /2^63 %llu\n", hw[i], how[i * 3], how[i * 3 + 1],
		       how[i * 3 + 2]);
	return 0;
}
