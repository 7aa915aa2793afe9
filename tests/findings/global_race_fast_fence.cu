#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void k(int *a, volatile int *flag, int *out)
{
	int i = threadIdx.x;
	if (blockIdx.x == 0) {
		a[i] = i;
		a[i] += 1;
		__threadfence();
		if (i == 0)
			*flag = 1;
	} else {
		while (*flag == 0)
			;
		out[i] = a[i];
	}
}
int main()
{
	int *a, *flag, *out, h[32];
	cudaMalloc(&a, 32 * sizeof(int));
	cudaMalloc(&flag, sizeof(int));
	cudaMalloc(&out, 32 * sizeof(int));
	cudaMemset(flag, 0, sizeof(int));
	k<<<2, 32>>>(a, flag, out);
	cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d %d\n", h[0], h[31]);
	return 0;
}
