#include <cstdio>
#include <cstdlib>
#include <cassert>
#include <cstring>
__global__ void k(cudaTextureObject_t t, float *out)
{
	out[threadIdx.x] = tex1Dfetch<float>(t, threadIdx.x);	//@invalid-texture-object
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
	cudaDestroyTextureObject(t);	/* destroyed before the kernel runs */
	k<<<1, 32>>>(t, out);
	printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
	return 0;
}
