/*
 * unit_release.c - TAP tests of release stores and read-modify-writes
 * (cuda::atomic_ref's store(v, release), fetch_add's seq_cst default) in
 * the device fast path (fastrun.h REL_DECLINE). To the race checkers a
 * release is a fence of its scope (interp.c release_event), so that while
 * they listen the fast path hands these instructions to the general loop;
 * a --fast run, where nothing listens, keeps them in the fast path. A
 * machine with an EV_INSN observer runs every instruction in the general
 * loop; both must give the same output, exit status, steps and findings,
 * checked and --fast, under every policy below; and the --fast run's fast
 * path must run the 960 warp-level releases that the checked run's general
 * loop runs (machine_general_steps).
 */
#include "front.h"
#include "machine.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "unit_compile.h"

/* warp 0 publishes data with a release store of a flag, the other warps
 * read the flag with acquire loads and, where it is set, the data (a race
 * to the checkers unless the release orders it); every thread counts with
 * seq_cst and acq_rel fetch_adds in a loop and stores its count with a
 * release store (an atomic store: no race with the other threads' ones) */
static const char prog[] =
	"#include <cstdio>\n"
	"#include <cuda/atomic>\n"
	"__global__ void k(int *data, int *flag, int *count, int *last, int *seen)\n"
	"{\n"
	"\tint t = threadIdx.x;\n"
	"\tcuda::atomic_ref<int, cuda::thread_scope_device> f(*flag), c(*count), l(*last);\n"
	"\tif (t < 32) {\n"
	"\t\tdata[t] = t * 3 + 1;\n"
	"\t\tf.store(1, cuda::memory_order_release);\n"
	"\t}\n"
	"\tfor (int i = 0; i < 40; i++) {\n"
	"\t\tc.fetch_add(1);\n"
	"\t\tc.fetch_add(2, cuda::memory_order_acq_rel);\n"
	"\t\tl.store(t, cuda::memory_order_release);\n"
	"\t}\n"
	"\tif (t >= 32 && f.load(cuda::memory_order_acquire))\n"
	"\t\tseen[t] = data[t & 31];\n"
	"}\n"
	"int main()\n"
	"{\n"
	"\tint *d;\n"
	"\tcudaMalloc(&d, 260 * sizeof(int));\n"
	"\tcudaMemset(d, 0, 260 * sizeof(int));\n"
	"\tk<<<2, 128>>>(d, d + 32, d + 33, d + 34, d + 35);\n"
	"\tint h[260];\n"
	"\tcudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);\n"
	"\tint ok = 1;\n"
	"\tfor (int t = 32; t < 128; t++)\n"
	"\t\tok &= h[35 + t] == 0 || h[35 + t] == (t & 31) * 3 + 1;\n"
	"\tprintf(\"count %d flag %d data ok %d\\n\", h[33], h[32], ok);\n"
	"\treturn 0;\n"
	"}\n";

static struct compilation comp;

static const struct unit_cfg cfgs[] = {
	{ "stack", SIMT_STACK, SCHED_RR, 0 },
	{ "its", SIMT_ITS, SCHED_RR, 0 },
	{ "its random:1", SIMT_ITS, SCHED_RANDOM, 1 },
	{ "stack random:5", SIMT_STACK, SCHED_RANDOM, 5 },
};

/* m[0] with the fast path, m[1] all in the general loop (EV_INSN) */
/* returns the device steps m[0]'s general loop ran */
static uint64_t test_pair(const struct unit_cfg *c, int fast)
{
	FILE *o[2] = { tmpfile(), tmpfile() };
	struct machine *m[2];
	for (int k = 0; k < 2; k++) {
		m[k] = unit_start(&comp, c, fast, k ? 1u << EV_INSN : 0, o[k]);
		while (machine_run(m[k], 0) == MST_RUNNING)
			;
	}
	char *a = tap_slurp(o[0]), *b = tap_slurp(o[1]);
	size_t n = strcspn(a, "\n");
	ok(strcmp(a, b) == 0 && strstr(a, "count 30720 flag 1 data ok 1"), "%s%s: the same output (%.*s)", c->name,
	   fast ? " --fast" : "", (int)n, a);
	if (strcmp(a, b) != 0)
		printf("# fast path:\n%s# general loop:\n%s", a, b);
	ok(machine_exit_status(m[0]) == machine_exit_status(m[1]) && machine_steps(m[0]) == machine_steps(m[1]) &&
		   machine_nfindings(m[0]) == machine_nfindings(m[1]) && machine_nfindings(m[0]) == 0,
	   "%s%s: the same exit status (%d), steps (%llu, %llu), no findings (%zu, %zu)", c->name,
	   fast ? " --fast" : "", machine_exit_status(m[0]), (unsigned long long)machine_steps(m[0]),
	   (unsigned long long)machine_steps(m[1]), machine_nfindings(m[0]), machine_nfindings(m[1]));
	uint64_t gen = machine_general_steps(m[0]);
	free(a);
	free(b);
	unit_free_pair(m, o);
	return gen;
}

int main(void)
{
	if (unit_compile(&comp, prog))
		return tap_end();
	for (size_t i = 0; i < sizeof(cfgs) / sizeof(cfgs[0]); i++) {
		uint64_t fst = test_pair(&cfgs[i], 1), chk = test_pair(&cfgs[i], 0);
		/* 8 warps x 40 passes x 3 releases: in the checked run's general
		 * loop, in the --fast run's fast path (the steps are the same) */
		ok(chk >= fst + 8 * 40 * 3, "%s: the general loop ran %llu device steps checked, %llu --fast (the releases: 960)",
		   cfgs[i].name, (unsigned long long)chk, (unsigned long long)fst);
	}
	compilation_release(&comp);
	return tap_end();
}
