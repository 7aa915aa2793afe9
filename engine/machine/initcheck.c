/*
 * initcheck.c - reads of local memory the thread never wrote, on the bits
 * the machine keeps beside each lane's stack (docs/engine.md, "Remaining
 * work": to move behind CEV_LANE into a checker).
 */
#include "simt.h"

#include <string.h>

void check_local_range(struct lstack *ls, uint32_t off, uint32_t n, int set)
{
	if (ls->init_cap < ls->cap) {
		uint32_t nc = ls->cap;
		ls->init = xrealloc(ls->init, nc / 8 + 1);
		memset(ls->init + ls->init_cap / 8, 0, nc / 8 + 1 - ls->init_cap / 8);
		ls->init_cap = nc;
	}
	for (uint32_t i = off; i < off + n; i++) {
		if (set)
			ls->init[i >> 3] |= (uint8_t)(1u << (i & 7));
		else
			ls->init[i >> 3] &= (uint8_t)~(1u << (i & 7));
	}
}

void check_local_access(struct machine *m, struct warp *w, unsigned lane, uint64_t off,
			uint64_t n, int write, struct span sp)
{
	struct lstack *ls = &w->ls[lane];
	if (!ws_range_in(0, ls->init_cap, off, n))
		return;
	if (write) {
		check_local_range(ls, (uint32_t)off, (uint32_t)n, 1);
		return;
	}
	for (uint64_t i = off; i < off + n; i++) {
		if (ls->init[i >> 3] >> (i & 7) & 1)
			continue;
		machine_finding_add(m, FK_UNINITIALIZED_READ, w, 1u << lane, sp, ADDR(TAG_LOCAL, off),
				    "reads %llu bytes of the thread's local memory (a local variable or array) that were never written",
				    (unsigned long long)n);
		return;
	}
}
