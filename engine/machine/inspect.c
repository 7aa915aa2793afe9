/*
 * inspect.c - read-only queries for the debugger (declared at the end of
 * machine.h under "inspect.c"): reconvergence points, local-variable
 * addresses, object addresses, the per-lane addresses of a warp access
 * (for bank conflicts and sectors) and the device allocations.
 *
 * Everything here reads struct machine (simt.h) and changes nothing, so
 * the interface can ask between steps, or from an observer, at no risk to
 * determinism.
 */
#include <stdio.h>
#include <string.h>

#include "simt.h"

static struct warp *warp_get(const struct machine *m, int slot, int warp)
{
	if (slot < 0)
		return warp == 0 ? m->ht.cur : NULL;
	if (!m->dev.grid || slot >= m->dev.grid->nres || !m->dev.grid->res[slot] || warp < 0 ||
	    (uint32_t)warp >= m->dev.grid->res[slot]->nwarps)
		return NULL;
	return &m->dev.grid->res[slot]->w[warp];
}

int machine_group_reconv(const struct machine *m, int slot, int warp, int g, uint32_t *pc)
{
	struct warp *w = warp_get(m, slot, warp);
	const struct group *gr;
	const struct token *t;

	if (!w || g < 0 || (uint32_t)g >= w->ng || !w->g[g].ntok)
		return -1;
	gr = &w->g[g];
	t = &w->toks.v[gr->tok[gr->ntok - 1]];
	if (t->rpc == UINT32_MAX || t->depth != gr->fr->depth || t->rpc >= gr->fr->df->ncode)
		return -1;
	*pc = gr->fr->df->orig[t->rpc];
	return 0;
}

static const struct frame *lane_frame(const struct warp *w, int lane, int up)
{
	for (uint32_t j = 0; j < w->ng; j++) {
		const struct frame *f;

		if (!(w->g[j].mask >> lane & 1))
			continue;
		for (f = w->g[j].fr; f && up > 0; up--)
			f = f->parent;
		return f;
	}
	return NULL;
}

int machine_lane_local_addr(const struct machine *m, int slot, int warp, int lane, int up,
			    int64_t off, uint64_t *addr)
{
	struct warp *w = warp_get(m, slot, warp);
	const struct frame *f;

	if (!w || lane < 0 || lane >= WS_WARP || !(f = lane_frame(w, lane, up)))
		return -1;
	*addr = ADDR(w->host ? TAG_HSTACK : TAG_LOCAL, w->hbase + frame_lbase(w, f, (unsigned)lane) + (uint64_t)off);
	return 0;
}

int machine_lane_frame_pc(const struct machine *m, int slot, int warp, int lane, int up,
		       int *func, uint32_t *pc)
{
	struct warp *w = warp_get(m, slot, warp);
	const struct frame *f, *child = NULL;

	if (!w || lane < 0 || lane >= WS_WARP)
		return -1;
	for (uint32_t j = 0; j < w->ng; j++) {
		if (!(w->g[j].mask >> lane & 1))
			continue;
		f = w->g[j].fr;
		uint32_t p = w->g[j].pc;
		for (; f && up > 0; up--) {
			child = f;
			f = f->parent;
		}
		if (!f)
			return -1;
		if (child) /* the caller's pc: the call instruction before ret_pc */
			p = child->ret_pc ? child->ret_pc - 1 : 0;
		*func = f->fidx;
		*pc = p < f->df->ncode ? f->df->orig[p] : 0;
		return 0;
	}
	return -1;
}

int machine_object_addr(const struct machine *m, uint32_t obj, uint64_t *addr)
{
	if (obj >= m->mod->nobjs || !m->obj_addr)
		return -1;
	*addr = m->obj_addr[obj];
	return 0;
}

int machine_addr_name(const struct machine *m, uint64_t a, unsigned size, char *buf, size_t n)
{
	for (uint32_t i = 0; m->obj_addr && i < m->mod->nobjs; i++) {
		const struct ir_object *o = &m->mod->objs[i];
		if (o->kind == OBJ_SHARED || !o->name || !o->name[0] ||
		    !ws_range_in(m->obj_addr[i], o->size, a, 1))
			continue;
		uint64_t off = a - m->obj_addr[i];
		if (o->size <= size || (!size && o->size <= 8))
			snprintf(buf, n, "%s", o->name);
		else if (size && off % size == 0)
			snprintf(buf, n, "%s[%llu]", o->name, (unsigned long long)(off / size));
		else
			snprintf(buf, n, "%s+%llu", o->name, (unsigned long long)off);
		return 1;
	}
	snprintf(buf, n, "0x%llx", (unsigned long long)a);
	return 0;
}

/* The group of w now executing lanes mask (the one an EV_MEM names). */
static const struct group *group_by_mask(const struct warp *w, uint32_t mask)
{
	for (uint32_t j = 0; j < w->ng; j++)
		if (w->g[j].mask == mask)
			return &w->g[j];
	return NULL;
}

int machine_access_lanes(const struct machine *m, int slot, int warp, uint32_t mask,
			 uint64_t addrs[32])
{
	struct warp *w = warp_get(m, slot, warp);
	const struct group *g;
	const struct ir_insn *in;

	if (!w || !(g = group_by_mask(w, mask)) || g->pc >= g->fr->df->ncode)
		return -1;
	in = &g->fr->code[g->pc];
	if (in->op != IR_LD && in->op != IR_ST && in->op != IR_ATOM)
		return -1;
	for (int l = 0; l < WS_WARP; l++)
		addrs[l] = (mask >> l & 1)
			? g->fr->r[(size_t)in->a * WS_WARP + (unsigned)l] +
				  (in->op == IR_ATOM ? 0 : (uint64_t)in->imm)
			: 0;
	return 0;
}

int machine_alloc_find(const struct machine *m, uint64_t addr, uint64_t *base, uint64_t *size,
		       int *device)
{
	struct alloc *a = mem_find((struct mem *)&m->mem, addr);

	if (!a || a->freed)
		return -1;
	*base = a->base;
	*size = a->size;
	*device = a->kind == AK_DEV_MALLOC || a->kind == AK_MANAGED || a->kind == AK_DEV_HEAP;
	return 0;
}

int machine_block_shared(const struct machine *m, int slot, uint64_t *size)
{
	if (!m->dev.grid || slot < 0 || slot >= m->dev.grid->nres || !m->dev.grid->res[slot])
		return -1;
	*size = m->dev.grid->res[slot]->shared_size;
	return 0;
}

enum machine_status machine_get_status(const struct machine *m)
{
	return m->status;
}

int machine_peek(const struct machine *m, uint64_t addr, void *buf, size_t n)
{
	struct alloc *a = mem_find((struct mem *)&m->mem, addr);

	if (!a || a->freed || !a->data || !ws_range_in(a->base, a->size, addr, n))
		return -1;
	memcpy(buf, a->data + (addr - a->base), n);
	return 0;
}

int machine_shfl_sources(const struct machine *m, int slot, int warp, uint32_t mask,
			 int8_t src[32])
{
	struct warp *w = warp_get(m, slot, warp);
	const struct group *g;
	const struct ir_insn *in;

	if (!w || !(g = group_by_mask(w, mask)) || g->pc >= g->fr->df->ncode)
		return -1;
	in = &g->fr->code[g->pc];
	if (in->op != IR_SHFL)
		return -1;
	for (int l = 0; l < WS_WARP; l++) {
		uint32_t width = 32;
		int32_t b;

		src[l] = -1;
		if (!(mask >> l & 1))
			continue;
		b = (in->flags & DF_KB) ? (int32_t)g->fr->df->pool[in->b][l]
					: (int32_t)g->fr->r[(size_t)in->b * WS_WARP + (unsigned)l];
		if (in->c >= 0)
			width = (uint32_t)g->fr->r[(size_t)in->c * WS_WARP + (unsigned)l];
		if (width == 0 || width > 32 || (width & (width - 1)))
			width = 32;
		int ok;
		src[l] = (int8_t)interp_shfl_src(in->sub, (unsigned)l, b, width, &ok);
	}
	return 0;
}

int machine_stmt_start(const struct machine *m, int func, uint32_t pc)
{
	const struct dfunc *df;
	const struct ir_func *fn;
	uint32_t d;

	if (func < 0 || (uint32_t)func >= m->mod->nfuncs || !(df = m->df[func]) || df->bad)
		return 0;
	fn = df->fn;
	if (pc >= fn->ncode)
		return 0;
	d = df->map[pc];
	if (d >= df->ncode || df->orig[d] != pc)
		return 0;
	return d == 0 || fn->code[df->orig[d - 1]].stmt != fn->code[pc].stmt;
}
