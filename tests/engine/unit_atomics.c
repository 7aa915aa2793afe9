/*
 * unit_atomics.c - TAP tests of the device fast path's atomic adds
 * (fastrun.h F_ATOM, interp.c atom32_run) against the general loop
 * and against the host. One warp adds 32-bit integers and floats, on
 * global and shared memory, whole and diverged (fewer than 8 lanes and
 * more), several lanes on one word, one lane's address in another
 * allocation (the whole add then goes lane by lane), results kept and
 * dropped, and sub, exch, min, max (signed and not), and, or, xor (k2);
 * main() repeats every one on the host in ascending lane order
 * and compares the old values each lane got and the words' final values
 * (float sums of 1 and 3e7 round differently in any other order; an S32
 * old value is tested for its sign, which a value not sign-extended in its
 * register fails). A second kernel races plain stores against the
 * atomics: the checkers must see the atomics the fast path ran. Each run
 * is made twice, once with an EV_INSN observer (the general loop runs
 * every instruction) and once without (fast_run), with the checkers and
 * without, under both --simt policies; and a run observing EV_MEM must
 * see the same accesses, in the same order, as the general loop's.
 */
#include "front.h"
#include "machine.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "unit_compile.h"

/* in parts: a string of over 4095 bytes is not portable C */
static const char prog_kernels[] =
	"#include <cstdio>\n"
	"__global__ void k(unsigned *u, int *s, float *f, unsigned *other, unsigned *ou, int *os, float *of, int *neg,\n"
	"		  unsigned *sout, float *sfout)\n"
	"{\n"
	"	__shared__ unsigned su[4];\n"
	"	__shared__ float sf[2];\n"
	"	int t = threadIdx.x;\n"
	"	if (t < 4)\n"
	"		su[t] = 100u * t;\n"
	"	if (t < 2)\n"
	"		sf[t] = 0.0f;\n"
	"	__syncthreads();\n"
	"	ou[t] = atomicAdd(&u[t % 3], (unsigned)(t * t + 1));\n"
	"	int o = atomicAdd(&s[t & 1], t % 5 == 0 ? -1000000 : t - 7);\n"
	"	os[t] = o;\n"
	"	neg[t] = o < 0;\n"
	"	of[t] = atomicAdd(&f[0], (t & 1) ? 1.0f : (t & 2) ? 3e7f : -2.5e7f);\n"
	"	ou[32 + t] = atomicAdd(t == 5 ? &other[0] : &u[3 + (t & 1)], (unsigned)t + 1);\n"
	"	if (t % 3 != 1)\n"
	"		of[32 + t] = atomicAdd(&sf[t & 1], (t & 4) ? 3e7f : 1.0f);\n"
	"	if (t % 7 == 2)\n"
	"		ou[64 + t] = atomicAdd(&su[t & 3], (unsigned)t);\n"
	"	atomicAdd(&su[(t * 5) & 3], (unsigned)t + 1);\n"
	"	atomicAdd(&s[2], t & 3);\n"
	"	__syncthreads();\n"
	"	if (t < 4)\n"
	"		sout[t] = su[t];\n"
	"	if (t < 2)\n"
	"		sfout[t] = sf[t];\n"
	"}\n"
	"__global__ void k2(unsigned *ru, int *ri, unsigned *rm, int *neg)\n"
	"{\n"
	"	__shared__ int si[2];\n"
	"	int t = threadIdx.x, x = (t * 37) % 29 - 14;\n"
	"	unsigned y = (unsigned)t * 2654435761u;\n"
	"	if (t < 2)\n"
	"		si[t] = t ? -50 : 50;\n"
	"	__syncthreads();\n"
	"	rm[t] = atomicSub(&ru[0], (unsigned)t * 3u);\n"
	"	rm[32 + t] = atomicExch(&ru[1], y);\n"
	"	rm[64 + t] = (unsigned)atomicMin(&ri[0], x);\n"
	"	rm[96 + t] = (unsigned)atomicMax(&ri[1], x);\n"
	"	rm[128 + t] = atomicMin(&ru[2], y);\n"
	"	rm[160 + t] = atomicMax(&ru[3], y);\n"
	"	rm[192 + t] = atomicAnd(&ru[4], ~(1u << t));\n"
	"	rm[224 + t] = atomicOr(&ru[5], y >> 7);\n"
	"	if (t & 2)\n"
	"		rm[256 + t] = atomicXor(&ru[6], y);\n"
	"	neg[t] = atomicExch(&ri[2], x) < 0;\n"
	"	int o = atomicMax(&si[0], x * 3);\n"
	"	neg[32 + t] = o < 0;\n"
	"	if (t % 5 == 1)\n"
	"		neg[64 + t] = atomicMin(&si[1], x - t);\n"
	"	__syncthreads();\n"
	"	if (t < 2)\n"
	"		ri[3 + t] = si[t];\n"
	"}\n"
	"__global__ void r(unsigned *g)\n"
	"{\n"
	"	__shared__ unsigned s[8];\n"
	"	int t = threadIdx.x;\n"
	"	if (t < 8)\n"
	"		s[t] = 0;\n"
	"	__syncthreads();\n"
	"	if (t < 32) {\n"
	"		atomicAdd(&g[t & 7], 1u);\n"
	"		atomicAdd(&s[t & 7], (unsigned)t);\n"
	"	} else if (t == 40) {\n"
	"		g[3] = 5;\n"
	"		s[5] = 7;\n"
	"	}\n"
	"	__syncthreads();\n"
	"	if (t < 8)\n"
	"		g[8 + t] = s[t];\n"
	"}\n"
;
static const char prog_main[] =
	"int main()\n"
	"{\n"
	"	unsigned *u, *other, *ou, *sout;\n"
	"	int *s, *os, *neg;\n"
	"	float *f, *of, *sfout;\n"
	"	cudaMalloc(&u, 5 * sizeof(unsigned));\n"
	"	cudaMalloc(&other, sizeof(unsigned));\n"
	"	cudaMalloc(&ou, 96 * sizeof(unsigned));\n"
	"	cudaMalloc(&sout, 4 * sizeof(unsigned));\n"
	"	cudaMalloc(&s, 3 * sizeof(int));\n"
	"	cudaMalloc(&os, 32 * sizeof(int));\n"
	"	cudaMalloc(&neg, 32 * sizeof(int));\n"
	"	cudaMalloc(&f, sizeof(float));\n"
	"	cudaMalloc(&of, 64 * sizeof(float));\n"
	"	cudaMalloc(&sfout, 2 * sizeof(float));\n"
	"	cudaMemset(u, 0, 5 * sizeof(unsigned));\n"
	"	cudaMemset(other, 0, sizeof(unsigned));\n"
	"	cudaMemset(ou, 0, 96 * sizeof(unsigned));\n"
	"	cudaMemset(s, 0, 3 * sizeof(int));\n"
	"	cudaMemset(f, 0, sizeof(float));\n"
	"	cudaMemset(of, 0, 64 * sizeof(float));\n"
	"	k<<<1, 32>>>(u, s, f, other, ou, os, of, neg, sout, sfout);\n"
	"	unsigned hu[5], hother, hou[96], hsout[4];\n"
	"	int hs[3], hos[32], hneg[32];\n"
	"	float hf, hof[64], hsf[2];\n"
	"	cudaMemcpy(hu, u, sizeof hu, cudaMemcpyDeviceToHost);\n"
	"	cudaMemcpy(&hother, other, sizeof hother, cudaMemcpyDeviceToHost);\n"
	"	cudaMemcpy(hou, ou, sizeof hou, cudaMemcpyDeviceToHost);\n"
	"	cudaMemcpy(hsout, sout, sizeof hsout, cudaMemcpyDeviceToHost);\n"
	"	cudaMemcpy(hs, s, sizeof hs, cudaMemcpyDeviceToHost);\n"
	"	cudaMemcpy(hos, os, sizeof hos, cudaMemcpyDeviceToHost);\n"
	"	cudaMemcpy(hneg, neg, sizeof hneg, cudaMemcpyDeviceToHost);\n"
	"	cudaMemcpy(&hf, f, sizeof hf, cudaMemcpyDeviceToHost);\n"
	"	cudaMemcpy(hof, of, sizeof hof, cudaMemcpyDeviceToHost);\n"
	"	cudaMemcpy(hsf, sfout, sizeof hsf, cudaMemcpyDeviceToHost);\n"
	"	/* the same adds on the host, lanes in ascending order */\n"
	"	unsigned eu[5] = { 0, 0, 0, 0, 0 }, eother = 0, esu[4] = { 0, 100, 200, 300 };\n"
	"	int es[3] = { 0, 0, 0 }, bad = 0;\n"
	"	float ef = 0.0f, esf[2] = { 0.0f, 0.0f };\n"
	"	for (int t = 0; t < 32; t++) {\n"
	"		bad += hou[t] != eu[t % 3];\n"
	"		eu[t % 3] += (unsigned)(t * t + 1);\n"
	"	}\n"
	"	for (int t = 0; t < 32; t++) {\n"
	"		int v = t % 5 == 0 ? -1000000 : t - 7;\n"
	"		bad += hos[t] != es[t & 1] || hneg[t] != (es[t & 1] < 0);\n"
	"		es[t & 1] += v;\n"
	"	}\n"
	"	for (int t = 0; t < 32; t++) {\n"
	"		bad += hof[t] != ef;\n"
	"		ef += (t & 1) ? 1.0f : (t & 2) ? 3e7f : -2.5e7f;\n"
	"	}\n"
	"	for (int t = 0; t < 32; t++) {\n"
	"		unsigned *p = t == 5 ? &eother : &eu[3 + (t & 1)];\n"
	"		bad += hou[32 + t] != *p;\n"
	"		*p += (unsigned)t + 1;\n"
	"	}\n"
	"	for (int t = 0; t < 32; t++)\n"
	"		if (t % 3 != 1) {\n"
	"			bad += hof[32 + t] != esf[t & 1];\n"
	"			esf[t & 1] += (t & 4) ? 3e7f : 1.0f;\n"
	"		}\n"
	"	for (int t = 0; t < 32; t++)\n"
	"		if (t % 7 == 2) {\n"
	"			bad += hou[64 + t] != esu[t & 3];\n"
	"			esu[t & 3] += (unsigned)t;\n"
	"		}\n"
	"	for (int t = 0; t < 32; t++) {\n"
	"		esu[(t * 5) & 3] += (unsigned)t + 1;\n"
	"		es[2] += t & 3;\n"
	"	}\n"
	"	for (int i = 0; i < 5; i++)\n"
	"		bad += hu[i] != eu[i];\n"
	"	for (int i = 0; i < 4; i++)\n"
	"		bad += hsout[i] != esu[i];\n"
	"	bad += hother != eother || hs[0] != es[0] || hs[1] != es[1] || hs[2] != es[2] || hf != ef ||\n"
	"	       hsf[0] != esf[0] || hsf[1] != esf[1];\n"
	"	unsigned *g, hg[16];\n"
	"	cudaMalloc(&g, sizeof hg);\n"
	"	cudaMemset(g, 0, sizeof hg);\n"
	"	r<<<1, 64>>>(g);\n"
	"	cudaMemcpy(hg, g, sizeof hg, cudaMemcpyDeviceToHost);\n"
	"	printf(\"race %u %u %u\\n\", hg[0], hg[3], hg[8 + 5]);\n"
;
static const char prog_main2[] =
	"	{\n"
	"		unsigned hru[7] = { 1000000u, 7u, 0xffffffffu, 0u, 0xffffffffu, 0u, 12345u }, *ru, *rm, hrm[288];\n"
	"		int hri[5] = { 100, -100, 0, 0, 0 }, *ri, *ng, hng[96];\n"
	"		cudaMalloc(&ru, sizeof hru);\n"
	"		cudaMalloc(&ri, sizeof hri);\n"
	"		cudaMalloc(&rm, sizeof hrm);\n"
	"		cudaMalloc(&ng, sizeof hng);\n"
	"		cudaMemcpy(ru, hru, sizeof hru, cudaMemcpyHostToDevice);\n"
	"		cudaMemcpy(ri, hri, sizeof hri, cudaMemcpyHostToDevice);\n"
	"		cudaMemset(rm, 0, sizeof hrm);\n"
	"		cudaMemset(ng, 0, sizeof hng);\n"
	"		k2<<<1, 32>>>(ru, ri, rm, ng);\n"
	"		unsigned gu[7];\n"
	"		int gi[5], si[2] = { 50, -50 };\n"
	"		cudaMemcpy(gu, ru, sizeof gu, cudaMemcpyDeviceToHost);\n"
	"		cudaMemcpy(gi, ri, sizeof gi, cudaMemcpyDeviceToHost);\n"
	"		cudaMemcpy(hrm, rm, sizeof hrm, cudaMemcpyDeviceToHost);\n"
	"		cudaMemcpy(hng, ng, sizeof hng, cudaMemcpyDeviceToHost);\n"
	"		int nb = 0;\n"
	"		for (int t = 0; t < 32; t++) {\n"
	"			int x = (t * 37) % 29 - 14;\n"
	"			unsigned y = (unsigned)t * 2654435761u;\n"
	"			nb += hrm[t] != hru[0];\n"
	"			hru[0] -= (unsigned)t * 3u;\n"
	"			nb += hrm[32 + t] != hru[1];\n"
	"			hru[1] = y;\n"
	"			nb += hrm[64 + t] != (unsigned)hri[0];\n"
	"			if (x < hri[0])\n"
	"				hri[0] = x;\n"
	"			nb += hrm[96 + t] != (unsigned)hri[1];\n"
	"			if (x > hri[1])\n"
	"				hri[1] = x;\n"
	"			nb += hrm[128 + t] != hru[2];\n"
	"			if (y < hru[2])\n"
	"				hru[2] = y;\n"
	"			nb += hrm[160 + t] != hru[3];\n"
	"			if (y > hru[3])\n"
	"				hru[3] = y;\n"
	"			nb += hrm[192 + t] != hru[4];\n"
	"			hru[4] &= ~(1u << t);\n"
	"			nb += hrm[224 + t] != hru[5];\n"
	"			hru[5] |= y >> 7;\n"
	"			if (t & 2) {\n"
	"				nb += hrm[256 + t] != hru[6];\n"
	"				hru[6] ^= y;\n"
	"			}\n"
	"			nb += hng[t] != (hri[2] < 0);\n"
	"			hri[2] = x;\n"
	"			nb += hng[32 + t] != (si[0] < 0);\n"
	"			if (x * 3 > si[0])\n"
	"				si[0] = x * 3;\n"
	"			if (t % 5 == 1) {\n"
	"				nb += hng[64 + t] != si[1];\n"
	"				if (x - t < si[1])\n"
	"					si[1] = x - t;\n"
	"			}\n"
	"		}\n"
	"		for (int i = 0; i < 7; i++)\n"
	"			nb += gu[i] != hru[i];\n"
	"		nb += gi[0] != hri[0] || gi[1] != hri[1] || gi[2] != hri[2] || gi[3] != si[0] || gi[4] != si[1];\n"
	"		printf(\"rmw %s (%d differ) %u %d\\n\", nb ? \"FAIL\" : \"ok\", nb, gu[6], gi[4]);\n"
	"		bad += nb;\n"
	"	}\n"
	"	printf(\"atomics %s (%d differ), float %.1f shared %u %.1f\\n\", bad ? \"FAIL\" : \"ok\", bad, hf, hsout[1], hsf[0]);\n"
	"	return bad != 0;\n"
	"}\n";

static struct compilation comp;

/* general: observe EV_INSN, so that every instruction runs in the general loop */
static struct machine *start(int general, int fast, enum simt_policy simt, FILE *out)
{
	const struct unit_cfg c = { NULL, simt, SCHED_RR, 0 };
	return unit_start(&comp, &c, fast, general ? 1u << EV_INSN : 0, out);
}

static void test_whole_runs(enum simt_policy simt, int fast)
{
	const char *name = simt == SIMT_ITS ? "its" : "stack";
	FILE *o[2] = { tmpfile(), tmpfile() };
	struct machine *m[2];
	for (int k = 0; k < 2; k++) {
		m[k] = start(k, fast, simt, o[k]);
		while (machine_run(m[k], 0) == MST_RUNNING)
			;
	}
	char *a = tap_slurp(o[0]), *b = tap_slurp(o[1]);
	ok(strstr(a, "atomics ok (0 differ)") && strstr(a, "rmw ok (0 differ)") && strstr(a, "race 4 5 7"),
	   "%s%s: the fast path's adds and other RMWs are the host's",
	   name, fast ? " --fast" : "");
	ok(strcmp(a, b) == 0, "%s%s: the same output as the general loop", name, fast ? " --fast" : "");
	if (strcmp(a, b) != 0 || !strstr(a, "atomics ok"))
		printf("# fast path:\n%s# general loop:\n%s", a, b);
	ok(machine_exit_status(m[0]) == 0 && machine_exit_status(m[0]) == machine_exit_status(m[1]) &&
		   machine_steps(m[0]) == machine_steps(m[1]) &&
		   machine_nfindings(m[0]) == machine_nfindings(m[1]) && (fast || machine_nfindings(m[0]) > 0),
	   "%s%s: the same exit status (%d), steps (%llu, %llu) and findings (%zu, %zu)", name,
	   fast ? " --fast" : "", machine_exit_status(m[0]), (unsigned long long)machine_steps(m[0]),
	   (unsigned long long)machine_steps(m[1]), machine_nfindings(m[0]), machine_nfindings(m[1]));
	free(a);
	free(b);
	for (int k = 0; k < 2; k++) {
		machine_free(m[k]);
		fclose(o[k]);
	}
}

/* the device's accesses as EV_MEM reports them, hashed in order */
struct seen {
	uint64_t h, n;
};

static void on_mem(void *ctx, const struct machine_event *e)
{
	struct seen *s = ctx;
	if (e->slot < 0)
		return;
	uint64_t h = s->h * 1000003u ^ (e->addr + e->size * 7u + (uint64_t)e->write * 131u + e->mask);
	for (unsigned l = 0; l < 32; l++)
		if (e->mask >> l & 1)
			h = h * 31u + e->lane_addr[l];
	s->h = h;
	s->n++;
}

static void test_mem_hook(enum simt_policy simt)
{
	struct seen s[2] = { { 0, 0 }, { 0, 0 } };
	for (int k = 0; k < 2; k++) {
		FILE *o = tmpfile();
		struct machine *m = start(k, 1, simt, o);
		machine_observe(m, 1u << EV_MEM, on_mem, &s[k]);
		while (machine_run(m, 0) == MST_RUNNING)
			;
		machine_free(m);
		fclose(o);
	}
	ok(s[0].n > 20 && s[0].n == s[1].n && s[0].h == s[1].h,
	   "%s: an EV_MEM observer sees the same %llu device accesses (%llu in the general loop)",
	   simt == SIMT_ITS ? "its" : "stack", (unsigned long long)s[0].n, (unsigned long long)s[1].n);
}

int main(void)
{
	tap_start();
	char prog[sizeof prog_kernels + sizeof prog_main + sizeof prog_main2];
	snprintf(prog, sizeof prog, "%s%s%s", prog_kernels, prog_main, prog_main2);
	if (unit_compile(&comp, prog))
		return tap_end();
	test_whole_runs(SIMT_STACK, 1);
	test_whole_runs(SIMT_STACK, 0);
	test_whole_runs(SIMT_ITS, 1);
	test_whole_runs(SIMT_ITS, 0);
	test_mem_hook(SIMT_STACK);
	test_mem_hook(SIMT_ITS);
	compilation_release(&comp);
	return tap_end();
}
