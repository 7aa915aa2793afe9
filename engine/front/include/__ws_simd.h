/* __ws_simd.h - warpstep built-in header: the SIMD video intrinsics of the
 * CUDA Math API (__vadd2 ... __vsubus4), included by <cuda_runtime.h> as nvcc
 * makes them available without an include. A 32-bit word is two 16-bit or
 * four 8-bit parts; each function works on the parts independently and packs
 * the results (PTX's vadd2/vsub4/vavrg2/vabsdiff4/vset2 ...):
 * - plain forms wrap; `ss` forms saturate signed, `us` forms unsigned;
 * - averages: __vavgu* round up ((a + b + 1) >> 1), __vavgs* round halves
 *   away from zero (what an H100 gives), __vhaddu* truncate;
 * - __vcmp* give all ones in a part where the comparison holds, __vset* 1;
 * - __vsad* return the sum of the parts' absolute differences.
 * Written in C++ so a student can step into them. Device only, as in nvcc. */
#ifndef __WS_SIMD_H
#define __WS_SIMD_H

/* the k-th part of a (bits wide: 16 or 8), zero- or sign-extended */
static inline __device__ unsigned int __ws_vpart(unsigned int a, int k, int bits)
{
	return (a >> (k * bits)) & ((1u << bits) - 1u);
}
static inline __device__ int __ws_vparts(unsigned int a, int k, int bits)
{
	int v = (int)__ws_vpart(a, k, bits);
	return v >= (1 << (bits - 1)) ? v - (1 << bits) : v;
}
static inline __device__ int __ws_vclamp(int v, int lo, int hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

/* op: what each part computes from x and y (signed or unsigned parts) */
enum {
	__ws_v_add, __ws_v_addss, __ws_v_addus, __ws_v_sub, __ws_v_subss, __ws_v_subus,
	__ws_v_avgs, __ws_v_avgu, __ws_v_haddu, __ws_v_absdiffs, __ws_v_absdiffu,
	__ws_v_maxs, __ws_v_maxu, __ws_v_mins, __ws_v_minu,
	__ws_v_eq, __ws_v_ne, __ws_v_ges, __ws_v_geu, __ws_v_gts, __ws_v_gtu,
	__ws_v_les, __ws_v_leu, __ws_v_lts, __ws_v_ltu,
	__ws_v_abs, __ws_v_absss, __ws_v_neg, __ws_v_negss
};

static inline __device__ unsigned int __ws_vop(int op, unsigned int a, unsigned int b, int bits, int set)
{
	unsigned int r = 0, mask = (1u << bits) - 1u;
	int smin = -(1 << (bits - 1)), smax = (1 << (bits - 1)) - 1, umax = (int)mask;
	for (int k = 0; k < 32 / bits; k++) {
		int sx = __ws_vparts(a, k, bits), sy = __ws_vparts(b, k, bits);
		int ux = (int)__ws_vpart(a, k, bits), uy = (int)__ws_vpart(b, k, bits);
		int v = 0, cmp = -1;
		switch (op) {
		case __ws_v_add: v = ux + uy; break;
		case __ws_v_addss: v = __ws_vclamp(sx + sy, smin, smax); break;
		case __ws_v_addus: v = __ws_vclamp(ux + uy, 0, umax); break;
		case __ws_v_sub: v = ux - uy; break;
		case __ws_v_subss: v = __ws_vclamp(sx - sy, smin, smax); break;
		case __ws_v_subus: v = __ws_vclamp(ux - uy, 0, umax); break;
		case __ws_v_avgs: /* halves round away from zero (an H100) */
			v = sx + sy >= 0 ? (sx + sy + 1) >> 1 : -((-(sx + sy) + 1) >> 1);
			break;
		case __ws_v_avgu: v = (ux + uy + 1) >> 1; break;
		case __ws_v_haddu: v = (ux + uy) >> 1; break;
		case __ws_v_absdiffs: v = sx > sy ? sx - sy : sy - sx; break;
		case __ws_v_absdiffu: v = ux > uy ? ux - uy : uy - ux; break;
		case __ws_v_maxs: v = sx > sy ? sx : sy; break;
		case __ws_v_maxu: v = ux > uy ? ux : uy; break;
		case __ws_v_mins: v = sx < sy ? sx : sy; break;
		case __ws_v_minu: v = ux < uy ? ux : uy; break;
		case __ws_v_eq: cmp = ux == uy; break;
		case __ws_v_ne: cmp = ux != uy; break;
		case __ws_v_ges: cmp = sx >= sy; break;
		case __ws_v_geu: cmp = ux >= uy; break;
		case __ws_v_gts: cmp = sx > sy; break;
		case __ws_v_gtu: cmp = ux > uy; break;
		case __ws_v_les: cmp = sx <= sy; break;
		case __ws_v_leu: cmp = ux <= uy; break;
		case __ws_v_lts: cmp = sx < sy; break;
		case __ws_v_ltu: cmp = ux < uy; break;
		case __ws_v_abs: v = sx < 0 ? -sx : sx; break;
		case __ws_v_absss: v = __ws_vclamp(sx < 0 ? -sx : sx, smin, smax); break;
		case __ws_v_neg: v = -sx; break;
		default: v = __ws_vclamp(-sx, smin, smax); break;
		}
		if (cmp >= 0)
			v = cmp ? (set ? 1 : (int)mask) : 0;
		r |= ((unsigned int)v & mask) << (k * bits);
	}
	return r;
}

static inline __device__ unsigned int __ws_vsad(unsigned int a, unsigned int b, int bits, int sgn)
{
	unsigned int s = 0;
	for (int k = 0; k < 32 / bits; k++) {
		int x = sgn ? __ws_vparts(a, k, bits) : (int)__ws_vpart(a, k, bits);
		int y = sgn ? __ws_vparts(b, k, bits) : (int)__ws_vpart(b, k, bits);
		s += (unsigned int)(x > y ? x - y : y - x);
	}
	return s;
}

#define __WS_V2(name, op, set) \
	static inline __device__ unsigned int name##2(unsigned int a, unsigned int b) { return __ws_vop(op, a, b, 16, set); } \
	static inline __device__ unsigned int name##4(unsigned int a, unsigned int b) { return __ws_vop(op, a, b, 8, set); }
#define __WS_V1(name, op) \
	static inline __device__ unsigned int name##2(unsigned int a) { return __ws_vop(op, a, 0u, 16, 0); } \
	static inline __device__ unsigned int name##4(unsigned int a) { return __ws_vop(op, a, 0u, 8, 0); }
__WS_V2(__vadd, __ws_v_add, 0)
__WS_V2(__vaddss, __ws_v_addss, 0)
__WS_V2(__vaddus, __ws_v_addus, 0)
__WS_V2(__vsub, __ws_v_sub, 0)
__WS_V2(__vsubss, __ws_v_subss, 0)
__WS_V2(__vsubus, __ws_v_subus, 0)
__WS_V2(__vavgs, __ws_v_avgs, 0)
__WS_V2(__vavgu, __ws_v_avgu, 0)
__WS_V2(__vhaddu, __ws_v_haddu, 0)
__WS_V2(__vabsdiffs, __ws_v_absdiffs, 0)
__WS_V2(__vabsdiffu, __ws_v_absdiffu, 0)
__WS_V2(__vmaxs, __ws_v_maxs, 0)
__WS_V2(__vmaxu, __ws_v_maxu, 0)
__WS_V2(__vmins, __ws_v_mins, 0)
__WS_V2(__vminu, __ws_v_minu, 0)
__WS_V2(__vcmpeq, __ws_v_eq, 0)
__WS_V2(__vcmpne, __ws_v_ne, 0)
__WS_V2(__vcmpges, __ws_v_ges, 0)
__WS_V2(__vcmpgeu, __ws_v_geu, 0)
__WS_V2(__vcmpgts, __ws_v_gts, 0)
__WS_V2(__vcmpgtu, __ws_v_gtu, 0)
__WS_V2(__vcmples, __ws_v_les, 0)
__WS_V2(__vcmpleu, __ws_v_leu, 0)
__WS_V2(__vcmplts, __ws_v_lts, 0)
__WS_V2(__vcmpltu, __ws_v_ltu, 0)
__WS_V2(__vseteq, __ws_v_eq, 1)
__WS_V2(__vsetne, __ws_v_ne, 1)
__WS_V2(__vsetges, __ws_v_ges, 1)
__WS_V2(__vsetgeu, __ws_v_geu, 1)
__WS_V2(__vsetgts, __ws_v_gts, 1)
__WS_V2(__vsetgtu, __ws_v_gtu, 1)
__WS_V2(__vsetles, __ws_v_les, 1)
__WS_V2(__vsetleu, __ws_v_leu, 1)
__WS_V2(__vsetlts, __ws_v_lts, 1)
__WS_V2(__vsetltu, __ws_v_ltu, 1)
__WS_V1(__vabs, __ws_v_abs)
__WS_V1(__vabsss, __ws_v_absss)
__WS_V1(__vneg, __ws_v_neg)
__WS_V1(__vnegss, __ws_v_negss)
#undef __WS_V1
#undef __WS_V2
static inline __device__ unsigned int __vsads2(unsigned int a, unsigned int b) { return __ws_vsad(a, b, 16, 1); }
static inline __device__ unsigned int __vsads4(unsigned int a, unsigned int b) { return __ws_vsad(a, b, 8, 1); }
static inline __device__ unsigned int __vsadu2(unsigned int a, unsigned int b) { return __ws_vsad(a, b, 16, 0); }
static inline __device__ unsigned int __vsadu4(unsigned int a, unsigned int b) { return __ws_vsad(a, b, 8, 0); }

#endif
