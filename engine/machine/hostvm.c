/*
 * hostvm.c - the host thread's threaded-code engine.
 *
 * The host thread is one lane that never diverges and spends its time in
 * long scalar loops (filling arrays, CPU reference checks). Its decoded
 * functions (decode.c) are translated once more, lazily, into a compact
 * form for one lane: one opcode per operation AND operand type (ADD of
 * S32 with a constant, compare-and-branch of F64, load of U16 ...), with
 * register operands resolved to row offsets and constants in the
 * instruction. Dispatch is by computed goto under GNU C (a switch
 * elsewhere).
 *
 * Exactness. The engine runs an instruction only when it is sure to do
 * exactly what interp_run_group would do; anything else (built-ins,
 * launches, faults, f16, breakpoints, calls that need a new frame or a
 * bigger stack, returns from the bottom frame, unknown decoded ops) hands
 * back BEFORE the instruction, with the group's pc and frame where the
 * general loop expects them, and the general loop runs it. Calls and
 * returns of ordinary functions build and release the same frames the
 * general loop does (interp_frame_new, do_call, do_ret), from the same
 * free list in the same order.
 *
 * Bookkeeping. Each instruction knows its RUN: the instructions from it up
 * to and including the next branch, call or return. The budget is charged
 * a whole run on entering it, so straight-line code carries no counter at
 * all; a run that does not fit in what is left of the budget is left to
 * the general loop. m->steps and m->dev.cycles are added once, on the way
 * out, and are exact there (the budget too: a run is never entered past
 * it). The host thread is on no SM: its instructions advance no SM clock
 * (in the general loop neither).
 */
#include "simt.h"
#include "builtin.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* WS_HOSTVM_SWITCH forces the portable dispatch (to test it, build this file with it) */
#if defined(__GNUC__) && !defined(WS_HOSTVM_SWITCH)
#define HV_THREADED 1
#else
#define HV_THREADED 0
#endif

/* Opcodes. B(x) makes x_RR (register second operand) and x_RK (constant). */
#define HV_CMPS(X, P) X(P##_EQ_S) X(P##_NE_S) X(P##_LT_S) X(P##_LE_S) X(P##_GT_S) X(P##_GE_S) \
	X(P##_EQ_U) X(P##_NE_U) X(P##_LT_U) X(P##_LE_U) X(P##_GT_U) X(P##_GE_U) \
	X(P##_EQ_F) X(P##_NE_F) X(P##_LT_F) X(P##_LE_F) X(P##_GT_F) X(P##_GE_F) \
	X(P##_EQ_D) X(P##_NE_D) X(P##_LT_D) X(P##_LE_D) X(P##_GT_D) X(P##_GE_D)
#define HV_B(X, x) X(x##_RR) X(x##_RK)
/* loads and stores: x finds the memory and rewrites itself into x_S (the
 * thread's stack) or x_H (the host allocation it hit); IX_x, AIX_x, PX_x
 * and MX_x are x with the address computation before it fused (hv_fuse_seq) */
#define HV_M(X, x) X(x) X(x##_S) X(x##_H) X(IX_##x) X(AIX_##x) X(PX_##x) X(MX_##x)
#define HV_BX(X) HV_B(X, ADD64) HV_B(X, SUB64) HV_B(X, MUL64) HV_B(X, AND) HV_B(X, OR) HV_B(X, XOR) \
	HV_B(X, ADD32S) HV_B(X, SUB32S) HV_B(X, MUL32S) HV_B(X, ADD32U) HV_B(X, SUB32U) \
	HV_B(X, MUL32U) HV_B(X, ADDN) HV_B(X, SUBN) HV_B(X, MULN) \
	HV_B(X, ADDF) HV_B(X, SUBF) HV_B(X, MULF) HV_B(X, DIVF) HV_B(X, REMF) \
	HV_B(X, ADDD) HV_B(X, SUBD) HV_B(X, MULD) HV_B(X, DIVD) HV_B(X, REMD) \
	HV_B(X, DIVS) HV_B(X, DIVU) HV_B(X, REMS) HV_B(X, REMU) \
	HV_B(X, MINS) HV_B(X, MAXS) HV_B(X, MINU) HV_B(X, MAXU) \
	HV_B(X, MINF) HV_B(X, MAXF) HV_B(X, MIND) HV_B(X, MAXD) HV_B(X, SEL) \
	HV_CMPS(X, SETP_RR) HV_CMPS(X, SETP_RK) HV_CMPS(X, CBR_RR) HV_CMPS(X, CBR_RK) \
	HV_CMPS(X, ACBR_RR) HV_CMPS(X, ACBR_RK) HV_CMPS(X, ACBR64_RR) HV_CMPS(X, ACBR64_RK)
#define HV_OPS(X) X(EXIT) X(NOP) X(CONST) X(MOV) X(IDX) X(IDXSH) X(LADDR) X(GADDR) \
	X(SHL) X(SAR) X(SHR) X(SHLK) X(SARK) X(SHRK) \
	X(NEGI) X(NEGF) X(NEGD) X(NOTP) X(NOTI) \
	X(CVT_S32) X(CVT_U32) X(CVT_N) X(CVT_P) X(CVT_G) X(CVT_S2D) X(CVT_U2D) X(CVT_F2D) X(CVT_D2F) \
	X(CVT_S2F) X(CVT_U2F) \
	HV_M(X, LDS8) HV_M(X, LDU8) HV_M(X, LDS16) HV_M(X, LDU16) HV_M(X, LDS32) HV_M(X, LDU32) \
	HV_M(X, LD64) HV_M(X, ST8) HV_M(X, ST16) HV_M(X, ST32) HV_M(X, ST64) \
	HV_INCS(HV_INC_OP, X) HV_SLS(HV_SL_OP, X) \
	X(MEMCPY) X(MEMSET) X(BMEMCPY) X(BMEMSET) X(HCALL) X(BPURE) X(RAND) X(MAD32S) X(MAD32SK) X(MADF) X(MADD) X(BR) X(CBR) X(CALL) X(CALLQ) X(RET) HV_BX(X) \
	HV_KDIV(X, ) HV_KDIV(X, KC_) HV_PAIRS(HV_PAIR_OP, X)
/* integer division by a constant (hv_kdiv): 32-bit division for types of
 * 32 bits or less, 64-bit for 64-bit types, shifts and masks by a power of
 * two (P: k = 1 << c); KC_x: a CONST, then the division by it at the next
 * instruction (whose k and c hold the constant and its shift) */
#define HV_KDIV(X, P) X(P##KDIVS32) X(P##KREMS32) X(P##KDIVU32) X(P##KREMU32) X(P##KDIVS64) \
	X(P##KREMS64) X(P##KDIVU64) X(P##KREMU64) X(P##KDIVSP) X(P##KREMSP) X(P##KDIVUP) X(P##KREMUP)
/* Pairs that run as one dispatch (hv_fuse_pairs), chosen from the measured
 * pairs of host code (tools/opfreq.c's counts of the engine's own
 * instructions over the bench programs, tests/programs and the corpus;
 * docs/PERFORMANCE.md, ninth session): x (a simple operation: HV_UNS,
 * HV_BINS, SETP) then y, of kind N (a simple operation), J (a
 * compare-and-branch), B (a branch) or G (a fused load or store, IX_x,
 * PX_x or MX_x, another pair or a constant's division KC_x, whose handler
 * the pair goes on in: three instructions, i++ widened to 64 bits and
 * compared, or (i * 7) % 101, for one) */
#define HV_PAIRS(P, X) \
	P(X, AND_RK, CVT_S2F, N) P(X, SARK, CVT_S2F, N) P(X, CVT_F2D, ADDD_RR, N) \
	P(X, ADDF_RR, CBR_RR_NE_F, J) P(X, MOV, ADD64_RR, N) P(X, SUB32S_RK, CVT_S2F, N) \
	P(X, MUL32U_RK, ADD32U_RK, N) P(X, SHRK, CVT_N, N) P(X, CVT_N, MOV, N) P(X, CONST, CONST, N) \
	P(X, CVT_S32, ADD32S_RR, N) P(X, ADD32S_RK, MOV, N) P(X, MOV, MUL64_RR, N) \
	P(X, MUL64_RR, ADD64_RR, N) P(X, CVT_S2F, MULF_RK, N) P(X, MOV, CONST, N) \
	P(X, ADD32S_RK, BR, B) P(X, MOV, SHRK, N) P(X, CVT_S2F, DIVF_RR, N) P(X, MOV, PX_ST8, G) \
	P(X, MOV, PX_LDU8, G) P(X, MOV, MX_LDU32, G) P(X, CONST, IX_ST32, G) P(X, CVT_S2F, IX_ST32, G) \
	P(X, SUB32S_RK, IX_ST32, G) P(X, MOV, CBR_RK_LT_U, J) P(X, ADD32S_RK, P_MOV__CBR_RK_LT_U, G) \
	P(X, ADD32S_RR, CBR_RR_EQ_S, J) P(X, ADD32S_RR, CBR_RK_GE_S, J) P(X, MUL32S_RK, KC_KREMS32, G) \
	P(X, MUL64_RK, ADD64_RR, N) P(X, MOV, P_MUL64_RK__ADD64_RR, G) \
	P(X, ADD32U_RK, P_SHRK__CVT_N, G) P(X, MUL32U_RK, P_ADD32U_RK__P_SHRK__CVT_N, G)
#define HV_PAIR_OP(X, x, y, K) X(P_##x##__##y)
/* Counters (hv_fuse_inc): a load ld, the ADD or SUB x of what it loaded,
 * and the store st of the result at the same address (`want[k]++`,
 * `a[i] += v`) run as one instruction INC_x_RR or INC_x_RK, at the load,
 * which rewrites itself into INC_x_RR_S or INC_x_RK_S (the stack first)
 * while it finds its memory on the thread's stack; T: the type loaded and
 * stored, CONV: the load's extension */
#define HV_INCS(P, X) \
	P(X, ADD32U, LDU32, ST32, uint32_t, v_) P(X, SUB32U, LDU32, ST32, uint32_t, v_) \
	P(X, ADD32S, LDS32, ST32, int32_t, (uint64_t)(int64_t)v_) \
	P(X, SUB32S, LDS32, ST32, int32_t, (uint64_t)(int64_t)v_) \
	P(X, ADD64, LD64, ST64, uint64_t, v_) P(X, SUB64, LD64, ST64, uint64_t, v_) \
	P(X, ADDF, LDU32, ST32, uint32_t, v_) P(X, SUBF, LDU32, ST32, uint32_t, v_) \
	P(X, ADDD, LD64, ST64, uint64_t, v_) P(X, SUBD, LD64, ST64, uint64_t, v_)
/* Stores read back (hv_fuse_sl): `p[i] = v; ... p[i]` as the decoder
 * leaves it for a byte array (wider elements are indexed, IDX; a cast
 * pointer `*(short *)(p + i)` is copied before the load, a MOV more), a
 * MOV (the index widened), a 64-bit ADD (the element's address) and the
 * store st, then the same three with the load ld of the same size, run as
 * one instruction SL_st_ld at the first MOV; T: the type loaded, CONV: its
 * extension */
#define HV_SLS(P, X) \
	P(X, ST8, LDU8, uint8_t, v_) P(X, ST8, LDS8, int8_t, (uint64_t)(int64_t)v_)
#define HV_SL_OP(X, st, ld, T, CONV) X(SL_##st##_##ld)
#define HV_INC_OP(X, x, ld, st, T, CONV) X(INC_##x##_RR) X(INC_##x##_RK) X(INC_##x##_RR_S) X(INC_##x##_RK_S)

#define HV_ENUM(x) HV_##x,
enum hv_op { HV_OPS(HV_ENUM) HV_NOPS };
#undef HV_ENUM

/* One instruction. Register operands are row offsets (register * WS_WARP:
 * lane 0 of the row; -1 * WS_WARP is the zero row of "no operand"). */
struct hv_insn {
	const void *h;          /* the handler (threaded dispatch) */
	uint16_t op;            /* enum hv_op */
	uint8_t t, t2;          /* the operand types where the handler needs them */
	uint32_t run;           /* instructions from here to the next branch, call or return, inclusive */
	int32_t d, a, b, c;
	union {
		struct { uint32_t t1, t2x; }; /* branch targets */
		uint64_t mlim;          /* x_H: the allocation's bytes - the access size + 1 */
	};
	int64_t k;              /* immediate or constant operand */
	/* CALL: the argument registers as row offsets, then a = their count
	 * (at most the callee's registers), c = the result register, t2x =
	 * the return pc, k = the callee. CALL rewrites itself into CALLQ once
	 * the callee is decoded: cdf = its dfunc, b = the registers its frame
	 * needs, t = its frames keep no stack (dfunc.stackless), t1 = else its
	 * frame's bytes. RET: t = the function's return type, t2 = stackless. */
	union {
		int32_t *av;
		uint8_t *mdata;         /* x_H: the allocation's bytes */
		struct hv_insn *tp1;    /* a branch: t1's instruction */
	};
	union {
		uint64_t mlo;           /* x_H: the allocation's base - k (m->hv_win lists it) */
		struct dfunc *cdf;      /* CALLQ */
		struct hv_insn *tp2;    /* a conditional branch: t2x's instruction */
		builtin_pure_fn pure;   /* BPURE: the built-in (args: av, a of them) */
	};
};

struct hv_func {
	struct hv_insn *code;
	uint32_t n;
};

#if HV_THREADED
static const void *const *hv_tab; /* handler addresses, set by the first hostvm_run */
#endif

/* ---- values (as interp.c keeps them: extended per their type) */

/* The simple operations, one definition each: their handlers in hostvm_run
 * and the pairs (HV_PAIRS) are made of these bodies. R: the frame's rows;
 * ip: the instruction; a and b: its operands' values (b: a register, _RR,
 * or the constant k, _RK). */
#if defined(__GNUC__)
#define HV_INLINE static inline __attribute__((always_inline))
#else
#define HV_INLINE static inline
#endif
#define S32X(x) ((uint64_t)(int64_t)(int32_t)(uint32_t)(x))
/* d := E(a, b) */
#define HV_BINS(X) X(ADD64, a + b) X(SUB64, a - b) X(MUL64, a * b) X(AND, a & b) X(OR, a | b) \
	X(XOR, a ^ b) X(ADD32S, S32X(a + b)) X(SUB32S, S32X(a - b)) X(MUL32S, S32X(a * b)) \
	X(ADD32U, (uint32_t)(a + b)) X(SUB32U, (uint32_t)(a - b)) X(MUL32U, (uint32_t)(a * b)) \
	X(ADDN, ir_norm(a + b, ip->t)) X(SUBN, ir_norm(a - b, ip->t)) X(MULN, ir_norm(a * b, ip->t)) \
	X(ADDF, fbits(fval(a) + fval(b))) X(SUBF, fbits(fval(a) - fval(b))) \
	X(MULF, fbits(fval(a) * fval(b))) X(DIVF, fbits(fval(a) / fval(b))) \
	X(REMF, fbits(fmodf(fval(a), fval(b)))) \
	X(ADDD, dbits(dval(a) + dval(b))) X(SUBD, dbits(dval(a) - dval(b))) \
	X(MULD, dbits(dval(a) * dval(b))) X(DIVD, dbits(dval(a) / dval(b))) \
	X(REMD, dbits(fmod(dval(a), dval(b)))) \
	X(MINS, (int64_t)a < (int64_t)b ? a : b) X(MAXS, (int64_t)a < (int64_t)b ? b : a) \
	X(MINU, a < b ? a : b) X(MAXU, a < b ? b : a) \
	X(MINF, fbits(fminf(fval(a), fval(b)))) X(MAXF, fbits(fmaxf(fval(a), fval(b)))) \
	X(MIND, dbits(fmin(dval(a), dval(b)))) X(MAXD, dbits(fmax(dval(a), dval(b))))
/* d := E(a) */
#define HV_UNS(X) X(CONST, (uint64_t)ip->k) X(MOV, a) \
	X(SHLK, ir_norm(a << ip->k, ip->t)) X(SARK, (uint64_t)((int64_t)a >> ip->k)) X(SHRK, a >> ip->k) \
	X(NEGI, ir_norm((uint64_t)0 - a, ip->t)) X(NEGF, a ^ 0x80000000u) \
	X(NEGD, a ^ 0x8000000000000000ull) X(NOTP, (uint64_t)!a) X(NOTI, ir_norm(~a, ip->t)) \
	X(CVT_S32, (uint64_t)(int64_t)(int32_t)a) X(CVT_U32, (uint32_t)a) \
	X(CVT_N, (uint64_t)((int64_t)(a << ip->c) >> ip->c) & (uint64_t)ip->k) \
	X(CVT_P, (uint64_t)(a != 0)) X(CVT_G, interp_cvt(a, ip->t, ip->t2)) \
	X(CVT_S2D, dbits((double)(int64_t)a)) X(CVT_U2D, dbits((double)a)) \
	X(CVT_F2D, dbits((double)fval(a))) X(CVT_D2F, fbits((float)dval(a))) \
	X(CVT_S2F, fbits((float)(int64_t)a)) X(CVT_U2F, fbits((float)a)) \
	X(IDX, a + R[ip->b] * (uint64_t)ip->k) X(IDXSH, a + (R[ip->b] << ip->k))
/* integer division: d := E(a, b), normalised; by zero, the general loop's finding */
#define HV_IDIVS(X) X(DIVS, (uint64_t)sdiv((int64_t)a, (int64_t)b)) X(DIVU, a / b) \
	X(REMS, (uint64_t)srem((int64_t)a, (int64_t)b)) X(REMU, a % b)
/* the six compares of a class, E(a, b) */
#define CMP6(P, SFX, CAST, OPND) \
	P(EQ_##SFX, CAST(a) == CAST(b), OPND) P(NE_##SFX, CAST(a) != CAST(b), OPND) \
	P(LT_##SFX, CAST(a) < CAST(b), OPND) P(LE_##SFX, CAST(a) <= CAST(b), OPND) \
	P(GT_##SFX, CAST(a) > CAST(b), OPND) P(GE_##SFX, CAST(a) >= CAST(b), OPND)
#define S64(x) ((int64_t)(x))
#define U64(x) ((uint64_t)(x))
#define CMPALL(P, OPND) CMP6(P, S, S64, OPND) CMP6(P, U, U64, OPND) CMP6(P, F, fval, OPND) \
	CMP6(P, D, dval, OPND)

static inline int64_t sdiv(int64_t a, int64_t b)
{
	return b == -1 ? (int64_t)(0 - (uint64_t)a) : a / b;
}
static inline int64_t srem(int64_t a, int64_t b)
{
	return b == -1 ? 0 : a % b;
}

#define HB_BIN(x, E) \
	HV_INLINE void hb_##x##_RR(uint64_t *R, const struct hv_insn *ip) \
	{ uint64_t a = R[ip->a], b = R[ip->b]; R[ip->d] = (E); } \
	HV_INLINE void hb_##x##_RK(uint64_t *R, const struct hv_insn *ip) \
	{ uint64_t a = R[ip->a], b = (uint64_t)ip->k; R[ip->d] = (E); }
HV_BINS(HB_BIN)
#define HB_UN(x, E) \
	HV_INLINE void hb_##x(uint64_t *R, const struct hv_insn *ip) \
	{ uint64_t a = R[ip->a]; (void)a; R[ip->d] = (E); }
HV_UNS(HB_UN)
/* 0: the divisor is zero (nothing written) */
#define HD_IDIV(x, E) \
	HV_INLINE int hd_##x##_RR(uint64_t *R, const struct hv_insn *ip) \
	{ uint64_t a = R[ip->a], b = R[ip->b]; if (WS_UNLIKELY(!b)) return 0; R[ip->d] = ir_norm((E), ip->t); return 1; } \
	HV_INLINE int hd_##x##_RK(uint64_t *R, const struct hv_insn *ip) \
	{ uint64_t a = R[ip->a], b = (uint64_t)ip->k; if (WS_UNLIKELY(!b)) return 0; R[ip->d] = ir_norm((E), ip->t); return 1; }
HV_IDIVS(HD_IDIV)
/* a signed division by 1 << c rounds toward zero: k - 1 added to a negative value first */
HV_INLINE int64_t hv_sbias(uint64_t a, int64_t k)
{
	return (int64_t)((uint64_t)((int64_t)a >> 63) & ((uint64_t)k - 1));
}
/* SETP d := E */
#define HB_SETP_RR(x, E, OPND) \
	HV_INLINE void hb_SETP_RR_##x(uint64_t *R, const struct hv_insn *ip) { uint64_t a = R[ip->a], b = OPND; R[ip->d] = (E); }
#define HB_SETP_RK(x, E, OPND) \
	HV_INLINE void hb_SETP_RK_##x(uint64_t *R, const struct hv_insn *ip) { uint64_t a = R[ip->a], b = OPND; R[ip->d] = (E); }
CMPALL(HB_SETP_RR, R[ip->b])
CMPALL(HB_SETP_RK, (uint64_t)ip->k)
/* compare-and-branch: whether it is taken */
#define HC_CBR_RR(x, E, OPND) \
	HV_INLINE int hc_CBR_RR_##x(const uint64_t *R, const struct hv_insn *ip) { uint64_t a = R[ip->a], b = OPND; return (E); }
#define HC_CBR_RK(x, E, OPND) \
	HV_INLINE int hc_CBR_RK_##x(const uint64_t *R, const struct hv_insn *ip) { uint64_t a = R[ip->a], b = OPND; return (E); }
CMPALL(HC_CBR_RR, R[ip->b])
CMPALL(HC_CBR_RK, (uint64_t)ip->k)
/* ACBR: a 32-bit signed (ACBR64: 64-bit) ADD of the constant k at ip, then
 * the compare-and-branch at ip + 1 of its result (its operand b read after
 * the ADD's write): whether it is taken */
#define HA_ACBR(x, E, OPND, P, SUM) \
	HV_INLINE int ha_##P##_##x(uint64_t *R, const struct hv_insn *ip) \
	{ uint64_t a = SUM(R[ip->a] + (uint64_t)ip->k); R[ip->d] = a; ip++; uint64_t b = OPND; return (E); }
#define HA_ACBR_RR(x, E, OPND) HA_ACBR(x, E, OPND, ACBR_RR, S32X)
#define HA_ACBR_RK(x, E, OPND) HA_ACBR(x, E, OPND, ACBR_RK, S32X)
#define HA_ACBR64_RR(x, E, OPND) HA_ACBR(x, E, OPND, ACBR64_RR, U64)
#define HA_ACBR64_RK(x, E, OPND) HA_ACBR(x, E, OPND, ACBR64_RK, U64)
CMPALL(HA_ACBR_RR, R[ip->b])
CMPALL(HA_ACBR_RK, (uint64_t)ip->k)
CMPALL(HA_ACBR64_RR, R[ip->b])
CMPALL(HA_ACBR64_RK, (uint64_t)ip->k)

static int is_signed(unsigned t)
{
	return t == IR_S8 || t == IR_S16 || t == IR_S32 || t == IR_S64;
}
static int is_int(unsigned t)
{
	return (t >= IR_S8 && t <= IR_U64) || t == IR_PTR;
}

/* ---- translation */

static void set_op(struct hv_insn *h, enum hv_op op)
{
	h->op = (uint16_t)op;
}

/* the B(x) pair: x_RR, or x_RK with the constant in k */
static void set_bin(struct hv_insn *h, const struct ir_insn *in, const struct dfunc *df, enum hv_op rr)
{
	if (in->flags & DF_KB) {
		h->op = (uint16_t)(rr + 1);
		h->k = (int64_t)df->pool[in->b][0];
	} else {
		h->op = (uint16_t)rr;
	}
}

/* The division of kind op (HV_DIVS/DIVU/REMS/REMU, _RR or _RK) of type t
 * by the constant k in register form (hv_fuse_pairs: the CONST before it):
 * an HV_KDIV operation, with the shift of a power of two in *c; HV_EXIT
 * where none computes exactly what the division does (k zero, k -1 of a
 * signed type, k not a value of t). Its operand is a value of t in register
 * form, so that 32-bit division is exact for types of 32 bits or less; a
 * power of two is a shift and a mask (signed: rounded toward zero by adding
 * k - 1 to negative values). */
static enum hv_op hv_kdiv(unsigned op, unsigned t, uint64_t k, int32_t *c)
{
	int rem, sg;
	switch (op) {
	case HV_DIVS_RR: case HV_DIVS_RK: rem = 0; sg = 1; break;
	case HV_DIVU_RR: case HV_DIVU_RK: rem = 0; sg = 0; break;
	case HV_REMS_RR: case HV_REMS_RK: rem = 1; sg = 1; break;
	case HV_REMU_RR: case HV_REMU_RK: rem = 1; sg = 0; break;
	default: return HV_EXIT;
	}
	if (!is_int(t) || k == 0 || ir_norm(k, t) != k || sg != is_signed(t) || (sg && (int64_t)k == -1))
		return HV_EXIT;
	*c = 0;
	if (!(k & (k - 1)) && (!sg || (int64_t)k > 0)) {
		*c = __builtin_ctzll(k);
		return sg ? (rem ? HV_KREMSP : HV_KDIVSP) : (rem ? HV_KREMUP : HV_KDIVUP);
	}
	if (ir_type_size(t) <= 4)
		return sg ? (rem ? HV_KREMS32 : HV_KDIVS32) : (rem ? HV_KREMU32 : HV_KDIVU32);
	return sg ? (rem ? HV_KREMS64 : HV_KDIVS64) : (rem ? HV_KREMU64 : HV_KDIVU64);
}

/* compare class: 0 signed, 1 unsigned, 2 f32, 3 f64; -1 none */
static int cmp_class(unsigned t)
{
	if (t == IR_F32)
		return 2;
	if (t == IR_F64)
		return 3;
	if (is_int(t) || t == IR_PRED)
		return is_signed(t) ? 0 : 1;
	return -1;
}

static int is_transfer(unsigned op)
{
	return op == HV_BR || op == HV_CBR || op == HV_CALL || op == HV_RET ||
	       (op >= HV_CBR_RR_EQ_S && op <= HV_CBR_RK_GE_D);
}

/* translate decoded instruction in (at pc) of df; unknown or unusual: HV_EXIT */
static void hv_translate(struct hv_insn *h, const struct ir_insn *in, uint32_t pc, const struct dfunc *df,
			 const struct ir_module *mod)
{
	unsigned t = in->t, op = in->op;
	memset(h, 0, sizeof(*h));
	h->op = HV_EXIT;
	h->t = (uint8_t)t;
	h->t2 = in->t2;
	h->d = in->d * WS_WARP;
	h->a = in->a * WS_WARP;
	h->b = in->b * WS_WARP;
	h->c = in->c * WS_WARP;
	h->t1 = (uint32_t)in->tgt1;
	h->t2x = (uint32_t)in->tgt2;
	h->k = in->imm;
	if (in->flags & DF_BREAK)
		return; /* the general loop stops there (or passes once) */
	int kb = (in->flags & DF_KB) != 0;
	int has_d = in->d >= 0;
	int w64 = t == IR_S64 || t == IR_U64 || t == IR_PTR;
	int narrow = t == IR_PRED || (t >= IR_S8 && t <= IR_U16);
	int cc = cmp_class(t);
	switch (op) {
	case IR_NOP:
		set_op(h, HV_NOP);
		return;
	case IR_CONST:
		if (!has_d || t == IR_F16)
			return;
		set_op(h, HV_CONST);
		h->k = (int64_t)ir_norm((uint64_t)in->imm, t);
		return;
	case IR_MOV:
		if (has_d && !kb)
			set_op(h, HV_MOV);
		return;
	case XOP_IDX:
		if (!has_d)
			return;
		if (kb) { /* a constant index: an ADD of its product */
			h->op = HV_ADD64_RK;
			h->k = (int64_t)(df->pool[in->b][0] * (uint64_t)in->imm);
		} else if (in->imm > 0 && !(in->imm & (in->imm - 1))) {
			set_op(h, HV_IDXSH);
			h->k = __builtin_ctzll((uint64_t)in->imm);
		} else {
			set_op(h, HV_IDX);
		}
		return;
	case IR_ADD: case IR_SUB: case IR_MUL: {
		if (!has_d)
			return;
		int j = op == IR_ADD ? 0 : op == IR_SUB ? 2 : 4; /* rows of pairs */
		static const enum hv_op base[] = { HV_ADD64_RR, HV_SUB64_RR, HV_MUL64_RR, HV_ADD32S_RR,
						   HV_SUB32S_RR, HV_MUL32S_RR, HV_ADD32U_RR, HV_SUB32U_RR,
						   HV_MUL32U_RR, HV_ADDN_RR, HV_SUBN_RR, HV_MULN_RR,
						   HV_ADDF_RR, HV_SUBF_RR, HV_MULF_RR, HV_ADDD_RR,
						   HV_SUBD_RR, HV_MULD_RR };
		int row = w64 ? 0 : t == IR_S32 ? 1 : t == IR_U32 ? 2 : narrow ? 3 : t == IR_F32 ? 4 : t == IR_F64 ? 5 : -1;
		if (row < 0)
			return;
		set_bin(h, in, df, base[row * 3 + j / 2]);
		return;
	}
	case IR_AND: case IR_OR: case IR_XOR:
		/* values extended per their type stay so under bitwise ops */
		if (!has_d || !(is_int(t) || t == IR_PRED))
			return;
		set_bin(h, in, df, op == IR_AND ? HV_AND_RR : op == IR_OR ? HV_OR_RR : HV_XOR_RR);
		return;
	case IR_DIV: case IR_REM:
		if (!has_d)
			return;
		if (t == IR_F32)
			set_bin(h, in, df, op == IR_DIV ? HV_DIVF_RR : HV_REMF_RR);
		else if (t == IR_F64)
			set_bin(h, in, df, op == IR_DIV ? HV_DIVD_RR : HV_REMD_RR);
		else if (is_int(t))
			set_bin(h, in, df, is_signed(t) ? (op == IR_DIV ? HV_DIVS_RR : HV_REMS_RR)
							: (op == IR_DIV ? HV_DIVU_RR : HV_REMU_RR));
		return;
	case IR_MIN: case IR_MAX: {
		if (!has_d || cc < 0 || t == IR_PRED)
			return;
		static const enum hv_op mm[4][2] = { { HV_MINS_RR, HV_MAXS_RR }, { HV_MINU_RR, HV_MAXU_RR },
						      { HV_MINF_RR, HV_MAXF_RR }, { HV_MIND_RR, HV_MAXD_RR } };
		set_bin(h, in, df, mm[cc][op == IR_MAX]);
		return;
	}
	case IR_SHL: case IR_SHR: {
		if (!has_d || !is_int(t))
			return;
		unsigned bits = ir_type_size(t) * 8;
		if (kb) {
			uint64_t s = df->pool[in->b][0] & 0xffffffffu;
			if (op == IR_SHL || !is_signed(t)) {
				if (s >= bits) {
					set_op(h, HV_CONST);
					h->k = 0;
				} else {
					set_op(h, op == IR_SHL ? HV_SHLK : HV_SHRK);
					h->k = (int64_t)s;
				}
			} else {
				set_op(h, HV_SARK);
				h->k = s >= bits ? 63 : (int64_t)s;
			}
		} else {
			set_op(h, op == IR_SHL ? HV_SHL : is_signed(t) ? HV_SAR : HV_SHR);
			h->k = bits;
		}
		return;
	}
	case IR_NEG:
		if (!has_d)
			return;
		if (t == IR_F32)
			set_op(h, HV_NEGF);
		else if (t == IR_F64)
			set_op(h, HV_NEGD);
		else if (is_int(t) || t == IR_PRED)
			set_op(h, HV_NEGI);
		return;
	case IR_NOT:
		if (!has_d)
			return;
		if (t == IR_PRED)
			set_op(h, HV_NOTP);
		else if (is_int(t))
			set_op(h, HV_NOTI);
		return;
	case IR_SETP:
		if (!has_d || cc < 0 || in->sub > CMP_GE)
			return;
		set_op(h, (enum hv_op)((kb ? HV_SETP_RK_EQ_S : HV_SETP_RR_EQ_S) + cc * 6 + in->sub));
		if (kb)
			h->k = (int64_t)df->pool[in->b][0];
		return;
	case IR_SEL:
		if (has_d)
			set_bin(h, in, df, HV_SEL_RR);
		return;
	case IR_CVT: {
		unsigned t2 = in->t2;
		if (!has_d || t == IR_F16 || t2 == IR_F16 || t == IR_VOID || t2 == IR_VOID || t >= IR_NTYPES ||
		    t2 >= IR_NTYPES)
			return;
		int fl = t == IR_F32 || t == IR_F64, fl2 = t2 == IR_F32 || t2 == IR_F64;
		if ((t == t2 && (fl || t == IR_PRED)) || (!fl && !fl2 && t != IR_PRED && ir_type_size(t) == 8))
			set_op(h, HV_MOV); /* a widening to 64 bits of an extended value is a copy */
		else if (!fl && !fl2 && (t == IR_PRED || t == IR_S32 || t == IR_U32))
			set_op(h, t == IR_PRED ? HV_CVT_P : t == IR_S32 ? HV_CVT_S32 : HV_CVT_U32);
		else if (!fl && !fl2) {
			/* 8 or 16 bits: ir_norm without its switch on the type (the
			 * value shifted to the top, shifted back arithmetically, the
			 * bits above an unsigned type masked off) */
			unsigned bits = ir_type_size(t) * 8;
			set_op(h, HV_CVT_N);
			h->c = (int32_t)(64 - bits);
			h->k = (int64_t)(is_signed(t) ? ~0ull : (1ull << bits) - 1);
		}
		else if (t == IR_F64 && t2 == IR_F32)
			set_op(h, HV_CVT_F2D);
		else if (t == IR_F32 && t2 == IR_F64)
			set_op(h, HV_CVT_D2F);
		else if (t == IR_F64 && is_int(t2))
			set_op(h, is_signed(t2) ? HV_CVT_S2D : HV_CVT_U2D);
		else if (t == IR_F32 && is_int(t2) && t2 != IR_PRED)
			set_op(h, is_signed(t2) ? HV_CVT_S2F : HV_CVT_U2F);
		else
			set_op(h, HV_CVT_G);
		return;
	}
	case IR_LD:
		h->mlim = 0; /* no window: MEMTAIL goes to the handler */
		if (!has_d)
			return;
		switch (t) {
		case IR_S8: set_op(h, HV_LDS8); break;
		case IR_U8: case IR_PRED: set_op(h, HV_LDU8); break;
		case IR_S16: set_op(h, HV_LDS16); break;
		case IR_U16: set_op(h, HV_LDU16); break;
		case IR_S32: set_op(h, HV_LDS32); break;
		case IR_U32: case IR_F32: set_op(h, HV_LDU32); break;
		case IR_S64: case IR_U64: case IR_F64: case IR_PTR: set_op(h, HV_LD64); break;
		default: break;
		}
		return;
	case IR_ST:
		h->mlim = 0;
		if (kb)
			return;
		switch (t == IR_F16 ? 0 : ir_type_size(t)) {
		case 1: set_op(h, HV_ST8); break;
		case 2: set_op(h, HV_ST16); break;
		case 4: set_op(h, HV_ST32); break;
		case 8: set_op(h, HV_ST64); break;
		default: break;
		}
		return;
	case IR_MEMCPY: case IR_MEMSET:
		if (!kb && in->imm > 0)
			set_op(h, op == IR_MEMCPY ? HV_MEMCPY : HV_MEMSET);
		return;
	case IR_LADDR:
		if (has_d && !df->stackless)
			set_op(h, HV_LADDR);
		return;
	case IR_GADDR:
		if (has_d)
			set_op(h, HV_GADDR);
		return;
	case IR_FADDR:
		if (has_d) {
			set_op(h, HV_CONST);
			h->k = (int64_t)ADDR(TAG_CODE, ((uint64_t)in->imm + 1) << 4);
		}
		return;
	case IR_BR:
		set_op(h, HV_BR);
		return;
	case IR_CBR:
		if (!(in->flags & DF_CMP)) {
			set_op(h, HV_CBR);
			return;
		}
		if (cc < 0 || in->sub > CMP_GE)
			return;
		set_op(h, (enum hv_op)((kb ? HV_CBR_RK_EQ_S : HV_CBR_RR_EQ_S) + cc * 6 + in->sub));
		if (kb)
			h->k = (int64_t)df->pool[in->b][0];
		return;
	case IR_BCALL: {
		if ((in->imm == BI_memcpy || in->imm == BI_memset) && in->nargs >= 3) {
			/* memcpy/memset(dst, src or value, n), done here while both
			 * ranges are the thread's stack or live host allocations */
			set_op(h, in->imm == BI_memcpy ? HV_BMEMCPY : HV_BMEMSET);
			h->av = xmalloc(3 * sizeof(int32_t));
			for (uint32_t k = 0; k < 3; k++)
				h->av[k] = in->args[k] * WS_WARP;
			return;
		}
		if (((in->imm >= 0 && in->imm < BI_COUNT && builtin_table[in->imm].kind == BK_HOST &&
		      !hthread_is_builtin((int)in->imm)) ||
		     in->imm == BI_printf || in->imm == BI_malloc || in->imm == BI_free ||
		     in->imm == BI_memcpy || in->imm == BI_memset) &&
		    pc + 1 < df->ncode) {
			/* the rest of the C library and the CUDA runtime (not host
			 * threads: they switch threads): the general loop's own call */
			set_op(h, HV_HCALL);
			return;
		}
		if (in->imm == BI_rand) {
			/* rand(): runtime_call's answer, normalised to the result
			 * register's type as do_bcall normalises a host built-in's */
			set_op(h, HV_RAND);
			h->t = (uint8_t)(df->fn->reg_ty && has_d ? df->fn->reg_ty[in->d] : IR_S64);
			return;
		}
		/* pure built-ins (math): do_bcall calls them with their arguments
		 * in a zeroed array of 16 and stores the result as it comes */
		builtin_pure_fn pf = in->imm >= 0 && in->imm < BI_COUNT && builtin_table[in->imm].kind == BK_PURE
					     ? builtin_pure((int)in->imm) : NULL;
		if (!pf)
			return;
		uint32_t na = in->nargs < 16 ? in->nargs : 16;
		set_op(h, HV_BPURE);
		h->pure = pf;
		h->av = xmalloc((na ? na : 1) * sizeof(int32_t));
		for (uint32_t k = 0; k < na; k++)
			h->av[k] = in->args[k] * WS_WARP;
		h->a = (int32_t)na;
		return;
	}
	case IR_CALL: {
		if (in->imm < 0 || (uint64_t)in->imm >= mod->nfuncs)
			return;
		const struct ir_func *fn = &mod->funcs[in->imm];
		uint32_t na = in->nargs < fn->nregs ? in->nargs : fn->nregs;
		set_op(h, HV_CALL);
		h->av = xmalloc((na ? na : 1) * sizeof(int32_t));
		for (uint32_t k = 0; k < na; k++)
			h->av[k] = in->args[k] * WS_WARP;
		h->a = (int32_t)na;
		h->c = in->d;
		h->t2x = pc + 1;
		return;
	}
	case IR_RET:
		set_op(h, HV_RET);
		h->t = df->fn->ret;
		h->t2 = df->stackless;
		return;
	default:
		return; /* built-ins, launches, atomics, anything new: the general loop */
	}
}

/* Pairs that run as one instruction (the second keeps its own form, for a
 * jump to it; the two are steps of one run, charged as before): a 32-bit
 * signed MUL whose product the next ADD adds (i * n + j, in every access
 * of a row-major matrix). Both write their registers in order and cannot
 * fail. */
static void hv_fuse(struct hv_func *f)
{
	for (uint32_t i = 0; i + 1 < f->n; i++) {
		struct hv_insn *h = &f->code[i], *n = &f->code[i + 1];
		enum hv_op op;
		if (h->op == HV_MUL32S_RR && n->op == HV_ADD32S_RR)
			op = HV_MAD32S;
		else if (h->op == HV_MUL32S_RK && n->op == HV_ADD32S_RR)
			op = HV_MAD32SK;
		else if (h->op == HV_MULF_RR && n->op == HV_ADDF_RR)
			op = HV_MADF;
		else if (h->op == HV_MULD_RR && n->op == HV_ADDD_RR)
			op = HV_MADD;
		else
			continue;
		if (n->a != h->d && n->b != h->d)
			continue;
		h->op = (uint16_t)op;
		h->c = n->a == h->d ? n->b : n->a; /* the ADD's other operand */
		h->t2 = n->a == h->d;               /* the product first (floats: the same operand order) */
		h->t1 = (uint32_t)n->d;
	}
}

/* a load or store as hv_translate makes it (not yet rewritten) */
static int is_memop(unsigned op)
{
	switch (op) {
	case HV_LDS8: case HV_LDU8: case HV_LDS16: case HV_LDU16: case HV_LDS32: case HV_LDU32:
	case HV_LD64: case HV_ST8: case HV_ST16: case HV_ST32: case HV_ST64:
		return 1;
	default:
		return 0;
	}
}

/* the fused form F (0 IX, 1 AIX, 2 PX, 3 MX) of load or store op x */
static enum hv_op memop_fused(unsigned x, int fam)
{
	/* HV_M lays out x, x_S, x_H, IX_x, AIX_x, PX_x, MX_x */
	return (enum hv_op)(x + 3 + fam);
}

/* Sequences that run as one instruction, chosen from the instruction pairs
 * of host loops (tools/opfreq.c over the bench programs and CPU matrix
 * products; docs/PERFORMANCE.md, seventh session). The fused instruction
 * replaces the first of its sequence and reads the operands of the others
 * where they are; those keep their own form, for a jump to them and for
 * the way out: when the last one (a load or store) does not hit the
 * allocation it remembers, the fused instruction has done the others and
 * goes on at it as if it had been reached alone. Every register is written
 * in program order, and nothing before the last instruction can fail.
 * - IX_x: an indexing by a power of two (IDXSH) whose address load or
 *   store x uses (a[i]);
 * - AIX_x: a 32-bit signed ADD whose sum the IDX of IX_x indexes by
 *   (a[i * n + k]);
 * - PX_x: a 64-bit ADD whose sum x uses (a pointer plus a byte offset);
 * - MX_x: a 64-bit MUL by a constant, a 64-bit ADD of the product, and x
 *   at the sum (an index the decoder did not make an IDX: `w[h[i]]++`);
 * - ACBR_x, ACBR64_x: a 32-bit signed or a 64-bit ADD or SUB of a
 *   constant, then the compare-and-branch x of its result (a loop counter:
 *   i++, i < n; i--, i >= 0; p++, p != end).
 * Where the second reads the first's result, the fused instruction uses the
 * value it computed instead of reading it back. */
static void hv_fuse_seq(struct hv_func *f)
{
	struct hv_insn *c = f->code;
	for (uint32_t i = 0; i + 1 < f->n; i++) {
		struct hv_insn *h = &c[i], *n = &c[i + 1];
		if (h->op == HV_IDXSH && is_memop(n->op) && n->a == h->d)
			h->op = (uint16_t)memop_fused(n->op, 0);
		else if (h->op == HV_ADD32S_RR && n->op == HV_IDXSH && n->b == h->d && i + 2 < f->n &&
			 is_memop(c[i + 2].op) && c[i + 2].a == n->d) /* (the IDX is not rewritten yet) */
			h->op = (uint16_t)memop_fused(c[i + 2].op, 1);
		else if (h->op == HV_ADD64_RR && is_memop(n->op) && n->a == h->d)
			h->op = (uint16_t)memop_fused(n->op, 2);
		else if (h->op == HV_MUL64_RK && n->op == HV_ADD64_RR && (n->a == h->d || n->b == h->d) &&
			 i + 2 < f->n && is_memop(c[i + 2].op) && c[i + 2].a == n->d) {
			h->c = n->a == h->d ? n->b : n->a; /* the ADD's other operand */
			h->op = (uint16_t)memop_fused(c[i + 2].op, 3);
		}
		else if ((h->op == HV_ADD32S_RK || h->op == HV_SUB32S_RK || h->op == HV_ADD64_RK ||
			  h->op == HV_SUB64_RK) && n->op >= HV_CBR_RR_EQ_S && n->op <= HV_CBR_RK_GE_D && n->a == h->d) {
			int w64 = h->op == HV_ADD64_RK || h->op == HV_SUB64_RK;
			if (h->op == HV_SUB32S_RK || h->op == HV_SUB64_RK) /* i - k is i + -k (mod 2^32, 2^64) */
				h->k = (int64_t)(0 - (uint64_t)h->k);
			h->op = (uint16_t)((w64 ? HV_ACBR64_RR_EQ_S : HV_ACBR_RR_EQ_S) + (n->op - HV_CBR_RR_EQ_S));
		}
	}
}

#define HV_INC_ROW(X, x, ld, st, T, CONV) { HV_##x##_RR, HV_##ld, HV_##st, HV_INC_##x##_RR },
static const struct { uint16_t add, ld, st, inc; } hv_incs[] = { HV_INCS(HV_INC_ROW, _) };
#undef HV_INC_ROW

static int is_inc(unsigned op)
{
	return op >= HV_INC_ADD32U_RR && op <= HV_INC_SUBD_RK_S;
}

/* Counters, before hv_fuse_seq (which then leaves the load to them): a
 * load, an ADD or SUB, and a store of the sum to the load's address (the
 * same register, not written by the two, and the same offset) run as one
 * instruction INC_x (HV_INCS) at the load, which finds the memory once for
 * both accesses; the ADD and the store keep their own forms (a jump to
 * them), the three are steps of one run, and where the memory is not the
 * stack or a live host allocation the general loop runs the load, before
 * anything is done. The instructions before the load that compute its
 * address stay single instructions or pairs (HV_PAIRS). */
static void hv_fuse_inc(struct hv_func *f)
{
	struct hv_insn *c = f->code;
	for (uint32_t i = 0; i + 2 < f->n; i++) {
		struct hv_insn *l = &c[i], *x = &c[i + 1], *s = &c[i + 2];
		if (s->a != l->a || s->k != l->k || s->b != x->d || l->d == l->a || x->d == l->a)
			continue;
		for (size_t j = 0; j < WS_ARRAY_LEN(hv_incs); j++)
			if (l->op == hv_incs[j].ld && s->op == hv_incs[j].st &&
			    (x->op == hv_incs[j].add || x->op == hv_incs[j].add + 1)) {
				set_op(l, (enum hv_op)(hv_incs[j].inc + (x->op - hv_incs[j].add)));
				break;
			}
	}
}

#define HV_SL_ROW(X, st, ld, T, CONV) { HV_##st, HV_##ld, HV_SL_##st##_##ld },
static const struct { uint16_t st, ld, sl; } hv_sls[] = { HV_SLS(HV_SL_ROW, _) };
#undef HV_SL_ROW

/* Stores read back, before hv_fuse_seq: MOV m0, ADD64 a0 of m0's result
 * and another register x, store at a0's result + k, then MOV m1 of m0's
 * operand, ADD64 of m1's result and x, load of the same size at its
 * result + k (`p[i] = v; ... p[i]`) run as one instruction SL_st_ld at
 * m0 (c: x): no instruction writes m0's operand or x, so the load's
 * address is the store's, its bytes the ones stored; m1 and its ADD get
 * m0's and a0's values. The store finds its memory in the window of the
 * store instruction or on the stack; else the store runs as if reached
 * alone, and the rest singly. The six keep their own forms (a jump to
 * them) and are steps of one run. */
static void hv_fuse_sl(struct hv_func *f)
{
	struct hv_insn *c = f->code;
	for (uint32_t i = 0; i + 5 < f->n; i++) {
		struct hv_insn *m0 = &c[i], *a0 = &c[i + 1], *st = &c[i + 2], *m1 = &c[i + 3], *a1 = &c[i + 4],
			       *ld = &c[i + 5];
		if (m0->op != HV_MOV || a0->op != HV_ADD64_RR || m1->op != HV_MOV || a1->op != HV_ADD64_RR ||
		    (a0->a == m0->d) == (a0->b == m0->d))
			continue;
		int32_t x = a0->a == m0->d ? a0->b : a0->a;
		if (m0->d == m0->a || m0->d == x || a0->d == m0->a || a0->d == x || st->a != a0->d ||
		    m1->a != m0->a || m1->d == x || !((a1->a == m1->d && a1->b == x) || (a1->b == m1->d && a1->a == x)) ||
		    ld->a != a1->d || ld->k != st->k)
			continue;
		for (size_t j = 0; j < WS_ARRAY_LEN(hv_sls); j++)
			if (st->op == hv_sls[j].st && ld->op == hv_sls[j].ld) {
				set_op(m0, (enum hv_op)hv_sls[j].sl);
				m0->c = x;
				break;
			}
	}
}

static int is_sl(unsigned op)
{
	return op >= HV_SL_ST8_LDU8 && op <= HV_SL_ST8_LDS8;
}

/* the instructions a fused instruction covers, itself included (1: none) */
static uint32_t hv_span(unsigned op)
{
	if (is_inc(op))
		return 3;
	if (is_sl(op))
		return 6;
	if (op >= HV_LDS8 && op <= HV_MX_ST64) {
		unsigned fam = (op - HV_LDS8) % 7; /* HV_M's layout */
		return fam == 3 || fam == 5 ? 2 : fam == 4 || fam == 6 ? 3 : 1;
	}
	if (op == HV_MAD32S || op == HV_MAD32SK || op == HV_MADF || op == HV_MADD ||
	    (op >= HV_ACBR_RR_EQ_S && op <= HV_ACBR64_RK_GE_D) || (op >= HV_KC_KDIVS32 && op < HV_NOPS))
		return 2;
	return 1;
}

#define HV_PAIR_ROW(X, x, y, K) { HV_##x, HV_##y, HV_P_##x##__##y },
static const struct { uint16_t x, y, p; } hv_pairs[] = { HV_PAIRS(HV_PAIR_ROW, _) };
#undef HV_PAIR_ROW

/* After the other fusions: first every CONST followed by the integer
 * division by it (KC_x: the division strength-reduced by hv_kdiv; the
 * division keeps its own form, for a jump to it, and holds the constant and
 * its shift in its unused k and c), then, from the last instruction back,
 * each pair of HV_PAIRS (so that a pair can go on in the pair after it).
 * As in hv_fuse_seq, the second keeps its own form and both are steps of
 * one run; the pair writes its registers in program order and nothing but
 * its last instruction can fail (a fused access that hands back, before
 * it). An instruction that a fused instruction before it covers may head a
 * pair too: the pair runs where a jump reaches it. */
static void hv_fuse_pairs(struct hv_func *f)
{
	struct hv_insn *c = f->code;
	for (uint32_t i = 0; i + 1 < f->n; i++) {
		struct hv_insn *h = &c[i], *n = &c[i + 1];
		int32_t sh;
		enum hv_op kop;
		if (h->op == HV_CONST && n->b == h->d && n->a != h->d &&
		    (n->op == HV_DIVS_RR || n->op == HV_DIVU_RR || n->op == HV_REMS_RR || n->op == HV_REMU_RR) &&
		    (kop = hv_kdiv(n->op, n->t, (uint64_t)h->k, &sh)) != HV_EXIT) {
			n->k = h->k;
			n->c = sh;
			set_op(h, (enum hv_op)(HV_KC_KDIVS32 + (kop - HV_KDIVS32)));
		}
	}
	for (uint32_t i = f->n - 1; i-- > 0;) {
		struct hv_insn *h = &c[i], *n = &c[i + 1];
		for (size_t j = 0; j < WS_ARRAY_LEN(hv_pairs); j++)
			if (hv_pairs[j].x == h->op && hv_pairs[j].y == n->op) {
				h->op = hv_pairs[j].p;
				break;
			}
	}
}

static struct hv_func *hv_build(struct machine *m, struct dfunc *df)
{
	struct hv_func *f = xmalloc(sizeof(*f));
	f->n = df->ncode;
	f->code = xcalloc(df->ncode ? df->ncode : 1, sizeof(struct hv_insn));
	for (uint32_t i = 0; i < df->ncode; i++)
		hv_translate(&f->code[i], &df->code[i], i, df, m->mod);
	if (!m->o.no_super)
		hv_fuse(f);
	/* runs are those of the instructions as translated: a fused
	 * compare-and-branch (ACBR) replaces an ADD, which ends none */
	uint32_t run = 1;
	for (uint32_t i = df->ncode; i-- > 0;) {
		struct hv_insn *h = &f->code[i];
		run = is_transfer(h->op) || i + 1 == df->ncode ? 1 : run + 1;
		h->run = run;
	}
	if (!m->o.no_super) {
		if (!m->o.no_hostinc)
			hv_fuse_inc(f);
		if (!m->o.no_hostfwd)
			hv_fuse_sl(f);
		hv_fuse_seq(f);
		hv_fuse_pairs(f);
	}
	/* branches go to their targets' instructions (decode_func validated the targets) */
	for (uint32_t i = 0; i < df->ncode; i++) {
		struct hv_insn *h = &f->code[i];
		unsigned op = df->code[i].op;
		if (op == IR_BR || op == IR_CBR) {
			h->tp1 = f->code + h->t1;
			h->tp2 = f->code + (op == IR_CBR ? h->t2x : h->t1);
		}
	}
#if HV_THREADED
	for (uint32_t i = 0; i < df->ncode; i++)
		f->code[i].h = hv_tab[f->code[i].op];
#endif
	df->hv = f;
	return f;
}

void hostvm_forget(struct dfunc *df)
{
	struct hv_func *f = df ? df->hv : NULL;
	if (!f)
		return;
	for (uint32_t i = 0; i < f->n; i++)
		if (f->code[i].op == HV_CALL || f->code[i].op == HV_CALLQ || f->code[i].op == HV_BPURE ||
		    f->code[i].op == HV_BMEMCPY || f->code[i].op == HV_BMEMSET)
			free(f->code[i].av);
	free(f->code);
	free(f);
	df->hv = NULL;
}

void hostvm_count_fused(const struct dfunc *df, uint32_t out[4])
{
	const struct hv_func *f = df ? df->hv : NULL;
	out[0] = out[1] = out[2] = out[3] = 0;
	for (uint32_t i = 0; f && i < f->n; i++) {
		unsigned op = f->code[i].op;
		if (is_inc(op) || is_sl(op))
			out[3]++;
		else if (op >= HV_KC_KDIVS32 && op <= HV_KC_KREMUP)
			out[1]++;
		else if (op > HV_KC_KREMUP && op < HV_NOPS)
			out[2]++;
		else if (hv_span(op) > 1)
			out[0]++;
	}
}

/* ---- execution */

/* the access at pc of df remembers a host allocation (its mlim was 0) */
static WS_NOINLINE void hv_remember(struct machine *m, const struct dfunc *df, uint32_t pc)
{
	struct hv_window h = { (struct dfunc *)df, pc };
	vec_push(&m->hv_win, h);
}

/* every remembered allocation forgotten (a free happened): mlim 0 makes x_H
 * and the fused accesses find the memory again (m->hv_win lists the
 * instructions whose mlim is not 0, each once: an access that goes to the
 * stack keeps its window, still live, for a fused access to use; one whose
 * function's engine code was dropped, or built again, is left alone unless
 * it is an access) */
static WS_NOINLINE void hv_forget_windows(struct machine *m)
{
	for (size_t i = 0; i < m->hv_win.len; i++) {
		const struct hv_window *h = &m->hv_win.v[i];
		struct hv_func *f = h->df->hv;
		if (!f || h->pc >= f->n)
			continue;
		unsigned op = f->code[h->pc].op;
		if ((op >= HV_LDS8 && op <= HV_MX_ST64 && (op - HV_LDS8) % 7 <= 2) || /* x, x_S or x_H (HV_M) */
		    is_inc(op))
			f->code[h->pc].mlim = 0;
	}
	m->hv_win.len = 0;
	m->hv_nfrees = m->mem.nfrees;
}

/* the access of the engine loop's ip, sz bytes at its base plus ip->k,
 * found them in the host allocation n_ (hv_heap: the sz bytes are n_'s):
 * its window is n_'s, remembered for a free to forget (a macro: a call in
 * hostvm_run's loop cost 2% of its instructions, in its registers) */
#define HV_WINDOW_SET(n_, sz) do { \
	if (!ip->mlim) \
		hv_remember(m, fr->df, (uint32_t)(ip - code)); \
	ip->mlo = (n_)->base - (uint64_t)ip->k; \
	ip->mlim = (n_)->size - (sz) + 1; \
	ip->mdata = (n_)->data; \
} while (0)

/* The live host allocation holding [addr, addr+sz) (interp.c's host
 * translation: the last four hits, then a search), or NULL: a fault or
 * another space, the general loop's business. */
static WS_NOINLINE struct alloc *hv_heap(struct machine *m, uint64_t addr, uint64_t sz)
{
	if (ADDR_TAG(addr) != TAG_HOST)
		return NULL;
	for (int i = 0; i < 4; i++) {
		struct alloc *a = m->lc.h[i];
		if (a && ws_range_in(a->base, a->size, addr, sz) && !a->freed)
			return a;
	}
	struct alloc *a = mem_find(&m->mem, addr);
	if (!a || a->freed || !a->host_ok || !ws_range_in(a->base, a->size, addr, sz))
		return NULL;
	m->lc.h[m->lc.hnext++ & 3] = a;
	return a;
}

/* The bytes of [addr, addr+n) for an aggregate copy or fill or a
 * memcpy/memset: on w's own stack, or in a live host allocation (hv_heap's;
 * only while no checker listens to
 * the accesses of single lanes, which interp_xlate publishes for those);
 * else NULL, the general loop's business. */
static uint8_t *hv_block(struct machine *m, struct warp *w, uint64_t addr, uint64_t n)
{
	uint64_t off = addr - ADDR(TAG_HSTACK, w->hbase);
	if (off < w->ls[0].sp && w->ls[0].sp - off >= n)
		return w->ls[0].buf + off;
	if (CHECK_WANTS(m, CEV_LANE))
		return NULL;
	struct alloc *a = hv_heap(m, addr, n);
	return a ? a->data + (addr - a->base) : NULL;
}

#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpedantic"
#pragma GCC diagnostic ignored "-Wunused-label" /* G_ labels no pair goes to */
#endif

int hostvm_run(struct machine *m, struct warp *w, int gi, int budget)
{
#if HV_THREADED
#define HV_LABEL(x) &&L_##x,
	static const void *const labels[] = { HV_OPS(HV_LABEL) };
#undef HV_LABEL
	if (WS_UNLIKELY(!hv_tab))
		hv_tab = labels;
#define L(x) L_##x:
#define DISPATCH goto *ip->h
#else
#define L(x) case HV_##x:
#define DISPATCH goto dispatch
#endif
	/* the group is looked up again where it is written (w->g is a pointer
	 * since the eighth session: a group pointer kept live through the
	 * threaded loop cost a register, 2.5-3.7% more instructions) */
	const struct group *g0 = &w->g[gi];
	struct frame *fr = g0->fr;
	if (m->o.no_hostvm || g0->ntok || g0->mask != 1 || !fr || budget <= 0)
		return 0;
	struct dfunc *df = (struct dfunc *)fr->df;
	struct hv_func *hf = df->hv ? df->hv : hv_build(m, df);
	struct hv_insn *code = hf->code, *ip = code + g0->pc;
	if (g0->pc >= hf->n || ip->run > (uint32_t)budget)
		return 0;
	int64_t left = (int64_t)budget - ip->run;
	uint64_t *R = fr->r;
	struct lstack *ls = &w->ls[0];
	int executed;
	uint64_t nst = 0; /* stores, counted as do_st counts them (m->nstores) */
	/* no allocation is freed while the engine runs but in a built-in
	 * call (HCALL); the ones loads and stores remember were live when
	 * m->mem.nfrees was m->hv_nfrees */
	if (WS_UNLIKELY(m->mem.nfrees != m->hv_nfrees))
		hv_forget_windows(m);
	int64_t flushed = 0; /* steps already added to m->steps (HCALL) */
	const uint64_t slo = ADDR(TAG_HSTACK, w->hbase);

#define NEXT do { ip++; DISPATCH; } while (0)
	/* go to pc x of the current function, charging its run */
	/* go to instruction p of the current function (a branch's tp1 or tp2), charging its run */
#define JUMPP(p) do { \
	ip = (p); \
	if (WS_UNLIKELY((int64_t)ip->run > left)) \
		goto out_target; \
	left -= ip->run; \
	DISPATCH; \
} while (0)
#define JUMP(x) do { \
	ip = code + (x); \
	if (WS_UNLIKELY((int64_t)ip->run > left)) \
		goto out_target; \
	left -= ip->run; \
	DISPATCH; \
} while (0)
#define D_ R[ip->d]
#define A_ R[ip->a]
#define BIN(x, E) L(x##_RR) { hb_##x##_RR(R, ip); NEXT; } L(x##_RK) { hb_##x##_RK(R, ip); NEXT; }
#define UN(x, E) L(x) { hb_##x(R, ip); NEXT; }
	/* integer division: by zero, the general loop's finding */
#define IDIV(x, E) \
	L(x##_RR) { if (WS_UNLIKELY(!hd_##x##_RR(R, ip))) goto out; NEXT; } \
	L(x##_RK) { if (WS_UNLIKELY(!hd_##x##_RK(R, ip))) goto out; NEXT; }
#define SETP_RR(x, E, OPND) L(SETP_RR_##x) { hb_SETP_RR_##x(R, ip); NEXT; }
#define SETP_RK(x, E, OPND) L(SETP_RK_##x) { hb_SETP_RK_##x(R, ip); NEXT; }
#define CBR_RR(x, E, OPND) L(CBR_RR_##x) JUMPP(hc_CBR_RR_##x(R, ip) ? ip->tp1 : ip->tp2);
#define CBR_RK(x, E, OPND) L(CBR_RK_##x) JUMPP(hc_CBR_RK_##x(R, ip) ? ip->tp1 : ip->tp2);
	/* ADD32S_RK, then the compare-and-branch after it */
#define ACBR(P, x) L(P##_##x) { int c_ = ha_##P##_##x(R, ip); ip++; JUMPP(c_ ? ip->tp1 : ip->tp2); }
#define ACBR_RR(x, E, OPND) ACBR(ACBR_RR, x)
#define ACBR_RK(x, E, OPND) ACBR(ACBR_RK, x)
#define ACBR64_RR(x, E, OPND) ACBR(ACBR64_RR, x)
#define ACBR64_RK(x, E, OPND) ACBR(ACBR64_RK, x)
#if HV_THREADED
#define QUICK(x) do { ip->op = (uint16_t)(x); ip->h = hv_tab[x]; } while (0)
#else
#define QUICK(x) do { ip->op = (uint16_t)(x); } while (0)
#endif
#define LDB(T, CONV) do { T v_; memcpy(&v_, p, sizeof(T)); D_ = CONV; } while (0)
#define STB(T, CONV) do { T v_ = (T)R[ip->b]; memcpy(p, &v_, sizeof(T)); nst++; } while (0)
	/* x: the thread's stack, or the host allocation hv_heap finds (a fault
	 * or anything else hands back), then x_S or x_H from then on; those
	 * test their guess inline and go back to x when it fails. x_H keeps
	 * the allocation's window in the instruction (mlo, mlim, mdata). */
#define MEMOP(x, T, KIND, CONV) \
	L(x) G_##x: { \
		uint64_t a_ = A_ + (uint64_t)ip->k, o_ = a_ - slo; \
		uint8_t *p; \
		if (o_ < ls->sp && ls->sp - o_ >= sizeof(T)) { \
			p = ls->buf + o_; \
			QUICK(HV_##x##_S); \
		} else { \
			struct alloc *n_ = hv_heap(m, a_, sizeof(T)); \
			if (WS_UNLIKELY(!n_)) \
				goto out; \
			HV_WINDOW_SET(n_, sizeof(T)); \
			QUICK(HV_##x##_H); \
			p = n_->data + (a_ - n_->base); \
		} \
		KIND(T, CONV); \
		NEXT; \
	} \
	L(x##_S) { \
		uint64_t o_ = A_ + (uint64_t)ip->k - slo; \
		if (WS_UNLIKELY(o_ >= ls->sp || ls->sp - o_ < sizeof(T))) \
			goto G_##x; \
		uint8_t *p = ls->buf + o_; \
		KIND(T, CONV); \
		NEXT; \
	} \
	L(x##_H) { \
		uint64_t o_ = A_ - ip->mlo; \
		if (WS_UNLIKELY(o_ >= ip->mlim)) \
			goto G_##x; \
		uint8_t *p = ip->mdata + o_; \
		KIND(T, CONV); \
		NEXT; \
	} \
	L(IX_##x) G_IX_##x: { \
		uint64_t t_ = A_ + (R[ip->b] << ip->k); \
		D_ = t_; \
		ip++; \
		MEMTAIL(x, T, KIND, CONV, t_); \
	} \
	L(AIX_##x) { \
		uint64_t s_ = (uint64_t)(int64_t)(int32_t)(uint32_t)(A_ + R[ip->b]); \
		D_ = s_; \
		ip++; \
		uint64_t t_ = A_ + (s_ << ip->k); \
		D_ = t_; \
		ip++; \
		MEMTAIL(x, T, KIND, CONV, t_); \
	} \
	L(PX_##x) G_PX_##x: { \
		uint64_t t_ = A_ + R[ip->b]; \
		D_ = t_; \
		ip++; \
		MEMTAIL(x, T, KIND, CONV, t_); \
	} \
	L(MX_##x) G_MX_##x: { \
		uint64_t p_ = A_ * (uint64_t)ip->k; \
		D_ = p_; \
		uint64_t t_ = R[ip->c] + p_; \
		ip++; \
		D_ = t_; \
		ip++; \
		MEMTAIL(x, T, KIND, CONV, t_); \
	}
	/* the load or store x at ip, fused after the instructions that computed
	 * its address ADDR (the value of its register a): x_H's test inline
	 * (mlim is 0 unless x is x_H), else x's own handler, as if reached alone */
#define MEMTAIL(x, T, KIND, CONV, ADDR) do { \
	uint64_t o_ = (ADDR) - ip->mlo; \
	if (WS_LIKELY(o_ < ip->mlim)) { \
		uint8_t *p = ip->mdata + o_; \
		KIND(T, CONV); \
		NEXT; \
	} \
	DISPATCH; \
} while (0)

	DISPATCH;
#if !HV_THREADED
dispatch:
	switch ((enum hv_op)ip->op) {
#endif
	L(EXIT) goto out;
	L(NOP) NEXT;
	HV_UNS(UN)
	L(LADDR) { D_ = ADDR(TAG_HSTACK, w->hbase + fr->lbase[0] + (uint64_t)ip->k); NEXT; }
	L(GADDR) { D_ = m->obj_addr[ip->k]; NEXT; }
	L(SHL) {
		uint64_t a = A_, s = R[ip->b] & 0xffffffffu;
		D_ = s >= (uint64_t)ip->k ? 0 : ir_norm(a << (s & 63), ip->t);
		NEXT;
	}
	L(SAR) {
		uint64_t a = A_, s = R[ip->b] & 0xffffffffu;
		D_ = (uint64_t)((int64_t)a >> (s >= (uint64_t)ip->k ? 63 : s));
		NEXT;
	}
	L(SHR) {
		uint64_t a = A_, s = R[ip->b] & 0xffffffffu;
		D_ = s >= (uint64_t)ip->k ? 0 : a >> s;
		NEXT;
	}
	MEMOP(LDS8, int8_t, LDB, (uint64_t)(int64_t)v_)
	MEMOP(LDU8, uint8_t, LDB, v_)
	MEMOP(LDS16, int16_t, LDB, (uint64_t)(int64_t)v_)
	MEMOP(LDU16, uint16_t, LDB, v_)
	MEMOP(LDS32, int32_t, LDB, (uint64_t)(int64_t)v_)
	MEMOP(LDU32, uint32_t, LDB, v_)
	MEMOP(LD64, uint64_t, LDB, v_)
	MEMOP(ST8, uint8_t, STB, 0)
	MEMOP(ST16, uint16_t, STB, 0)
	MEMOP(ST32, uint32_t, STB, 0)
	MEMOP(ST64, uint64_t, STB, 0)
	/* a counter (hv_fuse_inc): the memory found once, in the window the
	 * instruction keeps (as x_H's), else on the stack, else hv_heap's
	 * (remembered), else the general loop's load; then the load, the ADD
	 * or SUB y at ip + 1 (from the registers, as it runs alone) and the
	 * store of its result */
#define INC(X, x, ld, st, T, CONV) \
	L(INC_##x##_RR) G_INC_##x##_RR: { INCB(T, CONV, x##_RR, INC_##x##_RR_S); } \
	L(INC_##x##_RK) G_INC_##x##_RK: { INCB(T, CONV, x##_RK, INC_##x##_RK_S); } \
	L(INC_##x##_RR_S) { INCS(T, CONV, x##_RR); } \
	L(INC_##x##_RK_S) { INCS(T, CONV, x##_RK); }
	/* x_S: the stack, else x */
#define INCS(T, CONV, y) do { \
	uint64_t o_ = A_ + (uint64_t)ip->k - slo; \
	if (WS_UNLIKELY(o_ >= ls->sp || ls->sp - o_ < sizeof(T))) \
		goto G_INC_##y; \
	uint8_t *p = ls->buf + o_; \
	INCDO(T, CONV, y); \
} while (0)
#define INCB(T, CONV, y, S) do { \
	uint64_t a_ = A_ + (uint64_t)ip->k, o_ = A_ - ip->mlo; \
	uint8_t *p; \
	if (WS_LIKELY(o_ < ip->mlim)) { \
		p = ip->mdata + o_; \
	} else if ((o_ = a_ - slo) < ls->sp && ls->sp - o_ >= sizeof(T)) { \
		p = ls->buf + o_; \
		QUICK(HV_##S); \
	} else { \
		struct alloc *n_ = hv_heap(m, a_, sizeof(T)); \
		if (WS_UNLIKELY(!n_)) \
			goto out; \
		HV_WINDOW_SET(n_, sizeof(T)); \
		p = n_->data + (a_ - n_->base); \
	} \
	INCDO(T, CONV, y); \
} while (0)
#define INCDO(T, CONV, y) do { \
	LDB(T, CONV); \
	hb_##y(R, ip + 1); \
	ip += 2; \
	STB(T, 0); \
	NEXT; \
} while (0)
	HV_INCS(INC, _)
	/* a store read back (hv_fuse_sl): MOV, ADD, the store where the store
	 * instruction's window or the stack has it (else the store as if
	 * reached alone), the MOV and ADD again with the values they had, and
	 * the load from the bytes just stored */
#define SL(X, st, ld, T, CONV) \
	L(SL_##st##_##ld) { \
		uint64_t v1_ = A_; \
		D_ = v1_; \
		uint64_t t_ = R[ip->c] + v1_; \
		R[ip[1].d] = t_; \
		ip += 2; \
		uint64_t o_ = t_ - ip->mlo; \
		uint8_t *p; \
		if (WS_LIKELY(o_ < ip->mlim)) \
			p = ip->mdata + o_; \
		else if ((o_ = t_ + (uint64_t)ip->k - slo) < ls->sp && ls->sp - o_ >= sizeof(T)) \
			p = ls->buf + o_; \
		else \
			DISPATCH; \
		STB(T, 0); \
		R[ip[1].d] = v1_; \
		R[ip[2].d] = t_; \
		ip += 3; \
		LDB(T, CONV); \
		NEXT; \
	}
	HV_SLS(SL, _)
	L(MEMCPY) {
		/* do_memcpy_set: interp_xlate counts the write (nstores) */
		uint8_t *dst = hv_block(m, w, A_, (uint64_t)ip->k), *src;
		if (!dst || !(src = hv_block(m, w, R[ip->b], (uint64_t)ip->k)))
			goto out;
		m->nstores++;
		memmove(dst, src, (size_t)ip->k);
		NEXT;
	}
	L(MEMSET) {
		uint8_t *dst = hv_block(m, w, A_, (uint64_t)ip->k);
		if (!dst)
			goto out;
		m->nstores++;
		memset(dst, (int)(uint8_t)R[ip->b], (size_t)ip->k);
		NEXT;
	}
	/* devlib.c do_mem on the host thread: d = dst, even for n = 0; the
	 * write counted (nstores); anything but the stack or a live host
	 * allocation (a fault, device memory, a checker listening) is the
	 * general loop's, before the call */
	L(BMEMCPY) {
		uint64_t dst = R[ip->av[0]], src = R[ip->av[1]], n = R[ip->av[2]];
		if (n) {
			uint8_t *dp = hv_block(m, w, dst, n), *sp;
			if (!dp || !(sp = hv_block(m, w, src, n)))
				goto out;
			memmove(dp, sp, (size_t)n);
			nst++;
		}
		if (ip->d >= 0)
			D_ = dst;
		NEXT;
	}
	L(BMEMSET) {
		uint64_t dst = R[ip->av[0]], v = R[ip->av[1]], n = R[ip->av[2]];
		if (n) {
			uint8_t *dp = hv_block(m, w, dst, n);
			if (!dp)
				goto out;
			memset(dp, (int)(uint8_t)v, (size_t)n);
			nst++;
		}
		if (ip->d >= 0)
			D_ = dst;
		NEXT;
	}
	L(HCALL) {
		/* the general loop's call (interp_bcall), made from here: what it
		 * may look at is brought up to date first (the place, the steps
		 * with this one counted, as the general loop counts it before the
		 * call); unless the call ran as the general loop then goes on
		 * (no wait, no fault, no exit, the same frame, the next pc) the
		 * engine leaves with the group as the call left it, and where the
		 * general loop would return after the call, m->hv_stop makes
		 * interp_run_group return */
		int64_t ex = (int64_t)budget - left - ip->run + 1;
		m->steps += (uint64_t)(ex - flushed);
		m->dev.cycles += (uint64_t)(ex - flushed);
		m->hv_steps += (uint64_t)(ex - flushed);
		m->nstores += nst;
		nst = 0;
		flushed = ex;
		uint32_t pc = (uint32_t)(ip - code);
		w->g[gi].fr = fr;
		w->g[gi].pc = pc;
		int r = interp_bcall(m, w, (uint32_t)gi, &fr->code[pc]);
		struct group *g = &w->g[gi];
		if (r || m->status != MST_RUNNING || (m->dev.grid && m->dev.fail_err)) {
			m->hv_stop = 1; /* where the general loop returns */
			executed = (int)ex;
			goto synced;
		}
		if (m->hooks || m->mm || g->fr != fr || g->pc != pc + 1) {
			executed = (int)ex; /* where it goes on by itself */
			goto synced;
		}
		if (m->mem.nfrees != m->hv_nfrees) /* free() forgets what accesses remember */
			hv_forget_windows(m);
		ls = &w->ls[0];
		NEXT;
	}
	L(BPURE) {
		uint64_t args[16] = {0}, ret = 0;
		for (int32_t k = 0; k < ip->a; k++)
			args[k] = R[ip->av[k]];
		ip->pure(&ret, args);
		if (ip->d >= 0)
			D_ = ret;
		NEXT;
	}
	L(RAND) {
		uint64_t v = (uint64_t)(int64_t)runtime_rand(m);
		if (ip->d >= 0)
			D_ = ir_norm(v, ip->t);
		NEXT;
	}
	/* MUL d = a * b (MAD32SK: b is k), then ADD t1 = d + c or c + d (t2:
	 * the product first), c read after d is written; floats rounded twice,
	 * as the two instructions round (host code is not contracted) */
	L(MAD32S) {
		D_ = (uint64_t)(int64_t)(int32_t)(uint32_t)(A_ * R[ip->b]);
		R[(int32_t)ip->t1] = (uint64_t)(int64_t)(int32_t)(uint32_t)(R[ip->c] + D_);
		ip += 2;
		DISPATCH;
	}
	L(MAD32SK) {
		D_ = (uint64_t)(int64_t)(int32_t)(uint32_t)(A_ * (uint64_t)ip->k);
		R[(int32_t)ip->t1] = (uint64_t)(int64_t)(int32_t)(uint32_t)(R[ip->c] + D_);
		ip += 2;
		DISPATCH;
	}
	L(MADF) {
		float p = fval(A_) * fval(R[ip->b]);
		D_ = fbits(p);
		float c = fval(R[ip->c]);
		p = fval(D_);
		R[(int32_t)ip->t1] = fbits(ip->t2 ? p + c : c + p);
		ip += 2;
		DISPATCH;
	}
	L(MADD) {
		D_ = dbits(dval(A_) * dval(R[ip->b]));
		double p = dval(D_), c = dval(R[ip->c]);
		R[(int32_t)ip->t1] = dbits(ip->t2 ? p + c : c + p);
		ip += 2;
		DISPATCH;
	}
	L(BR) JUMPP(ip->tp1);
	L(CBR) JUMPP(A_ ? ip->tp1 : ip->tp2);
	L(CALL) {
		/* the callee, once decoded (decoding, and its finding, are the
		 * general loop's): its frame's needs go into the instruction */
		struct dfunc *cdf = m->df[ip->k];
		if (!cdf || cdf->bad)
			goto out;
		ip->cdf = cdf;
		ip->b = (int32_t)(cdf->fn->nregs ? cdf->fn->nregs : 1);
		ip->t = cdf->stackless;
		ip->t1 = cdf->stackless ? 0 : cdf->fn->frame_size;
		QUICK(HV_CALLQ);
		goto G_CALLQ;
	}
	L(CALLQ) G_CALLQ: {
		/* do_call + interp_frame_new, for a frame from the free list and
		 * room on the stack; anything else is the general loop's */
		struct dfunc *cdf = ip->cdf;
		struct hv_func *cf = cdf->hv ? cdf->hv : hv_build(m, cdf);
		uint32_t need = (uint32_t)ip->b;
		struct frame *nf = w->free_frames, **pp = &w->free_frames;
		while (nf && nf->cap < need) {
			pp = &nf->next_free;
			nf = nf->next_free;
		}
		if (WS_UNLIKELY(!nf || fr->depth >= (1u << 16)))
			goto out; /* a fresh frame, or too deep */
		uint32_t base = ls->sp;
		if (ip->t1) {
			uint32_t fa = cdf->fn->frame_align;
			uint64_t al = fa < 8 ? 8 : fa;
			uint64_t b = ((uint64_t)ls->sp + al - 1) & ~(al - 1), end = b + ip->t1;
			if (end > (8u << 20) || end > ls->cap)
				goto out; /* overflow, or the stack must grow */
			memset(ls->buf + b, 0, ip->t1);
			ls->sp = (uint32_t)end;
			base = (uint32_t)b;
		}
		*pp = nf->next_free;
		nf->parent = fr;
		nf->next_free = NULL;
		nf->fn = cdf->fn;
		nf->df = cdf;
		nf->code = cdf->code;
		nf->fidx = (int32_t)ip->k;
		nf->depth = fr->depth + 1;
		nf->nlanes = 1;
		nf->ret_pc = ip->t2x;
		nf->ret_reg = ip->c;
		if (!ip->t)
			nf->lbase[0] = base;
		uint64_t *T = nf->r;
		const int32_t *av = ip->av;
		switch (ip->a) {
		default:
			for (int32_t k = 4; k < ip->a; k++)
				T[(size_t)k * WS_WARP] = R[av[k]];
			/* fallthrough */
		case 4: T[3 * WS_WARP] = R[av[3]]; /* fallthrough */
		case 3: T[2 * WS_WARP] = R[av[2]]; /* fallthrough */
		case 2: T[1 * WS_WARP] = R[av[1]]; /* fallthrough */
		case 1: T[0] = R[av[0]]; /* fallthrough */
		case 0: break;
		}
		fr = nf;
		R = T;
		code = cf->code;
		JUMP(0);
	}
	L(RET) {
		/* do_ret of a frame above the bottom one */
		if (WS_UNLIKELY(!fr->depth))
			goto out;
		struct frame *p = fr->parent, *f = fr;
		struct dfunc *pdf = (struct dfunc *)p->df;
		struct hv_func *pf = pdf->hv ? pdf->hv : hv_build(m, pdf);
		if (f->ret_reg >= 0 && ip->a >= 0)
			p->r[(size_t)f->ret_reg * WS_WARP] = ir_norm(A_, ip->t);
		if (!ip->t2)
			ls->sp = f->lbase[0];
		if (--f->nlanes == 0) {
			f->next_free = w->free_frames;
			w->free_frames = f;
		}
		fr = p;
		R = p->r;
		code = pf->code;
		JUMP(f->ret_pc);
	}
	HV_BINS(BIN)
	HV_IDIVS(IDIV)
	/* division by a constant (hv_kdiv); KC_x: its CONST first */
#define KDIV(x, E) \
	L(KC_##x) G_KC_##x: { D_ = (uint64_t)ip->k; ip++; goto G_##x; } \
	L(x) G_##x: { uint64_t a = A_; int64_t k = ip->k; (void)k; D_ = (E); NEXT; }
	KDIV(KDIVS32, (uint64_t)(int64_t)((int32_t)a / (int32_t)k))
	KDIV(KREMS32, (uint64_t)(int64_t)((int32_t)a % (int32_t)k))
	KDIV(KDIVU32, (uint32_t)a / (uint32_t)k)
	KDIV(KREMU32, (uint32_t)a % (uint32_t)k)
	KDIV(KDIVS64, (uint64_t)((int64_t)a / k))
	KDIV(KREMS64, (uint64_t)((int64_t)a % k))
	KDIV(KDIVU64, a / (uint64_t)k)
	KDIV(KREMU64, a % (uint64_t)k)
	KDIV(KDIVSP, (uint64_t)(((int64_t)a + hv_sbias(a, k)) >> ip->c))
	KDIV(KREMSP, (uint64_t)((((int64_t)a + hv_sbias(a, k)) & (k - 1)) - hv_sbias(a, k)))
	KDIV(KDIVUP, a >> ip->c)
	KDIV(KREMUP, a & ((uint64_t)k - 1))
	/* the pairs: x, then y at the next instruction */
#define PAIR_N(y) hb_##y(R, ip); NEXT;
#define PAIR_J(y) JUMPP(hc_##y(R, ip) ? ip->tp1 : ip->tp2);
#define PAIR_B(y) JUMPP(ip->tp1);
#define PAIR_G(y) goto G_##y;
#define PAIR(X, x, y, K) L(P_##x##__##y) G_P_##x##__##y: { hb_##x(R, ip); ip++; PAIR_##K(y) }
	HV_PAIRS(PAIR, _)
	L(SEL_RR) { D_ = A_ ? R[ip->b] : R[ip->c]; NEXT; }
	L(SEL_RK) { D_ = A_ ? (uint64_t)ip->k : R[ip->c]; NEXT; }
	CMPALL(SETP_RR, R[ip->b])
	CMPALL(SETP_RK, (uint64_t)ip->k)
	CMPALL(CBR_RR, R[ip->b])
	CMPALL(CBR_RK, (uint64_t)ip->k)
	CMPALL(ACBR_RR, R[ip->b])
	CMPALL(ACBR_RK, (uint64_t)ip->k)
	CMPALL(ACBR64_RR, R[ip->b])
	CMPALL(ACBR64_RK, (uint64_t)ip->k)
#if !HV_THREADED
	case HV_NOPS:
		break;
	}
#endif
out:	/* before ip, whose run was charged */
	executed = (int)((int64_t)budget - left - ip->run);
	goto done;
out_target: /* before ip, a jump's target whose run was not charged */
	executed = (int)((int64_t)budget - left);
done:
	w->g[gi].fr = fr;
	w->g[gi].pc = (uint32_t)(ip - code);
synced: /* g->fr and g->pc are where they must be */
	m->steps += (uint64_t)(executed - flushed);
	m->dev.cycles += (uint64_t)(executed - flushed);
	m->hv_steps += (uint64_t)(executed - flushed);
	m->nstores += nst;
	return executed;
#undef L
#undef DISPATCH
#undef NEXT
#undef JUMP
#undef JUMPP
#undef D_
#undef A_
#undef BIN
}

#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif
