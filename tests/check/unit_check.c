/*
 * unit_check.c - TAP tests of the checker interface (engine/check/check.h):
 * a test checker registered on a machine receives exactly the events it
 * listens to, in the numbers the program makes them; the table of checkers
 * and the options' selection; the kinds table and the machine's view of it.
 */
#define _DEFAULT_SOURCE 1 /* mincore */
#include "check.h"
#include "front.h"
#include "machine.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif
#include "tap.h"

/* one block of 64 threads: a barrier, shared and global accesses, a
 * __syncwarp that the two sides of a branch complete together, a fence,
 * an atomic and a division by zero (a warning);
 * the host allocates, launches, synchronizes and frees */
static const char prog[] =
	"__global__ void k(int *out, int z)\n"
	"{\n"
	"\t__shared__ int s[64];\n"
	"\ts[threadIdx.x] = threadIdx.x;\n"
	"\t__syncthreads();\n"
	"\tint v = s[63 - threadIdx.x];\n"
	"\tif (threadIdx.x & 1) __syncwarp(); else __syncwarp();\n"
	"\t__threadfence();\n"
	"\tatomicAdd(&out[64], 1);\n"
	"\tout[threadIdx.x] = v + (threadIdx.x == 0 ? 5 / z : 0);\n"
	"}\n"
	"int main(void)\n"
	"{\n"
	"\tint *d;\n"
	"\tcudaMalloc(&d, 65 * sizeof(int));\n"
	"\tcudaMemset(d, 0, 65 * sizeof(int));\n"
	"\tk<<<1, 64>>>(d, 0);\n"
	"\tcudaDeviceSynchronize();\n"
	"\tcudaFree(d);\n"
	"\treturn 0;\n"
	"}\n";

struct counts {
	unsigned n[CEV_NKINDS];
	unsigned shared_writes, global_reads, atomics;
	unsigned local_events, local_lanes;   /* CEV_LANE of CR_LOCAL */
	int finding_kind;
	int bad_kind;          /* an event it did not listen to arrived */
	int bad_region;        /* an access of a region it did not ask for arrived */
	unsigned listen;
	int created, destroyed;
};

static struct counts cnt;
static struct checker counter;

static void *count_create(struct machine *m)
{
	cnt.created++;
	return &cnt;
}

static void count_destroy(void *self)
{
	((struct counts *)self)->destroyed++;
}

static void count_event(void *self, const struct check_event *e)
{
	struct counts *c = self;
	if (!(c->listen & CEV_BIT(e->kind)))
		c->bad_kind = 1;
	c->n[e->kind]++;
	if (e->kind == CEV_ACCESS && counter.regions && !(counter.regions >> e->region & 1))
		c->bad_region = 1;
	if (e->kind == CEV_ACCESS) {
		unsigned lanes = (unsigned)__builtin_popcount(e->mask);
		if (e->space == MACHINE_TAG_SHARED && e->access == CHECK_WRITE)
			c->shared_writes += lanes;
		if (e->space == MACHINE_TAG_GLOBAL && e->access == CHECK_READ)
			c->global_reads += lanes;
		if (e->access == CHECK_ATOMIC)
			c->atomics += lanes;
	}
	if (e->kind == CEV_FINDING)
		c->finding_kind = e->arg;
	if (e->kind == CEV_LANE && e->region == CR_LOCAL) {
		c->local_events++;
		c->local_lanes += (unsigned)__builtin_popcount(e->mask);
	}
}

static struct checker counter = {
	.name = "counter",
	.what = "counts events (a test)",
	.create = count_create,
	.destroy = count_destroy,
	.event = count_event,
};

/* the program run() runs instead of prog, when set */
static const char *run_prog;

/* run prog with the counter listening to `listen`; the machine's findings */
static size_t run(unsigned listen, int fast)
{
	memset(&cnt, 0, sizeof(cnt));
	cnt.finding_kind = -1;
	cnt.listen = listen;
	counter.events = listen;
	struct compilation c;
	compilation_init(&c);
	if (front_compile_string(&c, "c.cu", run_prog ? run_prog : prog, NULL)) {
		diag_render(&c.diags, &c.sm, stdout, 0);
		compilation_release(&c);
		return (size_t)-1;
	}
	struct machine_opts o;
	machine_opts_init(&o);
	o.fast = fast;
	FILE *null = fopen("/dev/null", "w");
	o.out = o.err = null;
	struct machine *m = machine_new(c.mod, &o);
	machine_add_checker(m, &counter, NULL);
	machine_run_main(m, 0, NULL);
	size_t nf = machine_nfindings(m);
	machine_free(m);
	compilation_release(&c);
	if (null)
		fclose(null);
	return nf;
}

static void test_events(void)
{
	unsigned all = (1u << CEV_NKINDS) - 1;
	size_t nf = run(all, 0);
	ok(nf == 1, "the program makes one finding (%zu)", nf);
	ok(cnt.created == 1 && cnt.destroyed == 1, "the checker is created and destroyed once");
	ok(!cnt.bad_kind, "only the events listened to arrive");
	ok(cnt.n[CEV_LAUNCH] == 1 && cnt.n[CEV_GRID_END] == 1, "one launch, one grid end (%u, %u)",
	   cnt.n[CEV_LAUNCH], cnt.n[CEV_GRID_END]);
	ok(cnt.n[CEV_BARRIER_ARRIVE] == 2 && cnt.n[CEV_BARRIER] == 1,
	   "both warps arrive at the barrier, which completes once (%u, %u)",
	   cnt.n[CEV_BARRIER_ARRIVE], cnt.n[CEV_BARRIER]);
	ok(cnt.shared_writes == 64, "64 lanes write shared memory (%u)", cnt.shared_writes);
	ok(cnt.atomics == 64, "64 lanes update atomically (%u)", cnt.atomics);
	ok(cnt.n[CEV_COLLECTIVE] == 2, "in each warp, both sides of the branch complete the __syncwarp together (%u)",
	   cnt.n[CEV_COLLECTIVE]);
	ok(cnt.n[CEV_FENCE] == 2, "a fence per warp (%u)", cnt.n[CEV_FENCE]);
	ok(cnt.n[CEV_WARP_EXIT] >= 2, "both warps exit (%u)", cnt.n[CEV_WARP_EXIT]);
	ok(cnt.n[CEV_ALLOC] >= 1 && cnt.n[CEV_FREE] >= 1, "cudaMalloc and cudaFree (%u, %u)",
	   cnt.n[CEV_ALLOC], cnt.n[CEV_FREE]);
	ok(cnt.n[CEV_FINDING] == 1 && cnt.finding_kind == FK_INTEGER_DIVIDE_BY_ZERO,
	   "the finding is published with its kind (%d)", cnt.finding_kind);

	/* one kind only: nothing else arrives */
	run(CEV_BIT(CEV_BARRIER), 0);
	unsigned other = 0;
	for (int k = 0; k < CEV_NKINDS; k++)
		if (k != CEV_BARRIER)
			other += cnt.n[k];
	ok(cnt.n[CEV_BARRIER] == 1 && other == 0 && !cnt.bad_kind,
	   "a checker of barriers hears of the barrier only");
	/* a checker of shared memory's accesses hears of those only */
	counter.regions = 1u << CR_SHARED;
	run(CEV_BIT(CEV_ACCESS), 0);
	counter.regions = 0;
	ok(!cnt.bad_region && cnt.shared_writes == 64 && cnt.global_reads == 0 && cnt.atomics == 0 &&
	   cnt.n[CEV_ACCESS] == 4,
	   "a checker of shared memory hears of the 4 shared accesses only (%u, %u global lanes)",
	   cnt.n[CEV_ACCESS], cnt.global_reads + cnt.atomics);
	/* an added checker runs with --fast too */
	run(CEV_BIT(CEV_LAUNCH), 1);
	ok(cnt.n[CEV_LAUNCH] == 1, "an added checker runs under --fast");
}

/* struct checker's shared_read: the counter, alone on CR_SHARED (--fast
 * installs no shared checker), is offered the full warps' shared reads
 * (s[63 - threadIdx.x]) before their event is built; taking them leaves
 * only the writes' events, declining them publishes every one */
static unsigned sread_n, sread_bad;
static int sread_take;

static int count_sread(void *self, const struct check_sread *r)
{
	sread_n++;
	for (unsigned l = 0; l < 32; l++) {
		unsigned t = r->warp * 32 + l;
		uint64_t a = r->A[l] + r->imm;
		if (a != ((uint64_t)MACHINE_TAG_SHARED << MACHINE_TAG_SHIFT | 4 * (63 - t)))
			sread_bad++;
	}
	if (r->size != 4 || r->warp > 1 || r->slot < 0 || r->bytes < 256 ||
	    r->addr != (uint64_t)MACHINE_TAG_SHARED << MACHINE_TAG_SHIFT || !r->w)
		sread_bad++;
	return sread_take;
}

/* struct checker's local_lanes: a warp's loads and stores of a local array
 * go to the init checker as one event when every CEV_LANE listener says
 * which regions it acts on (lane_regions) and only the init checker's have
 * CR_LOCAL; a listener that does not say (0) hears each lane's CEV_LANE */
static const char local_prog[] =
	"__global__ void k(int *out, int j)\n"
	"{\n"
	"\tint buf[8];\n"
	"\tfor (int i = 0; i < 8; i += 2)\n"
	"\t\tbuf[i] = i * threadIdx.x;\n"
	"\tout[threadIdx.x] = buf[j] + buf[j + 1];\n"
	"}\n"
	"int main(void)\n"
	"{\n"
	"\tint *d;\n"
	"\tcudaMalloc(&d, 64 * sizeof(int));\n"
	"\tk<<<1, 64>>>(d, 2);\n"
	"\tcudaDeviceSynchronize();\n"
	"\treturn 0;\n"
	"}\n";

static void test_local_lanes(void)
{
	run_prog = local_prog;
	counter.lane_regions = 0;
	size_t nf0 = run(CEV_BIT(CEV_LANE), 0);
	unsigned ev0 = cnt.local_events, lanes0 = cnt.local_lanes;
	ok(nf0 == 1, "buf[j + 1], never written, is found (%zu findings)", nf0);
	ok(ev0 > 0 && ev0 == lanes0 && lanes0 % 64 == 0,
	   "a listener that names no regions hears each lane's local access (%u events, %u lanes)", ev0,
	   lanes0);
	counter.lane_regions = 1u << CR_SHARED;
	size_t nf1 = run(CEV_BIT(CEV_LANE), 0);
	ok(nf1 == nf0, "the same finding when the init checker takes a warp's lanes at once (%zu)", nf1);
	ok(cnt.local_events == 0, "a listener of shared lanes hears no local access (%u)", cnt.local_events);
	counter.lane_regions = 0;
	run_prog = NULL;
}

static void test_sread(void)
{
	counter.regions = 1u << CR_SHARED;
	counter.shared_read = count_sread;
	sread_take = 1;
	sread_n = sread_bad = 0;
	run(CEV_BIT(CEV_ACCESS), 1);
	ok(sread_n == 2 && !sread_bad, "each warp's shared read is offered, its lanes' addresses and fields as the event's (%u offers, %u wrong)",
	   sread_n, sread_bad);
	ok(cnt.n[CEV_ACCESS] == 2 && cnt.shared_writes == 64,
	   "taken, the reads publish no event; the writes do (%u events)", cnt.n[CEV_ACCESS]);
	sread_take = 0;
	sread_n = 0;
	run(CEV_BIT(CEV_ACCESS), 1);
	ok(sread_n == 2 && cnt.n[CEV_ACCESS] == 4, "declined, every access is published (%u offers, %u events)",
	   sread_n, cnt.n[CEV_ACCESS]);
	/* with the shared checker on CR_SHARED as well, nothing is offered */
	sread_take = 1;
	sread_n = 0;
	run(CEV_BIT(CEV_ACCESS), 0);
	ok(sread_n == 0 && cnt.n[CEV_ACCESS] == 4, "two checkers of shared memory: no offer, 4 events (%u, %u)",
	   sread_n, cnt.n[CEV_ACCESS]);
	counter.shared_read = NULL;
	counter.regions = 0;
}

/* struct checker's global_access: the counter, alone on CR_GLOBAL, is
 * offered a warp's byte loads and its atomics of some lanes on consecutive
 * words (the other fast-path accesses of global memory), with the event's
 * fields; taking them leaves the store's event only */
static const char gacc_prog[] =
	"__global__ void k(const unsigned char *b, unsigned *bins, int *out)\n"
	"{\n"
	"\tout[threadIdx.x] = b[threadIdx.x];\n"
	"\tif (threadIdx.x & 1) atomicAdd(&bins[threadIdx.x], 1u);\n"
	"}\n"
	"int main(void)\n"
	"{\n"
	"\tunsigned char *b; unsigned *bins; int *out;\n"
	"\tcudaMalloc(&b, 32); cudaMalloc(&bins, 128); cudaMalloc(&out, 128);\n"
	"\tcudaMemset(b, 1, 32); cudaMemset(bins, 0, 128);\n"
	"\tk<<<1, 32>>>(b, bins, out);\n"
	"\tcudaDeviceSynchronize();\n"
	"\treturn 0;\n"
	"}\n";
static unsigned gacc_bytes, gacc_atomics, gacc_bad;
static int gacc_take;

static int count_gaccess(void *self, const struct check_gaccess *r)
{
	if (r->access == CHECK_READ && r->size == 1 && r->mask == ~0u && r->bytes == 32)
		gacc_bytes++;
	else if (r->access == CHECK_ATOMIC && r->size == 4 && r->mask == 0xaaaaaaaau && r->bytes == 128)
		gacc_atomics++;
	else
		gacc_bad++;
	for (unsigned l = 0; l < 32; l++)
		if ((r->mask >> l & 1) && r->A[l] + r->imm != r->addr + l * r->size)
			gacc_bad++;
	if (r->warp || r->slot < 0 || r->block || !r->w)
		gacc_bad++;
	return gacc_take;
}

static void test_gaccess(void)
{
	counter.regions = 1u << CR_GLOBAL;
	counter.global_access = count_gaccess;
	run_prog = gacc_prog;
	gacc_take = 1;
	gacc_bytes = gacc_atomics = gacc_bad = 0;
	run(CEV_BIT(CEV_ACCESS), 1);
	ok(gacc_bytes == 1 && gacc_atomics == 1 && !gacc_bad,
	   "a warp's byte loads and masked atomics are offered, their fields as the event's (%u, %u, %u wrong)",
	   gacc_bytes, gacc_atomics, gacc_bad);
	ok(cnt.n[CEV_ACCESS] == 1, "taken, only the store publishes its event (%u events)", cnt.n[CEV_ACCESS]);
	gacc_take = 0;
	run(CEV_BIT(CEV_ACCESS), 1);
	ok(cnt.n[CEV_ACCESS] == 3 && cnt.atomics == 16, "declined, every access is published (%u events, %u atomic lanes)",
	   cnt.n[CEV_ACCESS], cnt.atomics);
	run_prog = NULL;
	counter.global_access = NULL;
	counter.regions = 0;
}

/* struct checker's shared_write: the counter, alone on CR_SHARED, is
 * offered the full warps' stores of consecutive words (s[threadIdx.x] =
 * threadIdx.x) with pair_store's shape; taking them leaves only the reads'
 * events, declining them publishes every one */
static unsigned swrite_n, swrite_bad;
static int swrite_take;

static int count_swrite(void *self, const struct check_sread *r)
{
	swrite_n++;
	for (unsigned l = 0; l < 32; l++)
		if (r->A[l] + r->imm != ((uint64_t)MACHINE_TAG_SHARED << MACHINE_TAG_SHIFT | 4 * (r->warp * 32 + l)))
			swrite_bad++;
	if (r->size != 4 || r->warp > 1 || r->slot < 0 || r->bytes < 256 || r->shape != CHECK_SHAPE_ROWS ||
	    r->addr != (uint64_t)MACHINE_TAG_SHARED << MACHINE_TAG_SHIFT || !r->w)
		swrite_bad++;
	return swrite_take;
}

static void test_swrite(void)
{
	counter.regions = 1u << CR_SHARED;
	counter.shared_write = count_swrite;
	swrite_take = 1;
	swrite_n = swrite_bad = 0;
	run(CEV_BIT(CEV_ACCESS), 1);
	ok(swrite_n == 2 && !swrite_bad, "each warp's shared store is offered, its lanes' addresses, shape and fields as the event's (%u offers, %u wrong)",
	   swrite_n, swrite_bad);
	ok(cnt.n[CEV_ACCESS] == 2 && cnt.shared_writes == 0,
	   "taken, the stores publish no event; the reads do (%u events)", cnt.n[CEV_ACCESS]);
	swrite_take = 0;
	swrite_n = 0;
	run(CEV_BIT(CEV_ACCESS), 1);
	ok(swrite_n == 2 && cnt.n[CEV_ACCESS] == 4 && cnt.shared_writes == 64,
	   "declined, every access is published (%u offers, %u events)", swrite_n, cnt.n[CEV_ACCESS]);
	counter.shared_write = NULL;
	counter.regions = 0;
}

/* check_block_split at each CEV_BARRIER: 0 for a __syncthreads() every
 * warp waits at, 1 when the warps wait at two different ones (the sync
 * checker walks the sites only then) */
static const char split_prog[] =
	"__global__ void k(int *out)\n"
	"{\n"
	"\t__syncthreads();\n"
	"\tif (threadIdx.x < 32) __syncthreads(); else __syncthreads();\n"
	"\tout[threadIdx.x] = 1;\n"
	"}\n"
	"int main(void)\n"
	"{\n"
	"\tint *d;\n"
	"\tcudaMalloc(&d, 64 * sizeof(int));\n"
	"\tk<<<1, 64>>>(d);\n"
	"\tcudaDeviceSynchronize();\n"
	"\treturn 0;\n"
	"}\n";
static unsigned split_seen[2], split_n;

static void split_event(void *self, const struct check_event *e)
{
	if (e->kind == CEV_BARRIER && split_n < 2)
		split_seen[split_n++] = (unsigned)check_block_split(e->b);
}

static void test_split(void)
{
	void (*ev)(void *, const struct check_event *) = counter.event;
	counter.event = split_event;
	split_n = 0;
	run_prog = split_prog;
	run(CEV_BIT(CEV_BARRIER), 1);
	run_prog = NULL;
	counter.event = ev;
	ok(split_n == 2 && split_seen[0] == 0 && split_seen[1] == 1,
	   "check_block_split: one __syncthreads() for every warp 0, two different ones 1 (%u barriers: %u, %u)",
	   split_n, split_seen[0], split_seen[1]);
}

/* check_sread's shape: what pair_load found loading a tile (each half-warp
 * on 16 consecutive words, or on one word), so that the shared checker
 * need not look again; an offer's shape must be its addresses' */
static const char tiles[] =
	"__global__ void k(float *out)\n"
	"{\n"
	"\t__shared__ float a[16][16];\n"
	"\tint tx = threadIdx.x % 16, ty = threadIdx.x / 16;\n"
	"\tfor (int i = threadIdx.x; i < 256; i += 32)\n"
	"\t\t(&a[0][0])[i] = i;\n"
	"\t__syncthreads();\n"
	"\tout[threadIdx.x] = a[ty][tx] + a[ty][3] + a[tx][ty];\n"
	"}\n"
	"int main(void)\n"
	"{\n"
	"\tfloat *d;\n"
	"\tcudaMalloc(&d, 32 * sizeof(float));\n"
	"\tk<<<1, 32>>>(d);\n"
	"\tcudaDeviceSynchronize();\n"
	"\treturn 0;\n"
	"}\n";
static unsigned shape_n[3], shape_bad;

static int shape_sread(void *self, const struct check_sread *r)
{
	uint64_t rows = 0, halves = 0;
	for (unsigned l = 0; l < 16; l++) {
		rows |= (r->A[l] - r->A[0] - 4 * l) | (r->A[l + 16] - r->A[16] - 4 * l);
		halves |= (r->A[l] ^ r->A[0]) | (r->A[l + 16] ^ r->A[16]);
	}
	if (r->shape < 0 || r->shape > 2 || (r->shape == CHECK_SHAPE_ROWS && rows) ||
	    (r->shape == CHECK_SHAPE_HALVES && halves))
		shape_bad++;
	else
		shape_n[r->shape]++;
	return 0;
}

static void test_sread_shape(void)
{
	counter.regions = 1u << CR_SHARED;
	counter.shared_read = shape_sread;
	memset(shape_n, 0, sizeof(shape_n));
	shape_bad = 0;
	run_prog = tiles;
	run(CEV_BIT(CEV_ACCESS), 1);
	run_prog = NULL;
	ok(!shape_bad && shape_n[CHECK_SHAPE_ROWS] >= 1 && shape_n[CHECK_SHAPE_HALVES] >= 1,
	   "a tile's row and column reads are offered with their shapes, each its addresses' (rows %u, halves %u, other %u, wrong %u)",
	   shape_n[CHECK_SHAPE_ROWS], shape_n[CHECK_SHAPE_HALVES], shape_n[0], shape_bad);
	counter.shared_read = NULL;
	counter.regions = 0;
}

/* struct checker's global_warp: the counter, alone on CR_GLOBAL (--fast
 * installs no global checker), is offered each warp's store of 32
 * consecutive words (out[threadIdx.x]) before its event is built, with
 * lane 0's and lane 16's addresses and the event's fields; taking them
 * leaves the atomics' events only, declining them publishes every one; a
 * second checker of global memory turns the offers off */
static unsigned gwarp_n, gwarp_bad;
static int gwarp_take;

static int count_gwarp(void *self, const struct check_gwarp *r)
{
	gwarp_n++;
	if (!r->write || r->warp > 1 || r->slot < 0 || r->block != 0 || r->bytes != 65 * sizeof(int) ||
	    r->a0 - r->addr != 128 * r->warp || r->a16 != r->a0 + 64 || !r->w ||
	    r->a0 >> MACHINE_TAG_SHIFT != MACHINE_TAG_GLOBAL)
		gwarp_bad++;
	return gwarp_take;
}

static void test_gwarp(void)
{
	counter.regions = 1u << CR_GLOBAL;
	counter.global_warp = count_gwarp;
	gwarp_take = 1;
	gwarp_n = gwarp_bad = 0;
	run(CEV_BIT(CEV_ACCESS), 1);
	ok(gwarp_n == 2 && !gwarp_bad, "each warp's store of consecutive words is offered, its fields as the event's (%u offers, %u wrong)",
	   gwarp_n, gwarp_bad);
	ok(cnt.n[CEV_ACCESS] == 2 && cnt.atomics == 64,
	   "taken, the stores publish no event; the atomics do (%u events)", cnt.n[CEV_ACCESS]);
	gwarp_take = 0;
	gwarp_n = 0;
	run(CEV_BIT(CEV_ACCESS), 1);
	ok(gwarp_n == 2 && cnt.n[CEV_ACCESS] == 4, "declined, every access is published (%u offers, %u events)",
	   gwarp_n, cnt.n[CEV_ACCESS]);
	/* with the global and init checkers on CR_GLOBAL as well, nothing is offered */
	gwarp_take = 1;
	gwarp_n = 0;
	run(CEV_BIT(CEV_ACCESS), 0);
	ok(gwarp_n == 0 && cnt.n[CEV_ACCESS] == 4, "three checkers of global memory: no offer, 4 events (%u, %u)",
	   gwarp_n, cnt.n[CEV_ACCESS]);
	counter.global_warp = NULL;
	counter.regions = 0;
}

/* the JSON report names the kind and severity of the table's row */
static void test_json(void)
{
	struct compilation c;
	compilation_init(&c);
	if (front_compile_string(&c, "c.cu", prog, NULL)) {
		compilation_release(&c);
		ok(0, "the program compiles");
		return;
	}
	struct machine_opts o;
	machine_opts_init(&o);
	FILE *null = fopen("/dev/null", "w");
	o.out = o.err = null;
	struct machine *m = machine_new(c.mod, &o);
	machine_run_main(m, 0, NULL);
	char *buf = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&buf, &n);
	machine_findings_json(m, f);
	fclose(f);
	const struct finding_kind_info *k = finding_kind_info(FK_INTEGER_DIVIDE_BY_ZERO);
	char want[160];
	snprintf(want, sizeof(want), "\"kind\": \"%s\", \"severity\": \"%s\"", k->name,
		 k->error ? "error" : "warning");
	ok(buf && strstr(buf, want) && strstr(buf, k->hint),
	   "the JSON report gives the table's kind, severity and hint (%s)", want);
	free(buf);
	machine_free(m);
	compilation_release(&c);
	if (null)
		fclose(null);
}

static void test_table(void)
{
	size_t n;
	const struct checker *const *t = check_table(&n);
	int good = n >= 3;
	for (size_t i = 0; i < n; i++)
		good &= t[i]->name && t[i]->what && t[i]->events && t[i]->event &&
			!(t[i]->events >> CEV_NKINDS);
	ok(good, "every checker of the table has a name, a description, events and a function");
	const struct checker *spin = NULL, *sync = NULL;
	for (size_t i = 0; i < n; i++) {
		if (!strcmp(t[i]->name, "spin"))
			spin = t[i];
		if (!strcmp(t[i]->name, "sync"))
			sync = t[i];
	}
	ok(spin && sync, "the table lists the spin and sync checkers");
	if (!spin || !sync)
		return;
	ok(check_selected(spin, 0, NULL) && check_selected(sync, 0, NULL),
	   "every checker runs by default");
	ok(check_selected(spin, 1, NULL) && !check_selected(sync, 1, NULL),
	   "--fast keeps the spin checker (always) and drops the sync checker");
	ok(check_selected(spin, 0, "sync,spin") && !check_selected(sync, 0, "spin") &&
	   !check_selected(sync, 0, "syn") && !check_selected(sync, 0, ""),
	   "a list of names selects exactly those checkers");
}

static void test_kinds(void)
{
	int good = 1;
	for (int k = 0; k < FK_NKINDS; k++) {
		const struct finding_kind_info *i = finding_kind_info(k);
		good &= i && i->name && i->title && i->hint && (i->error == 0 || i->error == 1) &&
			finding_kind_lookup(i->name) == k && machine_finding_kind((size_t)k) &&
			!strcmp(machine_finding_kind((size_t)k), i->name) &&
			machine_finding_title(i->name) == i->title;
	}
	ok(good, "each of the %d kinds has a name, severity, title and hint, found by name; the machine lists the same",
	   FK_NKINDS);
	ok(!finding_kind_info(FK_NKINDS) && !finding_kind_info(-1) && !machine_finding_kind(FK_NKINDS) &&
	   finding_kind_lookup("no-such-kind") == -1, "nothing past the table");
	ok(finding_kind_info(FK_SHARED_RACE)->error == 1 && finding_kind_info(FK_UNINITIALIZED_READ)->error == 0,
	   "a race is an error, an uninitialized read a warning");
}

/* the exit checker: threads that return before a __syncthreads() the rest
 * of the block waits at make one warning per place, with or without --fast */
static void test_exit(void)
{
	static const char src[] =
		"__global__ void k(int *o)\n"
		"{\n"
		"\tif (threadIdx.x >= 40) return;\n"
		"\t__syncthreads();\n"
		"\to[threadIdx.x] = 1;\n"
		"}\n"
		"int main(void)\n"
		"{\n"
		"\tint *d;\n"
		"\tcudaMalloc(&d, 64 * sizeof(int));\n"
		"\tk<<<1, 64>>>(d);\n"
		"\tcudaDeviceSynchronize();\n"
		"\treturn 0;\n"
		"}\n";
	for (int fast = 0; fast < 2; fast++) {
		struct compilation c;
		compilation_init(&c);
		if (front_compile_string(&c, "x.cu", src, NULL)) {
			compilation_release(&c);
			ok(0, "the program compiles");
			return;
		}
		struct machine_opts o;
		machine_opts_init(&o);
		o.fast = fast;
		FILE *null = fopen("/dev/null", "w");
		o.out = o.err = null;
		struct machine *m = machine_new(c.mod, &o);
		machine_run_main(m, 0, NULL);
		const struct machine_finding *f = machine_nfindings(m) == 1 ? machine_finding_get(m, 0) : NULL;
		ok(f && f->id == FK_BARRIER_DIVERGENCE && !f->error && f->span.line == 4 &&
		   strstr(f->msg, "24 threads of the block exited"),
		   "24 threads exit while 40 wait at the barrier: one warning at it%s", fast ? " (--fast)" : "");
		machine_free(m);
		compilation_release(&c);
		if (null)
			fclose(null);
	}
}

/* the relaxed model's execution recorder is an observer any layer above
 * the machine can set (explore's axiom checker is one) */
static unsigned rec_ev[5], rec_co, rec_end;

static void rec_event(void *ctx, int kind, int thr, uint32_t blk, uint64_t addr, uint32_t rid,
		      uint32_t wid, int strong, unsigned scope, unsigned sem, uint32_t po)
{
	if (kind >= 0 && kind < 5)
		rec_ev[kind]++;
}

static void rec_coh(void *ctx, uint64_t addr, const uint32_t *ids, size_t n)
{
	rec_co++;
}

static void rec_kend(void *ctx)
{
	rec_end++;
}

static void test_recorder(void)
{
	static const char mp[] =
		"__global__ void k(int *x, int *y, int *r)\n"
		"{\n"
		"\tif (blockIdx.x == 0) { *x = 1; __threadfence(); *y = 1; }\n"
		"\telse { int a = *y; __threadfence(); r[0] = a; r[1] = *x; }\n"
		"}\n"
		"int main(void)\n"
		"{\n"
		"\tint *d;\n"
		"\tcudaMalloc(&d, 4 * sizeof(int));\n"
		"\tcudaMemset(d, 0, 4 * sizeof(int));\n"
		"\tk<<<2, 1>>>(d, d + 1, d + 2);\n"
		"\tcudaDeviceSynchronize();\n"
		"\treturn 0;\n"
		"}\n";
	struct compilation c;
	compilation_init(&c);
	if (front_compile_string(&c, "mp.cu", mp, NULL)) {
		diag_render(&c.diags, &c.sm, stdout, 0);
		compilation_release(&c);
		ok(0, "the message-passing program compiles");
		return;
	}
	struct machine_opts o;
	machine_opts_init(&o);
	o.model = MODEL_RELAXED;
	struct machine *m = machine_new(c.mod, &o);
	struct machine_mm_recorder r = { NULL, rec_event, rec_coh, rec_kend };
	machine_mm_record(m, &r);
	machine_run_main(m, 0, NULL);
	machine_mm_record_end(m);
	machine_free(m);
	compilation_release(&c);
	ok(rec_ev[MM_EV_WRITE] == 4 && rec_ev[MM_EV_READ] == 2 && rec_ev[MM_EV_FENCE] == 2,
	   "the recorder sees the kernel's 4 writes, 2 reads, 2 fences (%u, %u, %u)",
	   rec_ev[MM_EV_WRITE], rec_ev[MM_EV_READ], rec_ev[MM_EV_FENCE]);
	ok(rec_co == 4 && rec_end == 1, "and each location's coherence order at the kernel's end (%u, %u)",
	   rec_co, rec_end);
}

/* the memory checkers are plugins like the others: each makes its own
 * kinds and nothing else, none runs with --fast (which then pays one
 * branch per access), and each can copy its state for checkpoints */
static const char racy[] =
	"__global__ void k(int *g, int *u)\n"
	"{\n"
	"\t__shared__ int s[64];\n"
	"\ts[threadIdx.x] = threadIdx.x;\n"
	"\tint v = s[63 - threadIdx.x];\n"
	"\tg[0] = v;\n"
	"\tg[1 + threadIdx.x] = u[threadIdx.x];\n"
	"}\n"
	"int main(void)\n"
	"{\n"
	"\tint *g, *u;\n"
	"\tcudaMalloc(&g, 65 * sizeof(int));\n"
	"\tcudaMalloc(&u, 64 * sizeof(int));\n"
	"\tk<<<1, 64>>>(g, u);\n"
	"\tcudaDeviceSynchronize();\n"
	"\treturn 0;\n"
	"}\n";

/* the kinds racy makes under these options, as a bit set of FK_* */
static uint64_t racy_kinds(int fast, const char *only, int *cloned)
{
	struct compilation c;
	compilation_init(&c);
	if (front_compile_string(&c, "r.cu", racy, NULL)) {
		diag_render(&c.diags, &c.sm, stdout, 0);
		compilation_release(&c);
		return ~(uint64_t)0;
	}
	struct machine_opts o;
	machine_opts_init(&o);
	o.fast = fast;
	o.checks = only;
	FILE *null = fopen("/dev/null", "w");
	o.out = o.err = null;
	struct machine *m = machine_new(c.mod, &o);
	machine_run_main(m, 0, NULL);
	uint64_t kinds = 0;
	for (size_t i = 0; i < machine_nfindings(m); i++) {
		int k = finding_kind_lookup(machine_finding_get(m, i)->kind);
		if (k >= 0)
			kinds |= (uint64_t)1 << k;
	}
	if (cloned) {
		struct machine *d = machine_clone(m);
		*cloned = d && machine_nfindings(d) == machine_nfindings(m);
		if (d)
			machine_free(d);
	}
	machine_free(m);
	compilation_release(&c);
	if (null)
		fclose(null);
	return kinds;
}

static void test_memory_checkers(void)
{
	size_t n;
	const struct checker *const *t = check_table(&n);
	unsigned mem = CEV_BIT(CEV_ACCESS) | CEV_BIT(CEV_LANE) | CEV_BIT(CEV_COPY) | CEV_BIT(CEV_STACK);
	int found = 0, cheap = 1, clones = 1;
	for (size_t i = 0; i < n; i++) {
		found += !strcmp(t[i]->name, "shared") || !strcmp(t[i]->name, "global") ||
			 !strcmp(t[i]->name, "init") || !strcmp(t[i]->name, "hostrace");
		if ((t[i]->events & mem) && t[i]->always)
			cheap = 0;
		if (t[i]->create && !t[i]->clone)
			clones = 0;
	}
	ok(found == 4, "the table lists the shared, global, init and hostrace checkers");
	ok(cheap, "no checker of memory accesses runs with --fast");
	ok(clones, "every checker with state can copy it (checkpoints)");
	uint64_t sr = (uint64_t)1 << FK_SHARED_RACE, gr = (uint64_t)1 << FK_GLOBAL_RACE,
		 ur = (uint64_t)1 << FK_UNINITIALIZED_READ;
	int cloned = 0;
	uint64_t all = racy_kinds(0, NULL, &cloned);
	ok((all & (sr | gr | ur)) == (sr | gr | ur), "all checkers: a shared race, a global race, an uninitialized read (0x%llx)",
	   (unsigned long long)all);
	ok(cloned, "the machine with their shadows is copied");
	uint64_t sh = racy_kinds(0, "shared", NULL);
	ok((sh & sr) && !(sh & ~(sr | ur)),
	   "the shared checker alone: the shared race (and the read of shared memory before its write)");
	ok(racy_kinds(0, "global", NULL) == gr, "the global checker alone: the global race only");
	ok(racy_kinds(0, "init", NULL) == ur, "the init checker alone: the uninitialized read only");
	ok(racy_kinds(1, NULL, NULL) == 0, "--fast: none of them");
}

/* the pages of p (bytes) that are resident, or -1 where mincore is not there */
static long resident_pages(void *p, size_t bytes)
{
#if defined(__linux__)
	long ps = sysconf(_SC_PAGESIZE);
	size_t n = (bytes + (size_t)ps - 1) / (size_t)ps;
	unsigned char *v = malloc(n);
	long r = 0;
	if (!v || mincore(p, bytes, v) != 0) {
		free(v);
		return -1;
	}
	for (size_t i = 0; i < n; i++)
		r += v[i] & 1;
	free(v);
	return r;
#else
	(void)p;
	(void)bytes;
	return -1;
#endif
}

/* check_shadow_alloc's policy (shadow.c): a shadow under 2 MiB comes with
 * its pages (made when a kernel first touches its allocation, it would
 * else fault them one by one inside the kernel); a larger one gets its
 * pages as they are touched; both read zero */
static void test_shadow_pages(void)
{
	size_t mid = (size_t)1 << 20, big = (size_t)64 << 20;
	unsigned char *a = check_shadow_alloc(mid), *b = check_shadow_alloc(big);
	long ps = sysconf(_SC_PAGESIZE);
	long ra = resident_pages(a, mid), rb = resident_pages(b, big);
	if (ra < 0) {
		ok(1, "# SKIP no mincore here: shadow pages");
		ok(1, "# SKIP no mincore here: shadow pages");
	} else {
		ok(ra == (long)(mid / (size_t)ps), "a 1 MiB shadow comes populated (%ld of %ld pages)", ra, (long)(mid / (size_t)ps));
		ok(rb < (long)(big / (size_t)ps) / 2, "a 64 MiB shadow is not populated (%ld of %ld pages)", rb, (long)(big / (size_t)ps));
	}
	ok(a[0] == 0 && a[mid - 1] == 0 && b[0] == 0 && b[big - 1] == 0, "shadows read zero");
	check_shadow_free(a, mid);
	check_shadow_free(b, big);
}

/* check_warp_linear_mask against the definition (lane l of mask at the
 * first lane's address + step * (l - l0)): rows of each step with lanes
 * off the mask anywhere, one lane of the mask moved by one byte or by
 * 4 GiB, rows across a 4 GiB line, random masks (the lanes that differ
 * are counted as a 32-bit mask and then masked since the eighteenth
 * session) */
static void test_linear_mask(void)
{
	static const uint32_t steps[] = { 1, 2, 4, 8 };
	uint64_t la[32], seed = 12345;
	unsigned bad = 0, n = 0, yes = 0;
	for (unsigned it = 0; it < 4000; it++) {
		seed = seed * 6364136223846793005ull + 1442695040888963407ull;
		uint32_t step = steps[seed >> 60 & 3], mask = (uint32_t)(seed >> 20);
		if (it % 3 == 0)
			mask |= 1u << (seed >> 8 & 31);
		if (!mask)
			mask = 1;
		uint64_t base = it % 5 == 0 ? 0x100000000ull - 64 : 0x720000000000ull + (seed >> 40);
		for (unsigned l = 0; l < 32; l++)
			la[l] = (mask >> l & 1) ? base + (uint64_t)step * l : seed ^ (l * 0x9e3779b97f4a7c15ull);
		if (it % 4 == 1) {
			unsigned l = (unsigned)(seed >> 12) & 31;
			la[l] += it % 8 == 1 ? 1 : 0x100000000ull;
		}
		unsigned l0 = (unsigned)__builtin_ctz(mask);
		int want = 1;
		for (unsigned l = 0; l < 32; l++)
			if ((mask >> l & 1) && la[l] != la[l0] + (uint64_t)step * (l - l0))
				want = 0;
		bad += check_warp_linear_mask(la, step, mask) != want;
		yes += want;
		n++;
	}
	ok(!bad && yes && yes < n, "check_warp_linear_mask: %u of %u answers as the definition's (%u linear)", n - bad, n,
	   yes);
}

int main(void)
{
	tap_start();
	test_linear_mask();
	test_shadow_pages();
	test_memory_checkers();
	test_kinds();
	test_table();
	test_events();
	test_local_lanes();
	test_sread();
	test_sread_shape();
	test_gwarp();
	test_swrite();
	test_gaccess();
	test_split();
	test_json();
	test_exit();
	test_recorder();
	return tap_end();
}
