// Range-based for over arrays (by value, by reference, const auto &), over a
// class with begin()/end(), nested, with break and continue, in host and
// device code.
#include <cstdio>
struct Span {
	int *p;
	int n;
	__host__ __device__ int *begin() const { return p; }
	__host__ __device__ int *end() const { return p + n; }
};
__global__ void k(int *out)
{
	int v[4] = { 1, 2, 3, 4 };
	for (int &x : v)
		x *= threadIdx.x + 1;
	int s = 0;
	for (const auto &x : v) {
		if (x == 6)
			continue;
		s += x;
	}
	out[threadIdx.x] = s;
}
int main()
{
	int a[5] = { 5, 4, 3, 2, 1 };
	int s = 0;
	for (int x : a)
		s += x;
	printf("sum %d\n", s);
	for (auto &x : a)
		x = x * 10;
	for (auto x : a) {
		if (x == 20)
			break;
		printf("%d ", x);
	}
	printf("\n");
	int m[2][3] = { { 1, 2, 3 }, { 4, 5, 6 } };
	for (auto &row : m)
		for (int x : row)
			printf("%d", x);
	printf("\n");
	Span sp = { a, 3 };
	for (int x : sp)
		printf("[%d]", x);
	printf("\n");
	int *d, h[4];
	cudaMalloc(&d, sizeof h);
	k<<<1, 4>>>(d);
	cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
	for (int x : h)
		printf("%d ", x);
	printf("\n");
	return 0;
}
