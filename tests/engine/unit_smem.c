/*
 * unit_smem.c - TAP tests of the thirteenth session's shortcuts on
 * reduce_smem's path (docs/PERFORMANCE.md, s13-smem):
 * - sched_chain's visits of a warp that is not the common case (chain_other:
 *   the scheduler's search from the round robin's place, the warps that wait
 *   at their block's barrier whole passed together by b->bar_whole, the
 *   diverged warp's visit and settle);
 * - the release that readies those warps without reading their group again,
 *   and bar_whole's condition (one group, every live lane, a barrier without
 *   a result, no token);
 * - no settle after a split that cbr_taken's park left settled;
 * - a barrier's release published to the exit checker only for a block where
 *   threads exited while others waited (barrier_after_exit, b->exit_noted).
 * A machine with an EV_INSN observer (every instruction in the general loop,
 * every visit sched_device_step's own) and a CEV_BARRIER listener that hears
 * every release, and one with neither, must give the same output (clock64()
 * and a racy global show the order the warps ran in), findings, steps and
 * exit status, and the same groups and tokens at every stop of runs of 1 to
 * 60 steps and single steps, --fast and checked, under both --simt policies.
 * Seven blocks of 112 threads (a partial last warp) on a device that holds
 * three at a time: the reduction's rounds leave warp 0 diverged while the
 * others wait; block 2's upper half exits before the first barrier (the exit
 * checker's warning at it), block 3's lanes 20 and up of each warp before the
 * loop (warps whose live lanes are fewer than their threads, with a token);
 * __syncthreads_count's results are checked by main().
 */
#include "front.h"
#include "machine.h"
#include "simt.h"
#include "check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "unit_compile.h"
#include "unit_state.h"

static const char prog[] =
	"#include <cstdio>\n"
	"__device__ int racy;\n"
	"__global__ void k(int *out, long long *clk, int *cnt)\n"
	"{\n"
	"\t__shared__ int s[128];\n"
	"\tint t = threadIdx.x, lane = t & 31;\n"
	"\tlong long c0 = clock64();\n"
	"\ts[t] = t * 3 + blockIdx.x;\n"
	"\tif (blockIdx.x == 2 && t >= 64)\n"
	"\t\treturn;\n"
	"\t__syncthreads();\n"
	"\tif (blockIdx.x == 3 && lane >= 20)\n"
	"\t\treturn;\n"
	"\tfor (unsigned st = 64; st > 0; st >>= 1) {\n"
	"\t\tif (t < st && t + st < 64)\n"
	"\t\t\ts[t] += s[t + st];\n"
	"\t\t__syncthreads();\n"
	"\t}\n"
	"\tint n = __syncthreads_count(t % 3 == 0);\n"
	"\tlong long c1 = clock64();\n"
	"\tif (lane == 0) {\n"
	"\t\tracy = racy + 1;\n"
	"\t\tprintf(\"block %d warp %d s %d n %d racy %d\\n\", blockIdx.x, t / 32, s[0], n, racy);\n"
	"\t}\n"
	"\tcnt[blockIdx.x * 112 + t] = n;\n"
	"\tclk[blockIdx.x * 112 + t] = c1 - c0;\n"
	"\tout[blockIdx.x * 112 + t] = s[t & 63];\n"
	"}\n"
	"int main()\n"
	"{\n"
	"\tint *out, *cnt;\n"
	"\tlong long *clk;\n"
	"\tcudaMalloc(&out, 7 * 112 * sizeof(int));\n"
	"\tcudaMalloc(&cnt, 7 * 112 * sizeof(int));\n"
	"\tcudaMalloc(&clk, 7 * 112 * sizeof(long long));\n"
	"\tcudaMemset(cnt, 0, 7 * 112 * sizeof(int));\n"
	"\tk<<<7, 112>>>(out, clk, cnt);\n"
	"\tstatic int h[7 * 112], n[7 * 112];\n"
	"\tstatic long long c[7 * 112];\n"
	"\tcudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);\n"
	"\tcudaMemcpy(n, cnt, sizeof n, cudaMemcpyDeviceToHost);\n"
	"\tcudaMemcpy(c, clk, sizeof c, cudaMemcpyDeviceToHost);\n"
	"\tlong long sum = 0, csum = 0;\n"
	"\tint bad = 0;\n"
	"\tfor (int b = 0; b < 7; b++) {\n"
	"\t\tint want = 0;\n"
	"\t\tfor (int u = 0; u < 112; u++)\n"
	"\t\t\twant += (b == 2 ? u < 64 : b == 3 ? (u & 31) < 20 : 1) && u % 3 == 0;\n"
	"\t\tfor (int t = 0; t < 112; t++) {\n"
	"\t\t\tint live = b == 2 ? t < 64 : b == 3 ? (t & 31) < 20 : 1;\n"
	"\t\t\tbad += n[b * 112 + t] != (live ? want : 0);\n"
	"\t\t}\n"
	"\t}\n"
	"\tfor (int i = 0; i < 7 * 112; i++) {\n"
	"\t\tsum = sum * 31 + h[i];\n"
	"\t\tcsum = csum * 17 + c[i];\n"
	"\t}\n"
	"\tprintf(\"sum %lld clocks %lld counts %s\\n\", sum, csum, bad ? \"FAIL\" : \"ok\");\n"
	"\treturn (int)(sum & 7);\n"
	"}\n";

#include "unit_barphase.h"

static const struct barphase phase = { "counts", 11, 17 };

int main(void)
{
	tap_start();
	if (unit_compile(&comp, prog))
		return tap_end();
	for (size_t i = 0; i < sizeof(cfgs) / sizeof(cfgs[0]); i++) {
		test_whole_runs(&cfgs[i], 1, &phase);
		test_whole_runs(&cfgs[i], 0, &phase);
		test_short_runs(&cfgs[i]);
	}
	compilation_release(&comp);
	return tap_end();
}
