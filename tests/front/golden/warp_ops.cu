#include <cstdio>
__global__ void warp(int *out, float *fo)
{
	int lane = threadIdx.x % 32;
	int v = lane;
	unsigned mask = __activemask();
	int all = __all_sync(0xffffffff, v >= 0);
	int any = __any_sync(mask, v > 30);
	unsigned b = __ballot_sync(mask, v & 1);
	int up = __shfl_up_sync(mask, v, 1);
	int x = __shfl_xor_sync(mask, v, 16, 32);
	float fv = __shfl_sync(mask, (float)v, 0);
	int red = __reduce_add_sync(mask, v);
	int pred;
	unsigned m = __match_all_sync(mask, v / 32, &pred);
	__syncwarp();
	__threadfence();
	atomicCAS(out, 0, 1);
	atomicMax(out + 1, v);
	atomicExch(fo, fv);
	int cnt = __syncthreads_count(v > 10);
	out[threadIdx.x] = all + any + b + up + x + red + m + pred + cnt;
	long long t0 = clock64();
	(void)t0;
}
int main() { int *o; float *f; cudaMalloc(&o, 256); cudaMalloc(&f, 4); warp<<<1, 32>>>(o, f); cudaDeviceSynchronize(); return 0; }
