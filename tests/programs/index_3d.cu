// 3D grid of 3D blocks: linear thread and block ids, checked against the host.
#include <stdio.h>

__global__ void ids(int *out, int nx, int ny, int nz)
{
	int x = blockIdx.x * blockDim.x + threadIdx.x;
	int y = blockIdx.y * blockDim.y + threadIdx.y;
	int z = blockIdx.z * blockDim.z + threadIdx.z;
	int tid = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
	int bid = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
	if (x < nx && y < ny && z < nz)
		out[(z * ny + y) * nx + x] = bid * 1000 + tid;
}

int main(void)
{
	const int nx = 5, ny = 4, nz = 3;
	const int n = nx * ny * nz;
	int h[60];
	int *d;
	cudaMalloc(&d, n * sizeof(int));
	dim3 block(2, 2, 2);
	dim3 grid(3, 2, 2);
	ids<<<grid, block>>>(d, nx, ny, nz);
	cudaMemcpy(h, d, n * sizeof(int), cudaMemcpyDeviceToHost);
	int bad = 0;
	long sum = 0;
	for (int z = 0; z < nz; z++)
		for (int y = 0; y < ny; y++)
			for (int x = 0; x < nx; x++) {
				int tid = (x % 2) + 2 * ((y % 2) + 2 * (z % 2));
				int bid = (x / 2) + 3 * ((y / 2) + 2 * (z / 2));
				int v = h[(z * ny + y) * nx + x];
				if (v != bid * 1000 + tid)
					bad++;
				sum += v;
			}
	printf("block %ux%ux%u grid %ux%ux%u\n", block.x, block.y, block.z, grid.x, grid.y, grid.z);
	printf("h[0]=%d h[7]=%d h[59]=%d\n", h[0], h[7], h[59]);
	printf("sum=%ld mismatches=%d\n", sum, bad);
	cudaFree(d);
	return 0;
}
