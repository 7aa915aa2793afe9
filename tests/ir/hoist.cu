// hoist.cu - golden of loop-invariant code motion (tests/ir/licm.t): the k
// loops of a tiled product and of its CPU reference, as `warpstep run`
// compiles them (dump-run-ir).
#include <stdio.h>

#define T 4

__global__ void tile(const float *a, float *c)
{
	__shared__ float as[T][T];
	__shared__ float bs[T][T];
	int tx = threadIdx.x, ty = threadIdx.y;
	as[ty][tx] = a[ty * T + tx];
	bs[ty][tx] = a[tx * T + ty];
	__syncthreads();
	float sum = 0.0f;
	for (int k = 0; k < T; k++)
		sum += as[ty][k] * bs[k][tx];   // as[ty] and bs[.][tx] move out of the loop
	c[ty * T + tx] = sum;
}

static void reference(const float *A, const float *B, float *C, int n)
{
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++)
			for (int k = 0; k < n; k++)
				C[i * n + j] += A[i * n + k] * B[k * n + j]; // &C[i*n+j], i*n move; the loads stay
}

int main(void)
{
	float ha[T * T], hb[T * T], hc[T * T], r[T * T];
	for (int i = 0; i < T * T; i++)
		ha[i] = (float)(i % 5);
	for (int i = 0; i < T * T; i++) {
		hb[i] = ha[(i % T) * T + i / T];
		r[i] = 0.0f;
	}
	float *a, *c;
	cudaMalloc(&a, sizeof(ha));
	cudaMalloc(&c, sizeof(hc));
	cudaMemcpy(a, ha, sizeof(ha), cudaMemcpyHostToDevice);
	tile<<<1, dim3(T, T)>>>(a, c);
	cudaMemcpy(hc, c, sizeof(hc), cudaMemcpyDeviceToHost);
	reference(ha, hb, r, T);
	int bad = 0;
	for (int i = 0; i < T * T; i++)
		bad += r[i] != hc[i];
	printf("c[1][2]=%g c[3][3]=%g, %d differ\n", hc[1 * T + 2], hc[3 * T + 3], bad);
	return 0;
}
