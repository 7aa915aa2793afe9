/*
 * unit_barphase.h - the harness that unit_smem.c and unit_bar.c share: a
 * program of seven blocks whose barrier phases the fast path's shortcuts
 * run, on a machine with every shortcut and on one with an EV_INSN observer
 * and a CEV_BARRIER listener (every instruction in the general loop); the
 * two must give the same output, findings, steps and exit status, and the
 * same groups and tokens at every stop of short runs and single steps.
 * Include after unit_compile.h and unit_state.h; the test compiles its
 * program into comp.
 */
#ifndef WS_UNIT_BARPHASE_H
#define WS_UNIT_BARPHASE_H

/* what a program's run prints when main() finds every value right ("counts",
 * "values": "<word> ok"), and the lines of the exit checker's two warnings */
struct barphase {
	const char *word;
	unsigned line_first, line_loop;
};

static struct compilation comp;

/* a listener of every barrier's release (not barrier_after_exit) */
static void bar_heard(void *self, const struct check_event *e)
{
	(void)e;
	++*(unsigned *)self;
}

static const struct checker bar_counter = {
	.name = "bar-counter",
	.what = "counts the barriers' releases",
	.events = CEV_BIT(CEV_BARRIER),
	.event = bar_heard,
};

static unsigned heard;

/* general: an EV_INSN observer and the release counter, so that none of
 * the shortcuts runs (bar_whole is the arrival's, in both) */
static struct machine *start(int general, const struct unit_cfg *c, int fast, FILE *out)
{
	struct machine_opts o;
	unit_opts(&o, c, fast, out);
	o.num_sms = 1;
	o.max_blocks_per_sm = 3;
	struct machine *m = machine_new(comp.mod, &o);
	if (general) {
		machine_observe(m, 1u << EV_INSN, unit_no_op, NULL);
		machine_add_checker(m, &bar_counter, &heard);
	}
	char *argv[] = { "p", NULL };
	machine_start(m, 1, argv);
	return m;
}

static const struct unit_cfg cfgs[] = {
	{ "stack", SIMT_STACK, SCHED_RR, 0 },
	{ "its", SIMT_ITS, SCHED_RR, 0 },
};

/* the findings of m, kind and line, one string */
static void findings(const struct machine *m, char *buf, size_t len)
{
	size_t at = 0;
	buf[0] = 0;
	for (size_t i = 0; i < machine_nfindings(m) && at + 64 < len; i++) {
		const struct machine_finding *f = machine_finding_get(m, i);
		at += (size_t)snprintf(buf + at, len - at, "%d:%u ", (int)f->id, f->span.line);
	}
}

static void test_whole_runs(const struct unit_cfg *c, int fast, const struct barphase *p)
{
	FILE *o[2] = { tmpfile(), tmpfile() };
	struct machine *m[2];
	heard = 0;
	for (int k = 0; k < 2; k++) {
		m[k] = start(k, c, fast, o[k]);
		while (machine_run(m[k], 0) == MST_RUNNING)
			;
	}
	char *a = tap_slurp(o[0]), *b = tap_slurp(o[1]);
	const char *mode = fast ? "--fast" : "checked";
	char word[32];
	snprintf(word, sizeof word, "%s ok", p->word);
	ok(strcmp(a, b) == 0 && strstr(a, word),
	   "%s %s: the same output, with the right %s (%zu bytes)", c->name, mode, p->word, strlen(a));
	if (strcmp(a, b) != 0 || !strstr(a, word))
		printf("# shortcuts:\n%s# general:\n%s", a, b);
	char fa[512], fb[512], want[64];
	findings(m[0], fa, sizeof fa);
	findings(m[1], fb, sizeof fb);
	/* the exit checker's warnings: block 2 at the first barrier, block 3 in the (first) loop */
	snprintf(want, sizeof want, "%d:%u ", (int)FK_BARRIER_DIVERGENCE, p->line_first);
	int w11 = strstr(fa, want) != NULL;
	snprintf(want, sizeof want, "%d:%u ", (int)FK_BARRIER_DIVERGENCE, p->line_loop);
	ok(strcmp(fa, fb) == 0 && w11 && strstr(fa, want) && heard > 7 * 6,
	   "%s %s: the same findings (%s), the exit checker's two warnings among them, with every release heard "
	   "(%u)",
	   c->name, mode, fa, heard);
	free(a);
	free(b);
	char what[64];
	snprintf(what, sizeof what, "%s %s", c->name, mode);
	unit_same_end(m, o, what);
}

/* the blocks of m's grid (all started) where a diverged warp 0 runs while
 * others wait at the barrier whole */
static size_t waiting_blocks(const struct machine *m)
{
	size_t waiting = 0;
	const struct grid *gr = m->dev.grid;
	for (int s = 0; gr && s < gr->nres; s++)
		waiting += gr->res[s] && gr->res[s]->bar_whole && !gr->res[s]->unstarted &&
			   gr->res[s]->w[0].ng == 2;
	return waiting;
}

/* runs of 1 .. 60 steps, each followed by a few single steps: the groups
 * and tokens at every stop */
static void test_short_runs(const struct unit_cfg *c)
{
	static uint64_t tr[2][8000];
	size_t n[2], waiting = 0;
	FILE *o[2] = { tmpfile(), tmpfile() };
	for (int k = 0; k < 2; k++) {
		struct machine *m = start(k, c, 1, o[k]);
		n[k] = unit_stops(m, 1, tr[k], 8000, k ? NULL : waiting_blocks, &waiting);
		machine_free(m);
	}
	size_t at = unit_first_differing(tr[0], n[0], tr[1], n[1]);
	char *a = tap_slurp(o[0]), *b = tap_slurp(o[1]);
	ok(n[0] == n[1] && at == n[0] && strcmp(a, b) == 0 && n[0] > 100 && waiting > 0,
	   "%s: %zu stops of short runs and single steps find the same groups and tokens (first differing: %zu; "
	   "%zu stops with a diverged warp 0 beside waiting warps)",
	   c->name, n[0], at, waiting);
	free(a);
	free(b);
	fclose(o[0]);
	fclose(o[1]);
}

#endif
