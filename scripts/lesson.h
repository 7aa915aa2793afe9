/*
 * lesson.h - the lesson runtime's host side: play a lesson headless.
 *
 * A lesson is a Lua file run as a coroutine in a sandbox with the API of
 * scripts/lesson_rt.lua (page, ask, task, exercise; docs/lesson-format.md).
 * Headless, the learner's inputs come from an answers file, and the pages
 * and the question/answer exchange are printed as a transcript.
 *
 * Contract:
 * - lesson_main returns the exit status: 0 when the lesson completed, 1
 *   when it did not (the answers ran out, a wrong kind of answer, a lesson
 *   script error: printed as a diagnostic with a traceback), 2 when the
 *   lesson or answers file cannot be read or the answers file is malformed.
 * - Progress (the lesson, its hash, the steps done, every input given) is
 *   saved after each input under $XDG_STATE_HOME/warpstep/progress (or
 *   ~/.local/state/warpstep/progress), atomically: a temporary file is
 *   written, fsynced and renamed over the old one. A later run replays the
 *   saved inputs silently and goes on from there, unless fresh is set. A
 *   corrupt progress file, or one saved for another version of the lesson,
 *   gives a warning on err and a fresh start; never a crash.
 */
#ifndef WS_LESSON_H
#define WS_LESSON_H

#include <stdio.h>

struct wsapi_host;

struct lesson_opts {
	const char *path;      /* the lesson file */
	const char *answers;   /* the answers file */
	int fresh;             /* ignore saved progress */
	const char *state_dir; /* NULL: from the environment (XDG) */
	struct wsapi_host *host; /* the `ws` module's engine (api.h); NULL: not available */
};

void lesson_opts_init(struct lesson_opts *o);
int lesson_main(const struct lesson_opts *o, FILE *out, FILE *err);

#endif
