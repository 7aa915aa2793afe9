// Prototypes with unnamed parameters or top-level const that differ from the
// definition, and a launch formatted `k << <grid, block >> > (args)` as some
// editors do; INFINITY and NAN from math.h through cuda_runtime.h.
#include <cstdio>
__global__ void add(int *, const int *, int);
void fill(int *a, int n);
void show(const int n, int *a);
__global__ void add(int *out, const int *in, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n) out[i] = in[i] + 1;
}
void fill(int *a, const int n) { for (int i = 0; i < n; i++) a[i] = i; }
void show(int n, int *a) { for (int i = 0; i < n; i++) printf("%d ", a[i]); printf("\n"); }
int main()
{
	int h[8], *d_in, *d_out;
	fill(h, 8);
	cudaMalloc(&d_in, sizeof h); cudaMalloc(&d_out, sizeof h);
	cudaMemcpy(d_in, h, sizeof h, cudaMemcpyHostToDevice);
	add << <1, 8 >> > (d_out, d_in, 8);
	cudaMemcpy(h, d_out, sizeof h, cudaMemcpyDeviceToHost);
	show(8, h);
	float inf = INFINITY, nan = NAN;
	printf("%f %f\n", inf, nan);
	return 0;
}
