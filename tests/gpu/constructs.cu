// constructs.cu - one kernel per group of IR constructs, for the golden PTX
// of tests/gpu/golden.t (docs/gpu.md lists what lowers). Valid CUDA: it
// builds with nvcc -arch=sm_90; its output is not checked here.
#include <assert.h>
#include <stdio.h>
#include <cuda/barrier>

#pragma nv_diag_suppress static_var_with_dynamic_init

__device__ int counter;
__constant__ float scale[4] = { 1.0f, 2.0f, 3.0f, 4.0f };
__managed__ int managed_total;

__device__ int fact(int n)
{
	return n <= 1 ? 1 : n * fact(n - 1);
}

__global__ void warp_ops(unsigned *out, int v)
{
	unsigned lane = threadIdx.x & 31;
	unsigned full = __activemask();
	out[0] = __ballot_sync(full, lane & 1);
	out[1] = __all_sync(full, v > 0) + __any_sync(full, lane == 3) + __uni_sync(full, v);
	out[2] = __match_any_sync(full, lane / 8);
	int pred;
	out[3] = __match_all_sync(full, v, &pred) + pred;
	out[4] = __reduce_add_sync(full, lane) + __reduce_max_sync(full, lane) + __reduce_xor_sync(full, lane);
	out[5] = __shfl_sync(full, lane, 0) + __shfl_up_sync(full, lane, 1, 16) + __shfl_xor_sync(full, lane, 4);
	double d = __shfl_down_sync(full, (double)lane * 0.5, 2);
	out[6] = (unsigned)d;
	__syncwarp(full);
}

__global__ void memory_ops(int *g, float *f, unsigned long long *u)
{
	__shared__ int tile[64];
	extern __shared__ float dyn[];
	int local[8];
	for (int i = 0; i < 8; i++)
		local[i] = i * (int)threadIdx.x;
	tile[threadIdx.x % 64] = local[threadIdx.x % 8];
	dyn[threadIdx.x] = scale[threadIdx.x % 4];
	__syncthreads();
	int n = __syncthreads_count(tile[0] > 0) + __syncthreads_and(1) + __syncthreads_or(0);
	atomicAdd(&counter, n);
	atomicAdd_block(&tile[1], 1);
	atomicMax_system(g, 7);
	atomicCAS(g + 1, 0, 1);
	atomicExch(f, 1.5f);
	atomicAdd(f + 1, dyn[threadIdx.x]);
	atomicInc((unsigned *)g + 2, 10u);
	atomicAdd(u, 1ull);
	__threadfence_block();
	__threadfence();
	__threadfence_system();
	g[3] = __ldg(g + 4) + fact(5) + tile[threadIdx.x % 64];
	atomicAdd(&managed_total, 1);
}

__global__ void services(int *out, int n)
{
	printf("thread %d of %d: %f %lld\n", threadIdx.x, n, 0.5 * n, (long long)n * 3);
	int *p = (int *)malloc(n * sizeof(int));
	if (p) {
		p[0] = n;
		out[threadIdx.x] = p[0];
		free(p);
	}
	assert(n > 0);
	if (n > 1000)
		__trap();
}

__global__ void barrier_ops(int *out)
{
	__shared__ cuda::barrier<cuda::thread_scope_block> bar;
	if (threadIdx.x == 0)
		init(&bar, blockDim.x);
	__syncthreads();
	out[threadIdx.x] = threadIdx.x;
	bar.arrive_and_wait();
	out[threadIdx.x] += out[(threadIdx.x + 1) % blockDim.x];
}

int main(void)
{
	unsigned *o;
	cudaMalloc(&o, 64);
	warp_ops<<<1, 32>>>(o, 3);
	cudaDeviceSynchronize();
	return 0;
}
