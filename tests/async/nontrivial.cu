// cuda::memcpy_async of a type with a user copy constructor: libcu++
// refuses it at compile time (it copies bytes, never calling the constructor).
#include <cstdio>
#include <cuda/barrier>
#include <cuda/pipeline>

struct Tracked {
	int v;
	__device__ Tracked() : v(0) {}
	__device__ Tracked(const Tracked &o) : v(o.v + 1) {}
};

__global__ void k(const Tracked *in, int *out)
{
	__shared__ Tracked s[32];
	__shared__ cuda::barrier<cuda::thread_scope_block> bar;
	if (threadIdx.x == 0)
		init(&bar, blockDim.x);
	__syncthreads();
	cuda::memcpy_async(&s[threadIdx.x], &in[threadIdx.x], sizeof(Tracked), bar);
	bar.arrive_and_wait();
	out[threadIdx.x] = s[threadIdx.x].v;
}

int main()
{
	k<<<1, 32>>>(nullptr, nullptr);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
