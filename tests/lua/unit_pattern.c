/*
 * unit_pattern.c - the sandbox's string matcher (scripts/pattern.c) against
 * Lua 5.4's own: the same random patterns, subjects and calls (find with an
 * init, match, gsub with a string and a table, gmatch) give the same
 * results and the same error messages in a plain Lua state and in a
 * sandbox.
 */
#include <stdio.h>
#include <string.h>

#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>

#include "sandbox.h"
#include "tap.h"
#include "util.h"

static const char script[] =
	"local seed = 12345\n"
	"local function rnd(n) seed = (seed * 1103515245 + 12345) % 2147483648 return seed % n + 1 end\n"
	"local pa = {'a','b','(',')','%','[',']','^','$','*','+','-','?','.','%a','%d','%b()',\n"
	"            '%f[%a]','%1','x',']','[^a]','[a-c]','%s','()','%%','%z','[%]]'}\n"
	"local sa = {'a','b','(',')',' ','x','1',']','-','%','\\0'}\n"
	"local function show(...) local t = table.pack(...) local o = {}\n"
	"  for i = 1, t.n do o[#o + 1] = tostring(t[i]) end return table.concat(o, ',') end\n"
	"for i = 1, 5000 do\n"
	"  local p, s = {}, {}\n"
	"  for j = 1, rnd(6) do p[#p + 1] = pa[rnd(#pa)] end\n"
	"  for j = 1, rnd(10) - 1 do s[#s + 1] = sa[rnd(#sa)] end\n"
	"  p, s = table.concat(p), table.concat(s)\n"
	"  local acc = {}\n"
	"  local ok, e = pcall(function() local k = 0\n"
	"    for a, b in s:gmatch(p) do k = k + 1 if k > 20 then break end acc[#acc + 1] = tostring(a) .. tostring(b) end end)\n"
	"  print(show(pcall(string.find, s, p, rnd(7) - 3)), show(pcall(string.find, s, p, 1, true)),\n"
	"        show(pcall(string.match, s, p)), show(pcall(string.gsub, s, p, '<%0%1>')),\n"
	"        show(pcall(string.gsub, s, p, { a = 'A' }, 2)), ok, e, table.concat(acc, ';'))\n"
	"end\n";

static void out_add(void *ctx, const char *s, size_t n)
{
	strbuf_add(ctx, s, n);
}

static int stock_print(lua_State *L)
{
	struct strbuf *out = lua_touserdata(L, lua_upvalueindex(1));
	int n = lua_gettop(L);

	for (int i = 1; i <= n; i++) {
		size_t len;
		const char *s = luaL_tolstring(L, i, &len);

		if (i > 1)
			strbuf_addc(out, '\t');
		strbuf_add(out, s, len);
		lua_pop(L, 1);
	}
	strbuf_addc(out, '\n');
	return 0;
}

int main(void)
{
	struct strbuf want, got;
	struct sandbox_opts o;
	struct sandbox *sb;
	lua_State *L = luaL_newstate();
	size_t line = 1, i;

	tap_start();
	strbuf_init(&want);
	strbuf_init(&got);
	luaL_openlibs(L);
	lua_pushlightuserdata(L, &want);
	lua_pushcclosure(L, stock_print, 1);
	lua_setglobal(L, "print");
	ok(luaL_loadbuffer(L, script, strlen(script), "@patterns.lua") == LUA_OK &&
	   lua_pcall(L, 0, 0, 0) == LUA_OK, "the patterns run in plain Lua");
	lua_close(L);

	sandbox_opts_init(&o);
	o.print_fn = out_add;
	o.print_ctx = &got;
	sb = sandbox_new(&o);
	ok(sandbox_load(sb, "patterns.lua", script, strlen(script)) == 0 && sandbox_pcall(sb, 0, 0) == 0,
	   "the patterns run in the sandbox");
	printf("%s", sandbox_error(sb));
	sandbox_free(sb);

	for (i = 0; i < want.len && i < got.len && want.buf[i] == got.buf[i]; i++)
		if (want.buf[i] == '\n')
			line++;
	ok(want.len > 0 && want.len == got.len && i == want.len,
	   "the sandbox's matcher gives Lua 5.4's results and messages (%zu bytes)", want.len);
	if (i != want.len || want.len != got.len)
		printf("# first difference on line %zu\n", line);
	strbuf_release(&want);
	strbuf_release(&got);
	return tap_end();
}
