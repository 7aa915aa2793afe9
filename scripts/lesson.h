/*
 * lesson.h - the lesson runtime's host side: play a lesson headless.
 *
 * A lesson is a Lua file run as a coroutine in a sandbox with the API of
 * scripts/lesson_rt.lua (page, ask, task, exercise; docs/lesson-format.md).
 * Headless, the learner's inputs come from an answers file, and the pages
 * and the question/answer exchange are printed as a transcript.
 *
 * Contract:
 * - lesson_main (headless) returns the exit status: 0 when the lesson completed, 1
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

#include <stdint.h>
#include <stdio.h>

struct wsapi_host;

struct lesson_opts {
	const char *path;      /* the lesson file */
	const char *answers;   /* the answers file */
	int fresh;             /* ignore saved progress */
	const char *state_dir; /* NULL: from the environment (XDG) */
	struct wsapi_host *host; /* the `ws` module's engine (api.h); NULL: not available */
	uint64_t max_instructions; /* Lua budget per learner action (0: the sandbox's default) */
	size_t max_memory;         /* bytes (0: the sandbox's default) */
};

void lesson_opts_init(struct lesson_opts *o);
int lesson_main(const struct lesson_opts *o, FILE *out, FILE *err);

/*
 * Interactive play (the interface drives it; o->answers is unused):
 * - lesson_open loads the lesson and its saved progress (a bad progress
 *   file: a warning on err, a fresh start); NULL when the lesson cannot be
 *   read or loaded (message on err). print() in the lesson goes to out.
 * - lesson_next runs the lesson to its next request and describes it in *r
 *   (release it with lesson_req_release). Saved inputs are replayed first:
 *   their requests come back with replayed set (and input, the saved input:
 *   the runtime already has it), so the host can show them without waiting.
 *   After LESSON_ASK, LESSON_TASK or LESSON_EXERCISE (not replayed) the host
 *   must call lesson_input before the next lesson_next. LESSON_DONE and
 *   LESSON_ERROR (r->text: the diagnostic with its traceback) are final.
 * - lesson_input gives the learner's input: kind "answer" (a string),
 *   "state" ("KIND k=v ..." as in the answers file) or "source". Answers
 *   and sources are saved at once (atomically, like headless play); a state
 *   is saved only when the task accepts it, so the many states a debugger
 *   run feeds a task do not pile up in the progress file.
 */
enum lesson_req_kind {
	LESSON_PAGE, LESSON_FEEDBACK, LESSON_ASK, LESSON_TASK, LESSON_EXERCISE,
	LESSON_DONE, LESSON_ERROR
};

struct lesson_req {
	enum lesson_req_kind kind;
	int n, ok;      /* question/task/exercise number; feedback: accepted */
	int replayed;   /* from saved progress */
	char *title, *text, *hint, *file, *source, *input; /* NULL when absent */
};

struct lesson_play;

struct lesson_play *lesson_open(const struct lesson_opts *o, FILE *out, FILE *err);
enum lesson_req_kind lesson_next(struct lesson_play *p, struct lesson_req *r);
int lesson_input(struct lesson_play *p, const char *kind, const char *text);
void lesson_req_release(struct lesson_req *r);
/* Steps done so far, saved inputs replayed at open, the progress file. */
int lesson_steps(const struct lesson_play *p);
size_t lesson_resumed(const struct lesson_play *p);
const char *lesson_progress_file(const struct lesson_play *p);
void lesson_close(struct lesson_play *p);

/* The progress saved for a lesson: 0 none (or unreadable), 1 in progress,
 * 2 done. state_dir as in lesson_opts. */
int lesson_progress_mark(const char *path, const char *state_dir);

#endif
