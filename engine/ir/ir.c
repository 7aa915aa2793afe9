/* ir.c - names of IR opcodes and types, and the readable module listing. */
#include "ir.h"

#include <inttypes.h>
#include <string.h>

static const char *const op_names[] = {
#define OP(n, s) #n,
#include "ir.def"
#undef OP
};

const char *ir_op_name(enum ir_op op)
{
	if ((unsigned)op >= IR_NOPS)
		return "?";
	return op_names[op];
}

const char *ir_type_name(enum ir_type t)
{
	static const char *const names[] = {
		"void", "pred", "s8", "u8", "s16", "u16", "s32", "u32", "s64", "u64",
		"f16", "f32", "f64", "ptr",
	};
	if ((unsigned)t >= IR_NTYPES)
		return "?";
	return names[t];
}

static const char *space_name(int sp)
{
	static const char *const n[] = { "generic", "global", "shared", "local", "const", "param", "host" };
	return sp >= 0 && sp < 7 ? n[sp] : "?";
}

static const char *sem_name(int s)
{
	static const char *const n[] = { "weak", "volatile", "relaxed", "acquire", "release", "acq_rel", "sc" };
	return s >= 0 && s < 7 ? n[s] : "?";
}

static const char *scope_name(int s)
{
	static const char *const n[] = { "", "cta", "gpu", "sys", "cluster" };
	return s >= 0 && s < 5 ? n[s] : "?";
}

static const char *cmp_name(int c)
{
	static const char *const n[] = { "eq", "ne", "lt", "le", "gt", "ge" };
	return c >= 0 && c < 6 ? n[c] : "?";
}

static const char *kind_name(uint32_t k)
{
	if (k & FN_KERNEL)
		return "kernel";
	if ((k & FN_HOST) && (k & FN_DEVICE))
		return "host device";
	return k & FN_DEVICE ? "device" : "host";
}

static const char *obj_kind_name(int k)
{
	static const char *const n[] = { "global", "constant", "shared", "managed", "host", "string" };
	return k >= 0 && k < 6 ? n[k] : "?";
}

static void reg(struct strbuf *sb, int32_t r)
{
	if (r >= 0)
		strbuf_addf(sb, " r%d", r);
	else
		strbuf_adds(sb, " _");
}

static void print_insn(const struct ir_insn *in, uint32_t i, struct strbuf *sb)
{
	strbuf_addf(sb, "  %c%4u  ", (in->flags & IRF_STMT_START) ? '*' : ' ', i);
	if (in->d >= 0)
		strbuf_addf(sb, "r%d = ", in->d);
	strbuf_adds(sb, ir_op_name((enum ir_op)in->op));
	if (in->t != IR_VOID)
		strbuf_addf(sb, ".%s", ir_type_name((enum ir_type)in->t));
	switch (in->op) {
	case IR_CONST:
		strbuf_addf(sb, " %" PRId64, in->imm);
		break;
	case IR_CVT:
		strbuf_addf(sb, ".%s", ir_type_name((enum ir_type)in->t2));
		reg(sb, in->a);
		break;
	case IR_SETP:
		strbuf_addf(sb, " %s", cmp_name(in->sub));
		reg(sb, in->a);
		reg(sb, in->b);
		break;
	case IR_LD: case IR_ST:
		strbuf_addf(sb, " [%s", space_name(in->sp));
		if (in->sem != SEM_WEAK)
			strbuf_addf(sb, " %s", sem_name(in->sem));
		if (in->flags & IRF_CACHE_MASK)
			strbuf_addf(sb, " cache=%d", in->flags & IRF_CACHE_MASK);
		strbuf_adds(sb, "]");
		reg(sb, in->a);
		if (in->imm)
			strbuf_addf(sb, "+%" PRId64, in->imm);
		if (in->op == IR_ST)
			reg(sb, in->b);
		break;
	case IR_ATOM: case IR_FENCE: case IR_BAR: case IR_SHFL: case IR_VOTE: case IR_MATCH: case IR_REDUX:
		strbuf_addf(sb, " sub=%d", in->sub);
		if (in->sem != SEM_WEAK)
			strbuf_addf(sb, " %s", sem_name(in->sem));
		if (in->scope)
			strbuf_addf(sb, " %s", scope_name(in->scope));
		reg(sb, in->a);
		reg(sb, in->b);
		if (in->c >= 0)
			reg(sb, in->c);
		if (in->e >= 0)
			reg(sb, in->e);
		break;
	case IR_SREG: case IR_GADDR: case IR_LADDR: case IR_FADDR:
		strbuf_addf(sb, " %" PRId64, in->imm);
		break;
	case IR_MEMCPY: case IR_MEMSET:
		reg(sb, in->a);
		reg(sb, in->b);
		strbuf_addf(sb, " %" PRId64, in->imm);
		break;
	case IR_BR:
		strbuf_addf(sb, " @%d", in->tgt1);
		break;
	case IR_CBR:
		reg(sb, in->a);
		strbuf_addf(sb, " @%d @%d", in->tgt1, in->tgt2);
		break;
	case IR_CALL: case IR_BCALL: case IR_LAUNCH: case IR_ICALL:
		if (in->op == IR_ICALL)
			reg(sb, in->a);
		else
			strbuf_addf(sb, " %" PRId64, in->imm);
		strbuf_adds(sb, " (");
		for (int k = 0; k < in->nargs; k++)
			strbuf_addf(sb, "%sr%d", k ? ", " : "", in->args[k]);
		strbuf_adds(sb, ")");
		break;
	default:
		if (in->a >= 0)
			reg(sb, in->a);
		if (in->b >= 0)
			reg(sb, in->b);
		if (in->c >= 0)
			reg(sb, in->c);
		break;
	}
	if (in->span.line)
		strbuf_addf(sb, "    ; %u:%u s%d", in->span.line, in->span.col, in->stmt);
	strbuf_addc(sb, '\n');
}

void ir_print_func(const struct ir_func *f, uint32_t idx, struct strbuf *sb)
{
	strbuf_addf(sb, "func %u %s \"%s\" (%s) ret=%s%s params=%u regs=%u frame=%u\n", idx,
		    kind_name(f->kind), f->mangled ? f->mangled : "", f->name ? f->name : "",
		    ir_type_name((enum ir_type)f->ret), f->ret_sret ? " sret" : "", f->nparams, f->nregs,
		    f->frame_size);
	if (f->regmap) {
		/* run's register allocation (regalloc.c): register -> row */
		strbuf_addf(sb, "  rows %u:", f->nrows);
		for (uint32_t r = 0; r < f->nregs; r++)
			strbuf_addf(sb, " %d", f->regmap[r]);
		strbuf_addc(sb, '\n');
	}
	if (f->launch_bounds_max)
		strbuf_addf(sb, "  launch_bounds %d %d\n", f->launch_bounds_max, f->launch_bounds_min);
	if (f->cluster_dims[0])
		strbuf_addf(sb, "  cluster_dims %u %u %u\n", f->cluster_dims[0], f->cluster_dims[1], f->cluster_dims[2]);
	for (uint32_t i = 0; i < f->nvars; i++) {
		const struct ir_var *v = &f->vars[i];
		strbuf_addf(sb, "  var %s : %s %s", v->name, v->type ? v->type->name : "?", v->is_param ? "param " : "");
		switch (v->loc) {
		case VLOC_REG: strbuf_addf(sb, "r%d", v->reg); break;
		case VLOC_LOCAL: strbuf_addf(sb, "local+%" PRId64, v->off); break;
		case VLOC_GLOBAL: strbuf_addf(sb, "obj%" PRId64, v->off); break;
		case VLOC_SHARED: strbuf_addf(sb, "shared obj%" PRId64, v->off); break;
		}
		strbuf_addf(sb, " [%u,%u)\n", v->live_from, v->live_to);
	}
	for (uint32_t i = 0; i < f->ncode; i++)
		print_insn(&f->code[i], i, sb);
}

void ir_print(const struct ir_module *m, struct strbuf *out)
{
	for (uint32_t i = 0; i < m->nobjs; i++) {
		const struct ir_object *o = &m->objs[i];
		strbuf_addf(out, "obj %u %s \"%s\" size=%" PRIu64 " align=%" PRIu64, i, obj_kind_name(o->kind),
			    o->name ? o->name : "", o->size, o->align);
		if (o->kind == OBJ_SHARED)
			strbuf_addf(out, " shared_off=%" PRIu64 "%s", o->shared_off, o->dynamic ? " dynamic" : "");
		if (o->init) {
			strbuf_adds(out, " init=");
			uint64_t n = o->size > 32 ? 32 : o->size;
			for (uint64_t k = 0; k < n; k++)
				strbuf_addf(out, "%02x", o->init[k]);
			if (n < o->size)
				strbuf_adds(out, "...");
		}
		for (uint32_t k = 0; k < o->nrelocs; k++) {
			const struct ir_reloc *r = &o->relocs[k];
			if (r->obj >= 0)
				strbuf_addf(out, " reloc(%u->obj%d+%" PRId64 ")", r->off, r->obj, r->addend);
			else
				strbuf_addf(out, " reloc(%u->func%d+%" PRId64 ")", r->off, r->func, r->addend);
		}
		strbuf_addc(out, '\n');
	}
	strbuf_addf(out, "shared_static_size %" PRIu64 "\nmain %d\n", m->shared_static_size, m->main_func);
	for (uint32_t i = 0; i < m->nfuncs; i++) {
		strbuf_addc(out, '\n');
		ir_print_func(&m->funcs[i], i, out);
	}
}

int ir_param_aggregate(const struct ir_func *fn, uint32_t k)
{
	if (!fn->param_ty || fn->param_ty[k] != IR_PTR)
		return 0;
	if (fn->param_size && fn->param_size[k] != 8)
		return 1;
	/* an 8-byte struct: the k-th parameter's variable says (when every
	 * parameter has one, in order after the hidden sret address) */
	uint32_t np = 0, first = fn->ret_sret ? 1 : 0;
	const struct ir_var *pk = NULL;
	for (uint32_t i = 0; i < fn->nvars; i++)
		if (fn->vars[i].is_param) {
			if (first + np == k)
				pk = &fn->vars[i];
			np++;
		}
	if (first + np == fn->nparams && pk)
		return pk->type && pk->type->scalar == IR_VOID && pk->type->elem_count <= 1 && pk->type->nfields > 0;
	for (uint32_t i = 0; i < fn->nvars; i++) {
		const struct ir_var *v = &fn->vars[i];
		if (v->is_param && v->loc == VLOC_REG && v->reg == (int32_t)k)
			return v->type && v->type->scalar == IR_VOID && v->type->size == 8;
	}
	return 0;
}
