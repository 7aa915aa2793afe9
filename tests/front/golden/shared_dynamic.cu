#include <cstdio>
extern __shared__ float buf[];
__global__ void scale(float *x, float k)
{
	extern __shared__ float tmp[];
	__shared__ int flag;
	int t = threadIdx.x;
	tmp[t] = x[t];
	if (t == 0)
		flag = 1;
	__syncthreads();
	x[t] = tmp[blockDim.x - 1 - t] * k + flag + buf[0] * 0;
}
int main()
{
	float *x;
	cudaMalloc(&x, 64 * sizeof(float));
	scale<<<1, 64, 64 * sizeof(float)>>>(x, 2.0f);
	cudaDeviceSynchronize();
	return 0;
}
