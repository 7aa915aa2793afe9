/* cooperative_groups/memcpy_async.h - warpstep built-in header:
 * cooperative_groups::memcpy_async, wait and wait_prior.
 *
 * memcpy_async(group, dst, src, bytes) (bytes a size_t or a
 * cuda::aligned_size_t) and memcpy_async(group, dst, dst_count, src,
 * src_count) (element counts, the smaller one copied) split the copy among
 * the group's threads in strided chunks and close one batch per call, as
 * the real header does with the pipeline primitives; wait(group) waits for
 * this thread's batches and syncs the group; wait_prior<N>(group) leaves the
 * newest N batches in flight. The copies are asynchronous in the engine
 * (engine/machine/async.c): a read of the destination before the wait sees
 * the old bytes and is an `async-copy-read-before-wait` finding. */
#ifndef __WS_CG_MEMCPY_ASYNC
#define __WS_CG_MEMCPY_ASYNC
#include <cooperative_groups.h>
#include <cuda/pipeline>

namespace cooperative_groups {
template<class Group, class T, class Size>
__device__ void memcpy_async(const Group &group, T *dst, const T *src, const Size &bytes)
{
	static_assert(__is_trivially_copyable(T), "memcpy_async requires a trivially copyable type");
	__ws_acp_issue((void *)dst, (const void *)src, cuda::__ws_size_value(bytes), 0, 0, 0,
		       (unsigned int)group.thread_rank(), (unsigned int)group.size(), cuda::__ws_size_align(bytes), 0);
	__ws_acp_commit(0);
}
template<class Group, class T, class DstCount, class SrcCount>
__device__ void memcpy_async(const Group &group, T *dst, const DstCount &dst_count, const T *src,
			     const SrcCount &src_count)
{
	static_assert(__is_trivially_copyable(T), "memcpy_async requires a trivially copyable type");
	size_t d = cuda::__ws_size_value(dst_count), s = cuda::__ws_size_value(src_count);
	__ws_acp_issue((void *)dst, (const void *)src, (d < s ? d : s) * sizeof(T), 0, 0, 0,
		       (unsigned int)group.thread_rank(), (unsigned int)group.size(), 0, 0);
	__ws_acp_commit(0);
}
template<unsigned int Stage, class Group> __device__ void wait_prior(const Group &group)
{
	__ws_acp_wait_prior(Stage);
	group.sync();
}
template<class Group> __device__ void wait(const Group &group)
{
	__ws_acp_wait_prior(0);
	group.sync();
}
}
#endif
