/*
 * unit_run4.c - TAP tests of a diverged group's loads and 32-bit integer
 * atomicAdd in the device fast path (interp.c ld_part, run4_at, run4_avx2,
 * atom32_run; decode.c atomdead) against the general loop, lane by lane.
 * A kernel compiled as `warpstep run` compiles it runs 96 rounds; each
 * round draws a mask (whole warp, halves, gapped, 8 lanes, fewer, random),
 * a shape (consecutive words from a random base, consecutive but for one
 * lane, broadcast, strided, scattered) and random values, then every lane
 * of the mask loads a byte, a short and a word of each signedness and adds
 * to global and shared words (old value kept and dropped, signed). Every
 * lane's every value is printed, and main() repeats the round on the host
 * in ascending lane order. The run with the fast path and the run in the
 * general loop (an EV_INSN observer) must print the same, the host's
 * values, with the same steps; --fast and checked, both --simt policies.
 * (tests/ir/hist_warp.t compares the whole runs with WS_NO_RUN4=1.)
 */
#include "front.h"
#include "machine.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "unit_compile.h"

/* in parts: a string of over 4095 bytes is not portable C */
static const char prog_kernel[] =
	"#include <cstdio>\n"
	"#define R 96\n"
	"#define W 512\n"
	"__host__ __device__ unsigned mix(unsigned x) { x ^= x >> 15; x *= 2654435761u; x ^= x >> 13; return x; }\n"
	"__host__ __device__ unsigned rmask(int r)\n"
	"{\n"
	"	const unsigned m[8] = { 0xffffffffu, 0x0000ffffu, 0xaaaaaaaau, 0x0ff00000u, 0x00000013u, 0u, 0xfffffffeu, 0u };\n"
	"	unsigned k = mix(r * 7 + 1) & 7;\n"
	"	return k == 5 || k == 7 ? mix(r + 99) : m[k];\n"
	"}\n"
	"/* the element lane l of round r reads (words: W of them, the byte and short arrays as long) */\n"
	"__host__ __device__ int roff(int r, int l)\n"
	"{\n"
	"	unsigned h = mix(r * 31 + 5);\n"
	"	int base = (int)(h % (W - 40));\n"
	"	switch ((h >> 12) % 5) {\n"
	"	case 0: return base + l;\n"
	"	case 1: return l == (int)(h >> 20) % 32 ? (int)(mix(r) % W) : base + l;\n"
	"	case 2: return base;\n"
	"	case 3: return base + (l & 7) * ((h >> 8 & 3) + 1);\n"
	"	default: return (int)(mix(r * 32 + l) % W);\n"
	"	}\n"
	"}\n"
	"__global__ void k(const unsigned char *b, const short *h, const int *wi, unsigned *g, int *gs, long long *out)\n"
	"{\n"
	"	__shared__ unsigned s[W];\n"
	"	int l = threadIdx.x;\n"
	"	for (int i = l; i < W; i += 32)\n"
	"		s[i] = (unsigned)i * 3u;\n"
	"	__syncwarp();\n"
	"	for (int r = 0; r < R; r++) {\n"
	"		long long *o = out + (r * 32 + l) * 10;\n"
	"		if (rmask(r) >> l & 1) {\n"
	"			int e = roff(r, l);\n"
	"			unsigned v = mix(r * 64 + l);\n"
	"			o[0] = b[e];\n"
	"			o[1] = (signed char)b[e + 1];\n"
	"			o[2] = (unsigned short)h[e];\n"
	"			o[3] = h[e + 1];\n"
	"			o[4] = (unsigned)wi[e];\n"
	"			o[5] = wi[e];\n"
	"			o[6] = atomicAdd(&g[e], v);\n"
	"			o[7] = atomicAdd(&gs[e], (int)v >> 3);\n"
	"			atomicAdd(&g[W + e], v >> 4);\n"
	"			o[8] = atomicAdd(&s[e], v);\n"
	"			atomicAdd(&s[(e * 5) % W], 1u);\n"
	"		}\n"
	"		__syncwarp();\n"
	"	}\n"
	"	__syncwarp();\n"
	"	for (int i = l; i < W; i += 32)\n"
	"		out[R * 320 + i] = s[i];\n"
	"}\n";
static const char prog_main[] =
	"int main()\n"
	"{\n"
	"	static unsigned char hb[W + 2];\n"
	"	static short hh[W + 2];\n"
	"	static int hw[W], hgs[W];\n"
	"	static unsigned hg[2 * W], hs[W];\n"
	"	static long long got[R * 320 + W];\n"
	"	for (int i = 0; i < W + 2; i++) {\n"
	"		hb[i] = (unsigned char)mix(i + 1000);\n"
	"		hh[i] = (short)mix(i + 2000);\n"
	"	}\n"
	"	for (int i = 0; i < W; i++) {\n"
	"		hw[i] = (int)mix(i + 3000);\n"
	"		hgs[i] = (int)mix(i + 4000) >> 2;\n"
	"		hs[i] = (unsigned)i * 3u;\n"
	"	}\n"
	"	for (int i = 0; i < 2 * W; i++)\n"
	"		hg[i] = mix(i + 5000);\n"
	"	unsigned char *b; short *h; int *wi, *gs; unsigned *g; long long *out;\n"
	"	cudaMalloc(&b, sizeof hb); cudaMalloc(&h, sizeof hh); cudaMalloc(&wi, sizeof hw);\n"
	"	cudaMalloc(&gs, sizeof hgs); cudaMalloc(&g, sizeof hg); cudaMalloc(&out, sizeof got);\n"
	"	cudaMemcpy(b, hb, sizeof hb, cudaMemcpyHostToDevice);\n"
	"	cudaMemcpy(h, hh, sizeof hh, cudaMemcpyHostToDevice);\n"
	"	cudaMemcpy(wi, hw, sizeof hw, cudaMemcpyHostToDevice);\n"
	"	cudaMemcpy(gs, hgs, sizeof hgs, cudaMemcpyHostToDevice);\n"
	"	cudaMemcpy(g, hg, sizeof hg, cudaMemcpyHostToDevice);\n"
	"	cudaMemset(out, 0, sizeof got);\n"
	"	k<<<1, 32>>>(b, h, wi, g, gs, out);\n"
	"	cudaMemcpy(got, out, sizeof got, cudaMemcpyDeviceToHost);\n"
	"	static unsigned rg[2 * W]; static int rgs[W];\n"
	"	cudaMemcpy(rg, g, sizeof rg, cudaMemcpyDeviceToHost);\n"
	"	cudaMemcpy(rgs, gs, sizeof rgs, cudaMemcpyDeviceToHost);\n"
	"	int bad = 0;\n"
	"	for (int r = 0; r < R; r++) {\n"
	"		long long e6[32], e7[32], e8[32];\n"
	"		/* each atomic of the round over the lanes in ascending order, one after the other */\n"
	"		for (int op = 0; op < 5; op++)\n"
	"			for (int l = 0; l < 32; l++) {\n"
	"				if (!(rmask(r) >> l & 1))\n"
	"					continue;\n"
	"				int e = roff(r, l);\n"
	"				unsigned v = mix(r * 64 + l);\n"
	"				switch (op) {\n"
	"				case 0: e6[l] = hg[e]; hg[e] += v; break;\n"
	"				case 1: e7[l] = hgs[e]; hgs[e] += (int)v >> 3; break;\n"
	"				case 2: hg[W + e] += v >> 4; break;\n"
	"				case 3: e8[l] = hs[e]; hs[e] += v; break;\n"
	"				default: hs[(e * 5) % W] += 1u; break;\n"
	"				}\n"
	"			}\n"
	"		printf(\"r%d %08x:\", r, rmask(r));\n"
	"		for (int l = 0; l < 32; l++) {\n"
	"			long long *o = got + (r * 32 + l) * 10;\n"
	"			if (!(rmask(r) >> l & 1)) {\n"
	"				for (int q = 0; q < 10; q++)\n"
	"					bad += o[q] != 0;\n"
	"				continue;\n"
	"			}\n"
	"			int e = roff(r, l);\n"
	"			bad += o[0] != hb[e] || o[1] != (signed char)hb[e + 1] || o[2] != (unsigned short)hh[e] ||\n"
	"			       o[3] != hh[e + 1] || o[4] != (unsigned)hw[e] || o[5] != hw[e] || o[6] != e6[l] || o[7] != e7[l] ||\n"
	"			       o[8] != e8[l];\n"
	"			printf(\" %d:%lld,%lld,%lld,%lld,%lld,%lld,%lld,%lld,%lld\", l, o[0], o[1], o[2], o[3], o[4], o[5], o[6],\n"
	"			       o[7], o[8]);\n"
	"		}\n"
	"		printf(\"\\n\");\n"
	"	}\n"
	"	for (int i = 0; i < W; i++)\n"
	"		bad += got[R * 320 + i] != hs[i] || rg[i] != hg[i] || rg[W + i] != hg[W + i] || rgs[i] != hgs[i];\n"
	"	printf(\"run4 %s (%d differ)\\n\", bad ? \"FAIL\" : \"ok\", bad);\n"
	"	return bad != 0;\n"
	"}\n";

static char prog[sizeof prog_kernel + sizeof prog_main];

static void test_runs(enum simt_policy simt, int fast)
{
	const char *name = simt == SIMT_ITS ? "its" : "stack";
	char *out[2];
	uint64_t steps[2];
	for (int k = 0; k < 2; k++) {
		struct machine_opts mo;
		const struct unit_cfg c = { NULL, simt, SCHED_RR, 0 };
		unit_opts(&mo, &c, fast, NULL);
		out[k] = unit_run_ir_to_end(prog, 1, &mo, k ? 1u << EV_INSN : 0, NULL, NULL, &steps[k]);
	}
	if (!out[0] || !out[1]) {
		ok(0, "%s%s: the program ran", name, fast ? " --fast" : "");
		free(out[0]);
		free(out[1]);
		return;
	}
	ok(strstr(out[0], "run4 ok (0 differ)") != NULL, "%s%s: every lane's loads and old values are the host's",
	   name, fast ? " --fast" : "");
	ok(strcmp(out[0], out[1]) == 0 && steps[0] == steps[1],
	   "%s%s: lane by lane as the general loop, the same steps (%llu, %llu)", name, fast ? " --fast" : "",
	   (unsigned long long)steps[0], (unsigned long long)steps[1]);
	if (strcmp(out[0], out[1]) != 0 || !strstr(out[0], "run4 ok")) {
		const char *a = out[0], *b = out[1];
		while (*a && *a == *b)
			a++, b++;
		printf("# first difference:\n# fast: %.200s\n# general: %.200s\n", a, b);
		const char *t = strstr(out[0], "run4 ");
		printf("# %.60s\n", t ? t : "(no result line)");
	}
	free(out[0]);
	free(out[1]);
}

int main(void)
{
	tap_start();
	snprintf(prog, sizeof prog, "%s%s", prog_kernel, prog_main);
	test_runs(SIMT_STACK, 1);
	test_runs(SIMT_STACK, 0);
	test_runs(SIMT_ITS, 1);
	test_runs(SIMT_ITS, 0);
	return tap_end();
}
