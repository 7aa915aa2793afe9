// The L2 persistence API of NVIDIA's simpleAttributes sample: the persisting
// set-aside limit (cudaDeviceSetLimit/GetLimit), an access policy window set
// as a stream attribute, cudaCtxResetPersistingL2Cache, then a kernel on that
// stream. The cache is not modelled: the calls succeed and results are the same.
#include <stdio.h>

__global__ void inc(int *p, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		p[i] += 1;
}

int main()
{
	cudaDeviceProp prop;
	cudaGetDeviceProperties(&prop, 0);
	printf("persisting L2 max > 0: %d\n", prop.persistingL2CacheMaxSize > 0);
	size_t want = prop.persistingL2CacheMaxSize / 2, got = 1;
	cudaError_t e = cudaDeviceSetLimit(cudaLimitPersistingL2CacheSize, want);
	cudaDeviceGetLimit(&got, cudaLimitPersistingL2CacheSize);
	printf("set limit: %s, read back equal: %d\n", cudaGetErrorString(e), got == want);
	e = cudaDeviceSetLimit(cudaLimitPersistingL2CacheSize, (size_t)prop.persistingL2CacheMaxSize * 4);
	printf("over the maximum: %s\n", cudaGetErrorName(e));
	cudaGetLastError();

	int n = 1000, *d;
	cudaMalloc(&d, n * sizeof(int));
	cudaMemset(d, 0, n * sizeof(int));
	cudaStream_t s;
	cudaStreamCreate(&s);
	cudaStreamAttrValue v;
	v.accessPolicyWindow.base_ptr = d;
	v.accessPolicyWindow.num_bytes = n * sizeof(int);
	v.accessPolicyWindow.hitRatio = 0.6f;
	v.accessPolicyWindow.hitProp = cudaAccessPropertyPersisting;
	v.accessPolicyWindow.missProp = cudaAccessPropertyStreaming;
	cudaStreamAttrID id = cudaStreamAttributeAccessPolicyWindow;
	printf("set attribute: %s\n", cudaGetErrorString(cudaStreamSetAttribute(s, id, &v)));
	printf("reset persisting: %s\n", cudaGetErrorString(cudaCtxResetPersistingL2Cache()));
	inc<<<(n + 255) / 256, 256, 0, s>>>(d, n);
	inc<<<(n + 255) / 256, 256, 0, s>>>(d, n);
	cudaStreamSynchronize(s);
	int h[3];
	cudaMemcpy(h, d + 499, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d %d %d\n", h[0], h[1], h[2]);
	cudaStreamDestroy(s);
	cudaFree(d);
	return 0;
}
