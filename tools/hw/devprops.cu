// devprops.cu - print every cudaDeviceProp field and every cudaDeviceGetAttribute
// value of device 0, to record a real GPU's profile for warpstep's --device table.
// Build: nvcc -arch=sm_90 -o devprops devprops.cu
#include <cstdio>
#include <cuda_runtime.h>
int main()
{
	cudaDeviceProp p;
	cudaGetDeviceProperties(&p, 0);
	int rt = 0, drv = 0;
	cudaRuntimeGetVersion(&rt);
	cudaDriverGetVersion(&drv);
	printf("runtime %d driver %d sizeof(cudaDeviceProp) %zu\n", rt, drv, sizeof p);
	printf("name %s\n", p.name);
	printf("totalGlobalMem %zu\nsharedMemPerBlock %zu\nregsPerBlock %d\nwarpSize %d\nmemPitch %zu\n",
	       p.totalGlobalMem, p.sharedMemPerBlock, p.regsPerBlock, p.warpSize, p.memPitch);
	printf("maxThreadsPerBlock %d\nmaxThreadsDim %d %d %d\nmaxGridSize %d %d %d\n", p.maxThreadsPerBlock,
	       p.maxThreadsDim[0], p.maxThreadsDim[1], p.maxThreadsDim[2], p.maxGridSize[0], p.maxGridSize[1], p.maxGridSize[2]);
	printf("totalConstMem %zu\nmajor %d\nminor %d\ntextureAlignment %zu\ntexturePitchAlignment %zu\n", p.totalConstMem,
	       p.major, p.minor, p.textureAlignment, p.texturePitchAlignment);
	printf("multiProcessorCount %d\nintegrated %d\ncanMapHostMemory %d\nconcurrentKernels %d\nECCEnabled %d\n",
	       p.multiProcessorCount, p.integrated, p.canMapHostMemory, p.concurrentKernels, p.ECCEnabled);
	printf("pciBusID %d\npciDeviceID %d\npciDomainID %d\ntccDriver %d\nasyncEngineCount %d\nunifiedAddressing %d\n",
	       p.pciBusID, p.pciDeviceID, p.pciDomainID, p.tccDriver, p.asyncEngineCount, p.unifiedAddressing);
	printf("memoryBusWidth %d\nl2CacheSize %d\npersistingL2CacheMaxSize %d\nmaxThreadsPerMultiProcessor %d\n",
	       p.memoryBusWidth, p.l2CacheSize, p.persistingL2CacheMaxSize, p.maxThreadsPerMultiProcessor);
	printf("streamPrioritiesSupported %d\nglobalL1CacheSupported %d\nlocalL1CacheSupported %d\n",
	       p.streamPrioritiesSupported, p.globalL1CacheSupported, p.localL1CacheSupported);
	printf("sharedMemPerMultiprocessor %zu\nregsPerMultiprocessor %d\nmanagedMemory %d\nisMultiGpuBoard %d\n",
	       p.sharedMemPerMultiprocessor, p.regsPerMultiprocessor, p.managedMemory, p.isMultiGpuBoard);
	printf("multiGpuBoardGroupID %d\nhostNativeAtomicSupported %d\npageableMemoryAccess %d\nconcurrentManagedAccess %d\n",
	       p.multiGpuBoardGroupID, p.hostNativeAtomicSupported, p.pageableMemoryAccess, p.concurrentManagedAccess);
	printf("computePreemptionSupported %d\ncanUseHostPointerForRegisteredMem %d\ncooperativeLaunch %d\n",
	       p.computePreemptionSupported, p.canUseHostPointerForRegisteredMem, p.cooperativeLaunch);
	printf("sharedMemPerBlockOptin %zu\npageableMemoryAccessUsesHostPageTables %d\ndirectManagedMemAccessFromHost %d\n",
	       p.sharedMemPerBlockOptin, p.pageableMemoryAccessUsesHostPageTables, p.directManagedMemAccessFromHost);
	printf("maxBlocksPerMultiProcessor %d\naccessPolicyMaxWindowSize %d\nreservedSharedMemPerBlock %zu\n",
	       p.maxBlocksPerMultiProcessor, p.accessPolicyMaxWindowSize, p.reservedSharedMemPerBlock);
	printf("hostRegisterSupported %d\nsparseCudaArraySupported %d\nhostRegisterReadOnlySupported %d\n",
	       p.hostRegisterSupported, p.sparseCudaArraySupported, p.hostRegisterReadOnlySupported);
	printf("timelineSemaphoreInteropSupported %d\nmemoryPoolsSupported %d\ngpuDirectRDMASupported %d\n",
	       p.timelineSemaphoreInteropSupported, p.memoryPoolsSupported, p.gpuDirectRDMASupported);
	printf("memoryPoolSupportedHandleTypes %u\nclusterLaunch %d\nunifiedFunctionPointers %d\n",
	       p.memoryPoolSupportedHandleTypes, p.clusterLaunch, p.unifiedFunctionPointers);
	printf("deviceNumaConfig %d\ndeviceNumaId %d\nmpsEnabled %d\nhostNumaId %d\ngpuPciDeviceID %u\ngpuPciSubsystemID %u\nhostNumaMultinodeIpcSupported %d\n",
	       p.deviceNumaConfig, p.deviceNumaId, p.mpsEnabled, p.hostNumaId, p.gpuPciDeviceID, p.gpuPciSubsystemID,
	       p.hostNumaMultinodeIpcSupported);
	for (int a = 1; a < 160; a++) {
		int v = 0;
		cudaError_t e = cudaDeviceGetAttribute(&v, (cudaDeviceAttr)a, 0);
		printf("attr %d %s %d\n", a, e == cudaSuccess ? "ok" : cudaGetErrorName(e), v);
		cudaGetLastError();
	}
	size_t fr = 0, tot = 0;
	cudaMemGetInfo(&fr, &tot);
	printf("memGetInfo total %zu\n", tot);
	int lo, hi;
	cudaDeviceGetStreamPriorityRange(&lo, &hi);
	printf("streamPriorityRange %d %d\n", lo, hi);
	size_t lim;
	cudaDeviceGetLimit(&lim, cudaLimitPrintfFifoSize); printf("limit printf %zu\n", lim);
	cudaDeviceGetLimit(&lim, cudaLimitMallocHeapSize); printf("limit heap %zu\n", lim);
	cudaDeviceGetLimit(&lim, cudaLimitStackSize); printf("limit stack %zu\n", lim);
	return 0;
}
