/*
 * unit_cluster.c - thread block clusters in the debugger (tui/backend_engine.c):
 * `info cuda blocks` groups the resident blocks under their cluster and
 * gives each block's rank; a thread stopped in cluster.sync() waiting for
 * the other block says so in `info cuda threads`-style state. Runs
 * tests/tui/cu/cluster.cu (4 blocks, clusters of 2).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../tui/model.c"
#include "../../tui/view.c"
#include "../../tui/cmd.c"
#include "../../tui/export.c"
#include "../../tui/backend_engine.c"
#include "../../tui/fake_backend.c"
#include "tap.h"

#define PROG "tests/tui/cu/cluster.cu"

#include "console_lib.h"

int main(void)
{
	struct ui_session s;
	struct ui_backend *be;

	tap_start();
	if (!(be = open_stack(PROG, &s)))
		return tap_end();
	ok(!(run(&s, "break 11") & UI_ACT_ERROR) && !(run(&s, "run") & UI_ACT_ERROR), "stop after the first cluster.sync()");
	ok(!(run(&s, "info cuda blocks") & UI_ACT_ERROR), "info cuda blocks answers");
	ok(has("cluster (0,0,0):") && has("cluster (1,0,0):"), "the blocks are grouped under clusters (0,0,0) and (1,0,0)");
	ok(has("block (0,0,0) rank 0") && has("block (1,0,0) rank 1") && has("block (2,0,0) rank 0") &&
	   has("block (3,0,0) rank 1"), "each block with its rank in its cluster");
	/* reverse execution restores clones of the machine: the cluster barrier
	 * state and each block's cluster come along */
	ok(!(run(&s, "next") & UI_ACT_ERROR) && !(run(&s, "reverse-next") & UI_ACT_ERROR) &&
	   !(run(&s, "info cuda blocks") & UI_ACT_ERROR) && has("block (3,0,0) rank 1"),
	   "next, reverse-next: the clusters are as they were");
	ok(!(run(&s, "delete") & UI_ACT_ERROR) && !(run(&s, "continue") & UI_ACT_ERROR) && s.st.run == UI_RUN_FINISHED,
	   "without the breakpoint the program runs to its end");
	ui_session_free(&s);
	engine_backend_free(be);
	return tap_end();
}
