/*
 * fastrun.h - the body of interp.c's fast path (fast_run), a template:
 * interp.c includes it once per instruction set it compiles the lane loops
 * for (FAST_RUN_NAME, FAST_RUN_TARGET; FAST_RUN_AVX2 where the target has
 * AVX2), with its macros (FL, FARITH...)
 * and helpers in scope. No include guard, on purpose; nothing else may
 * include it.
 */
/* Run group gi of device warp w from its pc while its instructions are of
 * the fast classes, at most budget of them; *ran: how many it ran (counted
 * in m->steps and the clocks). Returns FR_GENERAL (the general loop runs
 * the instruction at g->pc next, or the budget is spent), FR_RETURN (an
 * instruction asked interp_run_group to return) or FR_SETTLE (the group
 * reached its reconvergence token: settle the warp, then return). ch: the
 * chain of visits this one is part of (sched_hop), or NULL; when set, the
 * visit returned for may be a later one of the chain (ch->w, group 0). */
/* FAST_RUN_N32: this version runs the classes of narrow rows (interp_n32;
 * fast_run picks it for a frame whose code has them); the other one is
 * the code as it was before them, for every other frame, and leaves a
 * visit to such a frame (a chain's hop) to the general loop */
/* FL's blend of a diverged group's lanes: where the lanes' loops are AVX2 */
#ifdef FAST_RUN_AVX2
#define FL_BLEND 1
#else
#define FL_BLEND 0
#endif
FAST_RUN_TARGET
static int FAST_RUN_NAME(struct machine *m, struct warp *w, uint32_t gi, int budget, uint64_t *smclk, int *ran,
			 struct chain *ch)
{
	struct group *g = &w->g[gi];
	struct frame *fr = g->fr;
	const struct dfunc *df = fr->df;
	const struct ir_insn *code = fr->code, *in;
	const uint8_t *fop = df->fop;
	uint64_t *R = fr->r, *D, *A, *B;
	uint32_t M = g->mask;
	int full = M == WS_FULL;
	uint32_t pc = g->pc, stop = w->pend_stop; /* split1's, or none: the token's below */
	int k = 0, counted = 0, why = FR_GENERAL;
	int cmp3 = 0; /* F_*_CBR_CMP: the counter's CBR goes on to the compare at its target */
	int atom_k; /* F_ATOM: its B's lanes hold one value (F_CONST_ATOM) */
	uint32_t cbr_T; /* F_CBR's taken lanes */
	unsigned f;
#if FAST_RUN_N32
	uint64_t nwb[WS_WARP]; /* F_N_WIDEN's index row */
#endif
	*ran = 0;
	if (!fop)
		return FR_GENERAL;
/* the observers that stop the fast path before every instruction; they
 * change only inside calls out of it (an observer, the memory model), so
 * that they are tested here and after each such call (NEXT_PC_CALLED)
 * rather than by FETCH (cbr_taken, which emits EV_DIVERGE, then returns 1:
 * the group settles) */
#define STOP_HOOKS ((1u << EV_INSN) | (1u << EV_STMT) | MM_HOOK | STOP_HOOK)
	if (m->hooks & STOP_HOOKS) {
		if (WS_UNLIKELY(w->pend))
			pend_split(w); /* split1's, to the general loop */
		return FR_GENERAL;
	}
	if (g->ntok) {
		/* the pc at which the group reaches its innermost token (at_token) */
		const struct token *tk = &w->toks.v[g->tok[g->ntok - 1]];
		if (fr->depth < tk->depth)
			return FR_GENERAL;
		if (fr->depth == tk->depth)
			stop = tk->rpc;
	}
/* the counts of the instructions begun, for whatever reads them next */
#define SYNC() do { \
	uint64_t d_ = (uint64_t)(k - counted); \
	m->steps += d_; m->dev.cycles += d_; *smclk += d_; counted = k; g->pc = pc; \
} while (0)
/* the next instruction: stop before it unless it is ours (a breakpoint's
 * instruction is F_GEN: interp_fast_refresh; no observer of STOP_HOOKS
 * watches: tested at the start and after each call that may add one).
 * F_GEN is a class of its own (L_F_GEN uncounts it and leaves), so that
 * the dispatch tests nothing but the budget; its operands' rows are
 * computed, never read */
#define FETCH() do { \
	if (WS_UNLIKELY(k >= budget)) goto out; \
	in = &code[pc]; \
	f = fop[pc]; \
	k++; \
	D = reg(R, in->d); \
	A = reg(R, in->a); \
	B = (in->flags & DF_KB) ? (uint64_t *)df->pool[in->b] : reg(R, in->b); \
} while (0)
#ifdef FAST_THREADED
	static const void *const table[F_COUNT] = {
		[F_GEN] = &&L_F_GEN, [F_LANE] = &&L_F_LANE, [F_NOP] = &&L_F_NOP, [F_CONST] = &&L_F_CONST,
		[F_MOV] = &&L_F_MOV, [F_IDX_SH] = &&L_F_IDX_SH, [F_IDX_MUL] = &&L_F_IDX_MUL,
		[F_GADDR] = &&L_F_GADDR, [F_SREG_TID] = &&L_F_SREG_TID, [F_SREG_CTA] = &&L_F_SREG_CTA,
		[F_SREG] = &&L_F_SREG,
		[F_SHL_K32S] = &&L_F_SHL_K32S, [F_SHL_K32U] = &&L_F_SHL_K32U, [F_SHL_K64] = &&L_F_SHL_K64,
		[F_SHR_KS] = &&L_F_SHR_KS, [F_SHR_KU] = &&L_F_SHR_KU,
		[F_SEL] = &&L_F_SEL,
		[F_ADD_S32] = &&L_F_ADD_S32, [F_ADD_U32] = &&L_F_ADD_U32, [F_ADD_64] = &&L_F_ADD_64,
		[F_ADD_F32] = &&L_F_ADD_F32, [F_ADD_F64] = &&L_F_ADD_F64,
		[F_SUB_S32] = &&L_F_SUB_S32, [F_SUB_U32] = &&L_F_SUB_U32, [F_SUB_64] = &&L_F_SUB_64,
		[F_SUB_F32] = &&L_F_SUB_F32, [F_SUB_F64] = &&L_F_SUB_F64,
		[F_MUL_S32] = &&L_F_MUL_S32, [F_MUL_U32] = &&L_F_MUL_U32, [F_MUL_64] = &&L_F_MUL_64,
		[F_MUL_F32] = &&L_F_MUL_F32, [F_MUL_F64] = &&L_F_MUL_F64,
		[F_AND_S32] = &&L_F_AND_S32, [F_AND_U32] = &&L_F_AND_U32, [F_AND_64] = &&L_F_AND_64,
		[F_OR_S32] = &&L_F_OR_S32, [F_OR_U32] = &&L_F_OR_U32, [F_OR_64] = &&L_F_OR_64,
		[F_XOR_S32] = &&L_F_XOR_S32, [F_XOR_U32] = &&L_F_XOR_U32, [F_XOR_64] = &&L_F_XOR_64,
		[F_SETP_S] = &&L_F_SETP_S, [F_SETP_U] = &&L_F_SETP_U,
		[F_SETP_F32] = &&L_F_SETP_F32, [F_SETP_F64] = &&L_F_SETP_F64,
		[F_CVT_COPY] = &&L_F_CVT_COPY, [F_CVT_S32] = &&L_F_CVT_S32, [F_CVT_U32] = &&L_F_CVT_U32,
		[F_BR] = &&L_F_BR, [F_CBR] = &&L_F_CBR, [F_LD] = &&L_F_LD, [F_ST] = &&L_F_ST,
		[F_DIVREM] = &&L_F_DIVREM, [F_FMAF] = &&L_F_FMAF, [F_FMA] = &&L_F_FMA,
		[F_BAR] = &&L_F_BAR, [F_SHFL] = &&L_F_SHFL, [F_VOTE] = &&L_F_VOTE, [F_ATOM] = &&L_F_ATOM,
		/* superinstructions */
		[F_IDX_SH_LD] = &&L_F_IDX_SH_LD, [F_IDX_MUL_LD] = &&L_F_IDX_MUL_LD,
		[F_IDX_SH_ST] = &&L_F_IDX_SH_ST, [F_IDX_MUL_ST] = &&L_F_IDX_MUL_ST,
		[F_ADDK_CBR] = &&L_F_ADDK_CBR, [F_SHRK_CBR] = &&L_F_SHRK_CBR,
		[F_ADDK_CBR_CMP] = &&L_F_ADDK_CBR_CMP, [F_SHRK_CBR_CMP] = &&L_F_SHRK_CBR_CMP,
		[F_DIVREM_I32] = &&L_F_DIVREM_I32, [F_LD4] = &&L_F_LD4, [F_ST4] = &&L_F_ST4,
		[F_LDLD_FMAF] = &&L_F_LDLD_FMAF, [F_CONST_ATOM] = &&L_F_CONST_ATOM,
		[F_LDB_ATOM] = &&L_F_LDB_ATOM,
		/* uniform instructions */
		[F_UNI] = &&L_F_UNI, [F_CBR_U] = &&L_F_CBR_U, [F_SHFL_U] = &&L_F_SHFL_U,
		[F_SHFL_ADD] = &&L_F_SHFL_ADD, [F_SHFL_RED] = &&L_F_SHFL_RED,
		[F_CBR_LTK] = &&L_F_CBR_LTK, [F_CBR_K] = &&L_F_CBR_K,
		/* narrow rows */
#if FAST_RUN_N32
		[F_N_ADD] = &&L_F_N_ADD, [F_N_SUB] = &&L_F_N_SUB, [F_N_MUL] = &&L_F_N_MUL,
		[F_N_AND] = &&L_F_N_AND, [F_N_OR] = &&L_F_N_OR, [F_N_XOR] = &&L_F_N_XOR,
		[F_N_FADD] = &&L_F_N_FADD, [F_N_FSUB] = &&L_F_N_FSUB, [F_N_FMUL] = &&L_F_N_FMUL,
		[F_N_CONST] = &&L_F_N_CONST, [F_N_MOV] = &&L_F_N_MOV, [F_N_SREG_TID] = &&L_F_N_SREG_TID,
		[F_N_SREG_CTA] = &&L_F_N_SREG_CTA, [F_N_CVT] = &&L_F_N_CVT,
		[F_N_UNI] = &&L_F_N_UNI, [F_N_WIDEN] = &&L_F_N_WIDEN
#else
		[F_N_ADD] = &&L_F_GEN, [F_N_SUB] = &&L_F_GEN, [F_N_MUL] = &&L_F_GEN, [F_N_AND] = &&L_F_GEN,
		[F_N_OR] = &&L_F_GEN, [F_N_XOR] = &&L_F_GEN, [F_N_FADD] = &&L_F_GEN, [F_N_FSUB] = &&L_F_GEN,
		[F_N_FMUL] = &&L_F_GEN, [F_N_CONST] = &&L_F_GEN, [F_N_MOV] = &&L_F_GEN,
		[F_N_SREG_TID] = &&L_F_GEN, [F_N_SREG_CTA] = &&L_F_GEN, [F_N_CVT] = &&L_F_GEN,
		[F_N_UNI] = &&L_F_GEN, [F_N_WIDEN] = &&L_F_GEN
#endif
	};
#define CASE(x) L_##x:
#define DISPATCH() do { FETCH(); goto *table[f]; } while (0)
/* run the instruction at pc, already fetched (in, f, D, A, B), by its class */
#define RUN_FETCHED() goto *table[f]
#else
#define CASE(x) case x:
#define DISPATCH() goto next
#define RUN_FETCHED() goto fetched
#endif
/* after an instruction that falls through: the token test of the general loop */
#define NEXT_PC() do { if (WS_UNLIKELY(++pc == stop)) goto settle; DISPATCH(); } while (0)
/* the same after an instruction that called out of the fast path (to
 * lane_op, do_ld, a checker...): an observer it ran may have added a hook
 * (machine_observe, machine_request_stop) or the memory model MM_HOOK */
#define NEXT_PC_CALLED() do { \
	if (WS_UNLIKELY(++pc == stop)) goto settle; \
	if (WS_UNLIKELY(m->hooks & STOP_HOOKS)) goto out; \
	DISPATCH(); \
} while (0)
/* the next visit of the chain: group G, group 0 of warp W (ready, no
 * token: the hop's tests), in its frame FR, from its pc (F_BAR's hops);
 * VISIT_STATE its state, without the dispatch */
#define VISIT_STATE(W, G, FR) do { \
	w = (W); gi = 0; g = (G); fr = (FR); df = fr->df; code = fr->code; fop = df->fop; \
	R = fr->r; M = g->mask; full = M == WS_FULL; pc = g->pc; stop = w->pend_stop; k = counted = 0; \
} while (0)
#if FAST_RUN_N32
#define BEGIN_VISIT(W, G, FR) do { \
	VISIT_STATE(W, G, FR); \
	DISPATCH(); \
} while (0)
#else
/* (a frame with narrow rows: as if its first instruction were F_GEN) */
#define BEGIN_VISIT(W, G, FR) do { \
	VISIT_STATE(W, G, FR); \
	if (WS_UNLIKELY(df->nrow != NULL)) \
		goto out; \
	DISPATCH(); \
} while (0)
#endif
/* the next visit of the chain: group ch->gi of warp ch->w (pair_hop's
 * tests passed), to its innermost token's place as at fast_run's entry;
 * its block's SM clock (pair_hop_past's visit is another block's) */
#define BEGIN_GROUP_VISIT() do { \
	w = ch->w; gi = ch->gi; g = &w->g[gi]; fr = g->fr; df = fr->df; code = fr->code; fop = df->fop; \
	smclk = &m->dev.smclk[w->blk->sm]; \
	R = fr->r; M = g->mask; full = M == WS_FULL; pc = g->pc; stop = w->pend_stop; k = counted = 0; \
	if (g->ntok && fr->depth == w->toks.v[g->tok[g->ntok - 1]].depth) \
		stop = w->toks.v[g->tok[g->ntok - 1]].rpc; \
	if (!FAST_RUN_N32 && WS_UNLIKELY(df->nrow != NULL)) \
		goto out; \
	DISPATCH(); \
} while (0)
/* after a jump */
#define JUMP(to) do { pc = (uint32_t)(to); if (WS_UNLIKELY(pc == stop)) goto settle; DISPATCH(); } while (0)

	DISPATCH();
#ifndef FAST_THREADED
next:
	FETCH();
fetched:
	switch (f) {
#endif
	CASE(F_GEN)
		/* a RET that ends the warp in a chain: ret_quick's exit here, then
		 * the chain's next visit where it is the block's next warp
		 * (ret_hop); the RET is begun, counted with the visit's */
		if (ch && ret_plain_at(m, w, in))
			goto ret_exit;
		k--;
		goto out; /* not begun: the general loop runs it */
	CASE(F_LANE) lane_op(m, w, fr, in, M, D, A, B); NEXT_PC_CALLED();
	CASE(F_NOP) NEXT_PC();
	CASE(F_CONST)
	const_one: {
		uint64_t v = ir_norm((uint64_t)in->imm, in->t);
		FL(v);
		NEXT_PC();
	}
	CASE(F_MOV) FL(A[l]); NEXT_PC();
	CASE(F_IDX_SH) {
		unsigned sh = (unsigned)__builtin_ctzll((uint64_t)in->imm);
		IDX_FLB(B[l] << sh);
		NEXT_PC();
	}
	CASE(F_IDX_MUL) {
		uint64_t kk = (uint64_t)in->imm;
		IDX_FLB(B[l] * kk);
		NEXT_PC();
	}
	CASE(F_GADDR) {
		uint64_t v = m->obj_addr[in->imm];
		FL(v);
		NEXT_PC();
	}
	CASE(F_SREG_TID) {
		/* a one-dimensional block: lane l of warp i is thread 32 i + l
		 * (block_alloc's numbering; every active lane exists, so below
		 * the block's width), computed rather than read from w->tid,
		 * whose lines a block reusing a retired one's warps finds out
		 * of the caches */
		const struct block *bk = w->blk;
		if (bk->shape[1] == 1 && bk->shape[2] == 1) {
			if (in->imm == SREG_TID_X) {
				uint64_t t0 = (uint64_t)w->id * WS_WARP;
				FL(t0 + l);
			} else {
				FL(0);
			}
			NEXT_PC();
		}
		const uint32_t *T = w->tid[in->imm - SREG_TID_X];
		FL((uint64_t)T[l]);
		NEXT_PC();
	}
	CASE(F_SREG_CTA) {
		/* sreg_val's blockIdx, blockDim and gridDim, read here (a call
		 * per warp of every kernel that computes its index) */
		uint64_t v = sreg_cta(m, w, (unsigned)in->imm);
		FL(v);
		NEXT_PC();
	}
	/* do_shift's constant counts: the count is the pool row's */
	CASE(F_SHL_K32S) {
		uint64_t c = B[0] & 0xffffffffu;
		if (c >= 32)
			FL(0);
		else
			FL(S32(A[l] << c));
		NEXT_PC();
	}
	CASE(F_SHL_K32U) {
		uint64_t c = B[0] & 0xffffffffu;
		if (c >= 32)
			FL(0);
		else
			FL(U32(A[l] << c));
		NEXT_PC();
	}
	CASE(F_SHL_K64) {
		uint64_t c = B[0] & 0xffffffffu;
		if (c >= 64)
			FL(0);
		else
			FL(A[l] << c);
		NEXT_PC();
	}
	CASE(F_SHR_KS) {
		uint64_t c = B[0] & 0xffffffffu;
		unsigned sh = c >= type_size(in->t) * 8 ? 63 : (unsigned)c;
		FL((uint64_t)((int64_t)A[l] >> sh));
		NEXT_PC();
	}
	CASE(F_SHR_KU) {
		uint64_t c = B[0] & 0xffffffffu;
		if (c >= type_size(in->t) * 8)
			FL(0);
		else
			FL(A[l] >> c);
		NEXT_PC();
	}
	CASE(F_SREG) SYNC(); lane_op(m, w, fr, in, M, D, A, B); NEXT_PC_CALLED(); /* clock() reads the counts */
	CASE(F_SEL) {
		const uint64_t *C = reg(R, in->c);
		FL(A[l] ? B[l] : C[l]);
		NEXT_PC();
	}
	FARITH(ADD, +)
	FARITH(SUB, -)
	FARITH(MUL, *)
	FARITH(AND, &)
	FARITH(OR, |)
	FARITH(XOR, ^)
	CASE(F_ADD_F32) FL(fbits(fval(A[l]) + fval(B[l]))); NEXT_PC();
	CASE(F_SUB_F32) FL(fbits(fval(A[l]) - fval(B[l]))); NEXT_PC();
	CASE(F_MUL_F32) FL(fbits(fval(A[l]) * fval(B[l]))); NEXT_PC();
	CASE(F_ADD_F64) FL(dbits(dval(A[l]) + dval(B[l]))); NEXT_PC();
	CASE(F_SUB_F64) FL(dbits(dval(A[l]) - dval(B[l]))); NEXT_PC();
	CASE(F_MUL_F64) FL(dbits(dval(A[l]) * dval(B[l]))); NEXT_PC();
	CASE(F_SETP_S) FSETP(int64_t, NOCONV); NEXT_PC();
	CASE(F_SETP_U) FSETP(uint64_t, NOCONV); NEXT_PC();
	CASE(F_SETP_F32) FSETP(uint64_t, fval); NEXT_PC();
	CASE(F_SETP_F64) FSETP(uint64_t, dval); NEXT_PC();
	CASE(F_CVT_COPY)
	cvt_copy:
		FL(A[l]);
		NEXT_PC();
	/* on the 64-bit lanes (S32W, U32W: the same values; gcc narrows and
	 * widens again for S32, 76 host instructions a warp in vecadd) */
	CASE(F_CVT_S32) FL(S32W(A[l])); NEXT_PC();
	CASE(F_CVT_U32) FL(U32W(A[l])); NEXT_PC();
	CASE(F_BR) JUMP(in->tgt1);
	CASE(F_CBR_K)
		/* F_CBR's s32 or u32 compare with a constant (fast_cbr_ltk): its
		 * class tests done once, at decode; the baseline version runs
		 * F_CBR's own code (falls through) */
#ifdef FAST_RUN_AVX2
		if ((in->flags & DF_TIDA) && tid_1d(w))
			cbr_T = cmp_tid_k(in->sub, in->t, w->id, B[0]) & M; /* no row read */
		else
			cbr_T = cmp_row_k_avx2(in->sub, in->t, A, B[0], 0) & M;
		goto cbr_mask;
#endif
	CASE(F_CBR_LTK)
		/* the same by LT of u32 lanes */
#ifdef FAST_RUN_AVX2
		if ((in->flags & DF_TIDA) && tid_1d(w))
			cbr_T = cmp_tid_k(CMP_LT, IR_U32, w->id, B[0]) & M;
		else
			cbr_T = cmp_lt_u32k_avx2(A, B[0]) & M;
		goto cbr_mask;
#endif
	CASE(F_CBR) {
		uint32_t T = 0;
		if (!(in->flags & DF_CMP)) {
			EACH(M, l, T |= (uint32_t)(A[l] != 0) << l);
#ifdef FAST_RUN_AVX2
		} else if (!is_float(in->t) && M != 1) {
			/* against a constant (reduce_smem's `t < k`), or a scalar
			 * parameter (DF_BUNI: its first lane is every lane's): the
			 * value prepared once, not loaded and prepared four lanes at
			 * a time */
			T = ((in->flags & (DF_KB | DF_BUNI)) && (in->t == IR_S32 || in->t == IR_U32)
				     ? (in->t == IR_U32 && in->sub == CMP_LT ? cmp_lt_u32k_avx2(A, B[0])
									     : cmp_row_k_avx2(in->sub, in->t, A, B[0], 0))
				     : cmp_rows_avx2(in->sub, in->t, A, B)) & M;
#endif
		} else if (full) {
			/* cmp_mask's compares (32-bit ones for S32 and U32), in one
			 * pass the compiler vectorizes */
			switch (in->t) {
			case IR_S32: FCMP(int32_t, NOCONV); break;
			case IR_U32: FCMP(uint32_t, NOCONV); break;
			case IR_S8: case IR_S16: case IR_S64: FCMP(int64_t, NOCONV); break;
			case IR_F32: FCMP(uint64_t, fval); break;
			case IR_F64: FCMP(uint64_t, dval); break;
			case IR_F16: T = cmp_mask(in, M, A, B); break;
			default: FCMP(uint64_t, NOCONV); break;
			}
		} else {
			T = cmp_mask(in, M, A, B);
		}
		cbr_T = T;
	cbr_mask:
		if (cbr_T == M)
			JUMP(in->tgt1);
		if (cbr_T == 0) {
			/* no lane takes it: where it skips to a barrier (reduce_smem's
			 * `if (t < k) ... ; __syncthreads()`, most warps of most
			 * passes), the barrier runs in this dispatch, as FETCH would
			 * run it (the budget, its class: F_BAR is no breakpoint's) */
			pc = (uint32_t)in->tgt2;
			if (WS_UNLIKELY(pc == stop))
				goto settle;
			if (k >= budget || fop[pc] != F_BAR)
				DISPATCH();
			in = &code[pc];
			k++;
			goto bar;
		}
		/* divergence: cbr_taken (do_cbr's second half) splits the group;
		 * split1's regions without its token and second group */
		SYNC();
		if (df->split1 && m->dev.split1_on && split1(m, w, in, cbr_T)) {
			if (ch)
				ch->settled = 1;
			goto settle_now;
		}
		int split = cbr_taken(m, w, gi, in, cbr_T, 1);
		if (split) {
			if (split == 2 && ch)
				ch->settled = 1; /* sched_chain's settle would find nothing */
			goto settle_now;
		}
		pc = g->pc;
		if (pc == stop)
			goto settle_now;
		DISPATCH();
	}
	CASE(F_LD)
	ld: {
		/* a full warp's 1-, 2-, 4- or 8-byte loads inside one allocation
		 * or the shared memory, no observer but the checkers (their event
		 * first, as do_ld publishes it): one pass, else do_ld */
		struct window win;
		uint64_t imm = (uint64_t)in->imm;
		unsigned t = in->t, sz = type_size(t);
		SYNC();
		if (full && (sz == 1 || sz == 2 || sz == 4 || sz == 8) && t != IR_F16 && fast_mem_ok(m) &&
		    fast_window(m, w, A[0] + imm, 0, &win) && win_all_in(A, imm - win.lo, win.len, sz)) {
			/* lane l reads at base + A[l], inside the window (win_all_in);
			 * base itself may lie outside it: an integer, not a pointer */
			if (CHECK_WANTS(m, CEV_ACCESS))
				ld_access(m, w, g, in, A, imm, sz, &win);
			uintptr_t base = (uintptr_t)win.base + (uintptr_t)(imm - win.lo);
			if (t == IR_S32) {
				LANES_INDEPENDENT
				FAST_UNROLL
				for (unsigned l = 0; l < WS_WARP; l++) {
					int32_t v;
					memcpy(&v, (const void *)(base + (uintptr_t)A[l]), 4);
					D[l] = (uint64_t)(int64_t)v;
				}
			} else if (sz == 4) {
				LANES_INDEPENDENT
				FAST_UNROLL
				for (unsigned l = 0; l < WS_WARP; l++) {
					uint32_t v;
					memcpy(&v, (const void *)(base + (uintptr_t)A[l]), 4);
					D[l] = v;
				}
			} else if (sz == 8) {
				LANES_INDEPENDENT
				for (unsigned l = 0; l < WS_WARP; l++)
					memcpy(&D[l], (const void *)(base + (uintptr_t)A[l]), 8);
			} else if (sz == 1) {
				/* bytes (ld_window's: s8 sign-extended, u8 and pred not) */
				ld_bytes(D, A, base, t == IR_S8);
			} else {
				const int sg = t == IR_S16;
				FAST_UNROLL
				for (unsigned l = 0; l < WS_WARP; l++) {
					uint16_t v;
					memcpy(&v, (const void *)(base + (uintptr_t)A[l]), 2);
					D[l] = sg ? (uint64_t)(int64_t)(int16_t)v : v;
				}
			}
		} else if (full ? do_ld(m, w, g, in)
				: ld_part(m, w, g, in, D, A, fop[pc] == F_LD4 ? fop[df->ncode + pc] & LDST_AX : 0)) {
			why = FR_RETURN;
			goto done;
		}
		NEXT_PC_CALLED();
	}
/* a release store or RMW while a checker listens for fences: not begun,
 * the general loop runs it (release_event), as F_GEN */
#define REL_DECLINE() do { \
	if (WS_UNLIKELY(is_release(in)) && CHECK_WANTS(m, CEV_FENCE)) { k--; goto out; } \
} while (0)
	CASE(F_ST) {
		struct window win;
		REL_DECLINE();
		uint64_t imm = (uint64_t)in->imm;
		unsigned sz = type_size(in->t);
		SYNC();
		if (full && (sz == 4 || sz == 8) && fast_mem_ok(m) &&
		    fast_window(m, w, A[0] + imm, 1, &win) && win_all_in(A, imm - win.lo, win.len, sz)) {
			uintptr_t base = (uintptr_t)win.base + (uintptr_t)(imm - win.lo);
			m->nstores++; /* as do_st counts it */
			if (CHECK_WANTS(m, CEV_ACCESS))
				access_event(m, w, g, in, A, imm, sz, CHECK_WRITE, &win);
			/* ascending lanes: with several lanes on one address the highest wins */
			if (sz == 4) {
				FAST_UNROLL
				for (unsigned l = 0; l < WS_WARP; l++) {
					uint32_t v = (uint32_t)B[l];
					memcpy((void *)(base + (uintptr_t)A[l]), &v, 4);
				}
			} else {
				for (unsigned l = 0; l < WS_WARP; l++)
					memcpy((void *)(base + (uintptr_t)A[l]), &B[l], 8);
			}
		} else if (do_st(m, w, g, in)) {
			why = FR_RETURN;
			goto done;
		}
		NEXT_PC_CALLED();
	}
	CASE(F_DIVREM)
		SYNC();
		if (do_divrem(m, w, g, in, D, A, B)) {
			why = FR_RETURN;
			goto done;
		}
		NEXT_PC_CALLED();
	CASE(F_FMAF) {
		/* do_bcall's pure built-in, lane by lane (libm.c: p_fmaf) */
		const uint64_t *X = reg(R, in->args[0]), *Y = reg(R, in->args[1]), *Z = reg(R, in->args[2]);
		if (in->d >= 0)
			FL(fbits(fmaf(fval(X[l]), fval(Y[l]), fval(Z[l]))));
		goto bcall_done;
	}
	CASE(F_FMA) {
		const uint64_t *X = reg(R, in->args[0]), *Y = reg(R, in->args[1]), *Z = reg(R, in->args[2]);
		if (in->d >= 0)
			FL(dbits(fma(dval(X[l]), dval(Y[l]), dval(Z[l]))));
		goto bcall_done;
	}
	CASE(F_BAR)
	bar: {
		/* the general loop's IR_BAR: the group arrives (and, the last to,
		 * releases the block), then the scheduler picks the next warp */
		int h = HOP_NONE;
		SYNC();
		if (ch && full && in->sub == BAR_SYNC && in->d < 0 && !g->ntok && !CHECK_WANTS(m, CEV_BARRIER_ARRIVE)) {
			/* bar_arrive's common case, a whole warp (of the device:
			 * a chain's) at a plain __syncthreads() */
			struct block *b = w->blk;
			bar_arrive_whole(m, b, w, g);
			/* sched_hop's common case in line (the next warp of the
			 * block, started, its one group ready at a fast
			 * instruction), its tests on what this arrival has in
			 * registers and the next visit's state read once, for
			 * hop_ready and for the visit both; anything else goes to
			 * sched_hop below, which tests it all again (nothing here
			 * changed) */
			struct grid *gr = ch->gr;
			uint32_t nwi = b->bar_gen != ch->gen ? 0 : ch->wi + 1;
			if (w->ng == 1 && nwi < gr->warps_per_block && chain_still(m) && (!gr->nlazy || ch->lazyv)) {
				if (WS_UNLIKELY(b->unstarted >> nwi & 1)) {
					/* sched_hop's call, its tests passed here
					 * (not twice: histogram's first barrier) */
					h = sched_hop_start(m, ch, k, nwi);
					goto hopped;
				}
				struct warp *nw = &b->w[nwi];
				struct group *ng = &nw->g[0];
				if (nw->ng == 1 && ng->state == G_READY && !ng->ntok) {
					struct frame *nfr = ng->fr;
					const uint8_t *nfop = nfr->df->fop;
					if (nfop && nfop[ng->pc] != FOP_GEN) {
						/* sched_hop's end of the visit and hop_begin
						 * (m->bp.mid_stop is 0 already: sched_chain
						 * cleared it before the chain's first visit,
						 * and only run_general sets it) */
						ch->ran += k;
						chain_next_place(gr, ch, nwi);
						nw->cur = 0;
						ch->w = nw;
						ch->gi = 0;
						ch->wi = nwi;
						ch->gen = b->bar_gen;
#ifdef FAST_RUN_AVX2
						if (nfop[ng->pc] == F_CBR_LTK && !m->o.no_bar_sweep) {
							h = HOP_NEXT;
							goto hopped;
						}
#endif
						BEGIN_VISIT(nw, ng, nfr);
					}
				}
			}
		} else {
			bar_arrive(m, w, g, in);
		}
		/* in a chain: the next visit, where it is the same block's
		 * (sched_hop), from here (the hooks and the tokens: chain_ok and
		 * hop_ready) */
		if (ch)
			h = sched_hop(m, ch, k);
	hopped:
#ifdef FAST_RUN_AVX2
		if (h == HOP_NEXT && ch->w->g[0].fr->df->fop[ch->w->g[0].pc] == F_CBR_LTK && !m->o.no_bar_sweep &&
		    !CHECK_WANTS(m, CEV_BARRIER_ARRIVE)) {
			/* the next visits, where they skip to this barrier, in the
			 * hop (bar_sweep); k: the count of the visit under way
			 * where the hop ends after one of them (else begun below,
			 * or sched_chain's) */
			uint32_t T;
			h = bar_sweep(m, ch, budget, smclk, &T);
			k = 2;
			if (h == SWEEP_CMP) {
				/* the visit begun and its F_CBR_LTK fetched (its
				 * frame without narrow rows, the budget for it),
				 * the compare's lanes T of the whole warp */
				VISIT_STATE(ch->w, &ch->w->g[0], ch->w->g[0].fr);
				in = &code[pc];
				k = 1;
				cbr_T = T;
				goto cbr_mask;
			}
		}
#endif
		if (h == HOP_NEXT)
			BEGIN_VISIT(ch->w, &ch->w->g[0], ch->w->g[0].fr);
		if (h == HOP_LOOP)
			k = 0; /* counted in ch->ran: no visit under way */
		why = FR_RETURN;
		goto done;
	}
	CASE(F_SHFL)
		/* coll_arrive and coll_complete of one group that is the whole
		 * warp and names every lane: no finding, no checker event, no
		 * other group to wait for; else the general loop runs it */
		if (!full || !((in->flags & DF_KCE) ? in->e < 0 || (uint32_t)reg(R, in->e)[0] == ~0u
						     : coll_names_all(R, in->e))) {
			k--;
			goto out;
		}
		w->wsync++;
#ifdef FAST_RUN_AVX2
		if (shfl_avx2(in, D, A, B, in->c >= 0 ? reg(R, in->c) : NULL, 0))
			goto coll_done;
#endif
		fast_shfl(in, D, A, B, in->c >= 0 ? reg(R, in->c) : NULL, 0);
		goto coll_done;
	CASE(F_VOTE) {
		/* fop[ncode + pc]: the member mask is uniform (fast_uniform), its
		 * first lane is every lane's */
		if (!full || !(fop[df->ncode + pc] ? in->a < 0 || (uint32_t)reg(R, in->a)[0] == ~0u
						 : coll_names_all(R, in->a))) {
			k--;
			goto out;
		}
		w->wsync++;
		if (in->d >= 0) {
			uint64_t v = fast_vote(in->sub, B);
			v = ir_norm(v, in->t ? in->t : IR_U32);
			FL(v);
		}
		goto coll_done;
	}
	CASE(F_ATOM)
		atom_k = 0;
	atom: {
		/* do_atom without the observers fast_mem_ok rules out: the window
		 * (through this run's allocations), the checkers' event, then
		 * atom32_run's pass, or the lanes one by one */
		struct window win;
		REL_DECLINE();
		SYNC();
		if (fast_mem_ok(m) && fast_window(m, w, A[__builtin_ctz(M)], 1, &win)) {
			if (CHECK_WANTS(m, CEV_ACCESS)) {
				if (!win.a)
					access_atomic_in(m, w, g, in, A, &win);
				else
					access_global_other(m, w, g, in, A, 0, 4, CHECK_ATOMIC, &win);
			}
			if (!atom32_run(in, M, &win, D, A, B, atom_k, fop[df->ncode + pc] & LDST_AX, &m->nstores) &&
			    atom_lanes(m, w, in, M, &win, D, A, B, reg(R, in->c))) {
				why = FR_RETURN;
				goto done;
			}
		} else if (do_atom(m, w, g, in)) {
			why = FR_RETURN;
			goto done;
		}
		NEXT_PC_CALLED();
	}

	/* ---- superinstructions (interp.c fast_pairs; issue 13 item 2) ----
	 * The first instruction of a pair, then the second in the same
	 * dispatch when PAIR_OK: nothing may stop between them (the token, the
	 * budget, a breakpoint on the second; the hooks FETCH tested cannot
	 * change in between). k counts each, so m->steps and the clocks are
	 * those of the two instructions run one by one. PAIR_TAKE moves to the
	 * second; its own class (F_LD, F_ST, F_CBR) runs it when the pair's
	 * shortcut does not apply. */
#define PAIR_OK() (pc + 1 != stop && k < budget && !(code[pc + 1].flags & DF_BREAK))
/* a 4-byte load's extension (pair_load's sgn: 2 where D is narrow), a
 * store's narrow B; do_ld and do_st with the row wide while they run */
#if FAST_RUN_N32
#define LD_SG() ((fop[2 * df->ncode + pc] & N32_D) ? 2 : in->t == IR_S32)
#define ST_NB() ((fop[2 * df->ncode + pc] & N32_B) != 0)
#define DO_LD() (WS_UNLIKELY(fop[2 * df->ncode + pc]) \
	? n32_ld(m, w, g, in, fop[2 * df->ncode + pc], full, D, A) \
	: full ? do_ld(m, w, g, in) : ld_part(m, w, g, in, D, A, ADDR_X()))
#define DO_ST() (WS_UNLIKELY(fop[2 * df->ncode + pc]) ? n32_st(m, w, g, in, fop[2 * df->ncode + pc]) \
					      : do_st(m, w, g, in))
#else
#define LD_SG() (in->t == IR_S32)
#define ST_NB() 0
#define DO_LD() (full ? do_ld(m, w, g, in) : ld_part(m, w, g, in, D, A, ADDR_X()))
#define DO_ST() do_st(m, w, g, in)
#endif
/* a full warp's row A not the same in every lane */
#ifdef FAST_RUN_AVX2
#define ROW_DIFF(A) row_diff_avx2(A)
#else
#define ROW_DIFF(A) (pair_diff(A) != 0)
#endif
/* F_LD4's or F_ST4's address row on lanes (fop[ncode + pc]: LDST_AX,
 * uniform.c UNI_AX; 0 at F_LDLD_FMAF's, whose 1 there is its own), for
 * their helpers' sgn and nb */
#define ADDR_X() (fop[df->ncode + pc] & LDST_AX)
#define PAIR_TAKE() do { \
	pc++; k++; in = &code[pc]; f = fop[pc]; \
	D = reg(R, in->d); \
	A = reg(R, in->a); \
	B = (in->flags & DF_KB) ? (uint64_t *)df->pool[in->b] : reg(R, in->b); \
} while (0)
/* fop[ncode + pc] (fast_uniform): the base is uniform, the index on lanes
 * (ext(T(c + x_l)), x_l lane l's threadIdx.x) and the step 4 bytes. In a
 * full warp x_l = (x_0 + l) mod blockDim.x, so the index's last lane less
 * its first is 31 - k * blockDim.x (k: the wraps of threadIdx.x, 31 or
 * fewer, blockDim.x at most 1024) plus a multiple of 2^32 (where T(c +
 * x_l) crosses ext's boundary, up by one step or down at a wrap): 31
 * exactly when every lane's is the first's + l, and the addresses are
 * then 32 consecutive words (idx_ld_rows, idx_st_rows). B is read before
 * D, which may be its row. */
#define IDX_ROWS() (full && fop[df->ncode + pc] && B[WS_WARP - 1] - B[0] == WS_WARP - 1)
	CASE(F_CONST_ATOM) {
		/* the CONST, then the atomic that adds its value */
		uint64_t v = ir_norm((uint64_t)in->imm, in->t);
		FL(v);
		if (!PAIR_OK())
			NEXT_PC();
		PAIR_TAKE();
		atom_k = 1;
		goto atom;
	}
	CASE(F_LDB_ATOM) {
		/* the byte load, its NOPs, the indexing of a shared (or global)
		 * array by its value, the CONST and the atomicAdd of it, in this
		 * one dispatch (decode's run of L instructions; the LD's and the
		 * indexing's rows dead after it, not written), from the CVT and
		 * the ADD that compute the load's address where the run begins
		 * there (pre: their rows dead too; the addresses the base's
		 * first lane plus the index's): a full warp, no
		 * observer, nothing stopping inside the run (the token, the
		 * budget, a breakpoint), every byte inside its window
		 * (win_all_in) and every value's word inside the atomic's
		 * (ldb_atom_in, the base one value: uniform.c); else the first
		 * instruction's own class, and each after it by its own. k
		 * counts the L instructions. Checked, ldb_atom_chk makes the
		 * LD's and the atomic's checkers' calls as their classes make
		 * them, and may stop after the LD (2) */
		const unsigned L = fop[df->ncode + pc] & LDB_LEN;
		const int pre = in->op == IR_CVT;
		/* no breakpoint inside the run: decode fused none (fast_class
		 * makes a breakpoint's instruction F_GEN, and
		 * machine_apply_breaks refreshes the classes); the token's pc
		 * inside it (stop - pc - 1 < L - 1) declines */
		if (!full || !fast_mem_ok(m) || k + (int)L - 1 > budget || stop - pc - 1 < L - 1)
			goto ldb_decline;
		if (CHECK_WANTS(m, CEV_ACCESS)) {
			if (!ldb_chk_on)
				goto ldb_decline;
			SYNC();
			int r = ldb_atom_chk(m, w, g, in, fop[df->ncode + pc], R, smclk);
			if (!r)
				goto ldb_decline;
			unsigned q = r == 2 ? (pre ? 2 : 0) : L - 1;
			k += (int)q;
			counted = k;
			pc += q;
			NEXT_PC_CALLED();
		}
		SYNC();
		if (!ldb_atom(m, w, in, fop[df->ncode + pc], R))
			goto ldb_decline;
		k += (int)L - 1;
		pc += L - 1;
		NEXT_PC_CALLED();
	ldb_decline:
		if (pre)
			goto cvt_copy;
		goto ld;
	}
	CASE(F_IDX_SH_LD) {
		unsigned sh = (unsigned)__builtin_ctzll((uint64_t)in->imm);
		if (IDX_ROWS()) {
			IDX_FLB(B[l] << sh);
			goto idx_ld_rows;
		}
		IDX_FLB(B[l] << sh);
		goto idx_ld;
	}
	CASE(F_IDX_MUL_LD) {
		uint64_t kk = (uint64_t)in->imm;
		IDX_FLB(B[l] * kk);
	}
idx_ld:
	if (!PAIR_OK())
		NEXT_PC();
	PAIR_TAKE();
	goto ld4; /* F_LD4's block copies, else the load's own class */
idx_ld_rows:
	/* F_LD4, its rows known (pair_load_rows: the shape CHECK_SHAPE_ROWS
	 * that pair_load would find), the checkers' ways in as F_LD4's */
	if (!PAIR_OK())
		NEXT_PC();
	PAIR_TAKE();
	if (!fast_mem_ok(m))
		goto ld4;
	{
		struct window win;
		uint64_t imm = (uint64_t)in->imm;
		SYNC();
		if (fast_window(m, w, A[0] + imm, 0, &win) &&
		    pair_load_rows(D, A, (uintptr_t)win.base + (uintptr_t)(imm - win.lo), imm - win.lo, win.len,
				   LD_SG())) {
			if (CHECK_WANTS(m, CEV_ACCESS)) {
				if (win.a) {
					if (in->sem != SEM_WEAK || !access_global_in(m, w, A, imm, 0, &win))
						access_event(m, w, g, in, A, imm, 4, CHECK_READ, &win);
				} else {
					access_read_shared(m, w, g, in, A, imm, &win, CHECK_SHAPE_ROWS);
				}
			}
			NEXT_PC_CALLED();
		}
		if (DO_LD()) {
			why = FR_RETURN;
			goto done;
		}
		NEXT_PC_CALLED();
	}
	CASE(F_IDX_SH_ST) {
		unsigned sh = (unsigned)__builtin_ctzll((uint64_t)in->imm);
		if (IDX_ROWS()) {
			IDX_FLB(B[l] << sh);
			goto idx_st_rows;
		}
		IDX_FLB(B[l] << sh);
		goto idx_st;
	}
#undef IDX_ROWS
	CASE(F_IDX_MUL_ST) {
		uint64_t kk = (uint64_t)in->imm;
		IDX_FLB(B[l] * kk);
	}
idx_st:
	if (!PAIR_OK())
		NEXT_PC();
	PAIR_TAKE();
	goto st4; /* F_ST4's block copy, else the store's own class */
idx_st_rows:
	/* F_ST4, its rows known (pair_store_rows), the checkers' ways in as F_ST4's */
	if (!PAIR_OK())
		NEXT_PC();
	PAIR_TAKE();
	if (!fast_mem_ok(m))
		goto st4;
	{
		struct window win;
		uint64_t imm = (uint64_t)in->imm;
		SYNC();
		if (fast_window(m, w, A[0] + imm, 1, &win) &&
		    pair_store_rows(A, B, (uintptr_t)win.base + (uintptr_t)(imm - win.lo), imm - win.lo, win.len,
				    ST_NB())) {
			m->nstores++; /* as do_st counts it */
			if (CHECK_WANTS(m, CEV_ACCESS) &&
			    (in->sem != SEM_WEAK ||
			     !(win.a ? access_global_in(m, w, A, imm, 1, &win)
				     : access_write_in(m, w, g, A, imm, &win, CHECK_SHAPE_ROWS))))
				access_event(m, w, g, in, A, imm, 4, CHECK_WRITE, &win);
			NEXT_PC_CALLED();
		}
		if (DO_ST()) {
			why = FR_RETURN;
			goto done;
		}
		NEXT_PC_CALLED();
	}
	CASE(F_ADDK_CBR_CMP)
		cmp3 = 1;
		goto addk_cbr;
	CASE(F_ADDK_CBR)
		cmp3 = 0;
	addk_cbr: {
		/* a loop counter: ADD.s32 r = c + K, then CBR.cmp r, X. A counter
		 * the same in every lane (uniform) is added and compared once
		 * (fop[ncode + pc]: uniform.c found it so, no test of the row) */
		uint64_t a0 = A[0];
		if (!full || (!fop[df->ncode + pc] && ROW_DIFF(A))) {
			FL(S32(A[l] + B[l]));
			if (!PAIR_OK())
				NEXT_PC();
			PAIR_TAKE();
			RUN_FETCHED();
		}
		uint64_t v = S32(a0 + B[0]);
		FL(v);
		goto counter_cbr;
	}
	CASE(F_SHRK_CBR_CMP)
		cmp3 = 1;
		goto shrk_cbr;
	CASE(F_SHRK_CBR)
		cmp3 = 0;
	shrk_cbr: {
		/* the same for SHR of s32 or u32 by a constant count (F_SHR_KS,
		 * F_SHR_KU): `s >>= 1` of a reduction's loop */
		uint64_t a0 = A[0], c = B[0] & 0xffffffffu, v;
		int sg = in->t == IR_S32; /* else U32 (fast_pairs) */
		unsigned sh = c >= 32 ? (sg ? 63 : 64) : (unsigned)c;
		if (!full || (!fop[df->ncode + pc] && ROW_DIFF(A))) {
			if (sg)
				FL((uint64_t)((int64_t)A[l] >> sh));
			else if (sh >= 32)
				FL(0);
			else
				FL(A[l] >> sh);
			if (!PAIR_OK())
				NEXT_PC();
			PAIR_TAKE();
			RUN_FETCHED();
		}
		v = sg ? (uint64_t)((int64_t)a0 >> sh) : sh >= 32 ? 0 : a0 >> sh;
		FL(v);
		goto counter_cbr;
	}
counter_cbr:
	/* the counter's new value v is uniform: CBR.cmp v, X (s32 or u32) with X
	 * a constant or uniform too takes one branch for the whole warp */
	{
		uint64_t v = D[0];
		if (!PAIR_OK())
			NEXT_PC();
		/* PAIR_TAKE, its rows but the bound's read only where F_CBR runs
		 * the compare */
		pc++;
		k++;
		in = &code[pc];
		f = fop[pc];
		if (in->flags & DF_KB) {
			B = (uint64_t *)df->pool[in->b];
		} else {
			B = reg(R, in->b);
			if (f != F_CBR_U && ROW_DIFF(B)) { /* F_CBR_U: uniform rows */
				D = reg(R, in->d);
				A = reg(R, in->a);
				RUN_FETCHED();
			}
		}
		uint64_t y0 = B[0];
		int c;
		if (in->t == IR_S32) {
			int32_t x = (int32_t)v, y = (int32_t)y0;
			switch (in->sub) {
			case CMP_EQ: c = x == y; break;
			case CMP_NE: c = x != y; break;
			case CMP_LT: c = x < y; break;
			case CMP_LE: c = x <= y; break;
			case CMP_GT: c = x > y; break;
			default: c = x >= y; break;
			}
		} else {
			uint32_t x = (uint32_t)v, y = (uint32_t)y0;
			switch (in->sub) {
			case CMP_EQ: c = x == y; break;
			case CMP_NE: c = x != y; break;
			case CMP_LT: c = x < y; break;
			case CMP_LE: c = x <= y; break;
			case CMP_GT: c = x > y; break;
			default: c = x >= y; break;
			}
		}
		if (!c)
			JUMP(in->tgt2);
		pc = (uint32_t)in->tgt1;
		if (WS_UNLIKELY(pc == stop))
			goto settle;
		/* F_*_CBR_CMP: the CBR at the loop's top compares a row with
		 * the counter (fast_pairs), here v in every lane: F_CBR's compare
		 * with v prepared once, without its dispatch (when FETCH would
		 * run it: the budget, no breakpoint) */
		if (cmp3 && k < budget && !(code[pc].flags & DF_BREAK)) {
			uint32_t cd = (uint32_t)in->a; /* the counter's register */
			in = &code[pc];
			k++;
			int ysub = (uint32_t)in->a == cd;
			const uint64_t *X = reg(R, ysub ? in->b : in->a);
#ifdef FAST_RUN_AVX2
			cbr_T = cmp_row_k_avx2(in->sub, in->t, X, v, ysub);
#else
			cbr_T = cmp_row_k(in, X, v, ysub);
#endif
			if (cbr_T || (uint32_t)in->tgt2 == stop)
				goto cbr_mask;
			/* no lane takes it: to the barrier at its end, as FETCH
			 * would run it (the budget, its class) */
			pc = (uint32_t)in->tgt2;
			if (k >= budget || fop[pc] != F_BAR)
				DISPATCH();
			in = &code[pc];
			k++;
			goto bar;
		}
		DISPATCH();
	}
	CASE(F_DIVREM_I32) {
		/* s32 or u32 division or remainder: a divisor the same in every
		 * lane of a full warp, other than 0 and -1 (do_divrem's findings and
		 * INT_MIN / -1), is a multiply-high by its reciprocal (Granlund and
		 * Montgomery: exact for every 32-bit dividend), which vectorizes
		 * where a division does not; else do_divrem */
		uint64_t b0 = B[0];
		int sg = in->t == IR_S32, rem = in->op == IR_REM;
		if (!full || (uint32_t)b0 == 0 || (sg && (int32_t)b0 == -1) ||
		    (!(in->flags & DF_KB) && ROW_DIFF(B))) {
			SYNC();
			if (do_divrem(m, w, g, in, D, A, B)) {
				why = FR_RETURN;
				goto done;
			}
			NEXT_PC_CALLED();
		}
		/* u = |divisor|; q = floor(x / u) for x < 2^32: with s = ceil(log2 u),
		 * mp = floor(2^32 (2^s - u) / u) + 1, t = (mp x) >> 32,
		 * q = (t + ((x - t) >> 1)) >> (s - 1) (u >= 2), q = x (u = 1) */
		uint32_t u = sg ? ((int32_t)b0 < 0 ? 0u - (uint32_t)b0 : (uint32_t)b0) : (uint32_t)b0;
		unsigned s = u > 1 ? 32 - (unsigned)__builtin_clz(u - 1) : 0;
		uint64_t mp = u > 1 ? (((uint64_t)1 << 32) * (((uint64_t)1 << s) - u)) / u + 1 : 0;
		unsigned s1 = s ? s - 1 : 0, sh2 = u > 1;
		uint32_t neg = sg && (int32_t)b0 < 0;
		if (!sg) {
			LANES_INDEPENDENT
			for (unsigned l = 0; l < WS_WARP; l++) {
				uint64_t x = (uint32_t)A[l];
				uint64_t t = ((uint64_t)(uint32_t)mp * x) >> 32;
				uint64_t q = ((t + ((x - t) >> sh2)) >> s1);
				D[l] = rem ? (uint32_t)(x - q * u) : (uint32_t)q;
			}
		} else {
			LANES_INDEPENDENT
			for (unsigned l = 0; l < WS_WARP; l++) {
				uint32_t xs = (uint32_t)A[l];
				uint32_t xn = xs >> 31;
				uint64_t x = xn ? 0u - xs : xs; /* |x|, 2^31 for INT_MIN */
				uint64_t t = ((uint64_t)(uint32_t)mp * x) >> 32;
				uint32_t q = (uint32_t)((t + ((x - t) >> sh2)) >> s1);
				/* the quotient's sign: the dividend's and the divisor's */
				uint32_t qs = (xn ^ neg) ? 0u - q : q;
				uint32_t r = xs - qs * (uint32_t)b0;
				D[l] = (uint64_t)(int64_t)(int32_t)(rem ? r : qs);
			}
		}
		NEXT_PC();
	}
	CASE(F_LD4) {
		/* a 4-byte load whose address another instruction computed, and
		 * the load of an indexing pair (idx_ld): a full warp, no observer
		 * but the checkers: a half-warp on 16 consecutive words or on one
		 * word (a tile's row, a broadcast) is copied as a block
		 * (pair_load), then the checkers get their event (they read the
		 * addresses, never the memory); else do_ld, which publishes it;
		 * else F_LD */
	ld4:
		if (full && fast_mem_ok(m)) {
			struct window win;
			uint64_t imm = (uint64_t)in->imm;
			SYNC();
			int got;
			if (!CHECK_WANTS(m, CEV_ACCESS)) {
				if (fast_window(m, w, A[0] + imm, 0, &win) &&
				    pair_load(D, A, (uintptr_t)win.base + (uintptr_t)(imm - win.lo), imm - win.lo, win.len,
					      LD_SG() | ADDR_X()))
					NEXT_PC_CALLED();
			} else if (fast_window(m, w, A[0] + imm, 0, &win) &&
				   (got = pair_load(D, A, (uintptr_t)win.base + (uintptr_t)(imm - win.lo), imm - win.lo,
						    win.len, LD_SG() | ADDR_X()))) {
				/* the global checker's way in; a tile's read to the shared
				 * checker's open log at once (no call), else to its way
				 * in; else their event */
				if (win.a) {
					if (got - 1 != CHECK_SHAPE_ROWS || in->sem != SEM_WEAK ||
					    !access_global_in(m, w, A, imm, 0, &win))
						access_event(m, w, g, in, A, imm, 4, CHECK_READ, &win);
				} else {
					access_read_shared(m, w, g, in, A, imm, &win, got - 1);
				}
				NEXT_PC_CALLED();
			}
			if (DO_LD()) {
				why = FR_RETURN;
				goto done;
			}
			NEXT_PC_CALLED();
		}
		if (!full && mask_one_run(M) && !w->host && fast_mem_ok(m)) {
			/* a diverged group on one run of consecutive words (checked:
			 * the checkers' calls as do_ld's, run_load_chk) */
			SYNC();
			if (WS_LIKELY(!CHECK_WANTS(m, CEV_ACCESS))) {
				if (run_load(m, w, M, D, A, (uint64_t)in->imm, LD_SG() | ADDR_X()))
					NEXT_PC_CALLED();
			} else if (run_load_chk(m, w, g, in, D, A, LD_SG() | ADDR_X())) {
				NEXT_PC_CALLED();
			}
		}
		if (FAST_RUN_N32 && WS_UNLIKELY(fop[2 * df->ncode + pc])) {
			/* a narrow row: F_LD's helpers, the row wide meanwhile */
			SYNC();
			if (DO_LD()) {
				why = FR_RETURN;
				goto done;
			}
			NEXT_PC_CALLED();
		}
		f = F_LD;
		RUN_FETCHED();
	}
	CASE(F_LDLD_FMAF) {
		/* two f32 loads and the fmaf of their results, then each triple
		 * that continues it (decode's flag at fop[ncode + pc]: the same
		 * address rows, unwritten), in this one dispatch: a full warp, no
		 * observer but the checkers, both rows in the block's own shared
		 * memory on pair_load's shapes, found once for the run of
		 * triples; per triple, PAIR_OK for its second and third
		 * instructions and pair_in for its four halves, else F_LD4 runs
		 * its first load and the rest go by their own classes. k counts
		 * three a triple. Checked (chk), each load's event as F_LD4
		 * publishes it (the shared checker's log, its way in, else the
		 * event; they read the addresses, never the memory), and after
		 * each what NEXT_PC_CALLED and the next F_LD4 test: a new stop
		 * hook leaves, a memory observer or a checker that stops
		 * listening hands the rest to their classes, the loads done so
		 * far done. */
		if (!full || !fast_mem_ok(m))
			goto ld4;
		const int chk = CHECK_WANTS(m, CEV_ACCESS) != 0;
		const uint64_t *AY = reg(R, code[pc + 1].a);
		uint64_t ax = A[0] + (uint64_t)in->imm, ay = AY[0] + (uint64_t)code[pc + 1].imm;
		if (ADDR_TAG(ax) != TAG_SHARED || DSMEM_RANK(ax) || ADDR_TAG(ay) != TAG_SHARED || DSMEM_RANK(ay))
			goto ld4;
		struct window lw;
		int sx = llf_shape(A), sy;
		if (sx < 0 || (sy = llf_shape(AY)) < 0 || !fast_window(m, w, ax, 0, &lw) || lw.len < 4 ||
		    lw.len >> 62)
			goto ld4;
		const uint64_t x0 = A[0], x1 = A[16], y0 = AY[0], y1 = AY[16], llim = lw.len - 4;
		/* the slot's log open for this window (access_read_quiet's test
		 * but the load's flag): a quiet triple calls no checker, so it
		 * stays open; asked again after a triple that called one */
		int qopen = chk && slog_open(m, w, &lw);
		for (;;) {
			/* at the triple's first load, fetched and counted */
			const struct ir_insn *i1 = &code[pc + 1], *i2 = &code[pc + 2];
			if (pc + 1 == stop || pc + 2 == stop || k + 2 > budget || ((i1->flags | i2->flags) & DF_BREAK))
				goto ld4;
			uint64_t kx = (uint64_t)in->imm - lw.lo, ky = (uint64_t)i1->imm - lw.lo;
			if (!pair_in(x0 + kx, llim, sx & 1 ? 60 : 0) || !pair_in(x1 + kx, llim, sx & 2 ? 60 : 0) ||
			    !pair_in(y0 + ky, llim, sy & 1 ? 60 : 0) || !pair_in(y1 + ky, llim, sy & 2 ? 60 : 0))
				goto ld4;
			uintptr_t lb = (uintptr_t)lw.base;
			struct llf_src ls = { { lb + (uintptr_t)(x0 + kx), lb + (uintptr_t)(x1 + kx),
						lb + (uintptr_t)(y0 + ky), lb + (uintptr_t)(y1 + ky) }, sx, sy };
			uint64_t *DX = D, *DY = reg(R, i1->d);
			/* both loads DF_QUIET, the slot's log open: neither needs the
			 * checker (access_read_quiet's answer is the same for both: one
			 * window, one warp), nothing is called, so nothing the tests
			 * after each load read can change: as in --fast */
			const unsigned qf = (unsigned)in->flags & (unsigned)i1->flags;
			const int quiet = qopen && (qf & DF_QUIET);
			if (quiet)
				m->dev.nquiet += 2;
			if (chk && !quiet) {
				/* pair_load's shape of each load: rows, two words, mixed */
				const int hx = sx == 3 ? CHECK_SHAPE_ROWS : sx ? 0 : CHECK_SHAPE_HALVES;
				const int hy = sy == 3 ? CHECK_SHAPE_ROWS : sy ? 0 : CHECK_SHAPE_HALVES;
				uint64_t imm = (uint64_t)in->imm;
				SYNC();
				access_read_shared(m, w, g, in, A, imm, &lw, hx);
				pc++;
				if (WS_UNLIKELY((m->hooks & STOP_HOOKS) || !fast_mem_ok(m) || !CHECK_WANTS(m, CEV_ACCESS))) {
					llf_lanes(DX, DY, NULL, NULL, &ls, 1);
					if (m->hooks & STOP_HOOKS)
						goto out;
					DISPATCH();
				}
				k++;
				in = i1;
				imm = (uint64_t)in->imm;
				SYNC();
				access_read_shared(m, w, g, in, AY, imm, &lw, hy);
				pc++;
				if (WS_UNLIKELY((m->hooks & STOP_HOOKS) || !fast_mem_ok(m) || !CHECK_WANTS(m, CEV_ACCESS))) {
					llf_lanes(DX, DY, NULL, NULL, &ls, 2);
					if (m->hooks & STOP_HOOKS)
						goto out;
					DISPATCH();
				}
				k++;
				qopen = slog_open(m, w, &lw);
			} else {
				k += 2;
				pc += 2;
			}
			in = i2;
			D = reg(R, in->d);
			const uint64_t *X = reg(R, in->args[0]), *Y = reg(R, in->args[1]), *Z = reg(R, in->args[2]);
			if (!llf_lanes(DX, DY, D, Z, &ls, 3))
				FL(fbits(fmaf(fval(X[l]), fval(Y[l]), fval(Z[l])))); /* F_FMAF's */
			/* bcall_done's tests */
			pc++;
			if (m->status != MST_RUNNING || (m->dev.grid && m->dev.fail_err)) {
				why = FR_RETURN;
				goto out;
			}
			if (WS_UNLIKELY(pc == stop))
				goto settle;
			if (fop[pc] != F_LDLD_FMAF || !fop[df->ncode + pc])
				DISPATCH();
			FETCH();
		}
	}
	CASE(F_ST4) {
		/* a 4-byte store, and the store of an indexing pair (idx_st): a
		 * full warp, no observer but the checkers: a warp on 32
		 * consecutive words is one block copy (pair_store), then the
		 * checkers' event; else do_st; else F_ST */
	st4:
		if (full && fast_mem_ok(m)) {
			struct window win;
			uint64_t imm = (uint64_t)in->imm;
			SYNC();
			int put;
			if (fast_window(m, w, A[0] + imm, 1, &win) &&
			    (put = pair_store(A, B, (uintptr_t)win.base + (uintptr_t)(imm - win.lo), imm - win.lo,
					      win.len, ST_NB() | ADDR_X()))) {
				m->nstores++; /* as do_st counts it */
				/* the checkers' cheap ways in (shared or global), else the event */
				if (CHECK_WANTS(m, CEV_ACCESS) &&
				    (in->sem != SEM_WEAK ||
				     !(win.a ? put - 1 == CHECK_SHAPE_ROWS && access_global_in(m, w, A, imm, 1, &win)
					     : access_write_in(m, w, g, A, imm, &win, put - 1))))
					access_event(m, w, g, in, A, imm, 4, CHECK_WRITE, &win);
				NEXT_PC_CALLED();
			}
			if (DO_ST()) {
				why = FR_RETURN;
				goto done;
			}
			NEXT_PC_CALLED();
		}
		if (!full && mask_one_run(M) && !w->host && fast_mem_ok(m)) {
			SYNC();
			if (WS_LIKELY(!CHECK_WANTS(m, CEV_ACCESS))) {
				if (run_store(m, w, M, A, B, (uint64_t)in->imm, ST_NB() | ADDR_X()))
					NEXT_PC_CALLED();
			} else if (run_store_chk(m, w, g, in, A, B, ST_NB() | ADDR_X())) {
				NEXT_PC_CALLED();
			}
		}
		if (FAST_RUN_N32 && WS_UNLIKELY(ST_NB())) {
			/* a narrow row: F_ST's helper, the row wide meanwhile */
			SYNC();
			if (DO_ST()) {
				why = FR_RETURN;
				goto done;
			}
			NEXT_PC_CALLED();
		}
		f = F_ST;
		RUN_FETCHED();
	}
#undef PAIR_OK
#undef PAIR_TAKE
#undef LD_SG
#undef ST_NB
#undef DO_LD
#undef DO_ST
#undef ROW_DIFF
#undef ADDR_X

	/* ---- uniform instructions (interp.c fast_uniform; uniform.c) ----
	 * Every lane of the group holds one value of each operand: the first
	 * lane's is computed, by the formula of the instruction's own class,
	 * and written to every lane of the group (FL: the other lanes' rows
	 * as they were) */
	CASE(F_UNI) {
		unsigned L = full ? 0 : (unsigned)__builtin_ctz(M);
		uint64_t a = A[L], b = B[L], v, c;
		unsigned sh;
#if FAST_RUN_N32
		if (0) {
	CASE(F_N_UNI)
			/* each operand by its form (a narrow one extended by the
			 * type it has in a wide row: n32_sgn's) */
			L = full ? 0 : (unsigned)__builtin_ctz(M);
			const unsigned nf_ = fop[2 * df->ncode + pc], u_ = fop[df->ncode + pc];
			const int sg_ = (u_ == F_CVT_S32 || u_ == F_CVT_U32 ? in->t2 : in->t) == IR_S32;
			a = nf_ & N32_A ? n32_ext(((const n32_t *)A)[L], sg_) : A[L];
			b = nf_ & N32_B ? n32_ext(((const n32_t *)B)[L], sg_) : B[L];
		}
#endif
		switch (fop[df->ncode + pc]) {
		case F_SHL_K32S: c = b & 0xffffffffu; v = c >= 32 ? 0 : S32(a << c); break;
		case F_SHL_K32U: c = b & 0xffffffffu; v = c >= 32 ? 0 : U32(a << c); break;
		case F_SHL_K64: c = b & 0xffffffffu; v = c >= 64 ? 0 : a << c; break;
		case F_SHR_KS:
			c = b & 0xffffffffu;
			sh = c >= type_size(in->t) * 8 ? 63 : (unsigned)c;
			v = (uint64_t)((int64_t)a >> sh);
			break;
		case F_SHR_KU: c = b & 0xffffffffu; v = c >= type_size(in->t) * 8 ? 0 : a >> c; break;
		case F_SEL: v = a ? b : reg(R, in->c)[L]; break;
		case F_ADD_S32: v = FA_S32_ADD(a + b); break;
		case F_ADD_U32: v = FA_U32_ADD(a + b); break;
		case F_ADD_64: v = a + b; break;
		case F_ADD_F32: v = fbits(fval(a) + fval(b)); break;
		case F_ADD_F64: v = dbits(dval(a) + dval(b)); break;
		case F_SUB_S32: v = FA_S32_SUB(a - b); break;
		case F_SUB_U32: v = FA_U32_SUB(a - b); break;
		case F_SUB_64: v = a - b; break;
		case F_SUB_F32: v = fbits(fval(a) - fval(b)); break;
		case F_SUB_F64: v = dbits(dval(a) - dval(b)); break;
		case F_MUL_S32: v = FA_S32_MUL(a * b); break;
		case F_MUL_U32: v = FA_U32_MUL(a * b); break;
		case F_MUL_64: v = a * b; break;
		case F_MUL_F32: v = fbits(fval(a) * fval(b)); break;
		case F_MUL_F64: v = dbits(dval(a) * dval(b)); break;
		case F_AND_S32: v = FA_S32_AND(a & b); break;
		case F_AND_U32: v = FA_U32_AND(a & b); break;
		case F_AND_64: v = a & b; break;
		case F_OR_S32: v = FA_S32_OR(a | b); break;
		case F_OR_U32: v = FA_U32_OR(a | b); break;
		case F_OR_64: v = a | b; break;
		case F_XOR_S32: v = FA_S32_XOR(a ^ b); break;
		case F_XOR_U32: v = FA_U32_XOR(a ^ b); break;
		case F_XOR_64: v = a ^ b; break;
		case F_SETP_S: v = uni_cmp(in->sub, (int64_t)a < (int64_t)b, a == b); break;
		case F_SETP_U: v = uni_cmp(in->sub, a < b, a == b); break;
		case F_SETP_F32:
			switch (in->sub) {
			case CMP_EQ: v = fval(a) == fval(b); break;
			case CMP_NE: v = fval(a) != fval(b); break;
			case CMP_LT: v = fval(a) < fval(b); break;
			case CMP_LE: v = fval(a) <= fval(b); break;
			case CMP_GT: v = fval(a) > fval(b); break;
			default: v = fval(a) >= fval(b); break;
			}
			break;
		case F_SETP_F64:
			switch (in->sub) {
			case CMP_EQ: v = dval(a) == dval(b); break;
			case CMP_NE: v = dval(a) != dval(b); break;
			case CMP_LT: v = dval(a) < dval(b); break;
			case CMP_LE: v = dval(a) <= dval(b); break;
			case CMP_GT: v = dval(a) > dval(b); break;
			default: v = dval(a) >= dval(b); break;
			}
			break;
		case F_CVT_S32: v = S32(a); break;
		case F_CVT_U32: v = U32(a); break;
		case F_IDX_SH: v = a + (b << __builtin_ctzll((uint64_t)in->imm)); break;
		default: v = a + b * (uint64_t)in->imm; break; /* F_IDX_MUL */
		}
#if FAST_RUN_N32
		if (WS_UNLIKELY(f == F_N_UNI) && (fop[2 * df->ncode + pc] & N32_D))
			FL32(v);
		else
#endif
			FL(v);
		NEXT_PC();
	}
	CASE(F_CBR_U) {
		/* F_CBR's compare (cmp_mask's types: 32-bit for S32 and U32,
		 * 64-bit otherwise) or predicate, of the first lane */
		unsigned L = full ? 0 : (unsigned)__builtin_ctz(M);
		uint64_t a = A[L];
		int c;
		if (!(in->flags & DF_CMP)) {
			c = a != 0;
		} else {
			uint64_t b = B[L];
			switch (in->t) {
			case IR_S32: c = uni_cmp(in->sub, (int32_t)a < (int32_t)b, (uint32_t)a == (uint32_t)b); break;
			case IR_U32: c = uni_cmp(in->sub, (uint32_t)a < (uint32_t)b, (uint32_t)a == (uint32_t)b); break;
			case IR_S8: case IR_S16: case IR_S64: c = uni_cmp(in->sub, (int64_t)a < (int64_t)b, a == b); break;
			default: c = uni_cmp(in->sub, a < b, a == b); break;
			}
		}
		cbr_T = c ? M : 0;
		goto cbr_mask;
	}
	CASE(F_SHFL_U)
		/* F_SHFL, the member mask's first lane for its row */
		if (!full || !(in->e < 0 || (uint32_t)reg(R, in->e)[0] == ~0u)) {
			k--;
			goto out;
		}
		w->wsync++;
#ifdef FAST_RUN_AVX2
		if (shfl_avx2(in, D, A, B, in->c >= 0 ? reg(R, in->c) : NULL, 1))
			goto coll_done;
#endif
		fast_shfl(in, D, A, B, in->c >= 0 ? reg(R, in->c) : NULL, 1);
		goto coll_done;
	CASE(F_SHFL_ADD) {
		/* F_SHFL (F_SHFL_U where fop[ncode + pc]: its rows are uniform),
		 * then the integer ADD at pc + 1 that reads its result
		 * (fast_pairs): in the AVX2 and AVX-512 versions one pass
		 * (shfl_add_avx2), counted as the two instructions the general
		 * loop runs (coll_done, then the ADD's dispatch: its budget test,
		 * no token test between them). Elsewhere, or where the budget
		 * ends after the shuffle, the shuffle alone */
		unsigned mode = fop[df->ncode + pc];
		int buni = mode & SHFL_ADD_UNI;
		if (!full || !(buni || (in->flags & DF_KCE) ? in->e < 0 || (uint32_t)reg(R, in->e)[0] == ~0u
							     : coll_names_all(R, in->e))) {
			k--;
			goto out;
		}
		w->wsync++;
		const uint64_t *C = in->c >= 0 ? reg(R, in->c) : NULL;
#ifdef FAST_RUN_AVX2
		if (k < budget) {
			const struct ir_insn *q = &code[pc + 1];
			if (shfl_add_avx2(in, D, A, B, C, mode, (unsigned)(fop[pc + 1] - F_ADD_S32), reg(R, q->d),
					  reg(R, q->a == in->d ? q->b : q->a))) {
				k++;
				pc++;
				NEXT_PC();
			}
		}
		if (shfl_avx2(in, D, A, B, C, buni))
			goto coll_done;
#endif
		fast_shfl(in, D, A, B, C, buni);
		goto coll_done;
	}
	CASE(F_SHFL_RED) {
		/* a run of CONSTs and F_SHFL_ADD pairs (fast_chains) in one
		 * pass, counted as its n instructions, where the group is the
		 * whole warp (what each shuffle tests; their other tests were
		 * made by fast_chains), the budget reaches the run's end and the
		 * group's token is not inside it (the general loop's test after
		 * each instruction); else its first instruction, a CONST, alone */
#ifdef FAST_RUN_AVX2
		unsigned n = fop[df->ncode + pc] & SHFL_RED_LEN;
		if (full && k + (int)n - 1 <= budget && stop - pc - 1 >= n - 1) {
			w->wsync += shfl_chain_avx2(code, fop, df->ncode, pc, R);
			k += (int)n - 1;
			pc += n - 1;
			NEXT_PC();
		}
#endif
		goto const_one;
	}

#if FAST_RUN_N32
	/* ---- narrow rows (interp.c interp_n32): 32-bit lanes ---- */
#define NA ((const n32_t *)A)
#define NB ((const n32_t *)B)
#define NARITH(NAME, OP) \
	CASE(F_N_##NAME) \
		if (in->flags & DF_KB) { \
			const uint32_t b_ = (uint32_t)B[0]; \
			FL32(NA[l] OP b_); \
		} else { \
			FL32(NA[l] OP NB[l]); \
		} \
		NEXT_PC();
#define NFARITH(NAME, OP) \
	CASE(F_N_##NAME) \
		if (in->flags & DF_KB) { \
			const float b_ = fval(B[0]); \
			FL32(fbits(fval(NA[l]) OP b_)); \
		} else { \
			FL32(fbits(fval(NA[l]) OP fval(NB[l]))); \
		} \
		NEXT_PC();
	NARITH(ADD, +)
	NARITH(SUB, -)
	NARITH(MUL, *)
	NARITH(AND, &)
	NARITH(OR, |)
	NARITH(XOR, ^)
	NFARITH(FADD, +)
	NFARITH(FSUB, -)
	NFARITH(FMUL, *)
#undef NARITH
#undef NFARITH
	CASE(F_N_CONST) {
		const uint32_t v = (uint32_t)ir_norm((uint64_t)in->imm, in->t);
		FL32(v);
		NEXT_PC();
	}
	CASE(F_N_MOV) FL32(NA[l]); NEXT_PC();
	CASE(F_N_SREG_TID) {
		/* F_SREG_TID's */
		const struct block *bk = w->blk;
		if (bk->shape[1] == 1 && bk->shape[2] == 1) {
			if (in->imm == SREG_TID_X) {
				const uint32_t t0 = w->id * WS_WARP;
				FL32(t0 + l);
			} else {
				FL32(0);
			}
			NEXT_PC();
		}
		const uint32_t *T = w->tid[in->imm - SREG_TID_X];
		FL32(T[l]);
		NEXT_PC();
	}
	CASE(F_N_SREG_CTA) {
		const uint32_t v = (uint32_t)sreg_cta(m, w, (unsigned)in->imm);
		FL32(v);
		NEXT_PC();
	}
	CASE(F_N_CVT) {
		/* between s32, u32, s64 and u64: to 32 bits the low word; a
		 * narrow source to a wide row extended as the wide classes
		 * leave it (a 32-bit destination by its type, a 64-bit one by
		 * the source's) */
		const unsigned nf = fop[2 * df->ncode + pc];
		if (nf & N32_D) {
			if (nf & N32_A)
				FL32(NA[l]);
			else
				FL32(A[l]);
		} else if (in->t == IR_S32 || (in->t2 == IR_S32 && in->t != IR_U32)) {
			FL((uint64_t)(int64_t)(int32_t)NA[l]);
		} else {
			FL((uint64_t)NA[l]);
		}
		NEXT_PC();
	}
	CASE(F_N_WIDEN)
		/* the index widened (by its type, t2) into a row of ours, then
		 * the indexing class, which reads it before it writes D (a wide
		 * row: never the index's) */
		{
			const int sg = in->t2 == IR_S32;
			LANES_INDEPENDENT
			for (unsigned l = 0; l < WS_WARP; l++)
				nwb[l] = n32_ext(NB[l], sg);
		}
		B = nwb;
		f = fop[3 * df->ncode + pc];
		RUN_FETCHED();
#undef NA
#undef NB
#endif

#ifndef FAST_THREADED
	default:
		goto out;
	}
#endif
ret_exit: {
	/* ret_quick's count and exit (its tests passed at F_GEN) */
	int h;
	SYNC();
	for (;;) {
		if (CHECK_WANTS_PLAIN_EXIT(m)) {
			struct check_event e = { .kind = CEV_WARP_EXIT };
			warp_ret_exit(m, w, &e);
		} else {
			warp_ret_exit(m, w, NULL);
		}
		h = ret_hop(m, ch, k);
		if (h != HOP_NEXT)
			break;
		w = ch->w;
		g = &w->g[0];
		fr = g->fr;
		if (fr->df->fop[g->pc] != FOP_GEN || !ret_plain_at(m, w, &fr->code[g->pc]))
			BEGIN_VISIT(w, g, fr);
		/* the next visit is a plain exit too (histogram's and
		 * reduce_shfl's warps reach their RET each in a visit of its
		 * own): the RET's count, then its exit */
		k = counted = 1;
		m->steps++;
		m->dev.cycles++;
		(*smclk)++;
	}
	if (h == HOP_LOOP)
		k = 0; /* counted in ch->ran: no visit under way */
	why = FR_RETURN;
	goto done;
}
coll_done:
	/* the general loop continues after a collective that completed at
	 * once: no token test before the next instruction */
	pc++;
	DISPATCH();
bcall_done:
	/* what the general loop tests after a built-in */
	pc++;
	if (m->status != MST_RUNNING || (m->dev.grid && m->dev.fail_err)) {
		why = FR_RETURN;
		goto out;
	}
	if (WS_UNLIKELY(pc == stop))
		goto settle;
	DISPATCH();
settle:
	SYNC();
	if (WS_UNLIKELY(w->pend)) {
		/* split1's region run: its lanes and the waiting ones, one
		 * group, as the settle of cbr_taken's two would leave them */
		g->mask |= w->pend;
		w->pend = 0;
		w->pend_stop = UINT32_MAX;
	}
	if (ch) {
		/* the chain's next visit, where it is the block's next warp's
		 * (pair_hop: it settled this warp) */
		if (pair_hop(m, ch, k) == HOP_NEXT)
			BEGIN_GROUP_VISIT();
	}
settle_now:
	why = FR_SETTLE;
	goto done;
out:
	SYNC();
	if (WS_UNLIKELY(stop != UINT32_MAX) && w->pend)
		pend_split(w); /* the visit leaves split1's region: to the general loop, or its budget spent */
done:
	*ran = k;
	return why;
#undef SYNC
#undef FETCH
#undef CASE
#undef DISPATCH
#undef RUN_FETCHED
#undef NEXT_PC
#undef JUMP
#undef BEGIN_VISIT
#undef VISIT_STATE
#undef BEGIN_GROUP_VISIT
#undef NEXT_PC_CALLED
#undef STOP_HOOKS
#undef REL_DECLINE
}

#undef FL_BLEND
#undef FAST_RUN_NAME
#undef FAST_RUN_TARGET
#undef FAST_RUN_AVX2
#undef FAST_RUN_N32
