// nvcc contracts a float or double multiply feeding an add or subtract into
// one fused multiply-add in device code (--fmad=true, the default): the
// product is not rounded, so the last bits differ from the same expression in
// host code, which is not contracted. a = 1 + 2^-12: a*a = 1 + 2^-11 + 2^-24
// is rounded to 1 + 2^-11 in float, kept exactly by the fma. One expression
// per kernel, so that nvcc's common-subexpression elimination does not share
// a product between them.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void add_right(float *o, float a, float c) { *o = a * a + c; }
__global__ void add_left(float *o, float a, float c) { *o = c + a * a; }
__global__ void compound(float *o, float a, float c)
{
	float x = c;
	x += a * a;
	*o = x;
}
__global__ void two_products(float *o, float a, float b, float c) { *o = a * a + b * c; }
__global__ void intrinsics(float *o, float a, float c) { *o = __fadd_rn(__fmul_rn(a, a), c); }
__global__ void dbl(double *o, double a, double c) { *o = a * a + c; }
__global__ void dbl_intrinsics(double *o, double a, double c) { *o = __dadd_rn(__dmul_rn(a, a), c); }

int main(void)
{
	float *o, h;
	double *od, hd;
	cudaMalloc(&o, sizeof h);
	cudaMalloc(&od, sizeof hd);
	float a = 1.0f + 1.0f / 4096, c = -1.0f;
	double da = 1.0 + 1.0 / (1 << 27), dc = -1.0;
	add_right<<<1, 1>>>(o, a, c);
	cudaMemcpy(&h, o, sizeof h, cudaMemcpyDeviceToHost);
	printf("device a*a + c      %a\n", h);
	add_left<<<1, 1>>>(o, a, c);
	cudaMemcpy(&h, o, sizeof h, cudaMemcpyDeviceToHost);
	printf("device c + a*a      %a\n", h);
	compound<<<1, 1>>>(o, a, c);
	cudaMemcpy(&h, o, sizeof h, cudaMemcpyDeviceToHost);
	printf("device x += a*a     %a\n", h);
	two_products<<<1, 1>>>(o, a, 0.5f, c);
	cudaMemcpy(&h, o, sizeof h, cudaMemcpyDeviceToHost);
	printf("device a*a + b*c    %a\n", h);
	intrinsics<<<1, 1>>>(o, a, c);
	cudaMemcpy(&h, o, sizeof h, cudaMemcpyDeviceToHost);
	printf("device __fadd_rn    %a\n", h);
	dbl<<<1, 1>>>(od, da, dc);
	cudaMemcpy(&hd, od, sizeof hd, cudaMemcpyDeviceToHost);
	printf("device double       %a\n", hd);
	dbl_intrinsics<<<1, 1>>>(od, da, dc);
	cudaMemcpy(&hd, od, sizeof hd, cudaMemcpyDeviceToHost);
	printf("device __dadd_rn    %a\n", hd);
	volatile float va = a, vc = c;
	volatile double vda = da, vdc = dc;
	printf("host a*a + c        %a\n", va * va + vc);
	printf("host double         %a\n", vda * vda + vdc);
	return 0;
}
