#include <cstdio>
#include <cstdlib>
#include <cassert>
#include <cstring>
__global__ void k(cudaTextureObject_t t, float *out)
{
	out[threadIdx.x] = tex1Dfetch<float>(t, threadIdx.x + 16);
}
int main()
{
	float *d, *out;
	cudaMalloc(&d, 32 * sizeof(float));
	cudaMalloc(&out, 32 * sizeof(float));
	cudaMemset(d, 0, 32 * sizeof(float));
	cudaResourceDesc rd;
	memset(&rd, 0, sizeof(rd));
	rd.resType = cudaResourceTypeLinear;
	rd.res.linear.devPtr = d;
	rd.res.linear.desc = cudaCreateChannelDesc<float>();
	rd.res.linear.sizeInBytes = 32 * sizeof(float);
	cudaTextureDesc td;
	memset(&td, 0, sizeof(td));
	cudaTextureObject_t t;
	cudaCreateTextureObject(&t, &rd, &td, NULL);
	k<<<1, 32>>>(t, out);	/* past the end reads zero: no finding */
	printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
	cudaDestroyTextureObject(t);
	return 0;
}
