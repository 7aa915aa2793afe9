// Warp matrix fragments: which elements each lane holds (fragment.x[]),
// num_elements, fill_fragment, and load/store in both layouts.
// A[i][j] = i * 16 + j is loaded row-major and col-major; each lane prints
// the values of its x[], which name the row and column it holds.
#include <cstdio>
#include <mma.h>
#include <cuda_fp16.h>
using namespace nvcuda;

__global__ void frags(const half *a, const float *c, int *out)
{
	int lane = threadIdx.x;
	wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> ar;
	wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::col_major> ac;
	wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::row_major> br;
	wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
	wmma::load_matrix_sync(ar, a, 16);
	wmma::load_matrix_sync(ac, a, 16);
	wmma::load_matrix_sync(br, a, 16);
	wmma::load_matrix_sync(acc, c, 16, wmma::mem_row_major);
	int *o = out + lane * 64;
	for (int i = 0; i < ar.num_elements; i++) {
		o[i] = (int)__half2float(ar.x[i]);
		o[16 + i] = (int)__half2float(ac.x[i]);
		o[32 + i] = (int)__half2float(br.x[i]);
	}
	for (int i = 0; i < acc.num_elements; i++)
		o[48 + i] = (int)acc.x[i];
	wmma::load_matrix_sync(acc, c, 16, wmma::mem_col_major);
	for (int i = 0; i < acc.num_elements; i++)
		o[56 + i] = (int)acc.x[i];
}

__global__ void stores(float *s, float *t)
{
	wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
	wmma::fill_fragment(acc, 0.0f);
	for (int i = 0; i < acc.num_elements; i++)
		acc.x[i] = threadIdx.x * 8 + i; // the lane and element, stored where the GPU keeps them
	wmma::store_matrix_sync(s, acc, 16, wmma::mem_row_major);
	wmma::store_matrix_sync(t, acc, 20, wmma::mem_col_major);
}

/* a half matrix_a keeps each element twice (x[i] and x[i + 8]); mma_sync
 * reads x[0..7]: doubling only those doubles the product, doubling only
 * x[8..15] changes nothing (B is the identity) */
__global__ void copies(const half *a, const half *eye, float *d)
{
	wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
	wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::row_major> fb;
	wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
	wmma::load_matrix_sync(fa, a, 16);
	wmma::load_matrix_sync(fb, eye, 16);
	for (int i = 0; i < 8; i++)
		fa.x[i] = __float2half(2.0f * __half2float(fa.x[i]));
	wmma::fill_fragment(acc, 0.0f);
	wmma::mma_sync(acc, fa, fb, acc);
	wmma::store_matrix_sync(d, acc, 16, wmma::mem_row_major);
	wmma::load_matrix_sync(fa, a, 16);
	for (int i = 8; i < 16; i++)
		fa.x[i] = __float2half(2.0f * __half2float(fa.x[i]));
	wmma::fill_fragment(acc, 0.0f);
	wmma::mma_sync(acc, fa, fb, acc);
	wmma::store_matrix_sync(d + 256, acc, 16, wmma::mem_row_major);
}

int main()
{
	half ha[256];
	float hc[256];
	for (int i = 0; i < 256; i++) {
		ha[i] = __float2half((float)i);
		hc[i] = (float)i;
	}
	half *da;
	float *dc, *ds, *dt;
	int *dout;
	cudaMalloc(&da, sizeof(ha));
	cudaMalloc(&dc, sizeof(hc));
	cudaMalloc(&ds, 256 * sizeof(float));
	cudaMalloc(&dt, 320 * sizeof(float));
	cudaMalloc(&dout, 32 * 64 * sizeof(int));
	cudaMemcpy(da, ha, sizeof(ha), cudaMemcpyHostToDevice);
	cudaMemcpy(dc, hc, sizeof(hc), cudaMemcpyHostToDevice);
	cudaMemset(dt, 0, 320 * sizeof(float));
	frags<<<1, 32>>>(da, dc, dout);
	stores<<<1, 32>>>(ds, dt);
	int out[32 * 64];
	float s[256], t[320];
	cudaMemcpy(out, dout, sizeof(out), cudaMemcpyDeviceToHost);
	cudaMemcpy(s, ds, sizeof(s), cudaMemcpyDeviceToHost);
	cudaMemcpy(t, dt, sizeof(t), cudaMemcpyDeviceToHost);
	printf("num_elements: a %d b %d acc %d\n",
	       (int)wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major>::num_elements,
	       (int)wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major>::num_elements,
	       (int)wmma::fragment<wmma::accumulator, 16, 16, 16, float>::num_elements);
	const char *names[] = { "a row_major", "a col_major", "b row_major", "acc row", "acc col" };
	for (int lane = 0; lane < 32; lane++) {
		for (int f = 0; f < 5; f++) {
			int base = f < 3 ? f * 16 : 48 + (f - 3) * 8, n = f < 3 ? 16 : 8;
			printf("lane %2d %-11s:", lane, names[f]);
			for (int i = 0; i < n; i++)
				printf(" %3d", out[lane * 64 + base + i]);
			printf("\n");
		}
	}
	printf("store row-major (lane*8+element):\n");
	for (int r = 0; r < 16; r++) {
		for (int c = 0; c < 16; c++)
			printf(" %3d", (int)s[r * 16 + c]);
		printf("\n");
	}
	half eye[256];
	for (int i = 0; i < 256; i++)
		eye[i] = __float2half(i / 16 == i % 16 ? 1.0f : 0.0f);
	half *deye;
	float *dcp, cp[512];
	cudaMalloc(&deye, sizeof(eye));
	cudaMalloc(&dcp, sizeof(cp));
	cudaMemcpy(deye, eye, sizeof(eye), cudaMemcpyHostToDevice);
	copies<<<1, 32>>>(da, deye, dcp);
	cudaMemcpy(cp, dcp, sizeof(cp), cudaMemcpyDeviceToHost);
	printf("A x I with x[0..7] doubled, row 1:");
	for (int c = 0; c < 16; c++)
		printf(" %d", (int)cp[16 + c]);
	printf("\nA x I with x[8..15] doubled, row 1:");
	for (int c = 0; c < 16; c++)
		printf(" %d", (int)cp[256 + 16 + c]);
	printf("\n");
	printf("store col-major, ldm 20, column 0 and rows 16..19 untouched:");
	for (int r = 0; r < 20; r++)
		printf(" %d", (int)t[r]);
	printf("\n");
	return 0;
}
