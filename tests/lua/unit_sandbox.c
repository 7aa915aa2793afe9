/*
 * unit_sandbox.c - the Lua sandbox and the ws seam: limits, missing
 * libraries, error format, hostile scripts, and handles through a fake host.
 */
#include <stdio.h>
#include <string.h>

#include <lua.h>

#include "api.h"
#include "sandbox.h"
#include "tap.h"

/* Run text in a fresh sandbox; 0/-1, the diagnostic copied into err. */
static int run(const char *text, uint64_t insns, size_t mem, char *err, size_t errlen)
{
	struct sandbox_opts o;
	struct sandbox *sb;
	int ret;
	FILE *null = fopen("/dev/null", "w");

	sandbox_opts_init(&o);
	o.max_instructions = insns;
	o.max_memory = mem;
	o.print_file = null;
	sb = sandbox_new(&o);
	ret = sandbox_load(sb, "t.lua", text, strlen(text)) < 0 ? -1 : sandbox_pcall(sb, 0, 0);
	snprintf(err, errlen, "%s", sandbox_error(sb));
	sandbox_free(sb);
	fclose(null);
	return ret;
}

static void expect_error(const char *text, const char *want, const char *desc)
{
	char err[4096];
	int ret = run(text, 2000000, 8u << 20, err, sizeof(err));

	ok(ret < 0 && strstr(err, want), "%s", desc);
	if (!(ret < 0 && strstr(err, want)))
		printf("# got: %s\n", ret < 0 ? err : "(no error)");
}

static void expect_ok(const char *text, const char *desc)
{
	char err[4096];
	int ret = run(text, 2000000, 8u << 20, err, sizeof(err));

	ok(ret == 0, "%s", desc);
	if (ret)
		printf("# got: %s\n", err);
}

static void test_limits(void)
{
	expect_error("while true do end", "t.lua:1: error: script exceeded its instruction budget of 2000000 instructions",
		     "an infinite loop hits the budget");
	expect_error("while true do pcall(function() while true do end end) end",
		     "instruction budget", "a pcall loop cannot swallow the budget error");
	expect_error("local co = coroutine.wrap(function() while true do end end) co()",
		     "instruction budget", "the budget counts in coroutines");
	expect_error("local ok = pcall(error) while true do ok = pcall(string.rep, 'x', 1) end",
		     "instruction budget", "pcall of C functions in a loop is still stopped");
	expect_error("local s = string.rep('x', 1 << 30)", "script exceeded its memory limit of 8 MiB",
		     "a string.rep bomb hits the memory limit");
	expect_error("local t = {} for i = 1, 1e9 do t[i] = {} end", "memory limit of 8 MiB",
		     "a table bomb hits the memory limit");
	expect_error("local s = 'x' while true do s = s .. s end", "memory limit", "doubling a string");
	expect_ok("local ok, e = pcall(string.rep, 'x', 1 << 30) assert(not ok)",
		  "a memory error can be caught; the state stays usable");
	expect_error("local function f() return 1 + f() end f()", "error: ",
		     "deep recursion: a clean error (stack overflow or memory limit)");
	expect_error("local function f() pcall(f) error('x') end f()", "error",
		     "recursion through pcall: a clean error");
	expect_error("local function f() coroutine.wrap(f)() end f()", "error: ",
		     "nested coroutine resumes: a clean error");
	expect_error("local t = {} for i = 1, 1e7 do t[i] = coroutine.create(print) end",
		     "memory limit", "a coroutine bomb hits the memory limit");
	expect_error("string.rep('x', 100, string.rep('y', 1e7)):rep(1e6)", "error: ",
		     "a separator bomb: a clean error");
}

static void test_libs(void)
{
	expect_ok("assert(io == nil and os == nil and debug == nil and package == nil)",
		  "io, os, debug, package are absent");
	expect_ok("assert(require == nil and dofile == nil and loadfile == nil and string.dump == nil)",
		  "require, dofile, loadfile, string.dump are absent");
	expect_ok("assert(string and table and math and utf8 and coroutine and load and pcall)",
		  "string, table, math, utf8, coroutine and base are there");
	expect_ok("local f = load('return 1 + 1') assert(f() == 2)", "load accepts text chunks");
	expect_ok("local f, e = load('\\27Lua...', 'x', 'b') assert(not f and e:find('binary'))",
		  "load refuses binary chunks, even with mode 'b'");
	expect_error("collectgarbage('stop')", "collectgarbage('stop') is not allowed",
		     "collectgarbage beyond 'count' is refused");
	expect_ok("assert(type(collectgarbage('count')) == 'number')", "collectgarbage('count') works");
	{
		struct sandbox_opts o;
		struct sandbox *sb;
		const char bin[] = "\x1bLua\x54";

		sandbox_opts_init(&o);
		sb = sandbox_new(&o);
		ok(sandbox_load(sb, "b.luac", bin, sizeof(bin) - 1) < 0 &&
			   strstr(sandbox_error(sb), "binary chunk"),
		   "the host loads text chunks only");
		sandbox_free(sb);
	}
}

static void test_errors(void)
{
	char err[4096];

	run("local function f()\n  error('boom')\nend\nf()\n", 0, 0, err, sizeof(err));
	ok(strncmp(err, "t.lua:2: error: boom\nstack traceback:\n", 37) == 0 &&
		   strstr(err, "t.lua:4: in main chunk"),
	   "runtime error: file:line: error: message, then the traceback");
	run("x = = 1", 0, 0, err, sizeof(err));
	ok(strstr(err, "t.lua:1: error: unexpected symbol") != NULL, "syntax error format");
	expect_error("error({})", "t.lua: error: (error object is a table value)", "a table error object");
	expect_error("error(setmetatable({}, {__tostring = function() return 'custom' end}))",
		     "error: custom", "an error object with __tostring");
	expect_error("error(setmetatable({}, {__tostring = function() error('no') end}))",
		     "(error object is a table value)", "an error object whose __tostring fails");
	expect_error("error(setmetatable({}, {__tostring = function() return {} end}))",
		     "(error object is a table value)", "an error object whose __tostring returns a table");
	expect_error("error(setmetatable({}, {__tostring = function() while true do end end}))",
		     "error: ", "an error object whose __tostring loops forever");
	expect_error("error()", "(error object is nil)", "a nil error object");
	expect_error("error(42)", "t.lua: error: 42", "a number error object");
}

/* --- a fake host: programs 1..; handles die when the host says so */

static int alive_prog[8], released;

static int fake_alive(void *ctx, enum wsapi_kind kind, uint64_t id)
{
	return kind == WSAPI_PROGRAM && id < 8 && alive_prog[id];
}

static void fake_release(void *ctx, enum wsapi_kind kind, uint64_t id)
{
	released++;
	alive_prog[id] = 0;
}

static int fake_compile(void *ctx, const char *name, const char *text, size_t len, uint64_t *prog,
			struct wsapi_out *diags, char *err)
{
	if (strstr(text, "bad")) {
		wsapi_out_begin(diags, NULL);
		wsapi_out_int(diags, "line", 3);
		wsapi_out_str(diags, "message", "expected ';'");
		wsapi_out_end(diags);
		snprintf(err, WSAPI_ERR_MAX, "1 error");
		return -1;
	}
	for (uint64_t i = 1; i < 8; i++)
		if (!alive_prog[i]) {
			alive_prog[i] = 1;
			*prog = i;
			return 0;
		}
	return -1;
}

static int fake_query(void *ctx, uint64_t id, const char *what, const struct wsapi_where *w,
		      struct wsapi_out *out, char *err)
{
	wsapi_out_str(out, NULL, "k1");
	wsapi_out_str(out, NULL, "k2");
	return 0;
}

static int kill_fn(lua_State *L)
{
	const uint64_t *id = lua_touserdata(L, 1); /* a handle starts with its kind, then its id */

	alive_prog[((const struct { int kind; uint64_t id; } *)(const void *)id)->id] = 0;
	return 0;
}

static void test_api(void)
{
	struct wsapi_host h = { 0 };
	struct sandbox_opts o;
	struct sandbox *sb;
	const char *script =
		"local p = assert(ws.compile('int main() {}'))\n"
		"local k = p:kernels()\n"
		"assert(#k == 2 and k[2] == 'k2', 'kernels')\n"
		"local q, msg, diags = ws.compile('bad')\n"
		"assert(q == nil and msg == '1 error' and diags[1].line == 3, 'diagnostics')\n"
		"assert(ws.machine(p) == nil and select(2, ws.machine(p)) == 'not available')\n"
		"assert(ws.available('compile') and not ws.available('step'))\n"
		"kill(p)\n"
		"local ok, e = pcall(p.kernels, p)\n"
		"assert(not ok and e:find('stale program handle #1'), e)\n"
		"local p2 = ws.compile('x') p2:free()\n"
		"ok, e = pcall(p2.kernels, p2)\n"
		"assert(not ok and e:find('used after free'), e)\n"
		"ws.compile('y')\n";

	h.alive = fake_alive;
	h.release = fake_release;
	h.compile = fake_compile;
	h.query = fake_query;
	sandbox_opts_init(&o);
	sb = sandbox_new(&o);
	ok(wsapi_install(sb, &h) == 0, "wsapi_install");
	/* kill(p): the host frees program p behind the script's back */
	{
		lua_State *L = sandbox_state(sb);

		lua_pushcfunction(L, kill_fn);
		lua_setglobal(L, "kill");
	}
	ok(sandbox_load(sb, "api.lua", script, strlen(script)) == 0 && sandbox_pcall(sb, 0, 0) == 0,
	   "ws through a fake host: results, diagnostics, not available, stale and freed handles");
	if (sandbox_error(sb)[0])
		printf("# %s", sandbox_error(sb));
	sandbox_free(sb);
	ok(released == 2, "__gc and free() release each live handle once (freed ones are not released again)");
	{
		char err[4096];
		int ret;

		sb = sandbox_new(&o);
		wsapi_install(sb, NULL);
		ret = sandbox_load(sb, "n.lua", "local p, e = ws.compile('x') assert(p == nil and e == 'not available')",
				   strlen("local p, e = ws.compile('x') assert(p == nil and e == 'not available')"));
		ret = ret ? ret : sandbox_pcall(sb, 0, 0);
		snprintf(err, sizeof(err), "%s", sandbox_error(sb));
		ok(ret == 0, "no host: every function returns nil, 'not available'");
		sandbox_free(sb);
	}
}

int main(void)
{
	tap_start();
	test_limits();
	test_libs();
	test_errors();
	test_api();
	return tap_end();
}
