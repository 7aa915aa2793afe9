/*
 * host_engine.h - the `ws` module's host over the real engine: the
 * wsapi_host vtable (api.h) implemented with the session (session.h) and machine.h.
 *
 * Contract:
 * - host_engine_new never fails (xmalloc aborts on no memory). It copies
 *   nothing from fo and mo but the pointers' contents at each use: both must
 *   outlive the host (the CLI keeps them in its struct cli). Either may be NULL.
 * - Objects (programs, machines, buffers) get ids from one counter that
 *   never reuses a value, so a stale handle can never name a new object.
 *   A program owns its machines, a machine its buffers: freeing (or
 *   collecting) a program frees its machines, whose handles then report
 *   stale; a buffer's device memory lives as long as its machine.
 * - The program's stdout and stderr (printf in kernels and main) go to out
 *   and err.
 * - host_engine_free frees every object still alive; call it after
 *   lua_close (the handles' __gc run there and call release).
 */
#ifndef WS_HOST_ENGINE_H
#define WS_HOST_ENGINE_H

#include <stdint.h>
#include <stdio.h>

struct session_compile_opts;
struct machine_opts;
struct host_engine;

struct host_engine *host_engine_new(FILE *out, FILE *err, const struct session_compile_opts *fo,
				    const struct machine_opts *mo);
/*
 * The sandbox's file promise (docs/lua-api.md, "Sandbox"): from now on the
 * host's compilations (ws.compile_file, and #include in ws.compile text or
 * in a compiled file) read only files under the folder of `script` and
 * under each of dirs (NULL-terminated, may be NULL), after following every
 * symbolic link and "..": a path is refused before the file is opened or
 * even looked up, so a refusal tells nothing about the file. Built-in
 * headers stay readable. A dir that does not exist is ignored. Copies what
 * it needs; a later call replaces the folders (a new scenario: its own). Returns 0, or -1 when script's folder cannot be resolved (then
 * nothing may be read but built-in headers). script NULL: no folder of a
 * script (`warpstep grade`: a submission may read no file at all).
 */
int host_engine_confine(struct host_engine *he, const char *script, const char *const *dirs);
struct wsapi_host *host_engine_host(struct host_engine *he);
/* Engine work (m:step, m:run, m:run_main) calls poll between chunks of
 * machine steps (session_set_poll) with the machine's step count; nonzero
 * stops it with reason "step-limit" (m:run_main: an error): how a script's
 * budget is charged for the time the engine runs for it. For the machines
 * made before and after the call; NULL: none. */
void host_engine_set_poll(struct host_engine *he, int (*poll)(void *ctx, uint64_t steps, uint64_t total),
			  void *ctx);
void host_engine_free(struct host_engine *he);

/* The session of the machine the script made or launched on last (NULL:
 * none, or it was released), for the interface to show (tui/lesson_ui.c);
 * *gen changes whenever that machine changes. The session is the host's:
 * it goes when the script releases the machine, so ask again after every
 * call into the script. */
struct session;
struct session *host_engine_shown(const struct host_engine *he, unsigned *gen);

#endif
