// cudaMemcpy error checks: an invalid direction, a null pointer, and error names and strings
// for a few codes; a CHECK macro in the usual homework style.
#include <stdio.h>
#include <stdlib.h>

#define CHECK(call)                                                                   \
	do {                                                                          \
		cudaError_t err_ = (call);                                            \
		if (err_ != cudaSuccess)                                              \
			printf("CHECK failed: %s -> %d %s\n", #call, (int)err_, cudaGetErrorName(err_)); \
	} while (0)

int main(void)
{
	int h[4] = {1, 2, 3, 4};
	int *d;
	CHECK(cudaMalloc(&d, sizeof h));
	CHECK(cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice));
	cudaError_t e = cudaMemcpy(d, h, sizeof h, (cudaMemcpyKind)42);
	printf("bad direction: %d %s \"%s\"\n", (int)e, cudaGetErrorName(e), cudaGetErrorString(e));
	printf("last error now: %d\n", (int)cudaGetLastError());
	CHECK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
	printf("data intact: %d %d %d %d\n", h[0], h[1], h[2], h[3]);
	int codes[6] = {0, 1, 2, 9, 700, 400};
	for (int i = 0; i < 6; i++) {
		cudaError_t c = (cudaError_t)codes[i];
		printf("%3d %s: %s\n", codes[i], cudaGetErrorName(c), cudaGetErrorString(c));
	}
	CHECK(cudaFree(d));
	return 0;
}
