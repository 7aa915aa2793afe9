/*
 * demo.c - `warpstep debug-demo [ascii] [mono] [no-mouse]`: the real interface on
 * the scripted fake backend, so it can be looked at before the engine
 * adapter exists (and driven by tests/tui/e2e.t in tmux).
 */
#include <stdio.h>
#include <string.h>

#include "demo.h"
#include "fake.h"
#include "term.h"

int ui_demo_main(int argc, char **argv)
{
	struct ui_backend *be = fake_backend_new();
	struct ui_session s;
	struct term_opts o;
	int status;

	term_opts_init(&o);
	for (int i = 0; i < argc; i++) {
		if (!strcmp(argv[i], "ascii"))
			o.ascii = 1;
		else if (!strcmp(argv[i], "mono"))
			o.mono = 1;
		else if (!strcmp(argv[i], "no-mouse"))
			o.nomouse = 1;
		else {
			fprintf(stderr, "warpstep: debug-demo: unknown option '%s'\n"
				"usage: warpstep debug-demo [ascii] [mono] [no-mouse]\n", argv[i]);
			fake_backend_free(be);
			return 2;
		}
	}
	ui_session_init(&s, be);
	ui_session_refresh(&s);
	ui_console_add(&s.st, UI_CON_INFO,
		       "debug-demo: a scripted run (no engine). Press s to step, ? for help.");
	status = term_run(&s, &o);
	ui_session_free(&s);
	fake_backend_free(be);
	return status;
}
