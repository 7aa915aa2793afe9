/*
 * sandbox.h - a Lua 5.4 state fit for scripts and lessons written by others.
 *
 * Contract:
 * - A sandbox's state has only the base library (without dofile, loadfile,
 *   require, warn; `load` accepts text chunks only; `collectgarbage` accepts
 *   only "count"), string (without string.dump), table, math, utf8 and
 *   coroutine. No io, os, debug or package.
 * - Every chunk is loaded in text mode: binary chunks are refused.
 * - Instruction budget: after max_instructions VM instructions (counted in
 *   steps of SANDBOX_HOOK_STEP, over every coroutine) the script fails with
 *   "script exceeded its instruction budget of N instructions". Once
 *   exceeded, every further instruction fails too, so a pcall loop cannot
 *   swallow the error forever. sandbox_budget_reset starts a new budget.
 * - Memory limit: the state's allocator refuses to grow the heap past
 *   max_memory bytes; the script sees a memory error ("not enough memory",
 *   catchable), and a memory error that reaches the host is reported as
 *   "script exceeded its memory limit of N MiB". The Lua heap is the one
 *   allocation outside util.h's funnel: Lua needs an allocator that can fail.
 * - Every call from C into Lua goes through sandbox_pcall (a function call)
 *   or sandbox_resume (a coroutine): both are protected, and on failure they
 *   leave a rendered diagnostic in sandbox_error:
 *       file:line: error: message
 *       stack traceback:
 *               file:line: in ...
 *   Error objects that are not strings (tables, tables whose __tostring
 *   fails, nil) are described, never a crash.
 * - print() writes to the sink given in the options (a callback, else a
 *   FILE*, else stdout), never to the terminal directly.
 * - The sandbox owns its lua_State; sandbox_free closes it. Never NULL from
 *   sandbox_new unless the state could not be created at all.
 */
#ifndef WS_SANDBOX_H
#define WS_SANDBOX_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <lua.h>

#define SANDBOX_HOOK_STEP 1000
#define SANDBOX_DEFAULT_INSTRUCTIONS 200000000ULL /* a few seconds of Lua */
#define SANDBOX_DEFAULT_MEMORY (256u << 20)        /* 256 MiB */

struct sandbox_opts {
	uint64_t max_instructions; /* 0: the default */
	size_t max_memory;         /* bytes; 0: the default */
	/* print(): the callback if set, else the FILE (NULL: stdout) */
	void (*print_fn)(void *ctx, const char *s, size_t n);
	void *print_ctx;
	FILE *print_file;
};

struct sandbox;

void sandbox_opts_init(struct sandbox_opts *o);
struct sandbox *sandbox_new(const struct sandbox_opts *o);
void sandbox_free(struct sandbox *sb);
lua_State *sandbox_state(struct sandbox *sb);

/*
 * Load text (chunk name "@name", so messages say name:line) and leave the
 * function on the stack: returns 0. On a syntax error returns -1, leaves
 * nothing, and sandbox_error holds the diagnostic.
 */
int sandbox_load(struct sandbox *sb, const char *name, const char *text, size_t len);

/* Read a file and sandbox_load it ("cannot open" is a diagnostic too). */
int sandbox_loadfile(struct sandbox *sb, const char *path);

/*
 * The protected call: like lua_pcall(L, nargs, nresults, handler) with the
 * traceback handler. Returns 0, or -1 with the stack as before the function
 * and its arguments were pushed, and the diagnostic in sandbox_error.
 */
int sandbox_pcall(struct sandbox *sb, int nargs, int nresults);

/*
 * Resume coroutine co (created with lua_newthread on this sandbox's state)
 * with nargs values from its stack. Returns LUA_OK (finished), LUA_YIELD
 * (*nres values on co's stack) or -1 (the diagnostic, with co's traceback,
 * in sandbox_error; co is dead).
 */
int sandbox_resume(struct sandbox *sb, lua_State *co, int nargs, int *nres);

/* The last diagnostic ("" when none). Owned by the sandbox. */
const char *sandbox_error(const struct sandbox *sb);

/* Start a fresh instruction budget (the host calls this per learner action). */
void sandbox_budget_reset(struct sandbox *sb);
/* Bytes the Lua heap holds now. */
size_t sandbox_memory(const struct sandbox *sb);

/* Run a script file with arg = { [0] = path, ARGS... }; 0 or -1 (diagnostic
 * in sandbox_error). Used by `warpstep script`. */
int sandbox_run_file(struct sandbox *sb, const char *path, int argc, char **argv);

#endif
