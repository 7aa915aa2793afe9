/*
 * cluster.c - thread block clusters (sm_90): which block is in which
 * cluster, the order clusters are admitted in, the cluster barrier
 * (cooperative_groups::this_cluster().sync(), barrier.cluster.arrive/wait)
 * and distributed shared memory (map_shared_rank), for the ENGINE built-ins
 * __ws_cluster_* that cooperative_groups.h calls.
 *
 * A launch with cluster dimensions (__cluster_dims__, or cudaLaunchKernelEx
 * with cudaLaunchAttributeClusterDimension) groups the grid's blocks into
 * clusters of cdim[0] x cdim[1] x cdim[2] blocks: the cluster of blockIdx is
 * blockIdx / cdim, its rank (blockIdx % cdim) linearized x first. The
 * blocks of a cluster are admitted together into consecutive slots and
 * leave together when all of them have finished (machine.c), so they are
 * always co-resident, as the hardware guarantees within a GPC.
 *
 * Distributed shared memory: map_shared_rank(p, r) turns the shared-memory
 * address p into the same offset in block r's shared memory, an address
 * whose offset carries r + 1 in bits 32..39 (DSMEM_RANK). interp_xlate and
 * the shared-memory window of a warp's access resolve it to that block; the
 * race checker records remote accesses in the target block's shadow as
 * "a thread of block rank r", and the cluster barrier orders them.
 *
 * The cluster barrier: every thread of the cluster that has not exited
 * arrives; the arrival that completes it advances the generation, wakes the
 * waiting groups (G_CGWAIT on the cluster's key) and orders what came
 * before it for the race checker of each block of the cluster.
 */
#include "simt.h"
#include "builtin.h"

#include <stdlib.h>
#include <string.h>

#define ARG(k, l) R[(size_t)in->args[k] * WS_WARP + (l)]
/* the G_CGWAIT key of a cluster's barrier */
#define CL_KEY(c) (((uint64_t)0xc1 << 56) | (c))

uint64_t cluster_of(const struct grid *gr, const uint32_t idx[3], uint32_t *rank)
{
	const uint32_t *c = gr->cdim, *g = gr->l.grid;
	if (gr->csize <= 1) { /* no clusters: each block its own (no division per block) */
		*rank = 0;
		return idx[0] + (uint64_t)idx[1] * g[0] + (uint64_t)idx[2] * g[0] * g[1];
	}
	uint64_t ncx = g[0] / c[0], ncy = g[1] / c[1];
	*rank = idx[0] % c[0] + (idx[1] % c[1]) * c[0] + (idx[2] % c[2]) * c[0] * c[1];
	return idx[0] / c[0] + (idx[1] / c[1]) * ncx + (uint64_t)(idx[2] / c[2]) * ncx * ncy;
}

uint64_t cluster_seq_linear(const struct grid *gr, uint64_t seq)
{
	const uint32_t *c = gr->cdim, *g = gr->l.grid;
	if (gr->csize <= 1)
		return seq;
	uint64_t cl = seq / gr->csize, ncx = g[0] / c[0], ncy = g[1] / c[1];
	uint32_t r = (uint32_t)(seq % gr->csize);
	uint64_t x = (cl % ncx) * c[0] + r % c[0];
	uint64_t y = (cl / ncx % ncy) * c[1] + r / c[0] % c[1];
	uint64_t z = (cl / (ncx * ncy)) * c[2] + r / (c[0] * c[1]);
	return x + y * g[0] + z * (uint64_t)g[0] * g[1];
}

struct block *cluster_block(const struct machine *m, const struct block *b, uint32_t rank)
{
	const struct grid *gr = m->dev.grid;
	if (!gr || !b || rank >= gr->csize)
		return NULL;
	/* the cluster's blocks sit in csize consecutive slots */
	int base = b->slot / (int)gr->csize * (int)gr->csize;
	for (int k = base; k < base + (int)gr->csize && k < gr->nres; k++)
		if (gr->res[k] && gr->res[k]->cluster == b->cluster && gr->res[k]->crank == rank)
			return gr->res[k];
	return NULL;
}

/* ---- the cluster barrier (state in cg.c's cg_state, so that it is cloned) */

static uint64_t cluster_expected(const struct machine *m, const struct block *b)
{
	uint64_t n = 0;
	for (uint32_t r = 0; r < m->dev.grid->csize; r++) {
		const struct block *x = cluster_block(m, b, r);
		if (x)
			n += x->nthreads - x->nexited;
	}
	return n;
}

static void cluster_complete(struct machine *m, struct block *b, struct cg_cluster *c)
{
	c->arrived = 0;
	c->gen++;
	for (uint32_t r = 0; r < m->dev.grid->csize; r++) {
		struct block *x = cluster_block(m, b, r);
		if (!x)
			continue;
		if (CHECK_WANTS(m, CEV_SYNC))
			machine_publish_sync(m, x); /* the barrier orders the accesses of the whole cluster */
		for (uint32_t i = 0; i < x->nwarps; i++)
			for (uint32_t j = 0; j < x->w[i].ng; j++)
				if (x->w[i].g[j].state == G_CGWAIT && x->w[i].g[j].cg_addr == CL_KEY(b->cluster))
					x->w[i].g[j].state = G_READY;
	}
}

static int cl_arrive(struct machine *m, struct warp *w, struct group *g, const struct ir_insn *in)
{
	uint64_t *R = g->fr->r, *D = in->d >= 0 ? R + (size_t)in->d * WS_WARP : NULL;
	struct cg_cluster *c = cg_cluster_state(m, w->blk->cluster);
	if (!w->cl_gen)
		w->cl_gen = xcalloc(WS_WARP, sizeof(*w->cl_gen));
	for (uint32_t mm = g->mask; mm; mm &= mm - 1) {
		if (D)
			D[__builtin_ctz(mm)] = c->gen;
		w->cl_gen[__builtin_ctz(mm)] = c->gen;
	}
	c->arrived += (uint64_t)__builtin_popcount(g->mask);
	if (c->arrived >= cluster_expected(m, w->blk))
		cluster_complete(m, w->blk, c);
	return 0;
}

static int cl_wait(struct machine *m, struct warp *w, struct group *g, const struct ir_insn *in)
{
	uint64_t *R = g->fr->r;
	uint64_t tok = ARG(0, __builtin_ctz(g->mask));
	if (tok == ~0ULL) /* barrier.cluster.wait: the phase this thread arrived in */
		tok = w->cl_gen ? w->cl_gen[__builtin_ctz(g->mask)] : 0;
	struct cg_cluster *c = cg_cluster_state(m, w->blk->cluster);
	if (c->gen > tok)
		return 0;
	if (c->arrived && c->arrived >= cluster_expected(m, w->blk)) {
		/* the threads that had not arrived exited since */
		cluster_complete(m, w->blk, c);
		return 0;
	}
	g->state = G_CGWAIT;
	g->cg_addr = CL_KEY(w->blk->cluster);
	g->cg_token = tok;
	return 1;
}

void cluster_recheck(struct machine *m, struct block *b)
{
	struct cg_cluster *c;
	if (!m->dev.grid || m->dev.grid->csize <= 1)
		return;
	c = cg_cluster_state(m, b->cluster);
	if (c->arrived && c->arrived >= cluster_expected(m, b))
		cluster_complete(m, b, c);
}

/* ---- queries: %cluster_ctarank and the others */

enum {
	CI_RANK, CI_NBLOCKS, CI_DIMX, CI_DIMY, CI_DIMZ, CI_IDX, CI_IDY, CI_IDZ, CI_CTAX, CI_CTAY,
	CI_CTAZ, CI_NCLX, CI_NCLY, CI_NCLZ, CI_EXPLICIT, CI_LINEAR
};

static uint64_t info(const struct machine *m, const struct block *b, int what)
{
	const struct grid *gr = m->dev.grid;
	switch (what) {
	case CI_RANK: return b->crank;
	case CI_NBLOCKS: return gr->csize;
	case CI_DIMX: case CI_DIMY: case CI_DIMZ: return gr->cdim[what - CI_DIMX];
	case CI_IDX: case CI_IDY: case CI_IDZ: return b->idx[what - CI_IDX] / gr->cdim[what - CI_IDX];
	case CI_CTAX: case CI_CTAY: case CI_CTAZ: return b->idx[what - CI_CTAX] % gr->cdim[what - CI_CTAX];
	case CI_NCLX: case CI_NCLY: case CI_NCLZ: return gr->l.grid[what - CI_NCLX] / gr->cdim[what - CI_NCLX];
	case CI_EXPLICIT: return gr->l.cluster[0] != 0;
	case CI_LINEAR: return b->cluster;
	default: return 0;
	}
}

/* ---- distributed shared memory */

/* what: 0 map_shared_rank of a non-shared pointer, 1 a rank too large,
 * 2 query_shared_rank of a non-shared pointer */
static int bad_map(struct machine *m, struct warp *w, unsigned l, const struct ir_insn *in, uint64_t p,
		   int what, uint64_t rank)
{
	struct span sp = cg_user_span(m, w, 1u << l, in->span);
	if (what == 0)
		machine_finding_add(m, FK_DSMEM_INVALID, w, 1u << l, sp, p,
				    "map_shared_rank(ptr, %llu) with a ptr that is not in shared memory: "
				    "only __shared__ variables are distributed over the cluster", (unsigned long long)rank);
	else if (what == 1)
		machine_finding_add(m, FK_DSMEM_INVALID, w, 1u << l, sp, p,
				    "map_shared_rank(ptr, %llu): the cluster has only %u blocks (ranks 0 to %u)",
				    (unsigned long long)rank, m->dev.grid->csize, m->dev.grid->csize - 1);
	else
		machine_finding_add(m, FK_DSMEM_INVALID, w, 1u << l, sp, p,
				    "query_shared_rank of an address that is not in shared memory");
	machine_fail_kernel(m, 700);
	return -1;
}

static int cl_map(struct machine *m, struct warp *w, struct group *g, const struct ir_insn *in, int query)
{
	uint64_t *R = g->fr->r, *D = in->d >= 0 ? R + (size_t)in->d * WS_WARP : NULL;
	for (uint32_t mm = g->mask; mm; mm &= mm - 1) {
		unsigned l = (unsigned)__builtin_ctz(mm);
		uint64_t p = ARG(0, l), rank = query ? 0 : ARG(1, l);
		if (ADDR_TAG(p) != TAG_SHARED)
			return bad_map(m, w, l, in, p, query ? 2 : 0, rank);
		if (query) {
			if (D)
				D[l] = DSMEM_RANK(p) ? DSMEM_RANK(p) - 1u : w->blk->crank;
			continue;
		}
		if (rank >= m->dev.grid->csize)
			return bad_map(m, w, l, in, p, 1, rank);
		if (D)
			D[l] = ADDR(TAG_SHARED, (rank + 1) << 32 | DSMEM_OFF(p));
	}
	return 0;
}

int cluster_call(struct machine *m, struct warp *w, struct group *g, const struct ir_insn *in)
{
	uint64_t *R = g->fr->r, *D = in->d >= 0 ? R + (size_t)in->d * WS_WARP : NULL;
	if (w->host || !m->dev.grid) {
		for (uint32_t mm = g->mask; D && mm; mm &= mm - 1)
			D[__builtin_ctz(mm)] = 0;
		return 0;
	}
	switch ((int)in->imm) {
	case BI___ws_cluster_info: {
		uint64_t v = info(m, w->blk, (int)ARG(0, __builtin_ctz(g->mask)));
		for (uint32_t mm = g->mask; D && mm; mm &= mm - 1)
			D[__builtin_ctz(mm)] = v;
		return 0;
	}
	case BI___ws_cluster_arrive: return cl_arrive(m, w, g, in);
	case BI___ws_cluster_wait: return cl_wait(m, w, g, in);
	case BI___ws_cluster_map: return cl_map(m, w, g, in, 0);
	case BI___ws_cluster_rank_of: return cl_map(m, w, g, in, 1);
	default: return 0;
	}
}

/* the target block of a distributed shared memory address, or NULL with a
 * finding made (the kernel fails) */
struct block *cluster_dsmem_block(struct machine *m, struct warp *w, unsigned lane, uint64_t addr,
				  struct span sp)
{
	unsigned r = DSMEM_RANK(addr) - 1;
	struct block *b = cluster_block(m, w->blk, r);
	if (!b || m->dev.grid->csize <= 1) {
		machine_finding_add(m, FK_DSMEM_INVALID, w, 1u << lane, sp, addr,
				    "access to the shared memory of cluster block rank %u, which is not a block of this "
				    "thread's cluster (the address came from another cluster, or from a launch without clusters)", r);
		machine_fail_kernel(m, 700);
		return NULL;
	}
	if (b->nexited == b->nthreads && b != w->blk) {
		machine_finding_add(m, FK_DSMEM_INVALID, w, 1u << lane, sp, addr,
				    "access to the shared memory of cluster block rank %u, whose threads have all exited: "
				    "a block's shared memory may be used by the cluster only while the block runs "
				    "(end the kernel with cluster.sync() so that no block leaves early)", r);
		machine_fail_kernel(m, 700);
		return NULL;
	}
	return b;
}
