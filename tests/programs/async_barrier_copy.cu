// cuda::memcpy_async completing on a cuda::barrier: the Programming Guide's
// with_barrier kernel (the whole block copies a batch into shared memory,
// barrier.arrive_and_wait() returns once every thread arrived and the copy
// has landed: the copy is a pending transaction of the phase), the same with
// cuda::aligned_size_t<16>, and one thread copying for the block with a
// split arrive / wait.
#include <cstdio>
#include <cooperative_groups.h>
#include <cuda/barrier>
#include <cuda/pipeline>
#pragma nv_diag_suppress 20054

__device__ void compute(int *global_out, const int *shared_in)
{
	auto block = cooperative_groups::this_thread_block();
	global_out[block.thread_rank()] = shared_in[block.size() - 1 - block.thread_rank()] + 1000;
}

__global__ void with_barrier(int *global_out, const int *global_in, size_t size, size_t batch_sz)
{
	auto grid = cooperative_groups::this_grid();
	auto block = cooperative_groups::this_thread_block();
	extern __shared__ int shared[];
	__shared__ cuda::barrier<cuda::thread_scope::thread_scope_block> barrier;
	if (block.thread_rank() == 0)
		init(&barrier, block.size());
	block.sync();
	for (size_t batch = 0; batch < batch_sz; ++batch) {
		size_t global_idx = block.group_index().x * block.size() + batch * grid.size();
		cuda::memcpy_async(block, shared, global_in + global_idx, sizeof(int) * block.size(), barrier);
		barrier.arrive_and_wait();
		compute(global_out + global_idx, shared);
		block.sync();
	}
}

__global__ void aligned(int *global_out, const int *global_in)
{
	auto block = cooperative_groups::this_thread_block();
	__shared__ __align__(16) int shared[128];
	__shared__ cuda::barrier<cuda::thread_scope_block> bar;
	if (block.thread_rank() == 0)
		init(&bar, block.size());
	block.sync();
	cuda::memcpy_async(block, shared, global_in, cuda::aligned_size_t<16>(sizeof(int) * 128), bar);
	bar.arrive_and_wait();
	for (int i = block.thread_rank(); i < 128; i += block.size())
		global_out[i] = shared[127 - i] * 2;
}

__global__ void one_copier(int *global_out, const int *global_in)
{
	__shared__ int shared[64];
	__shared__ cuda::barrier<cuda::thread_scope_block> bar;
	int t = threadIdx.x;
	if (t == 0)
		init(&bar, blockDim.x);
	__syncthreads();
	if (t == 0)
		cuda::memcpy_async(shared, global_in + 64, sizeof(int) * 64, bar);
	auto token = bar.arrive();
	int mine = t * t;              /* independent work while the copy is in flight */
	bar.wait(std::move(token));
	global_out[t] = shared[t] + shared[t + 32] + mine;
}

int main()
{
	const int blocks = 2, threads = 64, batches = 3;
	const size_t size = (size_t)blocks * threads * batches;
	int h[size], r[size], *d_in, *d_out;
	for (size_t i = 0; i < size; i++)
		h[i] = (int)((i * 29) % 113);
	cudaMalloc(&d_in, sizeof(h));
	cudaMalloc(&d_out, sizeof(r));
	cudaMemcpy(d_in, h, sizeof(h), cudaMemcpyHostToDevice);
	with_barrier<<<blocks, threads, threads * sizeof(int)>>>(d_out, d_in, size, batches);
	cudaMemcpy(r, d_out, sizeof(r), cudaMemcpyDeviceToHost);
	long long sum = 0;
	for (size_t i = 0; i < size; i++)
		sum += r[i];
	printf("with_barrier: sum %lld, out[0]=%d out[100]=%d out[383]=%d\n", sum, r[0], r[100], r[383]);

	aligned<<<1, 32>>>(d_out, d_in);
	cudaMemcpy(r, d_out, 128 * sizeof(int), cudaMemcpyDeviceToHost);
	printf("aligned_size_t<16>: %d %d %d\n", r[0], r[64], r[127]);

	one_copier<<<1, 32>>>(d_out, d_in);
	cudaMemcpy(r, d_out, 32 * sizeof(int), cudaMemcpyDeviceToHost);
	printf("one copier: %d %d %d\n", r[0], r[1], r[31]);
	printf("status: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
	return 0;
}
