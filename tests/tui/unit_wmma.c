/*
 * unit_wmma.c - `info cuda wmma` (tui/backend_engine.c): at a stop inside a
 * kernel that holds warp matrix fragments, the console lists, for each
 * fragment variable of the focused lane, the matrix element behind every
 * x[e] with its value, and a map of the matrix saying which lane holds each
 * element (the focused lane's elements starred). Runs tests/tui/cu/wmma.cu.
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

#define PROG "tests/tui/cu/wmma.cu"

#include "console_lib.h"
#include "pane_golden.h"

int main(void)
{
	struct ui_session s;
	struct ui_backend *be;

	tap_start();
	if (!(be = open_stack(PROG, &s)))
		return tap_end();
	ok(!(run(&s, "break 11") & UI_ACT_ERROR) && !(run(&s, "run") & UI_ACT_ERROR), "stop after the load and the fill");
	ok(!(run(&s, "info cuda wmma") & UI_ACT_ERROR), "info cuda wmma answers");
	ok(has("fa: fragment<matrix_a, 16, 16, 16, half> row_major, 16 elements in x[] per lane"),
	   "the fragment's type and length");
	ok(has("lane 0 holds:") && has("x[0] = [0][0] = 0") && has("x[2] = [8][0] = 128") &&
	   has("x[4] = [0][8] = 8") && has("x[8] = [0][0] = 0"),
	   "lane 0's elements: rows g and g+8, columns 2t, 2t+1 and 8 more; x[8..15] repeat x[0..7]");
	ok(has("acc: fragment<accumulator, 16, 16, 16, float>, 8 elements") && has("x[7] = [8][9] = 2.5"),
	   "the accumulator, filled with 2.5");
	ok(has("lanes holding each element (rows 16, columns 16):") && has("\n   *  *  1  1  2  2  3  3  *  *  1  1"),
	   "the map: row 0 is held by lanes 0..3, the focused lane starred");
	ok(!(run(&s, "cuda lane 6") & UI_ACT_ERROR) && !(run(&s, "info cuda wmma") & UI_ACT_ERROR) &&
	   has("lane 6 holds:") && has("x[0] = [1][4] = 20"), "another lane: lane 6 holds row 1, columns 4 and 5");
	ok((run(&s, "info cuda nothing") & UI_ACT_ERROR) && has("|wmma"), "the usage names wmma");
	/* the lanes pane: each fragment's map of which lane holds each element,
	 * the focused lane's elements and every lane's x[] */
	ok(!(run(&s, "cuda lane 5") & UI_ACT_ERROR), "focus lane 5");
	pane_golden(&s, PANE_LANES, 100, 60, "pane_lanes_wmma");
	{
		int frag = 0;

		for (int i = 0; i < s.st.nlanes; i++)
			if (s.st.lanes[i].frag_rows == 16 && s.st.lanes[i].frag_owner &&
			    s.st.lanes[i].frag_owner[0] == 0 && s.st.lanes[i].frag_owner[16 * 1 + 2] == 5 &&
			    s.st.lanes[i].frag_focus && strstr(s.st.lanes[i].frag_focus, "lane 5 holds x[0]=[1][2]"))
				frag = 1;
		ok(frag, "the matrix_a row: element [1][2] is lane 5's x[0], [0][0] lane 0's");
	}
	ui_session_free(&s);
	engine_backend_free(be);
	return tap_end();
}
