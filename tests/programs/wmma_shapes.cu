// Warp matrix shapes other than 16x16x16: m32n8k16 and m8n32k16 (half with
// float accumulate, bf16, int8), checked against the CPU; the elements lane 0
// and lane 5 hold in those shapes; the experimental sub-byte types s4 and u4
// (m8n8k32) and b1 (m8n8k128, XOR and AND with popcount).
#include <cstdio>
#include <mma.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
using namespace nvcuda;

template<int M, int N, int K>
__global__ void gemm(const half *a, const half *b, float *d, float *lanes)
{
	wmma::fragment<wmma::matrix_a, M, N, K, half, wmma::row_major> fa;
	wmma::fragment<wmma::matrix_b, M, N, K, half, wmma::row_major> fb;
	wmma::fragment<wmma::accumulator, M, N, K, float> fc;
	wmma::fill_fragment(fc, 0.0f);
	wmma::load_matrix_sync(fa, a, K);
	wmma::load_matrix_sync(fb, b, N);
	wmma::mma_sync(fc, fa, fb, fc);
	wmma::store_matrix_sync(d, fc, N, wmma::mem_row_major);
	int l = threadIdx.x;
	if (l == 0 || l == 5) {
		float *o = lanes + (l == 5) * 40;
		for (int i = 0; i < 16; i++) {
			o[i] = __half2float(fa.x[i]);
			o[16 + i] = __half2float(fb.x[i]);
		}
		for (int i = 0; i < 8; i++)
			o[32 + i] = fc.x[i];
	}
}

template<int M, int N, int K>
__global__ void gemm_i8(const signed char *a, const signed char *b, int *d)
{
	wmma::fragment<wmma::matrix_a, M, N, K, signed char, wmma::col_major> fa;
	wmma::fragment<wmma::matrix_b, M, N, K, signed char, wmma::col_major> fb;
	wmma::fragment<wmma::accumulator, M, N, K, int> fc;
	wmma::fill_fragment(fc, 7);
	wmma::load_matrix_sync(fa, a, M);
	wmma::load_matrix_sync(fb, b, K);
	wmma::mma_sync(fc, fa, fb, fc);
	wmma::store_matrix_sync(d, fc, M, wmma::mem_col_major);
}

template<int M, int N, int K>
__global__ void gemm_bf16(const __nv_bfloat16 *a, const __nv_bfloat16 *b, float *d)
{
	wmma::fragment<wmma::matrix_a, M, N, K, __nv_bfloat16, wmma::row_major> fa;
	wmma::fragment<wmma::matrix_b, M, N, K, __nv_bfloat16, wmma::col_major> fb;
	wmma::fragment<wmma::accumulator, M, N, K, float> fc;
	wmma::fill_fragment(fc, 0.0f);
	wmma::load_matrix_sync(fa, a, K);
	wmma::load_matrix_sync(fb, b, K);
	wmma::mma_sync(fc, fa, fb, fc);
	wmma::store_matrix_sync(d, fc, N, wmma::mem_row_major);
}

__global__ void subbyte(const unsigned *a4, const unsigned *b4, const unsigned *a1, const unsigned *b1, int *d)
{
	wmma::fragment<wmma::matrix_a, 8, 8, 32, wmma::experimental::precision::s4, wmma::row_major> sa;
	wmma::fragment<wmma::matrix_b, 8, 8, 32, wmma::experimental::precision::s4, wmma::col_major> sb;
	wmma::fragment<wmma::matrix_a, 8, 8, 32, wmma::experimental::precision::u4, wmma::row_major> ua;
	wmma::fragment<wmma::matrix_b, 8, 8, 32, wmma::experimental::precision::u4, wmma::col_major> ub;
	wmma::fragment<wmma::accumulator, 8, 8, 32, int> c;
	wmma::fragment<wmma::matrix_a, 8, 8, 128, wmma::experimental::precision::b1, wmma::row_major> ba;
	wmma::fragment<wmma::matrix_b, 8, 8, 128, wmma::experimental::precision::b1, wmma::col_major> bb;
	wmma::fragment<wmma::accumulator, 8, 8, 128, int> bc;
	wmma::load_matrix_sync(sa, a4, 32);
	wmma::load_matrix_sync(sb, b4, 32);
	wmma::fill_fragment(c, 0);
	wmma::mma_sync(c, sa, sb, c);
	wmma::store_matrix_sync(d, c, 8, wmma::mem_row_major);
	wmma::load_matrix_sync(ua, a4, 32);
	wmma::load_matrix_sync(ub, b4, 32);
	wmma::fill_fragment(c, 0);
	wmma::mma_sync(c, ua, ub, c);
	wmma::store_matrix_sync(d + 64, c, 8, wmma::mem_row_major);
	wmma::load_matrix_sync(ba, a1, 128);
	wmma::load_matrix_sync(bb, b1, 128);
	wmma::fill_fragment(bc, 0);
	wmma::bmma_sync(bc, ba, bb, bc, wmma::experimental::bmmaBitOpXOR, wmma::experimental::bmmaAccumulateOpPOPC);
	wmma::store_matrix_sync(d + 128, bc, 8, wmma::mem_row_major);
	wmma::fill_fragment(bc, 100);
	wmma::bmma_sync(bc, ba, bb, bc, wmma::experimental::bmmaBitOpAND, wmma::experimental::bmmaAccumulateOpPOPC);
	wmma::store_matrix_sync(d + 192, bc, 8, wmma::mem_row_major);
	if (threadIdx.x == 3)
		d[256] = (int)sa.num_elements * 1000 + sa.num_storage_elements * 100 + ba.num_elements;
}

static int popcount(unsigned x)
{
	int n = 0;
	for (; x; x &= x - 1)
		n++;
	return n;
}

template<int M, int N, int K>
void half_shape(const char *name)
{
	half ha[M * K], hb[K * N];
	for (int i = 0; i < M * K; i++)
		ha[i] = __float2half((float)(i % 11) - 5.0f);
	for (int i = 0; i < K * N; i++)
		hb[i] = __float2half((float)(i % 7) * 0.25f);
	half *da, *db;
	float *dd, *dl;
	cudaMalloc(&da, sizeof(ha));
	cudaMalloc(&db, sizeof(hb));
	cudaMalloc(&dd, M * N * sizeof(float));
	cudaMalloc(&dl, 80 * sizeof(float));
	cudaMemcpy(da, ha, sizeof(ha), cudaMemcpyHostToDevice);
	cudaMemcpy(db, hb, sizeof(hb), cudaMemcpyHostToDevice);
	gemm<M, N, K><<<1, 32>>>(da, db, dd, dl);
	float hd[M * N], hl[80];
	cudaMemcpy(hd, dd, sizeof(hd), cudaMemcpyDeviceToHost);
	cudaMemcpy(hl, dl, sizeof(hl), cudaMemcpyDeviceToHost);
	int bad = 0;
	for (int i = 0; i < M; i++)
		for (int j = 0; j < N; j++) {
			float s = 0;
			for (int k = 0; k < K; k++)
				s += __half2float(ha[i * K + k]) * __half2float(hb[k * N + j]);
			bad += s != hd[i * N + j];
		}
	printf("%s half: %d of %d differ from the CPU; d[%d][%d] = %g\n", name, bad, M * N, M - 1, N - 1,
	       hd[M * N - 1]);
	for (int l = 0; l < 2; l++) {
		printf("  lane %d a:", l ? 5 : 0);
		for (int i = 0; i < 16; i++)
			printf(" %g", hl[l * 40 + i]);
		printf("\n  lane %d b:", l ? 5 : 0);
		for (int i = 0; i < 16; i++)
			printf(" %g", hl[l * 40 + 16 + i]);
		printf("\n  lane %d acc:", l ? 5 : 0);
		for (int i = 0; i < 8; i++)
			printf(" %g", hl[l * 40 + 32 + i]);
		printf("\n");
	}
}

template<int M, int N, int K>
void int8_shape(const char *name)
{
	signed char ha[M * K], hb[K * N];
	for (int i = 0; i < M * K; i++)
		ha[i] = (signed char)((i * 29) % 255 - 127);
	for (int i = 0; i < K * N; i++)
		hb[i] = (signed char)((i * 13) % 250 - 125);
	signed char *da, *db;
	int *dd;
	cudaMalloc(&da, sizeof(ha));
	cudaMalloc(&db, sizeof(hb));
	cudaMalloc(&dd, M * N * sizeof(int));
	cudaMemcpy(da, ha, sizeof(ha), cudaMemcpyHostToDevice);
	cudaMemcpy(db, hb, sizeof(hb), cudaMemcpyHostToDevice);
	gemm_i8<M, N, K><<<1, 32>>>(da, db, dd);
	int hd[M * N];
	cudaMemcpy(hd, dd, sizeof(hd), cudaMemcpyDeviceToHost);
	int bad = 0;
	for (int i = 0; i < M; i++)
		for (int j = 0; j < N; j++) {
			int s = 7;
			for (int k = 0; k < K; k++)
				s += ha[k * M + i] * hb[j * K + k]; // both col-major
			bad += s != hd[j * M + i];
		}
	printf("%s int8 (col-major): %d of %d differ from the CPU; d[0][0] = %d\n", name, bad, M * N, hd[0]);
}

template<int M, int N, int K>
void bf16_shape(const char *name)
{
	__nv_bfloat16 ha[M * K], hb[K * N];
	for (int i = 0; i < M * K; i++)
		ha[i] = __float2bfloat16((float)(i % 13) * 0.5f - 3.0f);
	for (int i = 0; i < K * N; i++)
		hb[i] = __float2bfloat16((float)(i % 3) - 1.0f);
	__nv_bfloat16 *da, *db;
	float *dd;
	cudaMalloc(&da, sizeof(ha));
	cudaMalloc(&db, sizeof(hb));
	cudaMalloc(&dd, M * N * sizeof(float));
	cudaMemcpy(da, ha, sizeof(ha), cudaMemcpyHostToDevice);
	cudaMemcpy(db, hb, sizeof(hb), cudaMemcpyHostToDevice);
	gemm_bf16<M, N, K><<<1, 32>>>(da, db, dd);
	float hd[M * N];
	cudaMemcpy(hd, dd, sizeof(hd), cudaMemcpyDeviceToHost);
	int bad = 0;
	for (int i = 0; i < M; i++)
		for (int j = 0; j < N; j++) {
			float s = 0;
			for (int k = 0; k < K; k++)
				s += __bfloat162float(ha[i * K + k]) * __bfloat162float(hb[j * K + k]);
			bad += s != hd[i * N + j];
		}
	printf("%s bf16: %d of %d differ from the CPU; d[1][2] = %g\n", name, bad, M * N, hd[N + 2]);
}

int main()
{
	half_shape<32, 8, 16>("m32n8k16");
	half_shape<8, 32, 16>("m8n32k16");
	int8_shape<32, 8, 16>("m32n8k16");
	int8_shape<8, 32, 16>("m8n32k16");
	bf16_shape<32, 8, 16>("m32n8k16");
	bf16_shape<8, 32, 16>("m8n32k16");

	/* 8x32 nibbles row-major A, 32x8 col-major B (each column 16 bytes) */
	unsigned a4[32], b4[32], a1[32], b1[32];
	for (int i = 0; i < 32; i++) {
		a4[i] = 0x12345678u * (unsigned)(i + 1) ^ 0x9abcdef0u;
		b4[i] = 0x0f1e2d3cu * (unsigned)(i + 3) + 0x4b5a6978u;
		a1[i] = 0xdeadbeefu * (unsigned)(i + 7);
		b1[i] = 0x01234567u * (unsigned)(i + 11) ^ 0xf0f0f0f0u;
	}
	unsigned *da4, *db4, *da1, *db1;
	int *dd;
	cudaMalloc(&da4, 128);
	cudaMalloc(&db4, 128);
	cudaMalloc(&da1, 128);
	cudaMalloc(&db1, 128);
	cudaMalloc(&dd, 257 * sizeof(int));
	cudaMemcpy(da4, a4, 128, cudaMemcpyHostToDevice);
	cudaMemcpy(db4, b4, 128, cudaMemcpyHostToDevice);
	cudaMemcpy(da1, a1, 128, cudaMemcpyHostToDevice);
	cudaMemcpy(db1, b1, 128, cudaMemcpyHostToDevice);
	subbyte<<<1, 32>>>(da4, db4, da1, db1, dd);
	int hd[257];
	cudaMemcpy(hd, dd, sizeof(hd), cudaMemcpyDeviceToHost);
	const char *names[] = { "s4 m8n8k32", "u4 m8n8k32", "b1 XOR popc", "b1 AND popc + 100" };
	for (int t = 0; t < 4; t++) {
		int bad = 0;
		for (int i = 0; i < 8; i++)
			for (int j = 0; j < 8; j++) {
				int s = t == 3 ? 100 : 0;
				for (int w = 0; w < 4; w++) {
					unsigned x = (t < 2 ? a4 : a1)[i * 4 + w], y = (t < 2 ? b4 : b1)[j * 4 + w];
					if (t >= 2) {
						s += popcount(t == 2 ? x ^ y : x & y);
						continue;
					}
					for (int q = 0; q < 8; q++) {
						int u = (int)(x >> (4 * q) & 15), v = (int)(y >> (4 * q) & 15);
						if (t == 0) {
							u = u >= 8 ? u - 16 : u;
							v = v >= 8 ? v - 16 : v;
						}
						s += u * v;
					}
				}
				bad += s != hd[t * 64 + i * 8 + j];
			}
		printf("%s: %d of 64 differ from the CPU; row 0:", names[t], bad);
		for (int j = 0; j < 8; j++)
			printf(" %d", hd[t * 64 + j]);
		printf("\n");
	}
	printf("s4 num_elements*1000 + num_storage_elements*100 + b1 num_elements = %d\n", hd[256]);
	printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
	return 0;
}
