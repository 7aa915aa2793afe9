/*
 * memmodel.c - the relaxed memory model: an operational, view-based version
 * of the PTX scoped model (memmodel.h has the contract, docs/memory-model.md
 * the teacher's version).
 *
 * State:
 * - locations (global addresses, created at first access with the value in
 *   memory as their initial write, id 0), each with its writes in coherence
 *   order (h), oldest first;
 * - threads (block linear, thread linear): cur, the view (per location the
 *   id of the oldest write it may read; missing = initial write); relf, the
 *   view at its last release fence and that fence's scope; acq, the writes
 *   its strong reads read (an acquire fence joins their release views);
 * - SC views for fence.sc: one per block (cta) and one for the device;
 * - deferred loads (load buffering).
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <stdio.h>

#include "memmodel.h"

#define MM_HISTORY 32 /* writes kept per location outside exploration */
/* View entries from CLK_BASE on are not locations but thread clocks: entry
 * CLK_BASE + i is the last clock tick of thread i known to the view's owner
 * (joined by maximum). A thread ticks at a fence or a release write while
 * it has a deferred load; the views carry ticks exactly along
 * synchronization (release/acquire, fence.sc order, barriers), so a write
 * whose writer knows a tick newer than a deferred load is in causality
 * order after that load, which must not read it. */
#define CLK_BASE 0x40000000u

struct mm_ve { uint32_t loc, id; };
struct mm_view {                /* sparse, sorted by location; missing = initial write */
	struct mm_ve *v;
	uint32_t n, cap;
};

struct mm_msg {
	uint64_t val;
	uint32_t id;
	int32_t thr;            /* writer thread index, -1 initial */
	uint32_t blk;
	int32_t rmw_from;       /* id an RMW read, -1 */
	int32_t rel;            /* release view (mm->vpool), -1 */
	uint8_t strong, scope, relscope;
};

struct mm_loc {
	uint64_t addr;
	uint32_t size, nextid;
	VEC(struct mm_msg) h;
};

struct mm_acq { uint32_t loc, id; };

struct mm_slot {
	int used;
	uint32_t blk;
	struct mm_view sc;      /* fence.sc.cta order of the block */
	struct mm_view bar;     /* the view its last bar.sync gave every thread */
};

struct mm_thr {
	uint64_t key;
	int used;
	uint32_t blk, tid;
	struct mm_view cur, relf;
	int has_relf;
	uint8_t relf_scope;
	VEC(struct mm_acq) acq;
	uint32_t po;
};

struct mm_fb { uint32_t lane, loc, id; };

/* one entry of the event log the Order pane and m:mm_events() show */
struct mm_lev {
	struct machine_mm_ev ev;
	uint32_t loc, id;       /* location; id written (writes, RMWs) */
	uint32_t rid;           /* id read (reads, RMWs) */
	char *why;              /* reads: why it read that write */
};
#define MM_EVLOG_MAX 4096

struct mm_defer {
	struct warp *w;
	struct frame *fr;
	const struct ir_insn *in;
	int32_t reg[4];          /* the destination and its copies (MOV) */
	int nreg;
	int passed;              /* a later store was performed before it */
	uint32_t mask;
	uint32_t c0;             /* the clock when it was deferred: later ticks are after it */
	uint8_t fscopes;         /* the scopes of the fences it was deferred past (1 << scope) */
	uint64_t addr[WS_WARP];
	uint32_t lo[WS_WARP];    /* each lane's view of its location at the load */
	uint32_t loc[WS_WARP];   /* each lane's location */
	uint32_t po[WS_WARP];    /* each lane's place in program order (recorded as such) */
	VEC(struct mm_fb) forbid; /* writes in causality order after it (lane, location, id) */
};

struct memmodel {
	struct machine *m;
	VEC(struct mm_loc) locs;
	VEC(struct mm_thr) thr;
	VEC(struct mm_view) vpool;
	struct mm_view scv_gpu;        /* the device's fence.sc order (gpu and sys fences of the device) */
	struct mm_view scv_sys;        /* the system's: sys fences of the device and of the host */
	size_t hbase;                  /* index of host thread 0 in thr (after the device's) */
	int hbase_set;
	VEC(struct mm_slot) slots;     /* per resident block slot */
	uint64_t *hkey;                /* location hash: address + 1 -> index */
	uint32_t *hval;
	size_t hcap;
	uint32_t tpb;                  /* threads per block of the grid (thread index) */
	VEC(struct mm_defer) defer;
	VEC(char *) log;
	machine_chooser_fn choose;
	void *ctx;
	int sc;                        /* sequentially consistent: only scheduling choices */
	int shared_sc;                 /* shared memory stays sequentially consistent */
	int quiet;                     /* exploring: no explanation log */
	uint64_t salt;                 /* the decision under way (kind, thread), for the state hash */
	VEC(int) replay;               /* --schedule: the choices to make */
	size_t replay_at;
	int stopped;
	struct machine_mm_recorder rec; /* an observer of the execution (rec.event NULL: none) */
	uint32_t clk;                  /* the last clock tick given (CLK_BASE) */
	uint32_t nbar;                 /* barrier instances (recording) */
	VEC(struct mm_lev) evl;        /* the event log of this launch (machine_mm_event_get) */
	uint32_t evdrop;               /* events left out of evl since the launch (it is full) */
};

/* ---- small helpers */

static uint64_t mix(uint64_t h, uint64_t v)
{
	h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
	h *= 0xbf58476d1ce4e5b9ull;
	return h ^ (h >> 31);
}

static int mm_choose(struct memmodel *mm, int kind, int n)
{
	if (n <= 1 || (mm->sc && kind != CK_SCHED))
		return 0;
	if (mm->choose) {
		mm->salt = mm->salt * 31 + (uint64_t)kind * 1000003u + (uint64_t)n;
		int k = mm->choose(mm->ctx, kind, n);
		mm->salt = 0;
		if (k < 0) {
			mm->stopped = 1;
			machine_exit(mm->m, 0);
			return 0;
		}
		return k < n ? k : n - 1;
	}
	if (mm->m->o.sched == SCHED_RANDOM)
		return (int)(machine_rand(mm->m) % (uint64_t)n);
	return 0;
}

static void mm_logf(struct memmodel *mm, const char *fmt, ...) WS_PRINTF(2, 3);
static void mm_logf(struct memmodel *mm, const char *fmt, ...)
{
	if (mm->quiet || mm->log.len >= 1000)
		return; /* exploration: no log */
	char buf[256];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	size_t n = strlen(buf) + 1;
	char *s = xmalloc(n);
	memcpy(s, buf, n);
	vec_push(&mm->log, s);
}

/* a location as the student wrote it: "x", "r[1]", else its address */
static const char *lname(const struct memmodel *mm, uint64_t addr, unsigned size, char buf[64])
{
	machine_addr_name(mm->m, addr, size, buf, 64);
	return buf;
}

/* ---- the event log (machine_mm_event_get) */

static int pos_of(const struct mm_loc *L, uint32_t id);

static void evlog_clear(struct memmodel *mm)
{
	for (size_t i = 0; i < mm->evl.len; i++)
		free(mm->evl.v[i].why);
	mm->evl.len = 0;
	mm->evdrop = 0;
}

static int evlog_on(const struct memmodel *mm)
{
	return !mm->quiet && !mm->sc;
}

static uint64_t sext(uint64_t v, unsigned sz)
{
	if (sz >= 8 || !sz)
		return v;
	uint64_t sign = (uint64_t)1 << (8 * sz - 1);
	v &= (sign << 1) - 1;
	return (v ^ sign) - sign;
}

/* the event of the write id of loc, -1 the initial value, -2 not logged */
static int evlog_writer(const struct memmodel *mm, uint32_t loc, uint32_t id)
{
	if (!id)
		return -1;
	for (size_t i = mm->evl.len; i-- > 0;) {
		const struct mm_lev *e = &mm->evl.v[i];
		if ((e->ev.kind == MM_EV_WRITE || e->ev.kind == MM_EV_RMW) && e->loc == loc && e->id == id)
			return (int)i;
	}
	return -2;
}

/* append an event of thread t; loc/rid/wid where they apply (else 0) */
static void evlog(struct memmodel *mm, int kind, const struct mm_thr *t, uint32_t loc, uint32_t rid,
		  uint32_t wid, uint64_t rval, uint64_t wval, int strong, unsigned scope, unsigned sem,
		  uint32_t po, int line, int choices, int newer, char *why)
{
	if (!evlog_on(mm) || mm->evl.len >= MM_EVLOG_MAX) {
		if (evlog_on(mm))
			mm->evdrop++;
		free(why);
		return;
	}
	struct mm_lev e;
	memset(&e, 0, sizeof(e));
	e.ev.kind = kind;
	e.ev.host = MACHINE_MM_IS_HOST(t->blk);
	e.ev.block = e.ev.host ? (int)(t->blk - MACHINE_MM_HOST_BLOCK) : (int)t->blk;
	e.ev.thread = (int)t->tid;
	e.ev.po = po;
	e.ev.strong = strong;
	e.ev.scope = (int)scope;
	e.ev.sem = (int)sem;
	e.ev.line = line;
	e.ev.rf = -1;
	e.ev.co = 0;
	e.ev.choices = choices;
	e.ev.newer = newer;
	e.loc = loc;
	e.id = wid;
	e.rid = rid;
	e.why = why;
	if (kind == MM_EV_READ || kind == MM_EV_WRITE || kind == MM_EV_RMW) {
		const struct mm_loc *L = &mm->locs.v[loc];
		e.ev.addr = L->addr;
		e.ev.size = (int)L->size;
		e.ev.val = sext(kind == MM_EV_READ ? rval : wval, L->size);
		e.ev.rval = sext(rval, L->size);
		if (kind != MM_EV_WRITE)
			e.ev.rf = evlog_writer(mm, loc, rid);
	}
	vec_push(&mm->evl, e);
}

static char *evlog_why(struct memmodel *mm, const struct mm_thr *t, const struct mm_loc *L, int p, int lo,
		       int rmw)
{
	if (!evlog_on(mm) || mm->evl.len >= MM_EVLOG_MAX)
		return NULL;
	char name[64], buf[700];
	const struct mm_msg *msg = &L->h.v[p];
	int last = (int)L->h.len - 1;
	machine_addr_name(mm->m, L->addr, L->size, name, sizeof(name));
	long long v = (long long)sext(msg->val, L->size);
	char from[96];
	if (msg->thr < 0)
		snprintf(from, sizeof(from), "the initial value");
	else if (MACHINE_MM_IS_HOST(msg->blk))
		snprintf(from, sizeof(from), "the write of host thread %u", mm->thr.v[msg->thr].tid);
	else
		snprintf(from, sizeof(from), "the write of block %u thread %u", msg->blk, mm->thr.v[msg->thr].tid);
	if (rmw)
		snprintf(buf, sizeof(buf), "read %s = %lld from %s: an atomic read-modify-write always reads the latest write in coherence order",
			 name, v, from);
	else if (p < last) {
		const struct mm_msg *nw = &L->h.v[last];
		char who[64];
		if (MACHINE_MM_IS_HOST(nw->blk))
			snprintf(who, sizeof(who), "host thread %u", nw->thr >= 0 ? mm->thr.v[nw->thr].tid : 0);
		else
			snprintf(who, sizeof(who), "block %u thread %u", nw->blk, nw->thr >= 0 ? mm->thr.v[nw->thr].tid : 0);
		snprintf(buf, sizeof(buf), "read %s = %lld (%s), an older value: the newer write %s = %lld by %s was not visible to it yet, because nothing (a fence on both sides, a barrier, release/acquire) ordered that write before this load",
			 name, v, from, name, (long long)sext(nw->val, L->size), who);
	} else if (p == lo && lo > 0)
		snprintf(buf, sizeof(buf), "read %s = %lld from %s, the only write it could read: it had already seen that write (program order, or a fence, barrier or acquire that made it visible), so no older one remained",
			 name, v, from);
	else if (lo == last)
		snprintf(buf, sizeof(buf), "read %s = %lld from %s, the only write of %s so far", name, v, from, name);
	else
		snprintf(buf, sizeof(buf), "read %s = %lld from %s, the latest of the %d writes still visible to it (the model may also let it read an older one)",
			 name, v, from, last - lo + 1);
	(void)t;
	size_t n = strlen(buf) + 1;
	char *s = xmalloc(n);
	memcpy(s, buf, n);
	return s;
}

int machine_mm_nevents(const struct machine *m, int *dropped)
{
	if (dropped)
		*dropped = m->mm ? (int)m->mm->evdrop : 0;
	return m->mm ? (int)m->mm->evl.len : 0;
}

int machine_mm_event_get(const struct machine *m, int i, struct machine_mm_ev *ev)
{
	const struct memmodel *mm = m->mm;
	if (!mm || i < 0 || (size_t)i >= mm->evl.len)
		return -1;
	const struct mm_lev *e = &mm->evl.v[i];
	*ev = e->ev;
	if ((e->ev.kind == MM_EV_WRITE || e->ev.kind == MM_EV_RMW) && e->loc < mm->locs.len)
		ev->co = pos_of(&mm->locs.v[e->loc], e->id);
	return 0;
}

const char *machine_mm_event_why(const struct machine *m, int i)
{
	const struct memmodel *mm = m->mm;
	if (!mm || i < 0 || (size_t)i >= mm->evl.len)
		return NULL;
	return mm->evl.v[i].why;
}

/* index of the first entry with location >= loc */
static uint32_t vfind(const struct mm_view *v, uint32_t loc)
{
	uint32_t lo = 0, hi = v->n;
	while (lo < hi) {
		uint32_t mid = (lo + hi) / 2;
		if (v->v[mid].loc < loc)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static uint32_t vget(const struct mm_view *v, uint32_t loc)
{
	uint32_t i = vfind(v, loc);
	return i < v->n && v->v[i].loc == loc ? v->v[i].id : 0;
}

static void vset(struct mm_view *v, uint32_t loc, uint32_t id)
{
	uint32_t i = vfind(v, loc);
	if (i < v->n && v->v[i].loc == loc) {
		v->v[i].id = id;
		return;
	}
	if (v->n == v->cap) {
		v->cap = v->cap ? v->cap * 2 : 4;
		v->v = xrealloc(v->v, v->cap * sizeof(*v->v));
	}
	memmove(&v->v[i + 1], &v->v[i], (v->n - i) * sizeof(*v->v));
	v->v[i].loc = loc;
	v->v[i].id = id;
	v->n++;
}

static int pos_of(const struct mm_loc *L, uint32_t id)
{
	for (size_t i = 0; i < L->h.len; i++)
		if (L->h.v[i].id == id)
			return (int)i;
	return 0;
}

/* dst := dst join src; returns 1 if dst changed */
static int vjoin(struct memmodel *mm, struct mm_view *dst, const struct mm_view *src)
{
	int ch = 0;
	for (uint32_t k = 0; k < src->n; k++) {
		uint32_t l = src->v[k].loc;
		if (l >= CLK_BASE) {
			if (src->v[k].id > vget(dst, l)) {
				vset(dst, l, src->v[k].id);
				ch = 1;
			}
			continue;
		}
		if (l >= mm->locs.len)
			continue;
		struct mm_loc *L = &mm->locs.v[l];
		uint32_t a = vget(dst, l), b = src->v[k].id;
		if (a != b && pos_of(L, b) > pos_of(L, a)) {
			vset(dst, l, b);
			ch = 1;
		}
	}
	return ch;
}

static void vcopy(struct mm_view *dst, const struct mm_view *src)
{
	if (dst->cap < src->n) {
		dst->cap = src->n;
		dst->v = xrealloc(dst->v, dst->cap * sizeof(*dst->v));
	}
	dst->n = src->n;
	if (src->n)
		memcpy(dst->v, src->v, src->n * sizeof(*src->v));
}

static int32_t vsave(struct memmodel *mm, const struct mm_view *src)
{
	struct mm_view v = { NULL, 0, 0 };
	vcopy(&v, src);
	vec_push(&mm->vpool, v);
	return (int32_t)mm->vpool.len - 1;
}

/* does a scope-S operation of a thread in block a include a thread of block
 * b: cta the same block (a host thread is a block of its own), gpu every
 * device thread, sys every thread, the host's included */
static int covers(unsigned scope, uint32_t a, uint32_t b)
{
	if (scope == SCOPE_CTA)
		return a == b;
	if (scope == SCOPE_CLUSTER) /* NEEDSWORK: a cluster of one block until clusters are launched */
		return a == b;
	if (scope == SCOPE_GPU)
		return a == b || (!MACHINE_MM_IS_HOST(a) && !MACHINE_MM_IS_HOST(b));
	return 1;
}

static void sem_of(const struct ir_insn *in, int *strong, unsigned *scope)
{
	/* cache hints are hints (PTX): weak stays weak, except ld.cv ("fetch
	 * again"), taken as volatile */
	*strong = in->sem != SEM_WEAK ||
		  (in->op == IR_LD && (in->flags & IRF_CACHE_MASK) == CACHE_CV);
	*scope = in->sem == SEM_VOLATILE || in->scope == SCOPE_NONE ? SCOPE_SYS : in->scope;
}

static unsigned scope_of(const struct ir_insn *in)
{
	int strong;
	unsigned scope;
	sem_of(in, &strong, &scope);
	return scope;
}

static int is_acq(unsigned sem) { return sem == SEM_ACQUIRE || sem == SEM_ACQ_REL || sem == SEM_SC; }
static int is_rel(unsigned sem) { return sem == SEM_RELEASE || sem == SEM_ACQ_REL || sem == SEM_SC; }

/* the state kept for a resident block slot (reset when a new block takes it) */
static struct mm_slot *slot_get(struct memmodel *mm, int slot, uint32_t blk)
{
	while (mm->slots.len <= (size_t)slot) {
		struct mm_slot z;
		memset(&z, 0, sizeof(z));
		vec_push(&mm->slots, z);
	}
	struct mm_slot *sl = &mm->slots.v[slot];
	if (!sl->used || sl->blk != blk) {
		sl->used = 1;
		sl->blk = blk;
		sl->sc.n = 0;
		sl->bar.n = 0;
	}
	return sl;
}

/* the index in mm->thr of lane l of warp w: device threads per resident
 * slot (slot * threads per block + tid), then the host threads */
static size_t thr_idx(struct memmodel *mm, const struct warp *w, unsigned lane)
{
	if (!mm->tpb)
		mm->tpb = mm->m->dev.grid ? mm->m->dev.grid->threads_per_block : WS_WARP;
	if (w->host) {
		if (!mm->hbase_set) {
			mm->hbase = mm->m->dev.grid ? (size_t)mm->m->dev.grid->maxres * mm->tpb : 0;
			if (mm->hbase < mm->thr.len)
				mm->hbase = mm->thr.len;
			mm->hbase_set = 1;
		}
		return mm->hbase + w->hid;
	}
	return (size_t)w->blk->slot * mm->tpb + w->id * WS_WARP + lane;
}

static struct mm_thr *thr_get(struct memmodel *mm, struct warp *w, unsigned lane)
{
	uint32_t blk = w->host ? MACHINE_MM_HOST_BLOCK | w->hid : (uint32_t)w->blk->linear;
	uint32_t tid = w->host ? 0 : w->id * WS_WARP + lane;
	size_t idx = thr_idx(mm, w, lane);
	while (mm->thr.len <= idx) {
		struct mm_thr z;
		memset(&z, 0, sizeof(z));
		vec_push(&mm->thr, z);
	}
	struct mm_thr *t = &mm->thr.v[idx];
	if (t->used && t->blk == blk)
		return t;
	t->used = 1;
	t->key = (uint64_t)blk << 32 | tid;
	t->blk = blk;
	t->tid = tid;
	t->cur.n = 0;
	t->relf.n = 0;
	t->has_relf = 0;
	t->acq.len = 0;
	t->po = 0;
	if (!w->host)
		vcopy(&t->cur, &slot_get(mm, w->blk->slot, blk)->bar);
	return t;
}

static int thr_index(struct memmodel *mm, const struct mm_thr *t)
{
	return (int)(t - mm->thr.v);
}

static int64_t loc_find(const struct memmodel *mm, uint64_t addr)
{
	if (!mm->hcap)
		return -1;
	for (size_t j = (addr * 0x9e3779b97f4a7c15ull >> 20) & (mm->hcap - 1);; j = (j + 1) & (mm->hcap - 1)) {
		if (!mm->hkey[j])
			return -1;
		if (mm->hkey[j] == addr + 1)
			return mm->hval[j];
	}
}

static void loc_hash_put(struct memmodel *mm, uint64_t addr, uint32_t idx)
{
	if ((mm->locs.len + 1) * 2 > mm->hcap) {
		size_t oc = mm->hcap, nc = oc ? oc * 2 : 64;
		uint64_t *ok = mm->hkey;
		uint32_t *ov = mm->hval;
		mm->hkey = xcalloc(nc, sizeof(uint64_t));
		mm->hval = xcalloc(nc, sizeof(uint32_t));
		mm->hcap = nc;
		for (size_t i = 0; i < oc; i++)
			if (ok[i])
				loc_hash_put(mm, ok[i] - 1, ov[i]);
		free(ok);
		free(ov);
	}
	for (size_t j = (addr * 0x9e3779b97f4a7c15ull >> 20) & (mm->hcap - 1);; j = (j + 1) & (mm->hcap - 1))
		if (!mm->hkey[j]) {
			mm->hkey[j] = addr + 1;
			mm->hval[j] = idx;
			return;
		}
}

static uint64_t raw_get(const uint8_t *p, unsigned sz)
{
	uint64_t v = 0;
	memcpy(&v, p, sz);
	return v;
}

static uint32_t loc_get(struct memmodel *mm, uint64_t addr, const uint8_t *p, unsigned sz)
{
	int64_t i = loc_find(mm, addr);
	if (i >= 0)
		return (uint32_t)i;
	struct mm_loc L;
	memset(&L, 0, sizeof(L));
	L.addr = addr;
	L.size = sz;
	struct mm_msg init = { raw_get(p, sz), 0, -1, 0, -1, -1, 1, SCOPE_SYS, 0 };
	vec_push(&L.h, init);
	L.nextid = 1;
	loc_hash_put(mm, addr, (uint32_t)mm->locs.len);
	vec_push(&mm->locs, L);
	return (uint32_t)mm->locs.len - 1;
}

static uint64_t to_reg(uint64_t raw, unsigned t)
{
	switch (t) {
	case IR_S8: return (uint64_t)(int64_t)(int8_t)raw;
	case IR_U8: case IR_PRED: return (uint8_t)raw;
	case IR_S16: return (uint64_t)(int64_t)(int16_t)raw;
	case IR_U16: case IR_F16: return (uint16_t)raw;
	case IR_S32: return (uint64_t)(int64_t)(int32_t)raw;
	case IR_U32: case IR_F32: return (uint32_t)raw;
	default: return raw;
	}
}

static unsigned tsize(unsigned t)
{
	return ir_type_size(t);
}

static uint64_t *regp(struct frame *fr, int32_t r, unsigned lane)
{
	return &fr->r[(size_t)r * WS_WARP + lane];
}


/* ---- lifecycle */

static void views_free(struct memmodel *mm)
{
	for (size_t i = 0; i < mm->locs.len; i++)
		vec_free(&mm->locs.v[i].h);
	mm->locs.len = 0;
	for (size_t i = 0; i < mm->thr.len; i++) {
		free(mm->thr.v[i].cur.v);
		free(mm->thr.v[i].relf.v);
		vec_free(&mm->thr.v[i].acq);
	}
	mm->thr.len = 0;
	mm->tpb = 0;
	for (size_t i = 0; i < mm->slots.len; i++) {
		free(mm->slots.v[i].sc.v);
		free(mm->slots.v[i].bar.v);
	}
	mm->slots.len = 0;
	free(mm->hkey);
	free(mm->hval);
	mm->hkey = NULL;
	mm->hval = NULL;
	mm->hcap = 0;
	for (size_t i = 0; i < mm->vpool.len; i++)
		free(mm->vpool.v[i].v);
	mm->vpool.len = 0;
	free(mm->scv_gpu.v);
	memset(&mm->scv_gpu, 0, sizeof(mm->scv_gpu));
	free(mm->scv_sys.v);
	memset(&mm->scv_sys, 0, sizeof(mm->scv_sys));
	mm->hbase_set = 0;
	for (size_t i = 0; i < mm->defer.len; i++)
		vec_free(&mm->defer.v[i].forbid);
	mm->defer.len = 0;
}

static int replay_choose(void *ctx, int kind, int n)
{
	struct memmodel *mm = ctx;
	(void)kind;
	if (mm->replay_at >= mm->replay.len)
		return 0;
	int v = mm->replay.v[mm->replay_at++];
	if (v < 0 || v >= n) { /* a witness of another program (or edited): its choice cannot be made */
		mm_logf(mm, "the witness does not fit this program: choice %zu is %d but only %d option%s exist; taking the first",
			mm->replay_at, v, n, n == 1 ? "" : "s");
		return 0;
	}
	return v;
}

int machine_schedule_valid(const char *s)
{
	if (!strncmp(s, "relaxed,shared-sc:", 18))
		s += 18;
	else if (!strncmp(s, "relaxed:", 8))
		s += 8;
	else if (!strncmp(s, "sc:", 3))
		s += 3;
	else
		return 0;
	for (int dot = 1; *s; s++) {
		if (*s == '.' && !dot)
			dot = 1;
		else if (*s >= '0' && *s <= '9')
			dot = 0;
		else
			return 0;
	}
	return 1;
}

void mm_attach(struct machine *m)
{
	struct memmodel *mm = m->mm = mm_new(m);
	const char *s = m->o.schedule;
	mm->sc = m->o.model != MODEL_RELAXED;
	mm->shared_sc = m->o.shared_sc;
	if (!s)
		return;
	if (!strncmp(s, "relaxed,shared-sc:", 18)) {
		mm->sc = 0;
		mm->shared_sc = 1;
		s += 18;
	} else if (!strncmp(s, "relaxed:", 8)) {
		mm->sc = 0;
		s += 8;
	} else if (!strncmp(s, "sc:", 3)) {
		mm->sc = 1;
		s += 3;
	}
	while (*s) {
		char *end;
		long v = strtol(s, &end, 10);
		if (end == s)
			break;
		vec_push(&mm->replay, (int)v);
		s = *end ? end + 1 : end;
	}
	mm->choose = replay_choose;
	mm->ctx = mm;
}

struct memmodel *mm_new(struct machine *m)
{
	struct memmodel *mm = xcalloc(1, sizeof(*mm));
	mm->m = m;
	return mm;
}

void mm_free(struct memmodel *mm)
{
	if (!mm)
		return;
	views_free(mm);
	vec_free(&mm->locs);
	vec_free(&mm->thr);
	vec_free(&mm->vpool);
	vec_free(&mm->slots);
	vec_free(&mm->defer);
	vec_free(&mm->replay);
	for (size_t i = 0; i < mm->log.len; i++)
		free(mm->log.v[i]);
	vec_free(&mm->log);
	evlog_clear(mm);
	vec_free(&mm->evl);
	free(mm);
}

void mm_reset(struct machine *m)
{
	struct memmodel *mm = m->mm;
	machine_mm_record_end(m);
	views_free(mm);
	evlog_clear(mm);
	m->hooks &= ~MM_HOOK;
}

void machine_set_chooser(struct machine *m, machine_chooser_fn fn, void *ctx)
{
	if (!m->mm)
		mm_attach(m);
	m->mm->quiet = 1;
	m->mm->choose = fn;
	m->mm->ctx = ctx;
}

int mm_sched_active(const struct machine *m)
{
	return m->mm && m->mm->choose;
}

void machine_mm_record(struct machine *m, const struct machine_mm_recorder *rec)
{
	if (m->mm)
		m->mm->rec = rec ? *rec : (struct machine_mm_recorder){0};
}

/* the kernel's coherence orders go into the recorded execution */
void machine_mm_record_end(struct machine *m)
{
	struct memmodel *mm = m->mm;
	if (!mm || !mm->rec.event || !mm->locs.len)
		return;
	for (size_t i = 0; i < mm->locs.len; i++) {
		struct mm_loc *L = &mm->locs.v[i];
		uint32_t ids[256];
		size_t n = 0;
		for (size_t k = 0; k < L->h.len && n < 256; k++)
			ids[n++] = L->h.v[k].id;
		if (mm->rec.co)
			mm->rec.co(mm->rec.ctx, L->addr, ids, n);
	}
	if (mm->rec.kernel_end)
		mm->rec.kernel_end(mm->rec.ctx);
}

/* ---- thread clocks (CLK_BASE) for deferred loads */

/* the thread index of lane l of a deferred load */
static size_t defer_thr(struct memmodel *mm, const struct mm_defer *d, unsigned l)
{
	return thr_idx(mm, d->w, l);
}

/* a fence or a release write of t: if t has a load deferred past it, tick */
static void clk_tick(struct memmodel *mm, struct mm_thr *t)
{
	size_t idx = (size_t)(t - mm->thr.v);
	for (size_t i = 0; i < mm->defer.len; i++) {
		const struct mm_defer *d = &mm->defer.v[i];
		for (uint32_t M = d->mask; M; M &= M - 1)
			if (defer_thr(mm, d, (unsigned)__builtin_ctz(M)) == idx) {
				vset(&t->cur, CLK_BASE + (uint32_t)idx, ++mm->clk);
				return;
			}
	}
}

/* t wrote id at loc: a deferred load of another thread that t's view
 * knows a later tick of may not read it */
static void defer_note_write(struct memmodel *mm, struct mm_thr *t, uint32_t loc, uint32_t id)
{
	size_t me = (size_t)(t - mm->thr.v);
	for (size_t i = 0; i < mm->defer.len; i++) {
		struct mm_defer *d = &mm->defer.v[i];
		for (uint32_t M = d->mask; M; M &= M - 1) {
			unsigned l = (unsigned)__builtin_ctz(M);
			size_t ti = defer_thr(mm, d, l);
			if (d->loc[l] != loc || ti == me || vget(&t->cur, CLK_BASE + (uint32_t)ti) <= d->c0)
				continue;
			struct mm_fb f = { l, loc, id };
			vec_push(&d->forbid, f);
		}
	}
}

/* does a thread other than t know a tick of t after c0 (it synchronized
 * with t after t's deferred load) */
static int tick_known(struct memmodel *mm, const struct mm_thr *t, uint32_t c0)
{
	uint32_t ck = CLK_BASE + (uint32_t)(t - mm->thr.v);
	for (size_t i = 0; i < mm->thr.len; i++)
		if (&mm->thr.v[i] != t && mm->thr.v[i].used && vget(&mm->thr.v[i].cur, ck) > c0)
			return 1;
	return 0;
}

/* a deferred strong load of t read write id of loc, observing it: every
 * view published after the load (it carries a tick of t after c0: release
 * views, fence.sc orders, barriers) is in causality order after the load,
 * so it now includes that write */
static void publish_read(struct memmodel *mm, const struct mm_thr *t, uint32_t c0, uint32_t loc, uint32_t id);

static int morally_strong(const struct mm_msg *a, int strong, unsigned scope, uint32_t blk);

/* would an acquire fence of t, of one of the scopes in fscopes, synchronize
 * with the release write g read before it */
static int syncs_with(const struct mm_msg *g, const struct mm_thr *t, unsigned fscopes);

/* ---- the accesses */

static void acquire_from(struct memmodel *mm, struct mm_thr *t, const struct mm_loc *L,
			 const struct mm_msg *msg, unsigned scope, const char *what)
{
	if (msg->rel < 0 || msg->thr < 0)
		return;
	if (!covers(msg->relscope, msg->blk, t->blk) || !covers(scope, t->blk, msg->blk))
		return;
	char nb[64];
	if (vjoin(mm, &t->cur, &mm->vpool.v[msg->rel]))
		mm_logf(mm, "%s (block %u thread %u) synchronized with the release write of %s by block %u thread %u: its earlier writes are now visible",
			what, t->blk, t->tid, lname(mm, L->addr, L->size, nb), msg->blk,
			mm->thr.v[msg->thr].tid);
}

/* read one location for one thread: returns the chosen write's index */
static int read_choice(struct memmodel *mm, struct mm_thr *t, uint32_t loc, int kind)
{
	mm->salt = t->key + 1;
	struct mm_loc *L = &mm->locs.v[loc];
	int lo = pos_of(L, vget(&t->cur, loc));
	int n = (int)L->h.len - lo;
	int k = mm_choose(mm, kind, n);
	return (int)L->h.len - 1 - k;
}

/* the write a deferred load reads (lane l of d): from the view it had when
 * it was issued, never one in causality order after it, never a release
 * that a fence it was deferred past would have acquired */
static int defer_choice(struct memmodel *mm, struct mm_thr *t, uint32_t loc, const struct mm_defer *d,
			unsigned l, int strong)
{
	struct mm_loc *L = &mm->locs.v[loc];
	int lo = pos_of(L, d->lo[l]), opts[64], n = 0;
	for (int p = (int)L->h.len - 1; p >= lo && n < 64; p--) {
		const struct mm_msg *g = &L->h.v[p];
		int bad = 0;
		for (size_t k = 0; k < d->forbid.len && !bad; k++)
			bad = d->forbid.v[k].lane == l && d->forbid.v[k].loc == loc && d->forbid.v[k].id == g->id;
		if (!bad && strong && p > lo)
			bad = syncs_with(g, t, d->fscopes);
		/* reading it observes it: a thread that synchronized with t after
		 * the load (and may have read loc since) would have to see it */
		if (!bad && p > lo && g->thr >= 0 && &mm->thr.v[g->thr] != t && d->fscopes &&
		    morally_strong(g, strong, scope_of(d->in), t->blk))
			bad = tick_known(mm, t, d->c0);
		if (!bad)
			opts[n++] = p;
	}
	mm->salt = t->key + 1;
	if (!n)
		return lo;
	return opts[mm_choose(mm, CK_READ, n)];
}

static void publish_read(struct memmodel *mm, const struct mm_thr *t, uint32_t c0, uint32_t loc, uint32_t id)
{
	uint32_t ck = CLK_BASE + (uint32_t)(t - mm->thr.v);
	const struct mm_loc *L = &mm->locs.v[loc];
	int p = pos_of(L, id);
	struct mm_view *vs[2] = { &mm->scv_gpu, &mm->scv_sys };
	for (size_t i = 0; i < mm->vpool.len + mm->slots.len * 2 + 2; i++) {
		struct mm_view *v = i < mm->vpool.len ? &mm->vpool.v[i]
				  : i < mm->vpool.len + mm->slots.len ? &mm->slots.v[i - mm->vpool.len].sc
				  : i < mm->vpool.len + mm->slots.len * 2 ? &mm->slots.v[i - mm->vpool.len - mm->slots.len].bar
				  : vs[i - mm->vpool.len - mm->slots.len * 2];
		if (!v)
			continue;
		if (vget(v, ck) > c0 && pos_of(L, vget(v, loc)) < p)
			vset(v, loc, id);
	}
}

static uint64_t do_read(struct memmodel *mm, struct mm_thr *t, uint32_t loc, const struct ir_insn *in,
			const struct mm_defer *d, unsigned lane)
{
	int strong;
	unsigned scope;
	sem_of(in, &strong, &scope);
	struct mm_loc *L = &mm->locs.v[loc];
	int lo = d ? pos_of(L, d->lo[lane]) : pos_of(L, vget(&t->cur, loc));
	int p = d ? defer_choice(mm, t, loc, d, lane, strong) : read_choice(mm, t, loc, CK_READ);
	struct mm_msg *msg = &L->h.v[p];
	char *why = evlog_why(mm, t, L, p, lo, 0);
	int last = (int)L->h.len - 1;
	if (p + 1 < (int)L->h.len && !mm->quiet) {
		const struct mm_msg *nw = &L->h.v[L->h.len - 1];
		char nb[64];
		mm_logf(mm, "block %u thread %u read %s = %lld, an older value: the newer write %lld (block %u thread %d) is not visible to it yet, nothing synchronized them",
			t->blk, t->tid, lname(mm, L->addr, L->size, nb), (long long)(int32_t)msg->val,
			(long long)(int32_t)nw->val, nw->blk, nw->thr >= 0 ? (int)mm->thr.v[nw->thr].tid : -1);
	}
	if (d && strong && msg->thr >= 0 && morally_strong(msg, strong, scope, t->blk)) {
		publish_read(mm, t, d->c0, loc, msg->id);
		if (t->has_relf && vget(&t->relf, CLK_BASE + (uint32_t)(t - mm->thr.v)) > d->c0 &&
		    pos_of(L, vget(&t->relf, loc)) < p)
			vset(&t->relf, loc, msg->id);
	}
	if (strong) {
		if (pos_of(L, vget(&t->cur, loc)) < p)
			vset(&t->cur, loc, msg->id);
		if (msg->rel >= 0) {
			struct mm_acq a = { loc, msg->id };
			if (t->acq.len < 256)
				vec_push(&t->acq, a);
		}
		if (is_acq(in->sem))
			acquire_from(mm, t, L, msg, scope, "an acquire load");
	}
	uint32_t po = d ? d->po[lane] : t->po++;
	if (mm->rec.event)
		mm->rec.event(mm->rec.ctx, MM_EV_READ, thr_index(mm, t), t->blk, L->addr, msg->id, 0, strong, scope,
			 in->sem, po);
	evlog(mm, MM_EV_READ, t, loc, msg->id, 0, msg->val, 0, strong, scope, in->sem, po, (int)in->span.line,
	      last - lo + 1, last - p, why);
	return msg->val;
}

static int syncs_with(const struct mm_msg *g, const struct mm_thr *t, unsigned fscopes)
{
	if (g->rel < 0 || g->thr < 0 || !covers(g->relscope, g->blk, t->blk))
		return 0;
	for (unsigned s = 0; s < 8; s++)
		if ((fscopes >> s & 1) && covers(s, t->blk, g->blk))
			return 1;
	return 0;
}

static int morally_strong(const struct mm_msg *a, int strong, unsigned scope, uint32_t blk)
{
	return a->strong && strong && covers(a->scope, a->blk, blk) && covers(scope, blk, a->blk);
}

/* insert a write; returns its id */
static uint32_t do_write(struct memmodel *mm, struct mm_thr *t, uint32_t loc, uint64_t val,
			 int strong, unsigned scope, unsigned sem, int at, int32_t rmw_from)
{
	struct mm_loc *L = &mm->locs.v[loc];
	struct mm_msg msg = { val, L->nextid++, thr_index(mm, t), t->blk, rmw_from, -1,
			      (uint8_t)strong, (uint8_t)scope, 0 };
	if (strong && is_rel(sem) && mm->defer.len)
		clk_tick(mm, t);
	vset(&t->cur, loc, msg.id);
	if (strong && is_rel(sem)) {
		msg.rel = vsave(mm, &t->cur);
		msg.relscope = (uint8_t)scope;
	} else if (strong && t->has_relf) {
		struct mm_view v = { NULL, 0, 0 };
		vcopy(&v, &t->relf);
		vset(&v, loc, msg.id);
		vec_push(&mm->vpool, v);
		msg.rel = (int32_t)mm->vpool.len - 1;
		msg.relscope = t->relf_scope;
	}
	vec_push(&L->h, msg);
	memmove(&L->h.v[at + 1], &L->h.v[at], (L->h.len - 1 - (size_t)at) * sizeof(msg));
	L->h.v[at] = msg;
	if (L->h.len > MM_HISTORY && !mm->rec.event) {
		/* a long-running program: forget the oldest write (a view that
		 * named it now names the oldest one kept) */
		memmove(&L->h.v[0], &L->h.v[1], (L->h.len - 1) * sizeof(msg));
		L->h.len--;
	}
	if (mm->defer.len)
		defer_note_write(mm, t, loc, msg.id);
	return msg.id;
}

static int write_choice(struct memmodel *mm, struct mm_thr *t, uint32_t loc, int strong,
			unsigned scope)
{
	struct mm_loc *L = &mm->locs.v[loc];
	int lo = pos_of(L, vget(&t->cur, loc)) + 1, len = (int)L->h.len;
	int opts[64], n = 0;
	mm->salt = t->key + 7;
	for (int i = len; i >= lo && n < 64; i--) {
		if (i < len && L->h.v[i].rmw_from >= 0 && (uint32_t)L->h.v[i].rmw_from == L->h.v[i - 1].id &&
		    morally_strong(&L->h.v[i], strong, scope, t->blk))
			continue; /* would break that RMW's atomicity */
		opts[n++] = i;
	}
	if (!n)
		return len;
	return opts[mm_choose(mm, CK_WRITE, n)];
}

static void backing_store(struct memmodel *mm, uint32_t loc, uint8_t *p)
{
	struct mm_loc *L = &mm->locs.v[loc];
	uint64_t v = L->h.v[L->h.len - 1].val;
	memcpy(p, &v, L->size);
}

/* the location of address a for warp w: a global address is its own key;
 * a shared one is per block (the block's linear index above the tag) */
static uint64_t loc_key(const struct warp *w, uint64_t a)
{
	if (ADDR_TAG(a) == TAG_SHARED)
		return a | ((uint64_t)(w->blk->linear + 1) & 0xffff) << 48;
	return a;
}

/* the group's lanes' addresses, if all are global (or shared, unless
 * shared memory stays SC); 0 = not mine */
static int lanes_global(const struct memmodel *mm, struct group *g, const struct ir_insn *in, uint64_t *addr)
{
	uint64_t *A = regp(g->fr, in->a, 0);
	uint64_t imm = in->op == IR_ATOM ? 0 : (uint64_t)in->imm;
	for (uint32_t M = g->mask; M; M &= M - 1) {
		unsigned l = (unsigned)__builtin_ctz(M);
		addr[l] = A[l] + imm;
		unsigned tag = ADDR_TAG(addr[l]);
		if (tag != TAG_GLOBAL && tag != TAG_HOST && (tag != TAG_SHARED || mm->shared_sc || mm->sc))
			return 0;
	}
	return 1;
}

/* Every lane of g addresses global memory, aligned and mapped: fills addr
 * and ptr (the host bytes) and returns 1; else 0, and the access goes the
 * SC path, which reports what is wrong with it. */
static int lanes_mapped(struct machine *m, struct warp *w, struct group *g,
			const struct ir_insn *in, int write, uint64_t *addr, uint8_t **ptr)
{
	unsigned sz = tsize(in->t);

	if (!lanes_global(m->mm, g, in, addr))
		return 0;
	for (uint32_t M = g->mask; M; M &= M - 1) {
		unsigned l = (unsigned)__builtin_ctz(M);
		if (ADDR_TAG(addr[l]) == TAG_HOST) {
			/* host memory the device can reach: mapped (pinned) */
			const struct alloc *a = mem_find(&m->mem, addr[l]);
			if (!a || !a->dev_ok || !a->host_ok)
				return 0;
		}
		if ((addr[l] & (sz - 1)) ||
		    !(ptr[l] = interp_xlate(m, w, l, addr[l], sz, write, in->span)))
			return 0;
	}
	return 1;
}

/* ---- deferred loads */

static int reads_reg(const struct ir_insn *in, int32_t r)
{
	if (in->d == r || in->a == r || in->c == r || in->e == r)
		return 1;
	if (!(in->flags & DF_KB) && in->b == r)
		return 1;
	for (uint32_t i = 0; i < in->nargs; i++)
		if (in->args && in->args[i] == r)
			return 1;
	return 0;
}

static int reorderable_op(unsigned op)
{
	switch (op) {
	case IR_NOP: case IR_CONST: case IR_MOV: case IR_ADD: case IR_SUB: case IR_MUL:
	case IR_NEG: case IR_AND: case IR_OR: case IR_XOR: case IR_NOT: case IR_SHL: case IR_SHR:
	case IR_MIN: case IR_MAX: case IR_SETP: case IR_SEL: case IR_CVT: case IR_GADDR:
	case IR_LADDR: case IR_SREG: case XOP_IDX: case XOP_IDX2: case XOP_GTID: case XOP_IDXM: case IR_LD: case IR_ST: case IR_FENCE:
		return 1;
	}
	return 0;
}

/* what a load may be deferred past: not an acquire load (it orders what
 * follows it); a release store or a fence may be passed, the thread clocks
 * keep what they order (CLK_BASE) */
static int plain_access(const struct ir_insn *in)
{
	return in->op != IR_LD || !is_acq(in->sem);
}

static int reads_any(const struct ir_insn *in, const int32_t *r, int n)
{
	for (int i = 0; i < n; i++)
		if (reads_reg(in, r[i]))
			return 1;
	return 0;
}

/* a copy of a deferred value (MOV d := a): d joins the registers to fill */
static int is_copy(const struct ir_insn *x, const int32_t *r, int n)
{
	if (x->op != IR_MOV || n >= 4)
		return 0;
	for (int i = 0; i < n; i++)
		if (x->d == r[i])
			return 0;
	for (int i = 0; i < n; i++)
		if (x->a == r[i])
			return 1;
	return 0;
}

/* could a load at pc be usefully deferred: an independent store follows */
static int defer_useful(const struct memmodel *mm, struct group *g, const struct ir_insn *in)
{
	const struct ir_insn *code = g->fr->code;
	uint32_t n = g->fr->df->ncode;
	int32_t r[4] = { in->d };
	int nr = 1;
	for (uint32_t pc = g->pc + 1, k = 0; pc < n && k < 24; pc++, k++) {
		const struct ir_insn *x = &code[pc];
		if (is_copy(x, r, nr)) {
			r[nr++] = x->d;
			continue;
		}
		if (!reorderable_op(x->op) || !plain_access(x) || reads_any(x, r, nr))
			return 0;
		if (x->op == IR_ST && x->sp != SP_LOCAL && (x->sp != SP_SHARED || !mm->shared_sc))
			return 1;
	}
	return 0;
}

static void defer_resolve(struct memmodel *mm, size_t i)
{
	struct mm_defer d = mm->defer.v[i];
	mm->defer.v[i] = mm->defer.v[--mm->defer.len];
	struct warp *w = d.w;
	char nb[64];
	if (d.passed && !mm->quiet)
		mm_logf(mm, "block %u warp %u: the load of %s was performed after the later, independent store (load buffering)",
			(uint32_t)w->blk->linear, w->id, lname(mm, d.addr[__builtin_ctz(d.mask)], tsize(d.in->t), nb));
	for (uint32_t M = d.mask; M; M &= M - 1) {
		unsigned l = (unsigned)__builtin_ctz(M);
		struct mm_thr *t = thr_get(mm, w, l);
		uint64_t v = do_read(mm, t, d.loc[l], d.in, &d, l);
		for (int k = 0; k < d.nreg; k++)
			*regp(d.fr, d.reg[k], l) = to_reg(v, d.in->t);
	}
	vec_free(&d.forbid);
	if (!mm->defer.len)
		mm->m->hooks &= ~MM_HOOK;
}

/* a fence stops a deferred strong load that could read a release write the
 * fence would synchronize with (the fence must acquire it) */
static int fence_stops(struct memmodel *mm, const struct mm_defer *d, const struct ir_insn *in)
{
	int strong;
	unsigned scope, fs = in->scope == SCOPE_NONE ? SCOPE_SYS : in->scope;
	sem_of(d->in, &strong, &scope);
	if (!strong)
		return 0;
	for (uint32_t M = d->mask; M; M &= M - 1) {
		unsigned l = (unsigned)__builtin_ctz(M);
		const struct mm_thr *t = &mm->thr.v[defer_thr(mm, d, l)];
		const struct mm_loc *L = &mm->locs.v[d->loc[l]];
		for (size_t p = (size_t)pos_of(L, d->lo[l]); p < L->h.len; p++)
			if (syncs_with(&L->h.v[p], t, 1u << fs))
				return 1;
	}
	return 0;
}

static int defer_forced(struct memmodel *mm, const struct mm_defer *d, struct group *g,
			const struct ir_insn *in)
{
	if (g->fr == d->fr && is_copy(in, d->reg, d->nreg))
		return 0;
	if (g->fr == d->fr && in->op == IR_FENCE)
		return fence_stops(mm, d, in);
	if (g->fr != d->fr || !reorderable_op(in->op) || !plain_access(in) || reads_any(in, d->reg, d->nreg))
		return 1;
	if (in->op == IR_LD || in->op == IR_ST) {
		uint64_t *A = regp(g->fr, in->a, 0);
		for (uint32_t M = g->mask & d->mask; M; M &= M - 1) {
			unsigned l = (unsigned)__builtin_ctz(M);
			uint64_t a = A[l] + (uint64_t)in->imm;
			if (a + tsize(in->t) > d->addr[l] && d->addr[l] + tsize(d->in->t) > a)
				return 1;
		}
	}
	return 0;
}

void mm_pre(struct machine *m, struct warp *w, struct group *g, const struct ir_insn *in)
{
	struct memmodel *mm = m->mm;
	for (size_t i = 0; i < mm->defer.len;) {
		struct mm_defer *d = &mm->defer.v[i];
		if (d->w == w && g->fr == d->fr && is_copy(in, d->reg, d->nreg)) {
			d->reg[d->nreg++] = in->d;
			i++;
		} else if (d->w == w && defer_forced(mm, d, g, in)) {
			defer_resolve(mm, i);
		} else {
			i++;
		}
	}
}

static int defer_pending(struct memmodel *mm, struct warp *w)
{
	for (size_t i = 0; i < mm->defer.len; i++)
		if (mm->defer.v[i].w == w)
			return 1;
	return 0;
}

/* ---- the interpreter's entry points */

int mm_ld(struct machine *m, struct warp *w, struct group *g, const struct ir_insn *in)
{
	struct memmodel *mm = m->mm;
	uint64_t addr[WS_WARP];
	unsigned sz = tsize(in->t);
	uint8_t *ptr[WS_WARP];
	if (!lanes_mapped(m, w, g, in, 0, addr, ptr))
		return 1;
	for (uint32_t M = g->mask; M; M &= M - 1) {
		unsigned l = (unsigned)__builtin_ctz(M);
		loc_get(mm, loc_key(w, addr[l]), ptr[l], sz);
	}
	/* a load that an independent store follows is always deferred: it is
	 * performed when something needs it (its value, a fence, an access to
	 * its address...). Reading later offers every write reading now would
	 * (the thread's view of the location cannot change meanwhile), so no
	 * choice is lost, and one scheduling point less. */
	if (!is_acq(in->sem) && in->d >= 0 && !mm->sc && defer_useful(mm, g, in)) {
		struct mm_defer d;
		d.w = w;
		d.fr = g->fr;
		d.in = in;
		d.reg[0] = in->d;
		d.passed = 0;
		d.nreg = 1;
		d.mask = g->mask;
		d.c0 = mm->clk;
		d.fscopes = 0;
		memset(&d.forbid, 0, sizeof(d.forbid));
		memcpy(d.addr, addr, sizeof(addr));
		for (uint32_t M = g->mask; M; M &= M - 1) {
			unsigned l = (unsigned)__builtin_ctz(M);
			d.loc[l] = (uint32_t)loc_find(mm, loc_key(w, addr[l]));
			d.lo[l] = vget(&thr_get(mm, w, l)->cur, d.loc[l]);
			d.po[l] = thr_get(mm, w, l)->po++;
		}
		vec_push(&mm->defer, d);
		m->hooks |= MM_HOOK;
		m->dev.chain_end = 0; /* chain_live's hooks */

		return 0;
	}
	for (uint32_t M = g->mask; M; M &= M - 1) {
		unsigned l = (unsigned)__builtin_ctz(M);
		struct mm_thr *t = thr_get(mm, w, l);
		uint64_t v = do_read(mm, t, (uint32_t)loc_find(mm, loc_key(w, addr[l])), in, NULL, 0);
		*regp(g->fr, in->d, l) = to_reg(v, in->t);
	}
	return 0;
}

int mm_st(struct machine *m, struct warp *w, struct group *g, const struct ir_insn *in)
{
	struct memmodel *mm = m->mm;
	uint64_t addr[WS_WARP];
	unsigned sz = tsize(in->t);
	uint8_t *ptr[WS_WARP];
	if (!lanes_mapped(m, w, g, in, 1, addr, ptr))
		return 1;
	int strong;
	unsigned scope;
	sem_of(in, &strong, &scope);
	for (size_t i = 0; i < mm->defer.len; i++)
		if (mm->defer.v[i].w == w)
			mm->defer.v[i].passed = 1;
	uint64_t *B = (in->flags & DF_KB) ? g->fr->df->pool[in->b] : regp(g->fr, in->b, 0);
	for (uint32_t M = g->mask; M; M &= M - 1) {
		unsigned l = (unsigned)__builtin_ctz(M);
		uint32_t loc = loc_get(mm, loc_key(w, addr[l]), ptr[l], sz);
		struct mm_thr *t = thr_get(mm, w, l);
		uint64_t v = B[l];
		if (sz < 8)
			v &= ((uint64_t)1 << (8 * sz)) - 1;
		char nb[64];
		int at = write_choice(mm, t, loc, strong, scope);
		if (at < (int)mm->locs.v[loc].h.len && !mm->quiet)
			mm_logf(mm, "block %u thread %u wrote %s = %lld before an older-looking write in coherence order: other threads may see the two in either order",
				t->blk, t->tid, lname(mm, addr[l], sz, nb), (long long)(int32_t)v);
		uint32_t id = do_write(mm, t, loc, v, strong, scope, in->sem, at, -1);
		backing_store(mm, loc, ptr[l]);
		if (w->blk && ptr[l] && ADDR_TAG(addr[l]) == TAG_GLOBAL && CHECK_WANTS(m, CEV_COPY))
			machine_publish_copy(m, addr[l], sz, 1, in->span); /* the init checker: written */
		uint32_t po = t->po++;
		if (mm->rec.event)
			mm->rec.event(mm->rec.ctx, MM_EV_WRITE, thr_index(mm, t), t->blk, mm->locs.v[loc].addr, 0, id, strong, scope,
				 in->sem, po);
		evlog(mm, MM_EV_WRITE, t, loc, 0, id, 0, v, strong, scope, in->sem, po, (int)in->span.line, 0, 0, NULL);
	}
	return 0;
}

int mm_atom(struct machine *m, struct warp *w, struct group *g, const struct ir_insn *in,
	    mm_atom_fn op)
{
	struct memmodel *mm = m->mm;
	uint64_t addr[WS_WARP];
	unsigned sz = tsize(in->t);
	uint8_t *ptr[WS_WARP];
	if (!lanes_mapped(m, w, g, in, 1, addr, ptr))
		return 1;
	int strong;
	unsigned scope;
	sem_of(in, &strong, &scope);
	strong = 1;
	uint64_t *B = (in->flags & DF_KB) ? g->fr->df->pool[in->b] : regp(g->fr, in->b, 0);
	/* c < 0: no third operand (all but CAS); no pointer before the registers */
	uint64_t *C = in->c >= 0 ? regp(g->fr, in->c, 0) : NULL;
	for (uint32_t M = g->mask; M; M &= M - 1) {
		unsigned l = (unsigned)__builtin_ctz(M);
		uint32_t loc = loc_get(mm, loc_key(w, addr[l]), ptr[l], sz);
		struct mm_thr *t = thr_get(mm, w, l);
		struct mm_loc *L = &mm->locs.v[loc];
		int lo = pos_of(L, vget(&t->cur, loc)), opts[64], n = 0;
		for (int p = (int)L->h.len - 1; p >= lo && n < 64; p--) {
			int taken = 0;
			for (size_t q = (size_t)p + 1; q < L->h.len && !taken; q++)
				taken = L->h.v[q].rmw_from >= 0 &&
					(uint32_t)L->h.v[q].rmw_from == L->h.v[p].id &&
					morally_strong(&L->h.v[q], strong, scope, t->blk);
			if (!taken)
				opts[n++] = p;
		}
		mm->salt = t->key + 13;
		int p = n ? opts[mm_choose(mm, CK_RMW, n)] : (int)L->h.len - 1;
		struct mm_msg rd = L->h.v[p];
		vset(&t->cur, loc, rd.id);
		if (rd.rel >= 0) {
			struct mm_acq a = { loc, rd.id };
			if (t->acq.len < 256)
				vec_push(&t->acq, a);
		}
		if (is_acq(in->sem))
			acquire_from(mm, t, L, &rd, scope, "an acquire RMW");
		uint64_t old = to_reg(rd.val, in->t);
		int store;
		uint64_t nv = op(in->sub, in->t, old, B[l], in->c >= 0 ? C[l] : 0, &store);
		uint32_t id = 0;
		if (store) {
			m->nstores += nv != old;
			if (sz < 8)
				nv &= ((uint64_t)1 << (8 * sz)) - 1;
			id = do_write(mm, t, loc, nv, strong, scope, in->sem, p + 1, (int32_t)rd.id);
			backing_store(mm, loc, ptr[l]);
		}
		uint32_t po = t->po++;
		if (mm->rec.event)
			mm->rec.event(mm->rec.ctx, store ? MM_EV_RMW : MM_EV_READ, thr_index(mm, t), t->blk, mm->locs.v[loc].addr, rd.id, id,
				 1, scope, in->sem, po);
		if (evlog_on(mm)) {
			const struct mm_loc *L2 = &mm->locs.v[loc];
			int rp = pos_of(L2, rd.id);
			evlog(mm, store ? MM_EV_RMW : MM_EV_READ, t, loc, rd.id, id, rd.val, nv, 1, scope, in->sem, po,
			      (int)in->span.line, 1, 0, evlog_why(mm, t, L2, rp, rp, 1));
		}
		if (in->d >= 0)
			*regp(g->fr, in->d, l) = old;
	}
	return 0;
}


static const char *scope_name(unsigned s)
{
	return s == SCOPE_CTA ? "cta" : s == SCOPE_GPU ? "gpu" : s == SCOPE_CLUSTER ? "cluster" : "sys";
}

void mm_fence(struct machine *m, struct warp *w, struct group *g, const struct ir_insn *in)
{
	struct memmodel *mm = m->mm;
	unsigned scope = in->scope == SCOPE_NONE ? SCOPE_SYS : in->scope;
	int sc = in->sem == SEM_SC;
	for (size_t i = 0; i < mm->defer.len; i++)
		if (mm->defer.v[i].w == w && (mm->defer.v[i].mask & g->mask))
			mm->defer.v[i].fscopes |= (uint8_t)(1u << scope);
	for (uint32_t M = g->mask; M; M &= M - 1) {
		unsigned l = (unsigned)__builtin_ctz(M);
		struct mm_thr *t = thr_get(mm, w, l);
		if (mm->defer.len)
			clk_tick(mm, t);
		/* acquire part: the release views of writes read by earlier strong reads */
		for (size_t i = 0; i < t->acq.len; i++) {
			struct mm_loc *L = &mm->locs.v[t->acq.v[i].loc];
			const struct mm_msg *msg = &L->h.v[pos_of(L, t->acq.v[i].id)];
			acquire_from(mm, t, L, msg, scope, sc ? "fence.sc" : "fence.acq_rel");
		}
		if (sc) {
			/* the fence.sc orders it is in: its block's (a device
			 * fence), the device's (gpu or sys, on the device), the
			 * system's (sys, device or host) */
			struct mm_view *bv = w->host ? NULL : &slot_get(mm, w->blk->slot, t->blk)->sc;
			int gpu = !w->host && (scope == SCOPE_GPU || scope == SCOPE_SYS), sys = scope == SCOPE_SYS;
			int ch = 0;
			if (bv)
				ch |= vjoin(mm, &t->cur, bv);
			if (gpu)
				ch |= vjoin(mm, &t->cur, &mm->scv_gpu);
			if (sys)
				ch |= vjoin(mm, &t->cur, &mm->scv_sys);
			if (bv)
				vcopy(bv, &t->cur);
			if (gpu)
				vcopy(&mm->scv_gpu, &t->cur);
			if (sys)
				vcopy(&mm->scv_sys, &t->cur);
			if (ch)
				mm_logf(mm, "fence.sc.%s (block %u thread %u) is ordered after an earlier fence.sc of its scope: the writes before that fence are now visible",
					scope_name(scope), t->blk, t->tid);
		}
		/* release part */
		vcopy(&t->relf, &t->cur);
		t->has_relf = 1;
		t->relf_scope = (uint8_t)scope;
		uint32_t po = t->po++;
		if (mm->rec.event)
			mm->rec.event(mm->rec.ctx, MM_EV_FENCE, thr_index(mm, t), t->blk, 0, 0, 0, 1, scope, in->sem, po);
		evlog(mm, MM_EV_FENCE, t, 0, 0, 0, 0, 0, 1, scope, in->sem, po, (int)in->span.line, 0, 0, NULL);
	}
}

void mm_bar(struct machine *m, struct block *b)
{
	struct memmodel *mm = m->mm;
	uint32_t blk = (uint32_t)b->linear;
	if (mm->rec.event) /* the checker needs every thread's passage */
		for (uint32_t i = 0; i < b->nwarps; i++)
			for (uint32_t M = b->w[i].exists & ~b->w[i].exited; M; M &= M - 1)
				thr_get(mm, &b->w[i], (unsigned)__builtin_ctz(M));
	struct mm_view *j0 = &slot_get(mm, b->slot, blk)->bar, j = { NULL, 0, 0 };
	vjoin(mm, &j, j0);
	int n = 0;
	size_t lo = mm->tpb ? (size_t)b->slot * mm->tpb : 0, hi = mm->tpb ? lo + mm->tpb : 0;
	if (hi > mm->thr.len)
		hi = mm->thr.len;
	for (size_t i = lo; i < hi; i++)
		if (mm->thr.v[i].used && mm->thr.v[i].blk == blk) {
			vjoin(mm, &j, &mm->thr.v[i].cur);
			n++;
		}
	for (size_t i = lo; i < hi; i++)
		if (mm->thr.v[i].used && mm->thr.v[i].blk == blk) {
			vjoin(mm, &mm->thr.v[i].cur, &j);
			uint32_t po = mm->rec.event ? mm->thr.v[i].po++ : mm->thr.v[i].po;
			if (mm->rec.event)
				mm->rec.event(mm->rec.ctx, MM_EV_BARRIER, (int)i, blk, 0, mm->nbar, 0, 1, SCOPE_CTA, SEM_ACQ_REL,
					 po);
			evlog(mm, MM_EV_BARRIER, &mm->thr.v[i], 0, 0, 0, 0, 0, 1, SCOPE_CTA, SEM_ACQ_REL, po, 0, 0, 0, NULL);
		}
	vcopy(j0, &j);
	free(j.v);
	mm->nbar++;
	if (n > 1)
		mm_logf(mm, "__syncthreads() in block %u: every write its threads made before it is now visible to all of them", blk);
}

void mm_warpsync(struct machine *m, struct warp *w, uint32_t mask)
{
	struct memmodel *mm = m->mm;
	struct mm_view j = { NULL, 0, 0 };
	if (__builtin_popcount(mask) < 2)
		return;
	for (uint32_t M = mask; M; M &= M - 1)
		vjoin(mm, &j, &thr_get(mm, w, (unsigned)__builtin_ctz(M))->cur);
	for (uint32_t M = mask; M; M &= M - 1) {
		struct mm_thr *t = thr_get(mm, w, (unsigned)__builtin_ctz(M));
		vjoin(mm, &t->cur, &j);
		/* for the axioms: a barrier of the lanes named */
		uint32_t po = mm->rec.event ? t->po++ : t->po;
		if (mm->rec.event)
			mm->rec.event(mm->rec.ctx, MM_EV_BARRIER, thr_index(mm, t), t->blk, 0, mm->nbar, 0, 1, SCOPE_CTA,
				      SEM_ACQ_REL, po);
		evlog(mm, MM_EV_BARRIER, t, 0, 0, 0, 0, 0, 1, SCOPE_CTA, SEM_ACQ_REL, po, 0, 0, 0, NULL);
	}
	mm->nbar++;
	free(j.v);
	mm_logf(mm, "__syncwarp() in block %u warp %u: the writes of its lanes before it are visible to all of them",
		(uint32_t)w->blk->linear, w->id);
}

/* ---- scheduling at visible events */

static int visible(struct memmodel *mm, struct warp *w, struct group *g)
{
	const struct ir_insn *in = &g->fr->code[g->pc];
	if (defer_pending(mm, w)) {
		for (size_t i = 0; i < mm->defer.len; i++)
			if (mm->defer.v[i].w == w && defer_forced(mm, &mm->defer.v[i], g, in))
				return 1;
	}
	switch (in->op) {
	case IR_LD: case IR_ST: {
		uint64_t a = *regp(g->fr, in->a, (unsigned)__builtin_ctz(g->mask)) + (uint64_t)in->imm;
		unsigned tag = ADDR_TAG(a);
		return tag == TAG_GLOBAL || tag == TAG_SHARED || tag == TAG_HOST; /* mapped host memory */
	}
	case IR_ATOM: case IR_FENCE: case IR_BAR: case IR_BCALL: case IR_MEMCPY: case IR_MEMSET:
		return 1;
	}
	return 0;
}

/* could running the parked group g ahead of its reconvergence point (as
 * independent thread scheduling allows) reach a memory access before a
 * barrier or its end? (a bounded walk of the code from its pc) */
static int worth_release(const struct group *g)
{
	const struct ir_insn *code = g->fr->code;
	uint32_t n = g->fr->df->ncode, stack[64], seen[64];
	int sp = 0, ns = 0;
	stack[sp++] = g->pc;
	while (sp && ns < 64) {
		uint32_t pc = stack[--sp];
		int dup = 0;
		for (int i = 0; i < ns; i++)
			dup |= seen[i] == pc;
		if (dup || pc >= n)
			continue;
		seen[ns++] = pc;
		const struct ir_insn *in = &code[pc];
		switch (in->op) {
		case IR_LD: case IR_ST:
			if (in->sp != SP_LOCAL && in->sp != SP_PARAM && in->sp != SP_CONST)
				return 1;
			break;
		case IR_ATOM: case IR_CALL: case IR_ICALL: case IR_FENCE:
			return 1;
		case IR_BAR: case IR_RET: case IR_TRAP: case IR_UNREACHABLE:
			continue;
		case IR_BR:
			if (sp < 64)
				stack[sp++] = (uint32_t)in->tgt1;
			continue;
		case IR_CBR:
			if (sp < 63) {
				stack[sp++] = (uint32_t)in->tgt1;
				stack[sp++] = (uint32_t)in->tgt2;
			}
			continue;
		}
		if (sp < 64)
			stack[sp++] = pc + 1;
	}
	return 0;
}

/* release one parked group from its token (it runs ahead) */
static void release_group(struct warp *w, struct group *g)
{
	struct token *t = &w->toks.v[g->tok[g->ntok - 1]];
	t->mask &= ~g->mask;
	t->arrived &= ~g->mask;
	if (t->mask == 0)
		t->used = 0;
	g->ntok--;
	g->state = G_READY;
}

/* the host threads: main alone, or every thread of <thread>/<pthread.h> */
static int host_count(const struct machine *m)
{
	return m->ht.all.len ? (int)m->ht.all.len : m->ht.cur ? 1 : 0;
}

static struct warp *host_at(const struct machine *m, int i)
{
	return m->ht.all.len ? m->ht.all.v[i] : m->ht.cur;
}

/* does the next instruction of host thread w touch what the device or
 * another host thread can see: memory shared with the device (managed,
 * mapped), atomics, fences, thread built-ins. The rest (its stack, its
 * heap, printf, CUDA calls that wait) commutes with the device. */
static int host_visible(struct machine *m, struct warp *w, struct group *g)
{
	struct memmodel *mm = m->mm;
	const struct ir_insn *in = &g->fr->code[g->pc];
	if (defer_pending(mm, w))
		for (size_t i = 0; i < mm->defer.len; i++)
			if (mm->defer.v[i].w == w && defer_forced(mm, &mm->defer.v[i], g, in))
				return 1;
	switch (in->op) {
	case IR_LD: case IR_ST: {
		uint64_t a = *regp(g->fr, in->a, 0) + (uint64_t)in->imm;
		if (ADDR_TAG(a) == TAG_GLOBAL)
			return 1;
		if (ADDR_TAG(a) == TAG_HOST) {
			const struct alloc *x = mem_find(&m->mem, a);
			return x && x->dev_ok;
		}
		return 0;
	}
	case IR_ATOM: case IR_FENCE: case IR_MEMCPY: case IR_MEMSET:
		return 1;
	case IR_BCALL:
		return hthread_is_builtin((int)in->imm);
	}
	return 0;
}

void mm_host_sync(struct machine *m)
{
	struct memmodel *mm = m->mm;
	if (!mm || !m->ht.cur || !mm->locs.len)
		return;
	struct mm_thr *t = thr_get(mm, m->ht.cur, 0);
	for (size_t i = 0; i < mm->thr.len; i++)
		if (mm->thr.v[i].used && !MACHINE_MM_IS_HOST(mm->thr.v[i].blk)) {
			vjoin(mm, &t->cur, &mm->thr.v[i].cur);
			/* for the axioms: the grid's threads and the host meet as at a barrier */
			if (mm->rec.event)
				mm->rec.event(mm->rec.ctx, MM_EV_BARRIER, (int)i, mm->thr.v[i].blk, 0, mm->nbar, 0, 1,
					      SCOPE_SYS, SEM_ACQ_REL, mm->thr.v[i].po++);
		}
	uint32_t po = mm->rec.event ? t->po++ : t->po;
	if (mm->rec.event)
		mm->rec.event(mm->rec.ctx, MM_EV_BARRIER, thr_index(mm, t), t->blk, 0, mm->nbar, 0, 1, SCOPE_SYS,
			      SEM_ACQ_REL, po);
	evlog(mm, MM_EV_BARRIER, t, 0, 0, 0, 0, 0, 1, SCOPE_SYS, SEM_ACQ_REL, po, 0, 0, 0, NULL);
	mm->nbar++;
}

void mm_host_handoff(struct machine *m, struct warp *from, struct warp *to)
{
	struct memmodel *mm = m->mm;
	if (!mm || !mm->locs.len)
		return;
	struct mm_view v = { NULL, 0, 0 };
	vcopy(&v, &thr_get(mm, from, 0)->cur);
	vjoin(mm, &thr_get(mm, to, 0)->cur, &v);
	free(v.v);
}

int64_t mm_sched_pick(struct machine *m, int *group)
{
	struct memmodel *mm = m->mm;
	struct grid *gr = m->dev.grid;
	uint32_t wpb = gr->warps_per_block;
	int64_t cand[256];
	int cg[256], n = 0;
	/* the relaxed model (and its) interleave the diverged groups of a warp:
	 * threads are independent (Volta and later) */
	int each = !mm->sc || m->o.simt == SIMT_ITS;
	for (int s = 0; s < gr->nres; s++) {
		struct block *b = gr->res[s];
		for (uint32_t i = 0; b && i < b->nwarps; i++) {
			struct warp *w = &b->w[i];
			int gi = interp_warp_pick(m, w);
			if (gi < 0)
				continue;
			int64_t idx = (int64_t)s * wpb + i;
			for (uint32_t j = 0; j < w->ng; j++) {
				if (!mm->sc && w->g[j].state == G_PARK && w->g[j].ntok && worth_release(&w->g[j])) {
					/* a parked group may run ahead (its): a choice */
					if (n < 256) {
						cg[n] = -1 - (int)j;
						cand[n++] = idx;
					}
					continue;
				}
				if (w->g[j].state != G_READY || (!each && (int)j != gi))
					continue;
				if (!visible(mm, w, &w->g[j])) {
					*group = (int)j; /* invisible work commutes: run it now */
					w->cur = (int)j;
					return idx;
				}
				if (n < 256) {
					cg[n] = (int)j;
					cand[n++] = idx;
				}
			}
		}
	}
	/* the host threads run beside the grid (code after an asynchronous
	 * launch); one inside an <atomic> operation finishes it first */
	int64_t total = (int64_t)gr->nres * wpb;
	int only = -1;
	for (int i = 0; i < host_count(m); i++)
		if (host_at(m, i) && host_at(m, i)->hatomic)
			only = i;
	for (int i = 0; i < host_count(m); i++) {
		struct warp *w = host_at(m, i);
		if (!w || !w->ng || w->hdone || w->hwait != HW_NONE || w->g[0].state != G_READY || !w->g[0].fr ||
		    (only >= 0 && i != only))
			continue;
		if (!host_visible(m, w, &w->g[0])) {
			*group = 0;
			return total + i;
		}
		if (n < 256) {
			cg[n] = 0;
			cand[n++] = total + i;
		}
	}
	if (!n)
		return -1;
	int k = n == 1 ? 0 : mm_choose(mm, CK_SCHED, n);
	if (mm->stopped)
		return -1;
	*group = cg[k];
	if (cand[k] >= total)
		return cand[k];
	if (cg[k] < 0) {
		struct warp *w = &gr->res[cand[k] / wpb]->w[cand[k] % wpb];
		*group = -1 - cg[k];
		release_group(w, &w->g[*group]);
		w->cur = *group;
	}
	return cand[k];
}

/* the clock entries of v that matter: ticks after a pending deferred load
 * of their thread */
static uint64_t clk_hash(struct memmodel *mm, const struct mm_view *v, uint64_t h)
{
	if (!mm->defer.len)
		return h;
	for (uint32_t j = vfind(v, CLK_BASE); j < v->n; j++) {
		size_t ti = v->v[j].loc - CLK_BASE;
		for (size_t i = 0; i < mm->defer.len; i++) {
			const struct mm_defer *d = &mm->defer.v[i];
			for (uint32_t M = d->mask; M; M &= M - 1)
				if (defer_thr(mm, d, (unsigned)__builtin_ctz(M)) == ti && v->v[j].id > d->c0)
					h = mix(h, ti + 0x1000 * (i + 1));
		}
	}
	return h;
}

uint64_t machine_mm_hash(const struct machine *m)
{
	struct memmodel *mm = m->mm; /* thr_idx caches; nothing that is hashed changes */
	uint64_t h = 0x5eed;
	if (!mm)
		return h;
	h = mix(h, mm->salt);
	for (size_t i = 0; i < mm->locs.len; i++) {
		const struct mm_loc *L = &mm->locs.v[i];
		h = mix(h, L->addr);
		for (size_t k = 0; k < L->h.len; k++) {
			const struct mm_msg *g = &L->h.v[k];
			h = mix(h, g->val);
			h = mix(h, (uint64_t)g->thr << 32 | (uint32_t)g->rmw_from);
			h = mix(h, (uint64_t)g->strong << 16 | (uint64_t)g->scope << 8 | g->relscope);
			if (g->rel >= 0) {
				const struct mm_view *v = &mm->vpool.v[g->rel];
				for (uint32_t j = 0; j < v->n; j++)
					if (v->v[j].loc < mm->locs.len)
						h = mix(h, (uint64_t)v->v[j].loc << 32 |
							   (uint32_t)pos_of(&mm->locs.v[v->v[j].loc], v->v[j].id));
				h = clk_hash(mm, v, h);
			}
		}
	}
	for (size_t i = 0; i < mm->thr.len; i++) {
		const struct mm_thr *t = &mm->thr.v[i];
		if (!t->used)
			continue;
		h = mix(h, t->key);
		for (uint32_t j = 0; j < mm->locs.len; j++) {
			h = mix(h, (uint64_t)pos_of(&mm->locs.v[j], vget(&t->cur, j)));
			if (t->has_relf)
				h = mix(h, (uint64_t)pos_of(&mm->locs.v[j], vget(&t->relf, j)) + 77);
		}
		h = clk_hash(mm, &t->cur, h);
		if (t->has_relf)
			h = clk_hash(mm, &t->relf, h);
		h = mix(h, t->acq.len);
	}
	for (size_t i = 0; i < mm->slots.len; i++)
		for (uint32_t j = 0; j < mm->locs.len; j++)
			h = mix(h, (uint64_t)pos_of(&mm->locs.v[j], vget(&mm->slots.v[i].sc, j)));
	for (uint32_t j = 0; j < mm->locs.len; j++) {
		h = mix(h, (uint64_t)pos_of(&mm->locs.v[j], vget(&mm->scv_gpu, j)));
		h = mix(h, (uint64_t)pos_of(&mm->locs.v[j], vget(&mm->scv_sys, j)) + 991);
	}
	for (size_t i = 0; i < mm->slots.len; i++)
		h = clk_hash(mm, &mm->slots.v[i].sc, h);
	h = clk_hash(mm, &mm->scv_gpu, h);
	h = clk_hash(mm, &mm->scv_sys, h);
	for (size_t i = 0; i < mm->defer.len; i++) {
		const struct mm_defer *d = &mm->defer.v[i];
		h = mix(h, (uint64_t)(uintptr_t)d->in);
		h = mix(h, d->fscopes);
		for (size_t k = 0; k < d->forbid.len; k++)
			h = mix(h, (uint64_t)d->forbid.v[k].lane << 40 | (uint64_t)d->forbid.v[k].loc << 20 |
				   (uint32_t)pos_of(&mm->locs.v[d->forbid.v[k].loc], d->forbid.v[k].id));
	}
	/* shared memory of resident blocks, device printf so far */
	if (m->dev.grid)
		for (int s = 0; s < m->dev.grid->nres; s++) {
			struct block *b = m->dev.grid->res[s];
			if (!b)
				continue;
			h = mix(h, b->bar_arrived);
			for (uint32_t i = 0; i < b->nwarps; i++) {
				const struct warp *w = &b->w[i];
				h = mix(h, w->exited);
				for (uint32_t j = 0; j < w->ng; j++) {
					const struct group *g = &w->g[j];
					h = mix(h, (uint64_t)g->mask << 32 | g->pc);
					h = mix(h, (uint64_t)g->state << 32 | g->fr->depth);
					uint32_t nr = ir_rows(g->fr->fn);
					for (uint32_t M = g->mask; M; M &= M - 1) {
						unsigned l = (unsigned)__builtin_ctz(M);
						for (uint32_t r = 0; r < nr; r++)
							h = mix(h, g->fr->r[(size_t)r * WS_WARP + l]);
					}
				}
			}
			for (uint64_t k = 0; k < b->shared_size && k < 4096; k += 8) {
				uint64_t v = 0;
				memcpy(&v, b->shared + k, b->shared_size - k < 8 ? b->shared_size - k : 8);
				h = mix(h, v);
			}
		}
	/* the host threads (they run beside the grid), the launches queued */
	h = mix(h, (uint64_t)m->dev.qhead << 32 | m->dev.queue.len);
	h = mix(h, m->dev.grid != NULL);
	for (int i = 0; i < host_count(m); i++) {
		const struct warp *w = host_at(m, i);
		if (!w)
			continue;
		h = mix(h, (uint64_t)w->hwait << 16 | (uint64_t)w->hdone << 8 | w->ng);
		for (uint32_t j = 0; j < w->ng; j++) {
			const struct group *g = &w->g[j];
			if (!g->fr)
				continue;
			h = mix(h, (uint64_t)g->state << 32 | g->pc);
			h = mix(h, (uint64_t)(uintptr_t)g->fr->fn << 8 | g->fr->depth);
			for (uint32_t r = 0; r < ir_rows(g->fr->fn); r++)
				h = mix(h, g->fr->r[(size_t)r * WS_WARP]);
		}
		const struct lstack *ls = &w->ls[0];
		for (uint64_t k = 0; ls->buf && k < ls->sp && k < 4096; k += 8) {
			uint64_t v = 0;
			memcpy(&v, ls->buf + k, ls->sp - k < 8 ? ls->sp - k : 8);
			h = mix(h, v);
		}
	}
	/* host memory (globals and heap; bounded): what host threads keep there */
	for (size_t i = 0; i < m->mem.host.a.len && i < 64; i++) {
		const struct alloc *x = m->mem.host.a.v[i];
		if (x->freed || (x->kind != AK_HOST_OBJ && x->kind != AK_HOST_MALLOC))
			continue;
		for (uint64_t k = 0; k < x->size && k < 256; k += 8) {
			uint64_t v = 0;
			memcpy(&v, x->data + k, x->size - k < 8 ? x->size - k : 8);
			h = mix(h, v);
		}
	}
	h = mix(h, m->io.dev_out.len);
	for (size_t k = 0; k < m->io.dev_out.len; k++)
		h = mix(h, (uint8_t)m->io.dev_out.buf[k]);
	return h;
}

/* ---- inspection */

int machine_mm_nlocs(const struct machine *m)
{
	return m->mm ? (int)m->mm->locs.len : 0;
}

int machine_mm_loc(const struct machine *m, int i, uint64_t *addr, int *nwrites)
{
	if (!m->mm || i < 0 || (size_t)i >= m->mm->locs.len)
		return -1;
	*addr = m->mm->locs.v[i].addr;
	*nwrites = (int)m->mm->locs.v[i].h.len;
	return 0;
}

int machine_mm_write_get(const struct machine *m, int loc, int k, struct machine_mm_write *wr)
{
	if (!m->mm || loc < 0 || (size_t)loc >= m->mm->locs.len)
		return -1;
	const struct mm_loc *L = &m->mm->locs.v[loc];
	if (k < 0 || (size_t)k >= L->h.len)
		return -1;
	const struct mm_msg *g = &L->h.v[k];
	wr->addr = L->addr;
	wr->val = g->val;
	wr->block = g->thr < 0 ? -1 : (int)g->blk;
	wr->thread = g->thr < 0 ? -1 : (int)m->mm->thr.v[g->thr].tid;
	wr->strong = g->strong;
	wr->rmw = g->rmw_from >= 0;
	wr->released = g->rel >= 0;
	wr->scope = g->scope;
	return 0;
}

static const struct mm_thr *thr_find(const struct memmodel *mm, int block, int thread)
{
	uint64_t key = (uint64_t)(uint32_t)block << 32 | (uint32_t)thread;
	for (size_t i = 0; i < mm->thr.len; i++)
		if (mm->thr.v[i].used && mm->thr.v[i].key == key)
			return &mm->thr.v[i];
	return NULL;
}

int machine_mm_view(const struct machine *m, int block, int thread, int loc)
{
	const struct mm_thr *t;
	if (!m->mm || loc < 0 || (size_t)loc >= m->mm->locs.len || !(t = thr_find(m->mm, block, thread)))
		return -1;
	return pos_of(&m->mm->locs.v[loc], vget(&t->cur, (uint32_t)loc));
}

static int min_view(const struct machine *m, int block, int loc)
{
	const struct memmodel *mm = m->mm;
	if (!mm || loc < 0 || (size_t)loc >= mm->locs.len)
		return -1;
	int best = -1;
	for (size_t i = 0; i < mm->thr.len; i++) {
		if (!mm->thr.v[i].used || (block >= 0 && mm->thr.v[i].blk != (uint32_t)block))
			continue;
		int p = pos_of(&mm->locs.v[loc], vget(&mm->thr.v[i].cur, (uint32_t)loc));
		if (best < 0 || p < best)
			best = p;
	}
	return best < 0 ? 0 : best;
}

int machine_mm_block_view(const struct machine *m, int block, int loc)
{
	return min_view(m, block, loc);
}

int machine_mm_device_view(const struct machine *m, int loc)
{
	return min_view(m, -1, loc);
}

int machine_mm_pending(const struct machine *m, int block, int thread,
		       struct machine_mm_pending *out, int max)
{
	const struct memmodel *mm = m->mm;
	const struct mm_thr *t;
	if (!mm || !(t = thr_find(mm, block, thread)))
		return 0;
	int n = 0, ti = (int)(t - mm->thr.v);
	for (size_t l = 0; l < mm->locs.len; l++) {
		const struct mm_loc *L = &mm->locs.v[l];
		int dv = min_view(m, -1, (int)l);
		for (size_t k = 0; k < L->h.len; k++) {
			if (L->h.v[k].thr != ti || (int)k <= dv)
				continue;
			if (n < max) {
				struct machine_mm_pending p = { L->addr, L->h.v[k].val, (int)l, (int)k };
				out[n] = p;
			}
			n++;
		}
	}
	return n;
}

int machine_mm_candidates(const struct machine *m, int block, int thread, uint64_t addr,
			  int *pos, int max)
{
	const struct memmodel *mm = m->mm;
	if (!mm)
		return 0;
	int64_t loc = loc_find(mm, addr);
	if (loc < 0)
		return 0;
	const struct mm_thr *t = thr_find(mm, block, thread);
	const struct mm_loc *L = &mm->locs.v[loc];
	int lo = t ? pos_of(L, vget(&t->cur, (uint32_t)loc)) : 0, n = 0;
	for (int p = (int)L->h.len - 1; p >= lo; p--, n++)
		if (n < max)
			pos[n] = p;
	return n;
}

int machine_mm_nsync(const struct machine *m)
{
	return m->mm ? (int)m->mm->log.len : 0;
}

const char *machine_mm_sync(const struct machine *m, int i)
{
	if (!m->mm || i < 0 || (size_t)i >= m->mm->log.len)
		return NULL;
	return m->mm->log.v[i];
}

int machine_mm_model(const struct machine *m)
{
	return m->mm && !m->mm->sc ? MODEL_RELAXED : MODEL_SC;
}

int machine_mm_nthreads(const struct machine *m)
{
	return m->mm ? (int)m->mm->thr.len : 0;
}

int machine_mm_thread(const struct machine *m, int i, int *block, int *thread)
{
	if (!m->mm || i < 0 || (size_t)i >= m->mm->thr.len || !m->mm->thr.v[i].used)
		return -1;
	*block = (int)m->mm->thr.v[i].blk;
	*thread = (int)m->mm->thr.v[i].tid;
	return 0;
}
