/*
 * unit_lesson_play.c - interactive play (lesson.h: lesson_open, lesson_next,
 * lesson_input), the way the interface drives a lesson: pages, a wrong
 * answer with its hint, states a task rejects (not saved) and the one it
 * accepts (saved), an exercise, resuming with the saved inputs replayed,
 * progress marks; and the recording host (host_record.h) on the real
 * engine: the program it builds for the debugger compiles.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "api.h"
#include "front.h"
#include "host_engine.h"
#include "host_record.h"
#include "lesson.h"
#include "util.h"
#include "tap.h"

static const char *kind_name(enum lesson_req_kind k)
{
	static const char *const names[] = { "page", "feedback", "ask", "task", "exercise", "done",
					     "error" };
	return names[k];
}

/* Next request, released; its kind (and a copy of the text in buf). */
static enum lesson_req_kind next(struct lesson_play *p, char *buf, size_t n, int *replayed)
{
	struct lesson_req r;
	enum lesson_req_kind k = lesson_next(p, &r);

	snprintf(buf, n, "%s%s%s%s", kind_name(k), r.text ? ": " : "", r.text ? r.text : "",
		 r.hint ? " | hint" : "");
	if (replayed)
		*replayed = r.replayed;
	lesson_req_release(&r);
	return k;
}

static int file_has(const char *path, const char *s)
{
	const char *why;
	char *t = util_read_file(path, NULL, &why);
	int has = t && strstr(t, s);

	free(t);
	return has;
}

static void play(const char *dir)
{
	struct lesson_opts o;
	struct lesson_play *p;
	char buf[512], prog[1024];
	FILE *null = fopen("/dev/null", "w");
	int rep = 0;

	lesson_opts_init(&o);
	o.path = "tests/lua/sample_lesson.lua";
	o.state_dir = dir;
	ok(lesson_progress_mark(o.path, dir) == 0, "no progress yet: mark 0");
	p = lesson_open(&o, null, stderr);
	ok(p != NULL, "lesson_open");
	if (!p)
		return;
	ok(next(p, buf, sizeof(buf), NULL) == LESSON_PAGE && strstr(buf, "32 threads"), "a page");
	ok(next(p, buf, sizeof(buf), NULL) == LESSON_ASK, "then a question");
	ok(lesson_input(p, "state", "line=1") < 0, "a state is refused while a question waits");
	ok(lesson_input(p, "answer", "16") == 0, "an answer is taken");
	ok(next(p, buf, sizeof(buf), NULL) == LESSON_FEEDBACK && strstr(buf, "not quite") &&
	   strstr(buf, "| hint"), "a wrong answer: not quite, with a hint");
	ok(next(p, buf, sizeof(buf), NULL) == LESSON_ASK, "the question again");
	lesson_input(p, "answer", "32");
	ok(next(p, buf, sizeof(buf), NULL) == LESSON_FEEDBACK && strstr(buf, "correct"), "correct");
	snprintf(prog, sizeof(prog), "%s", lesson_progress_file(p));
	ok(file_has(prog, "answer 2\n16\nanswer 2\n32\n"), "both answers are saved, in order");
	ok(lesson_progress_mark(o.path, dir) == 1, "mark 1: in progress");
	next(p, buf, sizeof(buf), NULL);
	lesson_input(p, "answer", "lane 6");
	next(p, buf, sizeof(buf), NULL);
	ok(next(p, buf, sizeof(buf), NULL) == LESSON_TASK, "a task");
	lesson_input(p, "state", "line=11 warp=0");
	ok(next(p, buf, sizeof(buf), NULL) == LESSON_FEEDBACK && strstr(buf, "not yet"), "a state it rejects");
	ok(next(p, buf, sizeof(buf), NULL) == LESSON_TASK, "the task waits again");
	ok(!file_has(prog, "line=11"), "a rejected state is not saved");
	lesson_input(p, "state", "line=12 warp=0");
	ok(next(p, buf, sizeof(buf), NULL) == LESSON_FEEDBACK && strstr(buf, "done"), "the state it waits for");
	ok(file_has(prog, "state 14\nline=12 warp=0\n"), "the accepted state is saved");
	ok(lesson_steps(p) == 3, "three steps done");
	ok(next(p, buf, sizeof(buf), NULL) == LESSON_EXERCISE, "an exercise");
	lesson_close(p); /* the learner leaves */

	p = lesson_open(&o, null, stderr);
	ok(p && lesson_resumed(p) == 4, "reopened: four saved inputs to replay");
	if (!p)
		return;
	int pages = 0, replayed_inputs = 0;
	enum lesson_req_kind k;

	while ((k = next(p, buf, sizeof(buf), &rep)) != LESSON_EXERCISE && k < LESSON_DONE) {
		pages += k == LESSON_PAGE;
		replayed_inputs += (k == LESSON_ASK || k == LESSON_TASK) && rep;
	}
	ok(k == LESSON_EXERCISE && !rep, "the replay comes back to the exercise, live");
	ok(replayed_inputs == 4 && pages == 1, "replayed: the page and the four inputs, marked");
	lesson_input(p, "source", "__global__ void k() { }\n");
	ok(next(p, buf, sizeof(buf), NULL) == LESSON_FEEDBACK && strstr(buf, "races"),
	   "a failing exercise: the check's message");
	next(p, buf, sizeof(buf), NULL);
	lesson_input(p, "source", "__global__ void k() { __syncthreads(); }\n");
	ok(next(p, buf, sizeof(buf), NULL) == LESSON_FEEDBACK && strstr(buf, "passed"), "passed");
	ok(next(p, buf, sizeof(buf), NULL) == LESSON_PAGE, "the last page");
	ok(next(p, buf, sizeof(buf), NULL) == LESSON_DONE, "done");
	ok(next(p, buf, sizeof(buf), NULL) == LESSON_DONE, "done stays done");
	ok(lesson_progress_mark(o.path, dir) == 2, "mark 2: done");
	lesson_close(p);
	fclose(null);
}

/* The recording host remembers the sources and counts launches and moves;
 * it generates no program (the interface shows the script's own machine:
 * unit_lesson_attach.c). */
static void record(void)
{
	FILE *null = fopen("/dev/null", "w");
	struct host_engine *he = host_engine_new(null, null, NULL, NULL);
	struct host_record *r = host_record_new(host_engine_host(he));
	struct wsapi_host *h = host_record_host(r);
	static const char src[] = "__global__ void k(float *a, int n, double s)\n"
				  "{\n\tif (threadIdx.x < n)\n\t\ta[threadIdx.x] *= s;\n}\n";
	uint64_t prog, m, b;
	char err[WSAPI_ERR_MAX];
	struct wsapi_machine_opts mo = { 0 };
	float init[4] = { 1, 2, 3, 4 };
	struct wsapi_arg args[3] = { { WSAPI_ARG_BUFFER, 0, 0, 0 }, { WSAPI_ARG_INT, 3, 0, 0 },
				     { WSAPI_ARG_NUM, 0, 2.5, 0 } };
	struct wsapi_launch l = { { 1, 1, 1 }, { 4, 1, 1 }, 0, 3, args };
	const char *name = NULL;
	unsigned moves;

	ok(host_record_last_source(r, &name) == NULL, "nothing compiled: no source");
	ok(h->compile(h->ctx, "k.cu", src, strlen(src), &prog, NULL, err) == 0, "compile through the record");
	ok(host_record_last_source(r, &name) && !strcmp(name, "k.cu"), "the source is kept, with its name");
	h->machine_new(h->ctx, prog, &mo, &m, err);
	h->buffer_new(h->ctx, m, sizeof(init), &b, err);
	h->buffer_io(h->ctx, b, 0, init, sizeof(init), 1, err);
	args[0].buffer = b;
	moves = host_record_moves(r);
	ok(h->launch(h->ctx, m, "k", &l, err) == 0, "launch through the record");
	ok(host_record_launches(r) == 1 && host_record_moves(r) == moves + 1, "one launch counted, a move");
	{
		/* every slot of the inner host is forwarded: b:addr() (puzzles and
		 * judge{} map each lane's address to an element with it) included */
		uint64_t addr = 0, inner = 1;
		struct wsapi_host *in = host_engine_host(he);

		ok(h->buffer_addr && h->buffer_addr(h->ctx, b, &addr, err) == 0 &&
			   in->buffer_addr(in->ctx, b, &inner, err) == 0 && addr == inner && addr != 0,
		   "a buffer's device address through the record");
	}
	host_record_free(r);
	host_engine_free(he);
	fclose(null);
}

int main(void)
{
	char dir[] = "/tmp/ws-lesson-play-XXXXXX";

	tap_start();
	if (!mkdtemp(dir)) {
		printf("Bail out! mkdtemp\n");
		return 1;
	}
	play(dir);
	record();
	{
		char cmd[128];

		snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
		if (system(cmd) != 0)
			printf("# could not remove %s\n", dir);
	}
	return tap_end();
}
