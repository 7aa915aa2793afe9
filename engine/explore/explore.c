/*
 * explore.c - systematic exploration and random litmus runs (machine.h).
 *
 * An execution is the sequence of choices the model asks for (memmodel.c:
 * the next warp at a memory event, which write a load reads, where a store
 * enters coherence order, deferring a load). Exploration is a depth-first
 * search over those sequences, stateless: each execution runs the program
 * from the start, replaying a prefix and taking option 0 after it, then the
 * last choice with options left is advanced. Reductions:
 * - warps are interleaved only at memory events (global or shared accesses,
 *   atomics, fences, barriers, built-in calls); other instructions commute
 *   and run as soon as they can;
 * - state deduplication: at each scheduling choice, the hash of the state
 *   (memory model, each warp's history of values, shared memory, device
 *   output) is kept; reaching a known state ends the execution (its
 *   continuations were explored when it was first seen).
 * Executions are grouped by outcome: the program's stdout and exit status.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "simt.h"
#include "axioms.h"
#include "util.h"

struct ex_pt {
	int n, k;
	uint64_t h;                  /* the state's hash at this choice */
	double below;                /* executions of the full tree below it so far */
};

struct ex {
	VEC(struct ex_pt) path;
	size_t prefix, at;
	struct machine *m;
	uint64_t *set;               /* open-addressing hash set of states */
	double *setval;              /* per state: executions of the full tree below it (-1: open) */
	size_t setcap, setlen;
	double cut;                  /* the run was cut at a state standing for this many executions */
	int nodedup;                 /* both ways: every execution to its end */
	uint64_t *keys;              /* both ways: hashes of the executions reached (ax_key) */
	size_t keycap, keylen;
	struct ax_exec *skel;        /* both ways: the first execution's events */
	int skel_bad;                /* an execution had other events (control depends on values) */
	struct strbuf key;
	int pruned;
	int stopped;                 /* o->interrupt said stop */
	int random;
	uint64_t rng;
	struct dfunc **dcache;       /* decoded functions, shared by every execution */
	uint32_t nfuncs;
};

/* Executions share the decoded functions (read-only without breakpoints):
 * a new machine borrows the cache, and gives back what it decoded. */
static void dcache_lend(struct ex *x, struct machine *m)
{
	for (uint32_t i = 0; i < x->nfuncs; i++)
		m->df[i] = x->dcache[i];
}

static void dcache_take(struct ex *x, struct machine *m)
{
	for (uint32_t i = 0; i < x->nfuncs; i++) {
		if (!x->dcache[i])
			x->dcache[i] = m->df[i];
		if (m->df[i] == x->dcache[i])
			m->df[i] = NULL;
	}
}

static void dcache_free(struct ex *x)
{
	for (uint32_t i = 0; i < x->nfuncs; i++)
		decode_free(x->dcache[i]);
	free(x->dcache);
}

/* the slot of h in the state set (an empty one if absent) */
static size_t set_slot(const struct ex *x, uint64_t h)
{
	size_t j = h & (x->setcap - 1);
	while (x->set[j] && x->set[j] != h)
		j = (j + 1) & (x->setcap - 1);
	return j;
}

/* add state h: 1 if new; 0 if known (x->cut: what it stands for) */
static int set_add(struct ex *x, uint64_t h)
{
	if (!h)
		h = 1;
	if ((x->setlen + 1) * 2 > x->setcap) {
		size_t nc = x->setcap ? x->setcap * 2 : 1024, oc = x->setcap;
		uint64_t *os = x->set;
		double *ov = x->setval;
		x->set = xcalloc(nc, sizeof(uint64_t));
		x->setval = xcalloc(nc, sizeof(double));
		x->setcap = nc;
		for (size_t i = 0; i < oc; i++)
			if (os[i]) {
				size_t j = set_slot(x, os[i]);
				x->set[j] = os[i];
				x->setval[j] = ov[i];
			}
		free(os);
		free(ov);
	}
	size_t j = set_slot(x, h);
	if (x->set[j] == h) {
		/* a state on the current path (a spin loop) stands for one */
		x->cut = x->setval[j] > 0 ? x->setval[j] : 1;
		return 0;
	}
	x->set[j] = h;
	x->setval[j] = -1;
	x->setlen++;
	return 1;
}

/* every execution below the choice at path entry p is explored */
static void set_close(struct ex *x, const struct ex_pt *p)
{
	if (!x->setcap)
		return;
	size_t j = set_slot(x, p->h ? p->h : 1);
	if (x->set[j])
		x->setval[j] = p->below;
}

static uint64_t key_hash(const char *s)
{
	uint64_t h = 1469598103934665603ull;
	for (; *s; s++)
		h = (h ^ (uint8_t)*s) * 1099511628211ull;
	return h ? h : 1;
}

/* add h to the keys reached; returns 1 if it was there */
static int key_add(struct ex *x, uint64_t h)
{
	if ((x->keylen + 1) * 2 > x->keycap) {
		size_t nc = x->keycap ? x->keycap * 2 : 256, oc = x->keycap;
		uint64_t *ok = x->keys;
		x->keys = xcalloc(nc, sizeof(uint64_t));
		x->keycap = nc;
		x->keylen = 0;
		for (size_t i = 0; i < oc; i++)
			if (ok[i])
				key_add(x, ok[i]);
		free(ok);
	}
	size_t j = h & (x->keycap - 1);
	while (x->keys[j] && x->keys[j] != h)
		j = (j + 1) & (x->keycap - 1);
	if (x->keys[j])
		return 1;
	x->keys[j] = h;
	x->keylen++;
	return 0;
}

static int key_has(const struct ex *x, uint64_t h)
{
	if (!x->keycap)
		return 0;
	size_t j = h & (x->keycap - 1);
	while (x->keys[j] && x->keys[j] != h)
		j = (j + 1) & (x->keycap - 1);
	return x->keys[j] == h;
}

struct both { struct ex *x; struct machine_explore *r; struct strbuf sb; };

static void both_candidate(void *ctx, const struct ax_exec *c)
{
	struct both *b = ctx;
	ax_key(c, &b->sb);
	if (key_has(b->x, key_hash(strbuf_cstr(&b->sb))))
		return;
	if (!b->r->both_unreached++)
		b->r->both_first = xstrdup(strbuf_cstr(&b->sb));
}

static uint64_t rnd(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static int ex_choose(void *ctx, int kind, int n)
{
	struct ex *x = ctx;
	if (x->at < x->prefix)
		return x->path.v[x->at++].k;
	/* a state (with the decision under way) seen before: its continuations
	 * were explored from there (this also cuts spin loops that re-read) */
	uint64_t h = x->random ? 0 : machine_mm_hash(x->m) ^ (uint64_t)kind;
	if (!x->random && !x->nodedup && !set_add(x, h)) {
		x->pruned = 1;
		return -1;
	}
	struct ex_pt p = { n, x->random ? (int)(rnd(&x->rng) % (uint64_t)n) : 0, h ? h : 1, 0 };
	vec_push(&x->path, p);
	x->at++;
	return p.k;
}

static void witness(const struct ex *x, int relaxed, int shared_sc, struct strbuf *sb)
{
	strbuf_reset(sb);
	strbuf_addf(sb, "%s:", relaxed ? shared_sc ? "relaxed,shared-sc" : "relaxed" : "sc");
	for (size_t i = 0; i < x->path.len; i++)
		strbuf_addf(sb, i ? ".%d" : "%d", x->path.v[i].k);
}

static void outcome_add(struct machine_explore *r, const char *out, size_t len, int status,
			const char *wit, int ax_ok)
{
	for (size_t i = 0; i < r->n; i++) {
		struct machine_outcome *o = &r->o[i];
		if (o->status == status && strlen(o->out) == len && !memcmp(o->out, out, len)) {
			o->count++;
			if (!ax_ok)
				o->axioms_ok = 0;
			return;
		}
	}
	r->o = xrealloc(r->o, (r->n + 1) * sizeof(*r->o));
	struct machine_outcome *o = &r->o[r->n++];
	o->out = xmalloc(len + 1);
	memcpy(o->out, out, len);
	o->out[len] = 0;
	o->status = status;
	o->count = 1;
	o->witness = xmalloc(strlen(wit) + 1);
	strcpy(o->witness, wit);
	o->axioms_ok = ax_ok;
}

/* run one execution; returns 1 if it ran to the end (not pruned) */
static int ex_run(struct ex *x, const struct ir_module *mod, const struct machine_opts *o, int argc,
		  char **argv, struct machine_explore *r, struct ax_exec *rec, struct strbuf *wit)
{
	char *obuf = NULL, *ebuf = NULL;
	size_t olen = 0, elen = 0;
	FILE *out = open_memstream(&obuf, &olen), *err = open_memstream(&ebuf, &elen);
	struct machine_opts mo = *o;
	mo.out = out;
	mo.err = err;
	mo.schedule = NULL;
	if (!mo.max_steps)
		mo.max_steps = 2000000;
	struct machine *m = machine_new(mod, &mo);
	if (!x->dcache) {
		x->nfuncs = mod->nfuncs;
		x->dcache = xcalloc(mod->nfuncs ? mod->nfuncs : 1, sizeof(struct dfunc *));
	}
	dcache_lend(x, m);
	x->m = m;
	x->at = 0;
	x->pruned = 0;
	machine_set_chooser(m, ex_choose, x);
	ax_clear(rec);
	struct machine_mm_recorder rr;
	ax_recorder(rec, &rr);
	machine_mm_record(m, &rr);
	int status = machine_run_main(m, argc, argv);
	if (machine_poll(m))
		x->stopped = 1;
	machine_mm_record_end(m);
	fflush(out);
	int done = !x->pruned;
	if (done && x->nodedup && o->model == MODEL_RELAXED) {
		if (!x->skel)
			x->skel = ax_dup(rec);
		else if (!ax_same_events(x->skel, rec))
			x->skel_bad = 1;
		ax_key(rec, &x->key);
		key_add(x, key_hash(strbuf_cstr(&x->key)));
	}
	/* what this run stands for in the full tree, for every choice above it */
	double v = done ? 1 : x->cut;
	r->tree += v;
	for (size_t i = 0; i < x->path.len; i++)
		x->path.v[i].below += v;
	if (done) {
		char why[256];
		int bad = o->model == MODEL_RELAXED ? ax_check(rec, why, sizeof(why)) : 0;
		if (bad)
			r->axiom_violations++;
		witness(x, o->model == MODEL_RELAXED, o->shared_sc, wit);
		outcome_add(r, obuf, olen, status, strbuf_cstr(wit), !bad);
	} else {
		r->pruned++;
	}
	dcache_take(x, m);
	machine_free(m);
	fclose(out);
	fclose(err);
	free(obuf);
	free(ebuf);
	return done;
}

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int machine_explore(const struct ir_module *mod, const struct machine_opts *o, int argc,
		    char **argv, uint64_t max_execs, struct machine_explore *r)
{
	struct ex x;
	struct strbuf wit;
	struct ax_exec *rec = ax_new();
	double t0 = now();
	clock_t c0 = clock();
	memset(&x, 0, sizeof(x));
	memset(r, 0, sizeof(*r));
	strbuf_init(&wit);
	if (!max_execs)
		max_execs = 100000;
	r->exhaustive = 1;
	x.nodedup = o->both_ways;
	strbuf_init(&x.key);
	for (;;) {
		if (r->execs + r->pruned >= max_execs) {
			r->exhaustive = 0;
			break;
		}
		ex_run(&x, mod, o, argc, argv, r, rec, &wit);
		if (x.stopped) {
			r->exhaustive = 0;
			break;
		}
		if (!x.pruned)
			r->execs++;
		/* backtrack: the last choice with an option left */
		size_t i = x.path.len;
		while (i > 0 && x.path.v[i - 1].k + 1 >= x.path.v[i - 1].n) {
			set_close(&x, &x.path.v[i - 1]);
			i--;
		}
		if (!i)
			break;
		x.path.len = i;
		x.path.v[i - 1].k++;
		x.prefix = i;
	}
	if (o->both_ways) {
		/* the other direction: every candidate execution the axioms allow
		 * over the program's events was reached */
		r->both_candidates = -1;
		if (o->model != MODEL_RELAXED)
			r->both_first = xstrdup("the model is sc");
		else if (!r->exhaustive)
			r->both_first = xstrdup("the exploration was not exhaustive");
		else if (!x.skel || x.skel_bad)
			r->both_first = xstrdup("the program's accesses depend on the values read");
		else {
			struct both b = { &x, r, { NULL, 0, 0 } };
			strbuf_init(&b.sb);
			r->both_candidates = ax_candidates(x.skel, both_candidate, &b, 2000000);
			if (r->both_candidates < 0)
				r->both_first = xstrdup("too many candidate executions");
			strbuf_release(&b.sb);
		}
	}
	r->secs = now() - t0;
	r->cpu_secs = (double)(clock() - c0) / CLOCKS_PER_SEC;
	vec_free(&x.path);
	dcache_free(&x);
	free(x.set);
	free(x.setval);
	free(x.keys);
	ax_free(x.skel);
	strbuf_release(&x.key);
	strbuf_release(&wit);
	ax_free(rec);
	return 0;
}

int machine_litmus(const struct ir_module *mod, const struct machine_opts *o, int argc,
		   char **argv, uint64_t runs, uint64_t seed, struct machine_explore *r)
{
	struct ex x;
	struct strbuf wit;
	struct ax_exec *rec = ax_new();
	double t0 = now();
	clock_t c0 = clock();
	memset(&x, 0, sizeof(x));
	memset(r, 0, sizeof(*r));
	strbuf_init(&wit);
	x.random = 1;
	x.rng = seed;
	for (uint64_t i = 0; i < runs; i++) {
		x.path.len = 0;
		x.prefix = 0;
		ex_run(&x, mod, o, argc, argv, r, rec, &wit);
		if (x.stopped)
			break;
		r->execs++;
	}
	r->secs = now() - t0;
	r->cpu_secs = (double)(clock() - c0) / CLOCKS_PER_SEC;
	vec_free(&x.path);
	dcache_free(&x);
	strbuf_release(&wit);
	ax_free(rec);
	return 0;
}

void machine_explore_free(struct machine_explore *r)
{
	for (size_t i = 0; i < r->n; i++) {
		free(r->o[i].out);
		free(r->o[i].witness);
	}
	free(r->o);
	free(r->both_first);
	memset(r, 0, sizeof(*r));
}
