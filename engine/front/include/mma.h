/* mma.h - warpstep built-in header: warp matrix functions (nvcuda::wmma).
 *
 * A fragment is the array x[] each lane holds, with the elements the GPU
 * gives that lane (engine/machine/wmma.c has the mapping, __ws_wmma_rc asks
 * it). load_matrix_sync and store_matrix_sync are written here lane by lane,
 * so each lane's memory accesses are checked like any other; mma_sync
 * gathers the warp's fragments in the engine and computes D = A B + C with
 * the tensor core's arithmetic (see wmma.c). Every load, store and mma must
 * be reached by the whole warp together, or the finding wmma-not-converged
 * stops the kernel.
 *
 * The fragment types are those of the CUDA guide's table: half, bf16 and
 * 8-bit integers in m16n16k16, m32n8k16 and m8n32k16; tf32 in m16n16k8;
 * double in m8n8k4; the experimental s4/u4 (m8n8k32) and b1 (m8n8k128). */
#ifndef __WS_MMA_H
#define __WS_MMA_H
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>

__device__ unsigned int __ws_laneid(void) __ws_builtin(__ws_laneid);
__host__ __device__ unsigned int __ws_wmma_rc(int code, unsigned int lane, unsigned int e) __ws_builtin(__ws_wmma_rc);
__device__ void __ws_wmma_sync(int op, int code) __ws_builtin(__ws_wmma_sync);
__device__ void __ws_wmma_mma(void *d, const void *a, const void *b, const void *c, int ca, int cb, int cc,
			      int cd, int satf, int bitop) __ws_builtin(__ws_wmma_mma);

namespace nvcuda {
namespace wmma {

struct row_major {};
struct col_major {};
struct matrix_a {};
struct matrix_b {};
struct accumulator {};
enum layout_t { mem_row_major, mem_col_major };

namespace precision {
struct tf32 {};
}
namespace experimental {
namespace precision {
struct u4 {};
struct s4 {};
struct b1 {};
}
enum bmmaBitOp { bmmaBitOpXOR = 1, bmmaBitOpAND = 2 };
enum bmmaAccumulateOp { bmmaAccumulateOpPOPC = 1 };
}

/* ---- what each template argument contributes to the fragment code */
template<class Use> struct __ws_use;
template<> struct __ws_use<matrix_a> { enum { v = 0 }; };
template<> struct __ws_use<matrix_b> { enum { v = 1 }; };
template<> struct __ws_use<accumulator> { enum { v = 2 }; };

template<int M, int N, int K> struct __ws_shape { enum { v = 15 }; };
template<> struct __ws_shape<16, 16, 16> { enum { v = 0 }; };
template<> struct __ws_shape<32, 8, 16> { enum { v = 1 }; };
template<> struct __ws_shape<8, 32, 16> { enum { v = 2 }; };
template<> struct __ws_shape<16, 16, 8> { enum { v = 3 }; };
template<> struct __ws_shape<8, 8, 4> { enum { v = 4 }; };
template<> struct __ws_shape<8, 8, 32> { enum { v = 5 }; };
template<> struct __ws_shape<8, 8, 128> { enum { v = 6 }; };

/* v: the type's code; storage: x[]'s element type; mem: what memory holds */
template<class T> struct __ws_ty;
template<> struct __ws_ty<__half> { enum { v = 0 }; typedef __half storage; typedef __half mem; };
template<> struct __ws_ty<float> { enum { v = 1 }; typedef float storage; typedef float mem; };
template<> struct __ws_ty<__nv_bfloat16> { enum { v = 2 }; typedef __nv_bfloat16 storage; typedef __nv_bfloat16 mem; };
template<> struct __ws_ty<precision::tf32> { enum { v = 3 }; typedef float storage; typedef float mem; };
template<> struct __ws_ty<double> { enum { v = 4 }; typedef double storage; typedef double mem; };
template<> struct __ws_ty<signed char> { enum { v = 5 }; typedef signed char storage; typedef signed char mem; };
template<> struct __ws_ty<unsigned char> { enum { v = 6 }; typedef unsigned char storage; typedef unsigned char mem; };
template<> struct __ws_ty<int> { enum { v = 7 }; typedef int storage; typedef int mem; };
template<> struct __ws_ty<experimental::precision::s4> { enum { v = 8 }; typedef int storage; typedef void mem; };
template<> struct __ws_ty<experimental::precision::u4> { enum { v = 9 }; typedef unsigned storage; typedef void mem; };
template<> struct __ws_ty<experimental::precision::b1> { enum { v = 10 }; typedef unsigned storage; typedef void mem; };

template<class L> struct __ws_lay { enum { v = 0 }; };
template<> struct __ws_lay<col_major> { enum { v = 1 }; };

/* the number of storage elements (wmma.c's wmma_storage_elements) and of
 * elements; 0 for a combination the guide's table does not have */
template<int U, int S, int T> struct __ws_count {
	enum {
		ok = U == 2 ? ((S <= 2 && (T == 0 || T == 1 || T == 7)) || (S == 3 && T == 1) ||
			       (S == 4 && T == 4) || (S >= 5 && S <= 6 && T == 7))
			    : ((S <= 2 && (T == 0 || T == 2 || T == 5 || T == 6)) || (S == 3 && T == 3) ||
			       (S == 4 && T == 4) || (S == 5 && (T == 8 || T == 9)) || (S == 6 && T == 10)),
		st = !ok ? 0 : U == 2 ? (S >= 4 ? 2 : 8) : S == 3 ? 4 : S >= 4 ? 1 : T == 0 ? 16 :
			S == 0 ? 8 : ((S == 1) == (U == 0) ? 16 : 4),
		n = U != 2 && (T == 8 || T == 9) ? 8 * st : U != 2 && T == 10 ? 32 * st : st
	};
};

template<typename Use, int m, int n, int k, typename T, typename Layout = void>
class fragment {
public:
	/* (the front end evaluates a template argument X<T>::v only through an
	 * enumerator of this class) */
	enum { __ws_u = __ws_use<Use>::v, __ws_s = __ws_shape<m, n, k>::v, __ws_t = __ws_ty<T>::v };
	enum { __ws_code = __ws_u | __ws_s << 2 | __ws_t << 5, __ws_rowmajor = !__ws_lay<Layout>::v };
	enum {
		num_elements = __ws_count<__ws_u, __ws_s, __ws_t>::n,
		num_storage_elements = __ws_count<__ws_u, __ws_s, __ws_t>::st
	};
	static_assert(num_storage_elements > 0, "nvcuda::wmma: this fragment shape and type are not in the table of the CUDA guide");
	typedef T element_type;
	typedef typename __ws_ty<T>::storage storage_element_type;
	typedef typename __ws_ty<T>::mem __ws_mem;
	storage_element_type x[num_storage_elements];
};

/* ---- tf32 */
static inline __device__ float __float_to_tf32(float in)
{
	/* cvt.rna.tf32.f32: to nearest, ties away from zero, 10 mantissa bits */
	unsigned int u = __ws_fbits(in);
	if ((u & 0x7f800000u) != 0x7f800000u)
		u = (u + 0x1000u) & 0xffffe000u;
	return __ws_bitsf(u);
}

/* A and B the same type (the front end deduces the template arguments of
 * a fragment argument as a whole, so the functions below take any F and
 * check it) */
template<class A, class B> struct __ws_same { enum { v = 0 }; };
template<class A> struct __ws_same<A, A> { enum { v = 1 }; };

/* ---- fill */
template<typename F, typename V>
__device__ void fill_fragment(F &f, const V &v)
{
	typedef typename F::storage_element_type S;
	const int ty = F::__ws_code >> 5;
	S s = (S)v;
	if (ty == 8 || ty == 9) /* s4, u4: the low 4 bits in all 8 places */
		s = (S)(((unsigned int)v & 15u) * 0x11111111u);
	else if (ty == 10) /* b1 */
		s = (S)(((unsigned int)v & 1u) ? 0xffffffffu : 0u);
	for (int i = 0; i < F::num_storage_elements; i++)
		f.x[i] = s;
}

/* element (r, c) of a matrix at p with leading dimension ldm, row-major or not */
static inline __device__ unsigned long long __ws_off(unsigned int rc, unsigned int ldm, int rowmajor)
{
	unsigned long long r = rc >> 16, c = rc & 0xffffu;
	return rowmajor ? r * ldm + c : c * ldm + r;
}

/* ---- load */
template<typename F>
__device__ void __ws_load(F &a, const void *p, unsigned ldm, int rowmajor)
{
	typedef typename F::storage_element_type S;
	const int code = F::__ws_code, ty = F::__ws_code >> 5;
	unsigned int lane = __ws_laneid();
	__ws_wmma_sync(0, code);
	for (int e = 0; e < F::num_storage_elements; e++) {
		unsigned long long off = __ws_off(__ws_wmma_rc(code, lane, e), ldm, rowmajor);
		if (ty >= 8) /* a packed word: 8 nibbles or 32 bits */
			a.x[e] = *(const S *)((const char *)p + off / (ty == 10 ? 8 : 2));
		else
			a.x[e] = ((const S *)p)[off];
	}
}
/* matrix_a, matrix_b: the layout is the fragment's */
template<typename F, typename P>
__device__ void load_matrix_sync(F &a, const P *p, unsigned ldm)
{
	static_assert((F::__ws_code & 3) != 2, "nvcuda::wmma: load_matrix_sync of an accumulator takes a layout_t");
	static_assert(__ws_same<typename F::__ws_mem, P>::v || __ws_same<typename F::__ws_mem, void>::v,
		      "nvcuda::wmma: load_matrix_sync: the pointer's type is not the fragment's element type");
	__ws_load(a, p, ldm, F::__ws_rowmajor);
}
/* an accumulator, laid out in memory as layout says */
template<typename F, typename P>
__device__ void load_matrix_sync(F &a, const P *p, unsigned ldm, layout_t layout)
{
	static_assert((F::__ws_code & 3) == 2, "nvcuda::wmma: only an accumulator is loaded with a layout_t");
	static_assert(__ws_same<typename F::__ws_mem, P>::v, "nvcuda::wmma: load_matrix_sync: the pointer's type is not the fragment's element type");
	__ws_load(a, p, ldm, layout == mem_row_major);
}

/* ---- store (accumulators only) */
template<typename P, typename F>
__device__ void store_matrix_sync(P *p, const F &a, unsigned ldm, layout_t layout)
{
	static_assert((F::__ws_code & 3) == 2, "nvcuda::wmma: store_matrix_sync stores an accumulator");
	static_assert(__ws_same<typename F::__ws_mem, P>::v, "nvcuda::wmma: store_matrix_sync: the pointer's type is not the fragment's element type");
	const int code = F::__ws_code;
	unsigned int lane = __ws_laneid();
	__ws_wmma_sync(1, code);
	for (int e = 0; e < F::num_storage_elements; e++)
		p[__ws_off(__ws_wmma_rc(code, lane, e), ldm, layout == mem_row_major)] = a.x[e];
}

/* ---- multiply-accumulate: D = A B + C (the engine checks that the four
 * fragments are of one shape and that the element types go together) */
template<typename FD, typename FA, typename FB, typename FC>
__device__ void mma_sync(FD &d, const FA &a, const FB &b, const FC &c, bool satf = false)
{
	static_assert((FA::__ws_code & 3) == 0 && (FB::__ws_code & 3) == 1 && (FC::__ws_code & 3) == 2 &&
		      (FD::__ws_code & 3) == 2, "nvcuda::wmma: mma_sync(d, a, b, c) takes an accumulator, a matrix_a, a matrix_b and an accumulator");
	static_assert((FA::__ws_code >> 5) == (FB::__ws_code >> 5) && ((FA::__ws_code >> 2) & 7) == ((FB::__ws_code >> 2) & 7) &&
		      ((FC::__ws_code >> 2) & 7) == ((FA::__ws_code >> 2) & 7) && ((FD::__ws_code >> 2) & 7) == ((FA::__ws_code >> 2) & 7),
		      "nvcuda::wmma: mma_sync needs four fragments of one shape, matrix_a and matrix_b of one element type");
	__ws_wmma_mma(d.x, a.x, b.x, c.x, FA::__ws_code, FB::__ws_code, FC::__ws_code, FD::__ws_code, satf ? 1 : 0, 0);
}

/* D = popc(A op B) + C over 1-bit matrices */
template<typename FD, typename FA, typename FB, typename FC>
__device__ void bmma_sync(FD &d, const FA &a, const FB &b, const FC &c, experimental::bmmaBitOp op = experimental::bmmaBitOpXOR,
			  experimental::bmmaAccumulateOp acc = experimental::bmmaAccumulateOpPOPC)
{
	static_assert((FA::__ws_code >> 5) == 10 && (FB::__ws_code >> 5) == 10,
		      "nvcuda::wmma::experimental: bmma_sync multiplies precision::b1 fragments");
	__ws_wmma_mma(d.x, a.x, b.x, c.x, FA::__ws_code, FB::__ws_code, FC::__ws_code, FD::__ws_code, 0, (int)op);
}

} /* namespace wmma */
} /* namespace nvcuda */
#endif
