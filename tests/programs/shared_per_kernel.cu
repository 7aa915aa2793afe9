// Static shared memory is reserved per kernel: a kernel's blocks need only the
// __shared__ variables that kernel (and the device functions it calls) uses,
// not those of the other kernels in the file. It shows in cudaFuncGetAttributes
// (sharedSizeBytes), in the occupancy API and in how many blocks a cooperative
// launch may have.
#include <stdio.h>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void big(float *out)
{
	__shared__ float tile[10000]; /* 40000 bytes */
	tile[threadIdx.x] = (float)threadIdx.x;
	__syncthreads();
	out[threadIdx.x] = tile[blockDim.x - 1 - threadIdx.x];
}

__device__ int neighbour(int v)
{
	__shared__ int ring[64]; /* 256 bytes, in small's share through the call */
	ring[threadIdx.x % 64] = v;
	__syncthreads();
	return ring[(threadIdx.x + 1) % 64];
}

__global__ void small(int *out)
{
	out[blockIdx.x * blockDim.x + threadIdx.x] = neighbour(threadIdx.x);
}

__global__ void everyone(int *count)
{
	__shared__ int local[8];
	if (threadIdx.x < 8)
		local[threadIdx.x] = 1;
	cg::this_grid().sync();
	if (threadIdx.x == 0)
		atomicAdd(count, local[0]);
}

int main(void)
{
	cudaFuncAttributes a;
	cudaFuncGetAttributes(&a, big);
	printf("big: sharedSizeBytes %zu\n", a.sharedSizeBytes);
	cudaFuncGetAttributes(&a, small);
	printf("small: sharedSizeBytes %zu\n", a.sharedSizeBytes);
	cudaFuncGetAttributes(&a, everyone);
	printf("everyone: sharedSizeBytes %zu\n", a.sharedSizeBytes);
	int nbig, nsmall, nall;
	cudaOccupancyMaxActiveBlocksPerMultiprocessor(&nbig, big, 256, 0);
	cudaOccupancyMaxActiveBlocksPerMultiprocessor(&nsmall, small, 256, 0);
	cudaOccupancyMaxActiveBlocksPerMultiprocessor(&nall, everyone, 256, 0);
	printf("blocks of 256 threads per SM: big %d, small %d, everyone %d\n", nbig, nsmall, nall);

	float *dout;
	int *dsmall, *dcount, count = 0;
	cudaMalloc(&dout, 256 * sizeof(float));
	cudaMalloc(&dsmall, 128 * sizeof(int));
	cudaMalloc(&dcount, sizeof(int));
	cudaMemset(dcount, 0, sizeof(int));
	big<<<1, 256>>>(dout);
	small<<<2, 64>>>(dsmall);
	int sms;
	cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
	void *args[] = {(void *)&dcount};
	cudaError_t e = cudaLaunchCooperativeKernel((void *)everyone, dim3(nall * sms), dim3(256), args, 0, 0);
	printf("cooperative launch of everyone with %d x SMs blocks: %s\n", nall, cudaGetErrorString(e));
	e = cudaLaunchCooperativeKernel((void *)everyone, dim3(nall * sms + 1), dim3(256), args, 0, 0);
	printf("with one block more: %s\n", cudaGetErrorString(e));
	cudaGetLastError();
	float hout[256];
	int hsmall[128];
	cudaMemcpy(hout, dout, sizeof hout, cudaMemcpyDeviceToHost);
	cudaMemcpy(hsmall, dsmall, sizeof hsmall, cudaMemcpyDeviceToHost);
	cudaMemcpy(&count, dcount, sizeof count, cudaMemcpyDeviceToHost);
	printf("big: %.0f %.0f; small: %d %d %d; everyone counted %d blocks\n", hout[0], hout[255], hsmall[0], hsmall[63],
	       hsmall[127], count);
	return 0;
}
