/*
 * eval.h - variables and expressions of one thread, for the debugger
 * session (session.h) and its front ends: values of ir_var debug info read from a stopped machine, and a
 * small C expression evaluator over them (print, breakpoint conditions,
 * lanes rows).
 *
 * Contract:
 * - A struct eval_ctx names one lane (slot -1, warp 0, lane 0: the host
 *   thread) of a machine and the module; nothing here changes the machine.
 * - eval_expr returns 0 and the value, or -1 with a message in err
 *   (lowercase, the problem first). Values are 64-bit integers or doubles;
 *   names resolve to the variables in scope at the lane's pc (innermost
 *   first), then threadIdx/blockIdx/blockDim/gridDim, warpSize, laneid.
 * - eval_var_text formats a variable for the panes ("42", "3.5",
 *   "0x7000000100", "{1, 2, 3, ...}"); the text goes to out.
 * - gdb's expression extras (added for the interface's gdb vocabulary):
 *   `&lvalue`, `LVALUE@N` (an artificial array of N elements starting at
 *   the lvalue: `*p@4`, `a[2]@3`), and `$name` convenience variables: the
 *   built-in ones describe the lane ($lane, $warp, $tid: its linear index in
 *   the block, $block: the block's linear index, $threadIdx, $blockIdx,
 *   $blockDim, $gridDim with .x/.y/.z), the others come from c->conv (set
 *   by the session: `set $x = 5`); gdb's value history (c->hist, print's
 *   results): `$N` the N-th value, `$` the last, `$$` the one before it,
 *   `$$N` the N-th back from the last (`$$0` is `$`). frame selects a caller's frame (0: the
 *   innermost; variables then resolve in that frame, as gdb's `up` does).
 * - eval_print formats a whole value in one of gdb's print formats
 *   (`print/FMT`), arrays included; eval_examine is gdb's `x/NFU ADDR`.
 */
#ifndef WS_SESSION_EVAL_H
#define WS_SESSION_EVAL_H

#include <stdint.h>
#include "machine.h"
#include "util.h"

struct eval_val {
	int isf;          /* 1: f is the value, else i */
	int64_t i;
	double f;
	uint8_t ptr_elem; /* pointers and arrays: element enum ir_type (IR_VOID: none) */
	int is_ptr;
	uint8_t t;        /* its scalar enum ir_type when known (IR_VOID: not known) */
	int lval;         /* it lives in memory at addr (& and @ apply) */
	uint64_t addr;
	uint32_t count;   /* an artificial array (x@n): n elements of type t at addr */
	const uint8_t *data; /* a value-history snapshot of an array: its count elements
			      * (read from here, not from memory; owned by the session) */
};

/* A convenience variable ($name, without the '$'). */
struct eval_conv {
	char name[32];
	struct eval_val v;
};

struct eval_ctx {
	const struct machine *m;
	const struct ir_module *mod;
	int slot, warp, lane;
	uint32_t tid[3], ctaid[3], ntid[3], nctaid[3];
	int frame;                    /* frames up the lane's stack (0: innermost) */
	const struct eval_conv *conv; /* the user's convenience variables */
	size_t nconv;
	const struct eval_val *hist;  /* gdb's value history: hist[0] is $1 (the session's) */
	size_t nhist;
};

int eval_expr(const struct eval_ctx *c, const char *expr, struct eval_val *v, struct strbuf *err);
/* gdb's assignment `LHS = RHS` at the top level of expr (not `==`, `<=`,
 * `>=`, `!=`, nor inside brackets): 1 and the offset of that '=' in *eq,
 * else 0. */
int eval_split_assign(const char *expr, size_t *eq);
/* Where an assignment to expr goes: a register variable of the lane's
 * frame (*reg its register, *t its type) or one scalar in memory (*addr,
 * *t; *reg -1). -1 with a message when expr is not something that can be
 * assigned to (a computed value, an array, a convenience variable). */
int eval_lvalue(const struct eval_ctx *c, const char *expr, int *reg, uint64_t *addr, uint8_t *t,
		struct strbuf *err);
/* v converted to type t as C's assignment converts it, as the raw
 * little-endian bits a register or memory of that type holds (a register's
 * are as the interpreter keeps them: signed types sign-extended). */
uint64_t eval_bits_of(const struct eval_val *v, uint8_t t);
void eval_val_text(const struct eval_val *v, struct strbuf *out);
/* The variables in scope for the lane (innermost frame, IR pc), or NULL. */
const struct ir_func *eval_lane_func(const struct eval_ctx *c, uint32_t *pc);
int eval_var_in_scope(const struct ir_var *v, uint32_t pc);
void eval_var_text(const struct eval_ctx *c, const struct ir_var *v, struct strbuf *out);
/* Scalar type of a C type spelling ("unsigned int" -> IR_U32); IR_VOID if unknown. */
uint8_t eval_type_of_name(const char *name);
int eval_type_size(uint8_t t);
/* Decode one scalar of type t from raw little-endian bits (the one decoder
 * of typed values: the interface formats it, the Lua API pushes it). */
void eval_scalar_val(uint8_t t, uint64_t bits, struct eval_val *v);
/* Format one scalar of type t from raw little-endian bits. */
void eval_scalar_text(uint8_t t, uint64_t bits, struct strbuf *out);
/* Evaluate expr and format it as gdb's print/FMT does: fmt 0 (natural),
 * 'x' hex, 'd' signed, 'u' unsigned, 'o' octal, 't' binary, 'c' character,
 * 'f' float, 'a' address, 'z' zero-padded hex; an artificial array prints
 * as "{1, 2, 3}". Hex, octal and binary show the bits of the value's type
 * (p/x -1 is 0xffffffff for an int). -1 with a message in err. */
int eval_print(const struct eval_ctx *c, const char *expr, char fmt, struct strbuf *out,
	       struct strbuf *err);
/* The same for a value already evaluated (the value history's). */
void eval_print_val(const struct eval_ctx *c, const struct eval_val *v, char fmt, struct strbuf *out);
/* One value in format fmt (as eval_print; scalars only). */
void eval_format(const struct eval_val *v, char fmt, struct strbuf *out);
/* gdb's x/NFU: count units of size bytes (1, 2, 4 or 8) at the address
 * addr_expr evaluates to, in format fmt ('x', 'd', 'u', 'o', 't', 'c', 'f',
 * 'a'), as the lane sees memory; lines of "0xADDR:\tv1\tv2...". -1 with a
 * message in err (nothing readable there). */
int eval_examine(const struct eval_ctx *c, const char *addr_expr, int count, char fmt, int size,
		 struct strbuf *out, struct strbuf *err);

#endif
