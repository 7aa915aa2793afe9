/*
 * unit_sandbox.c - the Lua sandbox and the ws seam: limits, missing
 * libraries, error format, hostile scripts, and handles through a fake host.
 */
#include <signal.h>
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

/* expect_error with a budget that leaves the memory limit to be hit first
 * (allocating is charged by its time, slow under the sanitizers) */
static void expect_mem_error(const char *text, const char *want, const char *desc)
{
	char err[4096];
	int ret = run(text, 2000000000, 8u << 20, err, sizeof(err));

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
	expect_mem_error("local s = string.rep('x', 1 << 30)", "script exceeded its memory limit of 8 MiB",
		     "a string.rep bomb hits the memory limit");
	expect_mem_error("local t = {} for i = 1, 1e9 do t[i] = {} end", "memory limit of 8 MiB",
		     "a table bomb hits the memory limit");
	expect_mem_error("local s = 'x' while true do s = s .. s end", "memory limit", "doubling a string");
	expect_ok("local ok, e = pcall(string.rep, 'x', 1 << 30) assert(not ok)",
		  "a memory error can be caught; the state stays usable");
	expect_error("local function f() return 1 + f() end f()", "error: ",
		     "deep recursion: a clean error (stack overflow or memory limit)");
	expect_error("local function f() pcall(f) error('x') end f()", "error",
		     "recursion through pcall: a clean error");
	expect_error("local function f() coroutine.wrap(f)() end f()", "error: ",
		     "nested coroutine resumes: a clean error");
	expect_mem_error("local t = {} for i = 1, 1e7 do t[i] = coroutine.create(print) end",
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

/* The sandbox's own pattern matcher keeps Lua 5.4's behaviour. */
static void test_patterns(void)
{
	expect_ok("local a, b = ('hello world'):find('o w') assert(a == 5 and b == 7)\n"
		  "assert(('  trim me  '):match('^%s*(.-)%s*$') == 'trim me')\n"
		  "assert(('f(a(b)c)d'):match('%b()') == '(a(b)c)')\n"
		  "local s, n = ('THE (quick) fox'):gsub('%f[%a]%a+', 'x') assert(s == 'x (x) x' and n == 3)\n"
		  "s, n = ('abc'):gsub('', '-') assert(s == '-a-b-c-' and n == 4)\n"
		  "a, b = ('a+b'):find('+', 1, true) assert(a == 2 and b == 2)\n"
		  "assert(('abab'):match('(ab)%1') == 'ab')\n"
		  "a, b = ('hello'):match('()ll()') assert(a == 3 and b == 5)\n"
		  "assert(('abc'):gsub('%w', '%%') == '%%%')\n"
		  "assert(('hello world'):gsub('o', { o = '0' }) == 'hell0 w0rld')\n"
		  "assert(('abc'):gsub('%w', function(c) return c:upper() end) == 'ABC')\n"
		  "local t = {} for k, v in ('a=1, b=2'):gmatch('(%w+)=(%w+)') do t[#t + 1] = k .. v end\n"
		  "assert(table.concat(t, ' ') == 'a1 b2')\n"
		  "for w in ('one two'):gmatch('%a+', 4) do assert(w == 'two') end\n"
		  "assert(('x'):find('x', 10) == nil and ('abc'):find('c', -1) == 3)\n"
		  "local ok, e = pcall(string.find, 'a', '[a') assert(not ok and e:find(\"missing ']'\"))\n"
		  "ok, e = pcall(string.gsub, 'abc', 'b', '%2') assert(not ok and e:find('invalid capture index %%2'))\n"
		  "ok, e = pcall(string.rep('(', 40) .. 'a' and string.find, 'a', string.rep('(', 33) .. 'a' .. string.rep(')', 33))\n"
		  "assert(not ok and e:find('too many captures'))",
		  "string.find/match/gmatch/gsub keep Lua 5.4's results and messages");
}

/* print() that presses Ctrl-C: SIGINT arrives while the script runs. */
static void print_sigint(void *ctx, const char *s, size_t n)
{
	(void)ctx;
	(void)s;
	(void)n;
	raise(SIGINT);
}

static void test_interrupt(void)
{
	struct sandbox_opts o;
	struct sandbox *sb;
	struct sigaction before, after;
	const char *text = "print('^C') local n = 0 while true do n = n + 1 end";
	int ret;

	sigaction(SIGINT, NULL, &before);
	sandbox_opts_init(&o);
	o.max_instructions = (uint64_t)1 << 60;
	o.print_fn = print_sigint;
	sb = sandbox_new(&o);
	ret = sandbox_load(sb, "t.lua", text, strlen(text)) < 0 ? -1 : sandbox_pcall(sb, 0, 0);
	ok(ret < 0 && strstr(sandbox_error(sb), "t.lua:1: error: script interrupted (Ctrl-C)"),
	   "Ctrl-C stops an endless script with a diagnostic");
	if (ret == 0 || !strstr(sandbox_error(sb), "interrupted"))
		printf("# got: %s\n", ret < 0 ? sandbox_error(sb) : "(no error)");
	sigaction(SIGINT, NULL, &after);
	ok(after.sa_handler == before.sa_handler, "SIGINT's disposition is restored after the script");
	sandbox_budget_reset(sb);
	ret = sandbox_load(sb, "u.lua", "return 1", 8) < 0 ? -1 : sandbox_pcall(sb, 0, 0);
	ok(ret == 0, "the sandbox runs the next script after an interrupt");
	sandbox_free(sb);
}

int main(void)
{
	tap_start();
	test_limits();
	test_patterns();
	test_interrupt();
	test_libs();
	test_errors();
	test_api();
	return tap_end();
}
