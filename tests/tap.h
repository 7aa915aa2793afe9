/*
 * tap.h - TAP 13 for the C unit tests (tests/<area>/unit_*.c), the C twin of
 * tests/tap.sh. Include it once, in the test's only translation unit (the
 * Makefile passes -Itests):
 *
 *	tap_start();            prints "TAP version 13"
 *	ok(cond, fmt, ...);     one test, described printf-style; returns cond
 *	return tap_end();       prints the plan; 0 when every test passed, else 1
 *
 * tap_ntest and tap_nfail count the tests run and failed so far. Output is
 * flushed after every test, so that a crash shows which test was running.
 */
#ifndef WS_TESTS_TAP_H
#define WS_TESTS_TAP_H

#include <stdarg.h>
#include <stdio.h>

#include "util.h"

static int tap_ntest, tap_nfail;

static inline void tap_start(void)
{
	printf("TAP version 13\n");
}

static inline int ok(int cond, const char *fmt, ...) WS_PRINTF(2, 3);
static inline int ok(int cond, const char *fmt, ...)
{
	va_list ap;

	printf("%sok %d - ", cond ? "" : "not ", ++tap_ntest);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	fflush(stdout);
	if (!cond)
		tap_nfail++;
	return cond;
}

static inline int tap_end(void)
{
	printf("1..%d\n", tap_ntest);
	return tap_nfail != 0;
}

/* The whole text written so far to f (a tmpfile() the machine under test
 * printed to), from its start; malloc'd, NUL-terminated. */
static inline char *tap_slurp(FILE *f)
{
	long n;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	size_t len = n > 0 ? (size_t)n : 0;
	char *b = xmalloc(len + 1);
	size_t got = fread(b, 1, len, f);
	b[got] = 0;
	return b;
}

#endif
