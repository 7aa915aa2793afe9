#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void k(int *out)
{
	__shared__ int s[32];
	int l = threadIdx.x;
	s[l] = l * l;
	__syncwarp();
	int v = s[l ^ 1];
	__syncwarp();
	s[l] = v + s[l];
	__syncwarp();
	out[l] = s[31 - l];
}
int main()
{
	int *out, h[32];
	cudaMalloc(&out, sizeof(h));
	k<<<1, 32>>>(out);
	cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d %d\n", h[0], h[31]);
	return 0;
}
