// Kernels whose loops, compares and divisions read blockDim and gridDim, launched with
// several block shapes (1-D, 2-D, 3-D) and grid shapes: `warpstep run` specialises each
// launch's copy on its shape (docs/PERFORMANCE.md, s16-spec); the output must be the one
// the kernels compute from the shapes, whichever shape came first.
#include <stdio.h>

// the classic tree reduction: its trip count is log2(blockDim.x)
__global__ void reduce(const int *in, int *out, int n)
{
	extern __shared__ int s[];
	unsigned t = threadIdx.x;
	unsigned i = blockIdx.x * blockDim.x + t;
	s[t] = i < n ? in[i] : 0;
	__syncthreads();
	for (unsigned stride = blockDim.x / 2; stride > 0; stride >>= 1) {
		if (t < stride)
			s[t] += s[t + stride];
		__syncthreads();
	}
	if (t == 0)
		out[blockIdx.x] = s[0];
}

// a grid-stride loop, a division and a remainder by blockDim, a compare with it
__global__ void stride_sum(const int *in, int *out, int n)
{
	int acc = 0;
	for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
		acc += in[i] * (1 + i / blockDim.x % 3) + (threadIdx.x < blockDim.x / 3 ? 1 : 0);
	atomicAdd(out, acc);
}

// 2-D and 3-D blocks: every dimension read, in loops and in the index
__global__ void shape3(int *out)
{
	int lin = (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
	int v = 0;
	for (unsigned k = 0; k < blockDim.x * blockDim.y; k += blockDim.z)
		v += k % (blockDim.y + 1);
	for (unsigned k = blockDim.z; k < 8; k <<= 1)
		v += (int)k;
	if (threadIdx.x == blockDim.x - 1 && threadIdx.y < blockDim.y / 2)
		v += 1000;
	out[blockIdx.x * blockDim.x * blockDim.y * blockDim.z + lin] = v + (int)(gridDim.x * 10000);
}

static long long check_reduce(const int *d_in, int *d_out, int *h_out, int n, int block)
{
	int blocks = (n + block - 1) / block;
	reduce<<<blocks, block, block * sizeof(int)>>>(d_in, d_out, n);
	cudaMemcpy(h_out, d_out, blocks * sizeof(int), cudaMemcpyDeviceToHost);
	long long sum = 0;
	for (int b = 0; b < blocks; b++)
		sum += h_out[b];
	return sum;
}

int main(void)
{
	const int n = 5000;
	int *h = (int *)malloc(n * sizeof(int)), *h_out = (int *)malloc(n * sizeof(int));
	long long want = 0;
	for (int i = 0; i < n; i++) {
		h[i] = (i * 13) % 97 - 40;
		want += h[i];
	}
	int *d_in, *d_out;
	cudaMalloc(&d_in, n * sizeof(int));
	cudaMalloc(&d_out, n * sizeof(int));
	cudaMemcpy(d_in, h, n * sizeof(int), cudaMemcpyHostToDevice);
	// one kernel, three block shapes, then the first again
	int shapes[] = { 256, 64, 512, 256 };
	for (int k = 0; k < 4; k++)
		printf("reduce block %d: %lld (want %lld)\n", shapes[k], check_reduce(d_in, d_out, h_out, n, shapes[k]),
		       want);
	// the grid-stride loop under two grid and block shapes
	int gs[][2] = { { 4, 128 }, { 7, 96 }, { 4, 128 } };
	for (int k = 0; k < 3; k++) {
		cudaMemset(d_out, 0, sizeof(int));
		stride_sum<<<gs[k][0], gs[k][1]>>>(d_in, d_out, n);
		int r;
		cudaMemcpy(&r, d_out, sizeof(int), cudaMemcpyDeviceToHost);
		printf("stride_sum <<<%d, %d>>>: %d\n", gs[k][0], gs[k][1], r);
	}
	dim3 bs[] = { dim3(8, 4, 1), dim3(4, 4, 4), dim3(16, 2, 2), dim3(8, 4, 1) };
	for (int k = 0; k < 4; k++) {
		int per = bs[k].x * bs[k].y * bs[k].z;
		shape3<<<3, bs[k]>>>(d_out);
		cudaMemcpy(h_out, d_out, 3 * per * sizeof(int), cudaMemcpyDeviceToHost);
		long long s = 0;
		for (int i = 0; i < 3 * per; i++)
			s += h_out[i] * (long long)(i % 7 + 1);
		printf("shape3 block (%u,%u,%u): %lld first %d last %d\n", bs[k].x, bs[k].y, bs[k].z, s, h_out[0],
		       h_out[3 * per - 1]);
	}
	cudaFree(d_in);
	cudaFree(d_out);
	free(h);
	free(h_out);
	return 0;
}
