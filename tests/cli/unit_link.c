/*
 * unit_link.c - the library the CLI links against holds together: every
 * entry point the CLI calls links, and the trivial calls behave.
 * (Also the smoke test that tests/unit.t and the Makefile's unit-test rule
 * work.)
 */
#include <stdio.h>
#include <string.h>

#include "builtin.h"
#include "front.h"
#include "machine.h"

static int ntests;

static void ok(int cond, const char *desc)
{
	printf("%sok %d - %s\n", cond ? "" : "not ", ++ntests, desc);
}

int main(void)
{
	struct compilation c;
	struct machine_opts o;
	size_t len = 1;

	printf("TAP version 13\n");
	ok(builtin_header("no/such/header.h", &len) == NULL, "builtin_header: unknown name is NULL");
	compilation_init(&c);
	ok(c.diags.v.len == 0 && c.diags.nerrors == 0, "compilation_init: no diagnostics");
	compilation_release(&c);
	ok(1, "compilation_release after init");
	memset(&o, 0xff, sizeof(o));
	machine_opts_init(&o);
	ok(o.simt == SIMT_STACK && o.sched == SCHED_RR && !o.fast,
	   "machine_opts_init: stack, rr, checkers on");
	printf("1..%d\n", ntests);
	return 0;
}
