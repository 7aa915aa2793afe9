// Macros of the kind CUDA homework uses.
#define N 1024
#define BLOCK 256
#define CHECK(call) do { cudaError_t e = (call); if (e != cudaSuccess) { printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e)); exit(1); } } while (0)
#define IDX(i, j, w) ((i) * (w) + (j))
#define STR(x) #x
#define XSTR(x) STR(x)
#define CAT(a, b) a##b

__global__ void kernel(float *out, const float *in)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
#pragma unroll
	for (int k = 0; k < 4; k++)
		out[IDX(i, k, 4)] = in[i] * CAT(2., 0f);
}

int main(void)
{
	const char *s = XSTR(N);
	CHECK(cudaMalloc(&p, N * sizeof(float)));
	kernel<<<N / BLOCK, BLOCK>>>(out, in);
	return 0;
}
