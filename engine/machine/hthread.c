/*
 * hthread.c - concurrent host threads: what <pthread.h>, <thread>, <mutex>
 * and <condition_variable> are written over.
 *
 * A host thread is a host warp of one lane, like main's: its own frames
 * and its own 8 MiB stack, whose addresses carry the thread's index
 * (ADDR(TAG_HSTACK, index << HSTACK_SHIFT | offset)) so that a pointer to
 * one thread's local is valid in every thread, as in a process.
 *
 * Scheduling (machine.c host_step asks hthread_pick): while no grid runs,
 * the host threads take turns. --sched rr gives each runnable thread in
 * index order a turn of HQ_RR / 2 to 3 * HQ_RR / 2 - 1 instructions (a
 * fixed sequence of lengths, rr_turn); --sched random:SEED picks a
 * random runnable thread for a random turn of 1 to HQ_RANDOM instructions.
 * Turns count instructions, not calls, so stepping one instruction at a
 * time gives the same interleaving as running: a turn ends early where the
 * thread blocks, yields (sched_yield: quant 0, and interp.c's general loop
 * returns after a host built-in that leaves quant 0) or ends, and main's
 * turn ends at its first pthread_create (quant is 0 while main is alone),
 * whether a run or a step executes those instructions. With one thread
 * nothing of this happens (no random numbers are drawn): programs without
 * threads run exactly as before.
 *
 * Blocking: a built-in that cannot complete (join of a running thread, a
 * held mutex, a condition wait, a barrier, a once routine another thread
 * runs) records what the thread waits for (w->hwait, w->hkey) and returns
 * 1; the instruction stays, the thread is not picked until an action on
 * that object wakes it, and then the instruction runs again. Wake-ups keep
 * the order in which threads blocked; an unlock hands the mutex over to the
 * thread that has waited for it longest (its lock completes when it runs
 * again), so the unlocking thread cannot take it back first. When every
 * live thread is blocked, that is a host-deadlock finding (each thread and
 * what it waits for) and the program stops with status 134.
 */
#include <stdlib.h>
#include <string.h>

#include "builtin.h"
#include "simt.h"
#include "memmodel.h"

#define HQ_RR 1000
#define HQ_RANDOM 48
#define HTHREAD_MAX 4096

enum { E_PERM = 1, E_SRCH = 3, E_AGAIN = 11, E_BUSY = 16, E_INVAL = 22, E_DEADLK = 35 };
enum { MX_NORMAL = 0, MX_RECURSIVE = 1, MX_ERRORCHECK = 2 };

void hthread_main(struct machine *m, struct warp *w)
{
	w->hid = 0;
	w->hbase = 0;
	warp_lstacks(w)[0].host = 1;
	if (!m->ht.all.len)
		vec_push(&m->ht.all, w);
}

void hthread_free(struct machine *m)
{
	/* m->ht.cur is one of them (machine_free frees it when the list is empty) */
	for (size_t i = 1; i < m->ht.all.len; i++) {
		struct warp *w = m->ht.all.v[i];
		if (w == m->ht.cur)
			m->ht.cur = m->ht.all.v[0];
		for (struct frame *f = w->all_frames, *nx; f; f = nx) {
			nx = f->next_all;
			free(f->r - WS_WARP);
			free(f);
		}
		warp_drop_parts(w);
		free(w);
	}
	if (m->ht.all.len)
		m->ht.cur = m->ht.all.v[0];
	vec_free(&m->ht.all);
}

struct lstack *hthread_stack(struct machine *m, uint64_t addr, uint64_t *off)
{
	uint64_t o = ADDR_OFF(addr), i = o >> HSTACK_SHIFT;
	struct warp *w = m->ht.all.len ? (i < m->ht.all.len ? m->ht.all.v[i] : NULL)
					 : (i == 0 ? m->ht.cur : NULL);
	if (!w)
		return NULL;
	*off = o & (((uint64_t)1 << HSTACK_SHIFT) - 1);
	return &w->ls[0];
}

static int runnable(const struct warp *w)
{
	return !w->hdone && w->ng && w->hwait == HW_NONE;
}

static const char *wait_name(int k)
{
	switch (k) {
	case HW_JOIN: return "joins";
	case HW_MUTEX: return "waits for the mutex";
	case HW_COND: return "waits on the condition variable";
	case HW_BARRIER: return "waits at the barrier";
	case HW_ONCE: return "waits for the once routine";
	default: return "waits";
	}
}

/* the line of the program (not of a built-in header) where w stands */
static struct span user_span(const struct machine *m, const struct warp *w)
{
	return cg_user_span(m, w, 1, w->g[0].fr->code[w->g[0].pc].span);
}

static void report_deadlock(struct machine *m)
{
	struct strbuf sb;
	struct warp *first = NULL;
	strbuf_init(&sb);
	for (size_t i = 0; i < m->ht.all.len; i++) {
		struct warp *w = m->ht.all.v[i];
		if (w->hdone || !w->ng)
			continue;
		if (!first)
			first = w;
		strbuf_addf(&sb, "%sthread %u%s %s", first == w ? "" : "; ", w->hid + 1,
			    w->hid ? "" : " (main)", wait_name(w->hwait));
		if (w->hwait == HW_JOIN)
			strbuf_addf(&sb, " thread %llu", (unsigned long long)w->hkey + 1);
		else
			strbuf_addf(&sb, " at 0x%llx", (unsigned long long)w->hkey);
		strbuf_addf(&sb, " (line %u)", user_span(m, w).line);
	}
	if (first)
		machine_finding_add(m, FK_HOST_DEADLOCK, first, 1, user_span(m, first), 0,
				    "deadlock: every host thread waits for another one: %s", strbuf_cstr(&sb));
	strbuf_release(&sb);
}

/* The length of the next turn under --sched rr: HQ_RR / 2 to 3 * HQ_RR / 2
 * - 1 instructions from a fixed sequence (splitmix64 from state 0, apart
 * from the random scheduler's numbers). Turns of one fixed length end at
 * the same instruction of a loop whose length divides it, every time: a
 * thread that polls a lock it takes and drops, or holds a spin lock,
 * could be stopped while holding it at every turn, and a thread spinning
 * on it never saw it free. Varying lengths, like an OS's time slices, end
 * such a loop's turns at every place of it in turn. */
static uint32_t rr_turn(struct machine *m)
{
	uint64_t z = (m->ht.rr += 0x9e3779b97f4a7c15ull);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	z ^= z >> 31;
	return HQ_RR / 2 + (uint32_t)(z % HQ_RR);
}

struct warp *hthread_pick(struct machine *m)
{
	struct warp *cur = m->ht.cur;
	if (m->status != MST_RUNNING)
		return NULL;
	if (cur && runnable(cur) && (m->ht.quant > 0 || cur->hatomic)) {
		if (!m->ht.quant)
			m->ht.quant = 1; /* an <atomic> operation finishes first */
		return cur;
	}
	size_t n = m->ht.all.len, count = 0, start = cur ? cur->hid : 0;
	for (size_t i = 0; i < n; i++)
		count += (size_t)runnable(m->ht.all.v[i]);
	if (!count) {
		report_deadlock(m);
		machine_exit(m, 134);
		return NULL;
	}
	struct warp *w = NULL;
	if (m->o.sched == SCHED_RANDOM) {
		size_t k = (size_t)(machine_rand(m) % count);
		for (size_t i = 0; i < n && !w; i++)
			if (runnable(m->ht.all.v[i]) && k-- == 0)
				w = m->ht.all.v[i];
		m->ht.quant = 1 + (uint32_t)(machine_rand(m) % HQ_RANDOM);
	} else {
		for (size_t k = 1; k <= n && !w; k++)
			if (runnable(m->ht.all.v[(start + k) % n]))
				w = m->ht.all.v[(start + k) % n];
		m->ht.quant = rr_turn(m);
	}
	m->ht.cur = w;
	return w;
}

/* every thread waiting for (kind, key) may run again (it retries) */
static void wake(struct machine *m, int kind, uint64_t key, int all)
{
	struct warp *best = NULL;
	for (size_t i = 0; i < m->ht.all.len; i++) {
		struct warp *w = m->ht.all.v[i];
		if (w->hwait != kind || w->hkey != key)
			continue;
		if (all)
			w->hwait = HW_NONE;
		else if (!best || w->hseq < best->hseq)
			best = w;
	}
	if (best)
		best->hwait = HW_NONE;
}

static int block(struct machine *m, struct warp *w, int kind, uint64_t key)
{
	w->hwait = (uint8_t)kind;
	w->hkey = key;
	w->hseq = ++m->ht.seq;
	m->ht.quant = 0;
	return 1;
}

void hthread_end(struct machine *m, struct warp *w, uint64_t v)
{
	w->hret = v;
	w->hdone = w->hdetached ? 2 : 1;
	w->ng = 0;
	w->live = 0;
	w->ls[0].sp = 0; /* its locals are gone */
	m->ht.quant = 0;
	wake(m, HW_JOIN, w->hid, 1);
	for (size_t i = 0; i < m->ht.all.len; i++)
		if (!m->ht.all.v[i]->hdone)
			return;
	machine_exit(m, 0); /* main called pthread_exit and the last thread ended */
}

static int rd32(struct machine *m, uint64_t addr, uint32_t *v)
{
	return machine_host_read(m, addr, v, 4);
}

static int wr32(struct machine *m, uint64_t addr, uint32_t v)
{
	return machine_host_write(m, addr, &v, 4);
}

/* a bad pointer given to a thread function: the finding of any host access */
static int bad_ptr(struct machine *m, struct warp *w, uint64_t addr)
{
	uint8_t *p = interp_xlate(m, w, 0, addr, 4, 0, user_span(m, w));
	(void)p;
	return -1;
}

static int thread_create(struct machine *m, struct warp *w, const uint64_t *a)
{
	uint64_t fa = a[1], idx = (ADDR_OFF(fa) >> 4) - 1;
	if (ADDR_TAG(fa) != TAG_CODE || (ADDR_OFF(fa) & 15) || idx >= m->mod->nfuncs) {
		machine_finding_add(m, FK_TRAP, w, 1, user_span(m, w), fa,
				    "thread start routine 0x%llx is not a function address",
				    (unsigned long long)fa);
		machine_exit(m, 139);
		return -1;
	}
	if (m->ht.all.len >= HTHREAD_MAX)
		return E_AGAIN;
	const struct ir_func *fn = &m->mod->funcs[idx];
	struct warp *t = xcalloc(1, sizeof(*t));
	warp_init(t, NULL);
	t->blk = &m->ht.blk;
	t->host = 1;
	t->exists = t->live = 1;
	t->cur = 0;
	t->hid = (uint32_t)m->ht.all.len;
	t->hbase = (uint64_t)t->hid << HSTACK_SHIFT;
	t->hdetached = (uint8_t)(a[3] != 0);
	warp_lstacks(t)[0].host = 1;
	struct frame *f = interp_frame_new(m, t, fn, (int32_t)idx, NULL, 1);
	if (!f) {
		warp_drop_parts(t);
		for (struct frame *x = t->all_frames, *nx; x; x = nx) {
			nx = x->next_all;
			free(x->r - WS_WARP);
			free(x);
		}
		free(t);
		return E_AGAIN;
	}
	if (fn->nparams >= 1 && fn->nregs >= 1)
		f->r[0] = a[2];
	t->g[0].mask = 1;
	t->g[0].fr = f;
	t->g[0].pc = 0;
	t->g[0].state = G_READY;
	t->ng = 1;
	vec_push(&m->ht.all, t);
	if (m->mm)
		mm_host_handoff(m, w, t); /* it sees what its creator saw */
	uint64_t id = t->hid + 1;
	if (a[0] && machine_host_write(m, a[0], &id, 8))
		return bad_ptr(m, w, a[0]);
	return 0;
}

static int mutex_lock(struct machine *m, struct warp *w, uint64_t mx, int try)
{
	uint32_t lock, kind, owner, count;
	if (rd32(m, mx, &lock) || rd32(m, mx + 4, &kind) || rd32(m, mx + 8, &owner) ||
	    rd32(m, mx + 12, &count))
		return bad_ptr(m, w, mx);
	if (!lock) {
		wr32(m, mx, 1);
		wr32(m, mx + 8, w->hid + 1);
		wr32(m, mx + 12, 1);
		return 0;
	}
	if (owner == w->hid + 1 && kind == MX_RECURSIVE) {
		wr32(m, mx + 12, count + 1);
		return 0;
	}
	if (owner == w->hid + 1 && kind == MX_ERRORCHECK)
		return E_DEADLK;
	if (try)
		return E_BUSY;
	return block(m, w, HW_MUTEX, mx);
}

static int mutex_unlock(struct machine *m, struct warp *w, uint64_t mx)
{
	uint32_t lock, kind, owner, count;
	if (rd32(m, mx, &lock) || rd32(m, mx + 4, &kind) || rd32(m, mx + 8, &owner) ||
	    rd32(m, mx + 12, &count))
		return bad_ptr(m, w, mx);
	if (kind != MX_NORMAL && (!lock || owner != w->hid + 1))
		return E_PERM;
	if (kind == MX_RECURSIVE && count > 1) {
		wr32(m, mx + 12, count - 1);
		return 0;
	}
	/* first come, first served: the thread that has waited longest owns
	 * the mutex now, so the unlocking thread cannot take it back before
	 * any waiter runs (a turn that always ends while that thread holds it
	 * again starved the waiters for good) */
	struct warp *next = NULL;
	for (size_t i = 0; i < m->ht.all.len; i++) {
		struct warp *x = m->ht.all.v[i];
		if (x->hwait == HW_MUTEX && x->hkey == mx && (!next || x->hseq < next->hseq))
			next = x;
	}
	if (next) {
		wr32(m, mx + 8, next->hid + 1);
		wr32(m, mx + 12, 1);
		next->hwait = HW_NONE;
		next->hresume = 1; /* its lock completes when it runs again */
		return 0;
	}
	wr32(m, mx, 0);
	wr32(m, mx + 8, 0);
	wr32(m, mx + 12, 0);
	return 0;
}

int hthread_is_builtin(int id)
{
	return (id >= BI___ws_thread_create && id <= BI___ws_once_end) || id == BI___ws_thread_atomic;
}

int hthread_call(struct machine *m, struct warp *w, int id, const uint64_t *a, uint64_t *ret)
{
	*ret = 0;
	switch (id) {
	case BI___ws_thread_create: {
		int r = thread_create(m, w, a);
		if (r < 0)
			return -1;
		*ret = (uint64_t)r;
		return 0;
	}
	case BI___ws_thread_join: {
		uint64_t t = a[0] - 1;
		if (!a[0] || t >= m->ht.all.len) {
			*ret = E_SRCH;
			return 0;
		}
		struct warp *x = m->ht.all.v[t];
		if (x == w) {
			*ret = E_DEADLK;
			return 0;
		}
		if (x->hdetached || x->hdone == 2) {
			*ret = E_INVAL;
			return 0;
		}
		if (!x->hdone)
			return block(m, w, HW_JOIN, t);
		if (m->mm)
			mm_host_handoff(m, x, w); /* the joiner sees what the thread saw */
		x->hdone = 2;
		if (a[1] && machine_host_write(m, a[1], &x->hret, 8))
			return bad_ptr(m, w, a[1]);
		return 0;
	}
	case BI___ws_thread_detach: {
		uint64_t t = a[0] - 1;
		if (!a[0] || t >= m->ht.all.len) {
			*ret = E_SRCH;
			return 0;
		}
		struct warp *x = m->ht.all.v[t];
		if (x->hdetached || x->hdone == 2) {
			*ret = E_INVAL;
			return 0;
		}
		x->hdetached = 1;
		if (x->hdone)
			x->hdone = 2;
		return 0;
	}
	case BI___ws_thread_self:
		*ret = w->hid + 1;
		return 0;
	case BI___ws_thread_exit:
		hthread_end(m, w, a[0]);
		hthread_pick(m);
		return -1;
	case BI___ws_thread_yield:
		m->ht.quant = 0;
		return 0;
	case BI___ws_mutex_lock: {
		if (w->hresume) { /* the unlocking thread handed it over */
			w->hresume = 0;
			return 0;
		}
		int r = mutex_lock(m, w, a[0], (int)a[1]);
		if (r == 1 && !a[1])
			return 1;
		if (r < 0)
			return -1;
		*ret = (uint64_t)r;
		return 0;
	}
	case BI___ws_mutex_unlock: {
		int r = mutex_unlock(m, w, a[0]);
		if (r < 0)
			return -1;
		*ret = (uint64_t)r;
		return 0;
	}
	case BI___ws_cond_wait: {
		if (w->hresume) {
			w->hresume = 0;
			return 0;
		}
		int r = mutex_unlock(m, w, a[1]);
		if (r) {
			if (r < 0)
				return -1;
			*ret = (uint64_t)r;
			return 0;
		}
		w->hresume = 1;
		return block(m, w, HW_COND, a[0]);
	}
	case BI___ws_cond_wake:
		wake(m, HW_COND, a[0], (int)a[1]);
		return 0;
	case BI___ws_barrier_wait: {
		uint64_t b = a[0];
		uint32_t count, arrived, gen;
		if (w->hresume) {
			w->hresume = 0;
			return 0;
		}
		if (rd32(m, b, &count) || rd32(m, b + 4, &arrived) || rd32(m, b + 8, &gen))
			return bad_ptr(m, w, b);
		if (!count) {
			*ret = E_INVAL;
			return 0;
		}
		if (arrived + 1 >= count) {
			wr32(m, b + 4, 0);
			wr32(m, b + 8, gen + 1);
			wake(m, HW_BARRIER, b, 1);
			*ret = (uint64_t)(int64_t)-1;
			return 0;
		}
		wr32(m, b + 4, arrived + 1);
		w->hresume = 1;
		return block(m, w, HW_BARRIER, b);
	}
	case BI___ws_once_begin: {
		uint32_t st;
		if (rd32(m, a[0], &st))
			return bad_ptr(m, w, a[0]);
		if (st == 0) {
			wr32(m, a[0], 1);
			*ret = 1;
			return 0;
		}
		if (st == 1)
			return block(m, w, HW_ONCE, a[0]);
		return 0;
	}
	case BI___ws_thread_atomic:
		if (a[0])
			w->hatomic++;
		else if (w->hatomic)
			w->hatomic--;
		return 0;
	case BI___ws_once_end:
		wr32(m, a[0], 2);
		wake(m, HW_ONCE, a[0], 1);
		return 0;
	default:
		return -1;
	}
}
