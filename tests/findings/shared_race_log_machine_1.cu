#include <cstdio>
#include <cstdlib>
#include <cassert>
#define TILE 16
__global__ void k(const int *in, int *out)
{
	__shared__ int as[TILE][TILE];
	__shared__ int bs[TILE][TILE];
	int tx = threadIdx.x, ty = threadIdx.y, w = ty / 2;
	as[ty][tx] = in[ty * TILE + tx];
	bs[ty][tx] = in[TILE * TILE + ty * TILE + tx];
	__syncthreads();
	int v = 0;
	for (int k = 0; k < TILE; k++)
		v += as[ty][k] * bs[k][tx];
	if (w == 7) {
		for (int i = 0; i < 3000; i++)
			v += i * tx;
		if (ty == 14 && tx == 0)
			as[2][9] = v;	//@shared-race
	}
	__syncthreads();
	if (w == 0 && tx == 4 && ty == 0)
		bs[9][4] = v;
	if (w == 3) {
		for (int i = 0; i < 3000; i++)
			v += i * tx;
		for (int k = 0; k < TILE; k++)
			v += as[ty][k] * bs[k][tx];	//@shared-race
	}
	__syncthreads();
	__syncwarp();
	for (int k = 0; k < TILE; k++)
		v += as[ty][k] * bs[k][tx];
	if (w == 2) {
		__syncwarp();
		if (ty == 4 && tx == 0)
			as[5][9] = v;
	}
	if (w == 5 && ty == 10 && tx == 0)
		as[11][9] = v;	//@shared-race
	out[blockIdx.x * TILE * TILE + ty * TILE + tx] = v;
}
int main()
{
	int *in, *out, h[TILE * TILE];
	cudaMalloc(&in, 2 * TILE * TILE * sizeof(int));
	cudaMalloc(&out, 2 * TILE * TILE * sizeof(int));
	cudaMemset(in, 0, 2 * TILE * TILE * sizeof(int));
	k<<<2, dim3(TILE, TILE)>>>(in, out);
	cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d\n", h[0]);
	return 0;
}
