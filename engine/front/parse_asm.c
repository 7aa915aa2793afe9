/*
 * parse_asm.c - inline PTX: asm [volatile] ("template" : outputs : inputs :
 * clobbers); in device code.
 *
 * The IR is PTX-like, so an asm statement is translated, at parse time, into
 * the CUDA C++ that means the same and spliced into the token stream as a
 * block, which the parser then reads like any other statement (the same
 * device as structured bindings, parse_stmt.c):
 *
 *   asm("add.s32 %0, %1, %2;" : "=r"(c) : "r"(a), "r"(b));
 * becomes
 *   { unsigned int __wsa_0; unsigned int __wsa_1 = (unsigned int)(a);
 *     unsigned int __wsa_2 = (unsigned int)(b);
 *     __wsa_0 = (int)__wsa_1 + (int)__wsa_2; (c) = __wsa_0; }
 *
 * Operand constraints: r (32-bit), l (64-bit), h (16-bit), f (float), d
 * (double), n (an immediate), with = (output) and + (read and written);
 * "memory" and other clobbers change nothing (warpstep never caches memory
 * in registers). Every instruction lands on a built-in or a C operator, so
 * the block is stepped and checked as the statement's line. Instructions
 * and special registers outside the list below are a compile error that
 * names them.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parse_impl.h"
#include "lex.h"

#define ASM_MAXOPS 30

struct asm_op {
	char kind;              /* constraint letter */
	char io;                /* '=' output, '+' both, 0 input */
	struct token *from, *to; /* the expression's tokens [from, to) */
	const char *name;       /* [name] */
};

struct asm_ctx {
	struct parser *p;
	struct token *at;
	struct asm_op op[ASM_MAXOPS];
	int nop;
	struct strbuf out;      /* the translated statements */
	char bad[160];          /* first error */
};

static const char *op_type(char k)
{
	switch (k) {
	case 'l': return "unsigned long long";
	case 'h': return "unsigned short";
	case 'f': return "float";
	case 'd': return "double";
	case 'n': return "long long";
	case 'c': return "unsigned char";
	default: return "unsigned int";
	}
}

/* the C type of a PTX type suffix, or NULL */
static const char *ptx_type(const char *s)
{
	static const char *const map[][2] = {
		{ "u8", "unsigned char" }, { "s8", "signed char" }, { "b8", "unsigned char" },
		{ "u16", "unsigned short" }, { "s16", "short" }, { "b16", "unsigned short" },
		{ "u32", "unsigned int" }, { "s32", "int" }, { "b32", "unsigned int" },
		{ "u64", "unsigned long long" }, { "s64", "long long" }, { "b64", "unsigned long long" },
		{ "f32", "float" }, { "f64", "double" }, { "pred", "bool" },
	};
	for (size_t i = 0; i < sizeof(map) / sizeof(map[0]); i++)
		if (!strcmp(s, map[i][0]))
			return map[i][1];
	return NULL;
}

static int type_bits(const char *s)
{
	return atoi(s + 1);
}

static void bad(struct asm_ctx *c, const char *fmt, ...) WS_PRINTF(2, 3);
static void bad(struct asm_ctx *c, const char *fmt, ...)
{
	va_list ap;
	if (c->bad[0])
		return;
	va_start(ap, fmt);
	vsnprintf(c->bad, sizeof(c->bad), fmt, ap);
	va_end(ap);
}

/* an operand of the template as C: registers, %N, immediates */
static void operand(struct asm_ctx *c, struct strbuf *sb, const char *s)
{
	static const char *const sregs[][2] = {
		{ "%laneid", "__ws_laneid()" }, { "%warpid", "__ws_warpid()" },
		{ "%nwarpid", "__ws_nwarpid()" }, { "%smid", "__ws_smid()" }, { "%nsmid", "__ws_nsmid()" },
		{ "%lanemask_lt", "__ws_lanemask_lt()" }, { "%lanemask_le", "__ws_lanemask_le()" },
		{ "%lanemask_eq", "__ws_lanemask_eq()" }, { "%lanemask_ge", "__ws_lanemask_ge()" },
		{ "%lanemask_gt", "__ws_lanemask_gt()" }, { "%clock", "((unsigned int)clock())" },
		{ "%clock64", "((unsigned long long)clock64())" }, { "%globaltimer", "__globaltimer()" },
		{ "%tid.x", "threadIdx.x" }, { "%tid.y", "threadIdx.y" }, { "%tid.z", "threadIdx.z" },
		{ "%ntid.x", "blockDim.x" }, { "%ntid.y", "blockDim.y" }, { "%ntid.z", "blockDim.z" },
		{ "%ctaid.x", "blockIdx.x" }, { "%ctaid.y", "blockIdx.y" }, { "%ctaid.z", "blockIdx.z" },
		{ "%nctaid.x", "gridDim.x" }, { "%nctaid.y", "gridDim.y" }, { "%nctaid.z", "gridDim.z" },
		{ "WARP_SZ", "32" },
		{ "%cluster_ctarank", "((unsigned int)__ws_cluster_info(0))" },
		{ "%cluster_nctarank", "((unsigned int)__ws_cluster_info(1))" },
		{ "%cluster_nctaid.x", "((unsigned int)__ws_cluster_info(2))" },
		{ "%cluster_nctaid.y", "((unsigned int)__ws_cluster_info(3))" },
		{ "%cluster_nctaid.z", "((unsigned int)__ws_cluster_info(4))" },
		{ "%clusterid.x", "((unsigned int)__ws_cluster_info(5))" },
		{ "%clusterid.y", "((unsigned int)__ws_cluster_info(6))" },
		{ "%clusterid.z", "((unsigned int)__ws_cluster_info(7))" },
		{ "%cluster_ctaid.x", "((unsigned int)__ws_cluster_info(8))" },
		{ "%cluster_ctaid.y", "((unsigned int)__ws_cluster_info(9))" },
		{ "%cluster_ctaid.z", "((unsigned int)__ws_cluster_info(10))" },
		{ "%nclusterid.x", "((unsigned int)__ws_cluster_info(11))" },
		{ "%nclusterid.y", "((unsigned int)__ws_cluster_info(12))" },
		{ "%nclusterid.z", "((unsigned int)__ws_cluster_info(13))" },
		{ "%is_explicit_cluster", "((unsigned int)__ws_cluster_info(14))" },
	};
	if (!*s) {
		bad(c, "missing operand in inline PTX%s", "");
		return;
	}
	for (size_t i = 0; i < sizeof(sregs) / sizeof(sregs[0]); i++)
		if (!strcmp(s, sregs[i][0])) {
			strbuf_adds(sb, sregs[i][1]);
			return;
		}
	if (s[0] == '%') {
		bad(c, "inline PTX special register '%s' is not supported", s);
		return;
	}
	if (s[0] == '0' && (s[1] == 'f' || s[1] == 'F') && strlen(s) == 10) {
		strbuf_addf(sb, "__int_as_float(0x%s)", s + 2);
		return;
	}
	if (s[0] == '0' && (s[1] == 'd' || s[1] == 'D') && strlen(s) == 18) {
		strbuf_addf(sb, "__longlong_as_double(0x%sll)", s + 2);
		return;
	}
	if (isdigit((unsigned char)s[0]) || s[0] == '-') {
		strbuf_addf(sb, "(%s)", s);
		return;
	}
	if (!strncmp(s, "__wsa_", 6)) {
		strbuf_adds(sb, s);
		return;
	}
	if (isalpha((unsigned char)s[0]) || s[0] == '_' || s[0] == '$') {
		strbuf_adds(sb, "__wsr_");
		for (; *s; s++)
			strbuf_addc(sb, isalnum((unsigned char)*s) || *s == '_' ? *s : '_');
		return;
	}
	bad(c, "inline PTX operand '%s' is not supported", s);
}

/* operand s converted to type ty: "((ty)(X))" */
static void cast_op(struct asm_ctx *c, struct strbuf *sb, const char *ty, const char *s)
{
	strbuf_addf(sb, "((%s)(", ty);
	operand(c, sb, s);
	strbuf_adds(sb, "))");
}

/* "[a]", "[a+8]", "[a+-8]": the address as char * (shared: a is a window offset) */
static void address(struct asm_ctx *c, struct strbuf *sb, const char *s, int shared)
{
	size_t n = strlen(s);
	if (n < 3 || s[0] != '[' || s[n - 1] != ']') {
		bad(c, "inline PTX address '%s' is not supported", s);
		return;
	}
	char base[128];
	const char *plus = strchr(s, '+');
	size_t bl = (size_t)((plus ? plus : s + n - 1) - (s + 1));
	if (bl >= sizeof(base)) {
		bad(c, "inline PTX address '%s' is not supported", s);
		return;
	}
	memcpy(base, s + 1, bl);
	base[bl] = 0;
	strbuf_adds(sb, shared ? "(__ws_shared_addr((unsigned long long)(" : "((char *)(");
	operand(c, sb, base);
	strbuf_adds(sb, shared ? "))" : ")");
	if (plus) {
		char off[64];
		size_t ol = (size_t)(s + n - 1 - (plus + 1));
		if (ol >= sizeof(off)) {
			bad(c, "inline PTX address '%s' is not supported", s);
			return;
		}
		memcpy(off, plus + 1, ol);
		off[ol] = 0;
		if (!ol || strspn(off, "-0123456789abcdefxABCDEFX") != ol) {
			bad(c, "inline PTX address '%s' is not supported (an offset must be a number)", s);
			return;
		}
		strbuf_addf(sb, " + (%s)", off);
	}
	strbuf_adds(sb, ")");
}

static int has(char **mods, int nm, const char *m)
{
	for (int i = 0; i < nm; i++)
		if (!strcmp(mods[i], m))
			return 1;
	return 0;
}

/* the type suffix: the last modifier that is a PTX type */
static const char *last_type(char **mods, int nm, int skip_from_end)
{
	for (int i = nm - 1 - skip_from_end; i >= 1; i--)
		if (ptx_type(mods[i]))
			return mods[i];
	return NULL;
}

static const char *scope_of(char **mods, int nm)
{
	if (has(mods, nm, "cta"))
		return "cta";
	if (has(mods, nm, "sys"))
		return "sys";
	if (has(mods, nm, "cluster"))
		return "cluster";
	return "gpu";
}

/* one instruction: opcode modifiers mods[0..nm), operands a[0..na) */
static void insn(struct asm_ctx *c, char **mods, int nm, char **a, int na)
{
	struct strbuf *o = &c->out;
	const char *op = mods[0];
	const char *ts = last_type(mods, nm, 0);
	const char *ty = ts ? ptx_type(ts) : "unsigned int";
	int bits = ts ? type_bits(ts) : 32;
#define NEED(k) do { if (na < (k)) { bad(c, "inline PTX '%s' needs more operands", op); return; } } while (0)
#define DST() do { operand(c, o, a[0]); strbuf_adds(o, " = "); } while (0)
	if (!strcmp(op, "cvta") && has(mods, nm, "shared")) {
		NEED(2);
		DST();
		strbuf_addf(o, "(%s)", ty);
		if (has(mods, nm, "to")) {
			strbuf_adds(o, "__ws_shared_off(");
			cast_op(c, o, "unsigned long long", a[1]);
			strbuf_adds(o, ")");
		} else {
			strbuf_adds(o, "(unsigned long long)__ws_shared_addr(");
			cast_op(c, o, "unsigned long long", a[1]);
			strbuf_adds(o, ")");
		}
	} else if (!strcmp(op, "mov") || !strcmp(op, "cvta")) {
		NEED(2);
		DST();
		cast_op(c, o, ty, a[1]);
	} else if (!strcmp(op, "add") || !strcmp(op, "sub") || !strcmp(op, "and") || !strcmp(op, "or") ||
		   !strcmp(op, "xor") || !strcmp(op, "div") || !strcmp(op, "rem") || !strcmp(op, "shl") ||
		   !strcmp(op, "shr") || (!strcmp(op, "mul") && !has(mods, nm, "hi") && !has(mods, nm, "wide"))) {
		const char *sym = !strcmp(op, "add") ? "+" : !strcmp(op, "sub") ? "-" : !strcmp(op, "and") ? "&" :
				  !strcmp(op, "or") ? "|" : !strcmp(op, "xor") ? "^" : !strcmp(op, "div") ? "/" :
				  !strcmp(op, "rem") ? "%" : !strcmp(op, "shl") ? "<<" : !strcmp(op, "shr") ? ">>" : "*";
		NEED(3);
		DST();
		strbuf_addf(o, "(%s)(", ty);
		cast_op(c, o, ty, a[1]);
		strbuf_addf(o, " %s ", sym);
		cast_op(c, o, !strcmp(op, "shl") || !strcmp(op, "shr") ? "unsigned int" : ty, a[2]);
		strbuf_adds(o, ")");
	} else if (!strcmp(op, "mul") || !strcmp(op, "mad")) {
		int wide = has(mods, nm, "wide"), hi = has(mods, nm, "hi"), mad = op[1] == 'a';
		NEED(mad ? 4 : 3);
		DST();
		if (wide) {
			const char *wt = ts && ts[0] == 's' ? "long long" : "unsigned long long";
			strbuf_addf(o, "(%s)", wt);
			cast_op(c, o, ty, a[1]);
			strbuf_addf(o, " * (%s)", wt);
			cast_op(c, o, ty, a[2]);
		} else if (hi) {
			const char *f = bits == 64 ? (ts[0] == 's' ? "__mul64hi" : "__umul64hi")
						   : (ts[0] == 's' ? "__mulhi" : "__umulhi");
			strbuf_addf(o, "%s(", f);
			cast_op(c, o, ty, a[1]);
			strbuf_adds(o, ", ");
			cast_op(c, o, ty, a[2]);
			strbuf_adds(o, ")");
		} else {
			strbuf_addf(o, "(%s)(", ty);
			cast_op(c, o, ty, a[1]);
			strbuf_adds(o, " * ");
			cast_op(c, o, ty, a[2]);
			strbuf_adds(o, ")");
		}
		if (mad) {
			strbuf_adds(o, " + ");
			cast_op(c, o, wide ? (ts[0] == 's' ? "long long" : "unsigned long long") : ty, a[3]);
		}
	} else if (!strcmp(op, "neg") || !strcmp(op, "not") || !strcmp(op, "abs")) {
		NEED(2);
		DST();
		if (op[0] == 'a') {
			strbuf_addf(o, "(%s)(", ty);
			cast_op(c, o, ty, a[1]);
			strbuf_adds(o, " < 0 ? -");
			cast_op(c, o, ty, a[1]);
			strbuf_adds(o, " : ");
			cast_op(c, o, ty, a[1]);
			strbuf_adds(o, ")");
		} else {
			strbuf_addf(o, "(%s)(%s", ty, op[0] == 'n' && op[1] == 'e' ? "-" : !strcmp(ts ? ts : "", "pred") ? "!" : "~");
			cast_op(c, o, ty, a[1]);
			strbuf_adds(o, ")");
		}
	} else if (!strcmp(op, "min") || !strcmp(op, "max")) {
		NEED(3);
		DST();
		strbuf_adds(o, "(");
		cast_op(c, o, ty, a[1]);
		strbuf_adds(o, op[1] == 'i' ? " < " : " > ");
		cast_op(c, o, ty, a[2]);
		strbuf_adds(o, " ? ");
		cast_op(c, o, ty, a[1]);
		strbuf_adds(o, " : ");
		cast_op(c, o, ty, a[2]);
		strbuf_adds(o, ")");
	} else if (!strcmp(op, "popc") || !strcmp(op, "clz") || !strcmp(op, "brev")) {
		NEED(2);
		DST();
		strbuf_addf(o, "%s%s(", op[0] == 'p' ? "__popc" : op[0] == 'c' ? "__clz" : "__brev", bits == 64 ? "ll" : "");
		cast_op(c, o, ty, a[1]);
		strbuf_adds(o, ")");
	} else if (!strcmp(op, "bfe")) {
		NEED(4);
		DST();
		strbuf_addf(o, "(%s)%s(", ty, ts && ts[0] == 's' ? "__ws_bfe_s" : "__ws_bfe_u");
		cast_op(c, o, ty, a[1]);
		strbuf_adds(o, ", ");
		cast_op(c, o, "unsigned int", a[2]);
		strbuf_adds(o, ", ");
		cast_op(c, o, "unsigned int", a[3]);
		strbuf_addf(o, ", %d)", bits);
	} else if (!strcmp(op, "bfi")) {
		NEED(5);
		DST();
		strbuf_addf(o, "(%s)__ws_bfi(", ty);
		cast_op(c, o, ty, a[1]);
		strbuf_adds(o, ", ");
		cast_op(c, o, ty, a[2]);
		strbuf_adds(o, ", ");
		cast_op(c, o, "unsigned int", a[3]);
		strbuf_adds(o, ", ");
		cast_op(c, o, "unsigned int", a[4]);
		strbuf_addf(o, ", %d)", bits);
	} else if (!strcmp(op, "prmt")) {
		NEED(4);
		if (nm > 2 && !ptx_type(mods[1])) {
			bad(c, "inline PTX prmt mode '.%s' is not supported", mods[1]);
			return;
		}
		DST();
		strbuf_adds(o, "__byte_perm(");
		cast_op(c, o, "unsigned int", a[1]);
		strbuf_adds(o, ", ");
		cast_op(c, o, "unsigned int", a[2]);
		strbuf_adds(o, ", ");
		cast_op(c, o, "unsigned int", a[3]);
		strbuf_adds(o, ")");
	} else if (!strcmp(op, "cvt")) {
		/* cvt[.rnd].dtype.stype d, a */
		const char *st = last_type(mods, nm, 0), *dt = last_type(mods, nm - 1, 0);
		NEED(2);
		if (!st || !dt) {
			bad(c, "inline PTX cvt needs two types%s", "");
			return;
		}
		const char *rf = has(mods, nm, "rni") ? "rint" : has(mods, nm, "rmi") ? "floor" :
				 has(mods, nm, "rpi") ? "ceil" : has(mods, nm, "rzi") ? "trunc" : NULL;
		DST();
		strbuf_addf(o, "(%s)", ptx_type(dt));
		if (rf && st[0] == 'f') {
			strbuf_addf(o, "%s%s(", rf, st[1] == '3' ? "f" : "");
			cast_op(c, o, ptx_type(st), a[1]);
			strbuf_adds(o, ")");
		} else {
			cast_op(c, o, ptx_type(st), a[1]);
		}
	} else if (!strcmp(op, "setp")) {
		/* setp.CMP.type p, a, b */
		static const char *const cmps[][2] = { { "eq", "==" }, { "ne", "!=" }, { "lt", "<" }, { "le", "<=" },
						       { "gt", ">" }, { "ge", ">=" }, { "lo", "<" }, { "ls", "<=" },
						       { "hi", ">" }, { "hs", ">=" } };
		const char *sym = NULL;
		NEED(3);
		for (size_t i = 0; i < sizeof(cmps) / sizeof(cmps[0]) && nm > 1; i++)
			if (!strcmp(mods[1], cmps[i][0]))
				sym = cmps[i][1];
		if (!sym) {
			bad(c, "inline PTX comparison 'setp.%s' is not supported", nm > 1 ? mods[1] : "");
			return;
		}
		DST();
		strbuf_adds(o, "(");
		cast_op(c, o, ty, a[1]);
		strbuf_addf(o, " %s ", sym);
		cast_op(c, o, ty, a[2]);
		strbuf_adds(o, ")");
	} else if (!strcmp(op, "selp")) {
		NEED(4);
		DST();
		strbuf_adds(o, "(");
		operand(c, o, a[3]);
		strbuf_adds(o, " ? ");
		cast_op(c, o, ty, a[1]);
		strbuf_adds(o, " : ");
		cast_op(c, o, ty, a[2]);
		strbuf_adds(o, ")");
	} else if (!strcmp(op, "activemask")) {
		NEED(1);
		DST();
		strbuf_adds(o, "__activemask()");
	} else if (!strcmp(op, "shfl")) {
		/* shfl.sync.mode.b32 d[|p], a, b, c, membermask */
		const char *mode = nm > 2 ? mods[2] : "", *f;
		NEED(5);
		f = !strcmp(mode, "idx") ? "__shfl_sync" : !strcmp(mode, "up") ? "__shfl_up_sync" :
		    !strcmp(mode, "down") ? "__shfl_down_sync" : !strcmp(mode, "bfly") ? "__shfl_xor_sync" : NULL;
		if (!f || !has(mods, nm, "sync")) {
			bad(c, "inline PTX 'shfl' needs .sync and a mode (idx, up, down, bfly)%s", "");
			return;
		}
		char d[64];
		snprintf(d, sizeof(d), "%s", a[0]);
		char *bar = strchr(d, '|');
		if (bar)
			*bar = 0;
		operand(c, o, d);
		strbuf_addf(o, " = (%s)%s(", ty, f);
		cast_op(c, o, "unsigned int", a[4]);
		strbuf_adds(o, ", ");
		cast_op(c, o, ty, a[1]);
		strbuf_adds(o, ", ");
		cast_op(c, o, "unsigned int", a[2]);
		strbuf_adds(o, ", 32 - ((");
		cast_op(c, o, "unsigned int", a[3]);
		strbuf_adds(o, " >> 8) & 31))");
		if (bar) {
			strbuf_adds(o, "; ");
			operand(c, o, bar + 1);
			strbuf_adds(o, " = 1");
		}
	} else if (!strcmp(op, "vote")) {
		/* vote.sync.mode[.pred|.b32] d, p, membermask */
		const char *mode = nm > 2 ? mods[2] : "", *f;
		NEED(3);
		f = !strcmp(mode, "all") ? "__all_sync" : !strcmp(mode, "any") ? "__any_sync" :
		    !strcmp(mode, "uni") ? "__uni_sync" : !strcmp(mode, "ballot") ? "__ballot_sync" : NULL;
		if (!f || !has(mods, nm, "sync")) {
			bad(c, "inline PTX 'vote' needs .sync and a mode (all, any, uni, ballot)%s", "");
			return;
		}
		DST();
		strbuf_addf(o, "%s(", f);
		cast_op(c, o, "unsigned int", a[2]);
		strbuf_adds(o, ", ");
		cast_op(c, o, "int", a[1]);
		strbuf_adds(o, ")");
	} else if (!strcmp(op, "bar") || !strcmp(op, "barrier")) {
		if (has(mods, nm, "cluster")) {
			/* barrier.cluster.arrive[.relaxed] / barrier.cluster.wait */
			strbuf_adds(o, has(mods, nm, "wait") ? "__ws_cluster_wait(~0ull)" : "__ws_cluster_arrive()");
		} else if (has(mods, nm, "warp")) {
			NEED(1);
			strbuf_adds(o, "__syncwarp(");
			cast_op(c, o, "unsigned int", a[0]);
			strbuf_adds(o, ")");
		} else if (na > 1) {
			bad(c, "inline PTX '%s' with a thread count is not supported", op);
			return;
		} else {
			strbuf_adds(o, "__syncthreads()");
		}
	} else if (!strcmp(op, "membar")) {
		strbuf_adds(o, has(mods, nm, "cta") ? "__threadfence_block()" :
			       has(mods, nm, "sys") ? "__threadfence_system()" : "__threadfence()");
	} else if (!strcmp(op, "fence")) {
		if (has(mods, nm, "proxy")) {
			bad(c, "inline PTX '%s' is not supported", "fence.proxy");
			return;
		}
		strbuf_addf(o, "__ws_fence_%s_%s()", has(mods, nm, "acq_rel") ? "ar" : "sc", scope_of(mods, nm));
	} else if (!strcmp(op, "ld") || !strcmp(op, "st")) {
		int vol = has(mods, nm, "volatile") || has(mods, nm, "relaxed") || has(mods, nm, "acquire") ||
			  has(mods, nm, "release");
		if (has(mods, nm, "v2") || has(mods, nm, "v4")) {
			bad(c, "inline PTX vector %s is not supported", op);
			return;
		}
		NEED(2);
		if (op[0] == 'l') {
			DST();
			strbuf_addf(o, "*(%s%s *)", vol ? "volatile " : "", ty);
			address(c, o, a[1], has(mods, nm, "shared"));
			if (has(mods, nm, "acquire"))
				strbuf_addf(o, "; __ws_fence_ar_%s()", scope_of(mods, nm));
		} else {
			if (has(mods, nm, "release"))
				strbuf_addf(o, "__ws_fence_ar_%s(); ", scope_of(mods, nm));
			strbuf_addf(o, "*(%s%s *)", vol ? "volatile " : "", ty);
			address(c, o, a[0], has(mods, nm, "shared"));
			strbuf_adds(o, " = ");
			cast_op(c, o, ty, a[1]);
		}
	} else {
		bad(c, "inline PTX instruction '%s' is not supported by warpstep", op);
		return;
	}
	strbuf_adds(o, ";\n");
#undef NEED
#undef DST
}

/* ".reg .u32 a, b<4>;" */
static void reg_decl(struct asm_ctx *c, char *s)
{
	char *sp = s + 4;
	while (*sp == ' ' || *sp == '\t')
		sp++;
	if (*sp != '.') {
		bad(c, "inline PTX '.reg' needs a type%s", "");
		return;
	}
	char *e = sp + 1;
	while (*e && !isspace((unsigned char)*e))
		e++;
	char save = *e;
	*e = 0;
	const char *ty = ptx_type(sp + 1);
	if (!ty) {
		bad(c, "inline PTX register type '%s' is not supported", sp);
		return;
	}
	*e = save;
	char *names = e;
	for (char *tok = strtok(names, ","); tok; tok = strtok(NULL, ",")) {
		while (isspace((unsigned char)*tok))
			tok++;
		char *end = tok + strlen(tok);
		while (end > tok && isspace((unsigned char)end[-1]))
			*--end = 0;
		char *lt = strchr(tok, '<');
		if (lt) {
			int n = atoi(lt + 1);
			*lt = 0;
			for (int i = 0; i < n && i < 256; i++) {
				char nm[80];
				snprintf(nm, sizeof(nm), "%s%d", tok, i);
				strbuf_addf(&c->out, "%s ", ty);
				operand(c, &c->out, nm);
				strbuf_adds(&c->out, " = 0;\n");
			}
		} else if (*tok) {
			strbuf_addf(&c->out, "%s ", ty);
			operand(c, &c->out, tok);
			strbuf_adds(&c->out, " = 0;\n");
		}
	}
}

/* one statement of the template (no ';') */
static void statement(struct asm_ctx *c, char *s)
{
	while (isspace((unsigned char)*s))
		s++;
	char *end = s + strlen(s);
	while (end > s && isspace((unsigned char)end[-1]))
		*--end = 0;
	if (!*s)
		return;
	if (!strncmp(s, ".reg", 4) && isspace((unsigned char)s[4])) {
		reg_decl(c, s);
		return;
	}
	int guarded = 0;
	if (*s == '@') {
		char *g = s + 1, *ge = g;
		while (*ge && !isspace((unsigned char)*ge))
			ge++;
		if (!*ge) {
			bad(c, "inline PTX guard '%s' has no instruction", s);
			return;
		}
		*ge = 0;
		strbuf_adds(&c->out, "if (");
		if (*g == '!') {
			strbuf_adds(&c->out, "!");
			g++;
		}
		operand(c, &c->out, g);
		strbuf_adds(&c->out, ") { ");
		guarded = 1;
		s = ge + 1;
		while (isspace((unsigned char)*s))
			s++;
	}
	/* opcode and modifiers */
	char *op = s;
	while (*s && !isspace((unsigned char)*s))
		s++;
	if (*s)
		*s++ = 0;
	char *mods[16];
	int nm = 0;
	for (char *m = strtok(op, "."); m && nm < 16; m = strtok(NULL, "."))
		mods[nm++] = m;
	/* operands: split at commas outside brackets */
	char *a[8];
	int na = 0;
	while (*s && na < 8) {
		while (isspace((unsigned char)*s))
			s++;
		if (!*s)
			break;
		char *b = s;
		int depth = 0;
		while (*s && (depth || *s != ',')) {
			depth += *s == '[' || *s == '{';
			depth -= *s == ']' || *s == '}';
			s++;
		}
		if (*s)
			*s++ = 0;
		/* drop spaces inside the operand ("[%1 + 4]") */
		char *w = b;
		for (char *r = b; *r; r++)
			if (!isspace((unsigned char)*r))
				*w++ = *r;
		*w = 0;
		a[na++] = b;
	}
	if (!nm) {
		bad(c, "inline PTX statement '%s' is not supported", op);
		return;
	}
	insn(c, mods, nm, a, na);
	if (guarded)
		strbuf_adds(&c->out, "}\n");
}

/* %N -> __wsa_N, %[name] -> its operand, %% -> %; then statement by statement */
static void translate(struct asm_ctx *c, const char *tmpl, size_t len)
{
	struct strbuf t;
	strbuf_init(&t);
	for (size_t i = 0; i < len; i++) {
		char ch = tmpl[i];
		if (ch == '/' && i + 1 < len && tmpl[i + 1] == '/') {
			while (i < len && tmpl[i] != '\n')
				i++;
			strbuf_addc(&t, '\n');
			continue;
		}
		if (ch == '/' && i + 1 < len && tmpl[i + 1] == '*') {
			for (i += 2; i + 1 < len && !(tmpl[i] == '*' && tmpl[i + 1] == '/'); i++)
				;
			i++;
			continue;
		}
		if (ch != '%') {
			strbuf_addc(&t, ch);
			continue;
		}
		if (i + 1 < len && tmpl[i + 1] == '%') {
			strbuf_addc(&t, '%');
			i++;
		} else if (i + 1 < len && isdigit((unsigned char)tmpl[i + 1])) {
			int n = 0;
			while (i + 1 < len && isdigit((unsigned char)tmpl[i + 1])) {
				n = n * 10 + (tmpl[++i] - '0');
				if (n > ASM_MAXOPS)
					n = ASM_MAXOPS + 1; /* no such operand, whatever the digits */
			}
			if (n >= c->nop) {
				char num[16];
				snprintf(num, sizeof(num), "%%%d", n);
				bad(c, "inline PTX operand %s does not exist", num);
			}
			strbuf_addf(&t, "__wsa_%d", n);
		} else if (i + 1 < len && tmpl[i + 1] == '[') {
			size_t j = i + 2;
			while (j < len && tmpl[j] != ']')
				j++;
			int found = -1;
			for (int k = 0; k < c->nop; k++)
				if (c->op[k].name && strlen(c->op[k].name) == j - i - 2 &&
				    !strncmp(c->op[k].name, tmpl + i + 2, j - i - 2))
					found = k;
			if (found < 0)
				bad(c, "inline PTX names an operand that does not exist%s", "");
			strbuf_addf(&t, "__wsa_%d", found < 0 ? 0 : found);
			i = j;
		} else {
			strbuf_addc(&t, '%');
		}
	}
	char *buf = strbuf_detach(&t), *s = buf;
	if (!buf)
		return;
	/* statements end at ';'; braces and newlines separate them too */
	for (char *q = s;; q++) {
		if (*q == ';' || *q == '{' || *q == '}' || *q == '\n' || !*q) {
			char ch = *q;
			*q = 0;
			statement(c, s);
			if (ch == '{' || ch == '}')
				strbuf_adds(&c->out, ch == '{' ? "{\n" : "}\n");
			if (!ch)
				break;
			s = q + 1;
		}
	}
	free(buf);
}

/* append the tokens of text (spans: the asm keyword) */
static struct token *emit_text(struct asm_ctx *c, struct token *t, const char *text)
{
	for (struct token *u = lex_text(c->p->a, c->p->dl, text, strlen(text), 0, LEX_QUIET);
	     u && u->kind != TK_EOF; u = u->next) {
		u->span = c->at->span;
		u->origin = c->at->origin;
		t->next = u;
		t = u;
	}
	return t;
}

static struct token *emit_range(struct asm_ctx *c, struct token *t, struct token *from, struct token *to)
{
	for (struct token *u = from; u && u != to && u->kind != TK_EOF; u = u->next) {
		t->next = arena_alloc(c->p->a, sizeof(*u));
		*t->next = *u;
		t = t->next;
	}
	return t;
}

/* one operand list "constraint"(expr), ...; io: 1 outputs */
static void operands(struct asm_ctx *c, int outputs)
{
	struct parser *p = c->p;
	while (p->tok->kind == TK_STR || p->tok->kind == TK_LBRACK) {
		struct asm_op *o = &c->op[c->nop < ASM_MAXOPS ? c->nop : ASM_MAXOPS - 1];
		memset(o, 0, sizeof(*o));
		if (consume(p, TK_LBRACK)) {
			if (p->tok->kind != TK_IDENT)
				fail_at(p, p->tok, "expected an operand name in asm");
			o->name = p->tok->text;
			next(p);
			skip(p, TK_RBRACK);
		}
		if (p->tok->kind != TK_STR)
			fail_at(p, p->tok, "expected an asm operand constraint string");
		const char *cs = p->tok->str;
		next(p);
		while (*cs == '=' || *cs == '+' || *cs == '&') {
			if (*cs != '&')
				o->io = *cs;
			cs++;
		}
		o->kind = *cs;
		if (outputs && !o->io)
			o->io = '=';
		if (!strchr("rlhfdnc", o->kind) || !o->kind) {
			bad(c, "inline asm operand constraint \"%s\" is not supported (r, l, h, f, d, n, c are)", cs);
		}
		if (!outputs && o->io)
			bad(c, "inline asm input constraint \"%s\" cannot be an output", cs);
		skip(p, TK_LPAREN);
		o->from = p->tok;
		for (int depth = 1; p->tok->kind != TK_EOF;) {
			if (p->tok->kind == TK_LPAREN)
				depth++;
			if (p->tok->kind == TK_RPAREN && --depth == 0)
				break;
			next(p);
		}
		o->to = p->tok;
		skip(p, TK_RPAREN);
		if (c->nop < ASM_MAXOPS)
			c->nop++;
		else
			bad(c, "inline asm has more than %s operands", "30");
		if (!consume(p, TK_COMMA))
			break;
	}
}

struct node *asm_stmt(struct parser *p)
{
	struct asm_ctx c;
	struct token *t = p->tok;
	memset(&c, 0, sizeof(c));
	c.p = p;
	c.at = t;
	strbuf_init(&c.out);
	next(p);
	while (p->tok->kind == TK_VOLATILE || (p->tok->kind == TK_IDENT && (!strcmp(p->tok->text, "__volatile__") ||
									  !strcmp(p->tok->text, "__volatile"))) ||
	       p->tok->kind == TK_INLINE)
		next(p);
	if (p->tok->kind == TK_GOTO)
		fail_at(p, p->tok, "asm goto is not supported");
	skip(p, TK_LPAREN);
	if (p->tok->kind != TK_STR)
		fail_at(p, p->tok, "expected the asm template string");
	struct strbuf tmpl;
	strbuf_init(&tmpl);
	while (p->tok->kind == TK_STR) {
		strbuf_add(&tmpl, p->tok->str, p->tok->strlen);
		next(p);
	}
	/* sections: outputs, inputs, clobbers; "::" is two colons */
	for (int sec = 0; sec < 3;) {
		if (consume(p, TK_COLON))
			sec++;
		else if (consume(p, TK_COLONCOLON))
			sec += 2;
		else
			break;
		if (sec == 1 || sec == 2) {
			operands(&c, sec == 1);
		} else if (sec == 3) {
			while (p->tok->kind == TK_STR) {
				next(p);
				if (!consume(p, TK_COMMA))
					break;
			}
		}
	}
	skip(p, TK_RPAREN);
	skip(p, TK_SEMI);
	translate(&c, strbuf_cstr(&tmpl), tmpl.len);
	strbuf_release(&tmpl);
	if (c.bad[0]) {
		error_at(p, t, "asm", "%s", c.bad);
		strbuf_release(&c.out);
		struct node *n = new_node(p, ND_BLOCK, t);
		return n;
	}
	/* the block: operands in, the instructions, outputs out */
	struct token head = { 0 }, *q = &head;
	struct strbuf sb;
	strbuf_init(&sb);
	q = emit_text(&c, q, "{");
	for (int k = 0; k < c.nop; k++) {
		struct asm_op *o = &c.op[k];
		strbuf_reset(&sb);
		strbuf_addf(&sb, "%s%s __wsa_%d", o->kind == 'n' ? "const " : "", op_type(o->kind), k);
		if (o->io == '=') {
			strbuf_adds(&sb, " = 0;");
			q = emit_text(&c, q, strbuf_cstr(&sb));
			continue;
		}
		strbuf_addf(&sb, " = (%s)(", op_type(o->kind));
		q = emit_text(&c, q, strbuf_cstr(&sb));
		q = emit_range(&c, q, o->from, o->to);
		q = emit_text(&c, q, ");");
	}
	q = emit_text(&c, q, strbuf_cstr(&c.out));
	for (int k = 0; k < c.nop; k++) {
		struct asm_op *o = &c.op[k];
		if (!o->io)
			continue;
		q = emit_text(&c, q, "(");
		q = emit_range(&c, q, o->from, o->to);
		strbuf_reset(&sb);
		strbuf_addf(&sb, ") = __wsa_%d;", k);
		q = emit_text(&c, q, strbuf_cstr(&sb));
	}
	q = emit_text(&c, q, "}");
	strbuf_release(&sb);
	strbuf_release(&c.out);
	q->next = p->tok;
	p->tok = head.next;
	return compound_stmt(p);
}
