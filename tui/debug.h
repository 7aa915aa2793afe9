/*
 * debug.h - `warpstep debug PROG.cu [ARGS]` and the start screen: the
 * interface (term.c) on the engine backend (backend_engine.h).
 *
 * Contract: ui_debug_main compiles path (or text under the name path),
 * opens the interface stopped before main() and returns the exit status for
 * warpstep: 0 after quitting, 2 on a compile error without a terminal
 * (diagnostics on stderr) or when the terminal cannot be used; with a
 * terminal a program that does not compile opens with its diagnostics in
 * the console, and :reload recompiles it after a fix. ui_start_main shows the start
 * screen: the bundled examples (embedded) and the lessons found in
 * lessons_dir (NULL: none); choosing an example opens it, quitting it comes
 * back to the list; lessons come first, with progress marks, and choosing
 * one plays it in the interface (lesson_ui.h).
 */
#ifndef WS_UI_DEBUG_H
#define WS_UI_DEBUG_H

#include <stdio.h>

#include "machine.h"
#include "session.h"

struct debug_opts {
	const struct session_compile_opts *fo;
	const struct machine_opts *mo;
	const char *record; /* asciicast file, or NULL */
	const char *script; /* a scenario script to run in the interface, or NULL */
	uint64_t lua_budget; /* Lua instruction budget of lessons and scripts (0: default) */
	size_t lua_memory;   /* their memory limit in bytes (0: default) */
	const char *const *allow_read; /* --allow-read folders (NULL-terminated, may be NULL) */
	const char *trace;  /* debug --trace FILE: replay a GPU trace (docs/gpu.md), or NULL */
};

int ui_debug_main(const struct debug_opts *o, const char *path, const char *text, int argc,
		  char **argv);
int ui_start_main(const struct debug_opts *o, const char *lessons_dir, const char *puzzles_dir);
/* A lesson in the interface (lesson_ui.h); progress kept unless fresh. */
int ui_lesson_main(const struct debug_opts *o, const char *lesson, int fresh);
/* A scenario script in the interface, on the kernel it launches. */
int ui_script_main(const struct debug_opts *o, const char *script);
/* The lessons of lessons_dir with their progress marks and how to start
 * one, for a plain `warpstep` without a terminal; returns 0. */
int ui_lessons_print(const char *lessons_dir, const char *puzzles_dir, FILE *out);

#endif
