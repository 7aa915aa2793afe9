/*
 * script.h - `warpstep script FILE.lua [ARGS...]`: run a script headless.
 *
 * Contract: script_main runs path in a fresh sandbox (sandbox.h) with the
 * `ws` module (api.h) bound to host (NULL: no engine; every ws function
 * that needs one returns nil, "not available"). print() goes to out. A
 * script error is printed to err as a diagnostic with a traceback. Returns
 * the exit status: 0 on success, 1 on a script error (syntax, runtime,
 * budget, memory, unreadable file). max_instructions and max_memory (bytes)
 * are the sandbox's limits; 0 keeps its defaults.
 */
#ifndef WS_SCRIPT_H
#define WS_SCRIPT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct wsapi_host;

int script_main(const char *path, int argc, char **argv, struct wsapi_host *host,
		uint64_t max_instructions, size_t max_memory, FILE *out, FILE *err);

#endif
