/*
 * scenario.h - run a scenario script (scripts/scenarios/NAME.lua) one narrated
 * step at a time, for the interface: the script runs as a coroutine and
 * pauses after each print(), so an instructor can talk over each step.
 *
 * Contract:
 * - scenario_open loads path in a sandbox with the `ws` module on host and
 *   arg = { [0] = path }; print() text goes to print_fn. NULL when the file
 *   cannot be loaded (the diagnostic on err).
 * - scenario_next runs the script until its next print() (made by the
 *   script's own code, not by a coroutine it created): 1 paused there, 0
 *   the script finished, -1 a script error (scenario_error: the diagnostic
 *   with its traceback). After 0 or -1 it keeps returning the same.
 * - Each scenario_next starts a new instruction budget of max_instructions;
 *   max_memory bytes limit the Lua heap (0: the sandbox's defaults).
 */
#ifndef WS_SCENARIO_H
#define WS_SCENARIO_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct wsapi_host;
struct scenario;

struct scenario *scenario_open(const char *path, struct wsapi_host *host,
			       void (*print_fn)(void *ctx, const char *s, size_t n), void *ctx,
			       uint64_t max_instructions, size_t max_memory, FILE *err);
int scenario_next(struct scenario *sc);
const char *scenario_error(const struct scenario *sc);
void scenario_close(struct scenario *sc);

#endif
