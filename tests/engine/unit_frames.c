/*
 * unit_frames.c - TAP tests of the frames an unobserved machine's warps
 * share (machine_opts.unobserved, machine.c stash_ok): a kernel's warps
 * start on frames the warps before them left, so a 2^16-thread vecadd
 * makes a frame or two, not one per resident warp; kernels of different
 * row counts launched in turn stay right; and nothing changes where
 * somebody could tell: a module with a register read before it is written
 * (the slot's previous warp's value stays what the kernel reads), a
 * machine not marked unobserved (a debugger's), one with a hook.
 */
#include "machine.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "unit_compile.h"

/* add and wide have different row counts; 65536 threads, 2048 warps,
 * fewer than the H100's 8448 resident ones: without the stash every
 * warp makes its own frame. nothing has no register at all (its module
 * shares frames all the same) */
static const char prog[] =
	"#include <cstdio>\n"
	"__global__ void add(const int *a, int *c, int n)\n"
	"{\n"
	"\tint i = blockIdx.x * blockDim.x + threadIdx.x;\n"
	"\tif (i < n)\n"
	"\t\tc[i] = a[i] + 1;\n"
	"}\n"
	"__global__ void wide(int *c, int n, int k)\n"
	"{\n"
	"\tint i = blockIdx.x * blockDim.x + threadIdx.x;\n"
	"\tint x0 = i * k, x1 = x0 + 3, x2 = x1 * 5, x3 = x2 - i, x4 = x3 ^ x0;\n"
	"\tint x5 = x4 + x1, x6 = x5 * x2, x7 = x6 - x3, x8 = x7 + x0 * x1;\n"
	"\tif (i < n)\n"
	"\t\tc[i] = x0 + x1 + x2 + x3 + x4 + x5 + x6 + x7 + x8;\n"
	"}\n"
	"__global__ void nothing()\n"
	"{\n"
	"}\n"
	"static int h[65536], g[65536];\n"
	"static int want(int i, int k)\n"
	"{\n"
	"\tint x0 = i * k, x1 = x0 + 3, x2 = x1 * 5, x3 = x2 - i, x4 = x3 ^ x0;\n"
	"\tint x5 = x4 + x1, x6 = x5 * x2, x7 = x6 - x3, x8 = x7 + x0 * x1;\n"
	"\treturn x0 + x1 + x2 + x3 + x4 + x5 + x6 + x7 + x8;\n"
	"}\n"
	"int main()\n"
	"{\n"
	"\tconst int n = 65536;\n"
	"\tint *a, *c;\n"
	"\tcudaMalloc(&a, n * sizeof(int));\n"
	"\tcudaMalloc(&c, n * sizeof(int));\n"
	"\tfor (int i = 0; i < n; i++)\n"
	"\t\tg[i] = i * 7;\n"
	"\tcudaMemcpy(a, g, sizeof g, cudaMemcpyHostToDevice);\n"
	"\tint bad[4] = { 0, 0, 0, 0 };\n"
	"\tnothing<<<n / 256, 256>>>();\n"
	"\tfor (int r = 0; r < 4; r++) {\n"
	"\t\tif (r & 1)\n"
	"\t\t\twide<<<n / 256, 256>>>(c, n, r);\n"
	"\t\telse\n"
	"\t\t\tadd<<<n / 256, 256>>>(a, c, n);\n"
	"\t\tcudaMemcpy(h, c, sizeof h, cudaMemcpyDeviceToHost);\n"
	"\t\tfor (int i = 0; i < n; i++)\n"
	"\t\t\tbad[r] += h[i] != ((r & 1) ? want(i, r) : i * 7 + 1);\n"
	"\t}\n"
	"\tprintf(\"bad %d %d %d %d\\n\", bad[0], bad[1], bad[2], bad[3]);\n"
	"\treturn 0;\n"
	"}\n";

/* x is read before it is written (live on entry): each warp's first
 * store shows what its frame held; on a one-slot device that is the
 * slot's previous warp's x (its i + 1), as a GPU's register file would
 * leave it; the module's add launches may not share frames either */
static const char uninit[] =
	"#include <cstdio>\n"
	"__global__ void add(const int *a, int *c, int n)\n"
	"{\n"
	"\tint i = blockIdx.x * blockDim.x + threadIdx.x;\n"
	"\tif (i < n)\n"
	"\t\tc[i] = a[i] + 1;\n"
	"}\n"
	"__global__ void first(int *out)\n"
	"{\n"
	"\tint i = blockIdx.x * blockDim.x + threadIdx.x;\n"
	"\tint x;\n"
	"\tfor (int j = 0; j < 2; j++) {\n"
	"\t\tout[2 * i + j] = x;\n"
	"\t\tx = i + 1;\n"
	"\t}\n"
	"}\n"
	"static int h[2 * 256];\n"
	"int main()\n"
	"{\n"
	"\tint *o, *a;\n"
	"\tcudaMalloc(&o, sizeof h);\n"
	"\tcudaMalloc(&a, sizeof h);\n"
	"\tcudaMemset(a, 0, sizeof h);\n"
	"\tadd<<<4, 64>>>(a, o, 256);\n"
	"\tfirst<<<4, 64>>>(o);\n"
	"\tcudaMemcpy(h, o, sizeof h, cudaMemcpyDeviceToHost);\n"
	"\tint bad = 0;\n"
	"\tfor (int i = 64; i < 256; i++)\n"
	"\t\tbad += h[2 * i] != i - 64 + 1 || h[2 * i + 1] != i + 1;\n"
	"\tprintf(\"bad %d\\n\", bad);\n"
	"\treturn 0;\n"
	"}\n";

struct res {
	char *out;
	uint64_t steps, own, stashed;
};

/* src run to its end: --fast or checked, unobserved or not, observed by
 * a no-op hook of every instruction or not, on a one-slot device or the
 * default H100 */
static void frames_made(struct machine *m, void *ctx)
{
	struct res *r = ctx;
	machine_frames_made(m, &r->own, &r->stashed);
}

static struct res run(const char *src, int fast, int unobserved, int hook, int one_slot)
{
	struct res r = { 0 };
	struct machine_opts mo;
	machine_opts_init(&mo);
	mo.fast = fast;
	mo.unobserved = unobserved;
	if (one_slot) {
		mo.num_sms = 1;
		mo.max_blocks_per_sm = 1;
	}
	r.out = unit_run_to_end(src, &mo, hook ? 1u << EV_INSN : 0, frames_made, &r, &r.steps);
	return r;
}

int main(void)
{
	tap_start();
	for (int fast = 1; fast >= 0; fast--) {
		const char *mode = fast ? "--fast" : "checked";
		struct res base = run(prog, fast, 0, 0, 0);
		struct res st = run(prog, fast, 1, 0, 0);
		ok(base.out && !strcmp(base.out, "bad 0 0 0 0"), "%s: add and wide right on their own frames (%s)",
		   mode, base.out ? base.out : "(none)");
		ok(base.own >= 2048 && base.stashed == 0, "%s: not unobserved, every warp makes its frame (%llu, %llu)",
		   mode, (unsigned long long)base.own, (unsigned long long)base.stashed);
		ok(st.out && base.out && !strcmp(st.out, base.out) && st.steps == base.steps,
		   "%s: unobserved, the same output and steps (%s)", mode, st.out ? st.out : "(none)");
		ok(st.own == 0 && st.stashed >= 1 && st.stashed <= 4,
		   "%s: unobserved, 5 launches of 2048 warps make %llu frames (%llu own)", mode,
		   (unsigned long long)st.stashed, (unsigned long long)st.own);
		struct res hk = run(prog, fast, 1, 1, 0);
		ok(hk.out && base.out && !strcmp(hk.out, base.out) && hk.stashed == 0 && hk.own >= 2048,
		   "%s: unobserved but hooked, no frame shared (%llu)", mode, (unsigned long long)hk.stashed);
		struct res u0 = run(uninit, fast, 0, 0, 1);
		struct res u1 = run(uninit, fast, 1, 0, 1);
		ok(u0.out && !strcmp(u0.out, "bad 0"), "%s: a register read first holds the slot's previous warp's (%s)",
		   mode, u0.out ? u0.out : "(none)");
		ok(u1.out && u0.out && !strcmp(u1.out, u0.out) && u1.steps == u0.steps && u1.stashed == 0,
		   "%s: ... also unobserved, where no frame is shared (%s, %llu)", mode, u1.out ? u1.out : "(none)",
		   (unsigned long long)u1.stashed);
		free(base.out);
		free(st.out);
		free(hk.out);
		free(u0.out);
		free(u1.out);
	}
	return tap_end();
}
