/*
 * unit_compile.h - the engine unit tests' one program (tests/engine/unit_*.c):
 * compiled as p.cu, or its diagnostics printed and the failure counted;
 * machines of it started on main() under a configuration (struct unit_cfg).
 */
#ifndef WS_TESTS_UNIT_COMPILE_H
#define WS_TESTS_UNIT_COMPILE_H

#include <stdio.h>

#include "front.h"
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

#endif
