/*
 * unit_compile.h - the engine unit tests' one program (tests/engine/unit_*.c):
 * compiled as p.cu, or its diagnostics printed and the failure counted;
 * machines of it started on main() under a configuration (struct unit_cfg).
 */
#ifndef WS_TESTS_UNIT_COMPILE_H
#define WS_TESTS_UNIT_COMPILE_H

#include <stdio.h>
#include <string.h>

#include "front.h"
#include "ir.h"
#include "machine.h"
#include "tap.h"

/* compile src into comp (compilation_init'ed here): 0, else the
 * diagnostics are on stdout and the caller returns tap_end() */
static inline int unit_compile(struct compilation *comp, const char *src)
{
	compilation_init(comp);
	int r = front_compile_string(comp, "p.cu", src, NULL);
	ok(r == 0, "the program compiles");
	if (r)
		diag_render(&comp->diags, &comp->sm, stdout, 0);
	return r;
}

/* a configuration a test runs the program under */
struct unit_cfg {
	const char *name;
	enum simt_policy simt;
	enum sched_policy sched;
	uint64_t seed;
};

static inline void unit_no_op(void *ctx, const struct machine_event *e)
{
	(void)ctx;
	(void)e;
}

/* the options of a machine under configuration c, --fast or checked, its
 * output to out */
static inline void unit_opts(struct machine_opts *o, const struct unit_cfg *c, int fast, FILE *out)
{
	machine_opts_init(o);
	o->fast = fast;
	o->simt = c->simt;
	o->sched = c->sched;
	o->seed = c->seed;
	o->out = out;
	o->err = out;
}

/* a machine of comp's program started on main() (unit_opts); observe: the
 * event kinds a no-op observer listens to (EV_INSN keeps every instruction
 * in the general loop, off the fast path) */
static inline struct machine *unit_start(const struct compilation *comp, const struct unit_cfg *c, int fast,
					 unsigned observe, FILE *out)
{
	struct machine_opts o;
	unit_opts(&o, c, fast, out);
	struct machine *m = machine_new(comp->mod, &o);
	if (observe)
		machine_observe(m, observe, unit_no_op, NULL);
	char *argv[] = { "p", NULL };
	machine_start(m, 1, argv);
	return m;
}

/* src run to its end on a machine of options mo (their out and err set
 * here, to one temporary file), observe as unit_start's; done(m, ctx), if
 * given, reads what the test wants of the machine before it is freed.
 * Returns the output with its last newline dropped (one line, for the
 * test's name), NULL where the program did not compile; *steps: the
 * machine's steps. run_ir: compiled as `warpstep run` compiles it
 * (ir_optimize_run: inlining, unrolling...), else as a session does. */
static inline char *unit_run_ir_to_end(const char *src, int run_ir, struct machine_opts *mo, unsigned observe,
				       void (*done)(struct machine *, void *), void *ctx, uint64_t *steps)
{
	struct compilation c;
	*steps = 0;
	if (unit_compile(&c, src)) {
		compilation_release(&c);
		return NULL;
	}
	if (run_ir)
		ir_optimize_run(c.mod, &c.arena);
	FILE *o = tmpfile();
	mo->out = o;
	mo->err = o;
	struct machine *m = machine_new(c.mod, mo);
	if (observe)
		machine_observe(m, observe, unit_no_op, NULL);
	char *argv[] = { "p", NULL };
	machine_start(m, 1, argv);
	while (machine_run(m, 0) == MST_RUNNING)
		;
	*steps = machine_steps(m);
	if (done)
		done(m, ctx);
	machine_free(m);
	char *out = tap_slurp(o);
	fclose(o);
	size_t len = out ? strlen(out) : 0;
	if (len && out[len - 1] == '\n')
		out[len - 1] = 0;
	compilation_release(&c);
	return out;
}

/* unit_run_ir_to_end as a session compiles */
static inline char *unit_run_to_end(const char *src, struct machine_opts *mo, unsigned observe,
				    void (*done)(struct machine *, void *), void *ctx, uint64_t *steps)
{
	return unit_run_ir_to_end(src, 0, mo, observe, done, ctx, steps);
}

/* two machines run alike, m[0] with the fast path's shortcuts and m[1]
 * without: both freed with their output files */
static inline void unit_free_pair(struct machine *m[2], FILE *o[2])
{
	for (int k = 0; k < 2; k++) {
		machine_free(m[k]);
		fclose(o[k]);
	}
}

/* the same exit status and steps of such a pair (what names the run), then
 * both freed */
static inline void unit_same_end(struct machine *m[2], FILE *o[2], const char *what)
{
	ok(machine_exit_status(m[0]) == machine_exit_status(m[1]) && machine_steps(m[0]) == machine_steps(m[1]),
	   "%s: the same exit status (%d) and steps (%llu, %llu)", what, machine_exit_status(m[0]),
	   (unsigned long long)machine_steps(m[0]), (unsigned long long)machine_steps(m[1]));
	unit_free_pair(m, o);
}

#endif
