#include <cstdio>
#include <cstdlib>
#include <cassert>
#include <cuda/barrier>
#include <cuda/pipeline>
// the destination is written while the copy is in flight: which write wins is undefined
__global__ void k(const int *in, int *out)
{
	__shared__ int s[32];
	__shared__ cuda::barrier<cuda::thread_scope_block> bar;
	int t = threadIdx.x;
	if (t == 0)
		init(&bar, blockDim.x);
	__syncthreads();
	if (t == 0)
		cuda::memcpy_async(s, in, sizeof(int) * 32, bar);
	s[t] = -t;	//@async-copy-write-in-flight
	bar.arrive_and_wait();
	out[t] = s[t];
}
int main()
{
	int *in, *out;
	cudaMalloc(&in, 32 * sizeof(int));
	cudaMalloc(&out, 32 * sizeof(int));
	cudaMemset(in, 0, 32 * sizeof(int));
	k<<<1, 32>>>(in, out);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
