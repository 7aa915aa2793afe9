/*
 * main.c - the warpstep command line: options, then one command from a table.
 *
 *   warpstep [OPTIONS] [COMMAND [OPTIONS] PROG.cu [ARGS...]]
 *
 * Commands are table entries (name, usage, summary, function), tmux-style;
 * each returns the process exit status. Options may come before or after the
 * command name, up to the program file; everything after the program file is
 * the program's own argv. Exit statuses (docs/warpstep.1):
 *   the program's own status  run/check: what main() returned or exit() got
 *   1                         check: the run recorded findings
 *   2                         usage error, unreadable file or compile error
 *   3                         run --gpu: no CUDA driver or GPU can be used
 * This is the only file that calls exit (through main's return).
 */
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "machine.h"
#include "session.h"
#include "debug.h"
#include "demo.h"
#include "util.h"
#include "lesson.h"
#include "script.h"
#include "host_engine.h"
#include "grade.h"

#ifndef WS_VERSION
#define WS_VERSION "0.1.0"
#endif

#define EXIT_USAGE 2   /* bad usage, unreadable file, compile error */
#define EXIT_FINDING 1 /* `check` found a bug */
#define EXIT_NOGPU 3   /* --gpu: no CUDA driver or no GPU (docs/warpstep.1) */

/* The bundled example (examples/hello.cu, embedded by tools/embed-file.sh). */
extern const char example_hello[];

struct cli {
	struct session_compile_opts fo;
	struct machine_opts mo;
	VEC(const char *) incs; /* -I, NULL-terminated once parsed */
	VEC(const char *) defs; /* -D, NULL-terminated once parsed */
	int color;              /* diagnostics in color */
	const char *record;     /* --record FILE.cast (debug, start screen) */
	const char *script;     /* --script FILE.lua (debug: a scenario in the interface) */
	int json;               /* explore/litmus: --json */
	long long max_execs, runs, seed; /* explore --max-executions, litmus --runs/--seed */
	const char *report;     /* --report FILE.json (run, check) */
	int steps_set;          /* --max-steps was given */
	int checking;           /* `check`: exit 1 on a finding */
	uint64_t lua_budget;    /* --budget N: Lua instructions per script run / learner action */
	size_t lua_memory;      /* --memory MiB: the Lua heap's limit, in bytes */
	int stats;              /* --stats: run prints kernel time and steps to stderr */
	int no_inline;          /* --no-inline: run and check keep every call (ir_inline off) */
	VEC(const char *) allow; /* --allow-read DIR: more folders Lua may read; NULL-terminated */
	int gpu;                /* --gpu: run the device code on the real GPU (docs/gpu.md) */
	int compare;            /* --compare: both engines, launch by launch (docs/gpu.md) */
	int arch;               /* ptx --arch sm_NN: 0 = sm_90 */
	const char *output;     /* ptx -o FILE */
	int tracing;            /* `trace`: record a launch (docs/gpu.md "Traces");
				 * 2: debug --gpu records it quietly for the interface */
	const char *kernel;     /* trace --kernel NAME */
	long long launch;       /* trace --launch N */
	const char *trace;      /* debug --trace FILE: replay a recorded trace */
	int probes;             /* ptx --probes: with the trace probes */
	int live;               /* --live: ptx with the live gates; debug --gpu steps on the GPU */
	int living;             /* debug --gpu --live: program_run steps the launch chosen */
};

struct command {
	const char *name;
	const char *usage; /* after "warpstep NAME " */
	const char *summary;
	int (*fn)(struct cli *cli, const struct command *cmd, int argc, char **argv);
	enum session_dump stage; /* dump commands */
};

static int cmd_run(struct cli *cli, const struct command *cmd, int argc, char **argv);
static int cmd_check(struct cli *cli, const struct command *cmd, int argc, char **argv);
static int cmd_dump(struct cli *cli, const struct command *cmd, int argc, char **argv);
static int cmd_help(struct cli *cli, const struct command *cmd, int argc, char **argv);
static int cmd_debug_demo(struct cli *cli, const struct command *cmd, int argc, char **argv);
static int cmd_debug(struct cli *cli, const struct command *cmd, int argc, char **argv);
static int cmd_script(struct cli *cli, const struct command *cmd, int argc, char **argv);
static int cmd_lesson(struct cli *cli, const struct command *cmd, int argc, char **argv);
static const char *data_subdir(const char *sub);
static const char *data_file(const char *dir, const char *name);
static const char *lessons_dir(void);
int cmd_explore_main(const struct machine_opts *mo, const struct session_compile_opts *fo, int litmus,
		     int json, long long max_execs, long long runs, long long seed, int argc, char **argv);
static int cmd_explore(struct cli *cli, const struct command *cmd, int argc, char **argv);
static int cmd_grade(struct cli *cli, const struct command *cmd, int argc, char **argv);
static int cmd_ptx(struct cli *cli, const struct command *cmd, int argc, char **argv);
static int cmd_trace(struct cli *cli, const struct command *cmd, int argc, char **argv);

static const struct command commands[] = {
	{ "run", "PROG.cu [ARGS...]", "run a program as a GPU would (stdout, stderr, exit status)",
	  cmd_run, SESSION_DUMP_DIAGS },
	{ "check", "PROG.cu [ARGS...]", "run with every checker; exit 1 on a finding",
	  cmd_check, SESSION_DUMP_DIAGS },
	{ "dump-pp", "PROG.cu", "print the preprocessed host pass", cmd_dump, SESSION_DUMP_PP_HOST },
	{ "dump-pp-device", "PROG.cu", "print the preprocessed device pass", cmd_dump,
	  SESSION_DUMP_PP_DEVICE },
	{ "dump-ast", "PROG.cu", "print the syntax tree", cmd_dump, SESSION_DUMP_AST },
	{ "dump-ir", "PROG.cu", "print the IR module", cmd_dump, SESSION_DUMP_IR },
	{ "dump-run-ir", "PROG.cu", "print the IR as run executes it (inlined, optimised)", cmd_dump,
	  SESSION_DUMP_RUN_IR },
	{ "dump-diags", "PROG.cu", "print the diagnostics only", cmd_dump, SESSION_DUMP_DIAGS },
	{ "ptx", "PROG.cu [-o FILE] [--arch sm_NN]", "write the PTX of the program's device code",
	  cmd_ptx, SESSION_DUMP_DIAGS },
	{ "debug", "[--gpu [--live]|--trace FILE] PROG.cu [ARGS...]", "open the interface on a program (host main() included)",
	  cmd_debug, SESSION_DUMP_DIAGS },
	{ "trace", "--gpu PROG.cu -o FILE [--kernel NAME] [--launch N] [-- ARGS...]",
	  "record one launch on the GPU warp by warp (debug --trace FILE replays it)", cmd_trace,
	  SESSION_DUMP_DIAGS },
	{ "debug-demo", "[ascii] [mono]", "open the interface on a scripted demo run",
	  cmd_debug_demo, SESSION_DUMP_DIAGS },
	{ "script", "FILE.lua [ARGS...]", "run a Lua script headless; exit 1 on a script error",
	  cmd_script, SESSION_DUMP_DIAGS },
	{ "lesson", "FILE.lua [--answers FILE] [--fresh]",
	  "play a lesson (in the interface; headless with --answers)",
	  cmd_lesson, SESSION_DUMP_DIAGS },
	{ "explore", "PROG.cu [--model relaxed] [--max-executions N] [--json]",
	  "run under every schedule and read-from choice the model allows; outcomes", cmd_explore,
	  SESSION_DUMP_DIAGS },
	{ "litmus", "PROG.cu --runs N [--seed S]",
	  "N random executions under the relaxed model; histogram of outcomes", cmd_explore,
	  SESSION_DUMP_DIAGS },
	{ "grade", "SPEC.lua SUB.cu... [--json F] [--csv F] [--tap] [--feedback DIR]",
	  "grade students' kernels against an assignment spec (docs/teaching.md)", cmd_grade,
	  SESSION_DUMP_DIAGS },
	{ "help", "", "show this help", cmd_help, SESSION_DUMP_DIAGS },
};

static const char options_help[] =
	"Options:\n"
	"  --simt stack|its        reconvergence: SIMT stack, or independent thread\n"
	"                          scheduling (default stack)\n"
	"  --sched rr|random:SEED  warp scheduler: round robin (default) or seeded random\n"
	"  --fast                  turn the checkers off\n"
	"  --no-opt                run the IR as lowered, without the optimiser\n"
	"                          (also $WS_NO_OPT=1); for debugging warpstep\n"
	"  --no-inline             run, check: keep every call (small functions are\n"
	"                          otherwise inlined; also $WS_NO_INLINE=1)\n"
	"  --gpu                   run: device memory, copies, kernels, streams and\n"
	"                          events on the real GPU (libcuda; docs/gpu.md); exit 3\n"
	"                          when no GPU or driver can be used; debug: record a\n"
	"                          launch on the GPU, then replay it in the interface\n"
	"  --compare               run: each kernel on the GPU and in the emulator from\n"
	"                          the same memory; the first difference as a finding,\n"
	"                          device printf differences as a diff; exit 1 when they\n"
	"                          differ, 3 when no GPU can be used (docs/gpu.md)\n"
	"  --arch sm_NN            ptx: the target (sm_70 to sm_120; default: the\n"
	"                          --device's, sm_90 for the H100)\n"
	"  -o FILE                 ptx: write the PTX to FILE (default stdout); trace:\n"
	"                          the trace file\n"
	"  --probes                ptx: with the probes trace --gpu puts at each statement\n"

	"  --kernel NAME           trace, debug --gpu: record a launch of kernel NAME\n"
	"                          (default: any)\n"
	"  --launch N              trace, debug --gpu: record its N-th launch (default 1)\n"
	"  --trace FILE            debug: replay a recorded trace (stepping follows the\n"
	"                          warps in the order the GPU ran them; docs/gpu.md)\n"
	"  --stats                 run: print the time spent in kernels and the\n"
	"                          instructions executed to stderr (benchmarks)\n"
	"  --model sc|relaxed      memory model (default sc; docs/memory-model.md)\n"
	"  --shared-sc             with --model relaxed: shared memory stays sequentially consistent\n"
	"  --both-ways             explore: also check that every execution the PTX axioms allow is reached\n"
	"  --schedule WITNESS      replay a schedule that explore printed\n"
	"  --max-executions N      explore: stop after N executions (default 100000)\n"
	"  --runs N, --seed S      litmus: number of random executions, first seed\n"
	"  --json                  explore/litmus: print JSON\n"
	"  --max-steps N           stop after N steps (0 and the default: no limit;\n"
	"                          Ctrl-C stops run and check and says where it was)\n"
	"  --report FILE.json      run, check: write the findings as JSON\n"
	"  --record FILE.cast      debug: record the session (asciicast v2)\n"
	"  --present               the interface in presentation mode (a projector: fewer\n"
	"                          panes, wide lane glyphs, no dim text; :present toggles)\n"
	"  --script FILE.lua       debug: run a scenario script in the interface\n"
	"  --budget N              Lua scripts and lessons: instruction budget (default 200000000)\n"
	"  --memory MiB            Lua scripts and lessons: memory limit (default 256)\n"
	"  --allow-read DIR        Lua scripts and lessons: may also read files under DIR\n"
	"                          (besides their own folder; repeatable)\n"
	"  --cuda-arch N           __CUDA_ARCH__ of the device pass (default 900)\n"
	"  --cuda-version 12|13    the toolkit emulated: error codes, cudaDeviceProp's\n"
	"                          fields, CUDART_VERSION (default 13)\n"
	"  --fmad true|false       contract a*b+c into fused multiply-add in device\n"
	"                          code, as nvcc (default true)\n"
	"  --device NAME           the GPU emulated (default h100; `--device list`\n"
	"                          lists them); also $WARPSTEP_DEVICE and the config file\n"
	"  -I DIR                  add DIR to the quoted-include search path\n"
	"  -D NAME[=VALUE]         define a macro\n"
	"  -h, --help              show this help and exit\n"
	"  -V, --version           show the version and exit\n";

static void usage_line(FILE *f)
{
	fprintf(f, "usage: warpstep [OPTIONS] [COMMAND [OPTIONS] PROG.cu [ARGS...]]\n");
}

/* beside options_help, which is as long as a C string literal may be */
static const char options_help_live[] =
	"  --live                  debug --gpu: step the launch's warps on the GPU itself,\n"
	"                          one statement at a time, from commands on stdin; ptx:\n"
	"                          with the gates that do it (docs/gpu.md)\n";

static void help_print(FILE *f)
{
	usage_line(f);
	fprintf(f, "\nRuns CUDA C++ programs on an emulated GPU. With no command, opens the\n"
		   "lesson menu (the lessons, then the bundled examples) on a terminal, else lists\n"
		   "the lessons. `warpstep LESSON.lua` plays a lesson in the interface.\n\nCommands:\n");
	for (size_t i = 0; i < WS_ARRAY_LEN(commands); i++) {
		char head[64];
		snprintf(head, sizeof(head), "%s %s", commands[i].name, commands[i].usage);
		fprintf(f, "  %-28s %s\n", head, commands[i].summary);
	}
	fprintf(f, "\n%s%s\nExit status: the program's own; 1 when check finds a bug;\n"
		   "2 for a usage error, an unreadable file or a compile error.\n"
		   "See warpstep(1).\n", options_help, options_help_live);
}

/* Print "warpstep: <msg>", the usage line and a hint; return EXIT_USAGE. */
static int usage_error(const char *fmt, ...) WS_PRINTF(1, 2);
static int usage_error(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "warpstep: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	usage_line(stderr);
	fprintf(stderr, "Try 'warpstep --help' for more information.\n");
	return EXIT_USAGE;
}

static const struct command *command_find(const char *name)
{
	for (size_t i = 0; i < WS_ARRAY_LEN(commands); i++)
		if (strcmp(commands[i].name, name) == 0)
			return &commands[i];
	return NULL;
}

/* Parse a non-negative decimal; -1 on junk or overflow. */
static long long parse_count(const char *s)
{
	char *end;
	unsigned long long v;

	if (!*s || *s == '-' || *s == '+')
		return -1;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno || *end || v > LLONG_MAX)
		return -1;
	return (long long)v;
}

static int opt_simt(struct cli *cli, const char *v)
{
	if (strcmp(v, "stack") == 0)
		cli->mo.simt = SIMT_STACK;
	else if (strcmp(v, "its") == 0)
		cli->mo.simt = SIMT_ITS;
	else
		return usage_error("bad --simt '%s' (expected stack or its)", v);
	return 0;
}

static int opt_sched(struct cli *cli, const char *v)
{
	long long seed;

	if (strcmp(v, "rr") == 0) {
		cli->mo.sched = SCHED_RR;
		return 0;
	}
	if (strncmp(v, "random:", 7) == 0 && (seed = parse_count(v + 7)) >= 0) {
		cli->mo.sched = SCHED_RANDOM;
		cli->mo.seed = (uint64_t)seed;
		return 0;
	}
	return usage_error("bad --sched '%s' (expected rr or random:SEED)", v);
}

/* print the device profiles, one a line: key, SMs, compute capability, name */
static void devices_print(FILE *f)
{
	const struct device_profile *d;
	for (int i = 0; (d = device_at(i)); i++)
		fprintf(f, "%-16s %3d SMs  sm_%d%d  %.1f GiB  %s%s\n", d->key, d->sms, d->major, d->minor,
			(double)d->global_mem / (1u << 30), d->name, i ? "" : "  (default)");
}

/* --device NAME (or the same from where): "list" prints the profiles */
static int opt_device(struct cli *cli, const char *v, const char *where)
{
	const struct device_profile *d = device_find(v);
	if (!strcmp(v, "list")) {
		devices_print(stdout);
		return 0;
	}
	if (!d) {
		fprintf(stderr, "warpstep: %s: unknown device '%s'; the devices are:\n", where, v);
		devices_print(stderr);
		return EXIT_USAGE;
	}
	cli->mo.device = d;
	return 0;
}

/*
 * The defaults before the command line: the config file
 * ($XDG_CONFIG_HOME/warpstep/config, else ~/.config/warpstep/config: lines
 * `key = value`, `#` comments; the key is `device`), then $WARPSTEP_DEVICE,
 * which a course sets for its students. Returns 0, or the exit status of a
 * bad value.
 */
static int config_load(struct cli *cli)
{
	char path[4096], line[512];
	const char *xdg = getenv("XDG_CONFIG_HOME"), *home = getenv("HOME"), *env;
	FILE *f = NULL;
	int status = 0, ln = 0;

	if (xdg && *xdg)
		snprintf(path, sizeof(path), "%s/warpstep/config", xdg);
	else if (home && *home)
		snprintf(path, sizeof(path), "%s/.config/warpstep/config", home);
	else
		path[0] = 0;
	if (path[0])
		f = fopen(path, "r");
	while (f && !status && fgets(line, sizeof(line), f)) {
		char *k = line, *v, *e;
		ln++;
		while (*k == ' ' || *k == '\t')
			k++;
		if (*k == '#' || *k == '\n' || !*k)
			continue;
		e = k + strlen(k);
		while (e > k && (e[-1] == '\n' || e[-1] == '\r' || e[-1] == ' ' || e[-1] == '\t'))
			*--e = 0;
		if (!(v = strchr(k, '='))) {
			fprintf(stderr, "warpstep: %s:%d: expected 'key = value'\n", path, ln);
			status = EXIT_USAGE;
			break;
		}
		for (e = v; e > k && (e[-1] == ' ' || e[-1] == '\t'); e--)
			;
		*e = 0;
		for (v++; *v == ' ' || *v == '\t'; v++)
			;
		if (!strcmp(k, "device")) {
			char where[4200];
			snprintf(where, sizeof(where), "%s:%d", path, ln);
			status = opt_device(cli, v, where);
		} else {
			fprintf(stderr, "warpstep: %s:%d: unknown key '%s' (known: device)\n", path, ln, k);
			status = EXIT_USAGE;
		}
	}
	if (f)
		fclose(f);
	if (!status && (env = getenv("WARPSTEP_DEVICE")) && *env)
		status = opt_device(cli, env, "WARPSTEP_DEVICE");
	if (util_env_on("WS_NO_OPT"))
		cli->fo.no_opt = 1;
	if (util_env_on("WS_NO_INLINE"))
		cli->no_inline = 1;
	return status;
}

static int opt_number(const char *name, const char *v, long long *out)
{
	*out = parse_count(v);
	if (*out < 0)
		return usage_error("bad %s '%s' (expected a number)", name, v);
	return 0;
}

enum { OPT_NONE, OPT_DONE, OPT_EXIT }; /* not an option; consumed; exit with *status */

/*
 * Try to consume the option at argv[*i] (and its value). Returns OPT_NONE
 * when argv[*i] is not an option, OPT_DONE when it was consumed, OPT_EXIT
 * when main should return *status (help, version, errors).
 */
static int option_parse(struct cli *cli, int argc, char **argv, int *i, int *status)
{
	const char *a = argv[*i], *v = NULL, *eq;
	char name[32];
	size_t n;
	long long num;

	if (a[0] != '-' || a[1] == 0)
		return OPT_NONE;
	if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
		help_print(stdout);
		*status = 0;
		return OPT_EXIT;
	}
	if (strcmp(a, "-V") == 0 || strcmp(a, "--version") == 0) {
		printf("warpstep %s\n", WS_VERSION);
		*status = 0;
		return OPT_EXIT;
	}
	if (strcmp(a, "--fast") == 0) {
		cli->mo.fast = 1;
		return OPT_DONE;
	}
	if (strcmp(a, "--no-opt") == 0) {
		cli->fo.no_opt = 1;
		return OPT_DONE;
	}
	if (strcmp(a, "--no-inline") == 0) {
		cli->no_inline = 1;
		return OPT_DONE;
	}
	if (strcmp(a, "--stats") == 0) {
		cli->stats = 1;
		return OPT_DONE;
	}
	if (strcmp(a, "--present") == 0) { /* the interface reads it (tui/term.c) */
		setenv("WARPSTEP_PRESENT", "1", 1);
		return OPT_DONE;
	}
	if (strcmp(a, "--json") == 0) {
		cli->json = 1;
		return OPT_DONE;
	}
	if (strcmp(a, "--gpu") == 0) {
		cli->gpu = 1;
		return OPT_DONE;
	}
	if (strcmp(a, "--compare") == 0) {
		cli->gpu = cli->compare = 1;
		return OPT_DONE;
	}
	if (strcmp(a, "--probes") == 0) {
		cli->probes = 1;
		return OPT_DONE;
	}
	if (strcmp(a, "--live") == 0) {
		cli->live = 1;
		return OPT_DONE;
	}
	if (strcmp(a, "-o") == 0) {
		if (*i + 1 >= argc || !*argv[*i + 1]) {
			*status = usage_error("option '-o' needs a value");
			return OPT_EXIT;
		}
		cli->output = argv[++*i];
		return OPT_DONE;
	}
	if (strcmp(a, "--shared-sc") == 0) {
		cli->mo.shared_sc = 1;
		return OPT_DONE;
	}
	if (strcmp(a, "--both-ways") == 0) {
		cli->mo.both_ways = 1;
		return OPT_DONE;
	}
	/* -IDIR, -I DIR, -DNAME, -D NAME */
	if ((a[1] == 'I' || a[1] == 'D') && a[0] == '-') {
		v = a[2] ? a + 2 : (*i + 1 < argc ? argv[++*i] : NULL);
		if (!v || !*v) {
			*status = usage_error("option '%s' needs a value", a);
			return OPT_EXIT;
		}
		if (a[1] == 'I')
			vec_push(&cli->incs, v);
		else
			vec_push(&cli->defs, v);
		return OPT_DONE;
	}
	/* --name=value or --name value */
	eq = strchr(a, '=');
	n = eq ? (size_t)(eq - a) : strlen(a);
	if (strncmp(a, "--", 2) != 0 || n >= sizeof(name))
		goto unknown;
	memcpy(name, a, n);
	name[n] = 0;
	if (strcmp(name, "--simt") && strcmp(name, "--sched") && strcmp(name, "--max-steps") &&
	    strcmp(name, "--cuda-arch") && strcmp(name, "--record") && strcmp(name, "--script") &&
	    strcmp(name, "--model") && strcmp(name, "--schedule") && strcmp(name, "--max-executions") &&
	    strcmp(name, "--runs") && strcmp(name, "--seed") && strcmp(name, "--report") &&
	    strcmp(name, "--budget") && strcmp(name, "--memory") && strcmp(name, "--cuda-version") &&
	    strcmp(name, "--allow-read") && strcmp(name, "--device") && strcmp(name, "--fmad") &&
	    strcmp(name, "--arch") && strcmp(name, "--kernel") && strcmp(name, "--launch") &&
	    strcmp(name, "--trace"))
		goto unknown;
	v = eq ? eq + 1 : (*i + 1 < argc ? argv[++*i] : NULL);
	if (!v) {
		*status = usage_error("option '%s' needs a value", name);
		return OPT_EXIT;
	}
	if (strcmp(name, "--simt") == 0)
		*status = opt_simt(cli, v);
	else if (strcmp(name, "--sched") == 0)
		*status = opt_sched(cli, v);
	else if (strcmp(name, "--record") == 0)
		cli->record = v;
	else if (strcmp(name, "--script") == 0)
		cli->script = data_file(data_subdir("scenarios"), v);
	else if (strcmp(name, "--model") == 0) {
		if (strcmp(v, "sc") == 0)
			cli->mo.model = MODEL_SC;
		else if (strcmp(v, "relaxed") == 0)
			cli->mo.model = MODEL_RELAXED;
		else
			*status = usage_error("bad --model '%s' (expected sc or relaxed)", v);
	} else if (strcmp(name, "--schedule") == 0) {
		if (!machine_schedule_valid(v))
			*status = usage_error("bad --schedule '%s' (a witness as explore prints it: relaxed:0.1.0 or sc:0.1)", v);
		cli->mo.schedule = v;
	}
	else if (strcmp(name, "--max-executions") == 0)
		*status = opt_number(name, v, &cli->max_execs);
	else if (strcmp(name, "--runs") == 0)
		*status = opt_number(name, v, &cli->runs);
	else if (strcmp(name, "--seed") == 0)
		*status = opt_number(name, v, &cli->seed);
	else if (strcmp(name, "--report") == 0)
		cli->report = v;
	else if (strcmp(name, "--kernel") == 0)
		cli->kernel = v;
	else if (strcmp(name, "--trace") == 0)
		cli->trace = v;
	else if (strcmp(name, "--launch") == 0) {
		*status = opt_number(name, v, &cli->launch);
		if (!*status && cli->launch < 1)
			*status = usage_error("bad --launch '%s' (expected 1 or more)", v);
	}
	else if (strcmp(name, "--allow-read") == 0) {
		struct stat st;

		if (stat(v, &st) < 0)
			*status = usage_error("bad --allow-read '%s' (%s)", v, strerror(errno));
		else if (!S_ISDIR(st.st_mode))
			*status = usage_error("bad --allow-read '%s' (not a folder)", v);
		else
			vec_push(&cli->allow, v);
	}
	else if (strcmp(name, "--max-steps") == 0) {
		*status = opt_number(name, v, &num);
		cli->mo.max_steps = (uint64_t)num;
		cli->steps_set = 1;
	} else if (strcmp(name, "--budget") == 0) {
		*status = opt_number(name, v, &num);
		if (!*status && num < 1)
			*status = usage_error("bad --budget '%s' (expected a number of Lua instructions)", v);
		cli->lua_budget = (uint64_t)num;
	} else if (strcmp(name, "--memory") == 0) {
		*status = opt_number(name, v, &num);
		if (!*status && (num < 1 || num > 65536))
			*status = usage_error("bad --memory '%s' (expected MiB, 1 to 65536)", v);
		cli->lua_memory = (size_t)num << 20;
	} else if (strcmp(name, "--fmad") == 0) {
		if (strcmp(v, "true") == 0)
			cli->fo.no_fmad = 0;
		else if (strcmp(v, "false") == 0)
			cli->fo.no_fmad = 1;
		else
			*status = usage_error("bad --fmad '%s' (expected true or false)", v);
	} else if (strcmp(name, "--arch") == 0) {
		char *end;
		long sm = strncmp(v, "sm_", 3) == 0 ? strtol(v + 3, &end, 10) : -1;
		if (sm < 0 || *end || sm < 70 || sm > 120)
			*status = usage_error("bad --arch '%s' (expected sm_70 to sm_120, such as sm_90)", v);
		else
			cli->arch = (int)sm;
	} else if (strcmp(name, "--device") == 0) {
		*status = opt_device(cli, v, "--device");
		if (!*status && !strcmp(v, "list"))
			return OPT_EXIT;
	} else if (strcmp(name, "--cuda-version") == 0) {
		*status = opt_number(name, v, &num);
		if (!*status && num != 12 && num != 13)
			*status = usage_error("bad --cuda-version '%s' (expected 12 or 13)", v);
		cli->mo.cuda_version = (int)num;
		cli->fo.cuda_version = (int)num;
	} else {
		*status = opt_number(name, v, &num);
		if (!*status && (num < 100 || num > 9990))
			*status = usage_error("bad --cuda-arch '%s' (expected a number such as 900)", v);
		cli->fo.cuda_arch = (int)num;
	}
	return *status ? OPT_EXIT : OPT_DONE;
unknown:
	*status = usage_error("unknown option '%s'", a);
	return OPT_EXIT;
}

/*
 * Consume options from argv[*i] on, stopping at the first non-option (or
 * after "--"). Returns -1 to go on, else the exit status.
 */
static int options_parse(struct cli *cli, int argc, char **argv, int *i)
{
	int status = 0;

	for (; *i < argc; ++*i) {
		if (strcmp(argv[*i], "--") == 0) {
			++*i;
			break;
		}
		switch (option_parse(cli, argc, argv, i, &status)) {
		case OPT_NONE:
			return -1;
		case OPT_EXIT:
			return status;
		}
	}
	return -1;
}

/* Compile a program (path, or the embedded text when text != NULL). */
static int program_compile(struct cli *cli, struct session_program **c, const char *path,
			   const char *text)
{
	*c = session_compile(path, text, &cli->fo);
	if ((*c)->diags->v.len)
		diag_render((*c)->diags, (*c)->sm, stderr, cli->color);
	return (*c)->mod ? 0 : -1;
}

/* Out of memory while an output file is being written: drop the
 * unfinished temporary file rather than leave it behind (util.h). */
static void abort_oom(void *o)
{
	util_out_abort(o);
}

/* --report FILE.json: every finding (docs/findings.md), written whole
 * (util_out) or not at all. */
static int program_report(struct machine *m, const char *path)
{
	struct util_out o;
	const char *why;
	int ret = 0;

	if (!strcmp(path, "-")) {
		machine_findings_json(m, stdout);
		return fflush(stdout) == 0 ? 0 : -1;
	}
	if (util_out_open(&o, path, 0666, &why) < 0) {
		fprintf(stderr, "warpstep: --report: cannot write '%s': %s\n", path, why);
		return -1;
	}
	util_oom_hook(abort_oom, &o);
	machine_findings_json(m, o.f);
	if (util_out_commit(&o, &why) < 0) {
		fprintf(stderr, "warpstep: --report: cannot write '%s': %s\n", path, why);
		ret = -1;
	}
	util_oom_unhook(abort_oom, &o);
	return ret;
}

/* Are a and b the same file (same inode: links and other spellings too)? */
static int same_file(const char *a, const char *b)
{
	struct stat sa, sb;

	return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev &&
	       sa.st_ino == sb.st_ino;
}

/*
 * Check an output option before anything runs: the file must be writable
 * (util_out_check) and must not be one of the inputs (NULL-terminated),
 * so `--report prog.cu prog.cu` cannot replace the program. 0, or the
 * message printed and EXIT_USAGE.
 */
static int output_check(const char *opt, const char *path, const char *const *inputs)
{
	const char *why;

	if (!path || !strcmp(path, "-"))
		return 0;
	for (; *inputs; inputs++) {
		if (same_file(path, *inputs)) {
			fprintf(stderr, "warpstep: %s '%s' is the input file '%s': refusing to write over it\n",
				opt, path, *inputs);
			return EXIT_USAGE;
		}
	}
	if (util_out_check(path, &why) < 0) {
		fprintf(stderr, "warpstep: %s: cannot write '%s': %s\n", opt, path, why);
		return EXIT_USAGE;
	}
	return 0;
}

static volatile sig_atomic_t interrupted;

static void on_interrupt(int sig)
{
	(void)sig;
	interrupted = 1;
}

/* debug --gpu --live: the gates' timeout, $WARPSTEP_LIVE_TIMEOUT seconds
 * (default 60) */
static double live_timeout(void)
{
	const char *e = getenv("WARPSTEP_LIVE_TIMEOUT");
	double t = e && *e ? strtod(e, NULL) : 0;
	return t > 0 && t <= 86400 ? t : 60;
}

static struct live_ctx {
	const struct ir_module *mod;
} live_ctx;

static void live_show(struct live *lv, uint32_t w)
{
	struct live_warp o;
	struct strbuf sb;

	strbuf_init(&sb);
	live_warp(lv, w, &o);
	live_describe(live_ctx.mod, &o, w, &sb);
	fputs(strbuf_cstr(&sb), stdout);
	strbuf_release(&sb);
}

/*
 * The command loop of debug --gpu --live (session_gpu_open_live's callback),
 * reading stdin while the kernel waits on the GPU: step W [N], until W LINE,
 * info [W], continue (every warp released: the kernel runs to its end),
 * quit (the same) or end of input. The stepping itself is the session's
 * (engine/session/live.c).
 */
static void live_repl(void *ctx, struct live *lv, const char *kernel, const uint32_t grid[3],
		      const uint32_t block[3])
{
	struct live_ctx *lc = ctx;
	char line[512];
	uint32_t n = live_nwarps(lv);
	int gave_up = 0;

	(void)lc;
	printf("live: kernel %s, grid (%u,%u,%u), block (%u,%u,%u): %u warps on the GPU, each at its first "
	       "statement\n", kernel, grid[0], grid[1], grid[2], block[0], block[1], block[2], n);
	for (uint32_t w = 0; w < n; w++)
		live_show(lv, w);
	for (;;) {
		char cmd[32] = "";
		long long a = -1, b = -1;
		struct strbuf err;
		int st = 0;

		printf("(live) ");
		fflush(stdout);
		if (!fgets(line, sizeof(line), stdin)) {
			printf("\n");
			break;
		}
		if (!strchr(line, '\n') && !feof(stdin)) {
			int ch;
			while ((ch = getchar()) != EOF && ch != '\n')
				;
			printf("error: the command is too long\n");
			continue;
		}
		if (!gave_up && live_gave_up(lv)) {
			/* said before the command's answer, which it explains */
			gave_up = 1;
			printf("live: a gate waited %g s (WARPSTEP_LIVE_TIMEOUT): every warp was released and the "
			       "kernel runs to its end\n", live_timeout());
		}
		int got = sscanf(line, "%31s %lld %lld", cmd, &a, &b);
		if (got < 1)
			continue;
		if (!strcmp(cmd, "continue") || !strcmp(cmd, "c") || !strcmp(cmd, "quit") || !strcmp(cmd, "q"))
			break;
		strbuf_init(&err);
		if (!strcmp(cmd, "info") || !strcmp(cmd, "i")) {
			for (uint32_t w = 0; w < n; w++)
				if (got < 2 || (uint64_t)a == w)
					live_show(lv, w);
		} else if (!strcmp(cmd, "step") || !strcmp(cmd, "s")) {
			if (got < 2 || a < 0 || a >= n) {
				printf("error: step needs a warp number, 0 to %u\n", n - 1);
			} else {
				for (long long k = 0; k < (got >= 3 && b > 0 ? b : 1) && st != LIVE_DONE; k++)
					if ((st = live_step(lv, (uint32_t)a, 2.0, &err)) < 0)
						break;
				if (st < 0)
					printf("error: %s\n", strbuf_cstr(&err));
				live_show(lv, (uint32_t)a);
			}
		} else if (!strcmp(cmd, "until") || !strcmp(cmd, "u")) {
			if (got < 3 || a < 0 || a >= n || b <= 0) {
				printf("error: until needs a warp number (0 to %u) and a line\n", n - 1);
			} else {
				if (live_until(lv, (uint32_t)a, (uint32_t)b, 1000000, &err) < 0)
					printf("error: %s\n", strbuf_cstr(&err));
				live_show(lv, (uint32_t)a);
			}
		} else if (!strcmp(cmd, "help") || !strcmp(cmd, "h")) {
			printf("step W [N]      release warp W for N statements (default 1)\n"
			       "until W LINE    step warp W until it is at LINE\n"
			       "info [W]        what every warp (or warp W) last reported\n"
			       "continue, quit  release every warp: the kernel runs to its end\n");
		} else {
			printf("error: unknown command '%s' (step W [N], until W LINE, info [W], continue, quit, help)\n",
			       cmd);
		}
		strbuf_release(&err);
	}
	printf("live: every warp released\n");
	fflush(stdout);
}

/* Compile and run; argv[0] is the program path (its argv[0]). */
static int program_run(struct cli *cli, int argc, char **argv, const char *text)
{
	struct session_program *c;
	struct machine *m;
	int status;

	if (program_compile(cli, &c, argv[0], text) < 0) {
		session_program_free(c);
		return EXIT_USAGE;
	}
	if (c->mod->main_func < 0) {
		/* nvcc fails to link it: a build error (2), not the program's status */
		fprintf(stderr, "%s: error: the program has no main function\n", argv[0]);
		session_program_free(c);
		return EXIT_USAGE;
	}
	/* --gpu: the kernels run on the real GPU (docs/gpu.md) */
	struct session_gpu *gpu = NULL;
	if (cli->gpu) {
		struct strbuf err;
		int lowering = 0;

		strbuf_init(&err);
		live_ctx.mod = c->mod;
		gpu = cli->living ? session_gpu_open_live(c->mod, cli->kernel, (uint64_t)cli->launch, live_timeout(),
							   live_repl, &live_ctx, &err, &lowering)
		      : cli->tracing ? session_gpu_open_trace(c->mod, cli->kernel, (uint64_t)cli->launch, &err,
							    &lowering)
				   : session_gpu_open(c->mod, &err, &lowering);
		if (!gpu) {
			fprintf(stderr, "warpstep: %s: %s\n",
				cli->compare ? "--compare" : cli->tracing == 1 ? "trace --gpu" : "--gpu",
				strbuf_cstr(&err));
			strbuf_release(&err);
			session_program_free(c);
			return lowering ? EXIT_USAGE : EXIT_NOGPU;
		}
		strbuf_release(&err);
		if (cli->compare)
			session_gpu_compare(gpu);
		cli->mo.gpu = session_gpu_backend(gpu);
	}
	/* no step limit unless --max-steps: Ctrl-C stops the run and says where it was */
	struct sigaction sa, old;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_interrupt;
	sigemptyset(&sa.sa_mask);
	interrupted = 0;
	sigaction(SIGINT, &sa, &old);
	cli->mo.sigint = &interrupted;
	m = machine_new(c->mod, &cli->mo);
	if (gpu)
		session_gpu_attach(gpu, m);
	{
		/* the program's argv[0]: ./NAME (session_argv0) */
		char *a0 = session_argv0(argv[0]), *path = argv[0];

		argv[0] = a0;
		status = machine_run_main(m, argc, argv);
		argv[0] = path;
		free(a0);
	}
	sigaction(SIGINT, &old, NULL);
	fflush(stdout);
	if (machine_nfindings(m))
		machine_findings_render(m, stderr, cli->color);
	if (cli->report && program_report(m, cli->report) < 0 && !status)
		status = EXIT_USAGE;
	if (cli->checking && machine_nfindings(m))
		status = EXIT_FINDING;
	if (cli->compare) {
		/* the device printf diffs, then one line: how many launches differed */
		struct strbuf diffs;
		uint64_t launches = 0, differ;

		strbuf_init(&diffs);
		differ = session_gpu_compare_result(gpu, &launches, &diffs);
		fwrite(strbuf_cstr(&diffs), 1, diffs.len, stderr);
		fprintf(stderr, "warpstep: --compare: %llu of %llu launches differ on %s\n",
			(unsigned long long)differ, (unsigned long long)launches,
			session_gpu_device(gpu));
		strbuf_release(&diffs);
		if (differ)
			status = EXIT_FINDING;
	}
	if (cli->tracing && !interrupted) {
		/* the trace file, whole or not at all */
		struct strbuf tf, terr;
		const char *why;

		strbuf_init(&tf);
		strbuf_init(&terr);
		if (session_gpu_trace_write(gpu, argv[0], &tf, &terr) < 0) {
			fprintf(stderr, "warpstep: trace: %s\n", strbuf_cstr(&terr));
			status = EXIT_USAGE;
		} else if (util_write_file(cli->output, strbuf_cstr(&tf), tf.len, 0666, &why) < 0) {
			fprintf(stderr, "warpstep: -o: cannot write '%s': %s\n", cli->output, why);
			status = EXIT_USAGE;
		} else if (cli->tracing == 1) {
			fprintf(stderr, "warpstep: trace: wrote %s\n", cli->output);
		}
		strbuf_release(&tf);
		strbuf_release(&terr);
	}
	if (interrupted)
		status = 128 + SIGINT;
	if (cli->stats)
		fprintf(stderr, "warpstep: kernel_ms %.3f steps %llu\n", machine_device_ns(m) / 1e6,
			(unsigned long long)machine_steps(m));
	if (cli->living && !interrupted) {
		/* the launch stepped, or why not */
		struct strbuf lerr;
		int gave_up = 0, lr;

		strbuf_init(&lerr);
		lr = session_gpu_live_result(gpu, &gave_up, &lerr);
		if (lr < 0) {
			fprintf(stderr, "warpstep: --live: %s\n", strbuf_cstr(&lerr));
			status = EXIT_USAGE;
		}
		if (gave_up)
			fprintf(stderr, "warpstep: --live: a warp waited %g s at a statement: every warp was released\n",
				live_timeout());
		strbuf_release(&lerr);
	}
	machine_free(m);
	session_gpu_close(gpu);
	cli->mo.gpu = NULL;
	session_program_free(c);
	fflush(stdout);
	return status;
}

/* The program file must be readable: say so plainly before compiling (a
 * directory, a FIFO, a device or a file over 16 MiB is refused unopened). */
static int program_check_file(const char *path)
{
	const char *why;

	if (util_check_readable(path, &why) < 0) {
		fprintf(stderr, "warpstep: cannot open '%s': %s\n", path, why);
		return EXIT_USAGE;
	}
	return 0;
}

static int need_program(const struct command *cmd, int argc)
{
	if (argc >= 1)
		return 0;
	fprintf(stderr, "warpstep: %s: missing program file\n", cmd->name);
	fprintf(stderr, "usage: warpstep %s %s\n", cmd->name, cmd->usage);
	return EXIT_USAGE;
}

static int cmd_run(struct cli *cli, const struct command *cmd, int argc, char **argv)
{
	const char *inputs[] = { argv[0], NULL };
	int status;

	if ((status = need_program(cmd, argc)) || (status = program_check_file(argv[0])) ||
	    (status = output_check("--report", cli->report, inputs)))
		return status;
	cli->mo.in = stdin;     /* the program reads the command's stdin, as a native one */
	/* nothing looks at the machine but through the program's output and
	 * the findings: its kernels' warps may share frames (machine.c stash_ok) */
	cli->mo.unobserved = 1;
	/* nothing steps through this run: small functions are inlined (no
	 * finding carries a backtrace; docs/debugging.md). Not with --gpu: the
	 * PTX keeps the program's functions; not under the relaxed model or
	 * --schedule: a witness from explore (or one debug replays) is the
	 * program as sessions compile it, instruction for instruction. */
	cli->fo.inline_calls = !cli->no_inline && !cli->gpu && !cli->mo.schedule &&
			       cli->mo.model != MODEL_RELAXED;
	return program_run(cli, argc, argv, NULL);
}

static int cmd_check(struct cli *cli, const struct command *cmd, int argc, char **argv)
{
	/* Every checker on, whatever --fast said; exit EXIT_FINDING on a finding. */
	cli->mo.fast = 0;
	cli->checking = 1;
	return cmd_run(cli, cmd, argc, argv);
}

static int cmd_dump(struct cli *cli, const struct command *cmd, int argc, char **argv)
{
	struct strbuf out;
	int status, ret;

	if ((status = need_program(cmd, argc)) || (status = program_check_file(argv[0])))
		return status;
	if (argc > 1)
		return usage_error("too many arguments for dump (first extra: '%s')", argv[1]);
	strbuf_init(&out);
	if (cmd->stage == SESSION_DUMP_RUN_IR)
		cli->fo.inline_calls = !cli->no_inline;
	ret = session_dump(argv[0], cmd->stage, &cli->fo, &out);
	fwrite(strbuf_cstr(&out), 1, out.len, stdout);
	strbuf_release(&out);
	return ret == 0 ? 0 : EXIT_USAGE;
}

/* warpstep ptx PROG.cu [-o FILE] [--arch sm_NN]: the PTX of the device
 * code (docs/gpu.md). Exit 2 when the program does not compile or a
 * construct cannot be lowered (the message says which, and where). */
static int cmd_ptx(struct cli *cli, const struct command *cmd, int argc, char **argv)
{
	struct session_program *c;
	struct strbuf out, err;
	const char *why;
	int status;

	if ((status = need_program(cmd, argc)) || (status = program_check_file(argv[0])))
		return status;
	/* the options may follow the program's name: ptx runs nothing */
	for (int i = 1; i < argc; i++) {
		switch (option_parse(cli, argc, argv, &i, &status)) {
		case OPT_NONE:
			return usage_error("too many arguments for ptx (first extra: '%s')", argv[i]);
		case OPT_EXIT:
			return status;
		}
	}
	if (cli->output && strcmp(cli->output, "-") && util_out_check(cli->output, &why) < 0) {
		fprintf(stderr, "warpstep: -o: cannot write '%s': %s\n", cli->output, why);
		return EXIT_USAGE;
	}
	if (program_compile(cli, &c, argv[0], NULL) < 0) {
		session_program_free(c);
		return EXIT_USAGE;
	}
	strbuf_init(&out);
	strbuf_init(&err);
	/* the target: --arch, else the emulated device's (--device, sm_90 for the H100) */
	int arch = cli->arch;
	if (!arch && cli->mo.device)
		arch = cli->mo.device->major * 10 + cli->mo.device->minor;
	if (arch && arch < 70) {
		fprintf(stderr, "warpstep: ptx: the device (sm_%d) is older than sm_70, the oldest PTX target; "
			"give --arch\n", arch);
		session_program_free(c);
		strbuf_release(&out);
		strbuf_release(&err);
		return EXIT_USAGE;
	}
	if ((cli->live ? session_ptx_live(c, arch, &out, &err)
		       : cli->probes ? session_ptx_probes(c, arch, &out, &err) : session_ptx(c, arch, &out, &err)) < 0) {
		fprintf(stderr, "warpstep: %s: cannot lower to PTX: %s\n", argv[0], strbuf_cstr(&err));
		status = EXIT_USAGE;
	} else if (!cli->output || !strcmp(cli->output, "-")) {
		fwrite(strbuf_cstr(&out), 1, out.len, stdout);
	} else if (util_write_file(cli->output, strbuf_cstr(&out), out.len, 0666, &why) < 0) {
		fprintf(stderr, "warpstep: -o: cannot write '%s': %s\n", cli->output, why);
		status = EXIT_USAGE;
	}
	strbuf_release(&out);
	strbuf_release(&err);
	session_program_free(c);
	return status;
}

/* warpstep trace --gpu PROG.cu -o FILE [--kernel NAME] [--launch N] [-- ARGS]:
 * run the program with the kernels on the GPU and the trace probes in
 * their PTX; one launch records every warp at every statement; the file
 * is docs/gpu.md's "Traces" format. Options may follow the program's name;
 * the program's own arguments follow `--`. */
static int cmd_trace(struct cli *cli, const struct command *cmd, int argc, char **argv)
{
	int status, n = 1;
	const char *inputs[] = { argc ? argv[0] : NULL, NULL };

	if ((status = need_program(cmd, argc)) || (status = program_check_file(argv[0])))
		return status;
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--")) {
			n = i;
			for (int j = i + 1; j < argc; j++)
				argv[n++] = argv[j];
			break;
		}
		switch (option_parse(cli, argc, argv, &i, &status)) {
		case OPT_NONE:
			return usage_error("unexpected argument for trace: '%s' (the program's arguments follow --)",
					   argv[i]);
		case OPT_EXIT:
			return status;
		}
	}
	if (!cli->gpu)
		return usage_error("trace records a run on the GPU: give --gpu (debug steps the emulator's)");
	if (!cli->output || !strcmp(cli->output, "-"))
		return usage_error("trace needs -o FILE, the trace file to write");
	if ((status = output_check("-o", cli->output, inputs)))
		return status;
	if (!cli->launch)
		cli->launch = 1;
	cli->tracing = 1;
	cli->mo.in = stdin;
	return program_run(cli, n, argv, NULL);
}

static int cmd_help(struct cli *cli, const struct command *cmd, int argc, char **argv)
{
	help_print(stdout);
	return 0;
}

/* The interface on the fake backend (tui/demo.c): no program file. */
static int cmd_debug_demo(struct cli *cli, const struct command *cmd, int argc, char **argv)
{
	return ui_demo_main(argc, argv);
}

/* The `ws` module runs on the real engine (scripts/host_engine.c), with the
 * command line's -I/-D and --simt/--sched/--seed as defaults. */
static int cmd_script(struct cli *cli, const struct command *cmd, int argc, char **argv)
{
	struct host_engine *he;
	int status;

	if ((status = need_program(cmd, argc)) || (status = program_check_file(argv[0])))
		return status;
	he = host_engine_new(stdout, stderr, &cli->fo, &cli->mo);
	host_engine_confine(he, argv[0], cli->allow.v);
	status = script_main(argv[0], argc - 1, argv + 1, host_engine_host(he), cli->lua_budget,
			     cli->lua_memory, stdout, stderr);
	host_engine_free(he);
	return status;
}

static int cmd_lesson(struct cli *cli, const struct command *cmd, int argc, char **argv)
{
	struct host_engine *he;
	struct lesson_opts lo;
	int status;

	if (argc >= 1) {
		argv[0] = (char *)data_file(lessons_dir(), argv[0]);
		argv[0] = (char *)data_file(data_subdir("puzzles"), argv[0]);
	}
	if ((status = need_program(cmd, argc)) || (status = program_check_file(argv[0])))
		return status;
	lesson_opts_init(&lo);
	lo.path = argv[0];
	lo.max_instructions = cli->lua_budget;
	lo.max_memory = cli->lua_memory;
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--answers") == 0 && i + 1 < argc)
			lo.answers = argv[++i];
		else if (strncmp(argv[i], "--answers=", 10) == 0)
			lo.answers = argv[i] + 10;
		else if (strcmp(argv[i], "--fresh") == 0)
			lo.fresh = 1;
		else
			return usage_error("lesson: unexpected argument '%s'", argv[i]);
	}
	if (!lo.answers) {
		struct debug_opts o = { &cli->fo, &cli->mo, cli->record, NULL, cli->lua_budget,
					cli->lua_memory, cli->allow.v, NULL };

		if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO))
			return usage_error("lesson: without a terminal, --answers FILE is needed");
		return ui_lesson_main(&o, lo.path, lo.fresh);
	}
	he = host_engine_new(stdout, stderr, &cli->fo, &cli->mo);
	host_engine_confine(he, lo.path, cli->allow.v);
	lo.host = host_engine_host(he);
	status = lesson_main(&lo, stdout, stderr);
	host_engine_free(he);
	return status;
}

/* explore / litmus (tui/explore.c) */
static int cmd_grade(struct cli *cli, const struct command *cmd, int argc, char **argv)
{
	struct grade_opts go = { 0 };
	char **subs = xmalloc(sizeof(*subs) * (size_t)(argc + 1));
	int status;

	go.format = GRADE_TEXT;
	for (int i = 0; i < argc; i++) {
		const char *a = argv[i];

		if ((!strcmp(a, "--json") || !strcmp(a, "--csv") || !strcmp(a, "--feedback")) && i + 1 >= argc) {
			free(subs);
			return usage_error("grade: %s needs a file", a);
		}
		if (!strcmp(a, "--json"))
			go.json = argv[++i];
		else if (!strcmp(a, "--csv"))
			go.csv = argv[++i];
		else if (!strcmp(a, "--feedback"))
			go.feedback_dir = argv[++i];
		else if (!strcmp(a, "--tap"))
			go.format = GRADE_TAP;
		else if (!strcmp(a, "--format=json"))
			go.format = GRADE_JSON;
		else if (!strcmp(a, "--format=csv"))
			go.format = GRADE_CSV;
		else if (a[0] == '-' && a[1] == '-') {
			free(subs);
			return usage_error("grade: unknown option '%s'", a);
		} else if (!go.spec)
			go.spec = a;
		else
			subs[go.nsubs++] = argv[i];
	}
	if (!go.spec || !go.nsubs) {
		free(subs);
		fprintf(stderr, "warpstep: grade: %s\nusage: warpstep grade %s\n",
			go.spec ? "no submission to grade" : "missing the spec file", cmd->usage);
		return EXIT_USAGE;
	}
	if ((status = program_check_file(go.spec))) {
		free(subs);
		return status;
	}
	go.subs = subs;
	go.max_instructions = cli->lua_budget;
	go.max_memory = cli->lua_memory;
	go.fo = &cli->fo;
	go.mo = &cli->mo;
	status = grade_main(&go, stdout, stderr);
	free(subs);
	return status;
}

/* run the compiled program once on machine options mo; its stdout */
static char *litmus_once(const struct ir_module *mod, struct machine_opts *mo, const char *path, int *status)
{
	char *out = NULL, *a0 = session_argv0(path);
	size_t len = 0;
	FILE *f = open_memstream(&out, &len);
	FILE *null = fopen("/dev/null", "w");
	char *argv[] = { a0, NULL };

	mo->out = f;
	mo->err = null;
	mo->in = NULL;
	struct machine *m = machine_new(mod, mo);
	*status = machine_run_main(m, 1, argv);
	machine_free(m);
	fclose(f);
	if (null)
		fclose(null);
	free(a0);
	return out;
}

/*
 * litmus --gpu PROG.cu --runs N [--seed S]: the program's first launch
 * many times on the GPU with stress (session_gpu_open_litmus); each
 * distinct final state of device memory gives the program's output (its
 * outcome) by one more run that takes that state; the histogram beside
 * the outcomes explore finds under the relaxed model. An outcome the model
 * forbids is reported loudly (stderr) and the exit status is 1.
 */
static int litmus_gpu(struct cli *cli, const char *path)
{
	struct session_program *c;
	struct strbuf err;
	int lowering = 0, st = 0, forbidden = 0;
	struct timespec t0, t1;

	if (program_compile(cli, &c, path, NULL) < 0) {
		session_program_free(c);
		return EXIT_USAGE;
	}
	strbuf_init(&err);
	struct session_gpu *g = session_gpu_open_litmus(c->mod, cli->runs > 0 ? (uint64_t)cli->runs : 0,
							(uint64_t)cli->seed, &err, &lowering);
	if (!g) {
		fprintf(stderr, "warpstep: litmus --gpu: %s\n", strbuf_cstr(&err));
		strbuf_release(&err);
		session_program_free(c);
		return lowering ? EXIT_USAGE : EXIT_NOGPU;
	}
	struct machine_opts mo = cli->mo;
	mo.gpu = session_gpu_backend(g);
	mo.fast = 1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	free(litmus_once(c->mod, &mo, path, &st));
	clock_gettime(CLOCK_MONOTONIC, &t1);
	uint64_t ran;
	int stress;
	unsigned threads;
	size_t nstates;
	if (session_gpu_litmus_result(g, &ran, &stress, &threads, &nstates, &err) < 0) {
		fprintf(stderr, "warpstep: litmus --gpu: %s\n", strbuf_cstr(&err));
		strbuf_release(&err);
		session_gpu_close(g);
		session_program_free(c);
		return EXIT_USAGE;
	}
	/* each final state's outcome: the program's output when its launch leaves that state */
	struct gout {
		char *out;
		uint64_t count;
		int model; /* 1: explore reaches it */
	};
	VEC(struct gout) go = { 0 };
	for (size_t k = 0; k < nstates; k++) {
		uint64_t n = session_gpu_litmus_inject(g, k);
		mo.gpu = session_gpu_backend(g);
		char *out = litmus_once(c->mod, &mo, path, &st);
		size_t i = 0;
		while (i < go.len && strcmp(go.v[i].out, out ? out : ""))
			i++;
		if (i == go.len) {
			struct gout o = { out ? out : xstrdup(""), 0, 0 };
			vec_push(&go, o);
		} else {
			free(out);
		}
		go.v[i].count += n;
	}
	/* the model's outcomes */
	struct machine_explore r;
	struct machine_opts eo = cli->mo;
	char *a0 = session_argv0(path);
	char *eargv[] = { a0, NULL };
	eo.model = MODEL_RELAXED;
	machine_explore(c->mod, &eo, 1, eargv, 0, &r);
	free(a0);
	double secs = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
	printf("litmus --gpu %s on %s: %llu runs (seed %lld) in %.1f s; %d stress blocks, %u threads a block; "
	       "block roles shuffled, the test's threads start at a spin barrier\n",
	       path, session_gpu_device(g), (unsigned long long)ran, cli->seed, secs, stress, threads);
	printf("model: %zu outcomes under the relaxed model (%s)\n\n", r.n,
	       r.exhaustive ? "every execution explored" : "exploration bounded: the set may be incomplete");
	for (size_t i = 0; i < r.n; i++) {
		uint64_t n = 0;
		for (size_t j = 0; j < go.len; j++)
			if (!strcmp(go.v[j].out, r.o[i].out ? r.o[i].out : "")) {
				n = go.v[j].count;
				go.v[j].model = 1;
			}
		printf("allowed   %10llu  %8.4f%%  ", (unsigned long long)n, ran ? 100.0 * (double)n / (double)ran : 0.0);
		fputs(r.o[i].out && *r.o[i].out ? r.o[i].out : "(no output)\n", stdout);
	}
	for (size_t j = 0; j < go.len; j++) {
		if (go.v[j].model)
			continue;
		forbidden++;
		printf("FORBIDDEN %10llu  %8.4f%%  ", (unsigned long long)go.v[j].count,
		       ran ? 100.0 * (double)go.v[j].count / (double)ran : 0.0);
		fputs(*go.v[j].out ? go.v[j].out : "(no output)\n", stdout);
	}
	fflush(stdout);
	for (size_t j = 0; j < go.len; j++) {
		if (!go.v[j].model)
			fprintf(stderr, "warpstep: litmus --gpu: THE GPU PRODUCED AN OUTCOME THE MODEL FORBIDS "
				"(%llu of %llu runs): a bug of the model or of the hardware: %s",
				(unsigned long long)go.v[j].count, (unsigned long long)ran, go.v[j].out);
		free(go.v[j].out);
	}
	vec_free(&go);
	machine_explore_free(&r);
	session_gpu_close(g);
	session_program_free(c);
	return forbidden ? EXIT_FINDING : 0;
}

static int cmd_explore(struct cli *cli, const struct command *cmd, int argc, char **argv)
{
	int status, i;

	/* options may also follow the program file */
	for (i = 1; i < argc; i++) {
		int st = 0, r = option_parse(cli, argc, argv, &i, &st);
		if (r == OPT_EXIT)
			return st;
		if (r == OPT_NONE)
			break;
	}
	if ((status = need_program(cmd, argc)) || (status = program_check_file(argv[0])))
		return status;
	if (cli->gpu && strcmp(cmd->name, "litmus"))
		return usage_error("--gpu works with run, debug, trace and litmus only (docs/gpu.md)");
	if (cli->gpu)
		return litmus_gpu(cli, argv[0]);
	return cmd_explore_main(&cli->mo, &cli->fo, strcmp(cmd->name, "litmus") == 0, cli->json,
				cli->max_execs, cli->runs, cli->seed, 1, argv);
}

/* debug --gpu: record the launch chosen (--kernel, --launch) on the GPU
 * into a temporary trace file, as trace --gpu does, with the program's
 * output (the host's and the driver's device printf) swallowed and no
 * stdin; *path gets the file (the caller removes it). Returns 0, or the
 * exit status: 3 without a GPU, 2 when the launch did not run, the
 * program's status (or 130) when it ended without a trace. */
static int debug_record(struct cli *cli, int argc, char **argv, char **path)
{
	const char *dir = getenv("TMPDIR") && *getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
	char *p = xmalloc(strlen(dir) + 32);
	int fd, saved, null, status;
	struct stat st;
	FILE *in = cli->mo.in;

	sprintf(p, "%s/warpstep-trace-XXXXXX", dir);
	if ((fd = mkstemp(p)) < 0) {
		fprintf(stderr, "warpstep: --gpu: cannot make a temporary trace file in %s: %s\n", dir,
			strerror(errno));
		free(p);
		return EXIT_USAGE;
	}
	close(fd);
	if (!cli->launch)
		cli->launch = 1;
	cli->tracing = 2;
	cli->output = p;
	cli->mo.in = NULL;
	fflush(stdout);
	saved = dup(STDOUT_FILENO);
	null = open("/dev/null", O_WRONLY);
	if (saved >= 0 && null >= 0)
		dup2(null, STDOUT_FILENO);
	status = program_run(cli, argc, argv, NULL);
	fflush(stdout);
	if (saved >= 0 && null >= 0)
		dup2(saved, STDOUT_FILENO);
	if (saved >= 0)
		close(saved);
	if (null >= 0)
		close(null);
	cli->tracing = 0;
	cli->output = NULL;
	cli->mo.in = in;
	if (stat(p, &st) < 0 || st.st_size == 0) {
		/* no trace: program_run said why (no GPU, the launch did not run) */
		unlink(p);
		free(p);
		return status ? status : EXIT_USAGE;
	}
	*path = p;
	return 0;
}

/* The interface on a program (tui/debug.c). */
static int cmd_debug(struct cli *cli, const struct command *cmd, int argc, char **argv)
{
	struct debug_opts o = { &cli->fo, &cli->mo, cli->record, cli->script, cli->lua_budget,
				 cli->lua_memory, cli->allow.v, cli->trace };
	int status;

	if (argc == 0 && cli->script) {
		if ((status = program_check_file(cli->script)))
			return status;
		return ui_script_main(&o, cli->script);
	}
	if ((status = need_program(cmd, argc)) || (status = program_check_file(argv[0])))
		return status;
	if (cli->gpu) {
		/* debug --gpu PROG.cu [--kernel NAME] [--launch N] [--] [ARGS...]:
		 * record on the GPU, then replay that trace in the interface */
		char *path = NULL;
		int i = 1;

		if (cli->trace)
			return usage_error("--gpu records a trace and --trace replays one: give one of them");
		for (int j = 1; j < argc && strcmp(argv[j], "--"); j++)
			if (!strcmp(argv[j], "--live")) {
				cli->live = 1;
				for (int k = j; k + 1 < argc; k++)
					argv[k] = argv[k + 1];
				argc--;
				break;
			}
		while (i < argc && (!strncmp(argv[i], "--kernel", 8) || !strncmp(argv[i], "--launch", 8))) {
			int st = 0;
			if (option_parse(cli, argc, argv, &i, &st) == OPT_EXIT)
				return st;
			i++;
		}
		if (i < argc && !strcmp(argv[i], "--"))
			i++;
		argv[i - 1] = argv[0];
		argc -= i - 1;
		argv += i - 1;
		if (cli->live) {
			/* debug --gpu --live: the launch's warps stepped on the GPU,
			 * from commands on stdin; the program's stdin is at end of file */
			FILE *in = cli->mo.in;
			if (!cli->launch)
				cli->launch = 1;
			cli->living = 1;
			cli->mo.in = NULL;
			status = program_run(cli, argc, argv, NULL);
			cli->living = 0;
			cli->mo.in = in;
			return status;
		}
		if ((status = debug_record(cli, argc, argv, &path)))
			return status;
		o.trace = path;
		status = ui_debug_main(&o, argv[0], NULL, argc, argv);
		unlink(path);
		free(path);
		return status;
	}
	return ui_debug_main(&o, argv[0], NULL, argc, argv);
}

static int is_dir(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* The data directory (lessons/, scenarios/, examples/), first found of:
 * $WARPSTEP_DATA; the source tree the binary was built in (the binary sits
 * beside lessons/); PREFIX/share/warpstep beside an installed binary's
 * PREFIX/bin, wherever the tree was moved; the configured datadir. */
static const char *data_dir(void)
{
	static char buf[4400];
	static const char *dir;
	char exe[4096], try[4400];
	ssize_t n;

	if (dir)
		return dir;
	dir = getenv("WARPSTEP_DATA");
	if (dir && *dir)
		return dir;
	dir = WS_DATADIR;
	n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (n <= 0)
		return dir;
	exe[n] = 0;
	char *slash = strrchr(exe, '/');
	if (!slash)
		return dir;
	*slash = 0;
	snprintf(try, sizeof(try), "%s/lessons", exe);
	if (is_dir(try) && snprintf(try, sizeof(try), "%s/scripts/scenarios", exe) > 0 && is_dir(try)) {
		snprintf(buf, sizeof(buf), "%s", exe);
		return dir = buf;
	}
	snprintf(try, sizeof(try), "%s/../share/warpstep/lessons", exe);
	if (is_dir(try)) {
		snprintf(buf, sizeof(buf), "%s/../share/warpstep", exe);
		return dir = buf;
	}
	return dir;
}

/* A subdirectory of the data directory; the source tree keeps the
 * scenarios in scripts/scenarios. */
static const char *data_subdir(const char *sub)
{
	static char buf[3][4500];
	int i = !strcmp(sub, "lessons") ? 0 : !strcmp(sub, "puzzles") ? 1 : 2;
	char try[4500];

	snprintf(buf[i], sizeof(buf[i]), "%s/%s", data_dir(), sub);
	if (i == 2 && !is_dir(buf[i])) {
		snprintf(try, sizeof(try), "%s/scripts/%s", data_dir(), sub);
		if (is_dir(try))
			snprintf(buf[i], sizeof(buf[i]), "%s", try);
	}
	return buf[i];
}

static const char *lessons_dir(void)
{
	const char *dir = getenv("WARPSTEP_LESSONS");

	return dir && *dir ? dir : data_subdir("lessons");
}

/* A lesson or scenario named without a path ("01-threads", "atomics.lua")
 * that is not a file here: the one of that name in the data directory. */
static const char *data_file(const char *dir, const char *name)
{
	static char buf[2][4600];
	static int k;
	size_t len = strlen(name);

	if (access(name, F_OK) == 0 || strchr(name, '/'))
		return name;
	k ^= 1;
	snprintf(buf[k], sizeof(buf[k]), "%s/%s%s", dir, name,
		 len > 4 && strcmp(name + len - 4, ".lua") == 0 ? "" : ".lua");
	return access(buf[k], F_OK) == 0 ? buf[k] : name;
}

/* No command: the lesson menu (then the examples) on a terminal; without
 * one, the list of lessons and how to start one. */
static int run_default(struct cli *cli)
{
	struct debug_opts o = { &cli->fo, &cli->mo, cli->record, cli->script, cli->lua_budget,
				 cli->lua_memory, cli->allow.v, cli->trace };

	if (isatty(STDIN_FILENO) && isatty(STDOUT_FILENO))
		return ui_start_main(&o, lessons_dir(), data_subdir("puzzles"));
	return ui_lessons_print(lessons_dir(), data_subdir("puzzles"), stdout);
}

/* `warpstep lessons/NN-x.lua`: play the lesson in the interface. */
static int run_lesson_file(struct cli *cli, const char *path)
{
	struct debug_opts o = { &cli->fo, &cli->mo, cli->record, cli->script, cli->lua_budget,
				 cli->lua_memory, cli->allow.v, cli->trace };
	int status;

	if ((status = program_check_file(path)))
		return status;
	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO))
		return usage_error("a lesson needs a terminal; headless: warpstep lesson %s --answers FILE",
				   path);
	return ui_lesson_main(&o, path, 0);
}

static void cli_init(struct cli *cli)
{
	memset(cli, 0, sizeof(*cli));
	machine_opts_init(&cli->mo);
	cli->color = isatty(STDERR_FILENO) && !(getenv("NO_COLOR") && *getenv("NO_COLOR"));
}

static void cli_release(struct cli *cli)
{
	vec_free(&cli->incs);
	vec_free(&cli->defs);
	vec_free(&cli->allow);
}

static int cli_main(struct cli *cli, int argc, char **argv)
{
	const struct command *cmd = NULL;
	const char *lesson = NULL;
	int i = 1, status;

	if ((status = config_load(cli)))
		return status;
	if ((status = options_parse(cli, argc, argv, &i)) >= 0)
		return status;
	if (i < argc) {
		size_t len = strlen(argv[i]);

		if (!command_find(argv[i]) && len > 4 && !strcmp(argv[i] + len - 4, ".lua") &&
		    i + 1 == argc)
			lesson = argv[i];
		else if (!(cmd = command_find(argv[i])))
			return usage_error("unknown command '%s'", argv[i]);
		i++;
		if (!lesson && (status = options_parse(cli, argc, argv, &i)) >= 0)
			return status;
	}
	vec_push(&cli->incs, NULL);
	vec_push(&cli->defs, NULL);
	vec_push(&cli->allow, NULL);
	cli->fo.include_dirs = cli->incs.v;
	cli->fo.defines = cli->defs.v;
	{
		/* the inputs an output file must not replace */
		const char *inputs[] = { lesson ? lesson : i < argc ? argv[i] : NULL, cli->script, NULL };

		if (!inputs[0]) {
			inputs[0] = inputs[1];
			inputs[1] = NULL;
		}
		if ((status = output_check("--record", cli->record, inputs)))
			return status;
	}
	if (lesson)
		return run_lesson_file(cli, lesson);
	if (!cmd)
		return run_default(cli);
	if (cli->compare && cmd->fn != cmd_run)
		return usage_error("--compare works with run only (docs/gpu.md)");
	if (cli->gpu && cmd->fn != cmd_run && cmd->fn != cmd_trace && cmd->fn != cmd_explore &&
	    cmd->fn != cmd_debug)
		return usage_error("--gpu works with run, debug, trace and litmus only (docs/gpu.md)");
	if (cli->trace && cmd->fn != cmd_debug)
		return usage_error("--trace FILE works with debug only (trace --gpu records one)");
	if (cli->live && cmd->fn != cmd_ptx && !(cmd->fn == cmd_debug && cli->gpu))
		return usage_error("--live works with debug --gpu and ptx only (docs/gpu.md)");
	return cmd->fn(cli, cmd, argc - i, argv + i);
}

int main(int argc, char **argv)
{
	struct cli cli;
	int status;

#ifdef WS_TEST_FAIL_ALLOC
	/* The warpstep-failalloc test binary only (tests/robust/allocfail.t):
	 * allocation number N of the funnel fails; WS_COUNT_ALLOCS reports how
	 * many there were. */
	const char *fail = getenv("WS_FAIL_ALLOC_AFTER");

	if (fail)
		util_fail_after(strtol(fail, NULL, 10));
#endif
	cli_init(&cli);
	status = cli_main(&cli, argc, argv);
	cli_release(&cli);
	/* output lost on a full disk is an error, never a silent success */
	errno = 0;
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "warpstep: cannot write to standard output: %s\n",
			errno ? strerror(errno) : "write error");
		if (status == 0)
			status = EXIT_USAGE;
	}
#ifdef WS_TEST_FAIL_ALLOC
	if (getenv("WS_COUNT_ALLOCS"))
		fprintf(stderr, "warpstep-failalloc: %lu allocations\n", util_alloc_calls());
#endif
	return status;
}
