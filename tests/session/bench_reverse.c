/*
 * bench_reverse.c - what one reverse step costs after a long run: a kernel
 * loop run for 1M and 10M machine steps by `continue` (stopped by the step
 * limit), then two `next`s of warp 0; timed: SESSION_BACK (undo the last
 * next) and SESSION_BACK_STEP (reverse-step), with checkpoints off (replay
 * from step 0: what reverse execution did before) and on (the default).
 *
 * Not built by `make check` (only unit_*.c are): build and run it with
 *   make build/tests/session/bench_reverse && build/tests/session/bench_reverse
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "front.h"
#include "machine.h"
#include "session.h"

static const char *const PROG =
	"__global__ void k(int *out, int n)\n"
	"{\n"
	"\tint acc = 0;\n"
	"\tfor (int i = 0; i < n; i++) {\n"
	"\t\tacc += i * (int)threadIdx.x;\n"
	"\t\tacc ^= i;\n"
	"\t}\n"
	"\tout[threadIdx.x] = acc;\n"
	"}\n"
	"int main(void)\n"
	"{\n"
	"\tint *d;\n"
	"\tcudaMalloc(&d, 256 * sizeof(int));\n"
	"\tk<<<2, 128>>>(d, 100000000);\n"
	"\tcudaDeviceSynchronize();\n"
	"\treturn 0;\n"
	"}\n";

static double now_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

static void run(const struct compilation *c, uint64_t n, int ckpts)
{
	struct machine_opts mo;
	struct session *s;
	struct session_stop st;
	struct session_focus f = { 0, 0, 0 };
	struct strbuf msg;
	FILE *null = fopen("/dev/null", "w");
	double t0, t_run, t_back, t_bstep;
	uint64_t at;

	machine_opts_init(&mo);
	mo.out = mo.err = null;
	s = session_new(c->mod, &c->sm, &mo, 1);
	if (!ckpts)
		session_set_checkpoints(s, 0, 0);
	session_start_main(s, 1, (char *[]){ "bench", NULL });
	strbuf_init(&msg);
	session_set_limit(s, n);
	t0 = now_ms();
	session_step(s, SESSION_CONTINUE, 1, NULL, &st, &msg);
	t_run = now_ms() - t0;
	session_set_limit(s, 0);
	session_step(s, SESSION_OVER, 1, &f, &st, &msg);
	session_step(s, SESSION_OVER, 1, &f, &st, &msg);
	at = session_steps(s);
	t0 = now_ms();
	session_step(s, SESSION_BACK, 1, &f, &st, &msg);
	t_back = now_ms() - t0;
	t0 = now_ms();
	session_step(s, SESSION_BACK_STEP, 1, &f, &st, &msg);
	t_bstep = now_ms() - t0;
	printf("%5.0fM steps, checkpoints %-3s (%2zu kept): run %7.1f ms; reverse (undo next) %7.1f ms; "
	       "reverse-step %7.1f ms (%s)\n", (double)at / 1e6, ckpts ? "on" : "off", session_checkpoints(s),
	       t_run, t_back, t_bstep, st.text);
	strbuf_release(&msg);
	session_free(s);
	fclose(null);
}

int main(void)
{
	struct compilation c;
	struct front_opts fo = { 0 };
	static const uint64_t sizes[] = { 1000000, 10000000 };

	compilation_init(&c);
	if (front_compile_string(&c, "bench.cu", PROG, &fo) < 0 || !c.mod) {
		printf("the benchmark program does not compile\n");
		return 1;
	}
	for (int i = 0; i < 2; i++) {
		run(&c, sizes[i], 0);
		run(&c, sizes[i], 1);
	}
	compilation_release(&c);
	return 0;
}
