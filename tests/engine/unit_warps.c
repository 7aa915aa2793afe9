/*
 * unit_warps.c - TAP tests of the warps that lazily admitted blocks get
 * when the round robin first reaches them (machine.c block_warps,
 * wlazy_ok): an unobserved machine's 2^16-thread vecadd, whose 256
 * blocks are all resident at once on the H100, builds the warps of a
 * block or two, not 2048; the output and steps are those of a machine
 * that builds them all; and every warp is built where somebody could
 * tell which block's warps a block runs on: a machine not marked
 * unobserved (a debugger's), one with a hook, checked mode where the
 * blocks have shared memory (the shared-memory race checker compares a
 * warp's collectives count with other warps'), a module whose device code
 * keeps something on the lanes' stacks (a read of a local never written
 * shows what the slot's previous block left there). Checked mode without
 * shared memory builds a block or two, as --fast does.
 */
#include "machine.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "unit_compile.h"

/* 65536 threads, 2048 warps, fewer than the H100's 8448 resident ones */
static const char adds[] =
	"#include <cstdio>\n"
	"__global__ void add(const int *a, int *c, int n)\n"
	"{\n"
	"\tint i = blockIdx.x * blockDim.x + threadIdx.x;\n"
	"\tif (i < n)\n"
	"\t\tc[i] = a[i] + 1;\n"
	"}\n"
	"static int h[65536], g[65536];\n"
	"int main()\n"
	"{\n"
	"\tconst int n = 65536;\n"
	"\tint *a, *c;\n"
	"\tcudaMalloc(&a, n * sizeof(int));\n"
	"\tcudaMalloc(&c, n * sizeof(int));\n"
	"\tfor (int i = 0; i < n; i++)\n"
	"\t\tg[i] = i * 7;\n"
	"\tcudaMemcpy(a, g, sizeof g, cudaMemcpyHostToDevice);\n"
	"\tadd<<<n / 256, 256>>>(a, c, n);\n"
	"\tadd<<<n / 256, 256>>>(c, a, n);\n"
	"\tcudaMemcpy(h, a, sizeof h, cudaMemcpyDeviceToHost);\n"
	"\tint bad = 0;\n"
	"\tfor (int i = 0; i < n; i++)\n"
	"\t\tbad += h[i] != i * 7 + 2;\n"
	"\tprintf(\"bad %d\\n\", bad);\n"
	"\treturn 0;\n"
	"}\n";

/* adds with 64 bytes of dynamic shared memory a block, unused */
static char adds_shmem[sizeof adds + 16];

/* add's warps finish in one visit, sum's blocks (a barrier) in a round;
 * then add again, on the warps the first two launches left */
static const char mixed[] =
	"#include <cstdio>\n"
	"__global__ void add(const int *a, int *c, int n)\n"
	"{\n"
	"\tint i = blockIdx.x * blockDim.x + threadIdx.x;\n"
	"\tif (i < n)\n"
	"\t\tc[i] = a[i] + 1;\n"
	"}\n"
	"__global__ void sum(const int *a, int *s)\n"
	"{\n"
	"\t__shared__ int t[256];\n"
	"\tt[threadIdx.x] = a[blockIdx.x * blockDim.x + threadIdx.x];\n"
	"\t__syncthreads();\n"
	"\tif (threadIdx.x == 0) {\n"
	"\t\tint x = 0;\n"
	"\t\tfor (int k = 0; k < 256; k++)\n"
	"\t\t\tx += t[k];\n"
	"\t\ts[blockIdx.x] = x;\n"
	"\t}\n"
	"}\n"
	"static int h[65536], g[65536];\n"
	"int main()\n"
	"{\n"
	"\tconst int n = 65536;\n"
	"\tint *a, *c, *s;\n"
	"\tcudaMalloc(&a, n * sizeof(int));\n"
	"\tcudaMalloc(&c, n * sizeof(int));\n"
	"\tcudaMalloc(&s, 256 * sizeof(int));\n"
	"\tfor (int i = 0; i < n; i++)\n"
	"\t\tg[i] = i * 7;\n"
	"\tcudaMemcpy(a, g, sizeof g, cudaMemcpyHostToDevice);\n"
	"\tint bad = 0;\n"
	"\tadd<<<n / 256, 256>>>(a, c, n);\n"
	"\tsum<<<n / 256, 256>>>(c, s);\n"
	"\tadd<<<n / 256, 256>>>(c, a, n);\n"
	"\tcudaMemcpy(h, a, sizeof h, cudaMemcpyDeviceToHost);\n"
	"\tfor (int i = 0; i < n; i++)\n"
	"\t\tbad += h[i] != i * 7 + 2;\n"
	"\tcudaMemcpy(h, s, 256 * sizeof(int), cudaMemcpyDeviceToHost);\n"
	"\tfor (int b = 0; b < 256; b++) {\n"
	"\t\tint x = 0;\n"
	"\t\tfor (int k = 0; k < 256; k++)\n"
	"\t\t\tx += (b * 256 + k) * 7 + 1;\n"
	"\t\tbad += h[b] != x;\n"
	"\t}\n"
	"\tprintf(\"bad %d\\n\", bad);\n"
	"\treturn 0;\n"
	"}\n";

/* put leaves i on its lane's stack; spot's frame is smaller, and the
 * read through its pointer past the live frames (a finding, which goes
 * on) shows what the warp it runs on kept there: put's i of the block
 * before it on the same warp. one's blocks are resident at once and
 * their warps finish in one visit each (a few instructions), so warps
 * passed from block to block would leave two's blocks on warps with
 * other stacks (or none) than their slots' */
static const char stack[] =
	"#include <cstdio>\n"
	"__device__ __noinline__ int put(int i)\n"
	"{\n"
	"\tvolatile int v[64];\n"
	"\tv[40 + (i & 1)] = i;\n"
	"\treturn v[40 + (i & 1)];\n"
	"}\n"
	"__device__ __noinline__ volatile int *spot(int i)\n"
	"{\n"
	"\tvolatile int v[4];\n"
	"\tv[0] = i;\n"
	"\treturn v + (i & 1);\n"
	"}\n"
	"__global__ void one(int *c)\n"
	"{\n"
	"\tint i = blockIdx.x * blockDim.x + threadIdx.x;\n"
	"\tc[i] = put(i);\n"
	"}\n"
	"__global__ void two(int *c)\n"
	"{\n"
	"\tint i = blockIdx.x * blockDim.x + threadIdx.x;\n"
	"\tvolatile int *p = spot(i);\n"
	"\tc[i] = p[40];\n"
	"}\n"
	"static int h[16384];\n"
	"int main()\n"
	"{\n"
	"\tint *c;\n"
	"\tcudaMalloc(&c, sizeof h);\n"
	"\tone<<<64, 256>>>(c);\n"
	"\ttwo<<<64, 256>>>(c);\n"
	"\tcudaMemcpy(h, c, sizeof h, cudaMemcpyDeviceToHost);\n"
	"\tlong long x = 0;\n"
	"\tfor (int i = 0; i < 16384; i++)\n"
	"\t\tx += (long long)h[i] * (i + 1);\n"
	"\tprintf(\"sum %lld\\n\", x);\n"
	"\treturn 0;\n"
	"}\n";

struct res {
	char *out;
	uint64_t steps, warps;
};

/* src run to its end: --fast or checked, unobserved or not, observed by
 * a no-op hook of every instruction or not */
static void warps_made(struct machine *m, void *ctx)
{
	((struct res *)ctx)->warps = machine_warps_made(m);
}

static struct res run(const char *src, int fast, int unobserved, int hook)
{
	struct res r = { 0 };
	struct machine_opts mo;
	machine_opts_init(&mo);
	mo.fast = fast;
	mo.unobserved = unobserved;
	r.out = unit_run_to_end(src, &mo, hook ? 1u << EV_INSN : 0, warps_made, &r, &r.steps);
	return r;
}

int main(void)
{
	tap_start();
	/* add's warps finish in one visit: a block's warps at a time */
	struct res base = run(adds, 1, 0, 0);
	struct res lz = run(adds, 1, 1, 0);
	ok(base.out && !strcmp(base.out, "bad 0"), "add twice right (%s)", base.out ? base.out : "(none)");
	ok(base.warps == 2048, "not unobserved: every resident warp is built (%llu)",
	   (unsigned long long)base.warps);
	ok(lz.out && base.out && !strcmp(lz.out, base.out) && lz.steps == base.steps,
	   "unobserved: the same output and steps (%s)", lz.out ? lz.out : "(none)");
	ok(lz.warps >= 8 && lz.warps <= 32, "unobserved: the warps of a block or two are built (%llu)",
	   (unsigned long long)lz.warps);
	struct res hk = run(adds, 1, 1, 1);
	ok(hk.out && base.out && !strcmp(hk.out, base.out) && hk.warps == 2048,
	   "unobserved but hooked: every resident warp is built (%llu)", (unsigned long long)hk.warps);
	struct res ck = run(adds, 0, 1, 0);
	struct res ck0 = run(adds, 0, 0, 0);
	ok(ck.out && base.out && !strcmp(ck.out, base.out) && ck.steps == ck0.steps && ck0.warps == 2048,
	   "unobserved, checked: the same output and steps as observed (%s)", ck.out ? ck.out : "(none)");
	ok(ck.warps >= 8 && ck.warps <= 32, "unobserved, checked, no shared memory: the warps of a block or two (%llu)",
	   (unsigned long long)ck.warps);
	/* the same launches with shared memory (the race checker hears the
	 * warps' collective counts): every warp, in checked mode only */
	const char *at = strstr(adds, "256>>>(a, c, n)"), *at2 = strstr(adds, "256>>>(c, a, n)");
	size_t k1 = (size_t)(at - adds) + 3, k2 = (size_t)(at2 - adds) + 3;
	snprintf(adds_shmem, sizeof adds_shmem, "%.*s, 64%.*s, 64%s", (int)k1, adds, (int)(k2 - k1), adds + k1,
		 adds + k2);
	struct res sh = run(adds_shmem, 0, 1, 0), shf = run(adds_shmem, 1, 1, 0);
	ok(sh.out && base.out && !strcmp(sh.out, base.out) && sh.warps == 2048,
	   "unobserved, checked, shared memory: every resident warp is built (%llu)", (unsigned long long)sh.warps);
	ok(shf.out && base.out && !strcmp(shf.out, base.out) && shf.warps >= 8 && shf.warps <= 32,
	   "... --fast: a block or two (%llu)", (unsigned long long)shf.warps);
	/* sum's blocks wait at a barrier: all its warps at once, then add's
	 * blocks go round them (first given back, first taken) */
	struct res m0 = run(mixed, 1, 0, 0);
	struct res m1 = run(mixed, 1, 1, 0);
	ok(m0.out && !strcmp(m0.out, "bad 0"), "add, sum, add right (%s)", m0.out ? m0.out : "(none)");
	ok(m1.out && m0.out && !strcmp(m1.out, m0.out) && m1.steps == m0.steps && m1.warps == 2048,
	   "... the same unobserved (%s, %llu warps)", m1.out ? m1.out : "(none)", (unsigned long long)m1.warps);
	struct res s0 = run(stack, 1, 0, 0);
	struct res s1 = run(stack, 1, 1, 0);
	ok(s0.out && !strncmp(s0.out, "sum ", 4) && strcmp(s0.out, "sum 0"),
	   "a read past the live frames shows what the slot's last block left (%s)", s0.out ? s0.out : "(none)");
	ok(s1.out && s0.out && !strcmp(s1.out, s0.out) && s1.steps == s0.steps && s1.warps == s0.warps,
	   "... the same unobserved, every warp built (%s, %llu warps)", s1.out ? s1.out : "(none)",
	   (unsigned long long)s1.warps);
	free(base.out);
	free(lz.out);
	free(hk.out);
	free(ck.out);
	free(ck0.out);
	free(sh.out);
	free(shf.out);
	free(m0.out);
	free(m1.out);
	free(s0.out);
	free(s1.out);
	return tap_end();
}
