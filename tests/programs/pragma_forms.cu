// The pragmas of the Programming Guide's appendix as a program writes them:
// #pragma unroll with no count, a count, a parenthesized count, 1 (no
// unrolling) and a template-dependent constant; _Pragma("unroll") from a
// macro; the diagnostic pragmas nv_diag_suppress/warning/error/default/once
// and diag_suppress with nvcc's numbers, and nv_diagnostic push/pop. None of
// them changes a result: the loops print the same sums.
#include <cstdio>

#define UNROLLED(n) _Pragma("unroll") for (int i = 0; i < (n); i++)

#pragma nv_diagnostic push
#pragma nv_diag_suppress 177
#pragma nv_diag_warning 550
#pragma nv_diag_once 2464
#pragma nv_diag_default 550
#pragma diag_suppress 177
__device__ int unused_ok;
#pragma nv_diagnostic pop

template<int N>
__global__ void k(int *out)
{
	int t = threadIdx.x, s = 0;
#pragma unroll
	for (int i = 0; i < 4; i++)
		s += t * i;
	out[t * 5] = s;
	s = 0;
#pragma unroll 2
	for (int i = 0; i < 7; i++)
		s += i;
	out[t * 5 + 1] = s + t;
	s = 0;
#pragma unroll(3)
	for (int i = 0; i < 9; i++)
		s += i * i;
	out[t * 5 + 2] = s;
	s = 0;
#pragma unroll 1
	for (int i = 0; i < t; i++)
		s += 2;
	out[t * 5 + 3] = s;
	s = 0;
#pragma unroll N
	for (int i = 0; i < 2 * N; i++)
		s += i;
	s = 0;
	UNROLLED(5)
		s += i + t;
	out[t * 5 + 4] = s;
}

int main()
{
	int *d, h[20];
	cudaMalloc(&d, sizeof(h));
	k<4><<<1, 4>>>(d);
	cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
	for (int t = 0; t < 4; t++)
		printf("thread %d: %d %d %d %d %d\n", t, h[t * 5], h[t * 5 + 1], h[t * 5 + 2], h[t * 5 + 3], h[t * 5 + 4]);
	cudaFree(d);
	return 0;
}
