/* bits/ws_asm.h - warpstep built-in header: what inline PTX asm() statements
 * are translated into (engine/front/parse_asm.c): special registers and the
 * bit-field helpers. Included by cuda_runtime.h. */
#ifndef __WS_ASM_H
#define __WS_ASM_H
/* GNU spellings of the asm keyword */
#define __asm__ asm
#define __asm asm
#define __volatile__ volatile
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
__host__ __device__ void __ws_fence_ar_cluster(void) __ws_builtin(__ws_fence_ar_cluster);
__host__ __device__ void __ws_fence_sc_cluster(void) __ws_builtin(__ws_fence_sc_cluster);

/* bfe/bfi and .shared window addresses (engine/machine/libm.c) */
__device__ unsigned long long __ws_bfe_u(unsigned long long a, unsigned pos, unsigned len, unsigned bits) __ws_builtin(__ws_bfe_u);
__device__ long long __ws_bfe_s(long long a, unsigned pos, unsigned len, unsigned bits) __ws_builtin(__ws_bfe_s);
__device__ unsigned long long __ws_bfi(unsigned long long a, unsigned long long b, unsigned pos, unsigned len, unsigned bits) __ws_builtin(__ws_bfi);
__device__ char *__ws_shared_addr(unsigned long long a) __ws_builtin(__ws_shared_addr);
__device__ unsigned long long __ws_shared_off(unsigned long long a) __ws_builtin(__ws_shared_off);
#endif
