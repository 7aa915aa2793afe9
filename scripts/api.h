/*
 * api.h - the `ws` Lua module: the engine's public API for scripts, through
 * a vtable the integrator fills (docs/lua-api.md lists every function).
 *
 * Contract (the seam between Lua and the engine):
 * - The host never sees a lua_State and is never interrupted by a Lua
 *   error: api.c converts Lua arguments to the C structs below, calls the
 *   slot, and converts what the slot wrote (plain values, or a tree built
 *   with wsapi_out_*) back to Lua afterwards. Slots never call Lua; events
 *   are queued by the host and drained by api.c (slot `events`).
 * - Every slot may be NULL: the Lua function then returns nil, "not
 *   available". A slot returns 0 on success, -1 on failure with a message
 *   (lowercase, no full stop) in err (WSAPI_ERR_MAX bytes, NUL-terminated);
 *   the Lua function then returns nil, message.
 * - Objects are named by ids the host chooses (never 0). Lua holds them in
 *   full userdata handles with __gc; before every use api.c asks
 *   host->alive(kind, id) and raises "stale machine handle #3 (...)" when
 *   the object was freed or its program recompiled. __gc and :free() call
 *   host->release once. Buffers belong to their machine; machines to their
 *   program: the host decides what dies with what, alive() reports it.
 * - The host (and ctx) must outlive the lua_State: __gc runs in lua_close.
 * - One budget (docs/lua-api.md, "Sandbox"): wsapi_install fills the
 *   host's budget (storage the host owns; a wrapping host passes on its
 *   inner host's pointer). The host charges the engine steps it runs for
 *   the script (at least every few thousand) and, when charge answers
 *   nonzero, stops and returns -1; api.c then raises the budget error. The
 *   host keeps what it allocates for the script within mem_left, and
 *   reports what it holds with memory(), which counts against the same
 *   memory limit as the Lua heap. A host without them is not budgeted.
 * - Arguments are read before any slot runs; values read from tables (whose
 *   metamethods may run Lua, even free a handle) stay on the Lua stack
 *   while a slot uses them, and handles are checked after them.
 */
#ifndef WS_API_H
#define WS_API_H

#include <stddef.h>
#include <stdint.h>

#include <lua.h>

#define WSAPI_ERR_MAX 256

/* Kinds of handles. */
#define WSAPI_KINDS(X) \
	X(PROGRAM, "program") \
	X(MACHINE, "machine") \
	X(BUFFER, "buffer")
enum wsapi_kind {
#define X(k, n) WSAPI_##k,
	WSAPI_KINDS(X)
#undef X
	WSAPI_NKINDS
};

/* Stepping granularities (m:step(g, n)). */
#define WSAPI_GRANS(X) \
	X(INSN, "instruction") /* one instruction of one warp */ \
	X(WARP, "warp")        /* the scheduler's next warp step */ \
	X(LINE, "line")        /* until a warp reaches another source line */ \
	X(BARRIER, "barrier")  /* until a barrier phase completes */ \
	X(KERNEL, "kernel")    /* until the current kernel finishes */ \
	X(ALL, "all")          /* until the run ends or a breakpoint */ \
	X(TRACE, "trace")      /* the warp of the next record of the GPU trace (trace = TEXT) */
enum wsapi_gran {
#define X(k, n) WSAPI_GRAN_##k,
	WSAPI_GRANS(X)
#undef X
	WSAPI_NGRANS
};

/* A value tree the host writes results into (a Lua table once converted).
 * key NULL appends to the current table as the next array element. */
struct wsapi_out;
void wsapi_out_int(struct wsapi_out *o, const char *key, long long v);
void wsapi_out_num(struct wsapi_out *o, const char *key, double v);
void wsapi_out_str(struct wsapi_out *o, const char *key, const char *s);
void wsapi_out_bool(struct wsapi_out *o, const char *key, int v);
void wsapi_out_begin(struct wsapi_out *o, const char *key); /* open a nested table */
void wsapi_out_end(struct wsapi_out *o);                    /* close it */

struct wsapi_machine_opts {
	const char *simt;  /* "stack" | "its" | NULL (default) */
	const char *sched; /* "rr" | "random" | NULL */
	uint64_t seed;
	int fast;          /* checkers off */
	uint64_t max_steps;
	const char *model; /* "sc" | "relaxed" | NULL (appended: memory model) */
	const char *schedule; /* a witness of m:explore to replay, NULL: none */
	int capture;          /* keep the program's stdout and stderr (m:output()) */
	const char *stdin_text; /* the program's stdin (stdin_len bytes), NULL: at end of file */
	size_t stdin_len;
	const char *trace_text; /* a GPU trace (trace_len bytes; docs/gpu.md) to replay, NULL: none */
	size_t trace_len;
};

enum wsapi_arg_kind { WSAPI_ARG_INT, WSAPI_ARG_NUM, WSAPI_ARG_BUFFER };
struct wsapi_arg {
	enum wsapi_arg_kind kind;
	long long i;     /* ARG_INT */
	double d;        /* ARG_NUM */
	uint64_t buffer; /* ARG_BUFFER: the buffer's id (the host passes its address) */
};

struct wsapi_launch {
	unsigned grid[3], block[3];
	size_t shared; /* dynamic shared memory, bytes */
	size_t nargs;
	const struct wsapi_arg *args;
};

/* Where a query looks; -1 (or NULL) means "not given". */
struct wsapi_where {
	long long block, warp, lane, thread;
	long long offset, count;
	const char *name; /* a variable */
};

struct wsapi_explore {
	uint64_t max_runs, max_steps; /* 0: the host's default */
};

struct wsapi_host {
	void *ctx;
	int (*alive)(void *ctx, enum wsapi_kind kind, uint64_t id);
	void (*release)(void *ctx, enum wsapi_kind kind, uint64_t id);
	/* programs: diagnostics as an array of {file=, line=, col=, message=} */
	int (*compile)(void *ctx, const char *name, const char *text, size_t len, uint64_t *prog,
		       struct wsapi_out *diags, char *err);
	int (*compile_file)(void *ctx, const char *path, uint64_t *prog, struct wsapi_out *diags,
			    char *err);
	/* machines and device buffers */
	int (*machine_new)(void *ctx, uint64_t prog, const struct wsapi_machine_opts *o,
			   uint64_t *machine, char *err);
	int (*buffer_new)(void *ctx, uint64_t machine, size_t bytes, uint64_t *buf, char *err);
	int (*buffer_io)(void *ctx, uint64_t buf, size_t offset, void *data, size_t n, int write,
			 char *err);
	/* the buffer's device address (what a kernel argument of it passes) */
	int (*buffer_addr)(void *ctx, uint64_t buf, uint64_t *addr, char *err);
	/* running */
	int (*launch)(void *ctx, uint64_t machine, const char *kernel, const struct wsapi_launch *l,
		      char *err);
	int (*run_main)(void *ctx, uint64_t machine, int argc, const char **argv, int *status,
			char *err);
	/* stop: {reason = "breakpoint"|"done"|"step"|"finding"|..., line=, ...} */
	int (*step)(void *ctx, uint64_t machine, enum wsapi_gran g, uint64_t n,
		    struct wsapi_out *stop, char *err);
	int (*breakpoint)(void *ctx, uint64_t machine, const char *file, int line, int set,
			  int *bp, char *err);
	/* state: what is one of the names in docs/lua-api.md ("warps", "groups",
	 * "vars", "shared", "global", "barriers", "pending", "findings",
	 * "status", "kernels" (on a program id) ...) */
	int (*query)(void *ctx, uint64_t id, const char *what, const struct wsapi_where *w,
		     struct wsapi_out *out, char *err);
	/* the scheduler: the moves it may make next, and forcing one */
	int (*choices)(void *ctx, uint64_t machine, struct wsapi_out *out, char *err);
	int (*choose)(void *ctx, uint64_t machine, long long choice, char *err);
	int (*explore)(void *ctx, uint64_t machine, const struct wsapi_explore *x,
		       struct wsapi_out *out, char *err);
	/* events: turn one on/off; drain the queue as an array of {event=, ...} */
	int (*subscribe)(void *ctx, uint64_t machine, const char *event, int on, char *err);
	int (*events)(void *ctx, uint64_t machine, struct wsapi_out *out, char *err);
	/* bytes the host holds for the script now (programs, machines, their memory) */
	size_t (*memory)(void *ctx);
	/* where wsapi_install puts the script's budget; NULL: an unbudgeted host */
	struct wsapi_budget *budget;
};

/* The script's budget as the host sees it (all NULL until wsapi_install). */
struct wsapi_budget {
	int (*charge)(void *ctx, uint64_t steps); /* nonzero: stop now */
	size_t (*mem_left)(void *ctx);             /* bytes the host may still take */
	void *ctx;
};

/* Budget units one engine step costs (about its time in Lua instructions). */
#define WSAPI_STEP_COST 4

/* Set the global `ws` (may raise a Lua error: call it protected). host may
 * be NULL: every function then returns nil, "not available". */
void wsapi_open(lua_State *L, struct wsapi_host *host);

struct sandbox;
/* wsapi_open through sandbox_pcall: 0, or -1 with sandbox_error set. */
int wsapi_install(struct sandbox *sb, struct wsapi_host *host);

#endif
