// cuda::pipeline (<cuda/pipeline>): the Programming Guide's two pipelined
// copy/compute kernels. with_staging_unified: a block-scope pipeline made
// from a __shared__ cuda::pipeline_shared_state with two stages, every
// thread producer and consumer (producer_acquire, cuda::memcpy_async of the
// whole block's batch, producer_commit, consumer_wait, consumer_release).
// with_staging_scope_thread: a thread-scope pipeline (make_pipeline()) with
// several stages, each thread fetching its own element up to stages_count
// batches ahead, and pipeline_consumer_wait_prior<N>.
#include <cstdio>
#include <cassert>
#include <cooperative_groups.h>
#include <cuda/pipeline>

__device__ void compute(int *global_out, const int *shared_in)
{
	auto block = cooperative_groups::this_thread_block();
	global_out[block.thread_rank()] = shared_in[block.thread_rank()] * 2 + 1;
}

__global__ void with_staging_unified(int *global_out, const int *global_in, size_t size, size_t batch_sz)
{
	auto grid = cooperative_groups::this_grid();
	auto block = cooperative_groups::this_thread_block();
	assert(size == batch_sz * grid.size());
	constexpr size_t stages_count = 2;
	extern __shared__ int shared[];
	size_t shared_offset[stages_count] = { 0, block.size() };
	__shared__ cuda::pipeline_shared_state<cuda::thread_scope::thread_scope_block, stages_count> shared_state;
	auto pipeline = cuda::make_pipeline(block, &shared_state);
	auto block_batch = [&](size_t batch) -> int {
		return block.group_index().x * block.size() + grid.size() * batch;
	};
	if (batch_sz == 0)
		return;
	pipeline.producer_acquire();
	cuda::memcpy_async(block, shared + shared_offset[0], global_in + block_batch(0), sizeof(int) * block.size(), pipeline);
	pipeline.producer_commit();
	for (size_t batch = 1; batch < batch_sz; ++batch) {
		size_t compute_stage_idx = (batch - 1) % 2;
		size_t copy_stage_idx = batch % 2;
		size_t global_idx = block_batch(batch);
		pipeline.producer_acquire();
		cuda::memcpy_async(block, shared + shared_offset[copy_stage_idx], global_in + global_idx,
				   sizeof(int) * block.size(), pipeline);
		pipeline.producer_commit();
		pipeline.consumer_wait();
		compute(global_out + block_batch(batch - 1), shared + shared_offset[compute_stage_idx]);
		pipeline.consumer_release();
	}
	pipeline.consumer_wait();
	compute(global_out + block_batch(batch_sz - 1), shared + shared_offset[(batch_sz - 1) % 2]);
	pipeline.consumer_release();
}

template <typename T, size_t stages_count = 2>
__global__ void with_staging_scope_thread(T *global_out, const T *global_in, size_t size, size_t batch_sz)
{
	auto grid = cooperative_groups::this_grid();
	auto block = cooperative_groups::this_thread_block();
	auto thread = cooperative_groups::this_thread();
	assert(size == batch_sz * grid.size());
	extern __shared__ T tshared[];
	size_t shared_offset[stages_count];
	for (int s = 0; s < (int)stages_count; ++s)
		shared_offset[s] = s * block.size();
	cuda::pipeline<cuda::thread_scope_thread> pipeline = cuda::make_pipeline();
	auto block_batch = [&](size_t batch) -> int {
		return block.group_index().x * block.size() + grid.size() * batch;
	};
	for (size_t compute_batch = 0, fetch_batch = 0; compute_batch < batch_sz; ++compute_batch) {
		for (; fetch_batch < batch_sz && fetch_batch < (compute_batch + stages_count); ++fetch_batch) {
			pipeline.producer_acquire();
			size_t shared_idx = fetch_batch % stages_count;
			size_t thread_batch_idx = block_batch(fetch_batch) + threadIdx.x;
			cuda::memcpy_async(thread, tshared + shared_offset[shared_idx] + threadIdx.x,
					   global_in + thread_batch_idx, sizeof(T), pipeline);
			pipeline.producer_commit();
		}
		pipeline.consumer_wait();
		int shared_idx = compute_batch % stages_count;
		compute(global_out + block_batch(compute_batch), tshared + shared_offset[shared_idx]);
		pipeline.consumer_release();
	}
}

/* the oldest of three committed batches by pipeline_consumer_wait_prior<2> */
__global__ void wait_prior_kernel(int *out, const int *in)
{
	__shared__ int s[3][32];
	auto thread = cooperative_groups::this_thread();
	cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();
	for (int b = 0; b < 3; b++) {
		pipe.producer_acquire();
		cuda::memcpy_async(thread, &s[b][threadIdx.x], in + b * 32 + threadIdx.x, sizeof(int), pipe);
		pipe.producer_commit();
	}
	cuda::pipeline_consumer_wait_prior<2>(pipe);
	int first = s[0][threadIdx.x];
	cuda::pipeline_consumer_wait_prior<0>(pipe);
	out[threadIdx.x] = first * 10000 + s[1][threadIdx.x] * 100 + s[2][threadIdx.x];
}

int main()
{
	const int blocks = 2, threads = 64, batches = 5;
	const size_t size = (size_t)blocks * threads * batches;
	int *h = new int[size], *r = new int[size], *d_in, *d_out;
	for (size_t i = 0; i < size; i++)
		h[i] = (int)((i * 13) % 97);
	cudaMalloc(&d_in, size * sizeof(int));
	cudaMalloc(&d_out, size * sizeof(int));
	cudaMemcpy(d_in, h, size * sizeof(int), cudaMemcpyHostToDevice);

	cudaMemset(d_out, 0, size * sizeof(int));
	with_staging_unified<<<blocks, threads, 2 * threads * sizeof(int)>>>(d_out, d_in, size, batches);
	cudaMemcpy(r, d_out, size * sizeof(int), cudaMemcpyDeviceToHost);
	int bad = 0;
	long long sum = 0;
	for (size_t i = 0; i < size; i++) {
		bad += r[i] != h[i] * 2 + 1;
		sum += r[i];
	}
	printf("unified 2-stage: %d wrong, sum %lld, out[0]=%d out[200]=%d out[%d]=%d\n", bad, sum, r[0], r[200],
	       (int)size - 1, r[size - 1]);

	for (int stages = 2; stages <= 3; stages++) {
		cudaMemset(d_out, 0, size * sizeof(int));
		if (stages == 2)
			with_staging_scope_thread<int, 2><<<blocks, threads, 2 * threads * sizeof(int)>>>(d_out, d_in, size, batches);
		else
			with_staging_scope_thread<int, 3><<<blocks, threads, 3 * threads * sizeof(int)>>>(d_out, d_in, size, batches);
		cudaMemcpy(r, d_out, size * sizeof(int), cudaMemcpyDeviceToHost);
		bad = 0;
		sum = 0;
		for (size_t i = 0; i < size; i++) {
			bad += r[i] != h[i] * 2 + 1;
			sum += r[i];
		}
		printf("thread scope %d-stage: %d wrong, sum %lld, out[7]=%d\n", stages, bad, sum, r[7]);
	}

	int w[32];
	wait_prior_kernel<<<1, 32>>>(d_out, d_in);
	cudaMemcpy(w, d_out, sizeof(w), cudaMemcpyDeviceToHost);
	printf("wait_prior: %d %d %d\n", w[0], w[1], w[31]);
	printf("status: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
	cudaFree(d_in);
	cudaFree(d_out);
	delete[] h;
	delete[] r;
	return 0;
}
