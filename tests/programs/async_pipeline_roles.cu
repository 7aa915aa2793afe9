// A partitioned cuda::pipeline (the Programming Guide's
// with_specialized_staging_unified): even threads are producers
// (producer_acquire, cuda::memcpy_async of one element, producer_commit),
// odd threads consumers (consumer_wait, compute, consumer_release), through
// two stages in shared memory; make_pipeline(block, &state, role). Then the
// producer-count form make_pipeline(block, &state, n) with one producer
// warp copying for three consumer warps through three stages.
#include <cstdio>
#include <cooperative_groups.h>
#include <cuda/pipeline>
#pragma nv_diag_suppress 20054

__device__ void compute(int *out, int v) { *out = v * 3 + 1; }

template <size_t stages_count = 2>
__global__ void with_specialized_staging_unified(int *global_out, const int *global_in, size_t size, size_t batch_sz)
{
	auto grid = cooperative_groups::this_grid();
	auto block = cooperative_groups::this_thread_block();
	const cuda::pipeline_role thread_role =
		block.thread_rank() % 2 == 0 ? cuda::pipeline_role::producer : cuda::pipeline_role::consumer;
	const int thread_idx = block.thread_rank() / 2;
	auto elements_per_batch = size / batch_sz;
	auto elements_per_batch_per_block = elements_per_batch / grid.group_dim().x;
	extern __shared__ int shared[];
	size_t shared_offset[stages_count];
	for (int s = 0; s < (int)stages_count; ++s)
		shared_offset[s] = s * elements_per_batch_per_block;
	__shared__ cuda::pipeline_shared_state<cuda::thread_scope::thread_scope_block, stages_count> shared_state;
	cuda::pipeline<cuda::thread_scope_block> pipeline = cuda::make_pipeline(block, &shared_state, thread_role);
	auto block_batch = [&](size_t batch) -> int {
		return elements_per_batch * batch + elements_per_batch_per_block * blockIdx.x;
	};
	for (size_t compute_batch = 0, fetch_batch = 0; compute_batch < batch_sz; ++compute_batch) {
		for (; fetch_batch < batch_sz && fetch_batch < (compute_batch + stages_count); ++fetch_batch) {
			if (thread_role == cuda::pipeline_role::producer) {
				pipeline.producer_acquire();
				size_t shared_idx = fetch_batch % stages_count;
				size_t global_batch_idx = block_batch(fetch_batch) + thread_idx;
				size_t shared_batch_idx = shared_offset[shared_idx] + thread_idx;
				cuda::memcpy_async(shared + shared_batch_idx, global_in + global_batch_idx, sizeof(int), pipeline);
				pipeline.producer_commit();
			}
		}
		if (thread_role == cuda::pipeline_role::consumer) {
			pipeline.consumer_wait();
			size_t shared_idx = compute_batch % stages_count;
			size_t global_batch_idx = block_batch(compute_batch) + thread_idx;
			size_t shared_batch_idx = shared_offset[shared_idx] + thread_idx;
			compute(global_out + global_batch_idx, *(shared + shared_batch_idx));
			pipeline.consumer_release();
		}
	}
}

/* warp 0 produces (the first 32 ranks), warps 1..3 consume: each consumer
 * adds up a third of the stage */
__global__ void one_producer_warp(const int *in, int *out, int batches)
{
	auto block = cooperative_groups::this_thread_block();
	__shared__ int stage[3][96];
	__shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 3> state;
	auto pipe = cuda::make_pipeline(block, &state, (size_t)32);
	int t = block.thread_rank();
	if (t < 32) {
		for (int b = 0; b < batches; b++) {
			pipe.producer_acquire();
			cuda::memcpy_async(&stage[b % 3][3 * t], in + b * 96 + 3 * t, sizeof(int) * 3, pipe);
			pipe.producer_commit();
		}
	} else {
		int c = t - 32, acc = 0;
		for (int b = 0; b < batches; b++) {
			pipe.consumer_wait();
			acc += stage[b % 3][c] * (b + 1);
			pipe.consumer_release();
		}
		out[c] = acc;
	}
}

int main()
{
	const int blocks = 2, threads = 64, batches = 4;
	const size_t size = (size_t)blocks * (threads / 2) * batches;
	int h[size], r[size], *d_in, *d_out;
	for (size_t i = 0; i < size; i++)
		h[i] = (int)((i * 7) % 50);
	cudaMalloc(&d_in, 1024 * sizeof(int));
	cudaMalloc(&d_out, 1024 * sizeof(int));
	cudaMemcpy(d_in, h, sizeof(h), cudaMemcpyHostToDevice);
	with_specialized_staging_unified<2><<<blocks, threads, 2 * (threads / 2) * sizeof(int)>>>(d_out, d_in, size, batches);
	cudaMemcpy(r, d_out, sizeof(r), cudaMemcpyDeviceToHost);
	int bad = 0;
	long long sum = 0;
	for (size_t i = 0; i < size; i++) {
		bad += r[i] != h[i] * 3 + 1;
		sum += r[i];
	}
	printf("partitioned: %d wrong, sum %lld, out[1]=%d out[255]=%d\n", bad, sum, r[1], r[255]);

	int big[5 * 96];
	for (int i = 0; i < 5 * 96; i++)
		big[i] = i % 13;
	cudaMemcpy(d_in, big, sizeof(big), cudaMemcpyHostToDevice);
	one_producer_warp<<<1, 128>>>(d_in, d_out, 5);
	cudaMemcpy(r, d_out, 96 * sizeof(int), cudaMemcpyDeviceToHost);
	printf("producer warp: %d %d %d\n", r[0], r[50], r[95]);
	printf("status: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
	return 0;
}
