/* bits/ws_asm.h - warpstep built-in header: what inline PTX asm() statements
 * are translated into (engine/front/parse_asm.c): special registers and the
 * bit-field helpers. Included by cuda_runtime.h. */
#ifndef __WS_ASM_H
#define __WS_ASM_H
__device__ unsigned int __ws_laneid(void) __ws_builtin(__ws_laneid);
__device__ unsigned int __ws_warpid(void) __ws_builtin(__ws_warpid);
__device__ unsigned int __ws_nwarpid(void) __ws_builtin(__ws_nwarpid);
__device__ unsigned int __ws_smid(void) __ws_builtin(__ws_smid);
__device__ unsigned int __ws_nsmid(void) __ws_builtin(__ws_nsmid);
__device__ unsigned int __ws_lanemask_lt(void) __ws_builtin(__ws_lanemask_lt);
__device__ unsigned int __ws_lanemask_le(void) __ws_builtin(__ws_lanemask_le);
__device__ unsigned int __ws_lanemask_eq(void) __ws_builtin(__ws_lanemask_eq);
__device__ unsigned int __ws_lanemask_ge(void) __ws_builtin(__ws_lanemask_ge);
__device__ unsigned int __ws_lanemask_gt(void) __ws_builtin(__ws_lanemask_gt);
__host__ __device__ void __ws_fence_ar_cta(void) __ws_builtin(__ws_fence_ar_cta);
__host__ __device__ void __ws_fence_ar_gpu(void) __ws_builtin(__ws_fence_ar_gpu);
__host__ __device__ void __ws_fence_ar_sys(void) __ws_builtin(__ws_fence_ar_sys);
__host__ __device__ void __ws_fence_sc_cta(void) __ws_builtin(__ws_fence_sc_cta);
__host__ __device__ void __ws_fence_sc_gpu(void) __ws_builtin(__ws_fence_sc_gpu);
__host__ __device__ void __ws_fence_sc_sys(void) __ws_builtin(__ws_fence_sc_sys);

/* a .shared address: a window offset (as __cvta_generic_to_shared and
 * cvta.to.shared give) or already a generic address */
__device__ static inline char *__ws_shared_addr(unsigned long long a)
{
	return (char *)(a >> 40 ? a : (0x72ull << 40) | a);
}
__device__ static inline unsigned long long __ws_shared_off(unsigned long long a)
{
	return a & ((1ull << 40) - 1);
}

/* bfe: len bits of a from bit pos (PTX clamps pos and len to 255; past the
 * width the result is all sign bits, or zeros) */
__device__ static inline unsigned long long __ws_bfe_u(unsigned long long a, unsigned pos, unsigned len, unsigned bits)
{
	pos &= 255;
	len &= 255;
	if (len == 0 || pos >= bits)
		return 0;
	if (pos + len > bits)
		len = bits - pos;
	unsigned long long v = a >> pos;
	return len >= 64 ? v : v & ((1ull << len) - 1);
}
__device__ static inline long long __ws_bfe_s(long long a, unsigned pos, unsigned len, unsigned bits)
{
	pos &= 255;
	len &= 255;
	if (len == 0)
		return 0;
	unsigned last = pos + len - 1 < bits - 1 ? pos + len - 1 : bits - 1;
	long long sign = (a >> last) & 1;
	if (pos >= bits)
		return sign ? -1 : 0;
	unsigned n = last - pos + 1;
	unsigned long long v = (unsigned long long)a >> pos;
	if (n < 64)
		v &= (1ull << n) - 1;
	if (sign && n < 64)
		v |= ~((1ull << n) - 1);
	return (long long)v;
}
/* bfi: insert the low len bits of a into b at pos */
__device__ static inline unsigned long long __ws_bfi(unsigned long long a, unsigned long long b, unsigned pos, unsigned len, unsigned bits)
{
	pos &= 255;
	len &= 255;
	if (len == 0 || pos >= bits)
		return b;
	if (pos + len > bits)
		len = bits - pos;
	unsigned long long mask = (len >= 64 ? ~0ull : ((1ull << len) - 1)) << pos;
	unsigned long long r = (b & ~mask) | ((a << pos) & mask);
	return bits == 64 ? r : r & 0xffffffffull;
}
#endif
