#include <cstdio>
#include <cstdlib>
#include <cassert>
#define W 32
__global__ void mm(const float *A, const float *B, float *C)
{
	int col = blockIdx.x * blockDim.x + threadIdx.x;
	int row = blockIdx.y * blockDim.y + threadIdx.y;
	float sum = 0.f;
	for (int i = 0; i < W; ++i)
		sum += A[row * W + i] * B[i * W + col];
	C[row * W + col] = sum;
}
__global__ void rd_then_wr(float *B, float *C)
{
	int col = threadIdx.x, row = blockIdx.x * blockDim.y + threadIdx.y;
	C[row * W + col] = B[col] + B[16 + col];
	if (blockIdx.x == 1 && threadIdx.y == 15)
		B[col] = 1.f;	//@global-race
	if (blockIdx.x == 0 && threadIdx.y == 15)
		B[16 + col] = 2.f;	//@global-race
}
int main()
{
	float *A, *B, *C;
	cudaMalloc(&A, W * W * sizeof(float));
	cudaMalloc(&B, W * W * sizeof(float));
	cudaMalloc(&C, W * W * sizeof(float));
	cudaMemset(A, 0, W * W * sizeof(float));
	cudaMemset(B, 0, W * W * sizeof(float));
	mm<<<dim3(2, 2), dim3(16, 16)>>>(A, B, C);
	cudaDeviceSynchronize();
	rd_then_wr<<<2, dim3(16, 16)>>>(B, C);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
