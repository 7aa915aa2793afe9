/*
 * checkers.c - the table of checkers (checkers.def) and which of them
 * the options select.
 */
#include "check.h"

#include <string.h>

#define CHECKER(v) extern const struct checker v;
#include "checkers.def"
#undef CHECKER

static const struct checker *const table[] = {
#define CHECKER(v) &v,
#include "checkers.def"
#undef CHECKER
};

const struct checker *const *check_table(size_t *n)
{
	*n = WS_ARRAY_LEN(table);
	return table;
}

int check_selected(const struct checker *c, int fast, const char *only)
{
	if (fast && !c->always)
		return 0;
	if (!only)
		return 1;
	size_t len = strlen(c->name);
	for (const char *p = only; *p;) {
		const char *e = strchr(p, ',');
		size_t n = e ? (size_t)(e - p) : strlen(p);
		if (n == len && !strncmp(p, c->name, n))
			return 1;
		p += n + (e != NULL);
	}
	return 0;
}
