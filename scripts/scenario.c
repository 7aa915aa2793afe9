/*
 * scenario.c - a scenario script, one narrated step at a time (scenario.h).
 */
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>

#include "api.h"
#include "sandbox.h"
#include "scenario.h"
#include "util.h"

struct scenario {
	struct sandbox *sb;
	lua_State *co;
	int over; /* 0 running, 1 finished, -1 failed */
};

/* print() pauses the script's main coroutine after printing. */
static const char pause_print[] =
	"local co, host_print = ...\n"
	"print = function(...)\n"
	"	host_print(...)\n"
	"	if coroutine.running() == co then coroutine.yield() end\n"
	"end\n";

struct scenario *scenario_open(const char *path, struct wsapi_host *host,
			       void (*print_fn)(void *ctx, const char *s, size_t n), void *ctx,
			       uint64_t max_instructions, size_t max_memory, FILE *err)
{
	struct scenario *sc = xcalloc(1, sizeof(*sc));
	struct sandbox_opts so;
	lua_State *L;

	sandbox_opts_init(&so);
	so.print_fn = print_fn;
	so.print_ctx = ctx;
	so.max_instructions = max_instructions;
	so.max_memory = max_memory;
	if (!(sc->sb = sandbox_new(&so))) {
		fprintf(err, "warpstep: cannot create the Lua state\n");
		free(sc);
		return NULL;
	}
	L = sandbox_state(sc->sb);
	if (wsapi_install(sc->sb, host) < 0)
		goto fail;
	sc->co = lua_newthread(L); /* stays on L's stack for the whole run */
	lua_createtable(L, 0, 1);
	lua_pushstring(L, path);
	lua_rawseti(L, -2, 0);
	lua_setglobal(L, "arg");
	if (sandbox_load(sc->sb, "scenario.lua", pause_print, strlen(pause_print)) < 0)
		goto fail;
	lua_pushvalue(L, -2);
	lua_getglobal(L, "print");
	if (sandbox_pcall(sc->sb, 2, 0) < 0 || sandbox_loadfile(sc->sb, path) < 0)
		goto fail;
	lua_xmove(L, sc->co, 1);
	return sc;
fail:
	fputs(sandbox_error(sc->sb), err);
	scenario_close(sc);
	return NULL;
}

int scenario_next(struct scenario *sc)
{
	int st, nres;

	if (sc->over)
		return sc->over > 0 ? 0 : -1;
	sandbox_budget_reset(sc->sb);
	st = sandbox_resume(sc->sb, sc->co, 0, &nres);
	if (st == LUA_YIELD) {
		lua_pop(sc->co, nres);
		return 1;
	}
	sc->over = st == LUA_OK ? 1 : -1;
	return sc->over > 0 ? 0 : -1;
}

const char *scenario_error(const struct scenario *sc)
{
	return sandbox_error(sc->sb);
}

void scenario_close(struct scenario *sc)
{
	if (!sc)
		return;
	sandbox_free(sc->sb);
	free(sc);
}
