/*
 * unit_lanex.c - TAP tests of the indices on lanes (docs/PERFORMANCE.md,
 * s19-vec): uniform.c's UNI_BX (a register whose lane l holds ext(T(c +
 * threadIdx.x)) in a full warp) and fast_run's indexing pairs that, on it,
 * test the index's last lane against its first and copy 32 consecutive
 * words (pair_load_rows, pair_store_rows):
 * - the analysis' answer for the indexing of small kernels, as `run`
 *   compiles them: blockIdx.x * blockDim.x + threadIdx.x through int,
 *   unsigned and long long, added in either order, is on lanes;
 *   threadIdx.x * 2, threadIdx.y, a 64-bit add, an index assigned under a
 *   divergent branch are not;
 * - runs on random block shapes (blockDim.x a multiple of 32 or not, 2-D
 *   and 3-D blocks where a warp's threadIdx.x wraps, partial warps): the
 *   host's values, and the same output and steps as without the analysis
 *   (WS_NO_LANEX=1), --fast and checked;
 * - rows that look consecutive but are not: an int index past 2^31 and an
 *   unsigned one past 2^32 inside a warp (the first lanes in bounds), a
 *   base one byte on (misaligned), the last lane out of bounds: the same
 *   output (the error) and steps as without the analysis;
 * - uniform.c's UNI_AX (an address register u + 4 ext(T(c + x_l)), u
 *   uniform: an indexing of such an index from a uniform base, 4-byte
 *   steps) and F_LD4's and F_ST4's one test of it (pair_load_rows,
 *   pair_store_rows, lane_run's run by its last lane): the analysis'
 *   answer (reduce_smem's s[t] and s[t + k] are; an address assigned under
 *   a divergent branch, 2 t, 8-byte steps are not), and shared memory
 *   read and written through one address row on random block shapes
 *   whose warps' threadIdx.x wraps (whole warps, and runs of lanes across
 *   the wrap), and atomicAdd on and loads through one such row by groups
 *   with holes (run4_at's test of the first and last lanes alone, ld_part
 *   and atom32_run): the host's values, the same output and steps as
 *   without it (WS_NO_ADDRX=1), --fast and checked;
 * - the parameters' rows a stash frame keeps for the next warp of its grid
 *   (machine.c params_kept): launches of kernels with other values, a
 *   kernel that assigns its parameter in some lanes, one with a struct
 *   parameter, one with no parameter left alive: the host's values and the
 *   same output and steps as with every warp writing them (WS_NO_PKEEP=1).
 */
#include "front.h"
#include "machine.h"
#include "simt.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "unit_compile.h"

static const char ana_prog[] =
	"__global__ void k(const int *a, int *c, int n)\n"
	"{\n"
	"\tint i = blockIdx.x * blockDim.x + threadIdx.x;\n"
	"\tunsigned u = threadIdx.x + blockIdx.x * blockDim.x;\n"
	"\tlong long li = i;\n"
	"\tc[i] = a[u] + a[li];\n"
	"}\n"
	"__global__ void no(const int *a, int *c, int n)\n"
	"{\n"
	"\tint i = threadIdx.x * 2;\n"
	"\tint y = blockIdx.x * blockDim.x + threadIdx.y;\n"
	"\tlong long w = (long long)threadIdx.x + (long long)n;\n"
	"\tint j = threadIdx.x;\n"
	"\tif (threadIdx.x & 1)\n"
	"\t\tj = n;\n"
	"\tc[i] = a[y] + a[w] + a[j];\n"
	"}\n"
	"int main() { return 0; }\n";

/* the kernel named name of mod */
static const struct ir_func *kernel(const struct ir_module *mod, const char *name)
{
	for (uint32_t i = 0; i < mod->nfuncs; i++)
		if ((mod->funcs[i].kind & FN_KERNEL) && mod->funcs[i].name && !strcmp(mod->funcs[i].name, name))
			return &mod->funcs[i];
	return NULL;
}

/* kernel name's indexing instructions (XOP_IDX) as decode runs them: how
 * many, and how many index on lanes (UNI_BX) */
static void count_idx(const struct ir_module *mod, const char *name, int *nidx, int *nx)
{
	*nidx = *nx = 0;
	const struct ir_func *fn = kernel(mod, name);
	if (!fn)
		return;
	struct dfunc *df = decode_func(fn, mod);
	for (uint32_t i = 0; i < df->ncode; i++)
		if (df->code[i].op == XOP_IDX) {
			(*nidx)++;
			*nx += df->uni && (df->uni[i] & UNI_BX);
		}
	decode_free(df);
}

/* kernel name's loads and stores: how many, and how many through an
 * address on lanes (UNI_AX) */
static void count_ax(const struct ir_module *mod, const char *name, int *nmem, int *nx)
{
	*nmem = *nx = 0;
	const struct ir_func *fn = kernel(mod, name);
	if (!fn)
		return;
	struct dfunc *df = decode_func(fn, mod);
	for (uint32_t i = 0; i < df->ncode; i++)
		if (df->code[i].op == IR_LD || df->code[i].op == IR_ST) {
			(*nmem)++;
			*nx += df->uni && (df->uni[i] & UNI_AX);
		}
	decode_free(df);
}

static const char ax_ana_prog[] =
	"__global__ void r(int *out)\n"
	"{\n"
	"\t__shared__ int s[256];\n"
	"\tunsigned t = threadIdx.x;\n"
	"\ts[t] = t;\n"
	"\t__syncthreads();\n"
	"\tif (t < 64)\n"
	"\t\ts[t] += s[t + 64];\n"
	"\t__syncthreads();\n"
	"\tout[t] = s[t];\n"
	"}\n"
	"__global__ void q(int *out, int n)\n"
	"{\n"
	"\t__shared__ int s[512];\n"
	"\t__shared__ long long l[256];\n"
	"\tunsigned t = threadIdx.x;\n"
	"\tint *p = &s[t * 2];\n"
	"\tif (t & 1)\n"
	"\t\tp = &s[t];\n"
	"\t*p = n;\n"
	"\tl[t] = n;\n"
	"\t__syncthreads();\n"
	"\t*p += (int)l[t];\n"
	"}\n"
	"int main() { return 0; }\n";

static void test_addrx(void)
{
	struct compilation comp;
	if (unit_compile(&comp, ax_ana_prog)) {
		compilation_release(&comp);
		return;
	}
	ir_optimize_run(comp.mod, &comp.arena);
	int n, x;
	count_ax(comp.mod, "r", &n, &x);
	ok(n >= 4 && x >= 3, "reduce_smem's s[t], s[t + 64]: addresses on lanes (%d of %d)", x, n);
	count_ax(comp.mod, "q", &n, &x);
	ok(n >= 3 && x == 0, "an address assigned under a divergent branch, 2 t, 8-byte steps: none on lanes (%d of %d)", x, n);
	setenv("WS_NO_ADDRX", "1", 1);
	count_ax(comp.mod, "r", &n, &x);
	unsetenv("WS_NO_ADDRX");
	ok(n >= 4 && x == 0, "WS_NO_ADDRX=1: none (%d of %d)", x, n);
	compilation_release(&comp);
}

static void test_analysis(void)
{
	struct compilation comp;
	if (unit_compile(&comp, ana_prog)) {
		compilation_release(&comp);
		return;
	}
	ir_optimize_run(comp.mod, &comp.arena);
	int n, x;
	count_idx(comp.mod, "k", &n, &x);
	ok(n >= 2 && x == n, "int, unsigned and long long indices of blockIdx.x * blockDim.x + threadIdx.x: on lanes (%d of %d)", x, n);
	count_idx(comp.mod, "no", &n, &x);
	ok(n >= 3 && x == 0, "threadIdx.x * 2, threadIdx.y, a 64-bit add, a divergent assignment: none on lanes (%d of %d)", x, n);
	setenv("WS_NO_LANEX", "1", 1);
	count_idx(comp.mod, "k", &n, &x);
	unsetenv("WS_NO_LANEX");
	ok(n >= 2 && x == 0, "WS_NO_LANEX=1: none (%d of %d)", x, n);
	compilation_release(&comp);
}

/* the shapes' program: %s is the table's rows { bx, by, bz, grid } */
static const char shape_prog[] =
	"#include <cstdio>\n"
	"__global__ void k(const int *a, const int *a1, int *c, int *d, float *e, const float *f, unsigned big)\n"
	"{\n"
	"\tunsigned t = threadIdx.x;\n"
	"\tint i = blockIdx.x * blockDim.x + t;\n"
	"\tint g = ((blockIdx.x * blockDim.z + threadIdx.z) * blockDim.y + threadIdx.y) * blockDim.x + t;\n"
	"\tunsigned u = t + big;\n"
	"\tint w = a[(int)(u + (0u - big)) + blockIdx.x * blockDim.x];\n"
	"\tint s = (int)t + (int)(big >> 1);\n"
	"\tint x = a1[s + -(int)(big >> 1) + (int)(blockIdx.x * blockDim.x)];\n"
	"\tlong long li = i;\n"
	"\tc[g] = a[i] * 3 + w + x * 7 + (int)a[li];\n"
	"\tif (threadIdx.y == 0 && threadIdx.z == 0)\n"
	"\t\td[i] = a[i] + 1;\n"
	"\te[g] = f[i] * 0.5f;\n"
	"}\n"
	"int main()\n"
	"{\n"
	"\tstatic const unsigned shapes[][4] = { %s };\n"
	"\tconst int N = 3 * 1024 + 64;\n"
	"\tstatic int a[N], c[N * 4], d[N];\n"
	"\tstatic float e[N * 4], f[N];\n"
	"\tint *da, *dc, *dd;\n"
	"\tfloat *de, *df;\n"
	"\tfor (int j = 0; j < N; j++) {\n"
	"\t\ta[j] = j * 7 + (j >> 3);\n"
	"\t\tf[j] = (float)(j %% 1000) - 3.25f;\n"
	"\t}\n"
	"\tcudaMalloc(&da, sizeof a);\n"
	"\tcudaMalloc(&dc, sizeof c);\n"
	"\tcudaMalloc(&dd, sizeof d);\n"
	"\tcudaMalloc(&de, sizeof e);\n"
	"\tcudaMalloc(&df, sizeof f);\n"
	"\tcudaMemcpy(da, a, sizeof a, cudaMemcpyHostToDevice);\n"
	"\tcudaMemcpy(df, f, sizeof f, cudaMemcpyHostToDevice);\n"
	"\tint bad = 0;\n"
	"\tlong long sum = 0;\n"
	"\tfor (unsigned sh = 0; sh < sizeof shapes / sizeof shapes[0]; sh++) {\n"
	"\t\tunsigned bx = shapes[sh][0], by = shapes[sh][1], bz = shapes[sh][2], gx = shapes[sh][3];\n"
	"\t\tunsigned big = sh %% 2 ? 0xfffffff0u - sh : 5u + sh;\n"
	"\t\tcudaMemset(dc, 0, sizeof c);\n"
	"\t\tcudaMemset(dd, 0, sizeof d);\n"
	"\t\tcudaMemset(de, 0, sizeof e);\n"
	"\t\tk<<<gx, dim3(bx, by, bz)>>>(da, da + 1, dc, dd, de, df, big);\n"
	"\t\tcudaMemcpy(c, dc, sizeof c, cudaMemcpyDeviceToHost);\n"
	"\t\tcudaMemcpy(d, dd, sizeof d, cudaMemcpyDeviceToHost);\n"
	"\t\tcudaMemcpy(e, de, sizeof e, cudaMemcpyDeviceToHost);\n"
	"\t\tfor (unsigned bi = 0; bi < gx; bi++)\n"
	"\t\t\tfor (unsigned tz = 0; tz < bz; tz++)\n"
	"\t\t\t\tfor (unsigned ty = 0; ty < by; ty++)\n"
	"\t\t\t\t\tfor (unsigned tx = 0; tx < bx; tx++) {\n"
	"\t\t\t\t\t\tint i = (int)(bi * bx + tx);\n"
	"\t\t\t\t\t\tint g = (int)(((bi * bz + tz) * by + ty) * bx + tx);\n"
	"\t\t\t\t\t\tint want = a[i] * 3 + a[i] + a[i + 1] * 7 + a[i];\n"
	"\t\t\t\t\t\tbad += c[g] != want || (!ty && !tz && d[i] != a[i] + 1) || e[g] != f[i] * 0.5f;\n"
	"\t\t\t\t\t\tsum = sum * 31 + c[g] + d[i] + (long long)e[g];\n"
	"\t\t\t\t\t}\n"
	"\t}\n"
	"\tprintf(\"lanex %%s %%d sum %%lld\\n\", bad ? \"FAIL\" : \"ok\", bad, sum);\n"
	"\treturn bad != 0;\n"
	"}\n";

/* shared memory through one address row p = &s[threadIdx.x] (UNI_AX) on
 * the table's block shapes { bx, by, bz, grid }: written by the first row
 * of threads, read by every warp (whole warps, threadIdx.x wrapping in
 * them where bx is not a multiple of 32), written again by a run of
 * lanes across the wrap (row 0's last 8 threads, row 1's first 8: no two
 * on one word), read back; s2 through p2 = &s2[threadIdx.x], written by
 * the block's second warp alone (whole, wrapping) and read back by it */
static const char ax_prog[] =
	"#include <cstdio>\n"
	"__global__ void k(const int *in, int *out)\n"
	"{\n"
	"\t__shared__ int s[1024], s2[1024], s3[1024];\n"
	"\tunsigned t = threadIdx.x, y = threadIdx.z * blockDim.y + threadIdx.y;\n"
	"\tunsigned lin = y * blockDim.x + t;\n"
	"\tint *p = &s[t], *p3 = &s3[t];\n"
	"\tif (y == 0) {\n"
	"\t\t*p = in[blockIdx.x * 1024 + t];\n"
	"\t\t*p3 = 0;\n"
	"\t}\n"
	"\t__syncthreads();\n"
	"\tint v = *p;\n"
	"\t__syncthreads();\n"
	"\tif ((y == 0 && t + 8 >= blockDim.x) || (y == 1 && t < 8))\n"
	"\t\t*p = v * 3 + (int)lin;\n"
	"\tint *p2 = &s2[t], w1 = blockDim.x >= 32 && lin >> 5 == 1;\n"
	"\tif (w1)\n"
	"\t\t*p2 = v + 7;\n"
	"\tif (lin %% 5 != 3)\n"
	"\t\tatomicAdd(p3, (int)lin + 1);\n"
	"\t__syncthreads();\n"
	"\tint z = 0;\n"
	"\tif (lin %% 3 != 1)\n"
	"\t\tz = *p3;\n"
	"\tout[blockIdx.x * 1024 + lin] = *p + v + (w1 ? *p2 : 0) + 7 * z;\n"
	"}\n"
	"int main()\n"
	"{\n"
	"\tstatic const unsigned shapes[][4] = { %s };\n"
	"\tconst int N = 3 * 1024;\n"
	"\tstatic int a[N], o[N];\n"
	"\tint *da, *dout;\n"
	"\tfor (int j = 0; j < N; j++)\n"
	"\t\ta[j] = j * 5 - (j >> 2);\n"
	"\tcudaMalloc(&da, sizeof a);\n"
	"\tcudaMalloc(&dout, sizeof o);\n"
	"\tcudaMemcpy(da, a, sizeof a, cudaMemcpyHostToDevice);\n"
	"\tint bad = 0;\n"
	"\tlong long sum = 0;\n"
	"\tfor (unsigned sh = 0; sh < sizeof shapes / sizeof shapes[0]; sh++) {\n"
	"\t\tunsigned bx = shapes[sh][0], by = shapes[sh][1], bz = shapes[sh][2], gx = shapes[sh][3];\n"
	"\t\tcudaMemset(dout, 0, sizeof o);\n"
	"\t\tk<<<gx, dim3(bx, by, bz)>>>(da, dout);\n"
	"\t\tcudaMemcpy(o, dout, sizeof o, cudaMemcpyDeviceToHost);\n"
	"\t\tfor (unsigned bi = 0; bi < gx; bi++)\n"
	"\t\t\tfor (unsigned y = 0; y < by * bz; y++)\n"
	"\t\t\t\tfor (unsigned t = 0; t < bx; t++) {\n"
	"\t\t\t\t\tint v = a[bi * 1024 + t], s = v;\n"
	"\t\t\t\t\tif (t + 8 >= bx)\n"
	"\t\t\t\t\t\ts = v * 3 + (int)t;\n"
	"\t\t\t\t\telse if (by * bz > 1 && t < 8)\n"
	"\t\t\t\t\t\ts = v * 3 + (int)(bx + t);\n"
	"\t\t\t\t\tint got = o[bi * 1024 + y * bx + t], w1 = bx >= 32 && (y * bx + t) >> 5 == 1, z = 0;\n"
	"\t\t\t\t\tfor (unsigned yy = 0; yy < by * bz && (y * bx + t) %% 3 != 1; yy++)\n"
	"\t\t\t\t\t\tz += (yy * bx + t) %% 5 != 3 ? (int)(yy * bx + t) + 1 : 0;\n"
	"\t\t\t\t\tbad += got != s + v + (w1 ? v + 7 : 0) + 7 * z;\n"
	"\t\t\t\t\tsum = sum * 31 + got;\n"
	"\t\t\t\t}\n"
	"\t}\n"
	"\tprintf(\"addrx %%s %%d sum %%lld\\n\", bad ? \"FAIL\" : \"ok\", bad, sum);\n"
	"\treturn bad != 0;\n"
	"}\n";

/* rows that look consecutive but are not (argument 0-3, the case) */
static const char edge_prog[] =
	"#include <cstdio>\n"
	"__global__ void k(const int *a, int *c, unsigned big, int which)\n"
	"{\n"
	"\tint i = blockIdx.x * blockDim.x + threadIdx.x;\n"
	"\tint v;\n"
	"\tif (which == 0) {\n"
	"\t\t/* past 2^31 from lane 16: lanes 0-15 read a[0..15] */\n"
	"\t\tint s = i + (int)big;\n"
	"\t\tv = (a - (long long)(int)big)[s];\n"
	"\t} else if (which == 1) {\n"
	"\t\t/* past 2^32 from lane 16 */\n"
	"\t\tunsigned u = (unsigned)i + big;\n"
	"\t\tv = (a - (unsigned long long)big)[u];\n"
	"\t} else if (which == 2) {\n"
	"\t\tv = ((const int *)((const char *)a + 1))[i];\n"
	"\t} else {\n"
	"\t\tv = a[i];\n"
	"\t}\n"
	"\tc[i] = v + 1;\n"
	"}\n"
	"int main(int argc, char **argv)\n"
	"{\n"
	"\tint which = WHICH;\n"
	"\tconst int N = 64;\n"
	"\tint *da, *dc;\n"
	"\tstatic int a[N], c[N];\n"
	"\tfor (int j = 0; j < N; j++)\n"
	"\t\ta[j] = j * 3;\n"
	"\t/* the last case: one word short of the warp */\n"
	"\tcudaMalloc(&da, which == 3 ? (N - 1) * sizeof(int) : sizeof a);\n"
	"\tcudaMalloc(&dc, sizeof c);\n"
	"\tcudaMemcpy(da, a, which == 3 ? (N - 1) * sizeof(int) : sizeof a, cudaMemcpyHostToDevice);\n"
	"\tk<<<2, 32>>>(da, dc, which == 0 ? 0x7ffffff0u : 0xfffffff0u, which);\n"
	"\tcudaError_t err = cudaDeviceSynchronize();\n"
	"\tcudaMemcpy(c, dc, sizeof c, cudaMemcpyDeviceToHost);\n"
	"\tlong long sum = 0;\n"
	"\tfor (int j = 0; j < N; j++)\n"
	"\t\tsum = sum * 31 + c[j];\n"
	"\tprintf(\"edge %d %s sum %lld\\n\", which, cudaGetErrorName(err), sum);\n"
	"\treturn 0;\n"
	"}\n";

/* kernels whose warps reuse each other's frames, launched with other
 * parameters */
static const char param_prog[] =
	"#include <cstdio>\n"
	"struct pr { int a, b; };\n"
	"__global__ void p(int *out, int n, int m)\n"
	"{\n"
	"\tint g = blockIdx.x * blockDim.x + threadIdx.x;\n"
	"\tout[g] = n * 1000 + m + g;\n"
	"}\n"
	"__global__ void q(int *out, int n, int m)\n"
	"{\n"
	"\tint g = blockIdx.x * blockDim.x + threadIdx.x;\n"
	"\tif (threadIdx.x & 1)\n"
	"\t\tn += 7;\n"
	"\tif (threadIdx.x % 3 == 0)\n"
	"\t\tm = g;\n"
	"\tout[g] = n * 1000 + m + g;\n"
	"}\n"
	"__global__ void s(int *out, pr v, int m)\n"
	"{\n"
	"\tint g = blockIdx.x * blockDim.x + threadIdx.x;\n"
	"\tif (g & 2)\n"
	"\t\tv.a += g;\n"
	"\tout[g] = v.a * 1000 + v.b + m + g;\n"
	"}\n"
	"int main()\n"
	"{\n"
	"\tconst int N = 4096;\n"
	"\tstatic int o[N];\n"
	"\tint *d;\n"
	"\tcudaMalloc(&d, sizeof o);\n"
	"\tint bad = 0;\n"
	"\tlong long sum = 0;\n"
	"\tfor (int r = 0; r < 12; r++) {\n"
	"\t\tint n = r * 3 + 1, m = 100 - r, nb = 1 + r % 4 * 5, bs = r % 3 ? 256 : 96, k = r % 3;\n"
	"\t\tpr v = { n + 5, m * 2 };\n"
	"\t\tif (k == 0)\n"
	"\t\t\tp<<<nb, bs>>>(d, n, m);\n"
	"\t\telse if (k == 1)\n"
	"\t\t\tq<<<nb, bs>>>(d, n, m);\n"
	"\t\telse\n"
	"\t\t\ts<<<nb, bs>>>(d, v, m);\n"
	"\t\tcudaMemcpy(o, d, (size_t)nb * bs * sizeof(int), cudaMemcpyDeviceToHost);\n"
	"\t\tfor (int g = 0; g < nb * bs; g++) {\n"
	"\t\t\tint t = g % bs, want;\n"
	"\t\t\tif (k == 0)\n"
	"\t\t\t\twant = n * 1000 + m + g;\n"
	"\t\t\telse if (k == 1)\n"
	"\t\t\t\twant = (t & 1 ? n + 7 : n) * 1000 + (t % 3 == 0 ? g : m) + g;\n"
	"\t\t\telse\n"
	"\t\t\t\twant = (g & 2 ? v.a + g : v.a) * 1000 + v.b + m + g;\n"
	"\t\t\tbad += o[g] != want;\n"
	"\t\t\tsum = sum * 31 + o[g];\n"
	"\t\t}\n"
	"\t}\n"
	"\tprintf(\"params %s %d sum %lld\\n\", bad ? \"FAIL\" : \"ok\", bad, sum);\n"
	"\treturn bad != 0;\n"
	"}\n";

static const struct unit_cfg cfgs[] = {
	{ "stack", SIMT_STACK, SCHED_RR, 0 },
	{ "its random:5", SIMT_ITS, SCHED_RANDOM, 5 },
};

/* src run (as `run` runs it), --fast or checked, with the analysis and
 * without: the output must begin with want (when given), and be the same,
 * with the same steps */
static const char *no_env = "WS_NO_LANEX";

static void test_same(const struct unit_cfg *c, int fast, const char *what, const char *src, const char *want)
{
	char *out[2];
	uint64_t steps[2];
	for (int k = 0; k < 2; k++) {
		if (k)
			setenv(no_env, "1", 1);
		struct machine_opts mo;
		unit_opts(&mo, c, fast, NULL);
		mo.unobserved = 1;
		out[k] = unit_run_ir_to_end(src, 1, &mo, 0, NULL, NULL, &steps[k]);
		unsetenv(no_env);
	}
	if (want)
		ok(out[0] && strncmp(out[0], want, strlen(want)) == 0, "%s, %s, %s: the host's values (%.200s)",
		   c->name, fast ? "--fast" : "checked", what, out[0] ? out[0] : "no output");
	ok(out[0] && out[1] && strcmp(out[0], out[1]) == 0 && steps[0] == steps[1],
	   "%s, %s, %s: the same output and steps (%llu, %llu) with %s=1", c->name,
	   fast ? "--fast" : "checked", what, (unsigned long long)steps[0], (unsigned long long)steps[1], no_env);
	if (out[0] && out[1] && strcmp(out[0], out[1]))
		printf("# with:    %.300s\n# without: %.300s\n", out[0], out[1]);
	free(out[0]);
	free(out[1]);
}

static uint64_t rng = 0x9e3779b97f4a7c15ull;
static unsigned rnd(unsigned n)
{
	rng = rng * 6364136223846793005ull + 1442695040888963407ull;
	return (unsigned)(rng >> 33) % n;
}

/* a table of 10 random block shapes (a third with blockDim.x a multiple
 * of 32) in at most 1024 threads, grids of 1 to 3 blocks */
static void shapes(char *buf, size_t len)
{
	size_t o = 0;
	for (int s = 0; s < 10; s++) {
		unsigned bx, by, bz;
		do {
			bx = rnd(3) == 0 ? 32 * (1 + rnd(8)) : 1 + rnd(200);
			by = 1 + rnd(4);
			bz = rnd(3) == 0 ? 1 + rnd(3) : 1;
		} while (bx * by * bz > 1024);
		o += (size_t)snprintf(buf + o, len - o, "%s{ %u, %u, %u, %u }", s ? ", " : "", bx, by, bz, 1 + rnd(3));
	}
}

/* 10 random block shapes for ax_prog: blockDim.x 16 to 200 (its two
 * writing runs apart), a third of them 2-D or 3-D, at most 1024 threads
 * and 1024 rows of the block */
static void ax_shapes(char *buf, size_t len)
{
	size_t o = 0;
	for (int s = 0; s < 10; s++) {
		unsigned bx, by, bz;
		do {
			bx = rnd(4) == 0 ? 32 * (1 + rnd(6)) : 16 + rnd(185);
			by = rnd(3) ? 1 + rnd(4) : 1;
			bz = rnd(4) == 0 ? 1 + rnd(2) : 1;
		} while (bx * by * bz > 1024);
		o += (size_t)snprintf(buf + o, len - o, "%s{ %u, %u, %u, %u }", s ? ", " : "", bx, by, bz, 1 + rnd(3));
	}
}

int main(void)
{
	tap_start();
	test_analysis();
	test_addrx();
	static char prog[16384], table[1024];
	for (int round = 0; round < 3; round++) {
		shapes(table, sizeof table);
		snprintf(prog, sizeof prog, shape_prog, table);
		char what[1100];
		snprintf(what, sizeof what, "shapes %s", table);
		for (size_t i = 0; i < sizeof(cfgs) / sizeof(cfgs[0]); i++)
			for (int fast = 1; fast >= 0; fast--)
				test_same(&cfgs[i], fast, what, prog, "lanex ok 0 ");
	}
	static const char *const edges[] = { "an int index past 2^31", "an unsigned index past 2^32",
					     "a base one byte on", "the last lane out of bounds" };
	for (int which = 0; which < 4; which++) {
		char *p = malloc(sizeof edge_prog + 16), *at = strstr(edge_prog, "WHICH");
		size_t pre = (size_t)(at - edge_prog);
		memcpy(p, edge_prog, pre);
		snprintf(p + pre, sizeof edge_prog + 16 - pre, "%d%s", which, at + 5);
		for (int fast = 1; fast >= 0; fast--)
			test_same(&cfgs[0], fast, edges[which], p, NULL);
		free(p);
	}
	no_env = "WS_NO_ADDRX";
	for (int round = 0; round < 3; round++) {
		ax_shapes(table, sizeof table);
		snprintf(prog, sizeof prog, ax_prog, table);
		char what[1100];
		snprintf(what, sizeof what, "shared memory through one address row, shapes %s", table);
		for (size_t i = 0; i < sizeof(cfgs) / sizeof(cfgs[0]); i++)
			for (int fast = 1; fast >= 0; fast--)
				test_same(&cfgs[i], fast, what, prog, "addrx ok 0 ");
	}
	no_env = "WS_NO_PKEEP";
	for (size_t i = 0; i < sizeof(cfgs) / sizeof(cfgs[0]); i++)
		for (int fast = 1; fast >= 0; fast--)
			test_same(&cfgs[i], fast, "parameters kept", param_prog, "params ok 0 ");
	return tap_end();
}
