/*
 * debug.h - `warpstep debug PROG.cu [ARGS]` and the start screen: the
 * interface (term.c) on the engine backend (backend_engine.h).
 *
 * Contract: ui_debug_main compiles path (or text under the name path),
 * opens the interface stopped before main() and returns the exit status for
 * warpstep: 0 after quitting, 2 on a compile error (diagnostics on stderr)
 * or when the terminal cannot be used. ui_start_main shows the start
 * screen: the bundled examples (embedded) and the lessons found in
 * lessons_dir (NULL: none); choosing an example opens it, quitting it comes
 * back to the list.
 */
#ifndef WS_UI_DEBUG_H
#define WS_UI_DEBUG_H

#include "front.h"
#include "machine.h"

struct debug_opts {
	const struct front_opts *fo;
	const struct machine_opts *mo;
	const char *record; /* asciicast file, or NULL */
};

int ui_debug_main(const struct debug_opts *o, const char *path, const char *text, int argc,
		  char **argv);
int ui_start_main(const struct debug_opts *o, const char *lessons_dir);

#endif
