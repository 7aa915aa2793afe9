/* bench/native/cuda_host.h: just enough of CUDA for g++ to compile the HOST part of a
 * bench/NAME.cu natively (bench/host.sh: the native twin of the host code warpstep
 * interprets). Device memory is host memory, copies are memcpy; bench/host.sh removes the
 * launch's <<<...>>> and runs the program with argument 0, so no kernel body ever runs. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define __global__
#define __shared__ static
#define __device__
struct dim3 {
	unsigned x, y, z;
	dim3(unsigned a = 1, unsigned b = 1, unsigned c = 1) : x(a), y(b), z(c) {}
};
static dim3 threadIdx, blockIdx, blockDim, gridDim;
enum cudaMemcpyKind { cudaMemcpyHostToDevice, cudaMemcpyDeviceToHost, cudaMemcpyDeviceToDevice };
template <class T> static int cudaMalloc(T **p, size_t n) { *p = (T *)malloc(n); return *p == 0; }
static int cudaMemcpy(void *d, const void *s, size_t n, cudaMemcpyKind) { memcpy(d, s, n); return 0; }
static int cudaMemset(void *d, int v, size_t n) { memset(d, v, n); return 0; }
static int cudaFree(void *p) { free(p); return 0; }
static void __syncthreads(void) {}
template <class T> static T atomicAdd(T *p, T v) { T o = *p; *p += v; return o; }
template <class T> static T __shfl_down_sync(unsigned, T v, int) { return v; }
