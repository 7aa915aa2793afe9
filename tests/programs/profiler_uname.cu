// cudaProfilerStart/Stop (<cuda_profiler_api.h>) succeed; uname() (<sys/utsname.h>)
// names the system.
#include <cstdio>
#include <cuda_profiler_api.h>
#include <sys/utsname.h>
__global__ void k(int *x) { *x = 42; }
int main()
{
	utsname u;
	uname(&u);
	printf("%s\n", u.sysname);
	int *d, h = 0;
	cudaMalloc(&d, sizeof(int));
	printf("start %d\n", (int)cudaProfilerStart());
	k<<<1, 1>>>(d);
	printf("stop %d\n", (int)cudaProfilerStop());
	cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost);
	printf("%d\n", h);
	return 0;
}
