/*
 * unit_hthread.c - TAP tests of the host threads' scheduler
 * (engine/machine/hthread.c) under --sched rr, seen from m->ht:
 * turns of threads that never block last 500 to 1499 instructions and not
 * all the same; runs that start within a turn give the thread that
 * stepping one instruction at a time gives; an unlock hands the mutex to
 * the thread blocked on it, which owns it before it runs again.
 */
#include "front.h"
#include "machine.h"
#include "simt.h" /* m->ht */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "unit_compile.h"

static const char prog[] =
	"#include <cstdio>\n"
	"#include <pthread.h>\n"
	"static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;\n"
	"static volatile int stop;\n"
	"static volatile long spins[3];\n"
	"static void *spin(void *arg)\n"
	"{\n"
	"\tlong id = (long)arg;\n"
	"\twhile (!stop)\n"
	"\t\tspins[id]++;\n"
	"\treturn NULL;\n"
	"}\n"
	"static void *locker(void *)\n"
	"{\n"
	"\tpthread_mutex_lock(&m);\n"
	"\tpthread_mutex_unlock(&m);\n"
	"\treturn NULL;\n"
	"}\n"
	"int main()\n"
	"{\n"
	"\tpthread_t a, b, c;\n"
	"\tpthread_create(&a, NULL, spin, (void *)1L);\n"
	"\tpthread_create(&b, NULL, spin, (void *)2L);\n"
	"\tfor (long i = 0; i < 2000; i++)\n"
	"\t\tspins[0]++;\n"
	"\tstop = 1;\n"
	"\tpthread_join(a, NULL);\n"
	"\tpthread_join(b, NULL);\n"
	"\tpthread_mutex_lock(&m);\n"
	"\tpthread_create(&c, NULL, locker, NULL);\n"
	"\tsched_yield();\n"
	"\tpthread_mutex_unlock(&m);\n"
	"\tint r = pthread_mutex_trylock(&m);\n"
	"\tif (r == 0)\n"
	"\t\tpthread_mutex_unlock(&m);\n"
	"\tpthread_join(c, NULL);\n"
	"\tprintf(\"trylock after the unlock: %d\\n\", r);\n"
	"\treturn 0;\n"
	"}\n";

static struct compilation comp;

static struct machine *start(FILE *out)
{
	struct machine_opts o;
	machine_opts_init(&o);
	o.out = out;
	o.sched = SCHED_RR;
	struct machine *m = machine_new(comp.mod, &o);
	char *argv[] = { "p", NULL };
	machine_start(m, 1, argv);
	return m;
}

/* the index of the host thread that runs now (-1: none) */
static int cur(const struct machine *m)
{
	return m->ht.cur ? (int)m->ht.cur->hid : -1;
}

#define NSTEPS 300000
static signed char who[NSTEPS + 1]; /* who[s]: the thread after s steps, stepping */

static void test_turns(void)
{
	FILE *out = tmpfile();
	struct machine *m = start(out);
	uint64_t n = 0;
	who[0] = (signed char)cur(m);
	while (n < NSTEPS && machine_get_status(m) == MST_RUNNING) {
		machine_step(m);
		n = machine_steps(m);
		if (n <= NSTEPS)
			who[n] = (signed char)cur(m);
	}
	/* the spinning phase: three threads, none blocks; whole turns only
	 * (from the second change of thread to the last before main's join) */
	uint32_t len[256];
	int nt = 0, changes = 0;
	uint64_t from = 0;
	for (uint64_t s = 1; s <= n && nt < 256; s++) {
		if (who[s] == who[s - 1])
			continue;
		if (changes++ >= 1 && s - from < 5000 && who[s - 1] >= 0)
			len[nt++] = (uint32_t)(s - from);
		from = s;
	}
	/* the spin phase ends with main's join, which cuts its last turn
	 * short: the whole turns are those before it */
	int full = 0, in = 1, alike = 1;
	while (full < nt && len[full] >= 100)
		full++;
	if (full)
		full--;
	for (int i = 0; i < full; i++) {
		in &= len[i] >= 500 && len[i] <= 1499;
		alike &= len[i] == len[0];
	}
	ok(full >= 8, "the spinning threads take %d whole turns", full);
	ok(in && !alike, "rr turns last 500 to 1499 instructions, not all alike (%u %u %u ...)",
	   full > 0 ? len[0] : 0, full > 1 ? len[1] : 0, full > 2 ? len[2] : 0);
	ok(machine_get_status(m) == MST_FINISHED && machine_exit_status(m) == 0,
	   "stepped one instruction at a time, the program ends (%llu steps)", (unsigned long long)n);
	char buf[128] = "";
	rewind(out);
	if (!fgets(buf, sizeof(buf), out))
		buf[0] = 0;
	buf[strcspn(buf, "\n")] = 0;
	ok(!strcmp(buf, "trylock after the unlock: 16"),
	   "the unlock hands the mutex to the thread blocked on it: main's trylock finds it taken (%s)", buf);
	machine_free(m);
	fclose(out);

	/* k single steps (k = 1 to 97 in turn), then a run, which goes on to
	 * the end of the turn under way (or of a batch): the same thread as
	 * stepping after every step and every run */
	out = tmpfile();
	m = start(out);
	int same = 1, runs = 0;
	for (uint64_t k = 1; machine_get_status(m) == MST_RUNNING; k = k % 97 + 1) {
		for (uint64_t j = 0; j <= k && machine_get_status(m) == MST_RUNNING; j++) {
			if (j < k)
				machine_step(m);
			else {
				machine_run(m, 1);
				runs++;
			}
			uint64_t s = machine_steps(m);
			if (s <= n && who[s] != (signed char)cur(m) && machine_get_status(m) == MST_RUNNING) {
				if (same)
					printf("# after %llu steps: thread %d, stepping %d\n", (unsigned long long)s,
					       cur(m), who[s]);
				same = 0;
			}
		}
	}
	ok(same && machine_steps(m) == n,
	   "single steps and %d runs from within turns: the same thread as stepping at each stop, %llu steps",
	   runs, (unsigned long long)machine_steps(m));
	machine_free(m);
	fclose(out);
}

int main(void)
{
	tap_start();
	if (unit_compile(&comp, prog))
		return tap_end();
	test_turns();
	compilation_release(&comp);
	return tap_end();
}
