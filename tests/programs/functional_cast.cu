// Functional casts with a simple type (double(x), unsigned(n), int()), also
// first inside parentheses, where `(double(x) + 1.0)` is an expression and
// `(int (*)[4])p` is still a cast; host and device.
#include <cstdio>
#include <cstdlib>
struct V {
	float x;
	__host__ __device__ V(float a) : x(a) {}
};
__global__ void k(float *out, int n)
{
	int i = threadIdx.x;
	out[i] = float(i) / float(n) + (double(i) * 2.0) + (V(1.5f).x) + int(2.9f) + bool(i);
}
int main()
{
	srand(7);
	double d = double(rand()) / (double(RAND_MAX) + 1.0);
	printf("%d %g %d %u %ld %d %d\n", d >= 0.0 && d < 1.0, float(3) / 2, int(2.7), unsigned(5), long(7),
	       int(), (int)sizeof(double(1)));
	int grid[2][4] = { { 1, 2, 3, 4 }, { 5, 6, 7, 8 } };
	void *p = grid;
	int(*rows)[4] = (int(*)[4])p;
	printf("%d %d\n", rows[1][2], (int)sizeof(int(*)[4]));
	float *dout, h[4];
	cudaMalloc(&dout, sizeof h);
	k<<<1, 4>>>(dout, 4);
	cudaMemcpy(h, dout, sizeof h, cudaMemcpyDeviceToHost);
	for (int i = 0; i < 4; i++)
		printf("%.3f ", h[i]);
	printf("\n");
	return 0;
}
