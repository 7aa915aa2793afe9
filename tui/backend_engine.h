/*
 * backend_engine.h - the interface's backend on the real engine: compiles a
 * program and drives it through a debugger session (session.h; struct
 * ui_backend, cmd.h).
 *
 * Contract:
 * - engine_backend_new compiles path (or text, when not NULL, under the name
 *   path) and starts main(argc, argv) stopped before its first statement.
 *   On a compile error it returns NULL with the rendered diagnostics in err.
 * - The program's stdout/stderr go to memory streams; each snapshot appends
 *   what is new to the console, with kernel launches and findings as events.
 * - Every change to the machine goes through a log of primitive steps, so
 *   reverse-step rebuilds the machine and replays the log up to the previous
 *   command (same module, options and seed: the same run).
 * - engine_backend_set_poll installs a function called between chunks of a
 *   long run (continue, stepping over a long statement) with the step count
 *   and total 0, or during reverse-step's replay with the step reached and
 *   the step it replays to; it returns nonzero to interrupt (Ctrl-C). An
 *   interrupted replay stops where it got to: an earlier point of the same
 *   run, from which stepping goes on normally.
 * - be->reload recompiles the program from its file (as it is now) and
 *   starts again before main(), keeping the breakpoints whose lines still
 *   have code; on a compile error the backend is left without a program.
 * - engine_backend_free releases everything, compilation included (an
 *   attached session excepted).
 */
#ifndef WS_UI_BACKEND_ENGINE_H
#define WS_UI_BACKEND_ENGINE_H

#include "cmd.h"
#include "machine.h"
#include "session.h"

struct ui_backend *engine_backend_new(const char *path, const char *text,
				      const struct session_compile_opts *fo, const struct machine_opts *mo,
				      int argc, char **argv, struct strbuf *err);
/* Like engine_backend_new, but a program that does not compile still gives
 * a backend: its snapshot shows the source and (once) the diagnostics in
 * the console, every command says to fix the file and reload, and
 * be->reload recompiles it (err also gets the diagnostics). */
struct ui_backend *engine_backend_open(const char *path, const char *text,
				       const struct session_compile_opts *fo, const struct machine_opts *mo,
				       int argc, char **argv, struct strbuf *err);
/* A backend over a session owned by someone else (a lesson's machine, made
 * by the Lua host): the interface shows and steps that very machine; name
 * is its main source file. reload and set refuse; nothing is observed or
 * changed in the session but by the commands given, and freeing the backend
 * leaves the session alone (free the backend before the session goes, or
 * never call it after). The program's output goes where its owner sends it. */
struct ui_backend *engine_backend_attach(struct session *s, const char *name,
					 const struct machine_opts *mo);
void engine_backend_free(struct ui_backend *be);
/* debug --trace FILE: load a trace recorded by trace --gpu (docs/gpu.md);
 * from now on the stepping commands replay it (session_trace_step) until it
 * is over. -1 with a message in err when it cannot be read or parsed. */
int engine_backend_set_trace(struct ui_backend *be, const char *path, struct strbuf *err);
void engine_backend_set_poll(struct ui_backend *be, int (*poll)(void *ctx, uint64_t steps, uint64_t total),
			     void *ctx);

#endif
