#include <cstdio>
#include <cstdlib>
#include <cassert>
#include <cstdio>
__global__ void k(int *o)
{
	__shared__ unsigned char s[32];
	int t = threadIdx.x;
	s[t] = t;
	s[t] = s[t] + 1;
	__syncthreads();
	o[t] = s[31 - t];
}
int main()
{
	int *d, h[32];
	cudaMalloc(&d, sizeof(h));
	k<<<1, 32>>>(d);
	cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d %d\n", h[0], h[31]);
	return 0;
}
