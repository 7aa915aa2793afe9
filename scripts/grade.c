/*
 * grade.c - grade submissions against an assignment spec (contract in
 * grade.h; the grading itself is scripts/grade_rt.lua, embedded).
 */
#include <errno.h>
#include <lauxlib.h>
#include <sys/stat.h>
#include <lua.h>
#include <stdlib.h>
#include <string.h>

#include "api.h"
#include "grade.h"
#include "host_engine.h"
#include "sandbox.h"
#include "util.h"

extern const char lua_grade_rt[]; /* scripts/grade_rt.lua, embedded */

struct gitem {
	char *kind, *name, *message;
	double points, max;
	int ok;
};

struct gres {
	const char *path;
	char *student;
	char *error;   /* compile error or "cannot open ..." */
	double score, max;
	VEC(struct gitem) items;
};

static char *field_str(lua_State *L, int idx, const char *k)
{
	char *s = NULL;

	lua_getfield(L, idx, k);
	if (lua_type(L, -1) == LUA_TSTRING)
		s = xstrdup(lua_tostring(L, -1));
	lua_pop(L, 1);
	return s;
}

static double field_num(lua_State *L, int idx, const char *k)
{
	double v;

	lua_getfield(L, idx, k);
	v = lua_isnumber(L, -1) ? lua_tonumber(L, -1) : 0;
	lua_pop(L, 1);
	return v;
}

/* The result table at the top of L's stack into r. */
static void result_read(lua_State *L, struct gres *r)
{
	int t = lua_gettop(L);

	r->score = field_num(L, t, "score");
	r->max = field_num(L, t, "max");
	r->error = field_str(L, t, "compile_error");
	lua_getfield(L, t, "items");
	for (lua_Integer i = 1; lua_istable(L, -1); i++) {
		struct gitem it;

		if (lua_rawgeti(L, -1, i) != LUA_TTABLE) {
			lua_pop(L, 1);
			break;
		}
		it.kind = field_str(L, lua_gettop(L), "kind");
		it.name = field_str(L, lua_gettop(L), "name");
		it.message = field_str(L, lua_gettop(L), "message");
		it.points = field_num(L, lua_gettop(L), "points");
		it.max = field_num(L, lua_gettop(L), "max");
		lua_getfield(L, -1, "ok");
		it.ok = lua_toboolean(L, -1);
		lua_pop(L, 2);
		vec_push(&r->items, it);
	}
	lua_settop(L, t);
}

/* The runtime's own reset of the instruction budget, given to grade_rt.lua
 * as its chunk argument (the spec cannot reach it): every test of a
 * submission gets a whole budget, so a long max_steps times many tests does
 * not run out of it. */
static int grade_budget_reset(lua_State *L)
{
	sandbox_budget_reset(lua_touserdata(L, lua_upvalueindex(1)));
	return 0;
}

/*
 * Grade one submission in a fresh sandbox: runtime, spec, rt.grade.
 * Returns 0 (r filled), or -1 for a spec error (message in *why, to free).
 */
static int grade_one(const struct grade_opts *o, const char *text, struct gres *r, char **assignment,
		     double *max, char **why)
{
	struct sandbox_opts so;
	struct sandbox *sb;
	struct host_engine *he;
	FILE *null = fopen("/dev/null", "w");
	lua_State *L;
	int ret = -1;

	sandbox_opts_init(&so);
	/* a test's run is bounded by the spec's max_steps; the budget only
	 * catches what that cannot (a program printing in a loop is charged its
	 * processor time): 4e9 units, about 40 s of processor time per test */
	so.max_instructions = o->max_instructions ? o->max_instructions : 4000000000ULL;
	so.max_memory = o->max_memory;
	so.print_file = stderr; /* the spec's print(): the teacher's debugging */
	if (!(sb = sandbox_new(&so))) {
		*why = xstrdup("cannot create the Lua state");
		if (null)
			fclose(null);
		return -1;
	}
	he = host_engine_new(null ? null : stderr, null ? null : stderr, o->fo, o->mo);
	/* nothing readable but the built-in headers: a submission must not
	 * #include the spec (its compile errors would quote the hidden data) */
	host_engine_confine(he, NULL, NULL);
	L = sandbox_state(sb);
	if (wsapi_install(sb, host_engine_host(he)) < 0 ||
	    sandbox_load(sb, "grade_rt.lua", lua_grade_rt, strlen(lua_grade_rt)) < 0)
		goto spec_error;
	lua_pushlightuserdata(L, sb);
	lua_pushcclosure(L, grade_budget_reset, 1);
	if (sandbox_pcall(sb, 1, 1) < 0)
		goto spec_error;
	/* stack: rt */
	lua_getfield(L, -1, "env");
	if (sandbox_pcall(sb, 0, 1) < 0 || sandbox_loadfile(sb, o->spec) < 0)
		goto spec_error;
	lua_rotate(L, -2, 1);     /* rt spec env */
	lua_setupvalue(L, -2, 1); /* the spec chunk's _ENV */
	if (sandbox_pcall(sb, 0, 0) < 0)
		goto spec_error;
	lua_getfield(L, -1, "check");
	if (sandbox_pcall(sb, 0, 2) < 0)
		goto spec_error;
	if (!*assignment)
		*assignment = xstrdup(lua_tostring(L, -2));
	*max = lua_tonumber(L, -1);
	lua_pop(L, 2);
	lua_getfield(L, -1, "grade");
	lua_pushstring(L, r->student);
	lua_pushstring(L, text);
	if (sandbox_pcall(sb, 2, 1) < 0)
		goto spec_error;
	result_read(L, r);
	ret = 0;
	goto done;
spec_error:
	*why = xstrdup(sandbox_error(sb));
done:
	sandbox_free(sb);
	host_engine_free(he);
	if (null)
		fclose(null);
	return ret;
}

static void item_free(struct gitem *it)
{
	free(it->kind);
	free(it->name);
	free(it->message);
}

static void res_free(struct gres *r)
{
	for (size_t i = 0; i < r->items.len; i++)
		item_free(&r->items.v[i]);
	vec_free(&r->items);
	free(r->student);
	free(r->error);
}

/* The student's name: the path without ".cu". */
static char *student_of(const char *path)
{
	size_t n = strlen(path);

	if (n > 3 && !strcmp(path + n - 3, ".cu"))
		n -= 3;
	return xstrndup(path, n);
}

static void feedback(FILE *f, const struct gres *r)
{
	fprintf(f, "== %s: %g/%g ==\n", r->student, r->score, r->max);
	if (r->error)
		fprintf(f, "  %s\n", r->error);
	for (size_t i = 0; i < r->items.len; i++) {
		const struct gitem *it = &r->items.v[i];

		fprintf(f, "  %-4s %s %s (%g/%g)%s%s\n", it->ok ? "ok" : "FAIL", it->kind, it->name,
			it->points, it->max, it->message && !it->ok ? ": " : "",
			it->message && !it->ok ? it->message : "");
	}
}

static void write_json(FILE *f, const char *assignment, double max, const struct gres *rs, int n)
{
	fputs("{\"assignment\": ", f);
	util_json_str(f, assignment);
	fprintf(f, ", \"max\": %g, \"submissions\": [", max);
	for (int s = 0; s < n; s++) {
		const struct gres *r = &rs[s];

		fputs(s ? ",\n  {\"student\": " : "\n  {\"student\": ", f);
		util_json_str(f, r->student);
		fputs(", \"file\": ", f);
		util_json_str(f, r->path);
		fprintf(f, ", \"score\": %g, \"max\": %g, \"compile_error\": ", r->score, r->max);
		if (r->error)
			util_json_str(f, r->error);
		else
			fputs("null", f);
		fputs(", \"items\": [", f);
		for (size_t i = 0; i < r->items.len; i++) {
			const struct gitem *it = &r->items.v[i];

			fputs(i ? ", {\"kind\": " : "{\"kind\": ", f);
			util_json_str(f, it->kind);
			fputs(", \"name\": ", f);
			util_json_str(f, it->name);
			fprintf(f, ", \"ok\": %s, \"points\": %g, \"max\": %g, \"message\": ", it->ok ? "true" : "false",
				it->points, it->max);
			if (it->message)
				util_json_str(f, it->message);
			else
				fputs("null", f);
			fputc('}', f);
		}
		fputs("]}", f);
	}
	fputs("\n]}\n", f);
}

/* A CSV field, quoted when it holds a comma, a quote or a line break. */
static void csv_field(FILE *f, const char *s)
{
	if (!s)
		s = "";
	if (!strpbrk(s, ",\"\n\r")) {
		fputs(s, f);
		return;
	}
	fputc('"', f);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', f);
		fputc(*s, f);
	}
	fputc('"', f);
}

static void write_csv(FILE *f, const struct gres *rs, int n)
{
	const struct gres *h = NULL;

	for (int s = 0; s < n && !h; s++)
		if (rs[s].items.len)
			h = &rs[s];
	fputs("student,score,max", f);
	for (size_t i = 0; h && i < h->items.len; i++) {
		fputc(',', f);
		csv_field(f, h->items.v[i].name);
	}
	fputs(",feedback\n", f);
	for (int s = 0; s < n; s++) {
		const struct gres *r = &rs[s];
		struct strbuf fb;

		strbuf_init(&fb);
		csv_field(f, r->student);
		fprintf(f, ",%g,%g", r->score, r->max);
		for (size_t i = 0; i < r->items.len; i++) {
			const struct gitem *it = &r->items.v[i];

			fprintf(f, ",%g", it->points);
			if (!it->ok && !r->error)
				strbuf_addf(&fb, "%s%s: %s", fb.len ? "; " : "", it->name,
					    it->message ? it->message : "failed");
		}
		if (r->error)
			strbuf_addf(&fb, "%s%s", fb.len ? "; " : "", r->error);
		fputc(',', f);
		csv_field(f, fb.len ? strbuf_cstr(&fb) : "");
		fputc('\n', f);
		strbuf_release(&fb);
	}
}

static void write_tap(FILE *f, const struct gres *rs, int n)
{
	size_t total = 0, k = 0;

	for (int s = 0; s < n; s++)
		total += rs[s].items.len ? rs[s].items.len : 1;
	fprintf(f, "TAP version 13\n1..%zu\n", total);
	for (int s = 0; s < n; s++) {
		const struct gres *r = &rs[s];

		if (!r->items.len) {
			fprintf(f, "not ok %zu - %s: %s\n", ++k, r->student, r->error ? r->error : "not graded");
			continue;
		}
		for (size_t i = 0; i < r->items.len; i++) {
			const struct gitem *it = &r->items.v[i];

			fprintf(f, "%s %zu - %s: %s %s (%g/%g)\n", it->ok ? "ok" : "not ok", ++k, r->student,
				it->kind, it->name, it->points, it->max);
			if (!it->ok && it->message) {
				/* each line of the message as a diagnostic */
				const char *p = it->message;
				while (*p) {
					size_t len = strcspn(p, "\n");
					fprintf(f, "# %.*s\n", (int)len, p);
					p += len + (p[len] == '\n');
				}
			}
		}
	}
}

static int write_file(const char *path, FILE *err, void (*fn)(FILE *, const void *), const void *ctx)
{
	FILE *f = fopen(path, "w");

	if (!f) {
		fprintf(err, "warpstep: grade: cannot write '%s'\n", path);
		return -1;
	}
	fn(f, ctx);
	if (fclose(f) != 0) {
		fprintf(err, "warpstep: grade: cannot write '%s'\n", path);
		return -1;
	}
	return 0;
}

struct all { const char *assignment; double max; const struct gres *rs; int n; };

static void json_cb(FILE *f, const void *ctx)
{
	const struct all *a = ctx;
	write_json(f, a->assignment, a->max, a->rs, a->n);
}

static void csv_cb(FILE *f, const void *ctx)
{
	const struct all *a = ctx;
	write_csv(f, a->rs, a->n);
}

static void feedback_cb(FILE *f, const void *ctx)
{
	feedback(f, ctx);
}

int grade_main(const struct grade_opts *o, FILE *out, FILE *err)
{
	struct gres *rs = xcalloc((size_t)(o->nsubs ? o->nsubs : 1), sizeof(*rs));
	char *assignment = NULL, *why = NULL;
	double max = 0;
	int status = 0;

	for (int s = 0; s < o->nsubs; s++) {
		struct gres *r = &rs[s];
		const char *rerr;
		size_t len;
		char *text;

		r->path = o->subs[s];
		r->student = student_of(o->subs[s]);
		if (!(text = util_read_file(o->subs[s], &len, &rerr))) {
			struct strbuf sb;

			strbuf_init(&sb);
			strbuf_addf(&sb, "cannot open '%s': %s", o->subs[s], rerr);
			r->error = strbuf_detach(&sb);
			status = 2;
			continue;
		}
		if (memchr(text, 0, len)) {
			r->error = xstrdup("the submission is not text (it holds a NUL byte)");
			free(text);
			continue;
		}
		if (grade_one(o, text, r, &assignment, &max, &why) < 0) {
			fprintf(err, "warpstep: grade: the spec failed while grading %s:\n%s", o->subs[s], why);
			if (why[0] && why[strlen(why) - 1] != '\n')
				fputc('\n', err);
			free(why);
			free(text);
			status = 1;
			break;
		}
		free(text);
	}
	if (status != 1 && o->feedback_dir && mkdir(o->feedback_dir, 0777) < 0 && errno != EEXIST) {
		fprintf(err, "warpstep: grade: cannot create '%s': %s\n", o->feedback_dir, strerror(errno));
		status = 2;
	}
	if (status != 1) {
		struct all a = { assignment ? assignment : "", max, rs, o->nsubs };

		if (o->format == GRADE_TEXT) {
			for (int s = 0; s < o->nsubs; s++)
				feedback(out, &rs[s]);
			int w = 8;

			for (int s = 0; s < o->nsubs; s++)
				if ((int)strlen(rs[s].student) > w)
					w = (int)strlen(rs[s].student);
			fprintf(out, "\n%s: %d submission%s\n", a.assignment, o->nsubs, o->nsubs == 1 ? "" : "s");
			for (int s = 0; s < o->nsubs; s++)
				fprintf(out, "  %-*s %6g / %g\n", w, rs[s].student, rs[s].score, rs[s].max ? rs[s].max : max);
		} else if (o->format == GRADE_JSON) {
			write_json(out, a.assignment, max, rs, o->nsubs);
		} else if (o->format == GRADE_CSV) {
			write_csv(out, rs, o->nsubs);
		} else {
			write_tap(out, rs, o->nsubs);
		}
		if (o->json && write_file(o->json, err, json_cb, &a) < 0)
			status = 2;
		if (o->csv && write_file(o->csv, err, csv_cb, &a) < 0)
			status = 2;
		for (int s = 0; o->feedback_dir && s < o->nsubs; s++) {
			struct strbuf p;

			strbuf_init(&p);
			strbuf_addf(&p, "%s/", o->feedback_dir);
			for (const char *c = rs[s].student; *c; c++)
				strbuf_addc(&p, *c == '/' ? '_' : *c);
			strbuf_adds(&p, ".txt");
			if (write_file(strbuf_cstr(&p), err, feedback_cb, &rs[s]) < 0)
				status = 2;
			strbuf_release(&p);
		}
	}
	fflush(out);
	for (int s = 0; s < o->nsubs; s++)
		res_free(&rs[s]);
	free(rs);
	free(assignment);
	return status;
}
