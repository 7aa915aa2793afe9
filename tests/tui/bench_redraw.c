/*
 * bench_redraw.c - latency of a step plus a redraw on a 200x60 screen with
 * a 1024-thread block (32 warps): the adapter's work (clear and refill the
 * ui_state: warps, lanes, locals, a 1024-int shared array, global buffers,
 * a barrier) plus view_render of the whole screen. Prints p50/p99/max and
 * one TAP test: p99 under 10 ms (PERFORMANCE.md's target for step+redraw).
 *
 * Not built by `make check` (only unit_*.c are): build and run it with
 *   make build/tests/tui/bench_redraw && build/tests/tui/bench_redraw [N]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../../tui/model.c"
#include "../../tui/view.c"

#define NT 1024
#define NW (NT / 32)

static const char source[] =
	"__global__ void big(float *a, const float *b, int n)\n{\n"
	"\t__shared__ float tile[1024];\n\tint t = threadIdx.x;\n"
	"\tint i = blockIdx.x * blockDim.x + t;\n\ttile[t] = b[i];\n"
	"\t__syncthreads();\n\tif (t & 1)\n\t\ta[i] = tile[t] * 2.0f;\n"
	"\telse\n\t\ta[i] = tile[1023 - t];\n}\n";

static void fill(struct ui_state *st, int it)
{
	struct ui_array *a;

	ui_state_clear_snapshot(st);
	ui_set_source(st, "big.cu", source);
	st->run = UI_RUN_KERNEL;
	st->kernel = "big";
	st->grid[0] = 64;
	st->blockdim[0] = NT;
	st->steps = (uint64_t)it;
	st->focus_warp = it % NW;
	st->focus_lane = it % 32;
	st->warps = UI_NEW(st, struct ui_warp, NW);
	st->nwarps = NW;
	for (int w = 0; w < NW; w++) {
		ui_warp_fill(&st->warps[w], w, 32, 5 + (w + it) % 8);
		if ((w + it) % 3 == 0)
			for (int l = 1; l < 32; l += 2)
				st->warps[w].status[l] = UI_LANE_DIVERGED;
		if ((w + it) % 5 == 0)
			for (int l = 0; l < 32; l++)
				st->warps[w].status[l] = UI_LANE_BARRIER;
	}
	st->lanes = UI_NEW(st, struct ui_lanevar, 3);
	st->nlanes = 3;
	for (int v = 0; v < 3; v++) {
		st->lanes[v].name = v == 0 ? "t" : v == 1 ? "i" : "tile[t]";
		st->lanes[v].has_src = v == 2;
		for (int l = 0; l < 32; l++) {
			st->lanes[v].value[l] = ui_strf(st, "%d", l * (v + 1) + it);
			st->lanes[v].src[l] = (int8_t)((l + 1) % 32);
		}
	}
	st->thread.locals = UI_NEW(st, struct ui_local, 4);
	st->thread.nlocals = 4;
	for (int i = 0; i < 4; i++)
		st->thread.locals[i] = (struct ui_local){ "x", "int", ui_strf(st, "%d", i + it) };
	st->mem.shared = a = UI_NEW(st, struct ui_array, 1);
	st->mem.nshared = 1;
	*a = (struct ui_array){ "tile", "float", 0, 4, NT, UI_NEW(st, const char *, NT),
				UI_NEW(st, uint8_t, NT) };
	for (int i = 0; i < NT; i++)
		a->values[i] = ui_strf(st, "%.1f", (i + it) * 0.5);
	a->access[it % NT] = UI_ACC_WRITE;
	st->mem.conflict_degree = 1 + it % 4;
	st->mem.global = a = UI_NEW(st, struct ui_array, 2);
	st->mem.nglobal = 2;
	for (int g = 0; g < 2; g++) {
		a[g] = (struct ui_array){ g ? "b" : "a", "float", 0x10000000u + (uint64_t)g * 0x10000, 4, NT,
					  UI_NEW(st, const char *, NT), NULL };
		for (int i = 0; i < NT; i++)
			a[g].values[i] = ui_strf(st, "%d", i ^ it);
	}
	st->sync.barriers = UI_NEW(st, struct ui_barrier, 1);
	st->sync.nbarriers = 1;
	st->sync.barriers[0].expected = NT;
	st->sync.barriers[0].nwarps = NW;
	st->sync.barriers[0].arrived = UI_NEW(st, uint32_t, NW);
	for (int w = 0; w < NW; w++)
		st->sync.barriers[0].arrived[w] = (w + it) % 5 == 0 ? 0xffffffffu : 0;
	ui_console_add(st, UI_CON_ECHO, "step");
}

static double now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 500;
	struct ui_state st;
	struct view_ctl ctl;
	struct view_grid g;
	double *t;

	if (n < 10)
		n = 10;
	t = xmalloc(sizeof(double) * (size_t)n);
	ui_state_init(&st);
	view_ctl_init(&ctl);
	view_grid_init(&g, 200, 60);
	for (int i = 0; i < n; i++) {
		double t0 = now_ms();

		fill(&st, i);
		view_render(&g, &st, &ctl);
		t[i] = now_ms() - t0;
	}
	qsort(t, (size_t)n, sizeof(double), cmp);
	printf("TAP version 13\n");
	printf("# step+redraw 200x60, 1024 threads, %d runs: p50 %.3f ms, p99 %.3f ms, max %.3f ms\n",
	       n, t[n / 2], t[n * 99 / 100], t[n - 1]);
	printf("%sok 1 - p99 of step+redraw under 10 ms\n", t[n * 99 / 100] < 10.0 ? "" : "not ");
	printf("1..1\n");
	view_grid_free(&g);
	ui_state_free(&st);
	free(t);
	return 0;
}
