/*
 * bench_debug.c - step+redraw latency of the interface on the real engine:
 * tests/tui/cu/big.cu (one block of 1024 threads), each iteration one
 * interface command (step, stepi, block-step ...) through cmd_run (the
 * engine steps, the adapter refills ui_state) plus view_render of a 200x60
 * screen. Prints p50/p99/max per command and one TAP test: p99 of `step`
 * under 10 ms (docs/PERFORMANCE.md). Also times reverse-step (a replay).
 *
 * Not built by `make check` (only unit_*.c are): build and run it with
 *   make build/tests/tui/bench_debug && build/tests/tui/bench_debug [N]
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

static int stop_at_1m(void *ctx, uint64_t steps, uint64_t total)
{
	return !total && steps >= 1000000;
}

static int cmp_d(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* Run cmd n times, each followed by a 200x60 render; print percentiles. */
static double measure(struct ui_session *s, struct view_grid *g, const char *cmd, int n)
{
	double *t = xcalloc((size_t)n, sizeof(double)), p99;

	for (int i = 0; i < n; i++) {
		double t0 = now_ms();

		cmd_run(s, cmd);
		ui_session_sync_view(s);
		view_render(g, &s->st, &s->ctl);
		t[i] = now_ms() - t0;
	}
	qsort(t, (size_t)n, sizeof(double), cmp_d);
	p99 = t[(n * 99) / 100 < n ? (n * 99) / 100 : n - 1];
	printf("# %-12s n=%d  p50 %.2f ms  p99 %.2f ms  max %.2f ms  (step %llu)\n", cmd, n,
	       t[n / 2], p99, t[n - 1], (unsigned long long)s->st.steps);
	free(t);
	return p99;
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 300;
	struct session_compile_opts fo = { 0 };
	struct machine_opts mo;
	struct strbuf err;
	struct ui_backend *be;
	struct ui_session s;
	struct view_grid g;
	char *pargv[] = { "big.cu", NULL };
	double p99, t0;

	printf("TAP version 13\n");
	machine_opts_init(&mo);
	strbuf_init(&err);
	be = engine_backend_new("tests/tui/cu/big.cu", NULL, &fo, &mo, 1, pargv, &err);
	if (!be) {
		printf("not ok 1 - compile big.cu\n# %s\n1..1\n", strbuf_cstr(&err));
		return 1;
	}
	ui_session_init(&s, be);
	ui_session_refresh(&s);
	view_grid_init(&g, 200, 60);
	while (s.st.run != UI_RUN_KERNEL && s.st.run != UI_RUN_FINISHED)
		cmd_run(&s, "step");
	printf("# kernel %s, %d warps in the block\n", s.st.kernel ? s.st.kernel : "?", s.st.nwarps);
	t0 = now_ms();
	for (int i = 0; i < 100; i++)
		ui_session_refresh(&s);
	printf("# snapshot alone (adapter refill): %.2f ms\n", (now_ms() - t0) / 100);
	t0 = now_ms();
	for (int i = 0; i < 100; i++)
		view_render(&g, &s.st, &s.ctl);
	printf("# render alone (200x60): %.2f ms\n", (now_ms() - t0) / 100);
	p99 = measure(&s, &g, "step", n);
	measure(&s, &g, "stepi", n);
	measure(&s, &g, "next", n / 3);
	measure(&s, &g, "block-step", 20);
	measure(&s, &g, "to-barrier", 20);
	t0 = now_ms();
	cmd_run(&s, "reverse-step");
	printf("# reverse-step at step %llu: %.1f ms (replay from the start)\n",
	       (unsigned long long)s.st.steps, now_ms() - t0);
	{
		uint64_t from = s.st.steps;

		t0 = now_ms();
		cmd_run(&s, "continue");
		printf("# continue to the end: %llu steps in %.0f ms (%.1f M steps/s)\n",
		       (unsigned long long)(s.st.steps - from), now_ms() - t0,
		       (double)(s.st.steps - from) / ((now_ms() - t0) * 1e3));
	}
	{
		/* reverse-step at 1M steps inside the kernel: continue stopped by a
		 * poll (as Ctrl-C would) at 1M, one stepi, then reverse-step */
		char *text = util_read_file("tests/tui/cu/big.cu", NULL, NULL), *it;
		struct ui_backend *b2;
		struct ui_session s2;
		uint64_t at;

		/* 5000 iterations instead of 1000: the kernel runs past 1M steps */
		if (text && (it = strstr(text, "b, 1000)")))
			memcpy(it, "b, 5000)", 8);
		b2 = engine_backend_new("tests/tui/cu/big.cu", text, &fo, &mo, 1, pargv, &err);
		free(text);

		ui_session_init(&s2, b2);
		ui_session_refresh(&s2);
		engine_backend_set_poll(b2, stop_at_1m, NULL);
		cmd_run(&s2, "continue");
		cmd_run(&s2, "stepi");
		at = s2.st.steps;
		t0 = now_ms();
		cmd_run(&s2, "reverse-step");
		printf("# reverse-step at step %llu (in the kernel, 1024 threads): %.0f ms (replay)\n",
		       (unsigned long long)at, now_ms() - t0);
		ui_session_free(&s2);
		engine_backend_free(b2);
	}
	printf("%sok 1 - step+redraw p99 %.2f ms at 200x60, 1024-thread block (target < 10 ms)\n",
	       p99 < 10.0 ? "" : "not ", p99);
	printf("1..1\n");
	view_grid_free(&g);
	ui_session_free(&s);
	engine_backend_free(be);
	strbuf_release(&err);
	return p99 < 10.0 ? 0 : 1;
}
