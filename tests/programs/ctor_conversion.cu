// A class with a converting constructor and a copy constructor taking
// `const T &`: ranking the conversion int -> T must not consider the copy
// constructor's own conversion again (one user-defined conversion at most;
// this used to recurse until the stack overflowed).
#include <cstdio>
struct P {
	int a;
	__host__ __device__ P(int x) : a(x) {}
	__host__ __device__ P(const P &o) : a(o.a) {}
	__host__ __device__ P operator+(const P &o) const { return P(a + o.a); }
};
__host__ __device__ int twice(P p) { return 2 * p.a; }
__global__ void k(int *out)
{
	P x(threadIdx.x), y = 5;
	out[threadIdx.x] = twice(x + y) + twice(7);
}
int main()
{
	P x(1), y(2);
	P z = x + y;
	printf("host %d %d\n", z.a, twice(4));
	int *d, h[4];
	cudaMalloc(&d, sizeof h);
	k<<<1, 4>>>(d);
	cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
	printf("device %d %d %d %d\n", h[0], h[1], h[2], h[3]);
	return 0;
}
