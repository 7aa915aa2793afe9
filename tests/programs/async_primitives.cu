// The pipeline primitives (<cuda_pipeline.h>): __pipeline_memcpy_async of
// 4, 8 and 16 bytes (with zfill: the last bytes are zeros), __pipeline_commit
// closing a batch, __pipeline_wait_prior(N) leaving the newest N batches in
// flight (a batch's copies land at the wait that needs them); and the __mbarrier_* primitives (<cuda_awbarrier_primitives.h>)
// with __pipeline_arrive_on: the barrier's phase completes only once the
// arriving thread's copies have landed.
#include <cstdio>
#include <cuda_pipeline.h>
#include <cuda_awbarrier_primitives.h>

__global__ void batches(const int4 *in, int *out)
{
	__shared__ int4 s[3][32];
	int t = threadIdx.x;
	/* three batches of one 16-byte copy per thread */
	for (int b = 0; b < 3; b++) {
		__pipeline_memcpy_async(&s[b][t], &in[b * 32 + t], sizeof(int4));
		__pipeline_commit();
	}
	__pipeline_wait_prior(2); /* batch 0 has landed */
	int first = s[0][t].x + s[0][t].w;
	__pipeline_wait_prior(0); /* all of them */
	out[t] = first * 1000 + s[1][t].y + s[2][t].z;
}

__global__ void sizes_zfill(const int *in, int *out)
{
	__shared__ __align__(16) int s[64];
	int t = threadIdx.x;
	s[t] = -1;
	s[t + 32] = -1;
	__syncthreads();
	if (t < 8) {
		/* 8 bytes per thread: s[0..15] */
		__pipeline_memcpy_async(&s[2 * t], &in[2 * t], 8);
	} else if (t < 12) {
		/* 16 bytes with zfill 8: two values, then two zeros (s[16..31]) */
		__pipeline_memcpy_async(&s[16 + 4 * (t - 8)], &in[16 + 4 * (t - 8)], 16, 8);
	} else {
		/* 4 bytes (s[32..51]); the last thread's zfill 4 makes it a zero */
		__pipeline_memcpy_async(&s[20 + t], &in[20 + t], 4, t == 31 ? 4 : 0);
	}
	__pipeline_commit();
	__pipeline_wait_prior(0);
	__syncthreads();
	out[t] = s[t];
	out[t + 32] = s[t + 32];
}

__global__ void arrive_on(const int *in, int *out)
{
	__shared__ __mbarrier_t bar;
	__shared__ int s[64];
	int t = threadIdx.x;
	if (t == 0)
		__mbarrier_init(&bar, blockDim.x);
	__syncthreads();
	for (int phase = 0; phase < 2; phase++) {
		__pipeline_memcpy_async(&s[t], &in[phase * 64 + t], sizeof(int));
		__pipeline_memcpy_async(&s[t + 32], &in[phase * 64 + t + 32], sizeof(int));
		__pipeline_arrive_on(&bar);        /* the phase waits for these copies */
		__mbarrier_token_t tok = __mbarrier_arrive(&bar);
		while (!__mbarrier_test_wait(&bar, tok))
			;
		out[phase * 64 + t] = s[63 - t] + s[31 - t];
		out[phase * 64 + t + 32] = __mbarrier_test_wait_parity(&bar, phase & 1);
		__syncthreads(); /* everyone read s before the next copies */
	}
}

int main()
{
	int h[128], r[128], *d, *o;
	for (int i = 0; i < 128; i++)
		h[i] = i * 3 + 1;
	cudaMalloc(&d, sizeof(h));
	cudaMalloc(&o, sizeof(r));
	cudaMemcpy(d, h, sizeof(h), cudaMemcpyHostToDevice);

	int4 hv[96], *dv;
	for (int i = 0; i < 96; i++)
		hv[i] = make_int4(i, i + 100, i + 200, i + 300);
	cudaMalloc(&dv, sizeof(hv));
	cudaMemcpy(dv, hv, sizeof(hv), cudaMemcpyHostToDevice);
	batches<<<1, 32>>>(dv, o);
	cudaMemcpy(r, o, 32 * sizeof(int), cudaMemcpyDeviceToHost);
	printf("batches: %d %d %d\n", r[0], r[1], r[31]);

	sizes_zfill<<<1, 32>>>(d, o);
	cudaMemcpy(r, o, 64 * sizeof(int), cudaMemcpyDeviceToHost);
	printf("sizes and zfill:");
	for (int i = 0; i < 64; i++)
		printf(" %d", r[i]);
	printf("\n");

	arrive_on<<<1, 32>>>(d, o);
	cudaMemcpy(r, o, sizeof(r), cudaMemcpyDeviceToHost);
	printf("arrive_on: phase 0: %d %d %d, parity done %d; phase 1: %d %d %d, parity done %d\n", r[0], r[1],
	       r[31], r[32], r[64], r[65], r[95], r[96]);
	printf("status: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
	return 0;
}
