/* headers_smoke.cu - uses much of the built-in headers; valid CUDA (nvcc -arch=sm_90 -c). */
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cmath>
#include <cstdint>
#include <climits>
#include <cfloat>
#include <cassert>
#include <algorithm>
#include <utility>
#include <ctime>
#include <math_constants.h>
#include <stdbool.h>
#include <device_launch_parameters.h>
__device__ int gv[4];
__global__ void k(float *a, int n) {
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	float s = sqrtf(a[i]) + sqrt(a[i]) + __sinf(1.0f) + powf(2.0f, 3) + pow(a[i], 2) + sqrt(2.0f);
	int m = min(i, n) + max(3u, 4) + abs(-3);
	s += __shfl_down_sync(0xffffffff, s, 1);
	s += __shfl_sync(0xffffffff, s, 0, 16);
	atomicAdd(&gv[0], 1); atomicAdd(a, 1.0f); atomicCAS((unsigned long long *)a, 1ull, 2ull);
	__syncthreads(); __syncwarp();
	float2 f2 = make_float2(1, 2); float4 f4 = __ldg((const float4 *)a);
	int e; float fr = frexpf(s, &e); double ip; double fp = modf(2.5, &ip);
	printf("%d %f %d %f %f\n", m, s, __popc(5), fr + fp, f2.x + f4.y);
	assert(i >= 0);
	long long c = clock64(); clock_t c2 = clock(); (void)c; (void)c2;
	if (isnan(s) || isinf(1.0) || signbit(-1.0f)) s = INFINITY;
	a[i] = fmaxf(s, fmax(1.0, 2.0)) + sqrtf(2.0f) + fminf(s, 1);
}
int main() {
	float *d; cudaMalloc(&d, 16); cudaMallocManaged(&d, 16);
	cudaMemcpyToSymbol(gv, d, 16); int h[4]; cudaMemcpyFromSymbol(h, gv, 16);
	cudaDeviceProp p; cudaGetDeviceProperties(&p, 0);
	cudaStream_t s; cudaStreamCreate(&s); cudaEvent_t e; cudaEventCreate(&e); cudaEventRecord(e);
	dim3 g(2), b(32, 2); (void)g; (void)b;
	void *args[2]; cudaLaunchCooperativeKernel(k, g, b, args);
	cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, 1000);
	int nb; cudaOccupancyMaxActiveBlocksPerMultiprocessor(&nb, k, 128, 0);
	cudaError_t err = cudaGetLastError();
	if (err != cudaSuccess) fprintf(stderr, "%s\n", cudaGetErrorString(err));
	char buf[32]; snprintf(buf, sizeof buf, "%d", 1); puts(buf);
	int *x = (int *)malloc(4); free(x); srand(1); printf("%d %ld %g\n", rand(), strtol("1", NULL, 10), atof("1.5"));
	return EXIT_SUCCESS;
}
/* host-side C++ conveniences of <cmath>/<algorithm> */
double host_only(int n) { return sqrt(n) + std::min(n, 2) + std::max(1.5, 2.5) + std::sqrt(2.0f) + fmax(1.0f, 2.0); }
