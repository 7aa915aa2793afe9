/*
 * lesson.c - play a lesson headless (contract in lesson.h; the answers and
 * progress formats are in docs/lesson-format.md).
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <lauxlib.h>

#include "api.h"
#include "lesson.h"
#include "sandbox.h"
#include "util.h"

extern const char lua_lesson_rt[]; /* scripts/lesson_rt.lua, embedded */

#define PROGRESS_MAGIC "warpstep-progress 1"

/* One learner input: what an answers-file entry or a progress record holds. */
struct input {
	char *kind; /* "answer", "state" or "source" */
	char *text;
};

struct progress {
	char *path;     /* the progress file ("" when progress is not saved) */
	uint64_t hash;  /* of the lesson text */
	int steps;      /* steps done (questions answered, tasks and exercises passed) */
	int done;
	VEC(struct input) inputs;
};

struct play {
	struct sandbox *sb;
	lua_State *co;
	FILE *out, *err;
	struct progress pr;
	VEC(struct input) answers;
	size_t replay, next; /* inputs still to replay; next answer */
	int quiet;           /* replaying: print nothing */
};

void lesson_opts_init(struct lesson_opts *o)
{
	memset(o, 0, sizeof(*o));
}

static void inputs_free(struct input *v, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(v[i].kind);
		free(v[i].text);
	}
}

static uint64_t hash_text(const char *s, size_t n)
{
	uint64_t h = 1469598103934665603ULL; /* FNV-1a */

	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 1099511628211ULL;
	return h;
}

/* --- the answers file */

static const char *input_kind(const char *line, size_t *skip)
{
	static const char *const kinds[] = { "answer", "state", "source" };

	for (size_t i = 0; i < WS_ARRAY_LEN(kinds); i++) {
		size_t n = strlen(kinds[i]);

		if (strncmp(line, kinds[i], n) == 0 && line[n] == ':') {
			*skip = n + 1 + (line[n + 1] == ' ');
			return kinds[i];
		}
	}
	return NULL;
}

/* Read the body of "source: <<TAG" from *p on; NULL when TAG never comes. */
static char *heredoc_read(char **p, const char *tag, int *lineno)
{
	struct strbuf sb;
	char *line;

	strbuf_init(&sb);
	while ((line = *p) != NULL && *line) {
		char *nl = strchr(line, '\n');
		size_t n = nl ? (size_t)(nl - line) : strlen(line);

		*p = nl ? nl + 1 : line + n;
		++*lineno;
		if (n == strlen(tag) && strncmp(line, tag, n) == 0)
			return strbuf_detach(&sb);
		strbuf_add(&sb, line, n);
		strbuf_addc(&sb, '\n');
	}
	strbuf_release(&sb);
	return NULL;
}

/* "source: @file": a file next to the answers file. */
static char *source_file(const char *answers, const char *name, const char **why)
{
	const char *slash = strrchr(answers, '/');
	struct strbuf path;
	char *text;

	strbuf_init(&path);
	if (name[0] != '/' && slash)
		strbuf_add(&path, answers, (size_t)(slash - answers + 1));
	strbuf_adds(&path, name);
	text = util_read_file(strbuf_cstr(&path), NULL, why);
	strbuf_release(&path);
	return text;
}

static int answers_error(struct play *pl, const char *file, int line, const char *msg)
{
	fprintf(pl->err, "%s:%d: error: %s\n", file, line, msg);
	return -1;
}

static int answers_load(struct play *pl, const char *file)
{
	const char *why;
	char *text = util_read_file(file, NULL, &why), *p, *line;
	int lineno = 0, ret = 0;

	if (!text) {
		fprintf(pl->err, "warpstep: cannot open '%s': %s\n", file, why);
		return -1;
	}
	for (p = text; ret == 0 && (line = p) != NULL && *line;) {
		char *nl = strchr(line, '\n');
		const char *kind;
		size_t skip;
		struct input in;

		if (nl)
			*nl = 0;
		p = nl ? nl + 1 : line + strlen(line);
		lineno++;
		if (line[0] == '#' || line[strspn(line, " \t\r")] == 0)
			continue;
		if (!(kind = input_kind(line, &skip))) {
			ret = answers_error(pl, file, lineno, "expected 'answer:', 'state:' or 'source:'");
			break;
		}
		in.kind = xstrdup(kind);
		line += skip;
		if (strcmp(kind, "source") == 0 && strncmp(line, "<<", 2) == 0) {
			int start = lineno;

			if (!(in.text = heredoc_read(&p, line + 2, &lineno)))
				ret = answers_error(pl, file, start, "the source never ends (no closing tag)");
		} else if (strcmp(kind, "source") == 0 && line[0] == '@') {
			if (!(in.text = source_file(file, line + 1, &why)))
				ret = answers_error(pl, file, lineno, why);
		} else {
			in.text = xstrdup(line);
		}
		if (ret) {
			free(in.kind);
			break;
		}
		vec_push(&pl->answers, in);
	}
	free(text);
	return ret;
}

/* --- progress */

static void progress_path(struct progress *pr, const char *dir_opt, const char *lesson)
{
	const char *xdg = getenv("XDG_STATE_HOME"), *home = getenv("HOME"), *base;
	char *real = realpath(lesson, NULL);
	const char *id = real ? real : lesson;
	struct strbuf dir;

	strbuf_init(&dir);
	if (dir_opt)
		strbuf_adds(&dir, dir_opt);
	else if (xdg && xdg[0] == '/')
		strbuf_addf(&dir, "%s/warpstep/progress", xdg);
	else if (home && *home)
		strbuf_addf(&dir, "%s/.local/state/warpstep/progress", home);
	base = strrchr(lesson, '/') ? strrchr(lesson, '/') + 1 : lesson;
	if (dir.len) {
		strbuf_addf(&dir, "/%.*s-%08llx.progress", (int)strcspn(base, "."), base,
			    (unsigned long long)(hash_text(id, strlen(id)) & 0xffffffffu));
	}
	free(real);
	pr->path = strbuf_detach(&dir);
}

/* mkdir -p the directory part of path. */
static int mkdirs(const char *path)
{
	char *p = xstrdup(path), *s;
	int ret = 0;

	for (s = strchr(p + 1, '/'); s && ret == 0; s = strchr(s + 1, '/')) {
		*s = 0;
		if (mkdir(p, 0700) < 0 && errno != EEXIST)
			ret = -1;
		*s = '/';
	}
	free(p);
	return ret;
}

static void progress_format(const struct progress *pr, const char *lesson, struct strbuf *sb)
{
	strbuf_addf(sb, "%s\nlesson %s\nhash %016llx\nsteps %d\ndone %d\ninputs %zu\n",
		    PROGRESS_MAGIC, lesson, (unsigned long long)pr->hash, pr->steps, pr->done,
		    pr->inputs.len);
	for (size_t i = 0; i < pr->inputs.len; i++) {
		const struct input *in = &pr->inputs.v[i];

		strbuf_addf(sb, "%s %zu\n", in->kind, strlen(in->text));
		strbuf_adds(sb, in->text);
		strbuf_addc(sb, '\n');
	}
	strbuf_adds(sb, "end\n");
}

/* Write a temporary file, fsync it, rename it over the progress file. A crash
 * at any point leaves the old file or the new one, whole. */
static int progress_save(const struct progress *pr, const char *lesson, FILE *err)
{
	struct strbuf sb, tmp;
	int fd, ret = -1;
	const char *p;
	size_t left;

	if (!pr->path[0])
		return 0;
	strbuf_init(&sb);
	strbuf_init(&tmp);
	progress_format(pr, lesson, &sb);
	strbuf_addf(&tmp, "%s.tmp", pr->path);
	if (mkdirs(pr->path) < 0 || (fd = open(strbuf_cstr(&tmp), O_WRONLY | O_CREAT | O_TRUNC, 0600)) < 0)
		goto report;
	for (p = strbuf_cstr(&sb), left = sb.len; left;) {
		ssize_t n = write(fd, p, left);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		p += n;
		left -= (size_t)n;
	}
	if (left == 0 && fsync(fd) == 0)
		ret = 0;
	if (close(fd) < 0)
		ret = -1;
	/* testcase: a crash between the write and the rename (tests/lua/lesson.t) */
	if (ret == 0 && getenv("WS_TEST_CRASH_BEFORE_RENAME"))
		kill(getpid(), SIGKILL);
	if (ret == 0 && rename(strbuf_cstr(&tmp), pr->path) < 0)
		ret = -1;
report:
	if (ret < 0) {
		fprintf(err, "warpstep: warning: cannot save the lesson progress in '%s': %s\n",
			pr->path, strerror(errno));
		unlink(strbuf_cstr(&tmp));
	}
	strbuf_release(&sb);
	strbuf_release(&tmp);
	return ret;
}

/* Parse one "key value\n" header line at *p; the value (in place) or NULL. */
static char *header_get(char **p, const char *key)
{
	size_t n = strlen(key);
	char *v, *nl;

	if (strncmp(*p, key, n) != 0 || (*p)[n] != ' ' || !(nl = strchr(*p, '\n')))
		return NULL;
	*nl = 0;
	v = *p + n + 1;
	*p = nl + 1;
	return v;
}

static const char *progress_parse(struct progress *pr, char *text, size_t len)
{
	char *p = text, *end = text + len, *v, *stop;
	unsigned long long hash;
	size_t count;

	if (strncmp(p, PROGRESS_MAGIC "\n", strlen(PROGRESS_MAGIC) + 1) != 0)
		return "not a warpstep progress file";
	p += strlen(PROGRESS_MAGIC) + 1;
	if (!header_get(&p, "lesson") || !(v = header_get(&p, "hash")))
		return "bad header";
	hash = strtoull(v, &stop, 16);
	if (*stop || hash != pr->hash)
		return "saved for another version of the lesson";
	if (!(v = header_get(&p, "steps")) || (pr->steps = atoi(v)) < 0 ||
	    !(v = header_get(&p, "done")) || ((pr->done = atoi(v)) != 0 && pr->done != 1) ||
	    !(v = header_get(&p, "inputs")))
		return "bad header";
	count = strtoul(v, &stop, 10);
	for (size_t i = 0; i < count; i++) {
		char *kind = p, *sp, *nl;
		size_t n;
		struct input in;

		if (!(nl = memchr(p, '\n', (size_t)(end - p))) || !(sp = memchr(p, ' ', (size_t)(nl - p))))
			return "truncated";
		*sp = 0;
		n = strtoul(sp + 1, &stop, 10);
		if (stop != nl || !ws_range_in(0, (uint64_t)(end - (nl + 1)), n, 1) || nl[1 + n] != '\n' ||
		    (strcmp(kind, "answer") && strcmp(kind, "state") && strcmp(kind, "source")))
			return "bad input record";
		in.kind = xstrdup(kind);
		in.text = xstrndup(nl + 1, n);
		vec_push(&pr->inputs, in);
		p = nl + 2 + n;
	}
	if ((size_t)(end - p) != 4 || strncmp(p, "end\n", 4) != 0)
		return "truncated";
	return NULL;
}

/* Load saved progress; a missing file is a fresh start, a bad one a warning. */
static void progress_load(struct progress *pr, FILE *err)
{
	size_t len;
	const char *why;
	char *text;

	if (!pr->path[0] || !(text = util_read_file(pr->path, &len, &why)))
		return;
	if ((why = progress_parse(pr, text, len)) != NULL) {
		fprintf(err, "warpstep: warning: ignoring the progress in '%s' (%s); starting fresh\n",
			pr->path, why);
		inputs_free(pr->inputs.v, pr->inputs.len);
		vec_free(&pr->inputs);
		pr->steps = pr->done = 0;
	} else if (pr->done) {
		inputs_free(pr->inputs.v, pr->inputs.len); /* finished: play it again */
		vec_free(&pr->inputs);
		pr->steps = pr->done = 0;
	}
	free(text);
}

/* --- the play loop */

/* A request from the lesson, copied out of Lua. */
struct request {
	char kind[16];
	char *title, *text, *hint, *file, *source;
	int ok, n;
};

static void field_copy(lua_State *L, const char *k, char **out)
{
	lua_getfield(L, 1, k); /* rt builds plain tables: no metamethods run */
	*out = lua_type(L, -1) == LUA_TSTRING ? xstrdup(lua_tostring(L, -1)) : NULL;
	lua_pop(L, 1);
}

/* Copy the request table at 1 into the struct at 2 (run protected). */
static int request_read(lua_State *L)
{
	struct request *r = lua_touserdata(L, 2);

	luaL_checktype(L, 1, LUA_TTABLE);
	lua_getfield(L, 1, "kind");
	snprintf(r->kind, sizeof(r->kind), "%s", luaL_optstring(L, -1, "?"));
	lua_getfield(L, 1, "ok");
	r->ok = lua_toboolean(L, -1);
	lua_getfield(L, 1, "n");
	r->n = (int)lua_tointeger(L, -1);
	lua_pop(L, 3);
	field_copy(L, "title", &r->title);
	field_copy(L, strcmp(r->kind, "ask") == 0 ? "q" : "text", &r->text);
	field_copy(L, "hint", &r->hint);
	field_copy(L, "file", &r->file);
	field_copy(L, "source", &r->source);
	return 0;
}

static void request_release(struct request *r)
{
	free(r->title);
	free(r->text);
	free(r->hint);
	free(r->file);
	free(r->source);
}

/* Push the input onto L as the lesson receives it (run protected): a
 * string, or for a state "k=v k=v" a table {kind = first key, k = v ...}. */
static int input_push(lua_State *L)
{
	const struct input *in = lua_touserdata(L, 1);
	const char *p = in->text;

	if (strcmp(in->kind, "state") != 0) {
		lua_pushstring(L, in->text);
		return 1;
	}
	lua_newtable(L);
	while (*(p += strspn(p, " \t"))) {
		size_t n = strcspn(p, " \t"), k = strcspn(p, "=");

		if (k > n)
			k = n;
		lua_pushlstring(L, p, k);
		if (lua_rawlen(L, -2) == 0 && lua_getfield(L, -2, "kind") == LUA_TNIL) {
			lua_pop(L, 1);
			lua_pushvalue(L, -1);
			lua_setfield(L, -3, "kind");
		} else {
			lua_pop(L, 1);
		}
		if (k < n) {
			lua_pushlstring(L, p + k + 1, n - k - 1);
			if (lua_stringtonumber(L, lua_tostring(L, -1)))
				lua_remove(L, -2);
		} else {
			lua_pushboolean(L, 1);
		}
		lua_rawset(L, -3);
		p += n;
	}
	return 1;
}

static const char *input_wanted(const char *request)
{
	if (strcmp(request, "ask") == 0)
		return "answer";
	if (strcmp(request, "task") == 0)
		return "state";
	return "source";
}

static void transcript_request(struct play *pl, const struct request *r)
{
	FILE *f = pl->out;

	if (pl->quiet)
		return;
	if (strcmp(r->kind, "page") == 0) {
		if (r->title)
			fprintf(f, "== %s ==\n", r->title);
		fprintf(f, "%s\n\n", r->text ? r->text : "");
	} else if (strcmp(r->kind, "feedback") == 0) {
		fprintf(f, "  %s\n", r->text ? r->text : (r->ok ? "correct" : "not quite"));
		if (r->hint)
			fprintf(f, "  hint: %s\n", r->hint);
	} else if (strcmp(r->kind, "ask") == 0) {
		fprintf(f, "Q%d. %s\n", r->n, r->text ? r->text : "");
	} else if (strcmp(r->kind, "task") == 0) {
		fprintf(f, "Task %d. %s\n", r->n, r->text ? r->text : "");
	} else if (strcmp(r->kind, "exercise") == 0) {
		fprintf(f, "Exercise %d. %s (file: %s)\n", r->n, r->text ? r->text : "",
			r->file ? r->file : "?");
	}
}

static void transcript_input(struct play *pl, const struct input *in)
{
	size_t lines = 0;

	if (pl->quiet)
		return;
	if (strcmp(in->kind, "answer") == 0) {
		fprintf(pl->out, "> %s\n", in->text);
		return;
	}
	if (strcmp(in->kind, "state") == 0) {
		fprintf(pl->out, "> state: %s\n", in->text);
		return;
	}
	for (const char *p = in->text; *p; p++)
		lines += *p == '\n';
	fprintf(pl->out, "> source: %zu lines\n", lines);
}

/* The next input: a saved one being replayed, else the answers file's. */
static const struct input *input_next(struct play *pl, int *replayed)
{
	*replayed = pl->replay > 0;
	if (pl->replay) {
		const struct input *in = &pl->pr.inputs.v[pl->pr.inputs.len - pl->replay--];

		return in;
	}
	return pl->next < pl->answers.len ? &pl->answers.v[pl->next++] : NULL;
}

/* Resume the lesson with one input; -1 when the lesson cannot go on. */
static int input_give(struct play *pl, const struct request *r, int *nargs)
{
	lua_State *L = sandbox_state(pl->sb);
	int replayed;
	const struct input *in = input_next(pl, &replayed);

	if (!in) {
		fprintf(pl->out, "== lesson incomplete: no answer left for %s %d ==\n",
			strcmp(r->kind, "ask") == 0 ? "question" : r->kind, r->n);
		return -1;
	}
	if (strcmp(in->kind, input_wanted(r->kind)) != 0) {
		fprintf(pl->out, "== lesson incomplete: %s %d wants '%s:', the answers give '%s:' ==\n",
			strcmp(r->kind, "ask") == 0 ? "question" : r->kind, r->n,
			input_wanted(r->kind), in->kind);
		return -1;
	}
	transcript_input(pl, in);
	lua_pushcfunction(L, input_push);
	lua_pushlightuserdata(L, (void *)in);
	if (lua_pcall(L, 1, 1, 0) != LUA_OK || !lua_checkstack(pl->co, 2)) {
		lua_pop(L, 1);
		fprintf(pl->err, "warpstep: out of memory passing an answer to the lesson\n");
		return -1;
	}
	lua_xmove(L, pl->co, 1);
	*nargs = 1;
	if (!replayed) {
		struct input copy = { xstrdup(in->kind), xstrdup(in->text) };

		vec_push(&pl->pr.inputs, copy);
	}
	return 0;
}

static int lesson_save(struct play *pl, const char *lesson, int saving)
{
	return saving ? progress_save(&pl->pr, lesson, pl->err) : 0;
}

/* Resume until the lesson ends: 0 complete, 1 not. */
static int play_loop(struct play *pl, const char *lesson)
{
	lua_State *L = sandbox_state(pl->sb);
	int nargs = 0, nres, st;

	for (;;) {
		struct request r;
		int input;

		pl->quiet = pl->replay > 0;
		sandbox_budget_reset(pl->sb);
		st = sandbox_resume(pl->sb, pl->co, nargs, &nres);
		nargs = 0;
		if (st < 0) {
			fflush(pl->out);
			fputs(sandbox_error(pl->sb), pl->err);
			return 1;
		}
		if (st == LUA_OK) {
			fprintf(pl->out, "== lesson complete (%d steps) ==\n", pl->pr.steps);
			pl->pr.done = 1;
			lesson_save(pl, lesson, 1);
			return 0;
		}
		memset(&r, 0, sizeof(r));
		lua_settop(pl->co, lua_gettop(pl->co) - nres + 1); /* the request */
		lua_pushcfunction(L, request_read);
		lua_xmove(pl->co, L, 1);
		lua_pushlightuserdata(L, &r);
		if (lua_pcall(L, 2, 0, 0) != LUA_OK) {
			lua_pop(L, 1);
			request_release(&r);
			fprintf(pl->err, "warpstep: %s: the lesson runtime yielded a bad request\n", lesson);
			return 1;
		}
		transcript_request(pl, &r);
		if (strcmp(r.kind, "feedback") == 0 && r.ok)
			pl->pr.steps++;
		input = !strcmp(r.kind, "ask") || !strcmp(r.kind, "task") || !strcmp(r.kind, "exercise");
		st = input ? input_give(pl, &r, &nargs) : 0;
		request_release(&r);
		if (input && st == 0 && !pl->quiet)
			lesson_save(pl, lesson, 1);
		if (st < 0) {
			lesson_save(pl, lesson, 1);
			return 1;
		}
	}
}

/* Load the runtime and the lesson; leave the coroutine ready in pl->co. */
static int lesson_prepare(struct play *pl, const char *path, const char *text, size_t len)
{
	struct sandbox *sb = pl->sb;
	lua_State *L = sandbox_state(sb);

	if (sandbox_load(sb, "lesson_rt.lua", lua_lesson_rt, strlen(lua_lesson_rt)) < 0 ||
	    sandbox_pcall(sb, 0, 1) < 0)
		return -1;
	/* stack: rt (ours: a plain table) */
	lua_getfield(L, -1, "env");
	if (sandbox_pcall(sb, 0, 1) < 0 || sandbox_load(sb, path, text, len) < 0)
		return -1;
	lua_rotate(L, -2, 1);                /* rt fn env */
	lua_setupvalue(L, -2, 1);            /* a main chunk's one upvalue is _ENV */
	lua_getfield(L, -2, "body");
	lua_rotate(L, -2, 1);                /* rt body fn */
	if (sandbox_pcall(sb, 1, 1) < 0)
		return -1;
	pl->co = lua_newthread(L);         /* rt body co */
	lua_pushvalue(L, -2);
	lua_xmove(L, pl->co, 1);
	/* the thread stays referenced from L's stack for the whole play */
	return 0;
}

int lesson_main(const struct lesson_opts *o, FILE *out, FILE *err)
{
	struct play pl;
	struct sandbox_opts so;
	const char *why;
	size_t len;
	char *text;
	int status = 2;

	memset(&pl, 0, sizeof(pl));
	pl.out = out;
	pl.err = err;
	if (!(text = util_read_file(o->path, &len, &why))) {
		fprintf(err, "warpstep: cannot open '%s': %s\n", o->path, why);
		return 2;
	}
	if (answers_load(&pl, o->answers) < 0)
		goto free_answers;
	pl.pr.hash = hash_text(text, len);
	progress_path(&pl.pr, o->state_dir, o->path);
	if (!o->fresh)
		progress_load(&pl.pr, err);
	pl.replay = pl.pr.inputs.len;
	if (pl.replay)
		fprintf(out, "(resuming: %d steps done, %zu saved answers replayed)\n\n", pl.pr.steps,
			pl.replay);
	sandbox_opts_init(&so);
	so.print_file = out;
	so.max_instructions = o->max_instructions;
	so.max_memory = o->max_memory;
	status = 1;
	if (!(pl.sb = sandbox_new(&so))) {
		fprintf(err, "warpstep: cannot create the Lua state\n");
		goto free_answers;
	}
	pl.pr.steps = 0; /* counted again while replaying */
	if (wsapi_install(pl.sb, o->host) < 0 || lesson_prepare(&pl, o->path, text, len) < 0)
		fputs(sandbox_error(pl.sb), err);
	else
		status = play_loop(&pl, o->path);
	sandbox_free(pl.sb);
free_answers:
	fflush(out);
	inputs_free(pl.answers.v, pl.answers.len);
	vec_free(&pl.answers);
	inputs_free(pl.pr.inputs.v, pl.pr.inputs.len);
	vec_free(&pl.pr.inputs);
	free(pl.pr.path);
	free(text);
	return status;
}

/* --- interactive play (the interface) */

struct lesson_play {
	struct play pl;
	char *path, *text;
	size_t len, resumed;
	int nargs;                   /* values to pass at the next resume */
	char wanted[8];              /* "answer"/"state"/"source" while an input is awaited */
	struct input pending;        /* a state given; saved once the task accepts it */
	int last_replayed;           /* the last input came from saved progress */
	enum lesson_req_kind final;  /* LESSON_DONE or LESSON_ERROR once over, else 0 */
};

struct lesson_play *lesson_open(const struct lesson_opts *o, FILE *out, FILE *err)
{
	struct lesson_play *lp = xcalloc(1, sizeof(*lp));
	struct play *pl = &lp->pl;
	struct sandbox_opts so;
	const char *why;

	pl->out = out;
	pl->err = err;
	pl->quiet = 1;
	if (!(lp->text = util_read_file(o->path, &lp->len, &why))) {
		fprintf(err, "warpstep: cannot open '%s': %s\n", o->path, why);
		free(lp);
		return NULL;
	}
	lp->path = xstrdup(o->path);
	pl->pr.hash = hash_text(lp->text, lp->len);
	progress_path(&pl->pr, o->state_dir, o->path);
	if (!o->fresh)
		progress_load(&pl->pr, err);
	pl->replay = lp->resumed = pl->pr.inputs.len;
	pl->pr.steps = 0; /* counted again while replaying */
	sandbox_opts_init(&so);
	so.print_file = out;
	so.max_instructions = o->max_instructions;
	so.max_memory = o->max_memory;
	if (!(pl->sb = sandbox_new(&so))) {
		fprintf(err, "warpstep: cannot create the Lua state\n");
		lesson_close(lp);
		return NULL;
	}
	if (wsapi_install(pl->sb, o->host) < 0 ||
	    lesson_prepare(pl, lp->path, lp->text, lp->len) < 0) {
		fputs(sandbox_error(pl->sb), err);
		lesson_close(lp);
		return NULL;
	}
	return lp;
}

static enum lesson_req_kind req_kind(const char *k)
{
	if (!strcmp(k, "page"))
		return LESSON_PAGE;
	if (!strcmp(k, "feedback"))
		return LESSON_FEEDBACK;
	if (!strcmp(k, "ask"))
		return LESSON_ASK;
	if (!strcmp(k, "task"))
		return LESSON_TASK;
	if (!strcmp(k, "exercise"))
		return LESSON_EXERCISE;
	return LESSON_ERROR;
}

static enum lesson_req_kind play_over(struct lesson_play *lp, struct lesson_req *r,
				      enum lesson_req_kind k, const char *text)
{
	lp->final = k;
	r->kind = k;
	r->text = text ? xstrdup(text) : NULL;
	return k;
}

/* The feedback on a state: keep the state in the progress once accepted. */
static void pending_settle(struct lesson_play *lp, int ok)
{
	if (!lp->pending.kind)
		return;
	if (ok) {
		vec_push(&lp->pl.pr.inputs, lp->pending);
		progress_save(&lp->pl.pr, lp->path, lp->pl.err);
	} else {
		free(lp->pending.kind);
		free(lp->pending.text);
	}
	memset(&lp->pending, 0, sizeof(lp->pending));
}

enum lesson_req_kind lesson_next(struct lesson_play *lp, struct lesson_req *r)
{
	struct play *pl = &lp->pl;
	lua_State *L = sandbox_state(pl->sb);
	struct request q;
	int st, nres;

	memset(r, 0, sizeof(*r));
	if (lp->final)
		return play_over(lp, r, lp->final, NULL);
	if (lp->wanted[0])
		return play_over(lp, r, LESSON_ERROR, "warpstep: the lesson waits for an input\n");
	sandbox_budget_reset(pl->sb);
	st = sandbox_resume(pl->sb, pl->co, lp->nargs, &nres);
	lp->nargs = 0;
	if (st < 0)
		return play_over(lp, r, LESSON_ERROR, sandbox_error(pl->sb));
	if (st == LUA_OK) {
		pl->pr.done = 1;
		progress_save(&pl->pr, lp->path, pl->err);
		return play_over(lp, r, LESSON_DONE, NULL);
	}
	memset(&q, 0, sizeof(q));
	lua_settop(pl->co, lua_gettop(pl->co) - nres + 1);
	lua_pushcfunction(L, request_read);
	lua_xmove(pl->co, L, 1);
	lua_pushlightuserdata(L, &q);
	if (lua_pcall(L, 2, 0, 0) != LUA_OK) {
		lua_pop(L, 1);
		request_release(&q);
		return play_over(lp, r, LESSON_ERROR, "warpstep: the lesson runtime yielded a bad request\n");
	}
	r->kind = req_kind(q.kind);
	r->n = q.n;
	r->ok = q.ok;
	r->title = q.title;
	r->text = q.text;
	r->hint = q.hint;
	r->file = q.file;
	r->source = q.source;
	r->replayed = pl->replay > 0;
	if (r->kind == LESSON_FEEDBACK) {
		r->replayed = lp->last_replayed;
		pl->pr.steps += r->ok;
		pending_settle(lp, r->ok);
	} else if (r->kind == LESSON_ASK || r->kind == LESSON_TASK || r->kind == LESSON_EXERCISE) {
		if (pl->replay) {
			r->input = xstrdup(pl->pr.inputs.v[pl->pr.inputs.len - pl->replay].text);
			lp->last_replayed = 1;
			if (input_give(pl, &q, &lp->nargs) < 0) {
				lesson_req_release(r);
				memset(r, 0, sizeof(*r));
				return play_over(lp, r, LESSON_ERROR,
						 "warpstep: the saved progress does not fit this lesson\n");
			}
		} else {
			snprintf(lp->wanted, sizeof(lp->wanted), "%s", input_wanted(q.kind));
		}
	}
	return r->kind;
}

int lesson_input(struct lesson_play *lp, const char *kind, const char *text)
{
	struct play *pl = &lp->pl;
	lua_State *L = sandbox_state(pl->sb);
	struct input in = { (char *)kind, (char *)text };

	if (!lp->wanted[0] || strcmp(kind, lp->wanted) != 0)
		return -1;
	lua_pushcfunction(L, input_push);
	lua_pushlightuserdata(L, &in);
	if (lua_pcall(L, 1, 1, 0) != LUA_OK || !lua_checkstack(pl->co, 2)) {
		lua_pop(L, 1);
		return -1;
	}
	lua_xmove(L, pl->co, 1);
	lp->nargs = 1;
	lp->wanted[0] = 0;
	lp->last_replayed = 0;
	in.kind = xstrdup(kind);
	in.text = xstrdup(text);
	if (strcmp(kind, "state") == 0) {
		lp->pending = in;
		return 0;
	}
	vec_push(&pl->pr.inputs, in);
	progress_save(&pl->pr, lp->path, pl->err);
	return 0;
}

void lesson_req_release(struct lesson_req *r)
{
	free(r->title);
	free(r->text);
	free(r->hint);
	free(r->file);
	free(r->source);
	free(r->input);
	memset(r, 0, sizeof(*r));
}

int lesson_steps(const struct lesson_play *lp)
{
	return lp->pl.pr.steps;
}

size_t lesson_resumed(const struct lesson_play *lp)
{
	return lp->resumed;
}

const char *lesson_progress_file(const struct lesson_play *lp)
{
	return lp->pl.pr.path;
}

void lesson_close(struct lesson_play *lp)
{
	if (!lp)
		return;
	if (lp->pl.sb)
		sandbox_free(lp->pl.sb);
	inputs_free(lp->pl.pr.inputs.v, lp->pl.pr.inputs.len);
	vec_free(&lp->pl.pr.inputs);
	free(lp->pending.kind);
	free(lp->pending.text);
	free(lp->pl.pr.path);
	free(lp->path);
	free(lp->text);
	free(lp);
}

int lesson_progress_mark(const char *path, const char *state_dir)
{
	struct progress pr;
	size_t len, plen;
	const char *why;
	char *text = util_read_file(path, &len, &why), *saved;
	int mark = 0;

	if (!text)
		return 0;
	memset(&pr, 0, sizeof(pr));
	pr.hash = hash_text(text, len);
	progress_path(&pr, state_dir, path);
	if (pr.path[0] && (saved = util_read_file(pr.path, &plen, &why))) {
		if (!progress_parse(&pr, saved, plen))
			mark = pr.done ? 2 : pr.inputs.len || pr.steps ? 1 : 0;
		free(saved);
	}
	inputs_free(pr.inputs.v, pr.inputs.len);
	vec_free(&pr.inputs);
	free(pr.path);
	free(text);
	return mark;
}
