// Errors: cudaGetErrorName/cudaGetErrorString for several codes; a failed runtime call sets the last
// error, cudaPeekAtLastError leaves it, cudaGetLastError returns and clears it; non-sticky errors do
// not stop later work.
#include <stdio.h>

__global__ void inc(int *p)
{
	p[threadIdx.x] += 1;
}

int main(void)
{
	cudaError_t codes[] = {cudaSuccess, cudaErrorInvalidValue, cudaErrorMemoryAllocation, cudaErrorInvalidConfiguration,
			       cudaErrorInvalidDevicePointer, cudaErrorInvalidMemcpyDirection, cudaErrorInvalidDevice,
			       cudaErrorIllegalAddress, cudaErrorLaunchFailure, cudaErrorAssert, cudaErrorLaunchOutOfResources,
			       cudaErrorInvalidSymbol, cudaErrorNotReady};
	for (unsigned i = 0; i < sizeof codes / sizeof codes[0]; i++)
		printf("%3d %s: %s\n", (int)codes[i], cudaGetErrorName(codes[i]), cudaGetErrorString(codes[i]));
	void *huge = NULL;
	cudaError_t e = cudaMalloc(&huge, (size_t)1 << 50);
	printf("huge cudaMalloc: %s, pointer %s\n", cudaGetErrorName(e), huge ? "set" : "NULL");
	printf("peek: %s\n", cudaGetErrorName(cudaPeekAtLastError()));
	printf("peek again: %s\n", cudaGetErrorName(cudaPeekAtLastError()));
	printf("get: %s\n", cudaGetErrorName(cudaGetLastError()));
	printf("get again: %s\n", cudaGetErrorName(cudaGetLastError()));
	int *d, h[4] = {1, 2, 3, 4};
	cudaMalloc(&d, sizeof h);
	cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
	inc<<<1, 4>>>(d);
	e = cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
	printf("work after non-sticky error: %s, %d %d %d %d\n", cudaGetErrorName(e), h[0], h[1], h[2], h[3]);
	e = cudaSetDevice(99);
	printf("cudaSetDevice(99): %s, last %s\n", cudaGetErrorName(e), cudaGetErrorName(cudaGetLastError()));
	return 0;
}
