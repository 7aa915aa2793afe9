/*
 * stub_machine.c - TEMPORARY stand-in for the engine (engine/machine.c).
 *
 * The Makefile links this into libwarpstep.a only while engine/machine.c
 * does not exist. machine_run_main says "(stub)" on the program's stderr and
 * returns 0.
 */
#include <stdlib.h>
#include "machine.h"
#include "util.h"

struct machine {
	struct machine_opts o;
};

void machine_opts_init(struct machine_opts *o)
{
	o->simt = SIMT_STACK;
	o->sched = SCHED_RR;
	o->seed = 0;
	o->fast = 0;
	o->max_steps = 0;
	o->num_sms = 0;
	o->max_blocks_per_sm = 0;
	o->out = NULL;
	o->err = NULL;
}

struct machine *machine_new(const struct ir_module *mod, const struct machine_opts *o)
{
	struct machine *m = xcalloc(1, sizeof(*m));
	m->o = *o;
	return m;
}

void machine_free(struct machine *m)
{
	free(m);
}

int machine_run_main(struct machine *m, int argc, char **argv)
{
	fprintf(m->o.err ? m->o.err : stderr, "warpstep: engine not built (stub)\n");
	return 0;
}
