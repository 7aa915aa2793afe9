/*
 * unit_tokens.c - TAP tests of a warp's reconvergence tokens (interp.c
 * tok_new; struct warp's tok_in): the first WS_TOKIN tokens a warp makes
 * are its own, not a malloc'd table, so that the fresh warps of a grid
 * whose blocks are all resident do not each allocate at their first
 * divergence and free at their block's end; deeper nesting moves the table
 * to the heap, and a machine copied (machine_clone, what reverse execution
 * keeps) at any point, inside one, two or four levels of divergence, runs
 * on to the same output, steps and exit status as its original.
 */
#include "machine.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "unit_compile.h"

/* NB blocks of 64 threads whose lanes split up to depth levels deep (four
 * tokens at once: two on the warp, the table then on the heap), in a loop
 * of rounds */
static const char nested[] =
	"#include <cstdio>\n"
	"__global__ void k(int *out, int depth, int rounds)\n"
	"{\n"
	"\tint t = blockIdx.x * blockDim.x + threadIdx.x, v = 0;\n"
	"\tfor (int r = 0; r < rounds; r++) {\n"
	"\t\tif (t & 1) {\n"
	"\t\t\tv += 1;\n"
	"\t\t\tif (depth > 1 && (t & 2)) {\n"
	"\t\t\t\tv += 10;\n"
	"\t\t\t\tif (depth > 2 && (t & 4)) {\n"
	"\t\t\t\t\tv += 100;\n"
	"\t\t\t\t\tif (depth > 3 && (t & 8))\n"
	"\t\t\t\t\t\tv += 1000;\n"
	"\t\t\t\t}\n"
	"\t\t\t}\n"
	"\t\t}\n"
	"\t\tv *= 3;\n"
	"\t}\n"
	"\tout[t] = v;\n"
	"}\n"
	"int main()\n"
	"{\n"
	"\tconst int n = NB * 64;\n"
	"\tint *d, h[NB * 64];\n"
	"\tcudaMalloc(&d, sizeof h);\n"
	"\tlong long s = 0;\n"
	"\tfor (int depth = 1; depth <= MAXD; depth++) {\n"
	"\t\tk<<<NB, 64>>>(d, depth, ROUNDS);\n"
	"\t\tcudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);\n"
	"\t\tfor (int i = 0; i < n; i++)\n"
	"\t\t\ts = s * 31 + h[i];\n"
	"\t}\n"
	"\tprintf(\"sum %lld\\n\", s);\n"
	"\treturn 0;\n"
	"}\n";

/* nested with NB blocks, launched with depths 1 to maxd, rounds times */
static char *program(int nb, int maxd, int rounds)
{
	char *s = malloc(sizeof nested + 96);
	snprintf(s, sizeof nested + 96, "#define NB %d\n#define MAXD %d\n#define ROUNDS %d\n%s", nb, maxd, rounds,
		 nested);
	return s;
}

/* the allocation funnel's calls while the machine of src runs (after
 * machine_start, to its end), fast or checked */
static unsigned long run_allocs(const char *src, int fast)
{
	struct compilation c;
	if (unit_compile(&c, src)) {
		compilation_release(&c);
		return 0;
	}
	struct unit_cfg cfg = { "stack", SIMT_STACK, SCHED_RR, 0 };
	FILE *o = tmpfile();
	/* as `warpstep run` makes it: unobserved, so that the warps' frames
	 * come from the machine's pool, not the allocation funnel */
	struct machine_opts mo;
	unit_opts(&mo, &cfg, fast, o);
	mo.unobserved = 1;
	struct machine *m = machine_new(c.mod, &mo);
	char *argv[] = { "p", NULL };
	machine_start(m, 1, argv);
	unsigned long a0 = util_alloc_calls();
	while (machine_run(m, 0) == MST_RUNNING)
		;
	unsigned long n = util_alloc_calls() - a0;
	machine_free(m);
	fclose(o);
	compilation_release(&c);
	return n;
}

int main(void)
{
	tap_start();

	/* 8 blocks against 64, every block resident at once on the H100: the
	 * 112 more warps, all fresh, diverge once (histogram's `if`), which
	 * their own tokens hold: no allocation for them (one each before) */
	char *a8 = program(8, 1, 1), *a64 = program(64, 1, 1);
	for (int fast = 1; fast >= 0; fast--) {
		unsigned long n8 = run_allocs(a8, fast), n64 = run_allocs(a64, fast);
		ok(n64 >= n8 && n64 - n8 < 2 * 56 + 56,
		   "%s: 64 blocks allocate %lu times more than 8 (their block_alloc's 2 a block, and fewer than one "
		   "more a block: 239 when every fresh warp allocated its tokens)",
		   fast ? "--fast" : "checked", n64 - n8);
	}
	free(a8);
	free(a64);
	char *p8 = program(8, 4, 3);

	/* a copy made at points inside the divergence runs on as the original */
	struct compilation c;
	if (unit_compile(&c, p8) == 0) {
		struct unit_cfg cfg = { "stack", SIMT_STACK, SCHED_RR, 0 };
		FILE *o = tmpfile();
		struct machine *m = unit_start(&c, &cfg, 0, 0, o);
		while (machine_run(m, 0) == MST_RUNNING)
			;
		uint64_t want_steps = machine_steps(m);
		int want_status = machine_exit_status(m);
		machine_free(m);
		char *want = tap_slurp(o), shown[64];
		fclose(o);
		snprintf(shown, sizeof shown, "%s", want ? want : "none");
		shown[strcspn(shown, "\n")] = 0;
		static const uint64_t at[] = { 40, 300, 1500, 4000, 9000, 20000 };
		for (size_t i = 0; i < sizeof at / sizeof at[0]; i++) {
			FILE *f = tmpfile();
			struct machine *a = unit_start(&c, &cfg, 0, 0, f);
			machine_run(a, at[i]);
			struct machine *b = machine_clone(a);
			int bad = !b;
			if (b) {
				while (machine_run(a, 0) == MST_RUNNING)
					;
				while (machine_run(b, 0) == MST_RUNNING)
					;
				bad = machine_steps(a) != want_steps || machine_steps(b) != want_steps ||
				      machine_exit_status(a) != want_status || machine_exit_status(b) != want_status;
				machine_free(b);
			}
			machine_free(a);
			/* both wrote to f: the original's output, then the copy's */
			char *got = tap_slurp(f);
			fclose(f);
			size_t wl = want ? strlen(want) : 0;
			bad |= !got || !want || strlen(got) != 2 * wl || memcmp(got, want, wl) || memcmp(got + wl, want, wl);
			ok(!bad, "a copy made after %llu steps: the same output (%s), steps and status as the original",
			   (unsigned long long)at[i], shown);
			free(got);
		}
		free(want);
	}
	compilation_release(&c);
	free(p8);
	return tap_end();
}
