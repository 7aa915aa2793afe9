// Namespaces (nested, using-declarations), default arguments, function overloading, constexpr,
// static and const globals, auto and nullptr.
#include <stdio.h>

namespace geom {
constexpr int DIM = 3;
namespace detail {
__device__ __host__ int clampi(int v, int lo = 0, int hi = 9)
{
	return v < lo ? lo : v > hi ? hi : v;
}
}
__device__ __host__ int scale(int v, int by = 2)
{
	return v * by;
}
__device__ __host__ float scale(float v, float by = 0.5f)
{
	return v * by;
}
}

using geom::scale;
using namespace geom::detail;

static const int OFFSET = 4;

__global__ void k(int *ia, float *fa, const int *maybe)
{
	int t = threadIdx.x;
	auto a = scale(t);
	auto b = scale(t, 3);
	float c = scale((float)t);
	float d = scale(1.0f * t, 4.0f);
	int e = clampi(t * 2 - OFFSET);
	int f = clampi(t, 2, 5);
	ia[t * 4 + 0] = a;
	ia[t * 4 + 1] = b;
	ia[t * 4 + 2] = e;
	ia[t * 4 + 3] = f + (maybe == nullptr ? 0 : 100) + geom::DIM * 1000;
	fa[t * 2 + 0] = c;
	fa[t * 2 + 1] = d;
}

int main(void)
{
	int ia[32];
	float fa[16];
	int *dia;
	float *dfa;
	cudaMalloc(&dia, sizeof ia);
	cudaMalloc(&dfa, sizeof fa);
	k<<<1, 8>>>(dia, dfa, nullptr);
	cudaMemcpy(ia, dia, sizeof ia, cudaMemcpyDeviceToHost);
	cudaMemcpy(fa, dfa, sizeof fa, cudaMemcpyDeviceToHost);
	for (int t = 0; t < 8; t++)
		printf("t=%d: %d %d %.1f %.1f %d %d\n", t, ia[t * 4], ia[t * 4 + 1], fa[t * 2], fa[t * 2 + 1], ia[t * 4 + 2], ia[t * 4 + 3]);
	printf("host: %d %.2f %d\n", geom::scale(21), geom::scale(3.0f), geom::detail::clampi(-5));
	return 0;
}
