// cudaGetDeviceProperties and cudaDeviceGetAttribute must agree, field by
// field, from the first field to the last. In warpstep the struct's layout is
// written twice (the built-in cuda_runtime.h the program sees, and the
// runtime's C copy that fills it); a field added to one and not the other
// shifts every later field, which this program catches.
#include <cstdio>
#include <cuda_runtime.h>

static int check(const char *name, int from_prop, cudaDeviceAttr attr)
{
	int v = -1;
	cudaDeviceGetAttribute(&v, attr, 0);
	if (v != from_prop) {
		printf("%s: prop %d, attribute %d\n", name, from_prop, v);
		return 1;
	}
	return 0;
}

int main(void)
{
	cudaDeviceProp p;
	int bad = 0;
	if (cudaGetDeviceProperties(&p, 0) != cudaSuccess) {
		printf("no device\n");
		return 1;
	}
	bad += check("warpSize", p.warpSize, cudaDevAttrWarpSize);
	bad += check("maxThreadsPerBlock", p.maxThreadsPerBlock, cudaDevAttrMaxThreadsPerBlock);
	bad += check("maxGridSize[1]", p.maxGridSize[1], cudaDevAttrMaxGridDimY);
	bad += check("major", p.major, cudaDevAttrComputeCapabilityMajor);
	bad += check("multiProcessorCount", p.multiProcessorCount, cudaDevAttrMultiProcessorCount);
	bad += check("l2CacheSize", p.l2CacheSize, cudaDevAttrL2CacheSize);
	bad += check("maxThreadsPerMultiProcessor", p.maxThreadsPerMultiProcessor,
		     cudaDevAttrMaxThreadsPerMultiProcessor);
	bad += check("cooperativeLaunch", p.cooperativeLaunch, cudaDevAttrCooperativeLaunch);
	bad += check("maxBlocksPerMultiProcessor", p.maxBlocksPerMultiProcessor,
		     cudaDevAttrMaxBlocksPerMultiprocessor);
	printf(bad ? "layout differs\n" : "properties and attributes agree\n");
	return bad;
}
