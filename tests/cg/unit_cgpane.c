/*
 * unit_cgpane.c - cuda::barrier state and cooperative-groups tiles in the
 * interface (tui/backend_engine.c on the real engine): the sync pane lists
 * the barrier with its expected and pending counts, phase and waiters; the
 * warps pane knows the warp's tile size.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../tui/model.c"
#include "../../tui/view.c"
#include "../../tui/cmd.c"
#include "../../tui/export.c"
#include "../../tui/backend_engine.c"
#include "tap.h"

#define PROG "tests/cg/pane/pane.cu"

int main(void)
{
	struct session_compile_opts fo = { 0 };
	struct machine_opts mo;
	struct strbuf err;
	struct ui_backend *be;
	struct ui_session s;
	char *argv[] = { (char *)PROG, NULL };
	int waited = 0, tile = 0, phase1 = 0;

	tap_start();
	machine_opts_init(&mo);
	mo.simt = SIMT_STACK;
	strbuf_init(&err);
	be = engine_backend_new(PROG, NULL, &fo, &mo, 1, argv, &err);
	if (!be) {
		printf("Bail out! %s\n", strbuf_cstr(&err));
		return 1;
	}
	strbuf_release(&err);
	ui_session_init(&s, be);
	ui_session_refresh(&s);
	for (int i = 0; i < 3000 && s.st.run != UI_RUN_FINISHED; i++) {
		cmd_run(&s, "stepi");
		for (int w = 0; w < s.st.nwarps; w++)
			tile |= s.st.warps[w].tile == 8;
		for (int b = 0; b < s.st.sync.ncubars; b++) {
			const struct ui_cubarrier *c = &s.st.sync.cubars[b];
			if (strstr(c->name, "bar") && c->expected == 64 && c->pending == 32 && c->nwarps >= 1 &&
			    c->waiting[0] == 0xffffffffu && c->wait_phase[0] == 0)
				waited = 1;
			if (strstr(c->name, "bar") && c->phase == 1 && c->pending == 64)
				phase1 = 1;
		}
	}
	ok(waited, "sync pane: warp 0 waits on phase 0 of bar, 32 of 64 arrivals pending");
	ok(phase1, "sync pane: the phase flips to 1 and the pending count resets to 64");
	ok(tile, "warps pane: the warp is partitioned into tiles of 8 lanes");
	ui_session_free(&s);
	engine_backend_free(be);
	return tap_end();
}
