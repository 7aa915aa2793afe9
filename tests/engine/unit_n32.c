/*
 * unit_n32.c - TAP tests of the twentieth session's narrow rows (interp.c
 * interp_n32: rows of run's code whose lanes are 32-bit, fast_run's F_N_*
 * classes, the narrow value rows of 4-byte loads and stores, and the
 * general loop's widening of an instruction's narrow rows around it;
 * docs/PERFORMANCE.md, s20-n32):
 * - the decoded kernel has narrow rows, and none under WS_NO_N32=1;
 * - a machine with them and one without (WS_NO_N32=1) give the same
 *   output, steps and exit status, and hold the same groups, tokens,
 *   barrier arrivals and register values (a narrow row's low words, every
 *   other row whole, the lanes of each group) at every stop of short runs
 *   and single steps (budgets that end at every instruction), in the best
 *   version and the baseline one, with every instruction in the general
 *   loop (an EV_INSN observer: each one widened and narrowed again) or
 *   not, under `stack`, `its` and `stack random:3`: s32 and u32 add, sub,
 *   mul, and, or, xor on negative values, 0x80000000 and 0xffffffff, their
 *   wraps, f32 arithmetic, s32 and u32 values widened to 64 bits, indices
 *   computed in 32 bits, a partial last warp (200 threads a block) and a
 *   diverged group's loads and stores.
 */
#include "front.h"
#include "machine.h"
#include "simt.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "unit_compile.h"
#include "unit_state.h"

static const char prog[] =
	"#include <cstdio>\n"
	"__global__ void ik(const int *a, const int *b, int *c, int n)\n"
	"{\n"
	"\tint i = blockIdx.x * blockDim.x + threadIdx.x;\n"
	"\tif (i < n)\n"
	"\t\tc[i] = a[i] + b[i];\n"
	"}\n"
	"__global__ void uk(const unsigned *a, const unsigned *b, unsigned *c, int n)\n"
	"{\n"
	"\tint i = blockIdx.x * blockDim.x + threadIdx.x;\n"
	"\tif (i < n)\n"
	"\t\tc[i] = (a[i] ^ 0xffffffffu) * b[i];\n"
	"}\n"
	"__global__ void fk(const float *a, const float *b, float *c, int n)\n"
	"{\n"
	"\tint i = blockIdx.x * blockDim.x + threadIdx.x;\n"
	"\tif (i < n)\n"
	"\t\tc[i] = a[i] * b[i];\n"
	"}\n"
	"__global__ void wk(const int *a, const unsigned *b, long long *c, int n)\n"
	"{\n"
	"\tint i = blockIdx.x * blockDim.x + threadIdx.x;\n"
	"\tif (i < n)\n"
	"\t\tc[i] = (long long)(a[i] - 7);\n"
	"}\n"
	"int main(int argc, char **argv)\n"
	"{\n"
	"\tconst int n = 5 * 200 - 37;\n"
	"\tstatic int ia[1000], ib[1000], ic[1000];\n"
	"\tstatic unsigned ua[1000], ub[1000], uc[1000];\n"
	"\tstatic float fa[1000], fb[1000], fc[1000];\n"
	"\tstatic long long wc[1000];\n"
	"\tfor (int k = 0; k < 1000; k++) {\n"
	"\t\tia[k] = k % 3 == 0 ? -k * 1000003 : k % 3 == 1 ? (int)0x80000000 + k : 0x7fffffff - k;\n"
	"\t\tib[k] = k % 2 ? -1 : (int)0x80000000;\n"
	"\t\tua[k] = k % 2 ? 0xffffffffu - (unsigned)k : (unsigned)k * 2654435761u;\n"
	"\t\tub[k] = (unsigned)k * 40503u;\n"
	"\t\tfa[k] = (float)(k % 97) * 0.5f - 20.0f;\n"
	"\t\tfb[k] = (float)(k % 13) * -0.75f;\n"
	"\t}\n"
	"\tint *dia, *dib, *dic;\n"
	"\tunsigned *dua, *dub, *duc;\n"
	"\tfloat *dfa, *dfb, *dfc;\n"
	"\tlong long *dwc;\n"
	"\tcudaMalloc(&dia, sizeof ia); cudaMalloc(&dib, sizeof ib); cudaMalloc(&dic, sizeof ic);\n"
	"\tcudaMalloc(&dua, sizeof ua); cudaMalloc(&dub, sizeof ub); cudaMalloc(&duc, sizeof uc);\n"
	"\tcudaMalloc(&dfa, sizeof fa); cudaMalloc(&dfb, sizeof fb); cudaMalloc(&dfc, sizeof fc);\n"
	"\tcudaMalloc(&dwc, sizeof wc);\n"
	"\tcudaMemcpy(dia, ia, sizeof ia, cudaMemcpyHostToDevice);\n"
	"\tcudaMemcpy(dib, ib, sizeof ib, cudaMemcpyHostToDevice);\n"
	"\tcudaMemcpy(dua, ua, sizeof ua, cudaMemcpyHostToDevice);\n"
	"\tcudaMemcpy(dub, ub, sizeof ub, cudaMemcpyHostToDevice);\n"
	"\tcudaMemcpy(dfa, fa, sizeof fa, cudaMemcpyHostToDevice);\n"
	"\tcudaMemcpy(dfb, fb, sizeof fb, cudaMemcpyHostToDevice);\n"
	"\tint one = argc > 1 ? argv[1][0] - '0' : -1;\n"
	"\tfor (int r = 0; r < (one < 0 ? 1 : 2); r++) {\n"
	"\t\tif (one < 0 || one == 0)\n"
	"\t\t\tik<<<5, 200>>>(dia, dib, dic, n - 50 * r);\n"
	"\t\tif (one < 0 || one == 1)\n"
	"\t\t\tuk<<<5, 200>>>(dua, dub, duc, n - 50 * r);\n"
	"\t\tif (one < 0 || one == 2)\n"
	"\t\t\tfk<<<5, 200>>>(dfa, dfb, dfc, n - 50 * r);\n"
	"\t\tif (one < 0 || one == 3)\n"
	"\t\t\twk<<<5, 200>>>(dia, dua, dwc, n - 50 * r);\n"
	"\t}\n"
	"\tcudaMemcpy(ic, dic, sizeof ic, cudaMemcpyDeviceToHost);\n"
	"\tcudaMemcpy(uc, duc, sizeof uc, cudaMemcpyDeviceToHost);\n"
	"\tcudaMemcpy(fc, dfc, sizeof fc, cudaMemcpyDeviceToHost);\n"
	"\tcudaMemcpy(wc, dwc, sizeof wc, cudaMemcpyDeviceToHost);\n"
	"\tunsigned long long cs = 0;\n"
	"\tdouble fs = 0;\n"
	"\tfor (int k = 0; k < n; k++) {\n"
	"\t\tcs = cs * 1099511628211ull + (unsigned)ic[k];\n"
	"\t\tcs = cs * 1099511628211ull + uc[k];\n"
	"\t\tcs = cs * 1099511628211ull + (unsigned long long)wc[k];\n"
	"\t\tfs += fc[k];\n"
	"\t}\n"
	"\tprintf(\"n32 %llx %.3f %d %d %u %u %lld %lld %.3f\\n\", cs, fs, ic[0], ic[1], uc[1], uc[2], wc[1], wc[3], fc[5]);\n"
	"\treturn 0;\n"
	"}\n";

static struct compilation comp;
/* the kernels, and their narrow rows (n32 on) for the stops' hash */
static struct ref {
	const char *name;
	uint8_t *rows;
	uint32_t n, narrow;
} refs[] = { { "ik", NULL, 0, 0 }, { "uk", NULL, 0, 0 }, { "fk", NULL, 0, 0 }, { "wk", NULL, 0, 0 } };
enum { NREFS = sizeof(refs) / sizeof(refs[0]) };

static struct ref *ref_of(const char *name)
{
	for (int k = 0; k < NREFS; k++)
		if (strcmp(refs[k].name, name) == 0)
			return &refs[k];
	return NULL;
}

static const struct unit_cfg cfgs[] = {
	{ "stack", SIMT_STACK, SCHED_RR, 0 },
	{ "its", SIMT_ITS, SCHED_RR, 0 },
	{ "stack random:3", SIMT_STACK, SCHED_RANDOM, 3 },
};

static void set_off(int off)
{
	if (off)
		setenv("WS_NO_N32", "1", 1);
	else
		unsetenv("WS_NO_N32");
}

/* the narrow rows of the decoded kernels, with and without WS_NO_N32 */
static void test_rows(void)
{
	for (int off = 0; off < 2; off++) {
		set_off(off);
		uint32_t n = 0, each = 1;
		int found = 0;
		for (uint32_t f = 0; f < comp.mod->nfuncs; f++) {
			const struct ir_func *fn = &comp.mod->funcs[f];
			struct ref *rf = ref_of(fn->name);
			if (!(fn->kind & FN_KERNEL) || !rf)
				continue;
			struct dfunc *df = decode_func(fn, comp.mod);
			uint32_t k = 0;
			for (uint32_t r = 0; df->nrow && r < df->nrows; r++)
				k += df->nrow[r];
			n += k;
			each &= k > 0 || rf == &refs[3];
			if (!off && df->nrow) {
				rf->n = df->nrows;
				rf->narrow = k;
				rf->rows = malloc(rf->n);
				memcpy(rf->rows, df->nrow, rf->n);
			}
			decode_free(df);
			found++;
		}
		ok(found == NREFS && (off ? n == 0 : each && n >= 9),
		   "%s: the kernels have %u narrow rows (ik %u, uk %u, fk %u, wk %u)", off ? "WS_NO_N32=1" : "narrow rows on",
		   n, refs[0].narrow, refs[1].narrow, refs[2].narrow, refs[3].narrow);
	}
	set_off(0);
}

/* unit_state, and the registers of every group of every started warp:
 * each lane of the group, a row narrow in ref_rows by its low word (the
 * value both forms hold), any other whole */
static uint64_t state(const struct machine *m)
{
	uint64_t h = unit_state(m, 1);
	const struct grid *gr = m->dev.grid;
	for (int s = 0; gr && s < gr->nres; s++) {
		const struct block *b = gr->res[s];
		if (!b)
			continue;
		for (uint32_t i = 0; i < b->nwarps; i++) {
			const struct warp *w = &b->w[i];
			if (b->unstarted >> i & 1)
				continue;
			for (uint32_t j = 0; j < w->ng; j++) {
				const struct group *g = &w->g[j];
				const struct frame *fr = g->fr;
				const struct ref *rf = fr && fr->df ? ref_of(fr->df->fn->name) : NULL;
				if (!rf)
					continue;
				uint32_t nr = ir_rows(fr->df->fn);
				const int narrow_here = fr->df->nrow != NULL;
				for (uint32_t r = 0; r < nr; r++) {
					const uint64_t *row = fr->r + (size_t)r * WS_WARP;
					const int nar = r < rf->n && rf->rows[r];
					for (uint32_t mm = g->mask; mm; mm &= mm - 1) {
						unsigned l = (unsigned)__builtin_ctz(mm);
						uint32_t lo;
						if (nar && narrow_here)
							memcpy(&lo, (const unsigned char *)row + 4 * l, 4);
						else
							lo = (uint32_t)row[l];
						UNIT_MIX(h, lo);
						if (!nar)
							UNIT_MIX(h, row[l] >> 32);
					}
				}
			}
		}
	}
	return h;
}

static size_t stops(struct machine *m, uint64_t *tr, size_t cap)
{
	size_t n = 0;
	for (int len = 1; machine_get_status(m) == MST_RUNNING && n + 100 < cap; len = len % 37 + 1) {
		machine_run(m, (uint64_t)len);
		tr[n++] = state(m);
		for (int s = 0; s < len % 4 && machine_get_status(m) == MST_RUNNING; s++) {
			machine_step(m);
			tr[n++] = state(m);
		}
	}
	return n;
}

static void test_whole(const struct unit_cfg *c, int base, unsigned observe)
{
	FILE *o[2] = { tmpfile(), tmpfile() };
	struct machine *m[2];
	char what[128];
	snprintf(what, sizeof what, "%s, %s version%s", c->name, base ? "the baseline" : "the best",
		 observe ? ", every instruction in the general loop" : "");
	interp_fast_baseline(base);
	for (int k = 0; k < 2; k++) {
		set_off(k);
		m[k] = unit_start(&comp, c, 1, observe, o[k]);
		while (machine_run(m[k], 0) == MST_RUNNING)
			;
	}
	set_off(0);
	interp_fast_baseline(0);
	char *a = tap_slurp(o[0]), *b = tap_slurp(o[1]);
	ok(a && b && strcmp(a, b) == 0 && strncmp(a, "n32 2bbdf8f9848d6a73 -16654.875 ", 32) == 0,
	   "%s: the same output with narrow rows and without (%.*s)", what, a ? (int)strcspn(a, "\n") : 0,
	   a ? a : "");
	free(a);
	free(b);
	unit_same_end(m, o, what);
}

/* one kernel (argv[1]: which), launched twice: a frame a block leaves
 * is another block's of the same kernel only (the rows a lane has not
 * written yet hold the same stale words in both machines then) */
static void test_stops(const struct unit_cfg *c, unsigned observe, int which)
{
	static uint64_t tr[2][60000];
	size_t n[2];
	FILE *o[2] = { tmpfile(), tmpfile() };
	for (int k = 0; k < 2; k++) {
		set_off(k);
		struct machine_opts mo;
		unit_opts(&mo, c, 1, o[k]);
		struct machine *m = machine_new(comp.mod, &mo);
		if (observe)
			machine_observe(m, observe, unit_no_op, NULL);
		char arg[2] = { (char)('0' + which), 0 };
		char *argv[] = { "p", arg, NULL };
		machine_start(m, 2, argv);
		n[k] = stops(m, tr[k], 60000);
		machine_free(m);
	}
	set_off(0);
	size_t at;
	int same = unit_stops_same(tr[0], tr[1], n, 100, o, &at, NULL);
	ok(same,
	   "%s%s, %s: %zu stops of short runs and single steps find the same groups, tokens and registers "
	   "with narrow rows and without (first differing: %zu)",
	   c->name, observe ? ", every instruction in the general loop" : "", refs[which].name, n[0], at);
}

int main(void)
{
	tap_start();
	if (unit_compile(&comp, prog))
		return tap_end();
	ir_optimize_run(comp.mod, &comp.arena);
	test_rows();
	for (size_t i = 0; i < sizeof(cfgs) / sizeof(cfgs[0]); i++)
		for (int obs = 0; obs < 2; obs++) {
			unsigned observe = obs ? 1u << EV_INSN : 0;
			for (int base = 0; base < 2; base++)
				test_whole(&cfgs[i], base, observe);
			for (int k = 0; k < NREFS; k++)
				test_stops(&cfgs[i], observe, k);
		}
	for (int k = 0; k < NREFS; k++)
		free(refs[k].rows);
	compilation_release(&comp);
	return tap_end();
}
