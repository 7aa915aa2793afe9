/*
 * lesson_ui.c - lessons and scenario scripts inside the interface
 * (lesson_ui.h): the lesson pane, answers, tasks fed from the debugger,
 * exercises in an editor, and narrated scenarios.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include "api.h"
#include "backend_engine.h"
#include "host_engine.h"
#include "host_record.h"
#include "lesson.h"
#include "lesson_ui.h"
#include "lesson_view.h"
#include "scenario.h"
#include "term.h"

enum lu_wait {
	LU_NONE,     /* no lesson or scenario */
	LU_PAGE,     /* a page is shown: Space continues */
	LU_ASK,      /* a question waits for an answer */
	LU_TASK,     /* a task waits for a state of the debugger */
	LU_EXERCISE, /* an exercise waits for an edit */
	LU_EDIT,     /* the built-in editor is open */
	LU_PAUSE,    /* a scenario paused after a narrated step */
	LU_OVER,     /* the lesson or scenario ended */
};

static const char placeholder[] = "// the lesson's kernel appears here once it launches one\n"
				  "int main(void)\n{\n\treturn 0;\n}\n";

struct lu {
	const struct debug_opts *o;
	struct ui_session *s;
	struct ui_backend *be;
	struct host_engine *he;
	struct host_record *rec;
	FILE *pout, *devnull;     /* print() of the lesson/scenario; programs' output */
	char *pbuf;
	size_t plen, pseen;
	struct lesson_play *play;
	struct scenario *sc;
	char title[96];
	VEC(struct lesson_line) lines;
	enum lu_wait wait;
	int n, top, scroll, hidden, full;
	int last_q;               /* the question asked last (asked again: not repeated) */
	int follow;               /* keep the newest row in view (until the learner scrolls) */
	int after_task;           /* a task just passed: what follows stays beside the machine */
	size_t con_mark;          /* the console's length when the lesson last spoke */
	char *file, *source;      /* the exercise */
	unsigned shown_gen;       /* host_engine_shown's, when the debugger attached */
	unsigned moves;
	int seen_findings;
	unsigned seen_barriers;
	unsigned seen_phases;     /* cuda::barrier phases completed, summed */
	int was_diverged;
	int told_finished;        /* the task's machine has finished: the learner was told */
	const struct ui_run_opts *ro; /* how the lesson was opened (lu_restart opens it again) */
	char *sc_path;            /* the scenario's file (previous runs it again) */
	int sc_steps;             /* the scenario's narrated steps shown so far */
	/* the built-in editor */
	VEC(char *) ed;
	int ey, ex, etop;
	char *edpath;
};

/* the console lines a lesson strip shows after its transcript */
#define LU_CON_SHOWN 3

/* ---- the transcript */

static void lu_add(struct lu *lu, int style, const char *text)
{
	struct lesson_line l = { style, xstrdup(text ? text : "") };

	vec_push(&lu->lines, l);
	if (lu->s)
		lu->con_mark = lu->s->st.console.len;
}

static void lu_addf(struct lu *lu, int style, const char *fmt, ...) WS_PRINTF(3, 4);
static void lu_addf(struct lu *lu, int style, const char *fmt, ...)
{
	char buf[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	lu_add(lu, style, buf);
}

/* What print() wrote since last time, as dim paragraphs. */
static void lu_drain(struct lu *lu)
{
	char *t;
	size_t n;

	if (!lu->pout)
		return;
	fflush(lu->pout);
	if (lu->plen <= lu->pseen)
		return;
	n = lu->plen - lu->pseen;
	t = xstrndup(lu->pbuf + lu->pseen, n);
	lu->pseen = lu->plen;
	if (n && t[n - 1] == '\n')
		t[n - 1] = 0;
	lu_add(lu, VS_NORMAL, t);
	free(t);
}

static void lu_show_last(struct lu *lu)
{
	lu->top = (int)lu->lines.len - 1;
	lu->scroll = 0;
	lu->follow = 1;
}

/* ---- the program in the debugger */

static void lu_set_backend(struct lu *lu, struct ui_backend *be)
{
	struct ui_backend *old = lu->be;

	engine_backend_set_poll(be, term_poll, NULL);
	lu->be = be;
	lu->s->be = be;
	ui_session_refresh(lu->s);
	if (old)
		engine_backend_free(old);
	lu->seen_findings = lu->s->st.nfindings;
	lu->seen_barriers = 0;
	lu->seen_phases = 0;
	lu->was_diverged = 0;
}

/* Show the lesson's (or the scenario's) own machine: the one it made or
 * launched on last (host_engine_shown). The interface attaches to that
 * machine's session: what the lesson ran is what the debugger shows, and a
 * step in the debugger steps the lesson's machine. Called after every call
 * into the lesson; the backend is replaced before anything can use a
 * session the lesson has released. */
static void lu_load_program(struct lu *lu)
{
	unsigned gen;
	struct session *ls = lu->he ? host_engine_shown(lu->he, &gen) : NULL;
	const struct srcfile *f;
	struct ui_backend *be;
	struct strbuf err;
	char *pargv[] = { "lesson.cu", NULL };

	if (!lu->he)
		return;
	if (gen == lu->shown_gen) {
		if (ls)
			ui_session_refresh(lu->s); /* the lesson may have stepped it */
		return;
	}
	lu->shown_gen = gen;
	if (!ls) {
		/* the lesson let its machine go: the placeholder again */
		strbuf_init(&err);
		if ((be = engine_backend_new("lesson.cu", placeholder, lu->o->fo, lu->o->mo, 1, pargv, &err)))
			lu_set_backend(lu, be);
		strbuf_release(&err);
		return;
	}
	f = srcmgr_file(session_sources(ls), 1);
	be = engine_backend_attach(ls, f ? f->name : "lesson.cu", session_opts(ls));
	lu_set_backend(lu, be);
	ui_console_add(&lu->s->st, UI_CON_INFO,
		       ui_strf(&lu->s->st, "%s: the %s's own machine, at step %llu. s: step  c: continue",
			       f ? f->name : "lesson.cu", lu->play ? "lesson" : "script",
			       (unsigned long long)session_steps(ls)));
}

/* ---- lessons */

static void lu_status(struct lu *lu, char *buf, size_t n)
{
	if (lu->play)
		snprintf(buf, n, "%d steps done", lesson_steps(lu->play));
	else
		snprintf(buf, n, "%s", lu->wait == LU_OVER ? "finished" : "");
}

static void lu_take_input_req(struct lu *lu, const struct lesson_req *r)
{
	free(lu->file);
	free(lu->source);
	lu->file = r->file ? xstrdup(r->file) : NULL;
	lu->source = r->source ? xstrdup(r->source) : NULL;
	lu->n = r->n;
}

/* Run the lesson until it waits for the learner. */
static void lu_advance(struct lu *lu)
{
	struct lesson_req r;
	int replaying = 0;

	lu->follow = 1;
	for (;;) {
		enum lesson_req_kind k = lesson_next(lu->play, &r);

		lu_drain(lu);
		replaying |= r.replayed;
		switch (k) {
		case LESSON_PAGE:
			if (r.title)
				lu_addf(lu, VS_TITLE, "== %s ==", r.title);
			lu->top = (int)lu->lines.len - (r.title != NULL);
			lu->scroll = 0;
			lu_add(lu, VS_NORMAL, r.text);
			lu_add(lu, VS_NORMAL, "");
			if (!r.replayed) {
				lu->wait = LU_PAGE;
				/* after a task the machine stays on screen, the page
				 * beside it in the strip (L: full screen) */
				lu->full = !lu->after_task;
				goto out;
			}
			break;
		case LESSON_FEEDBACK:
			lu_addf(lu, r.ok ? VS_ACTIVE_LANE : VS_ERROR, "  %s",
				r.text ? r.text : r.ok ? "correct" : "not quite");
			if (r.hint)
				lu_addf(lu, VS_DIVERGED_LANE, "  hint: %s", r.hint);
			break;
		case LESSON_ASK:
			if (r.n != lu->last_q)
				lu_addf(lu, VS_KEYWORD, "Q%d. %s", r.n, r.text ? r.text : "");
			lu->last_q = r.n;
			if (r.replayed) {
				lu_addf(lu, VS_HIGHLIGHT, "> %s", r.input);
				break;
			}
			lu_take_input_req(lu, &r);
			lu->wait = LU_ASK;
			goto out;
		case LESSON_TASK:
			lu_addf(lu, VS_KEYWORD, "Task %d. %s", r.n, r.text ? r.text : "");
			if (r.replayed) {
				lu_addf(lu, VS_HIGHLIGHT, "> state: %s", r.input);
				break;
			}
			lu_take_input_req(lu, &r);
			lu_add(lu, VS_DIM, "  (step in the debugger: s n w c ...; L: lesson text)");
			lu->wait = LU_TASK;
			lu->told_finished = 0;
			lu->full = 0;
			goto out;
		case LESSON_EXERCISE:
			lu_addf(lu, VS_KEYWORD, "Exercise %d. %s (file: %s)", r.n, r.text ? r.text : "",
				r.file ? r.file : "?");
			if (r.replayed) {
				lu_add(lu, VS_HIGHLIGHT, "> source (saved)");
				break;
			}
			lu_take_input_req(lu, &r);
			lu_add(lu, VS_DIM, "  (e or Enter: edit the kernel until the check passes)");
			lu->wait = LU_EXERCISE;
			lu->full = 1;
			goto out;
		case LESSON_DONE:
			lu_addf(lu, VS_ACTIVE_LANE, "== lesson complete (%d steps) ==",
				lesson_steps(lu->play));
			lu_add(lu, VS_DIM, "q: back to the menu");
			lu->wait = LU_OVER;
			lu->full = !lu->after_task;
			goto out;
		case LESSON_ERROR:
			lu_add(lu, VS_ERROR, r.text ? r.text : "the lesson failed");
			lu->wait = LU_OVER;
			lu->full = 1;
			goto out;
		}
		lesson_req_release(&r);
	}
out:
	lesson_req_release(&r);
	if (replaying)
		lu_addf(lu, VS_DIM, "(resumed: %d steps done, %zu saved answers replayed)",
			lesson_steps(lu->play), lesson_resumed(lu->play));
	lu_load_program(lu);
}

/* Give an input; the lesson's feedback follows in the transcript. */
static void lu_input(struct lu *lu, const char *kind, const char *text)
{
	if (lesson_input(lu->play, kind, text) < 0) {
		lu_add(lu, VS_ERROR, "(the lesson does not wait for that now)");
		return;
	}
	lu_advance(lu);
}

static void lu_answer(struct lu *lu, const char *ans)
{
	if (lu->wait != LU_ASK) {
		snprintf(lu->s->message, sizeof(lu->s->message), "no question is waiting for an answer");
		return;
	}
	ans += strspn(ans, " ");
	lu_addf(lu, VS_HIGHLIGHT, "> %s", ans);
	lu_input(lu, "answer", ans);
}

/* The states the debugger is in now, for a task: "kind k=v ...". */
static int lu_states(struct lu *lu, char out[][128], int cap)
{
	const struct ui_state *st = &lu->s->st;
	unsigned gens = 0, phases = 0;
	int n = 0, b = st->focus_block[0] + st->focus_block[1] * (st->grid[0] ? st->grid[0] : 1) +
		       st->focus_block[2] * (st->grid[0] ? st->grid[0] : 1) * (st->grid[1] ? st->grid[1] : 1);
	const struct ui_warp *w = st->focus_warp >= 0 && st->focus_warp < st->nwarps
					  ? &st->warps[st->focus_warp] : NULL;

	for (int i = lu->seen_findings; i < st->nfindings && n < cap; i++)
		snprintf(out[n++], 128, "finding=%s line=%d", st->findings[i].kind ? st->findings[i].kind : "?",
			 st->findings[i].line);
	lu->seen_findings = st->nfindings;
	for (int i = 0; i < st->sync.nbarriers; i++)
		gens += st->sync.barriers[i].generation;
	if (gens > lu->seen_barriers && n < cap)
		snprintf(out[n++], 128, "barrier generation=%u block=%d", gens, b);
	lu->seen_barriers = gens > lu->seen_barriers ? gens : lu->seen_barriers;
	for (int i = 0; i < st->sync.ncubars; i++)
		phases += (unsigned)st->sync.cubars[i].phase;
	if (phases > lu->seen_phases && n < cap)
		snprintf(out[n++], 128, "phase phase=%u block=%d", phases, b);
	lu->seen_phases = phases > lu->seen_phases ? phases : lu->seen_phases;
	if (st->run == UI_RUN_KERNEL && w && w->ngroups > 1 && n < cap)
		snprintf(out[n++], 128, "diverge warp=%d groups=%d", w->id, w->ngroups);
	if (st->run == UI_RUN_KERNEL && st->thread.line && n < cap)
		snprintf(out[n++], 128, "line=%d block=%d warp=%d lane=%d", st->thread.line, b,
			 st->focus_warp, st->focus_lane);
	return n;
}

/* After a debugger command: does the state satisfy the task? */
static int lu_feed_task(struct lu *lu)
{
	char states[8][128];
	int n = lu_states(lu, states, 8);

	for (int i = 0; i < n && lu->wait == LU_TASK; i++) {
		struct lesson_req r;
		int ok;

		if (lesson_input(lu->play, "state", states[i]) < 0)
			return UI_ACT_NONE;
		lesson_next(lu->play, &r);
		ok = r.kind == LESSON_FEEDBACK && r.ok;
		if (r.kind != LESSON_FEEDBACK) {
			lu_add(lu, VS_ERROR, r.text ? r.text : "the lesson failed");
			lu->wait = LU_OVER;
			lesson_req_release(&r);
			return UI_ACT_REDRAW;
		}
		lesson_req_release(&r);
		if (ok) {
			lu_addf(lu, VS_HIGHLIGHT, "> state: %s", states[i]);
			lu_addf(lu, VS_ACTIVE_LANE, "  done: task %d", lu->n);
			lu_show_last(lu);
			lu->after_task = 1;
			lu_advance(lu);
			lu->after_task = 0;
			return UI_ACT_REDRAW;
		}
		lesson_next(lu->play, &r); /* the task asks again */
		if (r.kind != LESSON_TASK) {
			lu_add(lu, VS_ERROR, r.text ? r.text : "the lesson failed");
			lu->wait = LU_OVER;
		}
		lesson_req_release(&r);
	}
	/* a machine that has finished reaches no new state: the task would
	 * wait for ever, so say so once and offer the way back */
	if (lu->wait == LU_TASK && lu->s->st.run == UI_RUN_FINISHED && !lu->told_finished) {
		lu->told_finished = 1;
		lu_add(lu, VS_ERROR, "  the machine has finished: this task can no longer be reached.");
		lu_add(lu, VS_ERROR, "  press r (or :restart) for a fresh machine: your answers are kept");
		lu_show_last(lu);
		return UI_ACT_REDRAW;
	}
	return UI_ACT_NONE;
}

static int lu_open_lesson(struct lu *lu, const struct ui_run_opts *ro);

/* Give the task a fresh machine: the lesson is opened again from its saved
 * progress (every answer is saved as it is given), so it replays up to
 * this task and launches the task's machine anew. The debugger first
 * leaves the old machine (a placeholder program), before closing the
 * lesson releases it. */
static int lu_restart(struct lu *lu)
{
	struct ui_backend *be;
	struct strbuf err;
	char *pargv[] = { "lesson.cu", NULL };
	struct ui_run_opts ro;

	if (lu->wait != LU_TASK || !lu->ro) {
		snprintf(lu->s->message, sizeof(lu->s->message), "no task is waiting: nothing to restart");
		return UI_ACT_REDRAW;
	}
	strbuf_init(&err);
	be = engine_backend_new("lesson.cu", placeholder, lu->o->fo, lu->o->mo, 1, pargv, &err);
	strbuf_release(&err);
	if (!be) {
		snprintf(lu->s->message, sizeof(lu->s->message), "cannot restart the machine");
		return UI_ACT_REDRAW;
	}
	lu_set_backend(lu, be);
	lesson_close(lu->play);
	lu->play = NULL;
	for (size_t i = 0; i < lu->lines.len; i++)
		free(lu->lines.v[i].text);
	lu->lines.len = 0;
	lu->shown_gen = 0;
	lu->last_q = 0;
	lu->wait = LU_NONE;
	ro = *lu->ro;
	ro.fresh = 0; /* replay what was answered, up to this task */
	if (lu_open_lesson(lu, &ro) < 0) {
		snprintf(lu->s->message, sizeof(lu->s->message), "cannot open the lesson again");
		return UI_ACT_QUIT;
	}
	/* the pages before the task were read already */
	for (int i = 0; i < 10000 && lu->wait == LU_PAGE; i++)
		lu_advance(lu);
	lu->full = 0;
	lu_add(lu, VS_ACTIVE_LANE, "  (a fresh machine: the task can be done again)");
	lu_show_last(lu);
	return UI_ACT_REDRAW | UI_ACT_STATE;
}

/* ---- exercises */

static char *exercise_path(struct lu *lu)
{
	const char *prog = lu->play ? lesson_progress_file(lu->play) : "";
	const char *slash = strrchr(prog, '/');
	/* the lesson names the file: a plain name, never a path out of the folder */
	const char *file = lu->file && *lu->file && lu->file[0] != '.' && !strchr(lu->file, '/')
				   ? lu->file : "exercise.cu";
	struct strbuf sb;

	strbuf_init(&sb);
	if (slash) {
		strbuf_add(&sb, prog, (size_t)(slash - prog));
		mkdir(strbuf_cstr(&sb), 0700);
		strbuf_addf(&sb, "/%.*s-%s", (int)strcspn(slash + 1, "."), slash + 1, file);
	} else {
		strbuf_addf(&sb, "/tmp/warpstep-%s", file);
	}
	return strbuf_detach(&sb);
}


static void ed_free(struct lu *lu)
{
	for (size_t i = 0; i < lu->ed.len; i++)
		free(lu->ed.v[i]);
	lu->ed.len = 0;
}

static void ed_load(struct lu *lu, const char *text)
{
	ed_free(lu);
	for (const char *p = text;;) {
		size_t n = strcspn(p, "\n");

		vec_push(&lu->ed, xstrndup(p, n));
		if (!p[n] || !p[n + 1])
			break;
		p += n + 1;
	}
	lu->ey = lu->ex = lu->etop = 0;
}

static char *ed_text(struct lu *lu)
{
	struct strbuf sb;

	strbuf_init(&sb);
	for (size_t i = 0; i < lu->ed.len; i++) {
		strbuf_adds(&sb, lu->ed.v[i]);
		strbuf_addc(&sb, '\n');
	}
	return strbuf_detach(&sb);
}

static void lu_submit(struct lu *lu, const char *path)
{
	const char *why;
	char *text = util_read_file(path, NULL, &why);

	if (!text) {
		lu_addf(lu, VS_ERROR, "cannot read %s: %s", path, why);
		return;
	}
	lu_addf(lu, VS_HIGHLIGHT, "> source: %s", path);
	lu_show_last(lu);
	lu_input(lu, "source", text);
	free(text);
}

static void lu_edit(struct lu *lu)
{
	char *path = exercise_path(lu);
	const char *name, *seed = lu->source;
	struct stat sb;

	if (stat(path, &sb) < 0) {
		const char *why;

		if (!seed && lu->rec)
			seed = host_record_last_source(lu->rec, &name);
		if (!seed)
			seed = "";
		if (util_write_file(path, seed, strlen(seed), 0600, &why) < 0) {
			lu_addf(lu, VS_ERROR, "cannot write %s: %s", path, why);
			free(path);
			return;
		}
	}
	if (getenv("EDITOR") && *getenv("EDITOR")) {
		if (term_edit(path) < 0)
			lu_add(lu, VS_ERROR, "the editor failed; the file is checked as it is");
		lu_submit(lu, path);
		free(path);
		return;
	}
	{
		const char *why;
		char *text = util_read_file(path, NULL, &why);

		ed_load(lu, text ? text : "");
		free(text);
	}
	free(lu->edpath);
	lu->edpath = path;
	lu->wait = LU_EDIT;
}

static int ed_key(struct lu *lu, int key)
{
	char **l = &lu->ed.v[lu->ey];
	int len = (int)strlen(*l);

	switch (key) {
	case 24: /* Ctrl-X */
	case 19: /* Ctrl-S */ {
		char *text = ed_text(lu);
		const char *why;

		lu->wait = LU_EXERCISE;
		if (util_write_file(lu->edpath, text, strlen(text), 0600, &why) < 0)
			lu_addf(lu, VS_ERROR, "cannot write %s: %s", lu->edpath, why);
		else
			lu_submit(lu, lu->edpath);
		free(text);
		return UI_ACT_REDRAW;
	}
	case UI_KEY_CTRL_C:
		lu->wait = LU_EXERCISE;
		lu_add(lu, VS_DIM, "  (edit abandoned)");
		return UI_ACT_REDRAW;
	case UI_KEY_UP: lu->ey -= lu->ey > 0; break;
	case UI_KEY_DOWN: lu->ey += lu->ey + 1 < (int)lu->ed.len; break;
	case UI_KEY_LEFT: lu->ex -= lu->ex > 0; break;
	case UI_KEY_RIGHT: lu->ex += lu->ex < len; break;
	case UI_KEY_HOME: lu->ex = 0; break;
	case UI_KEY_END: lu->ex = len; break;
	case UI_KEY_PGUP: lu->ey = lu->ey > 10 ? lu->ey - 10 : 0; break;
	case UI_KEY_PGDN: lu->ey = lu->ey + 10 < (int)lu->ed.len ? lu->ey + 10 : (int)lu->ed.len - 1; break;
	case UI_KEY_ENTER: {
		char *rest = xstrdup(*l + lu->ex);

		(*l)[lu->ex] = 0;
		vec_push(&lu->ed, NULL);
		memmove(&lu->ed.v[lu->ey + 2], &lu->ed.v[lu->ey + 1],
			sizeof(char *) * (lu->ed.len - (size_t)lu->ey - 2));
		lu->ed.v[++lu->ey] = rest;
		lu->ex = 0;
		break;
	}
	case UI_KEY_BACKSPACE:
		if (lu->ex > 0) {
			memmove(*l + lu->ex - 1, *l + lu->ex, (size_t)(len - lu->ex + 1));
			lu->ex--;
		} else if (lu->ey > 0) {
			char *prev = lu->ed.v[lu->ey - 1];
			size_t pl = strlen(prev);

			prev = xrealloc(prev, pl + (size_t)len + 1);
			memcpy(prev + pl, *l, (size_t)len + 1);
			lu->ed.v[lu->ey - 1] = prev;
			free(*l);
			memmove(&lu->ed.v[lu->ey], &lu->ed.v[lu->ey + 1],
				sizeof(char *) * (lu->ed.len - (size_t)lu->ey - 1));
			lu->ed.len--;
			lu->ey--;
			lu->ex = (int)pl;
		}
		break;
	case UI_KEY_DELETE:
		if (lu->ex < len)
			memmove(*l + lu->ex, *l + lu->ex + 1, (size_t)(len - lu->ex));
		break;
	case UI_KEY_TAB:
		key = '\t';
		/* fall through */
	default:
		if ((key >= 32 && key < 127) || key == '\t') {
			*l = xrealloc(*l, (size_t)len + 2);
			memmove(*l + lu->ex + 1, *l + lu->ex, (size_t)(len - lu->ex + 1));
			(*l)[lu->ex++] = (char)key;
		}
		break;
	}
	len = (int)strlen(lu->ed.v[lu->ey]);
	if (lu->ex > len)
		lu->ex = len;
	return UI_ACT_REDRAW;
}

/* ---- scenarios */

static void lu_print(void *ctx, const char *s, size_t n)
{
	struct lu *lu = ctx;

	if (lu->pout)
		fwrite(s, 1, n, lu->pout);
}

/* Run the scenario to its next narrated step; the debugger shows its machine. */
static void lu_scenario_step(struct lu *lu)
{
	int st;

	do {
		st = scenario_next(lu->sc);
	} while (st == 1 && host_record_moves(lu->rec) == lu->moves);
	lu->moves = host_record_moves(lu->rec);
	lu_drain(lu);
	lu_load_program(lu);
	if (st == 1) {
		lu->sc_steps++;
		lu_add(lu, VS_DIM, lu->sc_steps > 1 ? "  -- any key: next step   p: previous step --"
						     : "  -- any key: next step --");
		lu->wait = LU_PAUSE;
	} else {
		if (st < 0)
			lu_add(lu, VS_ERROR, scenario_error(lu->sc));
		lu_add(lu, st < 0 ? VS_ERROR : VS_ACTIVE_LANE,
		       st < 0 ? "== scenario failed ==" : "== scenario finished ==");
		lu->wait = LU_OVER;
	}
	lu_show_last(lu);
}

static int lu_script_start(struct lu *lu, const char *path)
{
	struct strbuf sb;
	FILE *err = tmpfile();

	if (lu->play) {
		snprintf(lu->s->message, sizeof(lu->s->message), "a lesson is running: leave it first");
		if (err)
			fclose(err);
		return -1;
	}
	scenario_close(lu->sc);
	if (lu->sc_path != path) {
		free(lu->sc_path);
		lu->sc_path = xstrdup(path);
	}
	lu->sc_steps = 0;
	/* --script and :script alike: the scenario reads only its own folder */
	host_engine_confine(lu->he, path, lu->o->allow_read);
	lu->sc = scenario_open(path, host_record_host(lu->rec), lu_print, lu, lu->o->lua_budget,
			       lu->o->lua_memory, err ? err : stderr);
	if (!lu->sc) {
		char buf[512];
		size_t n = 0;

		if (err) {
			rewind(err);
			n = fread(buf, 1, sizeof(buf) - 1, err);
		}
		buf[n] = 0;
		lu_add(lu, VS_ERROR, n ? buf : "cannot load the script");
		if (err)
			fclose(err);
		lu->wait = LU_OVER;
		return -1;
	}
	if (err)
		fclose(err);
	strbuf_init(&sb);
	strbuf_addf(&sb, "Scenario %s", strrchr(path, '/') ? strrchr(path, '/') + 1 : path);
	snprintf(lu->title, sizeof(lu->title), "%s", strbuf_cstr(&sb));
	strbuf_release(&sb);
	lu_addf(lu, VS_TITLE, "== %s ==", lu->title);
	lu->full = 0;
	lu_scenario_step(lu);
	return 0;
}

/* The teacher's "previous": the scenario runs again from its start, on fresh
 * machines, to the narrated step before the one shown (a scenario is
 * deterministic: the same steps print the same narration). The debugger
 * leaves the scenario's machine first, as closing the script releases it. */
static int lu_scenario_back(struct lu *lu)
{
	int target = lu->wait == LU_OVER ? lu->sc_steps : lu->sc_steps - 1;
	struct ui_backend *be;
	struct strbuf err;
	char *pargv[] = { "lesson.cu", NULL };
	char *path;

	if (!lu->sc || !lu->sc_path || target < 1) {
		snprintf(lu->s->message, sizeof(lu->s->message), "this is the first step");
		return UI_ACT_REDRAW;
	}
	strbuf_init(&err);
	be = engine_backend_new("lesson.cu", placeholder, lu->o->fo, lu->o->mo, 1, pargv, &err);
	strbuf_release(&err);
	if (!be)
		return UI_ACT_REDRAW;
	lu_set_backend(lu, be);
	scenario_close(lu->sc);
	lu->sc = NULL;
	for (size_t i = 0; i < lu->lines.len; i++)
		free(lu->lines.v[i].text);
	lu->lines.len = 0;
	lu->shown_gen = 0;
	path = lu->sc_path; /* kept: lu_script_start sees the same pointer */
	if (lu_script_start(lu, path) < 0)
		return UI_ACT_REDRAW;
	while (lu->wait == LU_PAUSE && lu->sc_steps < target)
		lu_scenario_step(lu);
	return UI_ACT_REDRAW | UI_ACT_STATE;
}

/* ---- hooks */

static void line_clear(struct ui_session *s)
{
	s->editing = 0;
	s->len = s->cursor = 0;
	s->line[0] = 0;
}

static void line_open(struct ui_session *s, const char *text)
{
	s->editing = 1;
	snprintf(s->line, sizeof(s->line), "%s", text);
	s->len = s->cursor = (int)strlen(s->line);
	s->hist_pos = (int)s->history.len;
}

/* A command line the lesson takes (answer, lesson, edit, script), or -1. */
static int lu_line(struct lu *lu, struct ui_session *s)
{
	char line[UI_LINE_MAX], word[32];
	const char *rest;
	size_t n;

	snprintf(line, sizeof(line), "%s", s->line + strspn(s->line, " "));
	n = strcspn(line, " ");
	snprintf(word, sizeof(word), "%.*s", (int)(n < 31 ? n : 31), line);
	rest = line + n + strspn(line + n, " ");
	if (!strcmp(word, "answer") || (!strcmp(word, "a") && lu->play)) {
		line_clear(s);
		lu_answer(lu, rest);
	} else if (!strcmp(word, "lesson") && (lu->play || lu->sc)) {
		line_clear(s);
		lu->full = !lu->full;
	} else if (!strcmp(word, "scenario") && lu->sc && !strcmp(rest, "next")) {
		/* not plain "next": that is the debugger's step over */
		line_clear(s);
		if (lu->wait != LU_PAUSE) {
			snprintf(s->message, sizeof(s->message), "the scenario has finished");
			return UI_ACT_REDRAW;
		}
		lu_scenario_step(lu);
		return UI_ACT_REDRAW | UI_ACT_STATE;
	} else if (lu->sc && (!strcmp(word, "previous") ||
			      (!strcmp(word, "scenario") && !strcmp(rest, "previous")))) {
		line_clear(s);
		return lu_scenario_back(lu);
	} else if (!strcmp(word, "restart") && lu->play) {
		line_clear(s);
		return lu_restart(lu);
	} else if (!strcmp(word, "edit") && lu->wait == LU_EXERCISE) {
		line_clear(s);
		lu_edit(lu);
	} else if (!strcmp(word, "script")) {
		line_clear(s);
		if (!*rest)
			snprintf(s->message, sizeof(s->message), "usage: script FILE.lua");
		else
			lu_script_start(lu, rest);
	} else if (lu->wait == LU_ASK && *line && !cmd_canonical(word)) {
		line_clear(s);
		lu_answer(lu, line);
	} else {
		return -1;
	}
	return UI_ACT_REDRAW;
}

static int lu_scroll(struct lu *lu, int d)
{
	lu->follow = 0;
	lu->scroll += d;
	if (lu->scroll < -100000)
		lu->scroll = 0;
	return UI_ACT_REDRAW;
}

static int lu_key(void *ctx, struct ui_session *s, int key)
{
	struct lu *lu = ctx;
	int page = s->height > 8 ? s->height - 6 : 2;

	if (lu->wait == LU_EDIT)
		return ed_key(lu, key);
	if (s->editing)
		return key == UI_KEY_ENTER ? lu_line(lu, s) : -1;
	if (s->ctl.help || lu->wait == LU_NONE)
		return -1;
	if ((lu->wait == LU_PAUSE || (lu->wait == LU_OVER && lu->sc)) &&
	    (key == 'p' || key == UI_KEY_LEFT || key == UI_KEY_BACKSPACE))
		return lu_scenario_back(lu);
	if (lu->wait == LU_PAUSE && key != ':' && key != 'q' && key != 'L' && key != '9' &&
	    key != UI_KEY_RESIZE && key != UI_KEY_CTRL_C) {
		lu_scenario_step(lu);
		return UI_ACT_REDRAW | UI_ACT_STATE;
	}
	if (key == 'r' && lu->wait == LU_TASK && s->st.run == UI_RUN_FINISHED)
		return lu_restart(lu); /* not "run": the lesson's machine starts where the lesson left it */
	switch (key) {
	case 'q': /* a lesson or a scenario leaves at once: its progress is kept */
		return UI_ACT_QUIT;
	case 'L':
	case '9':
		lu->full = !lu->full;
		return UI_ACT_REDRAW;
	case ' ':
		if (lu->wait != LU_PAGE)
			return lu->full ? lu_scroll(lu, page) : -1;
		if (lu->full && lu->hidden > 0)
			return lu_scroll(lu, page);
		lu_advance(lu);
		return UI_ACT_REDRAW;
	case UI_KEY_ENTER:
		if (lu->wait == LU_PAGE) {
			lu_advance(lu);
			return UI_ACT_REDRAW;
		}
		if (lu->wait == LU_ASK) {
			line_open(s, "answer ");
			return UI_ACT_REDRAW;
		}
		if (lu->wait == LU_EXERCISE) {
			lu_edit(lu);
			return UI_ACT_REDRAW;
		}
		return -1;
	case 'a':
		if (lu->wait != LU_ASK)
			return -1;
		line_open(s, "answer ");
		return UI_ACT_REDRAW;
	case 'e':
		if (lu->wait != LU_EXERCISE)
			return -1;
		lu_edit(lu);
		return UI_ACT_REDRAW;
	case 'j':
	case UI_KEY_DOWN:
		return lu->full ? lu_scroll(lu, 1) : -1;
	case 'k':
	case UI_KEY_UP:
		return lu->full ? lu_scroll(lu, -1) : -1;
	case UI_KEY_PGDN:
		return lu->full ? lu_scroll(lu, page) : -1;
	case UI_KEY_PGUP:
		return lu->full ? lu_scroll(lu, -page) : -1;
	default:
		return -1;
	}
}

static int lu_after(void *ctx, struct ui_session *s, int act)
{
	struct lu *lu = ctx;

	if ((act & UI_ACT_STATE) && lu->wait == LU_TASK)
		return lu_feed_task(lu);
	return UI_ACT_NONE;
}

static const char *lu_footer(const struct lu *lu)
{
	switch (lu->wait) {
	case LU_PAGE:
		return lu->hidden > 0 ? "Space: more   j/k: scroll   L: debugger   q: leave"
				      : "Space: next page   j/k: scroll   L: debugger   q: leave";
	case LU_ASK:
		return "Enter: type your answer   L: debugger   q: leave (progress kept)";
	case LU_TASK:
		return "L: debugger (s n w c to step)   j/k: scroll   q: leave";
	case LU_EXERCISE:
		return "e: edit the kernel   L: debugger   q: leave (progress kept)";
	case LU_PAUSE:
		return lu->sc_steps > 1 ? "any key: next step   p: previous   L: debugger   q: quit"
					: "any key: next step   L: debugger   q: quit";
	default:
		return "q: leave   L: debugger   j/k: scroll";
	}
}

/* The lesson pane's place: full screen, or the console's place. */
static struct view_rect lu_rect(struct lu *lu, struct ui_session *s, int w, int h)
{
	struct view_rect r[PANE_COUNT];

	if (w < VIEW_MIN_W || h < VIEW_MIN_H || s->ctl.help)
		return (struct view_rect){ 0, 0, 0, 0 };
	if (lu->full || lu->wait == LU_EDIT)
		return (struct view_rect){ 0, 1, w, h - 2 };
	view_layout(w, h, &s->ctl, s->st.nwarps, r);
	return r[PANE_CONSOLE];
}

static void lu_draw(void *ctx, struct ui_session *s, struct view_grid *g)
{
	struct lu *lu = ctx;
	struct view_rect r = lu_rect(lu, s, g->w, g->h);
	struct lesson_view v;
	char status[64];

	if (lu->wait == LU_NONE || !r.w)
		return;
	if (lu->wait == LU_EDIT) {
		char title[160];

		snprintf(title, sizeof(title), "Edit %s", lu->file ? lu->file : "");
		lesson_editor_draw(g, r, title, lu->ed.v, (int)lu->ed.len, lu->ey, lu->ex, &lu->etop,
				   "Ctrl-X: save and check   Ctrl-C: cancel   arrows: move", s->ctl.ascii);
		return;
	}
	lu_status(lu, status, sizeof(status));
	/* The strip takes the console's place: the learner's last command
	 * typed since the lesson last spoke (:p, :info ...) and what it printed
	 * (at most LU_CON_SHOWN lines) follow the transcript, so no answer is
	 * hidden. The debugger's own notes are not repeated there. */
	size_t ncon = 0;
	for (size_t i = s->st.console.len; i > lu->con_mark; i--)
		if (s->st.console.v[i - 1].kind == UI_CON_ECHO) {
			ncon = s->st.console.len - (i - 1);
			break;
		}
	if (ncon > LU_CON_SHOWN)
		ncon = LU_CON_SHOWN;
	struct lesson_line *shown = xmalloc(sizeof(*shown) * (lu->lines.len + ncon + 1));
	char **texts = xmalloc(sizeof(*texts) * (ncon + 1));
	memcpy(shown, lu->lines.v, sizeof(*shown) * lu->lines.len);
	for (size_t i = 0; i < ncon; i++) {
		const struct ui_con_line *cl = &s->st.console.v[s->st.console.len - ncon + i];
		struct strbuf sb;

		strbuf_init(&sb);
		strbuf_addf(&sb, "%s%s", cl->kind == UI_CON_ECHO ? "(ws) " : "  ", cl->text ? cl->text : "");
		texts[i] = strbuf_detach(&sb);
		shown[lu->lines.len + i] = (struct lesson_line){
			cl->kind == UI_CON_ECHO ? VS_HIGHLIGHT : cl->kind == UI_CON_ERROR ? VS_ERROR : VS_DIM,
			texts[i] };
	}
	memset(&v, 0, sizeof(v));
	v.title = lu->title;
	v.status = lu->full ? status
		   : lu->wait == LU_PAGE ? "Space: next  L: full screen"
		   : lu->wait == LU_OVER ? "q: leave  L: full screen" : "L: full screen";
	v.lines = shown;
	v.nlines = (int)(lu->lines.len + ncon);
	v.top = lu->top;
	v.bottom = !lu->full;
	v.ascii = s->ctl.ascii;
	v.focus = lu->full;
	v.scroll = lu->scroll;
	v.follow = lu->follow && lu->wait != LU_PAGE;
	v.footer = lu->full ? "" : NULL;
	lu->hidden = lesson_view_draw(g, r, &v);
	if (lu->full) {
		v.footer = lu_footer(lu);
		lu->hidden = lesson_view_draw(g, r, &v);
		lu->scroll = v.scroll;
	}
	for (size_t i = 0; i < ncon; i++)
		free(texts[i]);
	free(texts);
	free(shown);
}

static const struct ui_hooks lu_hooks = { lu_key, lu_after, lu_draw };

/* ---- the session */

static void lu_free(struct lu *lu)
{
	lesson_close(lu->play);
	scenario_close(lu->sc);
	for (size_t i = 0; i < lu->lines.len; i++)
		free(lu->lines.v[i].text);
	vec_free(&lu->lines);
	ed_free(lu);
	vec_free(&lu->ed);
	free(lu->edpath);
	free(lu->sc_path);
	free(lu->file);
	free(lu->source);
	host_record_free(lu->rec);
	if (lu->he)
		host_engine_free(lu->he);
	if (lu->pout)
		fclose(lu->pout);
	free(lu->pbuf);
	if (lu->devnull)
		fclose(lu->devnull);
	if (lu->be)
		engine_backend_free(lu->be);
}

static int lu_open_lesson(struct lu *lu, const struct ui_run_opts *ro)
{
	struct lesson_opts lo;
	const char *base = strrchr(ro->lesson_path, '/');

	if (!lu->ro)
		lu->ro = ro;
	lesson_opts_init(&lo);
	lo.path = ro->lesson_path;
	lo.fresh = ro->fresh;
	lo.state_dir = ro->state_dir;
	lo.host = host_record_host(lu->rec);
	lo.max_instructions = lu->o->lua_budget;
	lo.max_memory = lu->o->lua_memory;
	base = base ? base + 1 : ro->lesson_path;
	snprintf(lu->title, sizeof(lu->title), "Lesson %.*s", (int)strcspn(base, "."), base);
	if (!(lu->play = lesson_open(&lo, lu->pout, stderr)))
		return -1;
	lu->full = 1;
	lu_advance(lu);
	return 0;
}

int ui_session_run(const struct debug_opts *o, const struct ui_run_opts *ro)
{
	struct lu lu;
	struct ui_session s;
	struct term_opts to;
	struct strbuf err;
	struct ui_backend *be;
	char *pargv[] = { "lesson.cu", NULL };
	int status = 2;

	memset(&lu, 0, sizeof(lu));
	lu.o = o;
	strbuf_init(&err);
	/* a program that does not compile still opens (the diagnostics in the
	 * console, :reload after a fix) when there is a terminal to open */
	be = ro->path ? engine_backend_open(ro->path, ro->text, o->fo, o->mo, ro->argc, ro->argv, &err)
		      : engine_backend_new("lesson.cu", placeholder, o->fo, o->mo, 1, pargv, &err);
	if (be && err.len && (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO))) {
		engine_backend_free(be);
		be = NULL;
	}
	if (be && ro->path && o->trace && engine_backend_set_trace(be, o->trace, &err) < 0) {
		engine_backend_free(be);
		be = NULL;
	}
	if (!be) {
		fputs(strbuf_cstr(&err), stderr);
		strbuf_release(&err);
		return 2;
	}
	ui_session_init(&s, be);
	lu.s = &s;
	lu_set_backend(&lu, be);
	lu.pout = open_memstream(&lu.pbuf, &lu.plen);
	lu.devnull = fopen("/dev/null", "w");
	lu.he = host_engine_new(lu.pout ? lu.pout : lu.devnull, lu.pout ? lu.pout : lu.devnull,
				o->fo, o->mo);
	/* a lesson reads only its own folder and --allow-read ones (a scenario:
	 * lu_script_start) */
	if (ro->lesson_path)
		host_engine_confine(lu.he, ro->lesson_path, o->allow_read);
	lu.rec = host_record_new(host_engine_host(lu.he));
	s.hooks = &lu_hooks;
	s.hooks_ctx = &lu;
	if (!err.len)
		ui_console_add(&s.st, UI_CON_INFO, "stopped before main(). s: step  c: continue  "
			       "b LINE: break  ?: help  q: quit");
	if (ro->lesson_path && lu_open_lesson(&lu, ro) < 0)
		goto out;
	if (ro->script_path && lu_script_start(&lu, ro->script_path) < 0 && !lu.sc) {
		fprintf(stderr, "%s", lu.lines.len ? lu.lines.v[lu.lines.len - 1].text : "");
		goto out;
	}
	term_opts_init(&to);
	to.record = o->record;
	status = term_run(&s, &to);
out:
	strbuf_release(&err);
	s.be = NULL;
	lu_free(&lu);
	ui_session_free(&s);
	return status;
}
