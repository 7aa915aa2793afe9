/*
 * unit_clone.c - machine_clone (machine.h) is exact: for every program of
 * tests/programs/MANIFEST (those without arguments or input, under a step
 * limit), a copy taken at a quarter, half and three quarters of the run
 * (and on a kernel's first instruction) finishes exactly as the original
 * does from there: the same steps, exit status, findings and output bytes.
 * The original keeps running unaffected after the copy is freed.
 *
 * Run from the repository root (tests/unit.t does).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "front.h"
#include "machine.h"
#include "tap.h"

#define MAX_STEPS 3000000ull

static void diag(const char *fmt, ...) WS_PRINTF(1, 2);
static void diag(const char *fmt, ...)
{
	va_list ap;

	printf("# ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
}

struct result {
	uint64_t steps;
	int status;
	size_t nfind;
	char kinds[512];
	char *out;
	size_t outlen;
};

static void finish(struct machine *m, FILE *f, long from, struct result *r)
{
	long end;

	machine_run(m, 0);
	fflush(f);
	r->steps = machine_steps(m);
	r->status = machine_exit_status(m);
	r->nfind = machine_nfindings(m);
	r->kinds[0] = 0;
	for (size_t i = 0; i < r->nfind; i++) {
		const struct machine_finding *fd = machine_finding_get(m, i);
		size_t n = strlen(r->kinds);

		snprintf(r->kinds + n, sizeof(r->kinds) - n, "%s:%u:%llu ", fd->kind, fd->span.line,
			 (unsigned long long)fd->count);
	}
	end = ftell(f);
	r->outlen = (size_t)(end - from);
	r->out = xcalloc(r->outlen + 1, 1);
	fseek(f, from, SEEK_SET);
	if (fread(r->out, 1, r->outlen, f) != r->outlen)
		r->outlen = 0;
	fseek(f, 0, SEEK_END);
}

static int same(const struct result *a, const struct result *b)
{
	return a->steps == b->steps && a->status == b->status && a->nfind == b->nfind &&
	       !strcmp(a->kinds, b->kinds) && a->outlen == b->outlen && !memcmp(a->out, b->out, a->outlen);
}

/* Run name to its end (total steps), or 0 when it cannot run here. */
static uint64_t total_steps(const struct compilation *c, FILE *f)
{
	struct machine_opts mo;
	struct machine *m;
	uint64_t n;

	machine_opts_init(&mo);
	mo.out = mo.err = f;
	m = machine_new(c->mod, &mo);
	if (machine_start(m, 1, (char *[]){ "prog", NULL }) < 0) {
		machine_free(m);
		return 0;
	}
	machine_run(m, MAX_STEPS);
	n = machine_get_status(m) == MST_FINISHED ? machine_steps(m) : 0;
	machine_free(m);
	return n;
}

/* Copy at step `at` and compare both ends. -1: no copy could be made. */
static int check_at(const struct compilation *c, FILE *f, uint64_t at, int to_kernel, uint64_t *where)
{
	struct machine_opts mo;
	struct machine *m, *k;
	struct result a, b;
	long from;
	int r;

	machine_opts_init(&mo);
	mo.out = mo.err = f;
	m = machine_new(c->mod, &mo);
	machine_start(m, 1, (char *[]){ "prog", NULL });
	while (machine_steps(m) < at && machine_get_status(m) != MST_FINISHED) {
		machine_step(m);
		if (to_kernel && machine_kernel(m, &(struct machine_kernel_info){ 0 }) == 0)
			break;
	}
	*where = machine_steps(m);
	if (!(k = machine_clone(m))) {
		machine_free(m);
		return -1;
	}
	fflush(f);
	from = ftell(f);
	finish(m, f, from, &a);
	from = ftell(f);
	finish(k, f, from, &b);
	r = same(&a, &b);
	if (!r)
		diag("original: %llu steps, status %d, %zu findings (%s), %zu bytes; copy: %llu steps, "
		     "status %d, %zu findings (%s), %zu bytes",
		     (unsigned long long)a.steps, a.status, a.nfind, a.kinds, a.outlen,
		     (unsigned long long)b.steps, b.status, b.nfind, b.kinds, b.outlen);
	free(a.out);
	free(b.out);
	machine_free(k);
	machine_free(m);
	return r;
}

/* The copy of a copy, while the first copy runs on: independent. */
static void test_independent(const struct compilation *c, FILE *f)
{
	struct machine_opts mo;
	struct machine *m, *k, *k2;
	uint64_t half;

	machine_opts_init(&mo);
	mo.out = mo.err = f;
	m = machine_new(c->mod, &mo);
	machine_start(m, 1, (char *[]){ "prog", NULL });
	machine_run(m, 0);
	half = machine_steps(m) / 2;
	machine_free(m);
	m = machine_new(c->mod, &mo);
	machine_start(m, 1, (char *[]){ "prog", NULL });
	machine_run(m, half);
	k = machine_clone(m);
	machine_free(m);   /* the copy owns everything it uses */
	machine_run(k, half / 2);
	k2 = machine_clone(k);
	machine_run(k, 0);
	machine_run(k2, 0);
	ok(k && k2 && machine_steps(k) == machine_steps(k2) && machine_steps(k) >= 2 * half &&
	   machine_nfindings(k) == machine_nfindings(k2),
	   "a copy outlives its original, and a copy of it runs to the same end");
	machine_free(k);
	machine_free(k2);
}

int main(void)
{
	FILE *man = fopen("tests/programs/MANIFEST", "r"), *f = tmpfile();
	char line[2048];
	int nprog = 0, nbad = 0, nskip = 0;

	tap_start();
	if (!man || !f) {
		ok(0, "tests/programs/MANIFEST opens (run from the repository root)");
		return tap_end();
	}
	while (fgets(line, sizeof(line), man)) {
		char path[2200], extra[2200], *colon = strchr(line, ':');
		struct compilation c;
		struct front_opts fo = { 0 };
		FILE *probe;
		uint64_t total, where;

		if (line[0] == '#' || !colon)
			continue;
		*colon = 0;
		snprintf(path, sizeof(path), "tests/programs/%s.cu", line);
		snprintf(extra, sizeof(extra), "tests/programs/%s.args", line);
		if ((probe = fopen(extra, "r"))) {
			fclose(probe);
			continue;
		}
		snprintf(extra, sizeof(extra), "tests/programs/%s.stdin", line);
		if ((probe = fopen(extra, "r"))) {
			fclose(probe);
			continue;
		}
		compilation_init(&c);
		if (front_compile_file(&c, path, &fo) < 0 || !c.mod ||
		    !(total = total_steps(&c, f))) {
			compilation_release(&c);
			continue;
		}
		nprog++;
		for (int q = 0; q < 4; q++) {
			int r = check_at(&c, f, q < 3 ? total * (uint64_t)(q + 1) / 4 : 1, q == 3, &where);

			if (r < 0)
				nskip++;
			else if (!r) {
				nbad++;
				diag("%s: the copy at step %llu of %llu differs", line, (unsigned long long)where,
				     (unsigned long long)total);
			}
		}
		if (nprog == 1)
			test_independent(&c, f);
		compilation_release(&c);
	}
	fclose(man);
	fclose(f);
	ok(nprog >= 50, "%d programs of the manifest run here", nprog);
	ok(nbad == 0, "every copy finishes as its original (%d programs x 4 points, %d differ, "
	   "%d points after the program used files: no copy)", nprog, nbad, nskip);
	return tap_end();
}
