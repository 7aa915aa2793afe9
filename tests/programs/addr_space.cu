// Address-space predicates (__isGlobal, __isShared, __isConstant, __isLocal) on generic pointers to
// each space, and the conversions __cvta_generic_to_shared / __cvta_shared_to_generic (round trip).
#include <stdio.h>

__device__ int g[4];
__constant__ int c[4] = {1, 2, 3, 4};

__device__ int classify(const void *p)
{
	return __isGlobal(p) * 1 + __isShared(p) * 2 + __isConstant(p) * 4 + __isLocal(p) * 8;
}

__global__ void k(int *heap, int *out)
{
	__shared__ int s[4];
	int local[4];
	int t = threadIdx.x;
	s[t] = t;
	local[t] = c[t] + heap[t];
	__syncthreads();
	if (t != 1)
		return;
	out[0] = classify(&g[1]);
	out[1] = classify(heap);
	out[2] = classify(&s[t]);
	out[3] = classify(&c[2]);
	out[4] = classify(&local[t]);
	size_t sa = __cvta_generic_to_shared(&s[2]);
	int *back = (int *)__cvta_shared_to_generic(sa);
	size_t sb = __cvta_generic_to_shared(&s[3]);
	out[5] = *back;
	out[6] = (int)(sb - sa);
	size_t ga = __cvta_generic_to_global(heap);
	out[7] = *(int *)__cvta_global_to_generic(ga) + local[t] * 0;
}

int main(void)
{
	int *heap, *out, h[8];
	int init[4] = {10, 20, 30, 40};
	cudaMalloc(&heap, sizeof init);
	cudaMalloc(&out, sizeof h);
	cudaMemcpy(heap, init, sizeof init, cudaMemcpyHostToDevice);
	k<<<1, 4>>>(heap, out);
	cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
	printf("__device__ var: %d\ncudaMalloc: %d\n__shared__: %d\n__constant__: %d\nlocal: %d\n", h[0], h[1], h[2], h[3], h[4]);
	printf("cvta shared round trip: %d, distance %d\ncvta global round trip: %d\n", h[5], h[6], h[7]);
	return 0;
}
