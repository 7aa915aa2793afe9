/*
 * unit_scenario.c - scenario scripts as the interface runs them (scenario.h):
 * one narrated step per scenario_next; a Lua error in the script's body, in
 * an event callback (m:on) run while stepping the engine, or inside a
 * coroutine the script made, ends the scenario with a diagnostic
 * "file:line: error: message" and a traceback; the budget given to
 * scenario_open stops a runaway step.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "api.h"
#include "host_engine.h"
#include "scenario.h"
#include "tap.h"

static void sink(void *ctx, const char *s, size_t n)
{
	(void)ctx;
	(void)s;
	(void)n;
}

static char dir[] = "/tmp/ws-unit-scen.XXXXXX";

static const char *write_script(const char *name, const char *text)
{
	static char path[256];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	if (!(f = fopen(path, "w")))
		return path;
	fputs(text, f);
	fclose(f);
	return path;
}

/* Run a scenario to its end; returns the last scenario_next result and
 * copies the diagnostic into msg. */
static int play(const char *path, struct wsapi_host *host, uint64_t budget, int *steps, char *msg,
		size_t n)
{
	struct scenario *sc = scenario_open(path, host, sink, NULL, budget, 0, stderr);
	int r;

	*steps = 0;
	msg[0] = 0;
	if (!sc)
		return -2;
	while ((r = scenario_next(sc)) == 1)
		++*steps;
	snprintf(msg, n, "%s", r < 0 ? scenario_error(sc) : "");
	scenario_close(sc);
	return r;
}

static int has(const char *msg, const char *what)
{
	int yes = strstr(msg, what) != NULL;

	if (!yes)
		printf("# expected '%s' in:\n# %s\n", what, msg);
	return yes;
}

int main(void)
{
	FILE *null = fopen("/dev/null", "w");
	struct host_engine *he = host_engine_new(null, null, NULL, NULL);
	struct wsapi_host *host = host_engine_host(he);
	char msg[4096];
	int steps, r;

	tap_start();
	if (!mkdtemp(dir)) {
		printf("1..0 # SKIP no temporary directory\n");
		return 0;
	}

	r = play(write_script("ok.lua", "print('a')\nprint('b')\n"), host, 0, &steps, msg,
		 sizeof(msg));
	ok(r == 0 && steps == 2, "a scenario pauses after each print and finishes");

	r = play(write_script("body.lua", "print('one')\nlocal function f()\n  error('boom')\nend\nf()\n"),
		 host, 0, &steps, msg, sizeof(msg));
	ok(r == -1 && steps == 1 && has(msg, "body.lua:3: error: boom") &&
		   has(msg, "stack traceback:") && has(msg, "body.lua:5: in main chunk"),
	   "an error in the scenario's body: file:line: error + traceback");

	r = play(write_script("cb.lua",
			      "local p = assert(ws.compile([[__global__ void k(int *a) { a[threadIdx.x] = 1; }]], 'k.cu'))\n"
			      "local m = ws.machine(p)\n"
			      "local a = m:alloc(128)\n"
			      "m:on('mem', function(ev)\n"
			      "  local t = nil\n"
			      "  return t.field\n"
			      "end)\n"
			      "m:launch('k', { grid = 1, block = 32, args = { a } })\n"
			      "print('launched')\n"
			      "m:run()\n"
			      "print('not reached')\n"),
		 host, 0, &steps, msg, sizeof(msg));
	ok(r == -1 && steps == 1 && has(msg, "cb.lua:6: error: attempt to index a nil value") &&
		   has(msg, "stack traceback:") && has(msg, "in method 'run'") &&
		   has(msg, "cb.lua:10: in main chunk"),
	   "an error in an event callback while stepping: diagnostic with the callback's traceback");

	r = play(write_script("co.lua",
			      "local co = coroutine.wrap(function()\n"
			      "  coroutine.yield(1)\n"
			      "  error('inside the coroutine')\n"
			      "end)\n"
			      "co()\n"
			      "print('first')\n"
			      "co()\n"),
		 host, 0, &steps, msg, sizeof(msg));
	ok(r == -1 && steps == 1 && has(msg, "co.lua:3: error:") && has(msg, "inside the coroutine") &&
		   has(msg, "stack traceback:") && has(msg, "co.lua:7: in main chunk"),
	   "an error inside a coroutine the scenario made: diagnostic with traceback");

	r = play(write_script("spin.lua", "print('start')\nwhile true do end\n"), host, 100000, &steps,
		 msg, sizeof(msg));
	ok(r == -1 && steps == 1 && has(msg, "spin.lua:2: error: script exceeded its instruction budget of 100000"),
	   "the budget given to scenario_open stops a runaway step");

	r = play(write_script("syntax.lua", "print('a'\n"), host, 0, &steps, msg, sizeof(msg));
	ok(r == -2, "a syntax error: scenario_open fails (the diagnostic on err)");

	host_engine_free(he);
	fclose(null);
	{
		char cmd[300];
		snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
		if (system(cmd) != 0)
			printf("# could not remove %s\n", dir);
	}
	return tap_end();
}
