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
#include "tap.h"

int main(void)
{
	struct compilation c;
	struct machine_opts o;
	size_t len = 1;

	tap_start();
	ok(builtin_header("no/such/header.h", &len) == NULL, "builtin_header: unknown name is NULL");
	compilation_init(&c);
	ok(c.diags.v.len == 0 && c.diags.nerrors == 0, "compilation_init: no diagnostics");
	compilation_release(&c);
	ok(1, "compilation_release after init");
	memset(&o, 0xff, sizeof(o));
	machine_opts_init(&o);
	ok(o.simt == SIMT_STACK && o.sched == SCHED_RR && !o.fast,
	   "machine_opts_init: stack, rr, checkers on");
	return tap_end();
}
