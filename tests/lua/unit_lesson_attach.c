/*
 * unit_lesson_attach.c - a lesson's kernel in the interface is the lesson's
 * own machine: the interface's backend attaches to the session the Lua
 * host made (host_engine_shown, engine_backend_attach). What the lesson ran
 * is what the debugger shows (its step count included), a step in the
 * debugger steps the lesson's machine, and no program is generated.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../tui/model.c"
#include "../../tui/view.c"
#include "../../tui/cmd.c"
#include "../../tui/export.c"
#include "../../tui/backend_engine.c"
#include "api.h"
#include "host_engine.h"
#include "scenario.h"
#include "tap.h"

static const char script[] =
	"local p = assert(ws.compile([[\n"
	"__global__ void k(int *a, int n)\n"
	"{\n"
	"\tint acc = 0;\n"
	"\tfor (int i = 0; i < n; i++)\n"
	"\t\tacc += i;\n"
	"\ta[threadIdx.x] = acc;\n"
	"}\n"
	"]], 'k.cu'))\n"
	"m = ws.machine(p)\n"
	"m:launch('k', { grid = 1, block = 64, args = { m:alloc(64 * 4), 50 } })\n"
	"m:step('instruction', 40)\n"
	"print('launched')\n"
	"m:step('instruction', 25)\n"
	"print('stepped')\n"
	"m2 = ws.machine(p)\n"
	"print('another')\n";

static char dir[] = "/tmp/ws-attach-XXXXXX";

static void sink(void *ctx, const char *s, size_t n)
{
	(void)ctx;
	(void)s;
	(void)n;
}

int main(void)
{
	FILE *null = fopen("/dev/null", "w"), *f;
	struct host_engine *he = host_engine_new(null, null, NULL, NULL);
	struct scenario *sc;
	struct session *s;
	struct ui_backend *be;
	struct ui_session ui;
	unsigned gen0, gen1, gen2;
	uint64_t before;
	char path[256];

	tap_start();
	if (!mkdtemp(dir)) {
		printf("1..0 # SKIP no temporary directory\n");
		return 0;
	}
	snprintf(path, sizeof(path), "%s/attach.lua", dir);
	if ((f = fopen(path, "w"))) {
		fputs(script, f);
		fclose(f);
	}
	ok(host_engine_shown(he, &gen0) == NULL, "nothing made yet: nothing to show");
	sc = scenario_open(path, host_engine_host(he), sink, NULL, 0, 0, stderr);
	ok(sc && scenario_next(sc) == 1, "the script launches k and steps it");
	s = host_engine_shown(he, &gen1);
	ok(s != NULL && gen1 != gen0 && session_steps(s) >= 40,
	   "the host shows that machine's session (%llu steps)", s ? (unsigned long long)session_steps(s) : 0ull);
	if (!s)
		return tap_end();
	be = engine_backend_attach(s, "k.cu", session_opts(s));
	ui_session_init(&ui, be);
	ui_session_refresh(&ui);
	ok(ui.st.steps == session_steps(s) && ui.st.run == UI_RUN_KERNEL,
	   "the debugger shows the lesson's machine: the kernel runs, at the lesson's step %llu (shown %llu)",
	   (unsigned long long)session_steps(s), (unsigned long long)ui.st.steps);
	ok(ui.st.file && strstr(ui.st.file, "k.cu") != NULL, "its source is the lesson's, not a generated program");
	ok(scenario_next(sc) == 1, "the script steps again");
	ok(host_engine_shown(he, &gen2) == s && gen2 == gen1, "the same machine is shown");
	ui_session_refresh(&ui);
	ok(ui.st.steps == session_steps(s) && ui.st.steps >= 65, "the debugger follows it (%llu)",
	   (unsigned long long)ui.st.steps);
	before = session_steps(s);
	cmd_run(&ui, "stepi");
	ok(session_steps(s) == before + 1, "a stepi in the debugger steps the lesson's machine");
	{
		struct strbuf msg;

		int r;

		strbuf_init(&msg);
		r = be->reload(be->self, &msg);
		ok(r < 0 && strstr(strbuf_cstr(&msg), "lesson"), "reload is the lesson's to do: %s",
		   strbuf_cstr(&msg));
		strbuf_release(&msg);
	}
	ui.be = NULL;
	ui_session_free(&ui);
	engine_backend_free(be);
	ok(session_steps(s) == before + 1, "freeing the backend leaves the lesson's session alone");
	scenario_next(sc);
	ok(host_engine_shown(he, &gen2) != s && gen2 != gen1, "a machine made since is shown instead");
	scenario_close(sc);
	host_engine_free(he);
	fclose(null);
	unlink(path);
	rmdir(dir);
	return tap_end();
}
