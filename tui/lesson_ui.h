/*
 * lesson_ui.h - lessons and scenario scripts inside the interface.
 *
 * Contract:
 * - ui_session_run opens the interface on a program (path/text as in
 *   ui_debug_main; NULL path: an empty placeholder until a lesson or
 *   scenario launches a kernel) and, when given, plays the lesson
 *   lesson_path or runs the scenario script_path in it. It returns like
 *   ui_debug_main: 0 after quitting, 2 when the program does not compile,
 *   the lesson cannot be loaded or the terminal cannot be used.
 * - A lesson shows its pages, questions and feedback in the lesson pane
 *   (key L or 9: full screen / the strip in place of the console), takes
 *   answers on the command line (Enter or a: `answer TEXT`), feeds its tasks
 *   the states the debugger reaches after each command ("line=L block=B
 *   warp=W lane=N", "diverge warp=W", "barrier generation=G",
 *   "finding=KIND line=L"), and runs exercises in $EDITOR (or a built-in
 *   editor). The debugger shows the kernel the lesson launched last (with a
 *   main() that launches it the same way). Progress is saved by the lesson
 *   runtime (lesson.h); q leaves with it kept.
 * - A scenario pauses after each narrated step (its print()s between two
 *   moves of a machine); any key continues; its breakpoints are mirrored in
 *   the debugger, which shows the kernel it launched last.
 * - `:script FILE` starts a scenario in any session.
 */
#ifndef WS_UI_LESSON_UI_H
#define WS_UI_LESSON_UI_H

#include "debug.h"

struct ui_run_opts {
	const char *path, *text; /* the program (NULL path: a placeholder) */
	int argc;
	char **argv;
	const char *lesson_path; /* or NULL */
	int fresh;               /* ignore the lesson's saved progress */
	const char *state_dir;   /* NULL: XDG (lesson.h) */
	const char *script_path; /* or NULL */
};

int ui_session_run(const struct debug_opts *o, const struct ui_run_opts *ro);

#endif
