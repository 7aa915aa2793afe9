#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#define TILE 16
#define CHECK(call) do { cudaError_t e = (call); if (e != cudaSuccess) { fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(e), __FILE__, __LINE__); exit(1); } } while (0)
__global__ void matmul(const float *__restrict__ A, const float *__restrict__ B, float *__restrict__ C, int N)
{
	__shared__ float As[TILE][TILE];
	__shared__ float Bs[TILE][TILE];
	int row = blockIdx.y * TILE + threadIdx.y, col = blockIdx.x * TILE + threadIdx.x;
	float acc = 0.0f;
	for (int t = 0; t < (N + TILE - 1) / TILE; ++t) {
		As[threadIdx.y][threadIdx.x] = (row < N && t * TILE + threadIdx.x < N) ? A[row * N + t * TILE + threadIdx.x] : 0.0f;
		Bs[threadIdx.y][threadIdx.x] = (col < N && t * TILE + threadIdx.y < N) ? __ldg(&B[(t * TILE + threadIdx.y) * N + col]) : 0.0f;
		__syncthreads();
#pragma unroll
		for (int k = 0; k < TILE; ++k)
			acc += As[threadIdx.y][k] * Bs[k][threadIdx.x];
		__syncthreads();
	}
	if (row < N && col < N)
		C[row * N + col] = acc;
}
__global__ void histo(const unsigned char *in, unsigned int *bins, int n)
{
	__shared__ unsigned int local[256];
	for (int i = threadIdx.x; i < 256; i += blockDim.x) local[i] = 0;
	__syncthreads();
	for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
		atomicAdd(&local[in[i]], 1u);
	__syncthreads();
	for (int i = threadIdx.x; i < 256; i += blockDim.x) atomicAdd(&bins[i], local[i]);
}
__device__ float2 cmul(float2 a, float2 b) { return make_float2(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x); }
__global__ void misc(float *o, float4 *v)
{
	float2 z = cmul(make_float2(1.0f, 2.0f), make_float2(3.0f, -1.0f));
	float4 q = v[threadIdx.x];
	o[threadIdx.x] = sqrtf(fabsf(z.x)) + expf(-q.w) + fminf(q.x, q.y) + max(1, 2) + min(3.0f, 4.0f) + __sinf(0.5f) + powf(2.0f, 3.0f);
}
int main(void)
{
	const int N = 64;
	size_t bytes = N * N * sizeof(float);
	float *hA = (float *)malloc(bytes), *hB = (float *)malloc(bytes), *hC = (float *)malloc(bytes);
	for (int i = 0; i < N * N; i++) { hA[i] = 1.0f; hB[i] = 2.0f; }
	float *dA, *dB, *dC;
	CHECK(cudaMalloc(&dA, bytes)); CHECK(cudaMalloc(&dB, bytes)); CHECK(cudaMalloc(&dC, bytes));
	CHECK(cudaMemcpy(dA, hA, bytes, cudaMemcpyHostToDevice));
	CHECK(cudaMemcpy(dB, hB, bytes, cudaMemcpyHostToDevice));
	dim3 block(TILE, TILE), grid((N + TILE - 1) / TILE, (N + TILE - 1) / TILE);
	matmul<<<grid, block>>>(dA, dB, dC, N);
	CHECK(cudaGetLastError());
	CHECK(cudaMemcpy(hC, dC, bytes, cudaMemcpyDeviceToHost));
	int bad = 0;
	for (int i = 0; i < N * N; i++) if (fabs(hC[i] - 2.0f * N) > 1e-3) bad++;
	printf("matmul %s\n", bad ? "FAIL" : "ok");
	cudaEvent_t s, e; cudaEventCreate(&s); cudaEventCreate(&e);
	cudaEventRecord(s);
	unsigned char *din; unsigned int *dbins;
	CHECK(cudaMalloc(&din, 1000)); CHECK(cudaMemset(din, 7, 1000)); CHECK(cudaMalloc(&dbins, 256 * 4)); CHECK(cudaMemset(dbins, 0, 1024));
	histo<<<4, 128>>>(din, dbins, 1000);
	unsigned hb[256];
	cudaMemcpy(hb, dbins, sizeof(hb), cudaMemcpyDeviceToHost);
	cudaEventRecord(e); cudaEventSynchronize(e);
	float ms; cudaEventElapsedTime(&ms, s, e);
	printf("bin7 %u\n", hb[7]);
	float *dmo; float4 *dv;
	cudaMalloc(&dmo, 32 * 4); cudaMalloc(&dv, 32 * sizeof(float4));
	cudaMemset(dv, 0, 32 * sizeof(float4));
	misc<<<1, 32>>>(dmo, dv);
	float hm[32]; cudaMemcpy(hm, dmo, sizeof hm, cudaMemcpyDeviceToHost);
	printf("misc %.4f\n", hm[0]);
	cudaFree(dA); cudaFree(dB); cudaFree(dC);
	free(hA); free(hB); free(hC);
	return 0;
}
