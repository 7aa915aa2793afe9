// Device queries: count, properties (only the warp size and thread limits are printed).
#include <stdio.h>

int main(void)
{
	int count = 0;
	cudaGetDeviceCount(&count);
	printf("at least one device: %s\n", count >= 1 ? "yes" : "no");
	cudaSetDevice(0);
	int dev = -1;
	cudaGetDevice(&dev);
	printf("current device: %d\n", dev);
	cudaDeviceProp prop;
	cudaError_t e = cudaGetDeviceProperties(&prop, 0);
	printf("cudaGetDeviceProperties: %s\n", cudaGetErrorString(e));
	printf("warpSize=%d maxThreadsPerBlock=%d maxThreadsDim=(%d,%d,%d)\n", prop.warpSize, prop.maxThreadsPerBlock,
	       prop.maxThreadsDim[0], prop.maxThreadsDim[1], prop.maxThreadsDim[2]);
	printf("sharedMemPerBlock=%zu major>=7: %s\n", prop.sharedMemPerBlock, prop.major >= 7 ? "yes" : "no");
	return 0;
}
