/*
 * sandbox.c - the restricted Lua state (contract in sandbox.h).
 *
 * Design: the sandbox struct is the allocator's userdata, so the count hook
 * and the message handler find it with lua_getallocf, whatever coroutine
 * they run in. Coroutines inherit the hook of the thread that creates them.
 */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>

#include <lauxlib.h>
#include <lualib.h>

#include "pattern.h"
#include "sandbox.h"
#include "util.h"

/* While rendering an error the heap may grow this much past the limit, so a
 * memory error can still be described. */
#define RENDER_SLACK (1u << 20)

/* The budget's time rate: an interval of hook steps that took longer than
 * this many ns per instruction is charged by its time instead (expensive
 * instructions: concatenating or comparing huge strings, growing tables). */
#define NS_PER_INSN 10
/* Average ns per instruction past which the hook runs at every instruction,
 * so an expensive one is caught after one, not after SANDBOX_HOOK_STEP. */
#define SLOW_NS 1000
/* Processor time between ticks that make the running thread's next
 * instruction call the hook, so one costly instruction repeated within a
 * hook step is seen after one tick, not SANDBOX_HOOK_STEP instructions. */
#define TICK_US 10000

struct sandbox {
	lua_State *L;
	uint64_t max_instructions, count;
	int exceeded;     /* the budget ran out: every instruction fails */
	volatile sig_atomic_t interrupted; /* Ctrl-C while the script ran */
	uint64_t clock;   /* ns: the last hook or explicit charge */
	int depth;        /* nested entry points running (signal handlers installed at 1) */
	lua_State *volatile running; /* the thread running Lua now, for the tick */
	size_t max_memory, used;
	size_t external;  /* bytes the host holds for the script (programs, machines) */
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
	/* while an error is rendered only Lua's own heap counts: the engine's
	 * memory (external) may be what ran out, and a refused allocation
	 * outside a protected call would abort the whole tool */
	if (nsize > old && (sb->rendering ? sb->used - old + nsize > limit
			    : sb->external >= limit || sb->used - old + nsize > limit - sb->external)) {
		sb->mem_refused = 1;
		return NULL;
	}
	if (!(p = realloc(ptr, nsize)))
		return NULL;
	sb->used = sb->used - old + nsize;
	return p;
}

/* Processor time: a loaded machine does not make a script's work dearer. */
static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static int spent(const struct sandbox *sb)
{
	return sb->exceeded || sb->interrupted;
}

static void count_add(struct sandbox *sb, uint64_t n)
{
	sb->count = n > UINT64_MAX - sb->count ? UINT64_MAX : sb->count + n;
	if (sb->count > sb->max_instructions)
		sb->exceeded = 1;
}

/* Push "file:line: " of the innermost Lua function running (else ""). */
static void where_push(lua_State *L)
{
	lua_Debug ar;

	for (int level = 0; lua_getstack(L, level, &ar); level++)
		if (lua_getinfo(L, "Sl", &ar) && ar.currentline > 0) {
			lua_pushfstring(L, "%s:%d: ", ar.short_src, ar.currentline);
			return;
		}
	lua_pushliteral(L, "");
}

/* Raise the error that stops the script: the budget is spent or Ctrl-C. */
static int stop_error(lua_State *L)
{
	struct sandbox *sb = sandbox_of(L);

	where_push(L);
	if (sb->interrupted)
		lua_pushfstring(L, "%sscript interrupted (Ctrl-C)", lua_tostring(L, -1));
	else
		lua_pushfstring(L, "%sscript exceeded its instruction budget of %I instructions",
				lua_tostring(L, -1), (lua_Integer)sb->max_instructions);
	return lua_error(L);
}

/*
 * Every SANDBOX_HOOK_STEP instructions: charge them, or the time they took
 * when that is more (NS_PER_INSN each), unless an explicit charge
 * (sandbox_charge) already paid for the interval's work. Slow intervals
 * switch this thread to a check at every instruction until it runs fast again.
 */
static void sandbox_hook(lua_State *L, lua_Debug *ar)
{
	struct sandbox *sb = sandbox_of(L);
	int step = lua_gethookcount(L);

	(void)ar;
	sb->running = L;
	if (!spent(sb)) {
		uint64_t t = now_ns(), dt = t - sb->clock, cost = (uint64_t)step;
		int want = dt > (uint64_t)step * SLOW_NS ? 1 : SANDBOX_HOOK_STEP;

		sb->clock = t;
		if (dt / NS_PER_INSN > cost)
			cost = dt / NS_PER_INSN;
		count_add(sb, cost);
		if (want != step) /* also a thread left at 1 by an old budget */
			lua_sethook(L, sandbox_hook, LUA_MASKCOUNT, want);
		if (!spent(sb))
			return;
	}
	/* From now on every instruction of this thread fails. */
	lua_sethook(L, sandbox_hook, LUA_MASKCOUNT, 1);
	stop_error(L);
}

/* n units, or the processor time since the last charge or hook when that
 * is more: work done in C costs at least its time too. */
int sandbox_charge(struct sandbox *sb, uint64_t n)
{
	if (n) {
		uint64_t t = now_ns(), dt = t - sb->clock;

		sb->clock = t;
		if (dt / NS_PER_INSN > n)
			n = dt / NS_PER_INSN;
	}
	if (!spent(sb))
		count_add(sb, n);
	return spent(sb) ? -1 : 0;
}

void sandbox_charge_lua(lua_State *L, uint64_t n)
{
	if (sandbox_charge(sandbox_of(L), n) < 0) {
		lua_sethook(L, sandbox_hook, LUA_MASKCOUNT, 1);
		stop_error(L);
	}
}

void sandbox_budget_reset(struct sandbox *sb)
{
	sb->count = 0;
	sb->exceeded = 0;
	sb->interrupted = 0;
	sb->clock = now_ns();
	lua_sethook(sb->L, sandbox_hook, LUA_MASKCOUNT, SANDBOX_HOOK_STEP);
}

void sandbox_set_external(struct sandbox *sb, size_t bytes)
{
	sb->external = bytes;
}

size_t sandbox_memory_left(const struct sandbox *sb)
{
	size_t held = sb->used + sb->external;

	return held >= sb->max_memory ? 0 : sb->max_memory - held;
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

	/* compiling a chunk is one C call: paid for first, a unit per byte */
	if (lua_type(L, 1) == LUA_TSTRING)
		sandbox_charge_lua(L, (uint64_t)lua_rawlen(L, 1));
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
	sb->running = co;
	st = lua_resume(co, L, nargs, &nres);
	sb->running = L;
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

/* coroutine.resume, telling the tick which thread runs. */
static int sb_resume(lua_State *L)
{
	struct sandbox *sb = sandbox_of(L);
	lua_State *co = lua_tothread(L, 1);

	lua_pushvalue(L, lua_upvalueindex(1));
	lua_insert(L, 1);
	if (co)
		sb->running = co;
	lua_call(L, lua_gettop(L) - 1, LUA_MULTRET); /* errors come back as false, msg */
	sb->running = L;
	return lua_gettop(L);
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
 * setmetatable without __gc: Lua runs finalizers with hooks off (during any
 * collection and at lua_close), where no budget could stop an endless one.
 * A table's metatable must hold __gc when it is set for the finalizer to
 * count, so refusing such metatables here closes that door for good.
 */
static int sb_setmetatable(lua_State *L)
{
	if (lua_type(L, 2) == LUA_TTABLE) {
		lua_pushliteral(L, "__gc");
		if (lua_rawget(L, 2) != LUA_TNIL)
			return luaL_error(L, "__gc metamethods are not allowed in scripts "
					  "(a finalizer cannot be stopped)");
		lua_pop(L, 1);
	}
	lua_pushvalue(L, lua_upvalueindex(1));
	lua_insert(L, 1);
	lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
	return lua_gettop(L);
}

/* xpcall's message handler runs with hooks off when the error came from the
 * budget's hook: then the script's handler is skipped and the error stays. */
static int sb_xpcall_handler(lua_State *L)
{
	if (spent(sandbox_of(L)))
		return 1;
	lua_pushvalue(L, lua_upvalueindex(1));
	lua_insert(L, 1);
	lua_call(L, lua_gettop(L) - 1, 1);
	return 1;
}

static int sb_xpcall_done(lua_State *L, int status, lua_KContext ctx)
{
	(void)status;
	(void)ctx;
	return lua_gettop(L);
}

static int sb_xpcall(lua_State *L)
{
	luaL_checktype(L, 2, LUA_TFUNCTION);
	lua_pushvalue(L, 2);
	lua_pushcclosure(L, sb_xpcall_handler, 1);
	lua_replace(L, 2);
	lua_pushvalue(L, lua_upvalueindex(1));
	lua_insert(L, 1);
	/* with a continuation: the protected function may yield, as in plain Lua */
	lua_callk(L, lua_gettop(L) - 1, LUA_MULTRET, 0, sb_xpcall_done);
	return sb_xpcall_done(L, LUA_OK, 0);
}

/*
 * Library functions whose one C call can loop for long (a __len metamethod
 * can claim 2^60 elements, a string can hold 256 MiB): their work is
 * charged before they run, so a call the budget cannot pay for fails at
 * once. Bytes cost a unit per 16.
 */
enum cost_kind { COST_SORT, COST_LEN, COST_MOVE, COST_CONCAT, COST_UNPACK, COST_BYTES, COST_REP };

/* The length of a string argument (no conversion), else 0. */
static uint64_t str_len(lua_State *L, int idx)
{
	return lua_type(L, idx) == LUA_TSTRING ? (uint64_t)lua_rawlen(L, idx) : 0;
}

/* #t of a table argument (its __len may run), else 0. */
static lua_Integer len_of(lua_State *L, int idx)
{
	return lua_type(L, idx) == LUA_TTABLE ? luaL_len(L, idx) : 0;
}

static uint64_t range_cost(lua_Integer i, lua_Integer j)
{
	return j < i ? 0 : (uint64_t)((lua_Unsigned)j - (lua_Unsigned)i) + 1;
}

static uint64_t call_cost(lua_State *L, enum cost_kind k)
{
	lua_Integer n, i, j;
	uint64_t c;

	switch (k) {
	case COST_SORT:
		if ((n = len_of(L, 1)) <= 1)
			return 0;
		c = 1;
		for (uint64_t x = (uint64_t)n; x > 1; x >>= 1)
			c++;
		return (uint64_t)n > UINT64_MAX / c ? UINT64_MAX : (uint64_t)n * c;
	case COST_LEN:
		n = len_of(L, 1);
		return n > 0 ? (uint64_t)n : 0;
	case COST_MOVE:
		return range_cost(lua_tointeger(L, 2), lua_tointeger(L, 3));
	case COST_CONCAT:
	case COST_UNPACK: {
		int at = k == COST_CONCAT ? 3 : 2;

		i = lua_isnoneornil(L, at) ? 1 : lua_tointeger(L, at);
		j = lua_isnoneornil(L, at + 1) ? len_of(L, 1) : lua_tointeger(L, at + 1);
		return range_cost(i, j);
	}
	case COST_BYTES:
		return str_len(L, 1) / 16;
	case COST_REP:
		n = lua_tointeger(L, 2);
		c = str_len(L, 1) + str_len(L, 3);
		if (n <= 0 || c == 0)
			return 0;
		/* a result past the memory left fails at once with a memory error */
		if (c > sandbox_memory_left(sandbox_of(L)) / (uint64_t)n)
			return 0;
		return c * (uint64_t)n / 16;
	}
	return 0;
}

static int sb_charged_call(lua_State *L)
{
	sandbox_charge_lua(L, call_cost(L, (enum cost_kind)lua_tointeger(L, lua_upvalueindex(2))));
	lua_pushvalue(L, lua_upvalueindex(1));
	lua_insert(L, 1);
	lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
	return lua_gettop(L);
}

struct charged {
	const char *lib, *name;
	enum cost_kind k;
};

/* Wrap the libraries' long-running functions. */
static void charge_libs(lua_State *L)
{
	static const struct charged fns[] = {
		{ LUA_TABLIBNAME, "sort", COST_SORT },     { LUA_TABLIBNAME, "insert", COST_LEN },
		{ LUA_TABLIBNAME, "remove", COST_LEN },    { LUA_TABLIBNAME, "move", COST_MOVE },
		{ LUA_TABLIBNAME, "concat", COST_CONCAT }, { LUA_TABLIBNAME, "unpack", COST_UNPACK },
		{ LUA_STRLIBNAME, "rep", COST_REP },       { LUA_STRLIBNAME, "reverse", COST_BYTES },
		{ LUA_STRLIBNAME, "upper", COST_BYTES },   { LUA_STRLIBNAME, "lower", COST_BYTES },
		{ LUA_UTF8LIBNAME, "len", COST_BYTES },    { LUA_UTF8LIBNAME, "offset", COST_BYTES },
	};

	for (size_t i = 0; i < WS_ARRAY_LEN(fns); i++) {
		lua_getglobal(L, fns[i].lib);
		lua_getfield(L, -1, fns[i].name);
		lua_pushinteger(L, fns[i].k);
		lua_pushcclosure(L, sb_charged_call, 2);
		lua_setfield(L, -2, fns[i].name);
		lua_pop(L, 1);
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
	lua_getglobal(L, "setmetatable");
	lua_pushcclosure(L, sb_setmetatable, 1);
	lua_setglobal(L, "setmetatable");
	lua_getglobal(L, "xpcall");
	lua_pushcclosure(L, sb_xpcall, 1);
	lua_setglobal(L, "xpcall");
	lua_getglobal(L, LUA_STRLIBNAME);
	lua_pushnil(L);
	lua_setfield(L, -2, "dump");
	pattern_install(L);
	lua_pop(L, 1);
	charge_libs(L);
	lua_getglobal(L, LUA_COLIBNAME);
	lua_pushcfunction(L, sb_wrap);
	lua_setfield(L, -2, "wrap");
	lua_getfield(L, -1, "resume");
	lua_pushcclosure(L, sb_resume, 1);
	lua_setfield(L, -2, "resume");
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

	if (sb->interrupted || sb->exceeded) {
		if (sb->interrupted)
			snprintf(lim, sizeof(lim), "script interrupted (Ctrl-C)");
		else
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

/* --- Ctrl-C: while a script runs, SIGINT stops it (a second one does what
 * SIGINT did before, so a tool that would die still can) */

static struct sandbox *sig_sb;
static struct sigaction sig_old, tick_old;
static int tick_on;

static void on_sigint(int sig)
{
	(void)sig;
	if (sig_sb && !sig_sb->interrupted) {
		sig_sb->interrupted = 1;
		return;
	}
	sigaction(SIGINT, &sig_old, NULL);
	raise(SIGINT); /* delivered when this handler returns */
}

/* SIGVTALRM, every TICK_US of processor time: the running thread's next
 * instruction calls the hook (lua_sethook may be called from a handler). */
static void on_tick(int sig)
{
	lua_State *L = sig_sb ? sig_sb->running : NULL;

	(void)sig;
	if (L)
		lua_sethook(L, sandbox_hook, LUA_MASKCOUNT, 1);
}

static void tick_arm(int on)
{
	struct itimerval it;
	struct sigaction sa;

	memset(&it, 0, sizeof(it));
	if (on) {
		memset(&sa, 0, sizeof(sa));
		sa.sa_handler = on_tick;
		sa.sa_flags = SA_RESTART;
		sigemptyset(&sa.sa_mask);
		if (sigaction(SIGVTALRM, &sa, &tick_old) < 0)
			return;
		it.it_interval.tv_usec = it.it_value.tv_usec = TICK_US;
		tick_on = setitimer(ITIMER_VIRTUAL, &it, NULL) == 0;
	} else if (tick_on) {
		setitimer(ITIMER_VIRTUAL, &it, NULL);
		sigaction(SIGVTALRM, &tick_old, NULL);
		tick_on = 0;
	}
}

static void run_enter(struct sandbox *sb, lua_State *L)
{
	struct sigaction sa;

	sb->clock = now_ns(); /* time between runs is not the script's */
	if (sb->depth++ > 0 || sig_sb)
		return;
	sb->interrupted = 0;
	sb->running = L;
	sig_sb = sb;
	tick_arm(1);
	if (sigaction(SIGINT, NULL, &sig_old) < 0 || sig_old.sa_handler == SIG_IGN) {
		sig_old.sa_handler = SIG_IGN;
		return;
	}
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_sigint;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
}

static void run_leave(struct sandbox *sb)
{
	if (--sb->depth == 0 && sig_sb == sb) {
		tick_arm(0);
		if (sig_old.sa_handler != SIG_IGN)
			sigaction(SIGINT, &sig_old, NULL);
		sb->running = NULL;
		sig_sb = NULL;
	}
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
	run_enter(sb, L);
	status = lua_pcall(L, nargs, nresults, base);
	run_leave(sb);
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
	run_enter(sb, co);
	status = lua_resume(co, L, nargs, nres);
	run_leave(sb);
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
