/*
 * inspect_lua.c - queries the Lua binding (scripts/host_engine.c) needs and
 * the rest of machine.h lacks: where a lane's locals and a module object
 * live (to show variables by name), whether main() was started, and the
 * machine's status without stepping it. Declarations at the end of
 * machine.h.
 */
#include "simt.h"

#include <string.h>

int machine_lane_local(const struct machine *m, int slot, int warp, int lane, int up,
		       uint64_t *base)
{
	const struct grid *gr = m->grid;
	const struct warp *w;

	if (slot < 0)
		w = m->host;
	else if (!gr || slot >= gr->nres || !gr->res[slot] || warp < 0 ||
		 (uint32_t)warp >= gr->res[slot]->nwarps)
		return -1;
	else
		w = &gr->res[slot]->w[warp];
	if (!w || lane < 0 || lane >= WS_WARP)
		return -1;
	for (uint32_t j = 0; j < w->ng; j++) {
		const struct frame *f = w->g[j].fr;
		if (!(w->g[j].mask >> lane & 1))
			continue;
		while (f && up-- > 0)
			f = f->parent;
		if (!f)
			return -1;
		*base = ADDR(w->host ? TAG_HSTACK : TAG_LOCAL, f->lbase[lane]);
		return 0;
	}
	return -1;
}

uint64_t machine_object_addr(const struct machine *m, int obj)
{
	if (obj < 0 || (uint32_t)obj >= m->mod->nobjs)
		return 0;
	if (m->mod->objs[obj].kind == OBJ_SHARED)
		return ADDR(TAG_SHARED, m->mod->objs[obj].shared_off);
	return m->obj_addr[obj];
}

enum machine_status machine_status_get(const struct machine *m)
{
	return m->status;
}

int machine_has_host(const struct machine *m)
{
	return m->host != NULL;
}

/* A kernel launched with no host program starts at once (its blocks become
 * resident), so its warps can be inspected and chosen before the first step. */
void machine_start_queued(struct machine *m)
{
	if (!m->host && !m->grid && m->status == MST_RUNNING)
		runtime_next_launch(m);
}
