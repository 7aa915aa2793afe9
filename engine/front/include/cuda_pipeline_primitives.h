/* cuda_pipeline_primitives.h - warpstep built-in header: the pipeline
 * primitives of the Programming Guide (cp.async in PTX).
 *
 * __pipeline_memcpy_async(dst, src, size_and_align, zfill) starts a copy of
 * size_and_align bytes (4, 8 or 16; both pointers aligned to it; the last
 * zfill bytes are zeros) into this thread's open batch; __pipeline_commit()
 * closes the batch; __pipeline_wait_prior(n) waits until every committed
 * batch but the newest n has landed; __pipeline_arrive_on(bar) makes the
 * barrier's current phase wait for this thread's copies. The copies are
 * kept by the engine (engine/machine/async.c): their data lands at a point
 * the scheduler chooses, so a read before the wait sees the old bytes and is
 * an `async-copy-read-before-wait` finding. */
#ifndef __WS_CUDA_PIPELINE_PRIMITIVES
#define __WS_CUDA_PIPELINE_PRIMITIVES
#include <cuda_runtime.h>
#include <cuda_awbarrier_primitives.h>

__device__ void __ws_acp_issue(void *dst, const void *src, unsigned long long size, unsigned long long zfill,
			       int kind, void *sync, unsigned int rank, unsigned int nthreads,
			       unsigned int align, unsigned int chunk) __ws_builtin(__ws_acp_issue);
__device__ void __ws_acp_commit(int entangled) __ws_builtin(__ws_acp_commit);
__device__ void __ws_acp_wait_prior(unsigned long long n) __ws_builtin(__ws_acp_wait_prior);
__device__ void __ws_acp_arrive_on(void *bar) __ws_builtin(__ws_acp_arrive_on);

static inline __device__ void __pipeline_memcpy_async(void *dst_shared, const void *src_global,
						      size_t size_and_align, size_t zfill = 0)
{
	__ws_acp_issue(dst_shared, src_global, size_and_align, zfill, 3, 0, 0, 1, (unsigned int)size_and_align, 0);
}
static inline __device__ void __pipeline_commit(void) { __ws_acp_commit(1); }
static inline __device__ void __pipeline_wait_prior(size_t prior) { __ws_acp_wait_prior(prior); }
static inline __device__ void __pipeline_arrive_on(__mbarrier_t *bar) { __ws_acp_arrive_on(bar); }
#endif
