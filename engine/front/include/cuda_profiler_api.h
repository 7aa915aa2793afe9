/* cuda_profiler_api.h - warpstep built-in header. Starting and stopping the
 * profiler succeeds and has no other effect, as on a GPU with no profiler
 * attached. */
#ifndef __WS_CUDA_PROFILER_API_H
#define __WS_CUDA_PROFILER_API_H
#include <cuda_runtime.h>
static inline cudaError_t cudaProfilerStart(void) { return cudaSuccess; }
static inline cudaError_t cudaProfilerStop(void) { return cudaSuccess; }
#endif
