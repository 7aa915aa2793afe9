/*
 * ir.h - the warpstep IR: typed, register-based, close to PTX.
 *
 * Contract:
 * - An ir_module is produced by the front end (front.h) and owned by it: it
 *   lives in the compilation's arena and is read-only afterwards. The engine
 *   decodes it into its own form and never keeps pointers into a module it
 *   does not hold a reference to.
 * - Each function's body is one flat array of instructions; branch targets
 *   are instruction indices. The last instruction of every path is RET,
 *   TRAP or UNREACHABLE. Every instruction carries a source span and a
 *   statement id.
 * - Scalar parameters arrive in registers 0..nparams-1. A parameter of
 *   aggregate type (struct passed by value) arrives as a generic pointer to a
 *   copy the callee may modify. A function returning an aggregate takes a
 *   hidden first parameter: the address to write the result to (ret_sret).
 * - Kernels: the engine places the launch arguments in param space and puts
 *   scalars in registers 0..n-1, aggregates as param-space pointers.
 * - Local memory: every frame has frame_size bytes of local memory
 *   (address-taken variables, arrays, structs); LADDR addresses it.
 */
#ifndef WS_IR_H
#define WS_IR_H

#include <stdint.h>
#include "diag.h"

enum ir_op {
#define OP(n, s) IR_##n,
#include "ir.def"
#undef OP
	IR_NOPS
};

enum ir_type {
	IR_VOID, IR_PRED,
	IR_S8, IR_U8, IR_S16, IR_U16, IR_S32, IR_U32, IR_S64, IR_U64,
	IR_F16, IR_F32, IR_F64,
	IR_PTR, /* a 64-bit generic address (arithmetic as U64) */
	IR_NTYPES
};

enum ir_space { SP_GENERIC, SP_GLOBAL, SP_SHARED, SP_LOCAL, SP_CONST, SP_PARAM, SP_HOST };
enum ir_sem { SEM_WEAK, SEM_VOLATILE, SEM_RELAXED, SEM_ACQUIRE, SEM_RELEASE, SEM_ACQ_REL, SEM_SC };
/* SCOPE_CLUSTER (a thread block cluster, sm_90) comes last so that the
 * values of the others, in golden IR dumps, stay */
enum ir_scope { SCOPE_NONE, SCOPE_CTA, SCOPE_GPU, SCOPE_SYS, SCOPE_CLUSTER };
/* cache hints on LD/ST (__ldg, __ldcg, __stcs ...), in insn.flags */
enum ir_cache { CACHE_DEFAULT, CACHE_CA, CACHE_CG, CACHE_CS, CACHE_LU, CACHE_CV, CACHE_NC,
		CACHE_WB, CACHE_WT };

enum ir_cmp { CMP_EQ, CMP_NE, CMP_LT, CMP_LE, CMP_GT, CMP_GE };
enum ir_atom {
	ATOM_ADD, ATOM_SUB, ATOM_EXCH, ATOM_MIN, ATOM_MAX, ATOM_INC, ATOM_DEC, ATOM_CAS,
	ATOM_AND, ATOM_OR, ATOM_XOR, ATOM_LOAD, ATOM_STORE
};
enum ir_bar { BAR_SYNC, BAR_POPC, BAR_AND, BAR_OR };
enum ir_shfl { SHFL_IDX, SHFL_UP, SHFL_DOWN, SHFL_BFLY };
enum ir_vote { VOTE_ALL, VOTE_ANY, VOTE_BALLOT, VOTE_UNI };
enum ir_match { MATCH_ANY, MATCH_ALL };
enum ir_redux { REDUX_ADD, REDUX_MIN, REDUX_MAX, REDUX_AND, REDUX_OR, REDUX_XOR };
enum ir_sreg {
	SREG_TID_X, SREG_TID_Y, SREG_TID_Z, SREG_NTID_X, SREG_NTID_Y, SREG_NTID_Z,
	SREG_CTAID_X, SREG_CTAID_Y, SREG_CTAID_Z, SREG_NCTAID_X, SREG_NCTAID_Y, SREG_NCTAID_Z,
	SREG_LANEID, SREG_WARPID, SREG_NWARPID, SREG_SMID, SREG_NSMID,
	SREG_CLOCK, SREG_CLOCK64, SREG_GLOBALTIMER, SREG_WARPSIZE,
	SREG_LANEMASK_LT, SREG_LANEMASK_LE, SREG_LANEMASK_GT, SREG_LANEMASK_GE, SREG_LANEMASK_EQ
};

/* insn.flags */
#define IRF_CACHE_MASK 0x0f   /* enum ir_cache */
#define IRF_STMT_START 0x10   /* first instruction of a statement */
#define IRF_DEAD 0x20         /* dropped by ir_optimize: a NOP the engine skips */
#define IRF_BITS_RMW   0x40   /* the load of a bit-field store's read-modify-write:
                               * not the program's read (no uninitialized-read finding) */

struct ir_insn {
	uint16_t op;      /* enum ir_op */
	uint8_t t, t2;    /* enum ir_type */
	uint8_t sub;      /* op-specific enum */
	uint8_t sp;       /* enum ir_space */
	uint8_t sem;      /* enum ir_sem */
	uint8_t scope;    /* enum ir_scope */
	uint16_t flags;
	uint16_t nargs;
	int32_t d, a, b, c, e;
	int32_t tgt1, tgt2;
	int64_t imm;
	int32_t *args;    /* nargs registers (arena) */
	int32_t stmt;     /* statement id, index into ir_func.stmts */
	struct span span;
};

struct ir_stmt {
	struct span span; /* the whole statement */
	uint32_t first;   /* index of its first instruction */
};

/* Source-level type of a variable, for the debugger's displays. */
struct ir_dbgtype {
	char *name;       /* C spelling: "int", "float *", "float[16][16]", "struct node" */
	uint8_t scalar;   /* enum ir_type of a scalar, IR_VOID for aggregates */
	uint32_t size;    /* bytes */
	uint32_t elem_count; /* arrays: total scalar elements (flattened), else 1 */
	uint8_t elem;     /* arrays of scalars: element enum ir_type */
	/* structs: fields */
	uint32_t nfields;
	struct ir_dbgfield { char *name; uint32_t off; struct ir_dbgtype *type; } *fields;
};

enum ir_varloc { VLOC_REG, VLOC_LOCAL, VLOC_GLOBAL, VLOC_SHARED };

struct ir_var {
	char *name;
	struct ir_dbgtype *type;
	uint8_t loc;        /* enum ir_varloc */
	int32_t reg;        /* VLOC_REG: register */
	int64_t off;        /* VLOC_LOCAL: frame offset; VLOC_GLOBAL/SHARED: object index */
	uint32_t live_from, live_to; /* instruction index range in which it is in scope */
	struct span decl;
	uint8_t is_param;
};

enum ir_funckind { FN_HOST = 1, FN_DEVICE = 2, FN_KERNEL = 4 };

struct ir_func {
	char *name;        /* source name, e.g. "reduce" or "vec3::dot" */
	char *mangled;     /* unique within the module (overloads, templates) */
	uint32_t kind;     /* FN_* bits; __host__ __device__ = FN_HOST|FN_DEVICE */
	uint8_t ret;       /* enum ir_type of the return value (IR_VOID when none or sret) */
	uint8_t ret_sret;  /* returns an aggregate through a hidden first parameter */
	uint32_t nparams;  /* registers 0..nparams-1 */
	uint8_t *param_ty; /* enum ir_type per parameter (IR_PTR for aggregates) */
	uint32_t *param_size;  /* kernels: byte size of each parameter in param space */
	uint32_t *param_align;
	uint32_t nregs;
	uint32_t nregs_lowered; /* nregs as lowered, before ir_optimize renumbered (0: not run) */
	uint16_t reg_pressure; /* device code: 32-bit registers live at once as lowered (ir_estimate_regs) */
	uint8_t *reg_ty;   /* enum ir_type per register */
	/* run's register allocation (regalloc.c): register r of the code lives
	 * in row regmap[r] of a frame, which has nrows rows of types row_ty;
	 * NULL / 0: row r (ir_rows, ir_row_ty). The code keeps its numbers:
	 * decode.c applies the map after its own rewrites. */
	int32_t *regmap;
	uint8_t *row_ty;
	uint32_t nrows;
	struct ir_insn *code;
	uint32_t ncode;
	struct ir_stmt *stmts;
	uint32_t nstmts;
	struct ir_var *vars;
	uint32_t nvars;
	uint32_t frame_size, frame_align; /* local memory per activation */
	int32_t launch_bounds_max, launch_bounds_min; /* 0 when absent */
	uint32_t cluster_dims[3]; /* __cluster_dims__(x, y, z) of a kernel; 0 when absent */
	uint8_t variadic;
	struct span span;  /* the definition */
	/* run's kernels that read blockDim or gridDim (ir_inline): the code as
	 * ir_inline left it (hoist_gaddr: those reads at the entry), before the
	 * per-function passes, which the machine specialises per launch shape
	 * (ir_specialize); NULL: none */
	struct ir_func *spec_src;
	/* a specialised copy (ir_specialize): its constants fold further */
	uint8_t spec;
};

enum ir_objkind { OBJ_GLOBAL, OBJ_CONST, OBJ_SHARED, OBJ_MANAGED, OBJ_HOST, OBJ_STRING };

struct ir_reloc {
	uint32_t off;      /* where in the object's init bytes */
	int32_t obj;       /* target object index, or -1 for a function */
	int32_t func;      /* target function index when obj == -1 */
	int64_t addend;
};

struct ir_object {
	char *name;        /* source name ("" for string literals) */
	uint8_t kind;      /* enum ir_objkind */
	uint8_t dynamic;   /* extern __shared__ x[]: the dynamic shared region */
	uint64_t size, align;
	uint64_t shared_off; /* OBJ_SHARED: offset in the block's static shared memory */
	uint8_t *init;     /* size bytes, NULL = zero */
	struct ir_reloc *relocs;
	uint32_t nrelocs;
	struct ir_dbgtype *type;
	struct span span;
};

struct ir_module {
	struct ir_func *funcs;
	uint32_t nfuncs;
	struct ir_object *objs;
	uint32_t nobjs;
	uint64_t shared_static_size; /* total static __shared__ bytes (all kernels) */
	int32_t main_func;           /* index of host main(), -1 if none */
	struct srcmgr *sm;           /* the source files, for spans */
	uint8_t run_opt;             /* ir_optimize_run made it (run, check): nothing steps
	                              * through it, the engine may fuse superinstructions */
	uint8_t run_rows;            /* ir_regalloc gave the device functions rows (their
	                              * specialised copies get theirs too) */
};

/* The rows of a frame of f, and the type of row r (decoded operands are
 * rows): what the engine sizes and reads frames by. */
static inline uint32_t ir_rows(const struct ir_func *f)
{
	return f->nrows ? f->nrows : f->nregs;
}
static inline unsigned ir_row_ty(const struct ir_func *f, int32_t r)
{
	if (f->row_ty)
		return f->row_ty[r];
	return f->reg_ty ? f->reg_ty[r] : IR_S64;
}

const char *ir_op_name(enum ir_op op);
const char *ir_type_name(enum ir_type t);
/* The bytes a value of type t occupies in memory: 1 (PRED, S8, U8), 2 (S16,
 * U16, F16), 4 (S32, U32, F32), else 8 (the 64-bit types, PTR, and VOID as
 * a register). Inline: the interpreter asks on every memory access. */
static inline unsigned ir_type_size(unsigned t)
{
	switch (t) {
	case IR_PRED: case IR_S8: case IR_U8: return 1;
	case IR_S16: case IR_U16: case IR_F16: return 2;
	case IR_S32: case IR_U32: case IR_F32: return 4;
	default: return 8;
	}
}

/* The ops whose second operand the decoder (machine/decode.c, constfold)
 * turns into a constant-pool operand when a CONST defines it, and those of
 * them that take a constant first operand too (they commute). licm.c keeps
 * such a CONST beside its readers rather than hoisting it. */
static inline int ir_op_takes_const(unsigned op)
{
	switch (op) {
	case IR_ADD: case IR_SUB: case IR_MUL: case IR_AND: case IR_OR: case IR_XOR:
	case IR_SHL: case IR_SHR: case IR_MIN: case IR_MAX: case IR_SETP:
		return 1;
	default:
		return 0;
	}
}

static inline int ir_op_commutes(unsigned op)
{
	return op == IR_ADD || op == IR_MUL || op == IR_AND || op == IR_OR || op == IR_XOR ||
	       op == IR_MIN || op == IR_MAX;
}

/* 1 when the decoder would make register r, defined by a CONST, a constant
 * operand of u: u takes constants, reads r once, as its second operand or
 * (commuting) its first */
static inline int ir_const_folds_into(const struct ir_insn *u, int32_t r)
{
	return ir_op_takes_const(u->op) && u->a != u->b &&
	       (u->b == r || (u->a == r && ir_op_commutes(u->op)));
}

/* A value in register form of type t (ir.def: registers hold values
 * extended per their type): the one definition the optimiser, the decoder
 * and both interpreters share. */
static inline uint64_t ir_norm(uint64_t v, unsigned t)
{
	switch (t) {
	case IR_PRED: return v != 0;
	case IR_S8: return (uint64_t)(int64_t)(int8_t)v;
	case IR_U8: return v & 0xff;
	case IR_S16: return (uint64_t)(int64_t)(int16_t)v;
	case IR_U16: case IR_F16: return v & 0xffff;
	case IR_S32: return (uint64_t)(int64_t)(int32_t)v;
	case IR_U32: case IR_F32: return v & 0xffffffffu;
	default: return v;
	}
}
/* Whether parameter k of fn is an aggregate passed by value (IR_PTR to a
 * copy) rather than a pointer: by its size, and for 8-byte ones by the
 * parameter's variable. The emulator and the PTX emitter both ask. */
int ir_param_aggregate(const struct ir_func *fn, uint32_t k);
/* Write a readable listing of the module (golden tests of lowering). */
void ir_print(const struct ir_module *m, struct strbuf *out);
/* ir_print's listing of one function, index idx */
void ir_print_func(const struct ir_func *f, uint32_t idx, struct strbuf *out);

/* opt.c: optimise every function of m in place (after lowering, before the
 * engine runs it): constant conversions, unsigned division and remainder by
 * powers of two, dead temporaries, dense register numbers. Variables and
 * statements stay where the debugger finds them. */
void ir_optimize(struct ir_module *m);
/* ir_optimize of one function (ir_optimize_run_func's first step) */
void ir_optimize_func(struct ir_func *f);
/* side-effect-free register ops, each lane's result a function of its
 * operands: what a pass may evaluate elsewhere (copy, unroll, thread) and
 * drop when nothing reads the result (inline.c, unroll.c) */
static inline int ir_op_pure(unsigned op)
{
	switch (op) {
	case IR_CONST: case IR_MOV: case IR_ADD: case IR_SUB: case IR_MUL: case IR_AND:
	case IR_OR: case IR_XOR: case IR_NOT: case IR_SHL: case IR_SHR: case IR_MIN:
	case IR_MAX: case IR_SETP: case IR_CVT: case IR_NEG: case IR_SEL:
		return 1;
	default:
		return 0;
	}
}
/* Every register operand and variable register in range, and no
 * instruction optimised away yet (the passes' precondition). */
int ir_func_operands_ok(const struct ir_func *f);

/* IR_EACH_READ(in, r, BODY): BODY once per register the instruction reads
 * (a, b, c, e unless MATCH writes it, then args), with r that register;
 * run's rewrites (inline.c, licm.c) count and follow uses with it */
#define IR_EACH_READ(in, r, BODY) do { \
	const struct ir_insn *q_ = (in); \
	int32_t o_[4] = { q_->a, q_->b, q_->c, q_->op == IR_MATCH ? -1 : q_->e }; \
	for (int k_ = 0; k_ < 4; k_++) { int32_t r = o_[k_]; if (r >= 0) { BODY; } } \
	for (uint32_t k_ = 0; q_->args && k_ < q_->nargs; k_++) { int32_t r = q_->args[k_]; if (r >= 0) { BODY; } } \
} while (0)
/* IR_EACH_WRITE(in, r, BODY): BODY once per register the instruction
 * writes (d, and e for MATCH), with r that register; ir_insn_writes puts
 * them in out (at most 2) and returns how many */
#define IR_EACH_WRITE(in, r, BODY) do { \
	const struct ir_insn *w_ = (in); \
	if (w_->d >= 0) { int32_t r = w_->d; BODY; } \
	if (w_->op == IR_MATCH && w_->e >= 0) { int32_t r = w_->e; BODY; } \
} while (0)
static inline int ir_insn_writes(const struct ir_insn *in, int32_t out[2])
{
	int n = 0;
	IR_EACH_WRITE(in, r, out[n++] = r);
	return n;
}
/* Set reg_pressure of every device function and kernel: the most 32-bit
 * registers live at once in its code as lowered (engine/ir/regs.c), a call
 * adding its callee's. Run before ir_optimize. */
void ir_estimate_regs(struct ir_module *m);

/* inline.c: copy the bodies of small leaf functions (at most 24
 * instructions, no frame, no barrier, not variadic) into their callers in
 * place of the CALL, in rounds, so that calls the interpreter would pay
 * for (a frame, argument copies, CALL and RET) disappear. Callers that may
 * run below a recursion are left alone (the stack-overflow finding counts
 * frames). New code, argument lists and register types are allocated in
 * arena (the compilation's). Run it before ir_optimize. The debugger's
 * view of calls, frames and locals is what it changes: interactive
 * sessions never run it (session_compile_opts.inline_calls). */
struct arena;
void ir_inline(struct ir_module *m, struct arena *a);
/* What `warpstep run` and `check` run instead of ir_optimize: ir_inline
 * (which also gives a loop's latch its own copy of the loop test), then
 * ir_optimize, then results written straight into the variables they are
 * assigned to (t = e ; x = MOV t  =>  x = e). Same contract as ir_inline:
 * never for a session that steps. */
void ir_optimize_run(struct ir_module *m, struct arena *a);
/* The per-function part of ir_optimize_run, after ir_inline: ir_optimize's
 * passes, then run's own (parameters coalesced, results straight into
 * variables, offsets folded, loops unrolled, invariants hoisted, registers
 * compacted); ir_specialize runs it on its copies. */
void ir_optimize_run_func(struct ir_func *f, struct arena *a);
/* A copy of kernel src (a spec_src) in arena a for a launch of block shape
 * block and grid shape grid: its reads of ntid and nctaid are constants,
 * then ir_optimize_run_func and, when mod's
 * device functions have rows (run_rows), ir_regalloc_func. The copy keeps
 * src's name, parameters, variables and spans. NULL when the copy could
 * not be given rows (a register read before written). */
struct ir_func *ir_specialize(const struct ir_func *src, const struct ir_module *mod,
			      const uint32_t block[3], const uint32_t grid[3], struct arena *a);
/* licm.c: loop-invariant code motion on f (run's pipeline only; new code
 * in arena): pure instructions whose operands no iteration changes move
 * before their loop, and an element of a 2-D array has its invariant half
 * added first so that it moves too. Instruction count and registers stay;
 * branch targets, statement starts and live ranges follow. */
void ir_hoist_invariants(struct ir_func *f, struct arena *a);
/* licm.c: a temporary `p + constant` that only loads and stores of its
 * straight run use as their address becomes their immediate offset (run's
 * pipeline only). */
void ir_fold_offsets(struct ir_func *f);
/* unroll.c: loops whose passes the IR fixes (counters constant on entry,
 * changed by constant steps, the test reading only them; at most 32
 * passes, at most 512 instructions added to f) are written out once per
 * pass, each copy reading the counters' values as constants; the tests
 * and branches go (run's pipeline only; new code and registers in arena).
 * Returns the loops written out; none under WS_NO_UNROLL=1. */
int ir_unroll_loops(struct ir_func *f, struct arena *a);
/* cse.c: in device code (run's pipeline only): an index `x + K` whose type
 * cannot wrap becomes its loads' and stores' immediate offset, a pure
 * value computed where an earlier computation of it dominates is read
 * from that one, and a BR to the next instruction goes. Returns the
 * rewrites made; none under WS_NO_CSE=1. */
int ir_cse(struct ir_func *f);
/* opt.c: number the registers f still reads or writes densely, after
 * rewrites that left some unused (parameters keep 0..nparams-1, variables
 * follow). Unlike ir_optimize it accepts a function already optimised. */
void ir_compact_regs(struct ir_func *f);

/* regalloc.c: run's register allocation (last step of ir_optimize_run; a
 * session that steps never runs it): the registers of every device
 * function (not host code) share 64-bit-per-lane rows where their live
 * ranges never meet. Parameters, registers live on entry, registers a
 * call, return, built-in, launch or collective names, and the temporaries
 * decode.c rewrites (written once, no variable) keep rows of their own, so
 * that the decoded code and m->steps stay the same. The whole module is
 * left alone when some device function reads a register before writing it
 * (reused frames keep rows), or under WS_NO_REGALLOC=1. */
void ir_regalloc(struct ir_module *m, struct arena *a);
/* Allocate f alone (no module checks; map and row types in arena a);
 * returns f's rows after it (ir_rows). */
uint32_t ir_regalloc_func(struct ir_func *f, struct arena *a);
/* Whether a register of f other than a parameter is live on entry. */
int ir_regalloc_live_on_entry(struct ir_func *f);
/* 1 when f could be analysed and every register of f but its parameters
 * is written before any read on every path (none live on entry); 0 when
 * some may be read first, or f is beyond the analysis (too many
 * registers, malformed code) */
int ir_regalloc_entry_written(struct ir_func *f);

/* cfg.c: ipdom[i] for every instruction: the immediate post-dominator
 * instruction of a CBR at i (or -1 = function exit); undefined for other
 * ops. The array is the caller's to free. */
int32_t *cfg_ipdom(const struct ir_func *f);

/* cfg.c: the basic blocks of f's code (an IRF_DEAD instruction is a NOP to
 * them): nb blocks, node nb the virtual exit that returns, traps and the
 * fall past the end lead to; first[b] the first instruction of block b
 * (first[nb] = n), blk_of[i] the block of instruction i, succ[b] up to two
 * successors (UINT32_MAX: none), pred[b] the predecessors. */
struct ir_cfg {
	uint32_t nb, n;
	uint32_t *first, *blk_of;
	uint32_t (*succ)[2];
	VEC(uint32_t) *pred;
};
void ir_cfg_build(const struct ir_func *f, struct ir_cfg *c);
void ir_cfg_free(struct ir_cfg *c);
/* Immediate dominators of the nb + 1 nodes: from block 0 forward (post 0)
 * or post-dominators from the exit (post 1). idom[v]: UINT32_MAX where the
 * root does not reach v, the root its own; num[v]: v's place in the
 * postorder from the root (the root's the highest; UINT32_MAX unreached).
 * Returns how many nodes the root reaches. */
uint32_t ir_cfg_doms(const struct ir_cfg *c, int post, uint32_t *idom, uint32_t *num);

#endif
