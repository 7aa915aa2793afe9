/*
 * run_cu.c - test driver: compile a .cu file with the front end and run it
 * on the machine, like `warpstep run`. Usage:
 *   run_cu [--simt stack|its] [--sched rr|random:SEED] [--fast] PROG.cu [ARGS]
 * Exit status: the program's; findings go to stderr after the run.
 */
#include "front.h"
#include "machine.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
	struct machine_opts o;
	machine_opts_init(&o);
	int i = 1, quiet = 0;
	for (; i < argc && argv[i][0] == '-' && argv[i][1] == '-'; i++) {
		if (!strcmp(argv[i], "--simt") && i + 1 < argc)
			o.simt = !strcmp(argv[++i], "stack") ? SIMT_STACK : SIMT_ITS;
		else if (!strcmp(argv[i], "--sched") && i + 1 < argc) {
			const char *s = argv[++i];
			if (!strncmp(s, "random", 6)) {
				o.sched = SCHED_RANDOM;
				o.seed = s[6] == ':' ? strtoull(s + 7, NULL, 0) : 1;
			}
		} else if (!strcmp(argv[i], "--fast"))
			o.fast = 1;
		else if (!strcmp(argv[i], "--quiet"))
			quiet = 1;
		else if (!strcmp(argv[i], "--max-steps") && i + 1 < argc)
			o.max_steps = strtoull(argv[++i], NULL, 0);
	}
	if (i >= argc) {
		fprintf(stderr, "usage: run_cu [options] PROG.cu [ARGS]\n");
		return 2;
	}
	struct compilation c;
	compilation_init(&c);
	if (front_compile_file(&c, argv[i], NULL) != 0) {
		diag_render(&c.diags, &c.sm, stderr, 0);
		compilation_release(&c);
		return 1;
	}
	struct machine *m = machine_new(c.mod, &o);
	int st = machine_run_main(m, argc - i, argv + i);
	fflush(stdout);
	if (!quiet)
		machine_findings_render(m, stderr, 0);
	if (getenv("RUN_CU_STEPS"))
		fprintf(stderr, "steps %llu\n", (unsigned long long)machine_steps(m));
	machine_free(m);
	compilation_release(&c);
	return st;
}
