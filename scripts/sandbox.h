/*
 * sandbox.h - a Lua 5.4 state fit for scripts and lessons written by others.
 *
 * Contract:
 * - A sandbox's state has only the base library (without dofile, loadfile,
 *   require, warn; `load` accepts text chunks only; `collectgarbage` accepts
 *   only "count"), string (without string.dump), table, math, utf8 and
 *   coroutine. No io, os, debug or package.
 * - Every chunk is loaded in text mode: binary chunks are refused.
 * - Instruction budget (docs/lua-api.md, "Sandbox"): one count for all the
 *   work a script causes. VM instructions are counted in steps of
 *   SANDBOX_HOOK_STEP over every coroutine; a step whose instructions took
 *   longer than 10 ns each is charged by its time instead (huge concats and
 *   compares), and then checked at every instruction until fast again.
 *   While Lua runs, a tick (SIGVTALRM every 10 ms of processor time) makes
 *   the running thread's next instruction call the hook, so even the first
 *   step of costly instructions is seen within about 10 ms.
 *   Work done in C is charged with sandbox_charge: string patterns per
 *   character test (pattern.h), table.sort/insert/remove/move/concat/unpack
 *   by their element count and string.rep/reverse/upper/lower, utf8.len/
 *   offset and load by their bytes before they run, engine steps by the
 *   host (api.h).
 *   Past max_instructions the script fails with "script exceeded its
 *   instruction budget of N instructions"; once exceeded every further
 *   instruction and charge fails too, so neither a pcall loop nor xpcall's
 *   handler (skipped once the budget is spent) can go on. Finalizers (__gc)
 *   run with hooks off, so setmetatable refuses metatables with __gc.
 *   sandbox_budget_reset starts a new budget.
 * - Ctrl-C: while Lua runs (sandbox_pcall, sandbox_resume) SIGINT stops the
 *   script with "script interrupted (Ctrl-C)", unless SIGINT is ignored; a
 *   second SIGINT gets SIGINT's previous disposition.
 * - Memory limit: the state's allocator refuses to grow the heap past
 *   max_memory bytes less the bytes the host holds for the script
 *   (sandbox_set_external); the script sees a memory error ("not enough
 *   memory", catchable), and a memory error that reaches the host is
 *   reported as "script exceeded its memory limit of N MiB". The Lua heap is
 *   the one allocation outside util.h's funnel: Lua needs an allocator that
 *   can fail.
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
/* Charge n units of work done in C to the budget (n > 0: or the processor
 * time since the last charge, at 10 ns a unit, when that is more): 0, or -1
 * when the budget is spent or the script was interrupted (then the caller
 * stops its work). n == 0 only asks. */
int sandbox_charge(struct sandbox *sb, uint64_t n);
/* sandbox_charge for a C function of L's sandbox: raises the budget (or
 * Ctrl-C) error instead of returning -1. */
void sandbox_charge_lua(lua_State *L, uint64_t n);
/* Bytes held for the script outside the Lua heap (they count against
 * max_memory), and what is left of max_memory for anything new. */
void sandbox_set_external(struct sandbox *sb, size_t bytes);
size_t sandbox_memory_left(const struct sandbox *sb);
/* Bytes the Lua heap holds now. */
size_t sandbox_memory(const struct sandbox *sb);

/* Run a script file with arg = { [0] = path, ARGS... }; 0 or -1 (diagnostic
 * in sandbox_error). Used by `warpstep script`. */
int sandbox_run_file(struct sandbox *sb, const char *path, int argc, char **argv);

#endif
