/*
 * unit_host_poll.c - host_engine_set_poll: the engine work a script asks
 * for (m:run, m:step, m:run_main) calls the poll between chunks of machine
 * steps, and a nonzero answer stops it with reason "step-limit" (m:run) or
 * an error (m:run_main): how a script's budget can be charged for the
 * engine's time.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "api.h"
#include "host_engine.h"
#include "scenario.h"
#include "tap.h"

static char dir[] = "/tmp/ws-unit-poll.XXXXXX";
static char out[4096];
static size_t nout;

static void sink(void *ctx, const char *s, size_t n)
{
	(void)ctx;
	if (nout + n < sizeof(out)) {
		memcpy(out + nout, s, n);
		nout += n;
		out[nout] = 0;
	}
}

static int npoll;
static int poll_stop(void *ctx, uint64_t steps, uint64_t total)
{
	(void)ctx;
	(void)steps;
	(void)total;
	return ++npoll % 3 == 0; /* every third poll: each run is stopped at its third */
}

static const char script[] =
	"local p = assert(ws.compile([[\n"
	"__global__ void k(int *a, int n) { int s = 0; for (int i = 0; i < n; i++) s += i; a[threadIdx.x] = s; }\n"
	"int main(void) { int *d; cudaMalloc(&d, 128); k<<<1, 32>>>(d, 100000); cudaDeviceSynchronize(); return 0; }\n"
	"]], 'k.cu'))\n"
	"local m = ws.machine(p)\n"
	"local a = m:alloc(128)\n"
	"m:launch('k', { grid = 1, block = 32, args = { a, 100000 } })\n"
	"print('run: ' .. m:run().reason)\n"
	"local st, e = ws.machine(p):run_main()\n"
	"print('run_main: ' .. tostring(st) .. ' ' .. tostring(e))\n";

int main(void)
{
	FILE *null = fopen("/dev/null", "w");
	struct host_engine *he = host_engine_new(null, null, NULL, NULL);
	char path[256];
	struct scenario *sc;
	FILE *f;

	tap_start();
	if (!mkdtemp(dir)) {
		printf("1..0 # SKIP no temporary directory\n");
		return 0;
	}
	snprintf(path, sizeof(path), "%s/poll.lua", dir);
	if ((f = fopen(path, "w"))) {
		fputs(script, f);
		fclose(f);
	}
	host_engine_set_poll(he, poll_stop, NULL);
	sc = scenario_open(path, host_engine_host(he), sink, NULL, 0, 0, stderr);
	ok(sc != NULL, "the script loads");
	while (sc && scenario_next(sc) == 1)
		;
	ok(strstr(out, "run: step-limit") != NULL, "the poll stops m:run: reason step-limit");
	ok(strstr(out, "run_main: nil main() was interrupted after") != NULL && npoll == 6,
	   "and m:run_main with an error (%d polls)", npoll);
	printf("# %s", out);
	scenario_close(sc);
	host_engine_free(he);
	fclose(null);
	unlink(path);
	rmdir(dir);
	return tap_end();
}
