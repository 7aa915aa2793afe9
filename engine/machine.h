/*
 * machine.h - the emulated GPU and host: the engine's public API.
 *
 * This is the one header the CLI, the Lua binding and the interface use to
 * run programs. (The engine helper owns and extends it: stepping, state
 * queries, observers. The part below is fixed: the CLI is written to it.)
 *
 * Contract:
 * - machine_new takes a compiled module (which must outlive the machine)
 *   and options; it never fails for a valid module.
 * - machine_run_main runs host main() to completion with argv, running
 *   kernels on the emulated GPU, writing the program's stdout/stderr to the
 *   FILEs in opts (default stdout/stderr). It returns the program's exit
 *   status (main's return value, exit()'s argument, 134 after a host assert
 *   abort ...). Runtime findings are kept in the machine (machine_findings).
 * - Same module, arguments, options and seed: the same execution.
 */
#ifndef WS_MACHINE_H
#define WS_MACHINE_H

#include <stdio.h>
#include <stdint.h>
#include "ir.h"

enum simt_policy { SIMT_STACK, SIMT_ITS };
enum sched_policy { SCHED_RR, SCHED_RANDOM };

struct machine_opts {
	enum simt_policy simt;
	enum sched_policy sched;
	uint64_t seed;
	int fast;             /* checkers off */
	uint64_t max_steps;   /* 0: no limit */
	int num_sms;          /* 0: default (device profile) */
	int max_blocks_per_sm; /* 0: default */
	FILE *out, *err;      /* the program's stdout and stderr; NULL = stdout/stderr */
};

void machine_opts_init(struct machine_opts *o);

struct machine;
struct machine *machine_new(const struct ir_module *mod, const struct machine_opts *o);
void machine_free(struct machine *m);
int machine_run_main(struct machine *m, int argc, char **argv);

#endif
