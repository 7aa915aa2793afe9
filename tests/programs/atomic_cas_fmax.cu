// A float atomic max built from atomicCAS on the int bits, the classic CAS loop.
#include <stdio.h>

__device__ float atomic_max_float(float *addr, float val)
{
	int *p = (int *)addr;
	int old = *p, assumed;
	do {
		assumed = old;
		if (__int_as_float(assumed) >= val)
			break;
		old = atomicCAS(p, assumed, __float_as_int(val));
	} while (assumed != old);
	return __int_as_float(old);
}

__global__ void k(const float *in, int n, float *result)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		atomic_max_float(result, in[i]);
}

int main(void)
{
	const int n = 1000;
	float h[1000];
	for (int i = 0; i < n; i++)
		h[i] = (float)((i * 7919) % 1000) * 0.01f - 3.0f;
	float *din, *dres, res = -1e30f;
	cudaMalloc(&din, sizeof h);
	cudaMalloc(&dres, sizeof res);
	cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);
	cudaMemcpy(dres, &res, sizeof res, cudaMemcpyHostToDevice);
	k<<<8, 128>>>(din, n, dres);
	cudaMemcpy(&res, dres, sizeof res, cudaMemcpyDeviceToHost);
	float want = h[0];
	for (int i = 1; i < n; i++)
		if (h[i] > want)
			want = h[i];
	printf("max = %.2f (host %.2f) %s\n", res, want, res == want ? "equal" : "DIFFERENT");
	return 0;
}
