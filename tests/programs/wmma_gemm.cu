// Warp matrix multiply-accumulate: a 16x16x16 half gemm with float
// accumulate checked against the CPU, and one mma for each other element
// type of the guide's table (bf16, tf32, double, int8, uint8, half
// accumulate, satf). The inputs are small integers and simple fractions,
// so every sum is exact and the result does not depend on the order in
// which the tensor core adds.
#include <cstdio>
#include <mma.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
using namespace nvcuda;

__global__ void gemm_half(const half *a, const half *b, const float *c, float *d)
{
	wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
	wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> fb;
	wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc;
	wmma::load_matrix_sync(fa, a, 16);
	wmma::load_matrix_sync(fb, b, 16);
	wmma::load_matrix_sync(fc, c, 16, wmma::mem_row_major);
	wmma::mma_sync(fc, fa, fb, fc);
	wmma::store_matrix_sync(d, fc, 16, wmma::mem_row_major);
}

__global__ void half_acc(const half *a, const half *b, half *d)
{
	wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::col_major> fa;
	wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::row_major> fb;
	wmma::fragment<wmma::accumulator, 16, 16, 16, half> fc;
	wmma::fill_fragment(fc, __float2half(0.5f));
	wmma::load_matrix_sync(fa, a, 16);
	wmma::load_matrix_sync(fb, b, 16);
	wmma::mma_sync(fc, fa, fb, fc);
	wmma::store_matrix_sync(d, fc, 16, wmma::mem_col_major);
}

__global__ void bf16(const __nv_bfloat16 *a, const __nv_bfloat16 *b, float *d)
{
	wmma::fragment<wmma::matrix_a, 16, 16, 16, __nv_bfloat16, wmma::row_major> fa;
	wmma::fragment<wmma::matrix_b, 16, 16, 16, __nv_bfloat16, wmma::row_major> fb;
	wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc;
	wmma::fill_fragment(fc, 1.0f);
	wmma::load_matrix_sync(fa, a, 16);
	wmma::load_matrix_sync(fb, b, 16);
	wmma::mma_sync(fc, fa, fb, fc);
	wmma::store_matrix_sync(d, fc, 16, wmma::mem_row_major);
}

__global__ void tf32(const float *a, const float *b, float *d, float *conv)
{
	wmma::fragment<wmma::matrix_a, 16, 16, 8, wmma::precision::tf32, wmma::row_major> fa;
	wmma::fragment<wmma::matrix_b, 16, 16, 8, wmma::precision::tf32, wmma::col_major> fb;
	wmma::fragment<wmma::accumulator, 16, 16, 8, float> fc;
	wmma::fill_fragment(fc, 0.0f);
	wmma::load_matrix_sync(fa, a, 8);
	wmma::load_matrix_sync(fb, b, 8);
	for (int i = 0; i < fa.num_elements; i++)
		fa.x[i] = wmma::__float_to_tf32(fa.x[i]);
	for (int i = 0; i < fb.num_elements; i++)
		fb.x[i] = wmma::__float_to_tf32(fb.x[i]);
	wmma::mma_sync(fc, fa, fb, fc);
	wmma::store_matrix_sync(d, fc, 16, wmma::mem_row_major);
	if (threadIdx.x == 0) {
		conv[0] = wmma::__float_to_tf32(1.0f + 1.0f / 4096.0f);  // below half a tf32 ulp (2^-11): 1
		conv[1] = wmma::__float_to_tf32(1.0f + 3.0f / 2048.0f);   // 1 + 1.5 ulp: a tie, away from zero
		conv[2] = wmma::__float_to_tf32(-1.0f - 1.0f / 2048.0f);  // half an ulp: a tie, away from zero
	}
}

__global__ void f64(const double *a, const double *b, double *d)
{
	wmma::fragment<wmma::matrix_a, 8, 8, 4, double, wmma::row_major> fa;
	wmma::fragment<wmma::matrix_b, 8, 8, 4, double, wmma::row_major> fb;
	wmma::fragment<wmma::accumulator, 8, 8, 4, double> fc;
	wmma::fill_fragment(fc, 0.25);
	wmma::load_matrix_sync(fa, a, 4);
	wmma::load_matrix_sync(fb, b, 8);
	wmma::mma_sync(fc, fa, fb, fc);
	wmma::store_matrix_sync(d, fc, 8, wmma::mem_row_major);
}

__global__ void i8(const signed char *a, const unsigned char *ua, const signed char *b, int *d, int *ud)
{
	wmma::fragment<wmma::matrix_a, 16, 16, 16, signed char, wmma::row_major> fa;
	wmma::fragment<wmma::matrix_b, 16, 16, 16, signed char, wmma::col_major> fb;
	wmma::fragment<wmma::matrix_a, 16, 16, 16, unsigned char, wmma::row_major> ua_;
	wmma::fragment<wmma::matrix_b, 16, 16, 16, unsigned char, wmma::col_major> ub_;
	wmma::fragment<wmma::accumulator, 16, 16, 16, int> fc;
	wmma::fill_fragment(fc, 0);
	wmma::load_matrix_sync(fa, a, 16);
	wmma::load_matrix_sync(fb, b, 16);
	wmma::mma_sync(fc, fa, fb, fc);
	wmma::store_matrix_sync(d, fc, 16, wmma::mem_row_major);
	wmma::fill_fragment(fc, 2147483000);
	wmma::load_matrix_sync(ua_, ua, 16);
	wmma::load_matrix_sync(ub_, ua, 16);
	wmma::mma_sync(fc, ua_, ub_, fc, true); // satf: clamps at INT_MAX
	wmma::store_matrix_sync(ud, fc, 16, wmma::mem_row_major);
}

int main()
{
	half ha[256], hb[256];
	float hc[256], ref[256];
	for (int i = 0; i < 16; i++)
		for (int j = 0; j < 16; j++) {
			ha[i * 16 + j] = __float2half((float)((i + 2 * j) % 7 - 3));
			hb[j * 16 + i] = __float2half((float)((3 * i + j) % 5 - 2) * 0.5f); // b col-major: b[k][n] at n*16+k
			hc[i * 16 + j] = (float)(i - j);
		}
	for (int i = 0; i < 16; i++)
		for (int j = 0; j < 16; j++) {
			float s = hc[i * 16 + j];
			for (int k = 0; k < 16; k++)
				s += __half2float(ha[i * 16 + k]) * __half2float(hb[j * 16 + k]);
			ref[i * 16 + j] = s;
		}
	half *da, *db;
	float *dc, *dd;
	cudaMalloc(&da, 512);
	cudaMalloc(&db, 512);
	cudaMalloc(&dc, 1024);
	cudaMalloc(&dd, 1024);
	cudaMemcpy(da, ha, 512, cudaMemcpyHostToDevice);
	cudaMemcpy(db, hb, 512, cudaMemcpyHostToDevice);
	cudaMemcpy(dc, hc, 1024, cudaMemcpyHostToDevice);
	gemm_half<<<1, 32>>>(da, db, dc, dd);
	float hd[256];
	cudaMemcpy(hd, dd, 1024, cudaMemcpyDeviceToHost);
	int bad = 0;
	for (int i = 0; i < 256; i++)
		bad += hd[i] != ref[i];
	printf("half 16x16x16, float accumulate: %d of 256 differ from the CPU\n", bad);
	printf("row 0:");
	for (int j = 0; j < 16; j++)
		printf(" %g", hd[j]);
	printf("\nrow 15:");
	for (int j = 0; j < 16; j++)
		printf(" %g", hd[240 + j]);
	printf("\n");

	half *dh;
	cudaMalloc(&dh, 512);
	half_acc<<<1, 32>>>(da, da, dh);
	half hh[256];
	cudaMemcpy(hh, dh, 512, cudaMemcpyDeviceToHost);
	printf("half accumulate (A col-major, B row-major, D col-major), column 0:");
	for (int i = 0; i < 16; i++)
		printf(" %g", __half2float(hh[i]));
	printf("\n");

	__nv_bfloat16 ba[256], bb[256];
	for (int i = 0; i < 256; i++) {
		ba[i] = __float2bfloat16((float)(i % 9) - 4.0f);
		bb[i] = __float2bfloat16((float)(i % 5) * 0.25f);
	}
	__nv_bfloat16 *dba, *dbb;
	cudaMalloc(&dba, 512);
	cudaMalloc(&dbb, 512);
	cudaMemcpy(dba, ba, 512, cudaMemcpyHostToDevice);
	cudaMemcpy(dbb, bb, 512, cudaMemcpyHostToDevice);
	bf16<<<1, 32>>>(dba, dbb, dd);
	cudaMemcpy(hd, dd, 1024, cudaMemcpyDeviceToHost);
	printf("bf16, float accumulate from 1, diagonal:");
	for (int i = 0; i < 16; i++)
		printf(" %g", hd[i * 17]);
	printf("\n");

	float ta[128], tb[128];
	for (int i = 0; i < 128; i++) {
		ta[i] = 1.0f + (float)(i % 3) / 4096.0f; // 1 + 2^-11 is a tie: rounds up to 1 + 2^-10
		tb[i] = (float)(i % 4);
	}
	float *dta, *dtb, *dconv;
	cudaMalloc(&dta, 512);
	cudaMalloc(&dtb, 512);
	cudaMalloc(&dconv, 12);
	cudaMemcpy(dta, ta, 512, cudaMemcpyHostToDevice);
	cudaMemcpy(dtb, tb, 512, cudaMemcpyHostToDevice);
	tf32<<<1, 32>>>(dta, dtb, dd, dconv);
	cudaMemcpy(hd, dd, 1024, cudaMemcpyDeviceToHost);
	float conv[3];
	cudaMemcpy(conv, dconv, 12, cudaMemcpyDeviceToHost);
	printf("tf32 16x16x8, row 0:");
	for (int j = 0; j < 16; j++)
		printf(" %.9g", hd[j]);
	printf("\n__float_to_tf32: %.9g %.9g %.9g\n", conv[0], conv[1], conv[2]);

	double fa[32], fb[32], fd[64];
	for (int i = 0; i < 32; i++) {
		fa[i] = 0.5 * (i % 6) - 1.0;
		fb[i] = 1.0 / (1 + i % 4);
	}
	double *dfa, *dfb, *dfd;
	cudaMalloc(&dfa, 256);
	cudaMalloc(&dfb, 256);
	cudaMalloc(&dfd, 512);
	cudaMemcpy(dfa, fa, 256, cudaMemcpyHostToDevice);
	cudaMemcpy(dfb, fb, 256, cudaMemcpyHostToDevice);
	f64<<<1, 32>>>(dfa, dfb, dfd);
	cudaMemcpy(fd, dfd, 512, cudaMemcpyDeviceToHost);
	printf("double 8x8x4 (fma in order of k):\n");
	for (int i = 0; i < 8; i++) {
		for (int j = 0; j < 8; j++)
			printf(" %.17g", fd[i * 8 + j]);
		printf("\n");
	}

	signed char sa[256], sb[256];
	unsigned char ua[256];
	for (int i = 0; i < 256; i++) {
		sa[i] = (signed char)((i * 37) % 256 - 128);
		sb[i] = (signed char)((i * 11) % 200 - 100);
		ua[i] = (unsigned char)(200 + i % 56);
	}
	signed char *dsa, *dsb;
	unsigned char *dua;
	int *di, *dui;
	cudaMalloc(&dsa, 256);
	cudaMalloc(&dsb, 256);
	cudaMalloc(&dua, 256);
	cudaMalloc(&di, 1024);
	cudaMalloc(&dui, 1024);
	cudaMemcpy(dsa, sa, 256, cudaMemcpyHostToDevice);
	cudaMemcpy(dsb, sb, 256, cudaMemcpyHostToDevice);
	cudaMemcpy(dua, ua, 256, cudaMemcpyHostToDevice);
	i8<<<1, 32>>>(dsa, dua, dsb, di, dui);
	int hi[256], hu[256];
	cudaMemcpy(hi, di, 1024, cudaMemcpyDeviceToHost);
	cudaMemcpy(hu, dui, 1024, cudaMemcpyDeviceToHost);
	int ibad = 0;
	for (int i = 0; i < 16; i++)
		for (int j = 0; j < 16; j++) {
			int s = 0;
			for (int k = 0; k < 16; k++)
				s += sa[i * 16 + k] * sb[j * 16 + k];
			ibad += s != hi[i * 16 + j];
		}
	printf("int8: %d of 256 differ from the CPU; d[0][0..3] = %d %d %d %d\n", ibad, hi[0], hi[1], hi[2], hi[3]);
	printf("uint8 with satf from 2147483000: %d %d\n", hu[0], hu[255]);
	cudaError_t e = cudaDeviceSynchronize();
	printf("%s\n", cudaGetErrorString(e));
	return 0;
}
