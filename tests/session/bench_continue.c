/*
 * bench_continue.c - how fast `continue` runs to a breakpoint in the
 * interface (the ui_backend over the engine): tests/tui/cu/big.cu with a
 * breakpoint on `a[t] = acc;` (after the loop), timed from the kernel's
 * first statement. Prints machine steps per second.
 *
 * Not built by `make check` (only unit_*.c are): build and run it with
 *   make build/tests/session/bench_continue && build/tests/session/bench_continue
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../../tui/model.c"
#include "../../tui/view.c"
#include "../../tui/cmd.c"
#include "../../tui/export.c"
#include "../../tui/backend_engine.c"

static double now_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

int main(void)
{
	struct session_compile_opts fo = { 0 };
	struct machine_opts mo;
	struct strbuf err;
	struct ui_backend *be;
	struct ui_session s;
	char *pargv[] = { "big.cu", NULL };
	char *text = util_read_file("tests/tui/cu/big.cu", NULL, NULL), *it;
	uint64_t from;
	double t0, ms;

	machine_opts_init(&mo);
	strbuf_init(&err);
	if (text && (it = strstr(text, "b, 1000)")))
		memcpy(it, "b, 3000)", 8);
	be = engine_backend_new("tests/tui/cu/big.cu", text, &fo, &mo, 1, pargv, &err);
	free(text);
	if (!be) {
		printf("compile: %s\n", strbuf_cstr(&err));
		return 1;
	}
	ui_session_init(&s, be);
	ui_session_refresh(&s);
	while (s.st.run != UI_RUN_KERNEL && s.st.run != UI_RUN_FINISHED)
		cmd_run(&s, "step");
	cmd_run(&s, "break 19");
	from = s.st.steps;
	t0 = now_ms();
	cmd_run(&s, "continue");
	ms = now_ms() - t0;
	printf("continue to a breakpoint: %llu steps in %.0f ms (%.2f M steps/s), stop: %s\n",
	       (unsigned long long)(s.st.steps - from), ms,
	       (double)(s.st.steps - from) / (ms * 1e3), s.st.stop_reason ? s.st.stop_reason : "-");
	cmd_run(&s, "delete");
	from = s.st.steps;
	t0 = now_ms();
	cmd_run(&s, "continue");
	ms = now_ms() - t0;
	printf("continue to the end, no breakpoint: %llu steps in %.0f ms (%.2f M steps/s)\n",
	       (unsigned long long)(s.st.steps - from), ms, (double)(s.st.steps - from) / (ms * 1e3));
	{
		/* the reference: the same program run by the interpreter alone */
		struct session_program *c;
		struct machine *m;
		FILE *null = fopen("/dev/null", "w");

		text = util_read_file("tests/tui/cu/big.cu", NULL, NULL);
		if (text && (it = strstr(text, "b, 1000)")))
			memcpy(it, "b, 3000)", 8);
		c = session_compile("big.cu", text, &fo);
		free(text);
		mo.out = mo.err = null;
		m = machine_new(c->mod, &mo);
		t0 = now_ms();
		machine_run_main(m, 1, pargv);
		ms = now_ms() - t0;
		printf("the interpreter alone (warpstep run): %llu steps in %.0f ms (%.2f M steps/s)\n",
		       (unsigned long long)machine_steps(m), ms, (double)machine_steps(m) / (ms * 1e3));
		machine_free(m);
		session_program_free(c);
		fclose(null);
	}
	ui_session_free(&s);
	engine_backend_free(be);
	strbuf_release(&err);
	return 0;
}
