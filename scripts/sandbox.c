/*
 * sandbox.c - the restricted Lua state (contract in sandbox.h).
 *
 * Design: the sandbox struct is the allocator's userdata, so the count hook
 * and the message handler find it with lua_getallocf, whatever coroutine
 * they run in. Coroutines inherit the hook of the thread that creates them.
 */
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>
#include <lualib.h>

#include "sandbox.h"
#include "util.h"

/* While rendering an error the heap may grow this much past the limit, so a
 * memory error can still be described. */
#define RENDER_SLACK (1u << 20)

struct sandbox {
	lua_State *L;
	uint64_t max_instructions, count;
	int exceeded;     /* the budget ran out: every instruction fails */
	size_t max_memory, used;
	int mem_refused;  /* the allocator said no at least once */
	int rendering;    /* allow RENDER_SLACK more */
	struct strbuf err, trace;
	struct strbuf comsg, cotrace; /* the last error that ended a coroutine.wrap coroutine */
	const char *name; /* the chunk being run, for errors without a location */
	void (*print_fn)(void *ctx, const char *s, size_t n);
	void *print_ctx;
	FILE *print_file;
};

static struct sandbox *sandbox_of(lua_State *L)
{
	void *ud;

	lua_getallocf(L, &ud);
	return ud;
}

/* --- limits */

static void *sandbox_alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
	struct sandbox *sb = ud;
	size_t old = ptr ? osize : 0, limit;
	void *p;

	if (nsize == 0) {
		free(ptr);
		sb->used -= old;
		return NULL;
	}
	limit = sb->max_memory + (sb->rendering ? RENDER_SLACK : 0);
	if (nsize > old && sb->used - old + nsize > limit) {
		sb->mem_refused = 1;
		return NULL;
	}
	if (!(p = realloc(ptr, nsize)))
		return NULL;
	sb->used = sb->used - old + nsize;
	return p;
}

static void sandbox_hook(lua_State *L, lua_Debug *ar)
{
	struct sandbox *sb = sandbox_of(L);
	int step = lua_gethookcount(L);

	if (!sb->exceeded) {
		sb->count += (uint64_t)step;
		if (step != SANDBOX_HOOK_STEP) /* a thread left at 1 by an old budget */
			lua_sethook(L, sandbox_hook, LUA_MASKCOUNT, SANDBOX_HOOK_STEP);
		if (sb->count <= sb->max_instructions)
			return;
		sb->exceeded = 1;
	}
	/* From now on every instruction of this thread fails. */
	lua_sethook(L, sandbox_hook, LUA_MASKCOUNT, 1);
	if (lua_getinfo(L, "Sl", ar) && ar->currentline > 0)
		lua_pushfstring(L, "%s:%d: ", ar->short_src, ar->currentline);
	else
		lua_pushliteral(L, "");
	luaL_error(L, "%sscript exceeded its instruction budget of %I instructions",
		   lua_tostring(L, -1), (lua_Integer)sb->max_instructions);
}

void sandbox_budget_reset(struct sandbox *sb)
{
	sb->count = 0;
	sb->exceeded = 0;
	lua_sethook(sb->L, sandbox_hook, LUA_MASKCOUNT, SANDBOX_HOOK_STEP);
}

size_t sandbox_memory(const struct sandbox *sb)
{
	return sb->used;
}

/* --- replaced base functions */

static int sb_print(lua_State *L)
{
	struct sandbox *sb = sandbox_of(L);
	int n = lua_gettop(L);
	luaL_Buffer b;

	luaL_buffinit(L, &b);
	for (int i = 1; i <= n; i++) {
		if (i > 1)
			luaL_addchar(&b, '\t');
		luaL_tolstring(L, i, NULL);
		luaL_addvalue(&b);
	}
	luaL_addchar(&b, '\n');
	luaL_pushresult(&b);
	{
		size_t len;
		const char *s = lua_tolstring(L, -1, &len);

		if (sb->print_fn)
			sb->print_fn(sb->print_ctx, s, len);
		else
			fwrite(s, 1, len, sb->print_file ? sb->print_file : stdout);
	}
	return 0;
}

/* load(chunk [, name [, mode [, env]]]) with mode forced to "t". */
static int sb_load(lua_State *L)
{
	int n = lua_gettop(L);

	if (n < 3)
		lua_settop(L, n = 3);
	lua_pushliteral(L, "t");
	lua_replace(L, 3);
	lua_pushvalue(L, lua_upvalueindex(1));
	lua_insert(L, 1);
	lua_call(L, n, LUA_MULTRET);
	return lua_gettop(L);
}

static int sb_collectgarbage(lua_State *L)
{
	const char *opt = luaL_optstring(L, 1, "collect");
	int kb, b;

	if (strcmp(opt, "count") != 0)
		return luaL_error(L, "collectgarbage('%s') is not allowed in scripts (only 'count')",
				  opt);
	kb = lua_gc(L, LUA_GCCOUNT);
	b = lua_gc(L, LUA_GCCOUNTB);
	lua_pushnumber(L, (lua_Number)kb + (lua_Number)b / 1024);
	return 1;
}

static void global_remove(lua_State *L, const char *name)
{
	lua_pushnil(L);
	lua_setglobal(L, name);
}

/*
 * coroutine.wrap, keeping the coroutine's traceback: when the coroutine
 * dies of an error, the error goes on unchanged (no second location in
 * front of the first) and its traceback is kept, so the diagnostic shows
 * where in the coroutine it happened (trace_merge).
 */
static int sb_wrap_call(lua_State *L)
{
	lua_State *co = lua_tothread(L, lua_upvalueindex(1));
	struct sandbox *sb = sandbox_of(L);
	int nargs = lua_gettop(L), nres, st;

	if (lua_status(co) == LUA_OK && lua_gettop(co) == 0)
		return luaL_error(L, "cannot resume dead coroutine");
	if (!lua_checkstack(co, nargs))
		return luaL_error(L, "too many arguments to resume");
	lua_xmove(L, co, nargs);
	st = lua_resume(co, L, nargs, &nres);
	if (st == LUA_OK || st == LUA_YIELD) {
		if (!lua_checkstack(L, nres + 1))
			return luaL_error(L, "too many results to resume");
		lua_xmove(co, L, nres);
		return nres;
	}
	lua_xmove(co, L, 1);
	if (lua_type(L, -1) == LUA_TSTRING && st != LUA_ERRMEM) {
		strbuf_reset(&sb->comsg);
		strbuf_adds(&sb->comsg, lua_tostring(L, -1));
		luaL_traceback(L, co, NULL, 0);
		strbuf_reset(&sb->cotrace);
		strbuf_adds(&sb->cotrace, lua_tostring(L, -1));
		lua_pop(L, 1);
	}
	return lua_error(L);
}

static int sb_wrap(lua_State *L)
{
	lua_State *co;

	luaL_checktype(L, 1, LUA_TFUNCTION);
	co = lua_newthread(L);
	lua_pushvalue(L, 1);
	lua_xmove(L, co, 1);
	lua_pushcclosure(L, sb_wrap_call, 1);
	return 1;
}

/*
 * Lua's pattern matcher backtracks inside one C call, where the instruction
 * budget cannot stop it: ("a"):rep(1e5):find(".-.-.-.-.-.-.-.-b") would run
 * for days. Its worst case grows like (subject length)^(repetitions), so
 * before string.find/match/gmatch/gsub run, a pattern with three or more
 * repetitions ('*', '+', '-') whose worst case passes about 10^12 steps is
 * refused with an error the script can read. Plain finds, simple patterns
 * and short subjects are untouched.
 */
static int pattern_repetitions(const char *p, size_t n)
{
	int q = 0;
	for (size_t i = 0; i < n; i++) {
		if (p[i] == '%') {
			i++;
		} else if (p[i] == '[') {
			/* a set: its '-' are ranges, not repetitions */
			for (i++; i < n && p[i] != ']'; i++)
				if (p[i] == '%')
					i++;
		} else if (p[i] == '*' || p[i] == '+' || p[i] == '-') {
			q++;
		}
	}
	return q;
}

static int sb_pattern_call(lua_State *L)
{
	size_t ls, lp;
	const char *s = luaL_checklstring(L, 1, &ls);
	const char *p = luaL_checklstring(L, 2, &lp);
	int plain = lua_toboolean(L, lua_upvalueindex(2)) && lua_toboolean(L, 4);
	(void)s;
	if (!plain) {
		int q = pattern_repetitions(p, lp);
		double digits = 0;
		for (size_t x = ls; x >= 10; x /= 10)
			digits++;
		if (q >= 3 && q * digits > 12)
			return luaL_error(L, "string pattern too costly: %d repetitions over %d characters "
					  "could backtrack for days; use fewer '*', '+' or '-' or a shorter string",
					  q, (int)ls);
	}
	lua_pushvalue(L, lua_upvalueindex(1));
	lua_insert(L, 1);
	lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
	return lua_gettop(L);
}

/* Wrap the string table's pattern functions (the table is at the top). */
static void guard_patterns(lua_State *L)
{
	static const char *const names[] = { "find", "match", "gmatch", "gsub" };
	for (size_t i = 0; i < WS_ARRAY_LEN(names); i++) {
		lua_getfield(L, -1, names[i]);
		lua_pushboolean(L, i == 0); /* only find has a 'plain' argument */
		lua_pushcclosure(L, sb_pattern_call, 2);
		lua_setfield(L, -2, names[i]);
	}
}

/* Open the allowed libraries and trim them (run protected). */
static int sandbox_open(lua_State *L)
{
	static const luaL_Reg libs[] = {
		{ LUA_GNAME, luaopen_base },        { LUA_STRLIBNAME, luaopen_string },
		{ LUA_TABLIBNAME, luaopen_table },  { LUA_MATHLIBNAME, luaopen_math },
		{ LUA_UTF8LIBNAME, luaopen_utf8 },  { LUA_COLIBNAME, luaopen_coroutine },
	};

	for (size_t i = 0; i < WS_ARRAY_LEN(libs); i++) {
		luaL_requiref(L, libs[i].name, libs[i].func, 1);
		lua_pop(L, 1);
	}
	global_remove(L, "dofile");
	global_remove(L, "loadfile");
	global_remove(L, "require");
	global_remove(L, "warn");
	lua_getglobal(L, "load");
	lua_pushcclosure(L, sb_load, 1);
	lua_setglobal(L, "load");
	lua_register(L, "print", sb_print);
	lua_register(L, "collectgarbage", sb_collectgarbage);
	lua_getglobal(L, LUA_STRLIBNAME);
	lua_pushnil(L);
	lua_setfield(L, -2, "dump");
	guard_patterns(L);
	lua_pop(L, 1);
	lua_getglobal(L, LUA_COLIBNAME);
	lua_pushcfunction(L, sb_wrap);
	lua_setfield(L, -2, "wrap");
	lua_pop(L, 1);
	return 0;
}

void sandbox_opts_init(struct sandbox_opts *o)
{
	memset(o, 0, sizeof(*o));
}

struct sandbox *sandbox_new(const struct sandbox_opts *o)
{
	struct sandbox *sb = xcalloc(1, sizeof(*sb));

	sb->max_instructions = o->max_instructions ? o->max_instructions : SANDBOX_DEFAULT_INSTRUCTIONS;
	sb->max_memory = o->max_memory ? o->max_memory : SANDBOX_DEFAULT_MEMORY;
	sb->print_fn = o->print_fn;
	sb->print_ctx = o->print_ctx;
	sb->print_file = o->print_file;
	sb->name = "script";
	strbuf_init(&sb->err);
	strbuf_init(&sb->trace);
	strbuf_init(&sb->comsg);
	strbuf_init(&sb->cotrace);
	if (!(sb->L = lua_newstate(sandbox_alloc, sb)))
		goto free_sb;
	lua_pushcfunction(sb->L, sandbox_open);
	if (lua_pcall(sb->L, 0, 0, 0) != LUA_OK)
		goto close_state;
	sandbox_budget_reset(sb);
	return sb;
close_state:
	lua_close(sb->L);
free_sb:
	strbuf_release(&sb->err);
	strbuf_release(&sb->trace);
	strbuf_release(&sb->comsg);
	strbuf_release(&sb->cotrace);
	free(sb);
	return NULL;
}

void sandbox_free(struct sandbox *sb)
{
	if (!sb)
		return;
	lua_close(sb->L);
	strbuf_release(&sb->err);
	strbuf_release(&sb->trace);
	strbuf_release(&sb->comsg);
	strbuf_release(&sb->cotrace);
	free(sb);
}

lua_State *sandbox_state(struct sandbox *sb)
{
	return sb->L;
}

const char *sandbox_error(const struct sandbox *sb)
{
	return strbuf_cstr(&sb->err);
}

/* --- errors */

static int tostring_protected(lua_State *L)
{
	luaL_tolstring(L, 1, NULL);
	return 1;
}

/* Push a string describing the error object at idx; metamethods that fail
 * or return a non-string give a plain description. */
static void error_describe(lua_State *L, int idx)
{
	idx = lua_absindex(L, idx);
	if (lua_type(L, idx) == LUA_TSTRING || lua_type(L, idx) == LUA_TNUMBER) {
		lua_pushstring(L, lua_tostring(L, idx));
		return;
	}
	if (luaL_getmetafield(L, idx, "__tostring") != LUA_TNIL) {
		lua_pop(L, 1);
		lua_pushcfunction(L, tostring_protected);
		lua_pushvalue(L, idx);
		if (lua_pcall(L, 1, 1, 0) == LUA_OK && lua_type(L, -1) == LUA_TSTRING)
			return;
		lua_pop(L, 1);
	}
	if (lua_isnil(L, idx))
		lua_pushliteral(L, "(error object is nil)");
	else
		lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, idx));
}

/* Keep of's traceback; when the error (the described string on L's top)
 * came out of a coroutine.wrap coroutine, the coroutine's traceback first. */
static void trace_keep(struct sandbox *sb, lua_State *L, lua_State *of, int level)
{
	const char *msg = lua_tostring(L, -1);
	const char *t;

	luaL_traceback(L, of, NULL, level);
	t = lua_tostring(L, -1);
	strbuf_reset(&sb->trace);
	if (sb->comsg.len && msg && !strcmp(msg, strbuf_cstr(&sb->comsg))) {
		strbuf_adds(&sb->trace, strbuf_cstr(&sb->cotrace));
		strbuf_adds(&sb->trace, "\n\t(the coroutine was resumed from:)");
		t = strchr(t, '\n') ? strchr(t, '\n') : "";
	}
	strbuf_adds(&sb->trace, t);
	lua_pop(L, 1);
}

/* The message handler of sandbox_pcall: describe the error, keep the trace. */
static int sandbox_msgh(lua_State *L)
{
	struct sandbox *sb = sandbox_of(L);

	sb->rendering = 1;
	error_describe(L, 1);
	trace_keep(sb, L, L, 1);
	return 1;
}

/* Length of "src:123: " at the start of msg, else 0. */
static size_t location_len(const char *msg)
{
	for (const char *p = msg; *p && *p != '\n'; p++) {
		const char *q = p + 1;

		if (*p != ':' || p == msg || !(*q >= '0' && *q <= '9'))
			continue;
		while (*q >= '0' && *q <= '9')
			q++;
		if (q[0] == ':' && q[1] == ' ')
			return (size_t)(q + 2 - msg);
	}
	return 0;
}

/* Render "file:line: error: message" + the kept traceback into sb->err. */
static void error_render(struct sandbox *sb, int status, const char *msg)
{
	char lim[96];
	size_t loc;

	if (sb->exceeded) {
		snprintf(lim, sizeof(lim), "script exceeded its instruction budget of %llu instructions",
			 (unsigned long long)sb->max_instructions);
		if (!strstr(msg, lim))
			msg = lim;
	} else if (status == LUA_ERRMEM || (sb->mem_refused && strstr(msg, "not enough memory"))) {
		snprintf(lim, sizeof(lim), "script exceeded its memory limit of %zu MiB",
			 sb->max_memory >> 20);
		msg = lim;
		strbuf_reset(&sb->trace); /* the handler does not run on memory errors */
	}
	strbuf_reset(&sb->err);
	loc = location_len(msg);
	if (loc)
		strbuf_addf(&sb->err, "%.*s error: %s", (int)(loc - 1), msg, msg + loc);
	else
		strbuf_addf(&sb->err, "%s: error: %s", sb->name, msg);
	if (sb->trace.len)
		strbuf_addf(&sb->err, "\n%s", strbuf_cstr(&sb->trace));
	strbuf_addc(&sb->err, '\n');
	sb->rendering = 0;
}

/* --- the entry points */

int sandbox_load(struct sandbox *sb, const char *name, const char *text, size_t len)
{
	lua_State *L = sb->L;
	char *chunk = xmalloc(strlen(name) + 2);
	int status;

	chunk[0] = '@';
	strcpy(chunk + 1, name);
	sb->name = name;
	strbuf_reset(&sb->trace);
	status = luaL_loadbufferx(L, text, len, chunk, "t");
	free(chunk);
	if (status == LUA_OK)
		return 0;
	sb->rendering = 1;
	error_render(sb, status, lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "cannot load");
	lua_pop(L, 1);
	return -1;
}

int sandbox_loadfile(struct sandbox *sb, const char *path)
{
	const char *why;
	size_t len;
	char *text = util_read_file(path, &len, &why);
	int ret;

	if (!text) {
		strbuf_reset(&sb->err);
		strbuf_addf(&sb->err, "%s: error: cannot open: %s\n", path, why);
		return -1;
	}
	ret = sandbox_load(sb, path, text, len);
	free(text);
	return ret;
}

int sandbox_pcall(struct sandbox *sb, int nargs, int nresults)
{
	lua_State *L = sb->L;
	int base = lua_gettop(L) - nargs, status;

	if (!lua_checkstack(L, 1)) {
		strbuf_reset(&sb->err);
		strbuf_addf(&sb->err, "%s: error: Lua stack exhausted\n", sb->name);
		lua_settop(L, base - 1);
		return -1;
	}
	strbuf_reset(&sb->trace);
	strbuf_reset(&sb->comsg);
	lua_pushcfunction(L, sandbox_msgh);
	lua_insert(L, base);
	status = lua_pcall(L, nargs, nresults, base);
	lua_remove(L, base);
	if (status == LUA_OK)
		return 0;
	error_render(sb, status, lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1)
								 : "(error object is not a string)");
	lua_pop(L, 1);
	return -1;
}

/* Describe co's error object and keep co's traceback (run protected). */
static int resume_describe(lua_State *L)
{
	struct sandbox *sb = sandbox_of(L);
	lua_State *co = lua_tothread(L, 2);

	error_describe(L, 1);
	trace_keep(sb, L, co, 0);
	return 1;
}

int sandbox_resume(struct sandbox *sb, lua_State *co, int nargs, int *nres)
{
	lua_State *L = sb->L;
	int status;

	strbuf_reset(&sb->trace);
	strbuf_reset(&sb->comsg);
	status = lua_resume(co, L, nargs, nres);
	if (status == LUA_OK || status == LUA_YIELD)
		return status;
	sb->rendering = 1;
	lua_xmove(co, L, 1);
	if (lua_checkstack(L, 3)) {
		lua_pushcfunction(L, resume_describe);
		lua_insert(L, -2);
		lua_pushthread(co);
		lua_xmove(co, L, 1);
		if (lua_pcall(L, 2, 1, 0) != LUA_OK || lua_type(L, -1) != LUA_TSTRING) {
			lua_pop(L, 1);
			lua_pushliteral(L, "(error object cannot be described)");
		}
	}
	error_render(sb, status, lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "(error)");
	lua_pop(L, 1);
	return -1;
}

/* --- scripts */

struct script_args {
	const char *path;
	int argc;
	char **argv;
};

/* Set the global arg = { [0] = path, ... } and push the arguments (protected). */
static int args_push(lua_State *L)
{
	const struct script_args *a = lua_touserdata(L, 1);

	lua_settop(L, 0);
	luaL_checkstack(L, a->argc + 2, "too many arguments");
	lua_createtable(L, a->argc, 1);
	lua_pushstring(L, a->path);
	lua_rawseti(L, -2, 0);
	for (int i = 0; i < a->argc; i++) {
		lua_pushstring(L, a->argv[i]);
		lua_rawseti(L, -2, i + 1);
	}
	lua_setglobal(L, "arg");
	for (int i = 0; i < a->argc; i++)
		lua_pushstring(L, a->argv[i]);
	return a->argc;
}

int sandbox_run_file(struct sandbox *sb, const char *path, int argc, char **argv)
{
	lua_State *L = sb->L;
	struct script_args a = { path, argc, argv };

	if (sandbox_loadfile(sb, path) < 0)
		return -1;
	lua_pushcfunction(L, args_push);
	lua_pushlightuserdata(L, &a);
	if (lua_pcall(L, 1, argc, 0) != LUA_OK) {
		lua_pop(L, 2);
		strbuf_reset(&sb->err);
		strbuf_addf(&sb->err, "%s: error: cannot pass the arguments\n", path);
		return -1;
	}
	return sandbox_pcall(sb, argc, 0);
}
