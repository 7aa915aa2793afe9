/*
 * inspect_lua.c - queries the Lua binding (scripts/host_engine.c) needs and
 * the rest of machine.h lacks: whether main() was started, and starting a
 * kernel launched with no host program. (Addresses of locals and objects and
 * the status come from inspect.c.) Declarations at the end of machine.h.
 */
#include "simt.h"

#include <string.h>

int machine_has_host(const struct machine *m)
{
	return m->ht.cur != NULL;
}

/* A kernel launched with no host program starts at once (its blocks become
 * resident), so its warps can be inspected and chosen before the first step. */
void machine_start_queued(struct machine *m)
{
	if (!m->ht.cur && !m->dev.grid && m->status == MST_RUNNING)
		runtime_next_launch(m);
}
