// Block- and system-scope atomics: atomicAdd_block/atomicMax_block/atomicCAS_block on shared
// memory, atomicAdd_system/atomicOr_system on global memory.
#include <stdio.h>

__global__ void k(int *per_block, int *sys_sum, unsigned *sys_or)
{
	__shared__ int sum, mx, first;
	if (threadIdx.x == 0) {
		sum = 0;
		mx = -1;
		first = -1;
	}
	__syncthreads();
	atomicAdd_block(&sum, threadIdx.x);
	atomicMax_block(&mx, (int)((threadIdx.x * 13) % blockDim.x));
	atomicCAS_block(&first, -1, 1000);
	atomicAdd_system(sys_sum, 1);
	atomicOr_system(sys_or, 1u << blockIdx.x);
	__syncthreads();
	if (threadIdx.x == 0) {
		per_block[blockIdx.x * 3 + 0] = sum;
		per_block[blockIdx.x * 3 + 1] = mx;
		per_block[blockIdx.x * 3 + 2] = first;
	}
}

int main(void)
{
	int pb[12], *dpb, *ds, s = 0;
	unsigned *dor, o = 0;
	cudaMalloc(&dpb, sizeof pb);
	cudaMalloc(&ds, sizeof s);
	cudaMalloc(&dor, sizeof o);
	cudaMemcpy(ds, &s, sizeof s, cudaMemcpyHostToDevice);
	cudaMemcpy(dor, &o, sizeof o, cudaMemcpyHostToDevice);
	k<<<4, 48>>>(dpb, ds, dor);
	cudaMemcpy(pb, dpb, sizeof pb, cudaMemcpyDeviceToHost);
	cudaMemcpy(&s, ds, sizeof s, cudaMemcpyDeviceToHost);
	cudaMemcpy(&o, dor, sizeof o, cudaMemcpyDeviceToHost);
	for (int b = 0; b < 4; b++)
		printf("block %d: sum=%d max=%d cas=%d\n", b, pb[b * 3], pb[b * 3 + 1], pb[b * 3 + 2]);
	printf("system sum=%d or=%x\n", s, o);
	return 0;
}
