// An argument converted to a class parameter by a converting constructor
// with default arguments takes only its own argument: f(g, 2, 3, a) with
// dim3-like parameters is D(2), D(3), a -- not D(2, 3, a). The CUDA form
// is cudaLaunchCooperativeKernel(k, 2, 2, args), which real programs write.
#include <cstdio>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

struct D {
	unsigned x, y, z;
	D(unsigned a = 1, unsigned b = 1, unsigned c = 1) : x(a), y(b), z(c) {}
};

int f(const void *p, D g, D b, void **args, size_t s = 0)
{
	return (int)(g.x * 1000 + g.y * 100 + b.x * 10 + b.y) + (args ? 0 : 5) + (int)s;
}

template <class T> int f(T p, D g, D b, void **args, size_t s = 0)
{
	return f((const void *)p, g, b, args, s);
}

int h(D a, int k) { return (int)(a.x + a.y + a.z) * k; }

void g() {}

__global__ void count(int *n)
{
	cg::this_grid().sync();
	if (threadIdx.x == 0)
		atomicAdd(n, 1);
}

int main()
{
	void *a[1] = { nullptr };
	printf("%d %d %d\n", f(g, 2, 3, a), f((void *)g, 4, D(5, 6), a, 7), h(9, 10));
	int *d, n = 0;
	cudaMalloc(&d, sizeof(int));
	cudaMemset(d, 0, sizeof(int));
	void *args[] = { &d };
	cudaError_t e = cudaLaunchCooperativeKernel(count, 2, 32, args);
	cudaDeviceSynchronize();
	cudaMemcpy(&n, d, sizeof(int), cudaMemcpyDeviceToHost);
	printf("%d blocks counted (%s)\n", n, cudaGetErrorString(e));
	return 0;
}
