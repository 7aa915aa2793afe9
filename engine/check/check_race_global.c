/*
 * check_race_global.c - the global-memory race checker.
 *
 * Two accesses to one global word from different blocks of a launch, at
 * least one a write, with no gpu-scope fence by anyone in between (one
 * epoch: it ends at launches, gpu and system fences and grid.sync()): the
 * order between blocks is not defined. Threads of one block race too when
 * no __syncthreads() separates them and they are in different warps (or,
 * under --simt its, diverged lanes of one warp).
 * Atomics (read-modify-writes, and the strong loads and stores of
 * cuda::atomic_ref) do not race with each other, but a plain store and an
 * atomic do (a data race in the PTX memory model: `*count = 0` in one block
 * while others atomicAdd). A plain load and an atomic race too in the
 * model, but the Programming Guide's own atomicCAS loop starts with one
 * (`old = *p`, which the CAS then checks), so loads are not reported
 * against atomics. A thread whose atomic was the latest on the word has
 * seen every earlier one (coherence of one location), so its own store
 * after it does not race with them (the last block resetting a counter).
 * An atomic leaves a plain writer's record in place, so that the atomics
 * of other blocks still meet it. Atomic loads are checked against plain
 * writers but not recorded; volatile accesses are not checked.
 *
 * What a word remembers (struct rec): the last writer (block number mod
 * 0x7ffe, + 1), whether it wrote atomically, the reader (or 0x7fff: several
 * blocks), and for each the thread in its block and the block's barrier
 * phase at the access (those decide races inside one block).
 *
 * The shadow (docs/PERFORMANCE.md, "Cheap checkers"): 4 bytes per word in
 * the common case instead of 16. A compact word holds a 5-bit epoch tag, a
 * kind and one access: W (a plain writer), WA (an atomic writer), R (one
 * reader), RM (readers of several blocks, no writer) or RW (one thread
 * read and wrote it), as (descriptor, lane), where a descriptor is the
 * (block, warp, barrier phase) of one warp's accesses in this epoch, kept
 * once in a table. The rest (a writer and a reader that differ, ...) is
 * kept whole, 16 bytes, in a wide shadow the word then points to (tag
 * WIDE), whose pages cost memory only where used. A word whose tag is not
 * the epoch's is empty: an allocation's compact words are cleared only
 * once every 30 epochs. The compact words are kept by runs of 16, one
 * record for a run whole warps left alike (RUN, below); the descriptor
 * table, when full, drops the descriptors nothing names (desc_collect).
 */
#include "check.h"
#include "ir.h"

#include <string.h>

#define WARP 32
#define MULTI 0x7fffu          /* several reader blocks */
#define RACE_MULTI 0x7ffu      /* the reports' "other blocks" (as the shared checker's) */
#define ATOMIC_BIT ((uint64_t)1 << 62)
#define NTAGS 30u              /* epoch tags 1..30 */
#define T_WIDE 31u
#define NOSRC 0xffffffffu
#define DESC_MAX (1u << 19)
/* Runs: the compact words go by aligned runs of RUN (16) words, one
 * record of 4 bytes each in a->r. A record with RUN_EXP set says the run's
 * words are in a->c, one each; any other record r stands for all RUN of
 * them: word j of the run holds r + j (r's low 5 bits are the lane of its
 * first word, 0 or 16), or with RUN_FLAT set r & ~31 for every j. A whole
 * warp's 4-byte access of two runs, lanes 0..15 on one and 16..31 on the
 * other (32 consecutive words, or two rows of a 16-wide tile), leaves
 * their words so (each lane's record, or readers of several blocks), so
 * that vecadd's arrays have 4 shadow bytes per 16 words (they were
 * faulted in inside the kernel: docs/PERFORMANCE.md, eleventh session)
 * and a->c's pages are never touched. Every other path expands the runs
 * it touches first (run_expand: the same words, written out), so that
 * what a word holds, and so every finding, does not depend on the form. */
#define RUN 16u
#define RUN_EXP 1u
#define RUN_FLAT 2u

enum { K_W, K_WA, K_R, K_RM, K_RW };
enum { GR_READ, GR_WRITE, GR_ATOMIC, GR_ATOMIC_READ };

/* one allocation's shadow */
struct galloc {
	uint64_t base, size;
	size_t nw;              /* words */
	size_t nr;              /* runs of RUN words (c holds nr * RUN words) */
	uint32_t *r;            /* a record per run: RUN_EXP, or the run's words as one (below) */
	uint32_t *c;            /* compact words (of the runs marked RUN_EXP only) */
	uint64_t *wide;         /* 2 words per word (NULL until a word needs it) */
	uint32_t seen;          /* the epoch of the last access */
	uint32_t cleared;       /* the epoch the compact words were last cleared in */
};
/* a warp's accesses in one epoch and barrier phase */
struct desc {
	uint16_t me;            /* block number mod 0x7ffe, + 1 */
	uint16_t warp;
	uint32_t phase;         /* the block's barrier phase (22 bits) */
};
/* the descriptor of each resident warp (by slot, then warp): exact, so that a
 * warp keeps its descriptor while other blocks run (a shared cache of 1024
 * made thousands of resident warps evict each other's, filling the table) */
struct dcache {
	uint64_t block;
	uint32_t epoch, phase, desc; /* the warp is the entry's place in its slot's */
	uint16_t me;            /* the access's block number (struct acc) and epoch tag, made */
	uint8_t tag;            /* with the entry: no division per access */
};
/* 24 bytes: 8,448 resident warps' entries are 200 KB (32 bytes, with the
 * warp's number kept in the entry too, were 68 of checked vecadd's page
 * faults at 2^20) */
_Static_assert(sizeof(struct dcache) == 24, "struct dcache");
/* a resident slot's warps' entries: the first 8 warps until a block has
 * more (a slot per resident block, 8448 on the H100 profile: 32 entries
 * each were a page of zeroes touched every 4 slots) */
struct dslot {
	uint32_t n;
	uint32_t own;           /* 1: malloc'd alone (freed alone); 0: in a slab (struct grace) */
	struct dcache c[];
};
#define DSLOT_FIRST 8u
/* the first dslots of the slots, DSLOT_FIRST entries each, cut from slabs
 * of this many (a launch's first access of each of its hundreds of
 * resident slots made a malloc and a memset each) */
#define DSLOT_SLAB 64u
#define DSLOT_BYTES (sizeof(struct dslot) + DSLOT_FIRST * sizeof(struct dcache))

struct grace {
	struct galloc **t;      /* open addressing on base */
	size_t cap, n;
	struct galloc *last[4];  /* allocations accessed lately (a kernel reads two arrays and
				    writes a third), replaced in turn */
	unsigned nlast;
	uint32_t epoch;
	struct desc *d;         /* this epoch's descriptors: DESC_FIRST on the heap, then
				   DESC_MAX mapped (dmapped; desc_grow) */
	uint32_t nd, dcap, depoch;
	int dmapped;
	struct dslot **cache;   /* by resident slot (ncache of them, NULL until used) */
	size_t ncache;
	VEC(char *) slabs;      /* slabs of DSLOT_SLAB dslots (own 0) */
	uint32_t slab_used;     /* dslots taken from the last slab */
	struct dcache *lastc;   /* the entry of the last warp that accessed (a warp makes
				   several accesses in a row), of slot lslot, warp lwarp */
	int lslot;
	unsigned lwarp;
	uint32_t *renum;        /* desc_collect's table, DESC_MAX entries (NULL until used) */
	uint32_t nocollect;     /* epoch + 1 of an epoch whose table is left full */
};

/* the access being checked */
struct acc {
	const struct check_event *e;
	struct galloc *a;
	int acc;                /* GR_* */
	uint32_t me, phase, tag;
	uint32_t src;           /* this warp's descriptor << 5, or NOSRC */
	int shape;              /* block_conflict's grid test: -1 not asked yet, 1 blocks
				   are told apart (fewer than 0x7ffe), 0 not; +2 under --simt its */
};

struct rec {
	uint32_t wr, rd, w2, r2;
	int wa;
	uint32_t sw, sr;        /* compact writer / reader (descriptor << 5 | lane), or NOSRC */
};

static size_t wide_bytes(const struct galloc *a)
{
	return a->nw * 2 * sizeof(uint64_t);
}

/* an allocation's run records (zero: every run empty), committed at once
 * up to RUNS_NOW bytes (an allocation of 256 MiB), so that a kernel does
 * not fault them in; a larger one's pages come as they are touched (a
 * program that allocates much and touches little should not pay for it) */
#define RUNS_NOW ((size_t)16 << 20)
static uint32_t *runs_alloc(size_t nr)
{
	size_t b = nr * sizeof(uint32_t);
	return b <= RUNS_NOW ? check_shadow_alloc_now(b) : check_shadow_alloc(b);
}

static void galloc_free(struct galloc *a)
{
	check_shadow_free(a->r, a->nr * sizeof(uint32_t));
	check_shadow_free(a->c, a->nr * RUN * sizeof(uint32_t));
	check_shadow_free(a->wide, wide_bytes(a));
	free(a);
}

/* The descriptor table's first DESC_FIRST entries come from the heap; past
 * them, room for all DESC_MAX is mapped at once and its pages come as the
 * table fills (vecadd at 2^20 makes 32,768: doubling by realloc copied the
 * table four times, about 35 of the launch's page faults, and moved it) */
#define DESC_FIRST 1024u
static WS_NOINLINE void desc_grow(struct grace *g)
{
	if (!g->dcap) {
		g->dcap = DESC_FIRST;
		g->d = xmalloc(g->dcap * sizeof(*g->d));
		return;
	}
	struct desc *d = util_map_zero((size_t)DESC_MAX * sizeof(*d), 0, 0);
	g->dmapped = d != NULL;
	if (!d) /* no anonymous mappings here: the heap, all at once */
		d = xmalloc((size_t)DESC_MAX * sizeof(*d));
	memcpy(d, g->d, g->nd * sizeof(*d));
	free(g->d); /* on the heap: a table of DESC_MAX never grows */
	g->d = d;
	g->dcap = DESC_MAX;
}

static void desc_free(struct grace *g)
{
	if (g->dmapped)
		util_unmap(g->d, (size_t)g->dcap * sizeof(*g->d));
	else
		free(g->d);
}

/* WS_NO_GACCESS=1: every offer of global_access through check_fast
 * (gaccess_lean off; tests/findings/ldchk.t compares) */
static int gaccess_on;

static void *grace_create(struct machine *m)
{
	(void)m;
	gaccess_on = !util_env_on("WS_NO_GACCESS");
	return xcalloc(1, sizeof(struct grace));
}

static void grace_destroy(void *self)
{
	struct grace *g = self;
	for (size_t i = 0; i < g->cap; i++)
		if (g->t[i])
			galloc_free(g->t[i]);
	free(g->t);
	desc_free(g);
	free(g->renum);
	for (size_t i = 0; i < g->ncache; i++)
		if (g->cache[i] && g->cache[i]->own)
			free(g->cache[i]);
	free(g->cache);
	for (size_t i = 0; i < g->slabs.len; i++)
		free(g->slabs.v[i]);
	vec_free(&g->slabs);
	free(g);
}


static CHECK_INLINE size_t hash(uint64_t base, size_t cap)
{
	return (size_t)((base >> 4) * 0x9e3779b97f4a7c15ull >> 20) & (cap - 1);
}

static void put(struct grace *g, struct galloc *a)
{
	size_t i = hash(a->base, g->cap);
	while (g->t[i])
		i = (i + 1) & (g->cap - 1);
	g->t[i] = a;
}

static struct galloc *find(struct grace *g, uint64_t base)
{
	if (!g->cap)
		return NULL;
	for (size_t i = hash(base, g->cap); g->t[i]; i = (i + 1) & (g->cap - 1))
		if (g->t[i]->base == base)
			return g->t[i];
	return NULL;
}

static void drop(struct grace *g, uint64_t base)
{
	if (!g->cap)
		return;
	size_t i = hash(base, g->cap);
	while (g->t[i] && g->t[i]->base != base)
		i = (i + 1) & (g->cap - 1);
	if (!g->t[i])
		return;
	for (int k = 0; k < 4; k++)
		if (g->last[k] == g->t[i])
			g->last[k] = NULL;
	galloc_free(g->t[i]);
	g->t[i] = NULL;
	g->n--;
	/* put back the rest of the cluster */
	for (size_t j = (i + 1) & (g->cap - 1); g->t[j]; j = (j + 1) & (g->cap - 1)) {
		struct galloc *a = g->t[j];
		g->t[j] = NULL;
		put(g, a);
	}
}

static CHECK_INLINE struct galloc *galloc_get(struct grace *g, uint64_t base, uint64_t size)
{
	struct galloc *a;
	for (int k = 0; k < 4; k++) {
		a = g->last[k];
		if (a && a->base == base && a->size == size)
			return a;
	}
	a = find(g, base);
	if (a && a->size != size) {
		drop(g, base);
		a = NULL;
	}
	if (!a) {
		if (2 * (g->n + 1) > g->cap) {
			size_t oc = g->cap;
			struct galloc **ot = g->t;
			g->cap = oc ? 2 * oc : 64;
			g->t = xcalloc(g->cap, sizeof(*g->t));
			for (size_t i = 0; i < oc; i++)
				if (ot[i])
					put(g, ot[i]);
			free(ot);
		}
		a = xcalloc(1, sizeof(*a));
		a->base = base;
		a->size = size;
		a->nw = (size_t)(size / 4 + 1);
		a->nr = (size_t)((size + 3) / 4 + RUN - 1) / RUN; /* the words a lane may touch */
		a->r = runs_alloc(a->nr);
		a->c = check_shadow_alloc(a->nr * RUN * sizeof(uint32_t));
		a->seen = a->cleared = g->epoch;
		put(g, a);
		g->n++;
	}
	g->last[g->nlast++ & 3] = a;
	return a;
}

static void *grace_clone(const void *self, struct machine *m, void *(*map)(void *ctx, const void *p),
			 void *ctx)
{
	const struct grace *o = self;
	struct grace *g = xcalloc(1, sizeof(*g));
	*g = *o;
	g->t = o->cap ? xcalloc(o->cap, sizeof(*g->t)) : NULL;
	memset(g->last, 0, sizeof(g->last));
	for (size_t i = 0; i < o->cap; i++) {
		const struct galloc *s = o->t[i];
		if (!s)
			continue;
		struct galloc *a = xmalloc(sizeof(*a));
		*a = *s;
		a->r = runs_alloc(a->nr);
		memcpy(a->r, s->r, a->nr * sizeof(uint32_t));
		a->c = check_shadow_alloc(a->nr * RUN * sizeof(uint32_t));
		/* the expanded runs' words only: the others' pages stay untouched */
		for (size_t k = 0; k < a->nr; k++)
			if (s->r[k] & RUN_EXP)
				memcpy(&a->c[k * RUN], &s->c[k * RUN], RUN * sizeof(uint32_t));
		if (s->wide) {
			a->wide = check_shadow_alloc(wide_bytes(a));
			memcpy(a->wide, s->wide, wide_bytes(a));
		}
		g->t[i] = a;
	}
	g->cache = NULL;
	g->lastc = NULL; /* into o's entries */
	memset(&g->slabs, 0, sizeof(g->slabs)); /* o's; the copies are malloc'd alone */
	g->slab_used = DSLOT_SLAB;
	if (o->ncache) {
		g->cache = xcalloc(o->ncache, sizeof(*g->cache));
		for (size_t i = 0; i < o->ncache; i++)
			if (o->cache[i]) {
				size_t b = sizeof(struct dslot) + o->cache[i]->n * sizeof(struct dcache);
				g->cache[i] = xmalloc(b);
				memcpy(g->cache[i], o->cache[i], b);
				g->cache[i]->own = 1;
			}
	}
	g->renum = NULL; /* o's */
	/* the copy's table on the heap, as large as o's entries need (it
	 * maps DESC_MAX when it grows past them) */
	g->dcap = o->nd > DESC_FIRST ? o->nd : o->dcap ? DESC_FIRST : 0;
	g->dmapped = 0;
	g->d = g->dcap ? xmalloc(g->dcap * sizeof(*g->d)) : NULL;
	if (o->nd)
		memcpy(g->d, o->d, o->nd * sizeof(*g->d));
	(void)m;
	(void)map;
	(void)ctx;
	return g;
}

/* ---- descriptors */

static void desc_collect(struct grace *g);

/* The context of the accesses of warp `warp` of block `block` (in resident
 * slot `slot`) in this epoch and barrier phase (phase): its descriptor
 * (NOSRC when the table is full), block number and epoch tag, kept between
 * its accesses (looked up by resident slot and warp, made on the first
 * access of the phase) */
static CHECK_INLINE const struct dcache *ctx_get(struct grace *g, int slot, unsigned warp, uint64_t block,
						 uint32_t phase)
{
	if (g->depoch != g->epoch) {
		g->depoch = g->epoch;
		g->nd = 0;
	}
	struct dcache *c = g->lastc;
	if (WS_LIKELY(c && slot == g->lslot && warp == g->lwarp))
		goto found;
	size_t k = (size_t)slot;
	if (WS_UNLIKELY(k >= g->ncache)) {
		size_t n = g->ncache ? 2 * g->ncache : 64;
		while (n <= k)
			n *= 2;
		g->cache = xrealloc(g->cache, n * sizeof(*g->cache));
		memset(g->cache + g->ncache, 0, (n - g->ncache) * sizeof(*g->cache));
		g->ncache = n;
	}
	if (WS_UNLIKELY(!g->cache[k] || warp >= g->cache[k]->n)) {
		/* the slot's first access, or a warp past its first 8 */
		struct dslot *old = g->cache[k], *ds;
		uint32_t had = old ? old->n : 0, n = warp < DSLOT_FIRST ? DSLOT_FIRST : WARP;
		if (!old && n == DSLOT_FIRST) {
			if (g->slab_used == DSLOT_SLAB || !g->slabs.len) {
				vec_push(&g->slabs, (char *)xmalloc((size_t)DSLOT_SLAB * DSLOT_BYTES));
				g->slab_used = 0;
			}
			ds = (struct dslot *)(void *)(g->slabs.v[g->slabs.len - 1] + (size_t)g->slab_used++ * DSLOT_BYTES);
			ds->own = 0;
			/* an entry is empty while its epoch is 0 (the test above):
			 * the rest is written when it is made */
			for (uint32_t i = 0; i < DSLOT_FIRST; i++)
				ds->c[i].epoch = 0;
		} else {
			ds = xmalloc(sizeof(*ds) + n * sizeof(struct dcache));
			if (had)
				memcpy(ds->c, old->c, had * sizeof(struct dcache));
			memset(&ds->c[had], 0, (n - had) * sizeof(struct dcache));
			ds->own = 1;
			if (old && old->own)
				free(old);
		}
		ds->n = n;
		g->cache[k] = ds;
	}
	c = &g->cache[k]->c[warp];
	g->lastc = c;
	g->lslot = slot;
	g->lwarp = warp;
found:
	if (c->epoch == g->epoch + 1 && c->block == block && c->phase == phase)
		return c;
	/* the block number and the epoch tag stay when the entry has them (a
	 * new phase of the same block: histogram's warps make a descriptor at
	 * each of their two accesses, and the two divisions were a fifth of
	 * ctx_get's cost) */
	if (!c->epoch || c->block != block)
		c->me = (uint16_t)(block % 0x7ffe + 1);
	if (c->epoch != g->epoch + 1)
		c->tag = (uint8_t)(g->epoch % NTAGS + 1);
	c->epoch = g->epoch + 1;
	c->block = block;
	c->phase = phase;
	/* a full table stays full until the epoch ends: NOSRC for the phase */
	c->desc = NOSRC;
	if (WS_UNLIKELY(g->nd == DESC_MAX)) {
		/* the descriptors no word and no warp's entry names any more
		 * (warps of finished blocks and phases, overwritten) are made
		 * free; an epoch where that frees less than half leaves the
		 * table full (the words then go wide) rather than scan again */
		if (g->nocollect != g->epoch + 1) {
			desc_collect(g);
			if (g->nd > DESC_MAX / 2)
				g->nocollect = g->epoch + 1;
		}
		if (g->nd == DESC_MAX)
			return c;
	}
	if (WS_UNLIKELY(g->nd == g->dcap))
		desc_grow(g);
	struct desc d = { (uint16_t)c->me, (uint16_t)warp, phase };
	g->d[g->nd] = d;
	c->desc = g->nd++;
	return c;
}

/* ---- compact words */

#define TAG(cw) ((cw) >> 27)
#define KIND(cw) ((cw) >> 24 & 7)
#define CW(tag, kind, src) ((tag) << 27 | (uint32_t)(kind) << 24 | ((src) & 0xffffff))

/* the words run record v (not RUN_EXP) stands for, into t[0..RUN-1] */
static CHECK_INLINE void run_words_of(uint32_t v, uint32_t *t)
{
	uint32_t hi = v & RUN_FLAT ? v & ~31u : v, lm = v & RUN_FLAT ? 0 : ~0u;
	for (uint32_t j = 0; j < RUN; j++)
		t[j] = hi + (j & lm);
}

/* run k's words written out into a->c, the run marked RUN_EXP */
static WS_NOINLINE void run_expand(struct galloc *a, size_t k)
{
	run_words_of(a->r[k], &a->c[k * RUN]);
	a->r[k] = RUN_EXP;
}

/* words wd..wd+n-1 (inside the allocation, 1 <= n <= 2 * RUN) as compact
 * words in a->c, their runs expanded where they were not: the way in for
 * every path that reads or writes words one by one */
static CHECK_INLINE uint32_t *words_at(struct galloc *a, uint64_t wd, uint64_t n)
{
	size_t k = (size_t)(wd / RUN), kl = (size_t)((wd + n - 1) / RUN);
	if (WS_UNLIKELY(!(a->r[k] & RUN_EXP)))
		run_expand(a, k);
	while (WS_UNLIKELY(k < kl))
		if (!(a->r[++k] & RUN_EXP))
			run_expand(a, k);
	return &a->c[wd];
}

static void decode(const struct grace *g, const struct acc *x, uint64_t wd, struct rec *r)
{
	uint32_t cw = x->a->c[wd];
	r->sw = r->sr = NOSRC;
	r->wr = r->rd = r->w2 = r->r2 = 0;
	r->wa = 0;
	if (TAG(cw) == T_WIDE) {
		uint64_t v = x->a->wide[2 * wd], v2 = x->a->wide[2 * wd + 1];
		if ((uint32_t)v == g->epoch) {
			r->wr = (uint32_t)(v >> 32) & 0x7fff;
			r->rd = (uint32_t)(v >> 47) & 0x7fff;
			r->wa = (int)(v >> 62 & 1);
		}
		r->w2 = (uint32_t)v2;
		r->r2 = (uint32_t)(v2 >> 32);
		return;
	}
	if (TAG(cw) != x->tag)
		return;
	uint32_t p = cw & 0xffffff;
	const struct desc *d = &g->d[p >> 5];
	uint32_t tw = (d->warp * WARP + (p & 31)) | d->phase << 10;
	switch (KIND(cw)) {
	case K_WA:
		r->wa = 1;
		/* fall through */
	case K_W:
		r->wr = d->me;
		r->w2 = tw;
		r->sw = p;
		break;
	case K_R:
		r->rd = d->me;
		r->r2 = tw;
		r->sr = p;
		break;
	case K_RM:
		r->rd = MULTI;
		break;
	default: /* K_RW */
		r->wr = r->rd = d->me;
		r->w2 = r->r2 = tw;
		r->sw = r->sr = p;
		break;
	}
}

static void wide_put(struct grace *g, struct galloc *a, uint64_t wd, const struct rec *r)
{
	if (!a->wide)
		a->wide = check_shadow_alloc(wide_bytes(a));
	a->wide[2 * wd] = g->epoch | (uint64_t)r->wr << 32 | (uint64_t)r->rd << 47 |
			  (r->wa ? ATOMIC_BIT : 0);
	a->wide[2 * wd + 1] = r->w2 | (uint64_t)r->r2 << 32;
	a->c[wd] = T_WIDE << 27;
}

static void encode(struct grace *g, const struct acc *x, uint64_t wd, const struct rec *r)
{
	uint32_t t = x->tag, *c = &x->a->c[wd];
	if (!r->wr && !r->rd) {
		*c = 0;
	} else if (!r->rd) {
		if (r->sw == NOSRC)
			wide_put(g, x->a, wd, r);
		else
			*c = CW(t, r->wa ? K_WA : K_W, r->sw);
	} else if (!r->wr) {
		if (r->rd == MULTI)
			*c = CW(t, K_RM, 0);
		else if (r->sr == NOSRC)
			wide_put(g, x->a, wd, r);
		else
			*c = CW(t, K_R, r->sr);
	} else if (!r->wa && r->wr == r->rd && r->w2 == r->r2 && r->sw != NOSRC) {
		*c = CW(t, K_RW, r->sw);
	} else {
		wide_put(g, x->a, wd, r);
	}
}

/* the descriptor compact word (or run record) cw of this epoch's tag
 * names, or NOSRC */
static inline uint32_t cw_desc(uint32_t cw, uint32_t tag)
{
	if (TAG(cw) != tag || KIND(cw) == K_RM)
		return NOSRC;
	return (cw & 0xffffff) >> 5;
}

/* cw with descriptor d renumbered by renum when it names one */
static inline uint32_t cw_renum(uint32_t cw, uint32_t tag, const uint32_t *renum)
{
	uint32_t d = cw_desc(cw, tag);
	return d == NOSRC ? cw : (cw & ~((DESC_MAX - 1) << 5)) | renum[d] << 5;
}

/* A full table of descriptors (ctx_get) made smaller: the descriptors that
 * a compact word or run record of this epoch names, or a resident warp's
 * entry, keep their order and are numbered from 0 again, the words and
 * entries renumbered with them; the others (warps of phases whose words
 * were all overwritten, by readers of several blocks say) are dropped.
 * What each word stands for is unchanged (the same block, warp and phase),
 * so no finding depends on it; the words stay compact where the full table
 * made them wide (matmul_tiled at 1024: 2.1 M descriptors a launch, a
 * tenth of them named at any time; docs/PERFORMANCE.md, eleventh session). */
static WS_NOINLINE void desc_collect(struct grace *g)
{
	const uint32_t tag = g->epoch % NTAGS + 1;
	if (!g->renum)
		g->renum = xmalloc(DESC_MAX * sizeof(*g->renum));
	uint32_t *rn = g->renum;
	memset(rn, 0, g->nd * sizeof(*rn));
	for (int pass = 0; pass < 2; pass++) {
		for (size_t i = 0; i < g->cap; i++) {
			struct galloc *a = g->t[i];
			if (!a || a->seen != g->epoch)
				continue; /* no word of this epoch */
			for (size_t k = 0; k < a->nr; k++) {
				uint32_t v = a->r[k], *p = &a->c[k * RUN];
				if (!(v & RUN_EXP)) {
					uint32_t d = cw_desc(v, tag);
					if (d == NOSRC)
						continue;
					if (pass)
						a->r[k] = cw_renum(v, tag, rn);
					else
						rn[d] = 1;
					continue;
				}
				for (uint32_t j = 0; j < RUN; j++) {
					uint32_t d = cw_desc(p[j], tag);
					if (d == NOSRC)
						continue;
					if (pass)
						p[j] = cw_renum(p[j], tag, rn);
					else
						rn[d] = 1;
				}
			}
		}
		for (size_t i = 0; i < g->ncache; i++) {
			struct dslot *ds = g->cache[i];
			for (uint32_t w = 0; ds && w < ds->n; w++) {
				struct dcache *e = &ds->c[w];
				if (e->epoch != g->epoch + 1 || e->desc == NOSRC)
					continue;
				if (pass)
					e->desc = rn[e->desc];
				else
					rn[e->desc] = 1;
			}
		}
		if (pass)
			break;
		uint32_t n = 0;
		for (uint32_t i = 0; i < g->nd; i++)
			if (rn[i]) {
				g->d[n] = g->d[i];
				rn[i] = n++;
			}
		g->nd = n;
	}
}

/* ---- reports */

static const char *verb(int acc, int past)
{
	static const char *const v[2][4] = {
		{ "reads it", "writes it", "updates it atomically", "reads it atomically" },
		{ "read it", "wrote it", "updated it atomically", "read it atomically" },
	};
	return v[past][acc];
}

static void report(const struct acc *x, unsigned l, uint64_t off, uint32_t other, int other_acc)
{
	const struct check_event *e = x->e;
	char who[80];
	int same = other == (uint32_t)(e->block % 0x7ffe);
	int acc = x->acc;
	if (other == RACE_MULTI)
		snprintf(who, sizeof(who), "other blocks");
	else if (same)
		snprintf(who, sizeof(who), "another thread of the block");
	else
		snprintf(who, sizeof(who), "block %u", other);
	struct machine_finding *f;
	if (acc < GR_ATOMIC && other_acc < GR_ATOMIC)
		f = check_report(e->m, FK_GLOBAL_RACE, e->w, 1u << l, e->span, x->a->base + off,
			    "global memory race at offset %llu of a %llu-byte allocation: this thread %s while %s %s %s",
			    (unsigned long long)off, (unsigned long long)x->a->size,
			    verb(acc, 0), who, verb(other_acc, 1),
			    same ? "with no __syncthreads() between" :
			    "in the same launch; blocks are not ordered (use atomics, or split the work into two launches)");
	else
		f = check_report(e->m, FK_GLOBAL_RACE, e->w, 1u << l, e->span, x->a->base + off,
			    "global memory race at offset %llu of a %llu-byte allocation: this thread %s while %s %s %s; an atomic does not order a plain access to the same word (make every access atomic, or order them with %s)",
			    (unsigned long long)off, (unsigned long long)x->a->size,
			    verb(acc, 0), who, verb(other_acc, 1),
			    same ? "with no __syncthreads() between" : "in the same launch",
			    same ? "a __syncthreads()" : "a __threadfence() and a flag, or two launches");
	check_report_alloc(f, x->a->base, x->a->size);
	if (!same)
		check_report_other_at(e->m, f, other == RACE_MULTI ? -1 : (int64_t)other, -1,
				      other_acc == GR_ATOMIC ? 2 : other_acc == GR_WRITE);
}

/* an access by a lane of this group against an earlier one of the same
 * block recorded as (thread in block | barrier phase << 10): a race when
 * no __syncthreads() separates them and they are in different warps (or,
 * under its, diverged lanes of one warp) */
static int block_conflict(struct acc *x, uint32_t rec)
{
	uint32_t tid = rec & 0x3ff;
	if (rec >> 10 != x->phase)
		return 0;
	if (x->shape < 0) {
		/* asked once per access, not per lane */
		uint32_t grid[3], blk[3];
		x->shape = (check_grid_shape(x->e->m, grid, blk) < 0x7ffe) + 2 * check_simt_its(x->e->m);
	}
	if (!(x->shape & 1))
		return 0;
	if (tid / WARP != x->e->warp)
		return 1;
	return (x->shape & 2) && !(x->e->mask >> (tid % WARP) & 1);
}

/* ---- the check */

/* the general case of one word: 1 when a race was reported */
static int word(struct grace *g, struct acc *x, unsigned l, uint64_t off, uint64_t wd)
{
	const struct check_event *e = x->e;
	struct rec r;
	decode(g, x, wd, &r);
	int acc = x->acc, found = 0;
	uint32_t me = x->me;
	/* a plain write meets every access; an atomic meets plain writes */
	int wc = r.wr && (r.wa ? acc == GR_WRITE : 1), rc = r.rd && acc == GR_WRITE;
	int wacc = r.wa ? GR_ATOMIC : GR_WRITE;
	if (wc && r.wr != me) {
		report(x, l, off, r.wr - 1, wacc);
		found = 1;
	} else if (rc && r.rd != me) {
		report(x, l, off, r.rd == MULTI ? RACE_MULTI : r.rd - 1, GR_READ);
		found = 1;
	} else if (wc && block_conflict(x, r.w2)) {
		report(x, l, off, r.wr - 1, wacc);
		check_report_other_at(e->m, check_last_finding(e->m), (int64_t)e->block, r.w2 & 0x3ff,
				      r.wa ? 2 : 1);
		found = 1;
	} else if (rc && block_conflict(x, r.r2)) {
		report(x, l, off, r.rd - 1, GR_READ);
		check_report_other_at(e->m, check_last_finding(e->m), (int64_t)e->block, r.r2 & 0x3ff, 0);
		found = 1;
	}
	uint32_t tw = (e->warp * WARP + l) | x->phase << 10;
	uint32_t src = x->src == NOSRC ? NOSRC : x->src | l;
	if (acc == GR_WRITE || (acc == GR_ATOMIC && (!r.wr || r.wa))) {
		r.wr = me;
		r.w2 = tw;
		r.wa = acc == GR_ATOMIC;
		r.sw = src;
	} else if (acc != GR_READ) {
		/* an atomic load, or an atomic after a plain write: not recorded */
	} else if (!r.rd || r.rd == me) {
		r.rd = me;
		r.r2 = tw;
		r.sr = src;
	} else {
		r.rd = MULTI;
	}
	encode(g, x, wd, &r);
	return found;
}

/* whether word wd holds an atomic writer and no reader (the atomics' fast path) */
static int atomic_only(const struct grace *g, const struct acc *x, uint64_t wd)
{
	uint32_t cw = x->a->c[wd];
	if (TAG(cw) == T_WIDE)
		return (x->a->wide[2 * wd] & ~((uint64_t)0x7fff << 32)) == (g->epoch | ATOMIC_BIT);
	return TAG(cw) == x->tag && KIND(cw) == K_WA;
}

/* whether word wd holds readers of several blocks and nothing else */
static int read_multi(const struct grace *g, const struct acc *x, uint64_t wd)
{
	uint32_t cw = x->a->c[wd];
	if (cw == CW(x->tag, K_RM, 0))
		return 1;
	return TAG(cw) == T_WIDE && x->a->wide[2 * wd] == (g->epoch | (uint64_t)MULTI << 47);
}

/* one lane's access as a whole: the fast paths that hold whatever was
 * found before, then (nothing found yet in this instruction) each word */
static WS_NOINLINE void lane(struct grace *g, struct acc *x, unsigned l, uint64_t off, int *found)
{
	const struct check_event *e = x->e;
	struct galloc *a = x->a;
	uint64_t sz = e->size, wd = off >> 2;
	words_at(a, wd, ((off + sz - 1) >> 2) - wd + 1);
	if (x->acc == GR_READ && sz <= 4 && !(off & 3) && read_multi(g, x, wd))
		return;
	if (x->acc == GR_ATOMIC && sz == 4 && !(off & 3) && atomic_only(g, x, wd)) {
		/* an atomic after atomics, no plain reader */
		struct rec r = { x->me, 0, (e->warp * WARP + l) | x->phase << 10, 0, 1,
				 x->src == NOSRC ? NOSRC : x->src | l, NOSRC };
		if (TAG(a->c[wd]) == T_WIDE)
			r.r2 = (uint32_t)(a->wide[2 * wd + 1] >> 32);
		encode(g, x, wd, &r);
		return;
	}
	for (uint64_t last = (off + sz - 1) >> 2; wd <= last && !*found; wd++)
		*found = word(g, x, l, off, wd);
}

/* a whole warp's access (read or write) of 32 consecutive words p[0..31],
 * lane l on p[l]: 1 when every word is in a state this access leaves as it
 * is or updates with no race possible (nobody's in this epoch, readers of
 * several blocks, this thread's own read or write, a read by one warp of
 * this block or, for a read, of another block), the new words stored; 0,
 * nothing stored, when a lane needs the per-lane path. No race is found
 * on any of these, so the lanes' order does not matter. */
static CHECK_INLINE int warp_words(const struct grace *g, const struct acc *x, uint32_t *p, uint32_t fresh)
{
	/* branch-free, all-ones masks, so that it vectorizes: each lane's word
	 * is compared with the few values it may hold on the fast path */
	const uint32_t tag = x->tag, src = x->src, rm = CW(tag, K_RM, 0), rw = CW(tag, K_RW, src);
	const uint32_t other = x->acc == GR_READ ? CW(tag, K_W, src) : CW(tag, K_R, src);
	uint32_t nv[WARP], ok = ~0u, okr = 1, sv = 0, same = 0;
	/* first the commonest cases, cheaply: no word touched in this epoch
	 * (the first access of a[i]) */
	uint32_t tags = 0; /* bit t: some word has tag t (a variable shift per lane) */
	for (uint32_t l = 0; l < WARP; l++)
		tags |= 1u << (p[l] >> 27);
	if (!(tags & (1u << tag | 1u << T_WIDE))) {
		for (uint32_t l = 0; l < WARP; l++)
			p[l] = fresh | l;
		return 1;
	}
	/* every word already holds this
	 * access's record (this thread's read or write), or readers of several
	 * blocks for a read: nothing changes */
	const uint32_t rmr = x->acc == GR_READ ? rm : fresh, rml = x->acc == GR_READ ? 0 : ~0u;
	for (uint32_t l = 0; l < WARP; l++) {
		uint32_t cw = p[l];
		same |= (uint32_t)(cw != (fresh | l)) & (uint32_t)(cw != (rw | l)) &
			(uint32_t)(cw != (rmr | (l & rml)));
	}
	if (!same)
		return 1;
	if (x->acc == GR_READ && p[0] >> 24 == CW(tag, K_R, 0) >> 24) {
		/* the words another warp read: its descriptor, looked up once;
		 * a read of this block leaves them to this lane, else to RM */
		uint32_t od = (p[0] & 0xffffff) >> 5;
		okr = CW(tag, K_R, od << 5);
		sv = 0 - (uint32_t)(g->d[od].me == x->me);
	}
	for (uint32_t l = 0; l < WARP; l++) {
		uint32_t cw = p[l], t = cw >> 27, vf = fresh | l, vr = rw | l;
		uint32_t isfresh = 0 - (uint32_t)((t != tag) & (t != T_WIDE));
		uint32_t m5 = 0 - (uint32_t)((cw & ~31u) == okr);
		/* nobody's, this thread's own record of this kind, or (read) of a
		 * reader warp of this block */
		uint32_t sf = isfresh | (0 - (uint32_t)(cw == vf)) | (m5 & sv);
		/* readers of several blocks (read), or a reader warp of another */
		uint32_t sm = (0 - (uint32_t)(cw == rm)) & (0 - (uint32_t)(x->acc == GR_READ));
		sm |= m5 & ~sv;
		/* this thread read and wrote it, or wrote (read) or read (write) it */
		uint32_t sr = (0 - (uint32_t)(cw == vr)) | (0 - (uint32_t)(cw == (other | l)));
		nv[l] = (sf & vf) | (sm & rm) | (sr & vr);
		ok &= sf | sm | sr;
	}
	if (!ok)
		return 0;
	memcpy(p, nv, sizeof(nv));
	return 1;
}

/* run k's words set to t[0..RUN-1]: one record when they are one (each
 * lane's own from lane 0 or 16, or all alike), else written out */
static CHECK_INLINE void run_put(struct galloc *a, size_t k, const uint32_t *t)
{
	uint32_t t0 = t[0], lan = t0 & 15u, flat = t0 & 31u;
	for (uint32_t j = 0; j < RUN; j++) {
		lan |= t[j] ^ (t0 + j);
		flat |= t[j] ^ t0;
	}
	if (!lan) {
		a->r[k] = t0;
	} else if (!flat) {
		a->r[k] = t0 | RUN_FLAT;
	} else {
		memcpy(&a->c[k * RUN], t, RUN * sizeof(*t));
		a->r[k] = RUN_EXP;
	}
}

/* warp_words for a whole warp whose lanes 0..15 are on the 16 words at p0
 * and lanes 16..31 on the 16 at p1: over a copy of them side by side,
 * stored back when it took them (1), else 0 and nothing stored */
static CHECK_INLINE int halves_words(const struct grace *g, const struct acc *x, uint32_t *p0, uint32_t *p1,
				     uint32_t fresh)
{
	uint32_t t[WARP];
	memcpy(t, p0, 16 * sizeof(*t));
	memcpy(t + 16, p1, 16 * sizeof(*t));
	if (!warp_words(g, x, t, fresh))
		return 0;
	memcpy(p0, t, 16 * sizeof(*t));
	memcpy(p1, t + 16, 16 * sizeof(*t));
	return 1;
}

/* warp_words for a whole warp whose lanes 0..15 are on the words of run
 * k0 and lanes 16..31 on those of run k1 (k1 = k0 + 1: 32 consecutive
 * words; else two rows of a tile), on the runs' records when neither is
 * written out: runs nobody touched in this epoch take this access's
 * records, runs that hold this thread's records or (a read) readers of
 * several blocks stay, the rest go through warp_words on the words the
 * records stand for (written out only where the result is not one
 * record); else on the words. The same result and state as warp_words on
 * the words, as check_fast and global_warp would run it. */
static CHECK_INLINE int run_words(const struct grace *g, const struct acc *x, size_t k0, size_t k1, uint32_t fresh)
{
	struct galloc *a = x->a;
	uint32_t v0 = a->r[k0], v1 = a->r[k1];
	if (WS_UNLIKELY((v0 | v1) & RUN_EXP)) {
		uint32_t *p0 = words_at(a, k0 * RUN, RUN), *p1 = words_at(a, k1 * RUN, RUN);
		if (k1 == k0 + 1)
			return warp_words(g, x, p0, fresh);
		return halves_words(g, x, p0, p1, fresh);
	}
	const uint32_t tag = x->tag;
	if (TAG(v0) != tag && TAG(v1) != tag) {
		a->r[k0] = fresh;
		a->r[k1] = fresh | 16;
		return 1;
	}
	/* this thread's own records, or (a read) readers of several blocks */
	const uint32_t rw = CW(tag, K_RW, x->src), rmf = CW(tag, K_RM, 0) | RUN_FLAT;
	const int rd = x->acc == GR_READ;
	if ((v0 == fresh || v0 == rw || (rd && v0 == rmf)) &&
	    (v1 == (fresh | 16) || v1 == (rw | 16) || (rd && v1 == rmf)))
		return 1;
	if (rd && v0 >> 24 == CW(tag, K_R, 0) >> 24 && !(v0 & 31u) && v1 == (v0 | 16)) {
		/* a read of the words one other warp read, each lane its own (a
		 * tile's row that another block read first: matmul's a and b):
		 * they become this thread's when that warp is of this block,
		 * else readers of several blocks, as warp_words and run_put
		 * leave them (its read case with one descriptor), without the
		 * passes */
		if (g->d[(v0 & 0xffffff) >> 5].me == x->me) {
			a->r[k0] = fresh;
			a->r[k1] = fresh | 16;
		} else {
			a->r[k0] = rmf;
			a->r[k1] = rmf;
		}
		return 1;
	}
	uint32_t t[WARP];
	run_words_of(v0, t);
	run_words_of(v1, t + 16);
	if (!warp_words(g, x, t, fresh))
		return 0;
	run_put(a, k0, t);
	run_put(a, k1, t + 16);
	return 1;
}

/* A whole warp's 4-byte reads or writes whose half-warps are each on 16
 * consecutive words, the two runs apart (two rows of a 16-wide tile:
 * a[row * n + t * 16 + tx]): warp_words over a copy of the runs side by
 * side (lanes 0..15, then 16..31), stored back when it took them: 1. 0 and
 * nothing stored when the lanes are not so or a lane needs the per-lane
 * path. Its own function, so that check()'s common path stays as it was. */
WS_CLONES static WS_NOINLINE int half_rows(const struct grace *g, const struct acc *x, const uint64_t *la,
					       uint64_t imm, uint32_t fresh)
{
	const uint64_t base = x->a->base, size = x->a->size;
	uint64_t o0 = la[0] + imm - base, o1 = la[16] + imm - base;
	if (((o0 | o1) & 3) || o0 > size || size - o0 < 64 || o1 > size || size - o1 < 64 ||
	    (o1 < o0 + 64 && o0 < o1 + 64) || !check_lanes_linear(la, 4, 0xffffu) ||
	    !check_lanes_linear(la + 16, 4, 0xffffu))
		return 0;
	if (!((o0 | o1) & 63))
		return run_words(g, x, (size_t)(o0 >> 6), (size_t)(o1 >> 6), fresh);
	return halves_words(g, x, words_at(x->a, o0 >> 2, 16), words_at(x->a, o1 >> 2, 16), fresh);
}

/* the atomics (4 bytes) of the lanes of mask, lane l on p[l] of 32
 * consecutive words: 1 when each of their words is nobody's in this epoch
 * or holds an atomic writer (then each gets this lane's atomic record, as
 * lane by lane; the other words stay), 0 and nothing stored else */
static CHECK_INLINE int atomic_words(const struct acc *x, uint32_t *p, uint32_t fresh, uint32_t mask)
{
	const uint32_t tag = x->tag, hwa = CW(tag, K_WA, 0) >> 24;
	uint32_t nv[WARP], ok = ~0u;
	for (uint32_t l = 0; l < WARP; l++) {
		uint32_t cw = p[l], t = cw >> 27, on = 0 - (mask >> l & 1);
		uint32_t isfresh = (uint32_t)(t != tag) & (uint32_t)(t != T_WIDE);
		ok &= ~on | (0 - (isfresh | (uint32_t)(cw >> 24 == hwa)));
		nv[l] = (on & (fresh | l)) | (~on & cw);
	}
	if (!ok)
		return 0;
	memcpy(p, nv, sizeof(nv));
	return 1;
}

/* a whole warp's reads of 32 consecutive bytes (sz 1) or halfwords (sz 2)
 * from an aligned word: 4 / sz lanes per word, one after another. A word
 * nobody's in this epoch, read by this warp or (one descriptor, looked up
 * once) another warp of this block ends up read by the word's last lane;
 * readers of several blocks, or a reader warp of another block, end up
 * RM. 1 when every word is one of these (stored), 0 and nothing stored
 * else. */
static CHECK_INLINE int read_subwords(const struct grace *g, const struct acc *x, uint32_t *p, uint32_t fresh,
			 unsigned sz)
{
	const uint32_t tag = x->tag, src = x->src, rm = CW(tag, K_RM, 0);
	const unsigned per = 4 / sz, nw = WARP / per;
	uint32_t nv[WARP], ok = ~0u, okr = CW(tag, K_R, src), sv = ~0u;
	if (p[0] >> 24 == CW(tag, K_R, 0) >> 24 && (p[0] & ~31u) != okr) {
		uint32_t od = (p[0] & 0xffffff) >> 5;
		okr = CW(tag, K_R, od << 5);
		sv = 0 - (uint32_t)(g->d[od].me == x->me);
	}
	for (uint32_t j = 0; j < nw; j++) {
		uint32_t cw = p[j], t = cw >> 27, last = (j + 1) * per - 1;
		uint32_t isfresh = 0 - ((uint32_t)(t != tag) & (uint32_t)(t != T_WIDE));
		uint32_t mine = 0 - (uint32_t)((cw & ~31u) == (fresh & ~31u));
		uint32_t oth = 0 - (uint32_t)((cw & ~31u) == okr);
		uint32_t sf = isfresh | mine | (oth & sv), sm = (0 - (uint32_t)(cw == rm)) | (oth & ~sv);
		nv[j] = (sf & (fresh | last)) | (sm & rm);
		ok &= sf | sm;
	}
	if (!ok)
		return 0;
	if (nw == 8)
		memcpy(p, nv, 8 * sizeof(*nv)); /* bytes: a fixed size, no call */
	else
		memcpy(p, nv, nw * sizeof(*nv));
	return 1;
}

/* the lanes of mask, in order: the common cases of one aligned word inline,
 * the rest through lane() (*found: a race was reported in this access) */
static CHECK_INLINE void lanes(struct grace *g, struct acc *x, uint32_t mask, uint32_t fresh, int *found)
{
	const struct check_event *e = x->e;
	struct galloc *a = x->a;
	const int acc = x->acc;
	const uint32_t tag = x->tag, src = x->src, me = x->me;
	const uint32_t rm = CW(tag, K_RM, 0), rw = CW(tag, K_RW, src);
	const int simple = e->size <= 4 && src != NOSRC;
	const uint64_t *la = e->lane_addr, base = a->base, size = a->size, sz = e->size;
	uint32_t lastd = NOSRC, lastsame = 0;
	if (simple && sz == 4 && size >= 4 && acc <= GR_WRITE && !*found) {
		/* the loop below's commonest cases for 4-byte words, lane after
		 * lane, up to the first lane that is not one of them (which the
		 * loop then takes from): a word nobody touched in this epoch,
		 * read by readers of several blocks (a lane on the same word as
		 * the last such lane is not looked at again: a naive matrix
		 * product's A[row * K + i], one word a half-warp), or this
		 * thread's own (nb_coalescing's a[i * s] = a[i * s] + 1, lc_aos's
		 * fields: each lane on a word of its own, about 40 host
		 * instructions a lane that way) */
		const uint32_t own = acc == GR_READ ? (uint32_t)K_R : (uint32_t)K_W;
		const uint64_t top = size - 4;
		uint64_t rma = ~(uint64_t)0; /* the address of the last word a read left to readers of several blocks */
		for (; mask; mask &= mask - 1) {
			unsigned l = (unsigned)__builtin_ctz(mask);
			if (la[l] == rma)
				continue; /* the same word as a lane before: still theirs (a broadcast) */
			uint64_t off = la[l] - base;
			if (off > top || (off & 3))
				break;
			size_t wd = (size_t)(off >> 2), k = wd / RUN;
			if (WS_UNLIKELY(!(a->r[k] & RUN_EXP)))
				run_expand(a, k);
			uint32_t *p = &a->c[wd], cw = *p, t = TAG(cw);
			if (t != tag && t != T_WIDE) {
				*p = fresh | l;
				continue;
			}
			if (acc == GR_READ && cw == rm) {
				rma = la[l];
				continue;
			}
			if (t != tag || (cw & 0xffffff) != (src | l))
				break;
			uint32_t kd = KIND(cw);
			if (kd == K_RW || kd == own)
				continue;
			if (kd == K_RM || kd == K_WA)
				break;
			*p = rw | l;
		}
	}
	for (uint32_t mm = mask; mm; mm &= mm - 1) {
		unsigned l = (unsigned)__builtin_ctz(mm);
		uint64_t off = la[l] - base;
		if (WS_UNLIKELY(!ws_range_in(0, size, off, sz)))
			continue;
		if (simple && !(off & (sz - 1))) {
			uint32_t *p = words_at(a, off >> 2, 1), cw = *p, t = TAG(cw);
			if (t != tag && t != T_WIDE && !*found) {
				*p = fresh ? fresh | l : 0;
				continue;
			}
			if (acc == GR_READ && cw == rm)
				continue;
			if (t == tag) {
				uint32_t k = KIND(cw);
				if ((cw & 0xffffff) == (src | l) && k != K_RM && k != K_WA && acc <= GR_WRITE) {
					/* this thread's own record: a read after its read
					 * or write, a write after its write leave it; a read
					 * after its write, a write after its read make it RW */
					if (k == K_RW || k == (acc == GR_READ ? (uint32_t)K_R : (uint32_t)K_W))
						continue;
					if (!*found) {
						*p = rw | l;
						continue;
					}
				}
				if (acc == GR_ATOMIC && k == K_WA && sz == 4) {
					*p = fresh | l;
					continue;
				}
				if (acc == GR_READ && k == K_R && !*found) {
					uint32_t d = (cw & 0xffffff) >> 5;
					if (d != lastd) {
						lastd = d;
						lastsame = g->d[d].me == me;
					}
					*p = lastsame ? fresh | l : rm;
					continue;
				}
			}
		}
		lane(g, x, l, off, found);
	}
}

/* allocation a's first access in this epoch clears its words when their
 * tags of 30 epochs back would return */
static CHECK_INLINE void galloc_epoch(struct grace *g, struct galloc *a)
{
	if (WS_UNLIKELY(a->seen != g->epoch)) {
		if (g->epoch - a->cleared >= NTAGS) {
			memset(a->r, 0, a->nr * sizeof(uint32_t)); /* every run empty, none written out */
			a->cleared = g->epoch;
		}
		a->seen = g->epoch;
	}
}

/* check()'s first part: the access's context (x, *fresh), then the whole
 * warp's cases that take all their lanes at once or none (consecutive
 * words, two rows, bytes and halfwords, atomics of some lanes): 1 when
 * the access is done (or needs nothing: volatile), else 0 with nothing
 * changed but the context, which check() goes on with. Only the fields of
 * e that a fast path asks are read: access, sem, mask, size, lane_addr,
 * slot, warp, block, phase, addr and bytes (global_warp's offers). Lane
 * l's address is e->lane_addr[l] + imm (global_access passes the
 * machine's rows and offset, check() 0): the lanes' shape tests here
 * compare differences of 64-bit addresses only (check_warp_linear, and
 * check_lanes_linear of masks not whole), which the offset does not
 * change, so only the offsets from the allocation's base add it. */
static CHECK_INLINE int check_fast(struct grace *g, const struct check_event *e, struct acc *x, uint32_t *freshp,
				   uint64_t imm)
{
	int acc = e->access == CHECK_ATOMIC ? GR_ATOMIC : e->access == CHECK_WRITE ? GR_WRITE : GR_READ;
	if (e->sem != SEM_WEAK && e->sem != SEM_VOLATILE && acc <= GR_WRITE)
		acc = acc == GR_WRITE ? GR_ATOMIC : GR_ATOMIC_READ;
	if (e->sem == SEM_VOLATILE)
		return 1;
	x->e = e;
	x->a = galloc_get(g, e->addr, e->bytes);
	x->acc = acc;
	x->phase = e->phase & 0x3fffff;
	const struct dcache *cx = ctx_get(g, e->slot, e->warp, e->block, x->phase);
	x->me = cx->me;
	x->tag = cx->tag;
	x->shape = -1;
	struct galloc *a = x->a;
	galloc_epoch(g, a);
	x->src = cx->desc == NOSRC ? NOSRC : cx->desc << 5;
	/* the common cases inline: a word nobody touched in this epoch, read
	 * by several blocks, updated by atomics only, read by this block
	 * only, or last read or written by this same thread; a whole warp on
	 * 32 consecutive words in one pass; every lane on one word once */
	const uint32_t fresh = acc == GR_READ ? CW(x->tag, K_R, x->src) : acc == GR_WRITE ? CW(x->tag, K_W, x->src) :
			       acc == GR_ATOMIC ? CW(x->tag, K_WA, x->src) : 0;
	*freshp = fresh;
	const int simple = e->size <= 4 && x->src != NOSRC; /* one word per lane when aligned */
	const uint64_t *la = e->lane_addr, base = a->base, size = a->size, sz = e->size;
	uint32_t mask = e->mask;
	if (!simple || !mask)
		return 0;
	if (mask == 0xffffffffu && acc <= GR_ATOMIC && (sz == 4 || acc == GR_READ) &&
	    la[1] - la[0] == sz) {
		/* a whole warp on consecutive elements (a[i] with i the thread
		 * index): one range and alignment test, then one pass */
		uint64_t o0 = la[0] + imm - base;
		if (!(o0 & 3) && o0 <= size && size - o0 >= WARP * sz && check_warp_linear(la, (uint32_t)sz)) {
			if (sz == 4 && acc != GR_ATOMIC) {
				if (!(o0 & 63) ? run_words(g, x, (size_t)(o0 >> 6), (size_t)(o0 >> 6) + 1, fresh) :
				    warp_words(g, x, words_at(a, o0 >> 2, WARP), fresh))
					return 1;
			} else {
				uint32_t *p = words_at(a, o0 >> 2, WARP * sz / 4);
				if (sz < 4 ? read_subwords(g, x, p, fresh, (unsigned)sz) : atomic_words(x, p, fresh, mask))
					return 1;
			}
		} else if (acc <= GR_WRITE && sz == 4 && half_rows(g, x, la, imm, fresh)) {
			return 1;
		}
	}
	if (acc == GR_ATOMIC && sz == 4 && mask != 0xffffffffu && (mask & (mask - 1))) {
		/* some lanes of a warp, each on its own word of 32 consecutive
		 * ones (bins[threadIdx.x] under an if): one pass */
		unsigned l0 = (unsigned)__builtin_ctz(mask);
		uint64_t o = la[l0] + imm - base - 4 * (uint64_t)l0; /* lane 0's word, were it on */
		if (!(o & 3) && o <= size && size - o >= WARP * 4 &&
		    (__builtin_popcount(mask) >= 8 ? check_warp_linear_mask(la, 4, mask) : check_lanes_linear(la, 4, mask)) &&
		    atomic_words(x, words_at(a, o >> 2, WARP), fresh, mask))
			return 1;
	}
	return 0;
}

WS_CLONES static void check(struct grace *g, const struct check_event *e)
{
	struct acc x;
	uint32_t fresh = 0;
	if (check_fast(g, e, &x, &fresh, 0))
		return;
	struct galloc *a = x.a;
	const int acc = x.acc;
	const int simple = e->size <= 4 && x.src != NOSRC; /* one word per lane when aligned */
	const uint64_t *la = e->lane_addr, base = a->base, size = a->size, sz = e->size;
	uint32_t mask = e->mask;
	int found = 0;
	if (!simple || !mask) {
		lanes(g, &x, mask, fresh, &found);
		return;
	}
	if (mask & (mask - 1)) {
		/* every lane on one word (a broadcast, a[row * n + k]): the first
		 * lane as usual, and then, when it left the word as one reader
		 * or atomic writer of this warp or readers of several blocks,
		 * the others would each put their own lane there: the last one's */
		unsigned l0 = (unsigned)__builtin_ctz(mask), last = 31 - (unsigned)__builtin_clz(mask);
		uint64_t a0 = la[l0];
		if (la[last] == a0 && check_lanes_linear(la, 0, mask)) {
			uint64_t off = a0 - base;
			lanes(g, &x, 1u << l0, fresh, &found);
			if (!ws_range_in(0, size, off, sz))
				return; /* every lane is outside */
			if (!found && !(off & (sz - 1))) {
				uint32_t *p = words_at(a, off >> 2, 1), cw = *p;
				if (acc == GR_READ && cw == CW(x.tag, K_RM, 0))
					return;
				if ((acc == GR_READ && cw == CW(x.tag, K_R, x.src | l0)) ||
				    (acc == GR_ATOMIC && sz == 4 && cw == CW(x.tag, K_WA, x.src | l0))) {
					*p = fresh | last;
					return;
				}
			}
			mask &= mask - 1;
		}
	}
	lanes(g, &x, mask, fresh, &found);
}

/* global_access's two commonest offers without the event check_fast reads
 * (its 13 fields stored, the access's kind and semantics tested again):
 * a whole warp's weak reads of 32 consecutive bytes or halfwords (bytes
 * of an array, data[i]) and a warp's atomics of 4 bytes on consecutive
 * words, some lanes or all (bins[threadIdx.x] under an if); global_access
 * chose them by the offer's fields. check_fast's steps for these, in its
 * order, with the same state left, and 0 wherever it returns 0 for them
 * (the context made, nothing else changed). histogram's two offers a warp
 * were about 500 host instructions each with the machine's side. */
static CHECK_INLINE int gaccess_lean(struct grace *g, const struct check_gaccess *r)
{
	struct acc x;
	x.e = NULL; /* no path here reports or reads the event */
	x.a = galloc_get(g, r->addr, r->bytes);
	x.acc = r->access == CHECK_ATOMIC ? GR_ATOMIC : GR_READ;
	x.phase = r->phase & 0x3fffff;
	const struct dcache *cx = ctx_get(g, r->slot, r->warp, r->block, x.phase);
	x.me = cx->me;
	x.tag = cx->tag;
	x.shape = -1;
	struct galloc *a = x.a;
	galloc_epoch(g, a);
	if (cx->desc == NOSRC)
		return 0; /* check_fast's `simple` false */
	x.src = cx->desc << 5;
	const uint64_t *la = r->A, base = a->base, size = a->size, sz = r->size, imm = r->imm;
	const uint32_t mask = r->mask;
	if (x.acc == GR_READ) {
		const uint32_t fresh = CW(x.tag, K_R, x.src);
		uint64_t o0 = la[0] + imm - base;
		if (!(la[1] - la[0] == sz && !(o0 & 3) && o0 <= size && size - o0 >= WARP * sz &&
		      check_warp_linear(la, (uint32_t)sz)))
			return 0;
		uint32_t *p = words_at(a, o0 >> 2, WARP * sz / 4);
		if (sz == 1) {
			/* 8 words nobody touched in this epoch (each block's bytes of
			 * data[i]): read_subwords leaves each to its last lane */
			uint32_t used = 0;
			for (uint32_t j = 0; j < 8; j++) {
				uint32_t t = p[j] >> 27;
				used |= (uint32_t)(t == x.tag) | (uint32_t)(t == T_WIDE);
			}
			if (!used) {
				for (uint32_t j = 0; j < 8; j++)
					p[j] = fresh | (4 * j + 3);
				return 1;
			}
		}
		return read_subwords(g, &x, p, fresh, (unsigned)sz);
	}
	const uint32_t fresh = CW(x.tag, K_WA, x.src);
	if (mask == 0xffffffffu) {
		uint64_t o0 = la[0] + imm - base;
		return la[1] - la[0] == 4 && !(o0 & 3) && o0 <= size && size - o0 >= WARP * 4 &&
		       check_warp_linear(la, 4) && atomic_words(&x, words_at(a, o0 >> 2, WARP), fresh, mask);
	}
	unsigned l0 = (unsigned)__builtin_ctz(mask);
	uint64_t o = la[l0] + imm - base - 4 * (uint64_t)l0; /* lane 0's word, were it on */
	return !(o & 3) && o <= size && size - o >= WARP * 4 &&
	       (__builtin_popcount(mask) >= 8 ? check_warp_linear_mask(la, 4, mask) : check_lanes_linear(la, 4, mask)) &&
	       atomic_words(&x, words_at(a, o >> 2, WARP), fresh, mask);
}

/* struct checker's global_access: check_fast on the event's fields (no
 * span, machine or flags: the fast paths report nothing), taken when it
 * takes them; else 0 and nothing changed but the context (the event
 * follows, and check() finds the same). The lanes are the machine's rows
 * and offset as they come (check_fast adds the offset where it counts):
 * writing the 32 addresses out was 26 instructions of each of
 * histogram's 65,536 offers. */
WS_CLONES static int global_access(void *self, const struct check_gaccess *r)
{
	struct grace *g = self;
	if (r->mask & (r->mask - 1) && gaccess_on &&
	    ((r->access == CHECK_READ && r->sem == SEM_WEAK && r->mask == ~0u && (r->size == 1 || r->size == 2)) ||
	     (r->access == CHECK_ATOMIC && r->sem != SEM_VOLATILE && r->size == 4)))
		return gaccess_lean(g, r);
	struct check_event e;
	e.kind = CEV_ACCESS;
	e.w = r->w;
	e.mask = r->mask;
	e.size = r->size;
	e.access = r->access;
	e.sem = r->sem;
	e.lane_addr = r->A;
	e.slot = r->slot;
	e.warp = r->warp;
	e.phase = r->phase;
	e.block = r->block;
	e.addr = r->addr;
	e.bytes = r->bytes;
	struct acc x;
	uint32_t fresh;
	return check_fast(g, &e, &x, &fresh, r->imm);
}

/* struct checker's global_warp: a full warp's weak 4-byte read or write on
 * 32 consecutive words, or on two runs of 16 (two rows of a tile), taken
 * when warp_words takes it, as check_fast would (its first two paths: the
 * warp on consecutive words, half_rows) with the same state left; else 0
 * and nothing changed but the context (the event follows, and check()
 * finds the same). What it saves is the event: building it, publishing
 * it, and check()'s tests of what the machine already knows (the mask,
 * the size, the semantics, the lanes' shape). */
WS_CLONES static WS_NOINLINE int global_warp_all(struct grace *g, const struct check_gwarp *r)
{
	struct acc x;
	x.e = NULL;
	x.a = galloc_get(g, r->addr, r->bytes);
	x.acc = r->write ? GR_WRITE : GR_READ;
	x.phase = r->phase & 0x3fffff;
	const struct dcache *cx = ctx_get(g, r->slot, r->warp, r->block, x.phase);
	if (cx->desc == NOSRC)
		return 0;
	x.me = cx->me;
	x.tag = cx->tag;
	x.shape = -1;
	x.src = cx->desc << 5;
	struct galloc *a = x.a;
	galloc_epoch(g, a);
	const uint32_t fresh = CW(x.tag, r->write ? K_W : K_R, x.src);
	/* every lane inside the allocation and aligned (the machine's test) */
	uint64_t o0 = r->a0 - a->base, o1 = r->a16 - a->base;
	if (!((o0 | o1) & 63) && (o1 >= o0 + 64 || o0 >= o1 + 64)) /* two runs, apart */
		return run_words(g, &x, (size_t)(o0 >> 6), (size_t)(o1 >> 6), fresh);
	if (o1 == o0 + 64)
		return warp_words(g, &x, words_at(a, o0 >> 2, WARP), fresh);
	if (o1 < o0 + 64 && o0 < o1 + 64)
		return 0; /* the runs overlap: lane by lane */
	uint32_t t[WARP], *p0 = words_at(a, o0 >> 2, 16), *p1 = words_at(a, o1 >> 2, 16);
	memcpy(t, p0, 16 * sizeof(*t));
	memcpy(t + 16, p1, 16 * sizeof(*t));
	if (!warp_words(g, &x, t, fresh))
		return 0;
	memcpy(p0, t, 16 * sizeof(*t));
	memcpy(p1, t + 16, 16 * sizeof(*t));
	return 1;
}

/* The machine's offer of a full warp's 4-byte access of two runs apart
 * (struct check_gwarp): what global_warp_all does when the allocation is
 * the warp's context the last one made (ctx_get's first test), the
 * allocation one of the last four and seen in this epoch (galloc_get and
 * galloc_epoch change nothing then) and each run empty in this epoch or
 * this thread's own (run_words' first cases); anything else, before any
 * change, is global_warp_all's. No frame for the general cases' arrays,
 * no registers saved for them: vecadd's accesses took about 140
 * instructions each, its second and third of a warp now about 70. */
WS_CLONES static int global_warp(void *self, const struct check_gwarp *r)
{
	struct grace *g = self;
	const struct dcache *c = g->lastc;
	if (WS_UNLIKELY(!c || r->slot != g->lslot || r->warp != g->lwarp || g->depoch != g->epoch ||
			c->epoch != g->epoch + 1 || c->block != r->block || c->phase != (r->phase & 0x3fffff)))
		return global_warp_all(g, r);
	struct galloc *a = NULL;
	for (int k = 0; k < 4; k++) {
		struct galloc *l = g->last[k];
		if (l && l->base == r->addr && l->size == r->bytes) {
			a = l;
			break;
		}
	}
	if (WS_UNLIKELY(!a || a->seen != g->epoch))
		return global_warp_all(g, r);
	if (c->desc == NOSRC)
		return 0;
	uint64_t o0 = r->a0 - a->base, o1 = r->a16 - a->base;
	if (((o0 | o1) & 63) || (o1 < o0 + 64 && o0 < o1 + 64))
		return global_warp_all(g, r);
	size_t k0 = (size_t)(o0 >> 6), k1 = (size_t)(o1 >> 6);
	uint32_t v0 = a->r[k0], v1 = a->r[k1];
	const uint32_t tag = c->tag, src = c->desc << 5, fresh = CW(tag, r->write ? K_W : K_R, src);
	if ((v0 | v1) & RUN_EXP)
		return global_warp_all(g, r);
	if (TAG(v0) != tag && TAG(v1) != tag) {
		a->r[k0] = fresh;
		a->r[k1] = fresh | 16;
		return 1;
	}
	const uint32_t rw = CW(tag, K_RW, src), rmf = CW(tag, K_RM, 0) | RUN_FLAT;
	const int rd = !r->write;
	if ((v0 == fresh || v0 == rw || (rd && v0 == rmf)) &&
	    (v1 == (fresh | 16) || v1 == (rw | 16) || (rd && v1 == rmf)))
		return 1;
	return global_warp_all(g, r);
}

static void grace_event(void *self, const struct check_event *e)
{
	struct grace *g = self;
	switch (e->kind) {
	case CEV_ACCESS:
		if (e->slot >= 0 && (e->region == CR_GLOBAL || e->region == CR_MANAGED ||
				     e->region == CR_HOST))
			check(g, e);
		break;
	case CEV_LAUNCH:
		g->epoch++; /* a new launch: earlier accesses are ordered before it */
		break;
	case CEV_FENCE:
		/* the cluster scope orders shared memory only (the shared checker) */
		if (e->arg != SCOPE_CTA && e->arg != SCOPE_CLUSTER)
			g->epoch++;
		break;
	case CEV_SYNC:
		if (!e->b)
			g->epoch++;
		break;
	case CEV_UNDEFINED:
		/* cudaMalloc (or a graph's or a kernel's malloc): the shadow is
		 * made with the allocation, as compute-sanitizer's is, rather
		 * than by the first kernel that touches it (its pages populated
		 * inside that launch were a third of what the checkers added to
		 * vecadd at 2^14 elements; docs/PERFORMANCE.md, ninth session);
		 * the same zeroed shadow either way */
		galloc_get(g, e->addr, e->bytes);
		break;
	case CEV_FREE:
		drop(g, e->addr);
		break;
	default:
		break;
	}
}

const struct checker check_race_global = {
	.name = "global",
	.what = "global-memory races between blocks, and between threads of a block with no barrier between",
	.events = CEV_BIT(CEV_ACCESS) | CEV_BIT(CEV_LAUNCH) | CEV_BIT(CEV_FENCE) | CEV_BIT(CEV_SYNC) |
		  CEV_BIT(CEV_FREE) | CEV_BIT(CEV_UNDEFINED),
	.regions = (1u << CR_GLOBAL) | (1u << CR_MANAGED) | (1u << CR_HOST),
	.create = grace_create,
	.destroy = grace_destroy,
	.clone = grace_clone,
	.event = grace_event,
	.global_warp = global_warp,
	.global_access = global_access,
};
