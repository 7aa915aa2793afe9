// Blocks are kept between launches and reused by the next launch of the same block shape:
// thread indices, parameters (a struct by value), local arrays and shared memory must be
// those of the new launch. Two kernels with different block shapes launched alternately,
// a 3-D block, a partial last warp, a grid larger than the resident blocks.
#include <cstdio>

struct coef { int a, b, c; };

__global__ void lin(int *out, coef k)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	out[i] = k.a * i + k.b - k.c;
}

__global__ void cube(int *out, int base)
{
	__shared__ int s[64];
	int t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
	s[t] = threadIdx.x * 100 + threadIdx.y * 10 + threadIdx.z;
	__syncthreads();
	int local[4];
	for (int j = 0; j < 4; j++)
		local[j] = s[(t + j) % 64] + base;
	out[blockIdx.x * 64 + t] = local[t % 4];
}

__global__ void odd(int *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		out[i] = i * 3 + (int)threadIdx.x;
}

static long sum(const int *d, int n)
{
	static int h[1 << 16];
	cudaMemcpy(h, d, n * sizeof(int), cudaMemcpyDeviceToHost);
	long s = 0;
	for (int i = 0; i < n; i++)
		s += (long)h[i] * (i % 7 + 1);
	return s;
}

int main()
{
	int *d;
	cudaMalloc(&d, (1 << 16) * sizeof(int));
	for (int r = 0; r < 3; r++) {
		coef k = { r + 1, 10 * r, 7 };
		lin<<<256, 128>>>(d, k);
		printf("round %d lin  %ld\n", r, sum(d, 256 * 128));
		cube<<<300, dim3(8, 4, 2)>>>(d, r * 1000);
		printf("round %d cube %ld\n", r, sum(d, 300 * 64));
		odd<<<37, 40>>>(d, 37 * 40 - 5);
		printf("round %d odd  %ld\n", r, sum(d, 37 * 40 - 5));
	}
	printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
	return 0;
}
