/*
 * explore.c - `warpstep explore` and `warpstep litmus`: the report of an
 * exploration (every execution the memory model allows) or of N random
 * executions, as text or JSON (machine_explore / machine_litmus).
 */
#include <stdio.h>
#include <string.h>

#include "machine.h"
#include "session.h"
#include "util.h"

int cmd_explore_main(const struct machine_opts *mo, const struct session_compile_opts *fo, int litmus,
		     int json, long long max_execs, long long runs, long long seed, int argc, char **argv);

/* the executions of the whole tree of choices per run made */
static double reduction(const struct machine_explore *r)
{
	double runs = (double)(r->execs + r->pruned);
	return runs > 0 && r->tree > 0 ? r->tree / runs : 1;
}

static void report_json(FILE *f, const struct machine_explore *r, int relaxed, int litmus)
{
	fprintf(f, "{\"model\":\"%s\",\"mode\":\"%s\",\"exhaustive\":%s,\"executions\":%llu,"
		   "\"pruned\":%llu,\"tree_executions\":%.0f,\"reduction\":%.2f,\"seconds\":%.4f,\"cpu_seconds\":%.4f,"
		   "\"axiom_violations\":%llu,",
		relaxed ? "relaxed" : "sc", litmus ? "litmus" : "explore",
		r->exhaustive ? "true" : "false", (unsigned long long)r->execs,
		(unsigned long long)r->pruned, r->tree, reduction(r), r->secs, r->cpu_secs,
		(unsigned long long)r->axiom_violations);
	if (r->both_candidates > 0 || r->both_first) {
		fprintf(f, "\"axiom_candidates\":%ld,\"axiom_unreached\":%ld,\"axiom_first_unreached\":",
			r->both_candidates, r->both_unreached);
		util_json_str(f, r->both_first ? r->both_first : "");
		fputc(',', f);
	}
	fprintf(f, "\"outcomes\":[");
	for (size_t i = 0; i < r->n; i++) {
		const struct machine_outcome *o = &r->o[i];
		fprintf(f, "%s{\"stdout\":", i ? "," : "");
		util_json_str(f, o->out);
		fprintf(f, ",\"status\":%d,\"count\":%llu,\"witness\":", o->status,
			(unsigned long long)o->count);
		util_json_str(f, o->witness);
		fprintf(f, ",\"axioms_ok\":%s}", o->axioms_ok ? "true" : "false");
	}
	fprintf(f, "]}\n");
}

static void report_text(FILE *f, const char *prog, const struct machine_explore *r, int relaxed,
			int litmus, long long seed)
{
	if (litmus)
		fprintf(f, "litmus %s: model relaxed, %llu random executions (seed %lld), %.2f s\n", prog,
			(unsigned long long)r->execs, seed, r->secs);
	else
		fprintf(f, "explore %s: model %s, %llu executions (%llu more cut at a state already explored), %s, %.2f s (%.2f s cpu)\n",
			prog, relaxed ? "relaxed" : "sc", (unsigned long long)r->execs,
			(unsigned long long)r->pruned,
			r->exhaustive ? "exhaustive" : "bounded (--max-executions): NOT every execution was covered",
			r->secs, r->cpu_secs);
	if (!litmus && r->both_candidates >= 0 && !r->both_first)
		fprintf(f, "axioms both ways: the %ld candidate executions the PTX axioms allow are all reached\n",
			r->both_candidates);
	else if (!litmus && r->both_candidates >= 0)
		fprintf(f, "axioms both ways: %ld of the %ld candidate executions the PTX axioms allow are NOT reached; the first: %s\n",
			r->both_unreached, r->both_candidates, r->both_first);
	else if (!litmus && r->both_first)
		fprintf(f, "axioms both ways: not checked: %s\n", r->both_first);
	if (!litmus && r->pruned)
		fprintf(f, "reduction: the %llu runs stand for %.0f executions of the whole tree of choices (factor %.1f)\n",
			(unsigned long long)(r->execs + r->pruned), r->tree, reduction(r));
	for (size_t i = 0; i < r->n; i++) {
		const struct machine_outcome *o = &r->o[i];
		fprintf(f, "\noutcome %zu: %llu execution%s", i + 1, (unsigned long long)o->count,
			o->count == 1 ? "" : "s");
		if (litmus)
			fprintf(f, " (%.2f%%)", 100.0 * (double)o->count / (double)(r->execs ? r->execs : 1));
		fprintf(f, ", exit status %d\n  witness: --schedule %s\n", o->status, o->witness);
		const char *s = o->out;
		while (*s) {
			const char *e = strchr(s, '\n');
			size_t n = e ? (size_t)(e - s) : strlen(s);
			fprintf(f, "  | %.*s\n", (int)n, s);
			s += n + (e ? 1 : 0);
		}
	}
	if (relaxed)
		fprintf(f, "\naxioms: %s\n", r->axiom_violations ? "SOME executions violate the PTX axioms (a bug in the model)"
							: "every execution satisfies the PTX axioms");
}

int cmd_explore_main(const struct machine_opts *mo, const struct session_compile_opts *fo, int litmus,
		     int json, long long max_execs, long long runs, long long seed, int argc, char **argv)
{
	struct session_program *c = session_compile(argv[0], NULL, fo);
	struct machine_explore r;
	struct machine_opts o = *mo;

	if (!c->mod) {
		if (c->diags->v.len)
			diag_render(c->diags, c->sm, stderr, 0);
		session_program_free(c);
		return 2;
	}
	if (c->mod->main_func < 0) {
		/* nothing to explore, and nvcc would not link it: a build error */
		fprintf(stderr, "%s: error: the program has no main function\n", argv[0]);
		session_program_free(c);
		return 2;
	}
	if (litmus)
		o.model = MODEL_RELAXED;
	if (litmus)
		machine_litmus(c->mod, &o, argc, argv, runs > 0 ? (uint64_t)runs : 1000, (uint64_t)seed, &r);
	else
		machine_explore(c->mod, &o, argc, argv, max_execs > 0 ? (uint64_t)max_execs : 0, &r);
	if (json)
		report_json(stdout, &r, o.model == MODEL_RELAXED, litmus);
	else
		report_text(stdout, argv[0], &r, o.model == MODEL_RELAXED, litmus, seed);
	machine_explore_free(&r);
	session_program_free(c);
	fflush(stdout);
	return 0;
}
