/*
 * unit_units.c - the prelude's units a program cannot reach are not parsed
 * (engine/front/units.h), and that changes nothing a program can see.
 *
 * - The tables are made from this build's prebuilt prelude (token count
 *   and check), hold the units in token order, each within the prelude,
 *   and every unit and dependency index is in range: a header, parser or
 *   table change that leaves them stale or empty fails here.
 * - A plan for hello world steps over most units in each pass, never one
 *   that every program reaches, and keeps the units declaring each name the
 *   program uses; inline assembly and WS_NO_UNITS turn it off.
 * - Every program of tests/programs, tests/front/golden, tests/findings and
 *   examples, and the cases below that reach the prelude in roundabout
 *   ways, dump the same syntax tree, IR and diagnostics with units on and
 *   off (WS_NO_UNITS=1).
 */
#include "tap.h"
#include "front.h"
#include "pp.h"
#include "prelude.h"
#include "units.h"

#include <dirent.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* a TAP comment line */
static void note(const char *fmt, ...) WS_PRINTF(1, 2);
static void note(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	printf("# ");
	vprintf(fmt, ap);
	printf("\n");
	va_end(ap);
}

static uint32_t fnv(const char *s)
{
	uint32_t h = 2166136261u;
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	return h;
}

static void check_tables(void)
{
	const struct pu_tables *t = units_prebuilt();
	const struct pb_prelude *pb = pp_prebuilt();
	ok(t != NULL, "the units tables were made (no warning from units-gen)");
	ok(pb != NULL, "the prebuilt prelude is there");
	if (!t || !pb)
		return;
	ok(t->ntok == pb->ntok, "made for this prelude's %u tokens (tables: %u)", pb->ntok, t->ntok);
	ok(t->check == units_prelude_check(pb), "made from this build's prelude tables");
	ok(t->nunits > 1000, "more than 1000 units may be left out (%u)", t->nunits);
	int order = 1, deps = 1, nbase = 0;
	for (uint32_t i = 0; i < t->nunits; i++) {
		const struct pu_unit *u = &t->units[i];
		if (u->start >= u->end || u->end > t->ntok || (i && u->start < t->units[i - 1].end))
			order = 0;
		for (uint32_t k = 0; k < u->ndeps; k++)
			if (t->deps[u->deps + k] >= t->nunits || t->deps[u->deps + k] == i)
				deps = 0;
		nbase += t->base[i] != 0;
	}
	ok(order, "units in token order, each within the prelude, none overlapping");
	ok(deps, "every dependency is another unit of the tables");
	ok(nbase < (int)t->nunits / 4, "fewer than a quarter are reached by every program (%d)", nbase);
	int names = 1, named = 0;
	uint8_t *has = calloc(t->nunits + 1, 1);
	for (uint32_t i = 0; i < t->names_cap; i++) {
		const struct pu_name *n = &t->names[i];
		if (!n->str)
			continue;
		if (n->hash != fnv(t->pool + n->str) || !n->nunits)
			names = 0;
		for (uint32_t k = 0; k < n->nunits; k++) {
			uint32_t u = t->name_units[n->units + k];
			if (u >= t->nunits)
				names = 0;
			else
				has[u] = 1;
		}
	}
	for (uint32_t i = 0; i < t->nunits; i++)
		named += has[i];
	free(has);
	ok(names, "the name table: hashes and unit lists valid");
	ok(named == (int)t->nunits, "every unit declares a name (%d of %u)", named, t->nunits);
	/* the collapsed list's copy (stoks): the prelude's records, each unit
	 * stepped over after its first token, with their origins */
	int scopy = t->stoks != NULL, sorg = 1, sat = 1;
	uint32_t k = 0, o = 0, so = 0;
	for (uint32_t i = 0, u = 0; scopy && i < pb->ntok; k++) {
		if (k >= t->nstok || memcmp(&t->stoks[k], &pb->toks[i], sizeof(pb->toks[i])) != 0) {
			scopy = 0;
			break;
		}
		if (pb->toks[i].flags & PB_ORIGIN)
			sorg &= memcmp(&t->sorigins[so++], &pb->origins[o++], sizeof(pb->origins[0])) == 0;
		if (u < t->nunits && t->units[u].start == i) {
			sat &= t->stub_at[u] == k;
			o = t->units[u].origin0 + t->units[u].norig;
			i = t->units[u++].end;
		} else {
			i++;
		}
	}
	ok(scopy && k == t->nstok, "the stub list's records are the prelude's (%u of %u)", k, t->nstok);
	ok(sorg && sat, "and so are their origins, and each unit's stub is where it is listed");
}

/* the name table's entry for name (the units declaring it), or NULL */
static const struct pu_name *name_entry(const struct pu_tables *t, const char *name)
{
	uint32_t h = fnv(name);
	for (uint32_t i = h & (t->names_cap - 1);; i = (i + 1) & (t->names_cap - 1)) {
		const struct pu_name *n = &t->names[i];
		if (!n->str)
			return NULL;
		if (n->hash == h && !strcmp(t->pool + n->str, name))
			return n;
	}
}

struct plan {
	struct arena a;
	struct srcmgr sm;
	struct diaglist dl;
	struct pp_shared *sh;
	const struct pu_tables *tab; /* the prelude's units are stubs */
	uint8_t *kept;               /* the plan, NULL: none (every unit made) */
	struct token *toks;          /* the pass's list */
};

/* the host pass's plan for src, as front.c makes it (not expanded) */
static void plan_host(struct plan *p, const char *src, const char *const *defines)
{
	memset(p, 0, sizeof(*p));
	arena_init(&p->a);
	srcmgr_init(&p->sm);
	diaglist_init(&p->dl);
	uint32_t id = srcmgr_add(&p->sm, "t.cu", xstrdup(src), strlen(src), 0);
	struct pp_opts o = { 0 };
	o.implicit_include = "cuda_runtime.h";
	o.shared = p->sh = pp_shared_new();
	o.defines = defines;
	o.units = units_prebuilt();
	p->toks = pp_run(&p->a, &p->sm, &p->dl, id, &o);
	p->tab = pp_prelude_units(p->sh);
	if (p->tab) {
		p->kept = calloc(p->tab->nunits, 1);
		if (!units_plan(p->tab, pp_prelude_user(p->sh), p->kept)) {
			free(p->kept);
			p->kept = NULL;
		}
	}
}

static void plan_release(struct plan *p)
{
	free(p->kept);
	pp_shared_free(p->sh);
	arena_release(&p->a);
	srcmgr_release(&p->sm);
	diaglist_release(&p->dl);
}

static const char hello[] = "#include <cstdio>\n"
			    "__global__ void k(float *x) { x[threadIdx.x] = sinf(x[0]) + make_float4(1, 2, 3, 4).w; }\n"
			    "int main() { float *d; cudaMalloc(&d, 64); k<<<1, 4>>>(d); cudaDeviceSynchronize(); "
			    "printf(\"ok\\n\"); return 0; }\n";

/* the tokens from t up to end, and how many of them are stubs */
static uint32_t list_tokens(const struct token *t, const struct token *end, int *stubs)
{
	uint32_t n = 0;
	*stubs = 0;
	for (; t && t != end; t = t->next) {
		n++;
		*stubs += t->unit_stub;
	}
	return n;
}

/* every field a later stage reads, of two tokens */
static int same_token(const struct token *x, const struct token *y)
{
	return x->kind == y->kind && x->len == y->len && !strcmp(x->text, y->text) &&
	       !memcmp(&x->span, &y->span, sizeof(x->span)) && !memcmp(&x->origin, &y->origin, sizeof(x->origin)) &&
	       x->at_bol == y->at_bol && x->has_space == y->has_space && x->from_builtin == y->from_builtin &&
	       x->numty == y->numty && (x->kind != TK_IDENT || x->hash == y->hash) &&
	       ((x->kind != TK_NUM && x->kind != TK_CHAR) || (x->ival == y->ival && !memcmp(&x->fval, &y->fval, 8))) &&
	       ((x->kind != TK_STR && x->kind != TK_HEADER) ||
		(x->strlen == y->strlen && (!x->strlen || !memcmp(x->str, y->str, x->strlen))));
}

/* the host pass's prelude with stubs, expanded by keep (NULL: all), against
 * the same prelude made whole: the same tokens in the same order */
static void check_expand(const char *src, int all)
{
	const struct pu_tables *t = units_prebuilt();
	struct plan p, q;
	plan_host(&p, src, NULL);
	memset(&q, 0, sizeof(q));
	arena_init(&q.a);
	srcmgr_init(&q.sm);
	diaglist_init(&q.dl);
	uint32_t id = srcmgr_add(&q.sm, "t.cu", xstrdup(src), strlen(src), 0);
	struct pp_opts o = { 0 };
	o.implicit_include = "cuda_runtime.h";
	o.shared = q.sh = pp_shared_new();
	struct token *whole = pp_run(&q.a, &q.sm, &q.dl, id, &o);
	uint32_t ntok = pp_prelude_ntok(p.sh);
	int stubs;
	uint32_t n = list_tokens(p.toks, pp_prelude_user(p.sh), &stubs);
	uint32_t want = ntok;
	for (uint32_t u = 0; u < t->nunits; u++)
		want -= t->units[u].end - t->units[u].start - 1;
	ok(n == want && stubs == (int)t->nunits, "made with stubs: %u tokens (%u), %d stubs (%u)", n, want, stubs,
	   t->nunits);
	pp_prelude_expand(p.sh, all ? NULL : p.kept);
	n = list_tokens(p.toks, pp_prelude_user(p.sh), &stubs);
	want = ntok;
	int want_stubs = 0;
	for (uint32_t u = 0; u < t->nunits; u++)
		if (!all && !p.kept[u]) {
			want -= t->units[u].end - t->units[u].start - 1;
			want_stubs++;
		}
	ok(n == want && stubs == want_stubs, "expanded (%s): %u tokens (%u), %d stubs (%d)", all ? "all" : "the plan", n,
	   want, stubs, want_stubs);
	/* the expanded tokens are the whole prelude's, stubs standing for their units */
	const struct token *x = p.toks, *y = whole;
	int same = 1;
	uint32_t at = 0;
	for (uint32_t u = 0; x && y && at < ntok && same;) {
		while (u < t->nunits && t->units[u].start < at)
			u++;
		same = same_token(x, y);
		if (x->unit_stub && u < t->nunits && t->units[u].start == at) {
			for (uint32_t k = t->units[u].start; k < t->units[u].end && y; k++)
				y = y->next;
			at = t->units[u].end;
		} else {
			y = y->next;
			at++;
		}
		x = x->next;
	}
	ok(same && at == ntok && x == pp_prelude_user(p.sh), "each token as the whole prelude has it (%u of %u)", at,
	   ntok);
	plan_release(&p);
	pp_shared_free(q.sh);
	arena_release(&q.a);
	srcmgr_release(&q.sm);
	diaglist_release(&q.dl);
}

static void check_plans(void)
{
	const struct pu_tables *t = units_prebuilt();
	if (!t)
		return;
	struct plan p;
	plan_host(&p, hello, NULL);
	ok(p.tab == t && p.kept != NULL, "hello world: the host pass's units are stubs, and it has a plan");
	if (p.kept) {
		uint32_t nk = 0;
		for (uint32_t u = 0; u < t->nunits; u++)
			nk += p.kept[u];
		ok(t->nunits - nk > t->nunits * 3 / 4, "it leaves %u of %u units out", t->nunits - nk, t->nunits);
		int base_kept = 1, named_kept = 1;
		for (uint32_t u = 0; u < t->nunits; u++)
			if (t->base[u] && !p.kept[u])
				base_kept = 0;
		static const char *const used[] = { "sinf", "make_float4", "cudaMalloc", "printf", "cudaDeviceSynchronize",
						    "uint3", "float4" };
		for (size_t i = 0; i < sizeof(used) / sizeof(used[0]); i++) {
			const struct pu_name *n = name_entry(t, used[i]);
			if (!n) {
				named_kept = 0;
				note("no unit declares %s", used[i]);
				continue;
			}
			for (uint32_t k = 0; k < n->nunits; k++)
				if (!p.kept[t->name_units[n->units + k]]) {
					named_kept = 0;
					note("a unit declaring %s is left out", used[i]);
				}
		}
		ok(base_kept, "every unit all programs reach is kept");
		ok(named_kept, "every unit declaring a name the program uses is kept");
	}
	plan_release(&p);

	plan_host(&p, "__global__ void k(int *x) { int v; asm(\"mov.u32 %0, %%laneid;\" : \"=r\"(v)); x[0] = v; }\n"
		      "int main() { return 0; }\n", NULL);
	ok(p.tab && !p.kept, "inline assembly: no plan (every unit made)");
	plan_release(&p);

	setenv("WS_NO_UNITS", "1", 1);
	plan_host(&p, hello, NULL);
	ok(p.tab && !p.kept, "WS_NO_UNITS=1: no plan");
	plan_release(&p);
	/* "0" is off, as for every WS_NO_* switch (util_env_on) */
	setenv("WS_NO_UNITS", "0", 1);
	plan_host(&p, hello, NULL);
	ok(p.tab && p.kept, "WS_NO_UNITS=0: the plan is made");
	plan_release(&p);
	unsetenv("WS_NO_UNITS");

	static const char *const defs[] = { "FOO=1", NULL };
	plan_host(&p, hello, defs);
	ok(!p.tab && !p.kept, "-D: the prelude is preprocessed, no stubs");
	plan_release(&p);

	check_expand(hello, 0);
	check_expand(hello, 1);
}

/* the three dumps of path, with units on or off, into one buffer */
static void dumps(const char *path, int off, struct strbuf *out)
{
	if (off)
		setenv("WS_NO_UNITS", "1", 1);
	else
		unsetenv("WS_NO_UNITS");
	static const enum front_stage st[] = { STAGE_AST, STAGE_IR, STAGE_DIAGS };
	for (size_t i = 0; i < sizeof(st) / sizeof(st[0]); i++) {
		struct strbuf sb;
		strbuf_init(&sb);
		int rc = front_dump(path, st[i], NULL, &sb);
		strbuf_addf(out, "== stage %d rc %d\n", (int)st[i], rc);
		strbuf_add(out, sb.buf, sb.len);
		strbuf_release(&sb);
	}
	unsetenv("WS_NO_UNITS");
}

static int same_dumps(const char *path)
{
	struct strbuf a, b;
	strbuf_init(&a);
	strbuf_init(&b);
	dumps(path, 0, &a);
	dumps(path, 1, &b);
	int same = a.len == b.len && !memcmp(a.buf, b.buf, a.len);
	if (!same) {
		size_t i = 0;
		while (i < a.len && i < b.len && a.buf[i] == b.buf[i])
			i++;
		size_t from = i > 200 ? i - 200 : 0;
		note("%s differs at byte %zu; units on: %.*s", path, i, (int)(a.len - from < 400 ? a.len - from : 400),
			  a.buf + from);
		note("units off: %.*s", (int)(b.len - from < 400 ? b.len - from : 400), b.buf + from);
	}
	strbuf_release(&a);
	strbuf_release(&b);
	return same;
}

static int cmp_str(const void *x, const void *y)
{
	return strcmp(*(char *const *)x, *(char *const *)y);
}

/* the .cu files under dir, its subfolders too, into names */
static void find_cu(const char *dir, void *vnames)
{
	VEC(char *) *names = vnames;
	DIR *d = opendir(dir);
	if (!d)
		return;
	struct dirent *e;
	while ((e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue;
		struct strbuf p;
		strbuf_init(&p);
		strbuf_addf(&p, "%s/%s", dir, e->d_name);
		struct stat st;
		size_t l = strlen(e->d_name);
		if (stat(strbuf_cstr(&p), &st) == 0 && S_ISDIR(st.st_mode)) {
			find_cu(strbuf_cstr(&p), names);
			strbuf_release(&p);
		} else if (l > 3 && !strcmp(e->d_name + l - 3, ".cu")) {
			vec_push(names, strbuf_detach(&p));
		} else {
			strbuf_release(&p);
		}
	}
	closedir(d);
}

/* every .cu under dir: how many dump alike (*n: how many there are) */
static int same_dir(const char *dir, int *n)
{
	VEC(char *) names = { 0 };
	find_cu(dir, &names);
	qsort(names.v, names.len, sizeof(char *), cmp_str);
	int good = 0;
	for (size_t i = 0; i < names.len; i++) {
		good += same_dumps(names.v[i]);
		free(names.v[i]);
	}
	*n = (int)names.len;
	vec_free(&names);
	return good;
}

/* programs that reach the prelude by other ways than naming it */
static const char *const cases[] = {
	/* threadIdx's type, named by no token of the program */
	"__global__ void k(int *x) { x[threadIdx.x + blockIdx.x * blockDim.x] = gridDim.x; }\n"
	"int main() { int *d; cudaMalloc(&d, 64); k<<<1, 4>>>(d); return 0; }\n",
	/* an entity reached through another's type: auto, a member */
	"__global__ void k(float *x) { auto v = make_float2(1.0f, 2.0f); x[0] = v.y; }\n"
	"int main() { return 0; }\n",
	/* the program redeclares a header function, and declares one of the same name as a header's */
	"#include <cmath>\nfloat sinf(float);\nstatic int lerp3(int a) { return a; }\n"
	"int main() { return (int)sinf(0.0f) + lerp3(0); }\n",
	/* a name the headers declare, declared again as something else: the diagnostic stays */
	"struct dim3 { int q; };\nint main() { dim3 d; d.q = 1; return d.q - 1; }\n",
	"int cudaMalloc;\nint main() { return cudaMalloc; }\n",
	/* a header macro that expands to header names */
	"#include <cassert>\n#include <cstdio>\nint main() { assert(1 == 1); fprintf(stderr, \"x\\n\"); return 0; }\n",
	/* overloads and templates of the headers */
	"__global__ void k(unsigned long long *a, float *f, double *d) { atomicAdd(a, 1ull); atomicAdd(f, 1.0f);"
	" atomicAdd(d, 1.0); f[1] = min(f[0], 2.0f); a[1] = max(a[0], 3ull); }\n"
	"int main() { float *f; cudaMalloc((void **)&f, 8); cudaMalloc(&f, 8); return 0; }\n",
	/* errors in the program near header names */
	"int main() { cudaMallc(0, 0); return undeclared_thing + sinff(1); }\n",
	"__global__ void k() { __shfl_down_sync(0xffffffff, 1); }\nint main() { return 0; }\n",
	/* a lambda and a range for (the parser's counters) */
	"#include <cstdio>\nint main() { int a[3] = {1, 2, 3}; int s = 0; for (int v : a) s += v;"
	" auto f = [&](int x) { return x + s; }; printf(\"%d\\n\", f(1)); return 0; }\n",
	/* cooperative groups and the warp functions */
	"#include <cooperative_groups.h>\nnamespace cg = cooperative_groups;\n"
	"__global__ void k(int *x) { cg::thread_block b = cg::this_thread_block(); b.sync();"
	" x[0] = __ballot_sync(0xffffffffu, threadIdx.x & 1) + __popc(x[1]); }\nint main() { return 0; }\n",
};

int main(void)
{
	tap_start();
	check_tables();
	check_plans();
	int n, good;
	static const char *const dirs[] = { "tests/programs", "tests/front/golden", "tests/findings", "examples" };
	for (size_t i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++) {
		good = same_dir(dirs[i], &n);
		ok(n > 0 && good == n, "%s: %d of %d programs dump alike with units on and off", dirs[i], good, n);
	}
	char path[] = "/tmp/ws-units-XXXXXX";
	int fd = mkstemp(path);
	ok(fd >= 0, "a temporary file");
	if (fd >= 0) {
		close(fd);
		for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
			char cu[64];
			snprintf(cu, sizeof(cu), "%s.cu", path);
			FILE *f = fopen(cu, "w");
			if (!f)
				continue;
			fputs(cases[i], f);
			fclose(f);
			ok(same_dumps(cu), "case %zu dumps alike with units on and off", i + 1);
			remove(cu);
		}
		remove(path);
	}
	return tap_end();
}
