// tid_shapes: threadIdx.x, .y and .z in blocks of one, two and three dimensions, block
// widths that are and are not multiples of the warp size (a short last warp), with one
// atomicAdd per thread so that tests/programs_fast.t runs it with --fast too (the fast
// path computes threadIdx of a one-dimensional block from the warp and lane numbers).
#include <stdio.h>

__global__ void ids(unsigned *out, unsigned *count)
{
	unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
	unsigned n = blockDim.x * blockDim.y * blockDim.z;
	out[blockIdx.x * n + t] = threadIdx.x * 10000u + threadIdx.y * 100u + threadIdx.z;
	atomicAdd(count, 1u);
}

static void run(dim3 grid, dim3 block)
{
	unsigned n = block.x * block.y * block.z, total = grid.x * n;
	unsigned *d, *c, h[2048], cnt = 0;
	cudaMalloc(&d, total * sizeof(unsigned));
	cudaMalloc(&c, sizeof(unsigned));
	cudaMemset(d, 0xff, total * sizeof(unsigned));
	cudaMemset(c, 0, sizeof(unsigned));
	ids<<<grid, block>>>(d, c);
	cudaMemcpy(h, d, total * sizeof(unsigned), cudaMemcpyDeviceToHost);
	cudaMemcpy(&cnt, c, sizeof(unsigned), cudaMemcpyDeviceToHost);
	unsigned long long sx = 0, sy = 0, sz = 0;
	int bad = 0;
	for (unsigned i = 0; i < total; i++) {
		unsigned t = i % n, x = t % block.x, y = t / block.x % block.y, z = t / (block.x * block.y);
		sx += h[i] / 10000u;
		sy += h[i] / 100u % 100u;
		sz += h[i] % 100u;
		if (h[i] != x * 10000u + y * 100u + z)
			bad++;
	}
	printf("block %ux%ux%u grid %u: threads %u, sum x %llu y %llu z %llu, last %u, wrong %d\n", block.x,
	       block.y, block.z, grid.x, cnt, sx, sy, sz, h[total - 1], bad);
	cudaFree(d);
	cudaFree(c);
}

int main(void)
{
	run(dim3(3), dim3(64));
	run(dim3(2), dim3(40));
	run(dim3(2), dim3(7));
	run(dim3(1), dim3(1024));
	run(dim3(2), dim3(40, 3));
	run(dim3(2), dim3(32, 2));
	run(dim3(1), dim3(5, 4, 3));
	run(dim3(1), dim3(1, 1, 64));
	return 0;
}
