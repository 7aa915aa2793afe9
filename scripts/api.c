/*
 * api.c - the `ws` module: Lua arguments in, host slots called, results out
 * (contract in api.h). Bindings come from luaL_Reg tables.
 */
#include <string.h>
#include <stdlib.h>

#include <lauxlib.h>

#include "api.h"
#include "sandbox.h"
#include "util.h"

static const char *const kind_names[] = {
#define X(k, n) n,
	WSAPI_KINDS(X)
#undef X
};

static const char *const gran_names[] = {
#define X(k, n) n,
	WSAPI_GRANS(X)
#undef X
	NULL
};

static const char *const kind_meta[] = { "ws.program", "ws.machine", "ws.buffer" };

/* --- value trees written by the host */

enum out_op { OUT_BEGIN, OUT_END, OUT_INT, OUT_NUM, OUT_STR, OUT_BOOL };

struct out_item {
	enum out_op op;
	char *key, *s;
	long long i;
	double d;
};

struct wsapi_out {
	VEC(struct out_item) items;
};

static void out_add(struct wsapi_out *o, enum out_op op, const char *key, const char *s,
		    long long i, double d)
{
	struct out_item it = { op, key ? xstrdup(key) : NULL, s ? xstrdup(s) : NULL, i, d };

	vec_push(&o->items, it);
}

void wsapi_out_int(struct wsapi_out *o, const char *key, long long v)
{
	out_add(o, OUT_INT, key, NULL, v, 0);
}

void wsapi_out_num(struct wsapi_out *o, const char *key, double v)
{
	out_add(o, OUT_NUM, key, NULL, 0, v);
}

void wsapi_out_str(struct wsapi_out *o, const char *key, const char *s)
{
	out_add(o, OUT_STR, key, s ? s : "", 0, 0);
}

void wsapi_out_bool(struct wsapi_out *o, const char *key, int v)
{
	out_add(o, OUT_BOOL, key, NULL, v != 0, 0);
}

void wsapi_out_begin(struct wsapi_out *o, const char *key)
{
	out_add(o, OUT_BEGIN, key, NULL, 0, 0);
}

void wsapi_out_end(struct wsapi_out *o)
{
	out_add(o, OUT_END, NULL, NULL, 0, 0);
}

static void out_clear(struct wsapi_out *o)
{
	for (size_t i = 0; i < o->items.len; i++) {
		free(o->items.v[i].key);
		free(o->items.v[i].s);
	}
	vec_free(&o->items);
}

static int out_gc(lua_State *L)
{
	out_clear(lua_touserdata(L, 1));
	return 0;
}

/* A tree boxed in a userdata, so a Lua error while converting it leaks nothing. */
static struct wsapi_out *out_new(lua_State *L)
{
	struct wsapi_out *o = lua_newuserdatauv(L, sizeof(*o), 0);

	memset(o, 0, sizeof(*o));
	if (luaL_newmetatable(L, "ws.out")) {
		lua_pushcfunction(L, out_gc);
		lua_setfield(L, -2, "__gc");
	}
	lua_setmetatable(L, -2);
	return o;
}

/* Push items from *i on as one table, up to the matching END. */
static void out_table(lua_State *L, const struct wsapi_out *o, size_t *i)
{
	lua_Integer n = 0;

	luaL_checkstack(L, 4, "result too deep");
	lua_newtable(L);
	while (*i < o->items.len) {
		const struct out_item *it = &o->items.v[(*i)++];

		switch (it->op) {
		case OUT_END:
			return;
		case OUT_BEGIN:
			out_table(L, o, i);
			break;
		case OUT_INT:
			lua_pushinteger(L, it->i);
			break;
		case OUT_NUM:
			lua_pushnumber(L, it->d);
			break;
		case OUT_STR:
			lua_pushstring(L, it->s);
			break;
		case OUT_BOOL:
			lua_pushboolean(L, (int)it->i);
			break;
		}
		if (it->key)
			lua_setfield(L, -2, it->key);
		else
			lua_rawseti(L, -2, ++n);
	}
}

/* Replace the boxed tree at the top with its Lua table. */
static void out_push(lua_State *L)
{
	struct wsapi_out *o = lua_touserdata(L, -1);
	size_t i = 0;

	out_table(L, o, &i);
	lua_remove(L, -2);
}

/* --- the host and handles */

struct handle {
	enum wsapi_kind kind;
	uint64_t id; /* 0 once freed */
};

static struct wsapi_host *host_get(lua_State *L)
{
	struct wsapi_host *h;

	lua_getfield(L, LUA_REGISTRYINDEX, "ws.host");
	h = lua_touserdata(L, -1);
	lua_pop(L, 1);
	return h;
}

#define NEED(h, slot) \
	do { \
		if (!(h) || !(h)->slot) \
			return not_available(L); \
	} while (0)

static int not_available(lua_State *L)
{
	lua_pushnil(L);
	lua_pushliteral(L, "not available");
	return 2;
}

static int failed(lua_State *L, const char *err)
{
	lua_pushnil(L);
	lua_pushstring(L, err[0] ? err : "failed");
	return 2;
}

/* Around every slot: the host's memory counts against the script's memory
 * limit, and a spent budget (or Ctrl-C) stops the script here. */
static void budget_sync(lua_State *L, struct wsapi_host *h)
{
	struct sandbox *sb = h && h->budget ? h->budget->ctx : NULL;

	if (!sb)
		return;
	if (h->memory)
		sandbox_set_external(sb, h->memory(h->ctx));
	sandbox_charge_lua(L, 0);
}

/* User value 1: a machine's event callbacks; user value 2: the parent's
 * handle (a machine's program, a buffer's machine), kept alive as long as
 * the child is: collecting a program frees its machines and their buffers. */
/* Before compiling or making a machine: when the memory left is under half
 * of the limit, collect the garbage, so programs and machines a script
 * dropped (their memory is outside the Lua heap and never pushes the
 * collector) are freed before the limit refuses a new one. Half, not a
 * quarter: any object of at most half the limit then fits once the dropped
 * ones are freed (a quarter let two dropped 22 MiB programs stand under a
 * 64 MiB limit and the third compilation be refused). */
static void reclaim(lua_State *L, struct wsapi_host *h)
{
	struct sandbox *sb = h && h->budget ? h->budget->ctx : NULL;

	if (!sb)
		return;
	budget_sync(L, h);
	if (sandbox_memory_left(sb) < (sandbox_memory_left(sb) + sandbox_memory(sb) + (h->memory ? h->memory(h->ctx) : 0)) / 2) {
		lua_gc(L, LUA_GCCOLLECT);
		budget_sync(L, h);
	}
}

static void handle_push(lua_State *L, enum wsapi_kind kind, uint64_t id)
{
	struct handle *hd = lua_newuserdatauv(L, sizeof(*hd), 2);

	hd->kind = kind;
	hd->id = id;
	luaL_setmetatable(L, kind_meta[kind]);
}

/* The live id of the handle at idx, or a Lua error that says why not. */
static uint64_t handle_check(lua_State *L, int idx, enum wsapi_kind kind)
{
	struct handle *hd = luaL_checkudata(L, idx, kind_meta[kind]);
	struct wsapi_host *h = host_get(L);

	if (!hd->id)
		luaL_error(L, "%s handle used after free()", kind_names[kind]);
	if (h && h->alive && !h->alive(h->ctx, kind, hd->id))
		luaL_error(L, "stale %s handle #%I (it was freed, or its program recompiled)",
			   kind_names[kind], (lua_Integer)hd->id);
	return hd->id;
}

static void handle_release(lua_State *L, struct handle *hd)
{
	struct wsapi_host *h = host_get(L);

	if (hd->id && h && h->release && (!h->alive || h->alive(h->ctx, hd->kind, hd->id)))
		h->release(h->ctx, hd->kind, hd->id);
	hd->id = 0;
}

static int handle_gc(lua_State *L)
{
	handle_release(L, lua_touserdata(L, 1));
	return 0;
}

static int handle_free(lua_State *L)
{
	struct handle *hd = lua_touserdata(L, 1);

	luaL_argcheck(L, hd && lua_getmetatable(L, 1), 1, "expected a ws handle");
	handle_release(L, hd);
	return 0;
}

static int handle_tostring(lua_State *L)
{
	struct handle *hd = lua_touserdata(L, 1);

	lua_pushfstring(L, "ws.%s #%I%s", kind_names[hd->kind], (lua_Integer)hd->id,
			hd->id ? "" : " (freed)");
	return 1;
}

/* --- programs */

static int compile_result(lua_State *L, int ret, uint64_t id, const char *err)
{
	if (ret == 0) {
		handle_push(L, WSAPI_PROGRAM, id);
		return 1;
	}
	out_push(L); /* the diagnostics */
	lua_pushnil(L);
	lua_pushstring(L, err[0] ? err : "compile failed");
	lua_rotate(L, -3, 2);
	return 3;
}

static int ws_compile(lua_State *L)
{
	struct wsapi_host *h = host_get(L);
	size_t len;
	const char *text = luaL_checklstring(L, 1, &len);
	const char *name = luaL_optstring(L, 2, "script.cu");
	char err[WSAPI_ERR_MAX] = "";
	uint64_t id = 0;
	struct wsapi_out *o;
	int ret;

	NEED(h, compile);
	o = out_new(L);
	reclaim(L, h);
	ret = h->compile(h->ctx, name, text, len, &id, o, err);
	budget_sync(L, h);
	return compile_result(L, ret, id, err);
}

static int ws_compile_file(lua_State *L)
{
	struct wsapi_host *h = host_get(L);
	const char *path = luaL_checkstring(L, 1);
	char err[WSAPI_ERR_MAX] = "";
	uint64_t id = 0;
	struct wsapi_out *o;
	int ret;

	NEED(h, compile_file);
	o = out_new(L);
	reclaim(L, h);
	ret = h->compile_file(h->ctx, path, &id, o, err);
	budget_sync(L, h);
	return compile_result(L, ret, id, err);
}

static int ws_available(lua_State *L)
{
	static const char *const slots[] = { "compile", "compile_file", "machine", "alloc",
					     "launch", "run_main", "step", "break_at", "query",
					     "choices", "choose", "explore", "on", NULL };
	struct wsapi_host *h = host_get(L);
	int i = luaL_checkoption(L, 1, NULL, slots), ok = 0;

	if (h) {
		int have[] = { !!h->compile, !!h->compile_file, !!h->machine_new, !!h->buffer_new,
			       !!h->launch, !!h->run_main, !!h->step, !!h->breakpoint,
			       !!h->query, !!h->choices, !!h->choose, !!h->explore,
			       !!h->subscribe };
		ok = have[i];
	}
	lua_pushboolean(L, ok);
	return 1;
}

static unsigned long long opt_count(lua_State *L, int t, const char *k)
{
	lua_Integer v;

	lua_getfield(L, t, k);
	v = luaL_optinteger(L, -1, 0);
	lua_pop(L, 1);
	luaL_argcheck(L, v >= 0, t, lua_pushfstring(L, "%s must not be negative", k));
	return (unsigned long long)v;
}

/*
 * t[k] as a string, or NULL when nil. The value stays on the stack, as the
 * one thing that keeps it alive: an __index metamethod may have made it,
 * and a collection would free it under the caller.
 */
static const char *opt_string(lua_State *L, int t, const char *k)
{
	int ty = lua_getfield(L, t, k);

	if (ty == LUA_TNIL)
		return NULL;
	if (ty != LUA_TSTRING && ty != LUA_TNUMBER)
		luaL_error(L, "%s must be a string, got %s", k, luaL_typename(L, -1));
	return lua_tostring(L, -1);
}

static int ws_machine(lua_State *L)
{
	struct wsapi_host *h = host_get(L);
	uint64_t prog = handle_check(L, 1, WSAPI_PROGRAM), id = 0;
	struct wsapi_machine_opts o = { 0 };
	char err[WSAPI_ERR_MAX] = "";
	int ret;

	NEED(h, machine_new);
	if (lua_istable(L, 2)) {
		/* the strings stay on the stack until machine_new is done */
		o.simt = opt_string(L, 2, "simt");
		o.sched = opt_string(L, 2, "sched");
		o.model = opt_string(L, 2, "model");
		o.schedule = opt_string(L, 2, "schedule");
		lua_getfield(L, 2, "capture");
		o.capture = lua_toboolean(L, -1);
		lua_pop(L, 1);
		lua_getfield(L, 2, "stdin");
		if (lua_type(L, -1) == LUA_TSTRING)
			o.stdin_text = lua_tolstring(L, -1, &o.stdin_len);
		else if (!lua_isnil(L, -1))
			return luaL_error(L, "stdin must be a string");
		/* the stdin string stays on the stack too, and so does the trace */
		lua_getfield(L, 2, "trace");
		if (lua_type(L, -1) == LUA_TSTRING)
			o.trace_text = lua_tolstring(L, -1, &o.trace_len);
		else if (!lua_isnil(L, -1))
			return luaL_error(L, "trace must be a string (a trace file's text)");
		o.seed = opt_count(L, 2, "seed");
		o.max_steps = opt_count(L, 2, "max_steps");
		lua_getfield(L, 2, "fast");
		o.fast = lua_toboolean(L, -1);
		lua_pop(L, 1);
		prog = handle_check(L, 1, WSAPI_PROGRAM); /* a metamethod may have freed it */
	}
	reclaim(L, h);
	ret = h->machine_new(h->ctx, prog, &o, &id, err);
	budget_sync(L, h);
	if (ret < 0)
		return failed(L, err);
	handle_push(L, WSAPI_MACHINE, id);
	lua_newtable(L); /* event callbacks, by event name */
	lua_setiuservalue(L, -2, 1);
	lua_pushvalue(L, 1); /* the program lives while its machine does */
	lua_setiuservalue(L, -2, 2);
	return 1;
}

/* A generic query on the program or machine at 1: h:query(what [, where]);
 * what stays alive (on the stack or an upvalue) while the host uses it. */
static int query_run(lua_State *L, enum wsapi_kind kind, const char *what, int wi)
{
	struct wsapi_host *h = host_get(L);
	struct wsapi_where w = { -1, -1, -1, -1, -1, -1, NULL };
	char err[WSAPI_ERR_MAX] = "";
	struct wsapi_out *o;
	uint64_t id = handle_check(L, 1, kind);
	int ret;

	NEED(h, query);
	if (lua_istable(L, wi)) {
		long long *f[] = { &w.block, &w.warp, &w.lane, &w.thread, &w.offset, &w.count };
		const char *k[] = { "block", "warp", "lane", "thread", "offset", "count" };

		for (size_t i = 0; i < WS_ARRAY_LEN(f); i++) {
			lua_getfield(L, wi, k[i]);
			*f[i] = lua_isnil(L, -1) ? -1 : (long long)luaL_checkinteger(L, -1);
			lua_pop(L, 1);
		}
		w.name = opt_string(L, wi, "name"); /* stays on the stack */
		id = handle_check(L, 1, kind);       /* a metamethod may have freed it */
	} else if (lua_type(L, wi) == LUA_TSTRING) {
		w.name = lua_tostring(L, wi);
	}
	o = out_new(L);
	budget_sync(L, h);
	ret = h->query(h->ctx, id, what, &w, o, err);
	budget_sync(L, h);
	if (ret < 0)
		return failed(L, err);
	out_push(L);
	return 1;
}

static int program_kernels(lua_State *L)
{
	return query_run(L, WSAPI_PROGRAM, "kernels", 2);
}

/* --- machines */

/* Call the Lua callbacks of the events the host queued for machine idx. */
static void events_dispatch(lua_State *L, int idx, uint64_t m)
{
	struct wsapi_host *h = host_get(L);
	char err[WSAPI_ERR_MAX] = "";
	lua_Integer n;

	if (!h || !h->events)
		return;
	idx = lua_absindex(L, idx);
	out_new(L);
	budget_sync(L, h);
	if (h->events(h->ctx, m, lua_touserdata(L, -1), err) < 0) {
		lua_pop(L, 1);
		return;
	}
	out_push(L);
	lua_getiuservalue(L, idx, 1);
	n = (lua_Integer)lua_rawlen(L, -2);
	for (lua_Integer i = 1; i <= n; i++) {
		lua_rawgeti(L, -2, i);
		lua_getfield(L, -1, "event");
		if (lua_type(L, -1) == LUA_TSTRING && lua_rawget(L, -3) == LUA_TFUNCTION) {
			lua_pushvalue(L, -2);
			lua_call(L, 1, 0);
		} else {
			lua_pop(L, 1);
		}
		lua_pop(L, 1);
	}
	lua_pop(L, 2);
}

static int mach_step(lua_State *L)
{
	struct wsapi_host *h = host_get(L);
	uint64_t m = handle_check(L, 1, WSAPI_MACHINE);
	int g = luaL_checkoption(L, 2, "warp", gran_names);
	lua_Integer n = luaL_optinteger(L, 3, 1);
	char err[WSAPI_ERR_MAX] = "";
	struct wsapi_out *o;
	int ret;

	NEED(h, step);
	luaL_argcheck(L, n >= 1, 3, "the count must be at least 1");
	o = out_new(L);
	budget_sync(L, h);
	ret = h->step(h->ctx, m, (enum wsapi_gran)g, (uint64_t)n, o, err);
	budget_sync(L, h);
	if (ret < 0)
		return failed(L, err);
	out_push(L);
	events_dispatch(L, 1, m);
	return 1;
}

static int mach_run(lua_State *L)
{
	lua_settop(L, 1);
	lua_pushliteral(L, "all");
	return mach_step(L);
}

static int machine_alloc(lua_State *L)
{
	struct wsapi_host *h = host_get(L);
	uint64_t m = handle_check(L, 1, WSAPI_MACHINE), id = 0;
	lua_Integer bytes = luaL_checkinteger(L, 2);
	char err[WSAPI_ERR_MAX] = "";
	int ret;

	NEED(h, buffer_new);
	luaL_argcheck(L, bytes > 0, 2, "the size must be positive");
	budget_sync(L, h);
	ret = h->buffer_new(h->ctx, m, (size_t)bytes, &id, err);
	budget_sync(L, h);
	if (ret < 0)
		return failed(L, err);
	handle_push(L, WSAPI_BUFFER, id);
	lua_pushvalue(L, 1); /* the machine lives while its buffer does */
	lua_setiuservalue(L, -2, 2);
	return 1;
}

static void dim3_get(lua_State *L, int t, const char *k, unsigned d[3])
{
	d[0] = d[1] = d[2] = 1;
	lua_getfield(L, t, k);
	if (lua_isinteger(L, -1)) {
		d[0] = (unsigned)lua_tointeger(L, -1);
	} else if (lua_istable(L, -1)) {
		for (int i = 0; i < 3; i++) {
			lua_rawgeti(L, -1, i + 1);
			d[i] = lua_isnil(L, -1) ? 1 : (unsigned)luaL_checkinteger(L, -1);
			lua_pop(L, 1);
		}
	} else if (!lua_isnil(L, -1)) {
		luaL_error(L, "%s must be a number or {x, y, z}", k);
	}
	lua_pop(L, 1);
}

static void launch_arg(lua_State *L, int i, struct wsapi_arg *a)
{
	memset(a, 0, sizeof(*a));
	if (lua_isinteger(L, -1)) {
		a->kind = WSAPI_ARG_INT;
		a->i = lua_tointeger(L, -1);
	} else if (lua_type(L, -1) == LUA_TNUMBER) {
		a->kind = WSAPI_ARG_NUM;
		a->d = lua_tonumber(L, -1);
	} else if (luaL_testudata(L, -1, kind_meta[WSAPI_BUFFER])) {
		a->kind = WSAPI_ARG_BUFFER;
		a->buffer = handle_check(L, lua_gettop(L), WSAPI_BUFFER);
	} else {
		luaL_error(L, "argument %d of the kernel: expected a number or a buffer, got %s", i,
			   luaL_typename(L, -1));
	}
}

static int machine_launch(lua_State *L)
{
	struct wsapi_host *h = host_get(L);
	uint64_t m = handle_check(L, 1, WSAPI_MACHINE);
	const char *kernel = luaL_checkstring(L, 2);
	struct wsapi_launch l = { 0 };
	struct wsapi_arg *args;
	char err[WSAPI_ERR_MAX] = "";
	int ret;

	NEED(h, launch);
	luaL_checktype(L, 3, LUA_TTABLE);
	dim3_get(L, 3, "grid", l.grid);
	dim3_get(L, 3, "block", l.block);
	l.shared = (size_t)opt_count(L, 3, "shared");
	lua_getfield(L, 3, "args");
	l.nargs = lua_istable(L, -1) ? lua_rawlen(L, -1) : 0;
	luaL_argcheck(L, l.nargs <= 256, 3, "too many kernel arguments");
	args = lua_newuserdatauv(L, (l.nargs ? l.nargs : 1) * sizeof(*args), 0);
	for (size_t i = 0; i < l.nargs; i++) {
		lua_rawgeti(L, -2, (lua_Integer)i + 1);
		launch_arg(L, (int)i + 1, &args[i]);
		lua_pop(L, 1);
	}
	l.args = args;
	m = handle_check(L, 1, WSAPI_MACHINE); /* a metamethod may have freed it */
	budget_sync(L, h);
	ret = h->launch(h->ctx, m, kernel, &l, err);
	budget_sync(L, h);
	if (ret < 0)
		return failed(L, err);
	lua_pushboolean(L, 1);
	return 1;
}

static int machine_run_main(lua_State *L)
{
	struct wsapi_host *h = host_get(L);
	uint64_t m = handle_check(L, 1, WSAPI_MACHINE);
	int n = lua_gettop(L) - 1, status = 0, ret;
	const char **argv;
	char err[WSAPI_ERR_MAX] = "";

	NEED(h, run_main);
	argv = lua_newuserdatauv(L, (size_t)(n + 1) * sizeof(*argv), 0);
	for (int i = 0; i < n; i++)
		argv[i] = luaL_checkstring(L, i + 2);
	argv[n] = NULL;
	budget_sync(L, h);
	ret = h->run_main(h->ctx, m, n, argv, &status, err);
	budget_sync(L, h);
	if (ret < 0)
		return failed(L, err);
	events_dispatch(L, 1, m);
	lua_pushinteger(L, status);
	return 1;
}

static int breakpoint_set(lua_State *L, int set)
{
	struct wsapi_host *h = host_get(L);
	uint64_t m = handle_check(L, 1, WSAPI_MACHINE);
	lua_Integer line = luaL_checkinteger(L, 2);
	const char *file = luaL_optstring(L, 3, NULL);
	int bp = 0;
	char err[WSAPI_ERR_MAX] = "";

	NEED(h, breakpoint);
	if (h->breakpoint(h->ctx, m, file, (int)line, set, &bp, err) < 0)
		return failed(L, err);
	lua_pushinteger(L, bp);
	return 1;
}

static int machine_break_at(lua_State *L)
{
	return breakpoint_set(L, 1);
}

static int machine_clear_break(lua_State *L)
{
	return breakpoint_set(L, 0);
}

static int machine_query(lua_State *L)
{
	handle_check(L, 1, WSAPI_MACHINE);
	return query_run(L, WSAPI_MACHINE, luaL_checkstring(L, 2), 3);
}

/* m:warps(where), m:vars(where) ...: query with the name in the upvalue. */
static int machine_named_query(lua_State *L)
{
	handle_check(L, 1, WSAPI_MACHINE);
	return query_run(L, WSAPI_MACHINE, lua_tostring(L, lua_upvalueindex(1)), 2);
}

static int machine_choices(lua_State *L)
{
	struct wsapi_host *h = host_get(L);
	uint64_t m = handle_check(L, 1, WSAPI_MACHINE);
	char err[WSAPI_ERR_MAX] = "";

	NEED(h, choices);
	out_new(L);
	budget_sync(L, h);
	if (h->choices(h->ctx, m, lua_touserdata(L, -1), err) < 0)
		return failed(L, err);
	out_push(L);
	return 1;
}

static int machine_choose(lua_State *L)
{
	struct wsapi_host *h = host_get(L);
	uint64_t m = handle_check(L, 1, WSAPI_MACHINE);
	lua_Integer c = luaL_checkinteger(L, 2);
	char err[WSAPI_ERR_MAX] = "";
	int ret;

	NEED(h, choose);
	budget_sync(L, h);
	ret = h->choose(h->ctx, m, c, err);
	budget_sync(L, h);
	if (ret < 0)
		return failed(L, err);
	events_dispatch(L, 1, m);
	lua_pushboolean(L, 1);
	return 1;
}

static int machine_explore(lua_State *L)
{
	struct wsapi_host *h = host_get(L);
	uint64_t m = handle_check(L, 1, WSAPI_MACHINE);
	struct wsapi_explore x = { 0, 0 };
	char err[WSAPI_ERR_MAX] = "";
	int ret;

	NEED(h, explore);
	if (lua_istable(L, 2)) {
		x.max_runs = opt_count(L, 2, "max_runs");
		x.max_steps = opt_count(L, 2, "max_steps");
		m = handle_check(L, 1, WSAPI_MACHINE); /* a metamethod may have freed it */
	}
	out_new(L);
	budget_sync(L, h);
	ret = h->explore(h->ctx, m, &x, lua_touserdata(L, -1), err);
	budget_sync(L, h);
	if (ret < 0)
		return failed(L, err);
	out_push(L);
	return 1;
}

/* m:on(event, fn) / m:on(event, nil) */
static int machine_on(lua_State *L)
{
	struct wsapi_host *h = host_get(L);
	uint64_t m = handle_check(L, 1, WSAPI_MACHINE);
	const char *ev = luaL_checkstring(L, 2);
	int on = !lua_isnoneornil(L, 3);
	char err[WSAPI_ERR_MAX] = "";

	NEED(h, subscribe);
	if (on)
		luaL_checktype(L, 3, LUA_TFUNCTION);
	if (h->subscribe(h->ctx, m, ev, on, err) < 0)
		return failed(L, err);
	lua_settop(L, 3);
	lua_getiuservalue(L, 1, 1);
	lua_pushvalue(L, 2);
	lua_pushvalue(L, 3);
	lua_rawset(L, -3);
	lua_pushboolean(L, 1);
	return 1;
}

/* --- buffers */

struct elem_type {
	const char *name;
	size_t size;
	char kind; /* i signed, u unsigned, f float */
};

static const struct elem_type elem_types[] = {
	{ "i8", 1, 'i' },  { "u8", 1, 'u' },  { "i16", 2, 'i' }, { "u16", 2, 'u' },
	{ "i32", 4, 'i' }, { "u32", 4, 'u' }, { "i64", 8, 'i' }, { "u64", 8, 'u' },
	{ "f32", 4, 'f' }, { "f64", 8, 'f' },
};

static const struct elem_type *elem_check(lua_State *L, int idx)
{
	const char *s = luaL_checkstring(L, idx);

	for (size_t i = 0; i < WS_ARRAY_LEN(elem_types); i++)
		if (strcmp(elem_types[i].name, s) == 0)
			return &elem_types[i];
	luaL_argerror(L, idx, lua_pushfstring(L, "unknown element type '%s' (i8 ... u64, f32, f64)", s));
	return NULL;
}

static void elem_pack(lua_State *L, const struct elem_type *t, unsigned char *p)
{
	if (t->kind == 'f') {
		double d = luaL_checknumber(L, -1);
		float f = (float)d;

		memcpy(p, t->size == 4 ? (void *)&f : (void *)&d, t->size);
	} else {
		uint64_t v = (uint64_t)luaL_checkinteger(L, -1);

		for (size_t b = 0; b < t->size; b++) /* little-endian, as the device */
			p[b] = (unsigned char)(v >> (8 * b));
	}
}

static void elem_unpack(lua_State *L, const struct elem_type *t, const unsigned char *p)
{
	uint64_t v = 0;

	if (t->kind == 'f') {
		float f;
		double d;

		if (t->size == 4) {
			memcpy(&f, p, 4);
			d = f;
		} else {
			memcpy(&d, p, 8);
		}
		lua_pushnumber(L, d);
		return;
	}
	for (size_t b = 0; b < t->size; b++)
		v |= (uint64_t)p[b] << (8 * b);
	if (t->kind == 'i' && t->size < 8 && (v >> (8 * t->size - 1)) & 1)
		v |= ~(uint64_t)0 << (8 * t->size);
	lua_pushinteger(L, (lua_Integer)v);
}

/* b:write(offset, type, value | {values}) */
static int buffer_write(lua_State *L)
{
	struct wsapi_host *h = host_get(L);
	uint64_t b = handle_check(L, 1, WSAPI_BUFFER);
	lua_Integer off = luaL_checkinteger(L, 2);
	const struct elem_type *t = elem_check(L, 3);
	size_t n = lua_istable(L, 4) ? lua_rawlen(L, 4) : 1;
	unsigned char *data;
	char err[WSAPI_ERR_MAX] = "";

	NEED(h, buffer_io);
	luaL_argcheck(L, off >= 0, 2, "the offset must not be negative");
	luaL_argcheck(L, n <= ((size_t)1 << 28) / t->size, 4, "too many values");
	data = lua_newuserdatauv(L, n * t->size + 1, 0);
	for (size_t i = 0; i < n; i++) {
		if (lua_istable(L, 4))
			lua_rawgeti(L, 4, (lua_Integer)i + 1);
		else
			lua_pushvalue(L, 4);
		elem_pack(L, t, data + i * t->size);
		lua_pop(L, 1);
	}
	budget_sync(L, h);
	if (h->buffer_io(h->ctx, b, (size_t)off, data, n * t->size, 1, err) < 0)
		return failed(L, err);
	lua_pushboolean(L, 1);
	return 1;
}

/* b:read(offset, type, count) -> { values } */
static int buffer_read(lua_State *L)
{
	struct wsapi_host *h = host_get(L);
	uint64_t b = handle_check(L, 1, WSAPI_BUFFER);
	lua_Integer off = luaL_checkinteger(L, 2);
	const struct elem_type *t = elem_check(L, 3);
	lua_Integer n = luaL_optinteger(L, 4, 1);
	unsigned char *data;
	char err[WSAPI_ERR_MAX] = "";

	NEED(h, buffer_io);
	luaL_argcheck(L, off >= 0, 2, "the offset must not be negative");
	luaL_argcheck(L, n >= 0 && (size_t)n <= ((size_t)1 << 28) / t->size, 4, "bad count");
	data = lua_newuserdatauv(L, (size_t)n * t->size + 1, 0);
	budget_sync(L, h);
	if (h->buffer_io(h->ctx, b, (size_t)off, data, (size_t)n * t->size, 0, err) < 0)
		return failed(L, err);
	lua_createtable(L, (int)n, 0);
	for (lua_Integer i = 0; i < n; i++) {
		elem_unpack(L, t, data + i * t->size);
		lua_rawseti(L, -2, i + 1);
	}
	return 1;
}

static int buffer_addr(lua_State *L)
{
	struct wsapi_host *h = host_get(L);
	uint64_t b = handle_check(L, 1, WSAPI_BUFFER), addr = 0;
	char err[WSAPI_ERR_MAX] = "";

	NEED(h, buffer_addr);
	if (h->buffer_addr(h->ctx, b, &addr, err) < 0)
		return failed(L, err);
	lua_pushinteger(L, (lua_Integer)addr);
	return 1;
}

/* --- registration */

static const luaL_Reg ws_funcs[] = {
	{ "compile", ws_compile },
	{ "compile_file", ws_compile_file },
	{ "machine", ws_machine },
	{ "available", ws_available },
	{ NULL, NULL },
};

static const luaL_Reg program_methods[] = {
	{ "kernels", program_kernels },
	{ "free", handle_free },
	{ NULL, NULL },
};

static const luaL_Reg machine_methods[] = {
	{ "alloc", machine_alloc },     { "launch", machine_launch },
	{ "run_main", machine_run_main }, { "step", mach_step },
	{ "run", mach_run },             { "break_at", machine_break_at },
	{ "clear_break", machine_clear_break }, { "query", machine_query },
	{ "choices", machine_choices }, { "choose", machine_choose },
	{ "explore", machine_explore }, { "on", machine_on },
	{ "free", handle_free },        { NULL, NULL },
};

/* State queries that get their own method name: m:warps{...} is m:query("warps", {...}). */
static const char *const machine_queries[] = {
	"status", "warps", "groups", "vars", "shared", "global", "barriers", "cubarriers", "async", "pending", "textures",
	"findings", "source", "access", "memlog", "candidates", "mm_events", "output", "compare",
};

static const luaL_Reg buffer_methods[] = {
	{ "write", buffer_write },
	{ "read", buffer_read },
	{ "addr", buffer_addr },
	{ "free", handle_free },
	{ NULL, NULL },
};

static void meta_new(lua_State *L, enum wsapi_kind kind, const luaL_Reg *methods)
{
	luaL_newmetatable(L, kind_meta[kind]);
	lua_pushcfunction(L, handle_gc);
	lua_setfield(L, -2, "__gc");
	lua_pushcfunction(L, handle_tostring);
	lua_setfield(L, -2, "__tostring");
	lua_pushliteral(L, "locked");
	lua_setfield(L, -2, "__metatable");
	luaL_newlibtable(L, program_methods); /* a size hint */
	luaL_setfuncs(L, methods, 0);
	if (kind == WSAPI_MACHINE) {
		for (size_t i = 0; i < WS_ARRAY_LEN(machine_queries); i++) {
			lua_pushstring(L, machine_queries[i]);
			lua_pushcclosure(L, machine_named_query, 1);
			lua_setfield(L, -2, machine_queries[i]);
		}
	}
	lua_setfield(L, -2, "__index");
	lua_pop(L, 1);
}

void wsapi_open(lua_State *L, struct wsapi_host *host)
{
	lua_pushlightuserdata(L, host);
	lua_setfield(L, LUA_REGISTRYINDEX, "ws.host");
	meta_new(L, WSAPI_PROGRAM, program_methods);
	meta_new(L, WSAPI_MACHINE, machine_methods);
	meta_new(L, WSAPI_BUFFER, buffer_methods);
	luaL_newlib(L, ws_funcs);
	lua_pushliteral(L, "warpstep");
	lua_setfield(L, -2, "name");
	lua_setglobal(L, "ws");
}

static int wsapi_open_protected(lua_State *L)
{
	wsapi_open(L, lua_touserdata(L, 1));
	return 0;
}

static int budget_charge(void *bctx, uint64_t steps)
{
	uint64_t units = steps > UINT64_MAX / WSAPI_STEP_COST ? UINT64_MAX : steps * WSAPI_STEP_COST;

	return sandbox_charge(bctx, units) < 0;
}

static size_t budget_mem_left(void *bctx)
{
	return sandbox_memory_left(bctx);
}

int wsapi_install(struct sandbox *sb, struct wsapi_host *host)
{
	lua_State *L = sandbox_state(sb);

	if (host && host->budget) {
		host->budget->charge = budget_charge;
		host->budget->mem_left = budget_mem_left;
		host->budget->ctx = sb;
	}
	lua_pushcfunction(L, wsapi_open_protected);
	lua_pushlightuserdata(L, host);
	return sandbox_pcall(sb, 1, 0);
}
