/*
 * unit_compile.h - the engine unit tests' one program (tests/engine/unit_*.c):
 * compiled as p.cu, or its diagnostics printed and the failure counted.
 */
#ifndef WS_TESTS_UNIT_COMPILE_H
#define WS_TESTS_UNIT_COMPILE_H

#include <stdio.h>

#include "front.h"
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

#endif
