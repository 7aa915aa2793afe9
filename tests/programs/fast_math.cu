// Fast and rounded float intrinsics (__fadd_rn/rz, __fmul_rn/rd/ru, __fdiv_rn, __frcp_rn, __fsqrt_rn,
// __fmaf_rn, __saturatef, __powf, __logf, __log2f, __log10f, __exp10f, __tanf, __sincosf) and double
// intrinsics (__dadd_rn, __dmul_rz, __ddiv_rn, __drcp_rn, __dsqrt_rn, __fma_rn), printed with limited
// precision (the fast ones are approximations).
#include <stdio.h>

__global__ void k(const float *x, float *out, double *dout)
{
	int t = threadIdx.x;
	float a = x[t], b = x[t + 4];
	float *o = out + 20 * t;
	o[0] = __fadd_rn(a, b);
	o[1] = __fadd_rz(a, b);
	o[2] = __fmul_rn(a, b);
	o[3] = __fmul_rd(a, 1.0f / 3.0f);
	o[4] = __fmul_ru(a, 1.0f / 3.0f);
	o[5] = __fdiv_rn(a, b);
	o[6] = __frcp_rn(b);
	o[7] = __fsqrt_rn(a);
	o[8] = __fmaf_rn(a, b, 1.0f);
	o[9] = __saturatef(a - 1.0f);
	o[10] = __powf(a, 1.5f);
	o[11] = __logf(a);
	o[12] = __log2f(a);
	o[13] = __log10f(a);
	o[14] = __exp10f(b / 4.0f);
	o[15] = __tanf(b / 8.0f);
	float s, c;
	__sincosf(a, &s, &c);
	o[16] = s;
	o[17] = c;
	o[18] = __fsub_rn(a, b);
	o[19] = __fdividef(a, b);
	double da = a, db = b;
	double *d = dout + 6 * t;
	d[0] = __dadd_rn(da, db);
	d[1] = __dmul_rz(da, 1.0 / 3.0);
	d[2] = __ddiv_rn(da, db);
	d[3] = __drcp_rn(db);
	d[4] = __dsqrt_rn(da);
	d[5] = __fma_rn(da, db, -1.0);
}

int main(void)
{
	float x[8] = {0.5f, 1.0f, 2.25f, 7.0f, 3.0f, 0.25f, 1.5f, 2.0f};
	float *dx, *dout, out[80];
	double *dd, dh[24];
	cudaMalloc(&dx, sizeof x);
	cudaMalloc(&dout, sizeof out);
	cudaMalloc(&dd, sizeof dh);
	cudaMemcpy(dx, x, sizeof x, cudaMemcpyHostToDevice);
	k<<<1, 4>>>(dx, dout, dd);
	cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
	cudaMemcpy(dh, dd, sizeof dh, cudaMemcpyDeviceToHost);
	for (int t = 0; t < 4; t++) {
		printf("a=%.2f b=%.2f:", x[t], x[t + 4]);
		for (int j = 0; j < 20; j++)
			printf(" %.4f", out[20 * t + j]);
		printf("\n  double:");
		for (int j = 0; j < 6; j++)
			printf(" %.10f", dh[6 * t + j]);
		printf("\n");
	}
	return 0;
}
