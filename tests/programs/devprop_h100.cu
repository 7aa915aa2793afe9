// The device as programs print it: cudaDeviceProp (CUDA 13's layout, sizeof
// 1008), cudaDeviceGetAttribute, cudaMemGetInfo's total and the default limits. warpstep's
// default profile is the H100 SXM 80GB; every value here is the real one
// (tools/hw/h100-devprops.txt).
#include <cstdio>
#include <cuda_runtime.h>

int main(void)
{
	cudaDeviceProp p;
	if (cudaGetDeviceProperties(&p, 0) != cudaSuccess)
		return 1;
	printf("sizeof(cudaDeviceProp) %zu\n", sizeof(cudaDeviceProp));
	printf("name %s\n", p.name);
	printf("totalGlobalMem %zu\n", p.totalGlobalMem);
	printf("sharedMemPerBlock %zu regsPerBlock %d warpSize %d\n", p.sharedMemPerBlock, p.regsPerBlock, p.warpSize);
	printf("maxThreadsPerBlock %d maxGridSize %d %d %d\n", p.maxThreadsPerBlock, p.maxGridSize[0],
	       p.maxGridSize[1], p.maxGridSize[2]);
	printf("totalConstMem %zu compute capability %d.%d\n", p.totalConstMem, p.major, p.minor);
	printf("multiProcessorCount %d\n", p.multiProcessorCount);
	printf("asyncEngineCount %d unifiedAddressing %d\n", p.asyncEngineCount, p.unifiedAddressing);
	printf("memoryBusWidth %d l2CacheSize %d persistingL2CacheMaxSize %d\n", p.memoryBusWidth, p.l2CacheSize,
	       p.persistingL2CacheMaxSize);
	printf("maxThreadsPerMultiProcessor %d maxBlocksPerMultiProcessor %d\n", p.maxThreadsPerMultiProcessor,
	       p.maxBlocksPerMultiProcessor);
	printf("sharedMemPerMultiprocessor %zu sharedMemPerBlockOptin %zu reservedSharedMemPerBlock %zu\n",
	       p.sharedMemPerMultiprocessor, p.sharedMemPerBlockOptin, p.reservedSharedMemPerBlock);
	printf("regsPerMultiprocessor %d managedMemory %d concurrentKernels %d cooperativeLaunch %d\n",
	       p.regsPerMultiprocessor, p.managedMemory, p.concurrentKernels, p.cooperativeLaunch);
	printf("maxTexture1D %d maxTexture2D %d %d maxSurface3D %d %d %d\n", p.maxTexture1D, p.maxTexture2D[0],
	       p.maxTexture2D[1], p.maxSurface3D[0], p.maxSurface3D[1], p.maxSurface3D[2]);
	printf("memoryPoolsSupported %d clusterLaunch %d deviceNumaId %d\n", p.memoryPoolsSupported,
	       p.clusterLaunch, p.deviceNumaId);
	int clock = 0, memclock = 0, ratio = 0;
	cudaDeviceGetAttribute(&clock, cudaDevAttrClockRate, 0);
	cudaDeviceGetAttribute(&memclock, cudaDevAttrMemoryClockRate, 0);
	cudaDeviceGetAttribute(&ratio, cudaDevAttrSingleToDoublePrecisionPerfRatio, 0);
	printf("clock %d kHz, memory clock %d kHz, fp32/fp64 %d\n", clock, memclock, ratio);
	int v = 0;
	cudaError_t e = cudaDeviceGetAttribute(&v, (cudaDeviceAttr)150, 0);
	printf("attribute 150: %s\n", cudaGetErrorName(e));
	size_t freeb = 0, total = 0;
	cudaMemGetInfo(&freeb, &total);
	printf("cudaMemGetInfo total %zu, free < total: %s\n", total, freeb < total ? "yes" : "no");
	size_t fifo = 0, heap = 0, stack = 0;
	cudaDeviceGetLimit(&fifo, cudaLimitPrintfFifoSize);
	cudaDeviceGetLimit(&heap, cudaLimitMallocHeapSize);
	cudaDeviceGetLimit(&stack, cudaLimitStackSize);
	printf("limits: printf FIFO %zu, heap %zu, stack %zu\n", fifo, heap, stack);
	int rt = 0;
	cudaRuntimeGetVersion(&rt);
	printf("runtime %d CUDART_VERSION %d\n", rt, CUDART_VERSION);
	return 0;
}
