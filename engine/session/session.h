/*
 * session.h - one debugger session over one program: what every front end
 * (the interface's backend tui/backend_engine.c, the Lua host
 * scripts/host_engine.c) steps, stops and breaks with. Implemented once in
 * session.c; the front ends only translate their commands and results.
 *
 * Contract:
 * - session_new takes a compiled module and its source manager (both must
 *   outlive the session) and machine options (copied); it builds a machine
 *   and never fails. session_free releases the machine and everything the
 *   session owns. session_machine gives that machine for queries, memory
 *   set-up and launches; it changes when the session rebuilds it (reverse
 *   execution, session_set_opts): never keep the pointer across calls.
 * - Observers go through session_observe, not machine_observe: the session
 *   registers them again on every rebuilt machine. An observer asking for
 *   EV_INSN gets it while stepping by instruction or statement only, unless
 *   it asks with always set: `continue` runs without per-instruction events,
 *   at the interpreter's full speed. session_replaying tells an observer
 *   that events come from a replay (reverse execution) and were seen before.
 * - Focus: a thread named by resident block slot, warp and lane (slot -1:
 *   the host thread), or SESSION_SCHED: the warp the scheduler runs next.
 * - session_step runs one command (count times) and fills *stop: why it
 *   stopped, where (the thread a front end should focus), and a one-line
 *   description. It returns 0, or -1 with a message in msg when the command
 *   cannot run (the program has finished, no kernel runs for a block step).
 * - Breakpoints are evaluated inside the engine (the rule: docs/debugging.md):
 *   each enabled line breakpoint marks the statement starts of its line
 *   (machine_break_line: where EV_STMT reports a group beginning a
 *   statement), and `continue` runs machine_run, which stops only there,
 *   once per group that starts one; stop.mask is that group's lanes. A
 *   condition is evaluated per lane of the group (eval.h), in lane order,
 *   and the first lane for which it holds is the one stopped on; when none
 *   does the group runs on. A stop does not change the schedule: continue
 *   goes on to the next such event in the order of the run without
 *   breakpoints. Without breakpoints nothing is checked.
 * - Statement, line, over and out steps follow the focused lane (focus.lane)
 *   through divergence, reconvergence, calls (past a callee's prologue) and
 *   barriers (the other warps run until it goes on); an instruction step
 *   stops at a barrier (SESSION_WAITS).
 * - Reverse execution (when the session is made reversible): every change of
 *   the machine goes through a log of primitive steps; each command marks
 *   it; checkpoints (copies of the machine, machine_clone) are taken every
 *   so many steps. session_step(SESSION_BACK) restores the newest
 *   checkpoint before the previous mark and replays the log from there (the
 *   engine is deterministic): O(distance), not O(history). The
 *   SESSION_BACK_* kinds replay the span before the present watching the
 *   focused thread (one checkpoint interval at a time, newest first), then
 *   replay again to just before the statement start found. The program's
 *   output from a checkpoint on is written again to the streams the build
 *   callback gives (the front end shows only what is new). A machine whose
 *   program has used files or stdin is not copied: replays go back to the
 *   last checkpoint before that, or the start.
 * - The poll callback is called between chunks of a long run with the
 *   machine step count (and, during a replay, the step it replays to, else
 *   0); nonzero interrupts: the command stops with SESSION_INTERRUPTED.
 *   A step limit (session_set_limit) stops a command after that many
 *   machine steps with SESSION_LIMIT.
 */
/*
 * Watchpoints stop continue and every step alike (a step stops after the
 * access, as gdb's does). A watchpoint on a lane's local memory is deleted
 * when the frame that holds it returns, and the program stops there, in the
 * caller (gdb's "Watchpoint N deleted because the program has left the
 * block in which its expression is valid."). A lesson's (Lua) session is
 * not reversible: the Lua host changes its machine outside the log
 * (allocations, writes, launches). The statement rule
 * (docs/debugging.md) is tested against the engine's EV_STMT trace by
 * tests/session/unit_stops.c; under ITS, a step that stops two groups of one
 * warp at breakpoints in turn keeps one pass mark (the later one), so the
 * first may stop again.
 */
#ifndef WS_SESSION_H
#define WS_SESSION_H

#include <stddef.h>
#include <stdint.h>
#include "diag.h"
#include "machine.h"
#include "util.h"

#define SESSION_SCHED (-2) /* focus slot: the warp the scheduler picks */

struct session;

struct session_focus {
	int slot, warp, lane;
};

enum session_step {
	SESSION_INSN,      /* one instruction of the focused warp (host: the host thread) */
	SESSION_STMT,      /* the focused warp to its next statement */
	SESSION_LINE,      /* to its next source line, into calls */
	SESSION_OVER,      /* to its next source line, over calls */
	SESSION_OUT,       /* out of the current function */
	SESSION_BLOCK,     /* every warp of the focused block one line */
	SESSION_BARRIER,   /* until a barrier of a resident block completes */
	SESSION_KERNEL,    /* until the running (or the next) kernel ends */
	SESSION_FINDING,   /* until the next new finding (of any kind) */
	SESSION_CONTINUE,  /* until a breakpoint, a wanted finding, __brkpt() or the end */
	SESSION_BACK,      /* reverse: back to before the previous command */
	/* Reverse to the previous statement of the focused thread (gdb's
	 * reverse-*): the machine is left as it was when that thread's group
	 * began the statement. count repeats. */
	SESSION_BACK_STEP,     /* reverse-step: its previous statement, into calls */
	SESSION_BACK_NEXT,     /* reverse-next: its previous statement at the same call depth or outer */
	SESSION_BACK_CONTINUE, /* reverse-continue: the previous breakpoint hit (any thread) */
	SESSION_BACK_FINISH,   /* reverse-finish: the statement that called the current function */
};

enum session_reason {
	SESSION_STEPPED,       /* the step is done */
	SESSION_BREAKPOINT,    /* stop.bp says which */
	SESSION_BRKPT,         /* a __brkpt() ran */
	SESSION_FOUND,         /* a new finding (stop.finding) */
	SESSION_EXITED,        /* the program (or the launched kernels) finished */
	SESSION_WARP_EXITED,   /* the focused warp has exited */
	SESSION_WAITS,         /* the focused warp waits at a barrier or a collective */
	SESSION_BLOCK_DONE,    /* the focused block finished */
	SESSION_KERNEL_START,  /* host stepping reached a kernel's first statement */
	SESSION_BARRIER_DONE,  /* a barrier completed */
	SESSION_KERNEL_DONE,   /* a kernel ended */
	SESSION_INTERRUPTED,   /* the poll callback asked to stop */
	SESSION_LIMIT,         /* the step limit */
	SESSION_BACKED,        /* reverse execution done (or interrupted: see text) */
	SESSION_WATCHED,       /* a watchpoint: stop.bp, old and new value, the lane */
};

struct session_stop {
	enum session_reason reason;
	int bp;                /* SESSION_BREAKPOINT: its id */
	int has_thread;        /* slot, warp, lane name the thread to focus */
	int slot, warp, lane;
	uint32_t mask;         /* lanes of the group there (a breakpoint: the group that starts the statement) */
	int line;              /* its line (0: none) */
	size_t finding;        /* SESSION_FOUND: index (machine_finding_get) */
	uint64_t old_val, new_val; /* SESSION_WATCHED: the watched bytes before and after */
	char text[200];        /* what the interface shows ("breakpoint 1, line 15") */
};

/* ---- compiling (program.c): the front end for the front ends, which
 * include no header of it. */
/* Which files a compilation may read: may_read returns nonzero to allow
 * path, else sets *why; asked before a file is opened or looked up. */
struct session_read_policy {
	int (*may_read)(void *ctx, const char *path, const char **why);
	void *ctx;
};
struct session_compile_opts {
	int cuda_arch;                   /* 0 means 900 */
	const char *const *include_dirs; /* NULL-terminated, may be NULL */
	const char *const *defines;      /* NULL-terminated, may be NULL */
	const struct session_read_policy *policy; /* NULL: any file */
	int cuda_version;                /* the toolkit's headers: 12 or 13 (0 means 13) */
	int no_fmad;                     /* --fmad=false */
	int no_opt;                      /* --no-opt: run the IR as lowered (no ir_optimize) */
	int inline_calls;                /* inline small leaf functions (ir_inline): `run` and
	                                  * `check` only, never a session that steps (calls and
	                                  * frames disappear); no effect with no_opt */
};
/* A compiled program: the module (NULL when there were errors), its sources
 * and diagnostics, all owned by it until session_program_free. A session
 * made from it must be freed (or its machine released) first. */
struct session_program {
	const struct ir_module *mod;
	struct srcmgr *sm;
	struct diaglist *diags;
};
/* Compile path (text NULL: read the file, else text is the source, copied).
 * Never NULL; never prints: diagnostics in ->diags. */
struct session_program *session_compile(const char *path, const char *text,
					const struct session_compile_opts *o);
void session_program_free(struct session_program *p);
/* The argv[0] a program runs with: "./NAME" for PATH/NAME.cu, as if built
 * with `nvcc -o NAME NAME.cu` and started from its folder (programs print
 * it: NVIDIA's samples say "[./asyncAPI] - Starting..."). Allocated. */
char *session_argv0(const char *path);
/* Memory it takes (its arena). */
uint64_t session_program_bytes(const struct session_program *p);
/* One stage of the front end rendered into out (warpstep dump-*): returns
 * what front_dump does (0: no errors). SESSION_DUMP_RUN_IR: the module as
 * session_compile with o leaves it (inlined when o->inline_calls, then
 * optimised unless o->no_opt), which is what the engine decodes; on errors
 * the diagnostics. */
enum session_dump { SESSION_DUMP_PP_HOST, SESSION_DUMP_PP_DEVICE, SESSION_DUMP_AST, SESSION_DUMP_IR,
		    SESSION_DUMP_DIAGS, SESSION_DUMP_RUN_IR };
int session_dump(const char *path, enum session_dump stage, const struct session_compile_opts *o,
		 struct strbuf *out);
/* The PTX of p's device code for sm_<arch> (0: sm_90) into out (warpstep
 * ptx, docs/gpu.md): 0, or -1 with the reason ("FILE:LINE:COL: what is not
 * lowered") in err. */
int session_ptx(const struct session_program *p, int arch, struct strbuf *out, struct strbuf *err);
/* The same with the trace probes (trace --gpu; ptx --probes). */
int session_ptx_probes(const struct session_program *p, int arch, struct strbuf *out, struct strbuf *err);
/* The same with the live gates (debug --gpu --live; ptx --live). */
int session_ptx_live(const struct session_program *p, int arch, struct strbuf *out, struct strbuf *err);

/*
 * run --gpu (docs/gpu.md): load libcuda, lower mod's device code to PTX
 * for the GPU found and load it. NULL with the reason in err when there is
 * no driver or GPU (*lowering 0) or when the program's PTX cannot be made
 * or loaded (*lowering 1). session_gpu_backend is what machine_opts.gpu
 * takes; the session_gpu must outlive the machine.
 */
struct session_gpu;
struct machine_gpu;
struct session_gpu *session_gpu_open(const struct ir_module *mod, struct strbuf *err, int *lowering);
const struct machine_gpu *session_gpu_backend(struct session_gpu *g);
const char *session_gpu_device(const struct session_gpu *g);
void session_gpu_close(struct session_gpu *g);
/*
 * run --compare (docs/gpu.md): session_gpu_compare, before the machine is
 * made, turns g into the comparing backend (each launch runs on the GPU into
 * memory of its own, then in the emulator from the same memory);
 * session_gpu_attach(g, m) installs on m the checker that records the
 * emulator's last store to each word and, at each launch's end, reports the
 * first difference of device memory and any difference of device printf as
 * a gpu-differs finding. session_gpu_compare_result: how many launches
 * differed (*launches: how many ran), and the printf diffs appended to diffs.
 */
struct machine;
void session_gpu_compare(struct session_gpu *g);
int session_gpu_attach(struct session_gpu *g, struct machine *m);
uint64_t session_gpu_compare_result(const struct session_gpu *g, uint64_t *launches, struct strbuf *diffs);
/*
 * trace --gpu (docs/gpu.md "Traces"): as session_gpu_open, with the trace
 * probes in the PTX (gpu.h GPU_PTX_TRACE); launch `launch` (1: the first) of
 * kernel `kernel` (NULL: of any kernel) records, for every warp at every
 * statement, the time, SM, warp slot, active mask and statement.
 * session_gpu_trace_write appends the trace file's text (version 1) to out;
 * -1 with the reason in err when that launch did not run or failed.
 */
struct session_gpu *session_gpu_open_trace(const struct ir_module *mod, const char *kernel, uint64_t launch,
					   struct strbuf *err, int *lowering);
int session_gpu_trace_write(const struct session_gpu *g, const char *program, struct strbuf *out,
			    struct strbuf *err);
/*
 * debug --gpu --live (docs/gpu.md "Live stepping"): as session_gpu_open,
 * with the live gates in the PTX (gpu.h GPU_PTX_LIVE). Launch `launch` (1:
 * the first) of kernel `kernel` (NULL: any) runs with the gates open when
 * every block of it fits on the GPU at once: while it runs, cb(ctx, lv,
 * kernel, grid, block) steps its warps (live_step ...) and returns; then
 * every gate is released and the run goes on as run --gpu's. A gate waits
 * at most timeout_s seconds (0: 60), then frees every warp.
 * session_gpu_live_result: 0 when the launch was stepped; -1 with why in err
 * when it did not run or was refused (not resident at once, a cluster
 * launch); -2 when it ran but stepping failed (why in err). *gave_up: a
 * gate timed out.
 */
struct live;
typedef void (*session_live_fn)(void *ctx, struct live *lv, const char *kernel, const uint32_t grid[3],
				const uint32_t block[3]);
struct session_gpu *session_gpu_open_live(const struct ir_module *mod, const char *kernel, uint64_t launch,
					  double timeout_s, session_live_fn cb, void *ctx, struct strbuf *err,
					  int *lowering);
int session_gpu_live_result(const struct session_gpu *g, int *gave_up, struct strbuf *err);
/*
 * litmus --gpu (docs/gpu.md): as session_gpu_open, with the litmus prologue
 * in the PTX (gpu.h GPU_PTX_LITMUS). In the first run of the program on it,
 * its first launch runs `runs` times (0: 100000) on the GPU, each from the
 * memory the emulator holds at the launch, with the blocks' roles shuffled
 * (seeded by seed), stress blocks beside the test's and the test's threads
 * meeting at a spin barrier first; the distinct final states of device
 * memory are kept with their counts. session_gpu_litmus_result: the runs
 * made, the stress blocks, the threads per block launched (more than the
 * test's: stress warps beside it), the distinct states; -1 with why in err.
 * session_gpu_litmus_inject(g, k) makes the next run of the program (a new
 * machine on the same backend) take final state k at its first launch
 * instead of running it, so that the program's output for that state can be
 * read; it returns the count of state k.
 */
struct session_gpu *session_gpu_open_litmus(const struct ir_module *mod, uint64_t runs, uint64_t seed,
					    struct strbuf *err, int *lowering);
int session_gpu_litmus_result(const struct session_gpu *g, uint64_t *ran, int *stress, unsigned *threads,
			      size_t *nstates, struct strbuf *err);
uint64_t session_gpu_litmus_inject(struct session_gpu *g, size_t k);

/*
 * Live stepping on the GPU (debug --gpu --live; docs/gpu.md "Live
 * stepping"): the host's side of the gates of gpu.h GPU_PTX_LIVE over the
 * live area (live_area_size bytes, mapped host memory; plain memory in the
 * tests). live_new zeroes it for nblocks blocks of `threads` threads, with
 * the gates' timeout; finished(ctx), when given, says the kernel has ended
 * (every warp then counts as finished). live_warp: what warp w (block *
 * warps per block + warp) last reported and its state (LIVE_AT: waiting at a
 * statement; LIVE_RUNNING: released, not at its next one yet; LIVE_DONE).
 * live_wait_all waits until every warp is at a statement or done (-1 and
 * every warp released after the watchdog's seconds of no progress).
 * live_step releases warp w for one statement and waits up to wait_s
 * seconds for it to reach the next: its state, or -1 with why in err (not
 * at a statement, finished, no such warp). live_until steps w until it is
 * at line `line` (at most max statements; a warp that makes no progress for
 * the watchdog's seconds releases every warp: -1). live_release frees every
 * gate for good (quit, errors). live_describe: one line for warp w, the
 * values named from mod's debug information.
 */
struct live;
enum live_state { LIVE_AT, LIVE_RUNNING, LIVE_DONE };
struct live_warp {
	int state;
	uint32_t block, warp;           /* linear block index, warp in block */
	uint32_t seq, stmt, line, mask, smid, warpid, exitmask, nvals;
	uint64_t vals[8];
};
struct ir_module;
size_t live_area_size(uint32_t nwarps);
struct live *live_new(void *area, uint32_t nblocks, uint32_t threads, uint64_t timeout_ns,
		      int (*finished)(void *ctx), void *ctx);
void live_free(struct live *lv);
uint32_t live_nwarps(const struct live *lv);
void live_set_watchdog(struct live *lv, double seconds);
int live_warp(struct live *lv, uint32_t w, struct live_warp *out);
int live_wait_all(struct live *lv, struct strbuf *err);
int live_step(struct live *lv, uint32_t w, double wait_s, struct strbuf *err);
int live_until(struct live *lv, uint32_t w, uint32_t line, uint64_t max, struct strbuf *err);
void live_release(struct live *lv);
int live_gave_up(const struct live *lv);
void live_describe(const struct ir_module *mod, const struct live_warp *o, uint32_t w, struct strbuf *out);

/*
 * A recorded real execution (trace --gpu; docs/gpu.md "Traces"), replayed:
 * session_trace_parse reads a trace file's text (version 1); NULL with the
 * reason (and the line) in err. session_trace_step is the replay mode of
 * stepping: until the traced launch runs, the host steps line by line to it
 * (the kernel's n-th launch, as recorded); then each call steps, one
 * statement (SESSION_STMT, the same stepper), the warp of the next record:
 * the warps in the order the hardware ran them. stop's text says the step,
 * the SM, the warp slot, the block and warp, the recorded mask and where the
 * emulator differs (its group's lanes, its line). Records of warps the
 * emulator has finished are passed over. Returns 0, -1 with msg (the
 * program ended first, the launch's shape differs), or 1 when the trace is
 * over (stepping goes on in the emulator's own order).
 * session_trace_text: the header and the next count records.
 */
struct session_trace;
struct session_trace *session_trace_parse(const char *text, size_t len, struct strbuf *err);
void session_trace_free(struct session_trace *t);
int session_trace_step(struct session *s, struct session_trace *t, struct session_stop *stop, struct strbuf *msg);
size_t session_trace_pos(const struct session_trace *t, size_t *n);
const char *session_trace_kernel(const struct session_trace *t);
void session_trace_text(const struct session_trace *t, size_t count, struct strbuf *out);
/*
 * Beside the emulator (docs/gpu.md "Beside the emulator"): the same launch
 * run by the emulator in its own order, compared with the hardware's at
 * the replay's current point.
 * session_trace_emulate runs the program in a session of its own (module
 * mod, sources sm, options mo: the front end gives it streams that swallow
 * the program's output; argv as session_start_main) to the end of the
 * traced launch, at most limit machine steps (0: 100 million), and keeps
 * every statement start of that launch (EV_STMT: the group's block, warp,
 * lanes, line and the SM the emulator placed the block on) with the values
 * of exprs (eval.h, at the group's lowest lane) there, at most 2^21 of
 * them (as the GPU's trace). Running it again replaces what it kept. -1 with msg: the program ends before the launch,
 * its shape is not the trace's, the limit.
 * session_trace_compare fills *rows (owned by t, valid until the next call
 * or session_trace_free) with one row per warp of either run, ordered as
 * the hardware first ran them (the others after, in the emulator's order),
 * and returns their number (0 before session_trace_emulate). A warp's
 * statements are matched by their number: the GPU's latest statement of a
 * warp (its n-th, n its records up to the current point) beside the
 * emulator's n-th statement of the same warp; the values beside each other
 * are the replay session's now (s: the hardware's order so far) and the
 * emulator's when that warp began its next statement.
 * session_trace_order_text writes two lines: the order in which the blocks
 * first ran on the GPU (with their SMs) and in the emulator.
 */
enum { SESSION_CMP_LINE = 1,  /* the warps are at different statements (or one has finished) */
       SESSION_CMP_LANES = 2, /* the same statement with other lanes (independent thread scheduling) */
       SESSION_CMP_ORDER = 4, /* its block ran in another place of the block order */
       SESSION_CMP_VALUE = 8  /* a watched value differs */ };
struct session_cmp_row {
	uint64_t block;           /* linear block index (x + X*(y + Y*z)) */
	uint32_t bidx[3];
	int warp;                 /* warp in the block */
	uint64_t n;               /* its statements on the GPU up to the current point */
	int gpu_line, emu_line;   /* 0: none (not started, or finished: emu_done) */
	int emu_done;             /* the emulator's warp has no n-th statement */
	uint32_t gpu_mask, emu_mask;
	uint32_t gpu_sm, gpu_slot, emu_sm; /* the SM and warp slot (%warpid) */
	int gpu_rank, emu_rank;   /* the order in which the warps first ran: 1 first, 0 never */
	int gpu_brank, emu_brank; /* the same for their blocks */
	const char *const *gpu_val, *const *emu_val; /* nexprs values each, NULL: none */
	unsigned differs;         /* SESSION_CMP_* */
};
int session_trace_emulate(struct session_trace *t, const struct ir_module *mod, const struct srcmgr *sm,
			  const struct machine_opts *mo, int argc, char **argv, const char *const *exprs,
			  int nexprs, uint64_t limit, struct strbuf *msg);
/* The expressions of the last session_trace_emulate (-1: none ran). */
int session_trace_exprs(const struct session_trace *t, const char *const **exprs);
size_t session_trace_compare(struct session *s, struct session_trace *t, const struct session_cmp_row **rows);
void session_trace_order_text(const struct session_trace *t, struct strbuf *out);

/* ---- lifecycle */
struct session *session_new(const struct ir_module *mod, const struct srcmgr *sm,
			    const struct machine_opts *mo, int reversible);
void session_free(struct session *s);
struct machine *session_machine(const struct session *s);
/* Free the machine now (before its module goes): what is left are the
 * breakpoints, for session_break_copy and session_free; nothing else may
 * be called. */
void session_release_machine(struct session *s);
const struct ir_module *session_module(const struct session *s);
const struct srcmgr *session_sources(const struct session *s);
/* Start main(argc, argv) stopped before its first instruction (argv is
 * copied; rebuilds start it again). -1: the program has no main. */
int session_start_main(struct session *s, int argc, char **argv);
/* New machine options: rebuild and run again, one step at a time, to the
 * same step count (the log restarts: nothing to reverse to). */
void session_set_opts(struct session *s, const struct machine_opts *mo);
const struct machine_opts *session_opts(const struct session *s);
void session_set_poll(struct session *s, int (*poll)(void *ctx, uint64_t steps, uint64_t total),
		      void *ctx);
/* Machine steps one command may run (0: no limit). */
void session_set_limit(struct session *s, uint64_t steps);
/* Stepping (not only continue) stops at breakpoints and new findings too
 * (the Lua API's m:step). Default off: a step ends where it ends. */
void session_set_step_stops(struct session *s, int on);
int session_observe(struct session *s, unsigned kinds, int always, machine_observer_fn fn, void *ctx);
/* Change what observer id (session_observe's result) gets. */
int session_observe_set(struct session *s, int id, unsigned kinds, int always);
/* Called before each machine is built (first and rebuilds) with the options
 * it gets: a front end redirects the program's output there. */
void session_set_build(struct session *s, void (*fn)(void *ctx, struct machine_opts *mo), void *ctx);
int session_replaying(const struct session *s);
/* Checkpoints (reversible sessions): copies of the machine (machine_clone)
 * taken `every` machine steps apart at least (0, the default: 100000, or
 * more for a machine with much state: one byte of it per 4 steps) while
 * commands run, together at most `bytes` (0: none, reverse execution
 * replays from the start; default 256 MiB: past it, every other one goes
 * and the interval doubles; a machine bigger than that is not copied).
 * Setting them drops those taken. */
void session_set_checkpoints(struct session *s, uint64_t bytes, uint64_t every);
size_t session_checkpoints(const struct session *s);

/* ---- stepping */
int session_step(struct session *s, enum session_step how, long count,
		 const struct session_focus *focus, struct session_stop *stop, struct strbuf *msg);
/* Commands that can be reversed (0 when not reversible). */
size_t session_marks(const struct session *s);

/* Run one scheduling choice by hand (machine_choices; group -1: a step of
 * that warp). 0, or -1 when it cannot run. */
int session_choose(struct session *s, const struct machine_choice *c);
/* The group that ran last (its warp, function and IR pc); -1 when none ran
 * since the last command began. */
int session_last_ran(const struct session *s, int *slot, int *warp, int *func, uint32_t *pc);
/* Machine steps so far. */
uint64_t session_steps(const struct session *s);

/* ---- breakpoints. Ids count from 1 and are never reused in a session. */
enum session_bp_kind { SBP_LINE, SBP_FUNC, SBP_FINDING, SBP_WATCH };
enum session_watch { SESSION_WATCH_WRITE, SESSION_WATCH_READ, SESSION_WATCH_ACCESS };
struct session_bp {
	int id;
	enum session_bp_kind kind;
	uint32_t file;         /* SBP_LINE, SBP_FUNC: where it stops */
	int line;
	const char *func;      /* SBP_FUNC: the name given */
	const char *cond;      /* per-lane condition (eval.h), NULL: none; SBP_FINDING: the kind (NULL: any) */
	int enabled, temporary;
	uint64_t hits;
	uint64_t addr;         /* SBP_WATCH: the generic address watched */
	uint32_t size;         /* its bytes (1..8) */
	int watch;             /* enum session_watch */
	int slot;              /* a shared or local address: the block slot it names, else -1 */
	uint64_t ignore;       /* gdb's ignore count: hits left to pass (session_break_ignore) */
	int warp, lane;        /* SBP_WATCH on local memory: the one lane whose accesses count, else -1 */
	uint8_t type;          /* SBP_WATCH: enum ir_type of the value (formats old/new), IR_VOID: integer */
	int scope_depth;       /* SBP_WATCH on one lane's local memory: the call depth of the frame
				* that holds it (it is deleted when that frame returns), else -1 */
	int disp_disable;      /* gdb's `enable once|count`: disabled when enable_count hits run out */
	uint64_t enable_count; /* hits left before that (session_break_enable_count) */
};
/* A breakpoint on every statement of file:line (file 0: the main file,
 * the one named by session_set_main_file). Returns its id, or -1 with a
 * message (no code there). */
int session_break_line(struct session *s, uint32_t file, int line, const char *cond, int temporary,
		       struct strbuf *msg);
/* At the first statement of function name (source or mangled name). */
int session_break_func(struct session *s, const char *name, const char *cond, int temporary,
		       struct strbuf *msg);
/* continue stops at new findings whose kind contains kind (NULL: any).
 * Without any such breakpoint continue stops at every new finding. */
int session_break_finding(struct session *s, const char *kind, struct strbuf *msg);
/* A breakpoint on every line of the main file with a barrier
 * (__syncthreads, a cuda::barrier arrive/wait, grid sync; calls into the
 * built-in headers' barrier methods included) that has none yet: the first
 * id (the others follow it), 0 when every such line had one, -1 when there
 * is none; msg says which ids on which lines. */
int session_break_barriers(struct session *s, struct strbuf *msg);
/* A watchpoint on size bytes (1..8) at generic address addr (for the shared
 * and local windows, as block slot `slot` sees them; else slot -1): continue
 * stops after a warp access that writes a new value there (WRITE: a store
 * of the same value does not stop), reads it (READ) or either (ACCESS).
 * what names it in the stop's text ("x", "buf[3]"). Returns its id (shared
 * with breakpoints), or -1 with a message. */
int session_watch(struct session *s, uint64_t addr, uint32_t size, enum session_watch kind, int slot,
		  const char *what, struct strbuf *msg);
/* Delete one (id) or all (0). -1 when there is no such breakpoint. */
int session_break_delete(struct session *s, int id);
int session_break_enable(struct session *s, int id, int on);
/* gdb's `enable once N` (count 1) and `enable count COUNT N`: enable it,
 * and disable it again after count more stops ("dis" in info breakpoints).
 * gdb's `enable delete N`: enable it and delete it at its next stop (as a
 * tbreak). -1: no such breakpoint. */
int session_break_enable_count(struct session *s, int id, uint64_t count);
int session_break_enable_delete(struct session *s, int id);
/* The id of the line breakpoint at file:line, or -1. */
int session_break_find(const struct session *s, uint32_t file, int line);
size_t session_break_count(const struct session *s);
/* The i-th breakpoint (in the order set); pointers valid until the next change. */
const struct session_bp *session_break_get(const struct session *s, size_t i);
/* Keep only the breakpoints whose lines still have code (after a reload). */
void session_break_prune(struct session *s);
/* Copy from's breakpoints (ids included; those in from's main file move to
 * to's), keeping those whose lines have code in to's program: a reload. */
void session_break_copy(struct session *to, const struct session *from);
/* The file plain line numbers name (srcmgr id; default 1). */
void session_set_main_file(struct session *s, uint32_t file);
/* Is there code on line of the main file? */
int session_line_has_code(const struct session *s, int line);

/* ---- the memory-access log: the last device warp access to each space */
enum session_space { SESSION_SHARED, SESSION_GLOBAL, SESSION_CONST, SESSION_NSPACES };
struct session_access {
	int slot, warp, func, write;
	uint32_t pc, mask, size;  /* size: bytes per lane */
	uint64_t addr[32];        /* each lane's generic address (0 outside mask) */
	uint64_t seq;             /* order among the kept accesses (later: larger) */
	int line;                 /* its line (session_line) */
	int degree;               /* shared: bank-conflict degree (1: none, n: n-way) */
	uint32_t banks;           /* shared: the banks touched (bit per bank) */
	int sectors;              /* global, constant: distinct 32-byte sectors */
	char note[96];            /* shared: "lanes 0 and 16 hit bank 0 at different words" */
};
/* The last access to space since the machine was (re)built, or NULL. The
 * views (degree, banks, sectors, note) are computed on the first query. */
const struct session_access *session_access_last(struct session *s, enum session_space sp);

/* ---- summaries: a warp's groups and lanes, a block's barrier */
#define SESSION_MAX_GROUPS 32
struct session_group {
	uint32_t mask;
	int func, depth, state;   /* state: enum machine_lane_state */
	uint32_t pc;
	int line, reconv_line;    /* line: the main file's line it is at (inside a
				   * built-in header: the call's line up the stack);
				   * reconv_line: where it reconverges, 0: unknown */
	uint32_t wait_mask;
	int wait;                 /* enum session_wait_kind: what it waits at */
	const char *wait_what;    /* "__syncthreads", "cuda::barrier wait", "__shfl_down_sync" ... or NULL */
	int wait_bar;             /* SESSION_WAIT_CUBARRIER: its session_cubarrier index, else -1 */
	uint64_t wait_phase;      /* cuda::barrier: the phase its token names; grid: the generation */
};
struct session_warp {
	uint32_t exists, live, exited;
	int ngroups;
	struct session_group g[SESSION_MAX_GROUPS];
	int current;              /* the group that runs next: the one that ran last
				   * if it is still ready, else the first ready one; -1 */
	int last;                 /* the group that ran last (machine_warp_info.current) */
	uint8_t state[32];        /* per lane: enum machine_lane_state (LS_NONE: no thread) */
	int line[32];             /* per lane: its group's line (0: none) */
	const char *note;         /* "exited", "at __syncthreads", "at cuda::barrier wait",
				   * "at grid sync", "waits: warp collective", "diverged", or NULL */
	int tile;                 /* cooperative-groups tile size (0: none) */
};
/* slot -1, warp 0: the host thread. -1 when there is no such warp. */
int session_warp(const struct session *s, int slot, int warp, struct session_warp *w);
struct session_barrier {
	uint32_t block[3];
	uint32_t arrived, expected, generation; /* as machine_block_info */
	uint32_t live;            /* threads not exited: those a __syncthreads waits for */
	int nwarps;
	uint32_t at_bar[32];      /* per warp: lanes waiting at __syncthreads (only) */
	uint32_t at_sync[32];     /* per warp: lanes waiting at a warp collective */
	uint32_t at_cg[32];       /* per warp: lanes waiting at a cuda::barrier or grid sync */
	uint32_t exists[32], exited[32]; /* per warp: lanes with a thread, lanes exited */
};
/* The __syncthreads barrier of the block in slot; -1 when the slot is empty. */
int session_barrier(const struct session *s, int slot, struct session_barrier *b);

/* ---- what a group waits at, and the cuda::barrier objects (the sync pane).
 * Kinds: X(NAME, what the interface calls it). The engine has no named
 * barriers (bar.sync N): __syncthreads is barrier 0, the only one. */
#define SESSION_WAIT_LIST(X) \
	X(NONE, "-") \
	X(SYNCTHREADS, "__syncthreads") \
	X(CUBARRIER, "cuda::barrier") \
	X(GRID, "grid sync") \
	X(COLLECTIVE, "warp collective") \
	X(PIPELINE, "cuda::pipeline")
enum session_wait_kind {
#define X(n, t) SESSION_WAIT_##n,
	SESSION_WAIT_LIST(X)
#undef X
	SESSION_WAIT_COUNT
};
const char *session_wait_name(int kind);
/* What lane waits at, as one phrase for a status line: "__syncthreads
 * (line 15)", "cuda::barrier bar, phase 0 (line 19)", "__shfl_down_sync
 * (line 17)"; "" when it does not wait. */
void session_wait_text(const struct session *s, int slot, int warp, int lane, char *buf, size_t n);

#define SESSION_MAX_WAITERS 16
struct session_waiter {
	int slot, warp;
	uint32_t lanes;           /* the lanes blocked */
	uint64_t phase;           /* the phase (grid: generation) they wait to see completed */
	int line;                 /* the line of their wait */
};
struct session_cubar {
	int kind;                 /* SESSION_WAIT_CUBARRIER, or SESSION_WAIT_GRID (this_grid().sync()) */
	int slot;                 /* resident slot of its block; -1: global memory, or the grid */
	uint32_t block[3];
	uint64_t addr;            /* generic address of the object (0: the grid barrier) */
	const char *name;         /* its variable's name ("bar"), or NULL */
	uint64_t expected;        /* arrivals that complete a phase (after arrive_and_drop);
				   * grid: live threads of the grid */
	uint64_t pending;         /* arrivals still missing in the current phase */
	uint64_t phase;           /* phases completed (grid: generations) */
	int nwaiters;             /* groups blocked (w[] holds the first SESSION_MAX_WAITERS) */
	struct session_waiter w[SESSION_MAX_WAITERS];
};
/* cuda::barrier objects of resident blocks (and in global memory), then the
 * grid barrier of a cooperative launch: how many, and the i-th (-1: none). */
int session_cubarrier_count(const struct session *s);
int session_cubarrier(const struct session *s, int i, struct session_cubar *out);

/* ---- asynchronous copies in flight and cuda::pipeline stages (the sync
 * pane, `info cuda async`, the Lua query "async"). Copies are grouped by
 * block, source line, what they complete on, and batch (or stage use). */
struct session_pipe {
	struct machine_pipe_info info;
	const char *name;         /* the shared state's variable ("shared_state"), or NULL */
};
int session_pipeline_count(const struct session *s);
int session_pipeline(const struct session *s, int i, struct session_pipe *out);
const char *session_stage_name(int state); /* enum machine_stage_state: "free", "acquired" ... */
/* "stage 0: committed (use 3; acquired 64, committed 64/64, released 0/64, 64 in flight)" */
void session_pipeline_stage_text(const struct session_pipe *p, int k, char *buf, size_t n);
struct session_acopy_group {
	int slot;
	uint32_t block[3];
	int line, kind;           /* kind: enum machine_acopy_kind */
	uint64_t sync, batch;
	int committed, landed, ncopies;
	uint64_t bytes, dst_lo, dst_hi;
	uint32_t tid_lo, tid_hi;
};
/* The groups (at most max into out); returns how many there are. */
int session_acopy_groups(const struct session *s, struct session_acopy_group *out, int max);
/* "line 13 memcpy_async: 32 copies, 256 bytes to 0x..0x.. by threads 0..31, batch 0: ..." */
void session_acopy_group_text(const struct session_acopy_group *g, char *buf, size_t n);
/* Every pipeline and copy group, one per line ("no asynchronous copy in flight"). */
void session_async_text(const struct session *s, struct strbuf *out);

/* ---- the last warp collective (shuffle, vote, match, reduce): who took
 * part, what each lane gave, where it read from, what each lane got. A
 * recorder is an observer of the session (EV_INSN: it sees instructions
 * while stepping, not during continue, so the interpreter's fast path is
 * untouched); the caller frees it after the session. Reset it when the
 * session rebuilds its machine (session_set_build). */
struct session_coll {
	int slot, warp, func;
	uint32_t pc;
	int line;                 /* its line (the call's, for a built-in header's) */
	int op, sub;              /* IR_SHFL, IR_VOTE, IR_MATCH, IR_REDUX and its sub */
	const char *what;         /* "__shfl_down_sync" ... */
	uint8_t type;             /* IR type of the result */
	uint32_t part;            /* lanes that took part (ran it) */
	uint32_t got;             /* lanes whose result is known (past it) */
	int width;                /* shuffle: segment width (1..32) */
	int delta;                /* shuffle: b of the first lane (srcLane, delta or laneMask) */
	int8_t src[32];           /* shuffle: the lane each lane read (-1: none) */
	uint64_t arg[32];         /* what each lane gave (the value, the predicate) */
	uint64_t result[32];      /* what each lane got */
};
struct session_collrec;
struct session_collrec *session_collectives_watch(struct session *s);
void session_collectives_reset(struct session_collrec *r);
void session_collectives_free(struct session_collrec *r);
/* The last collective, while its warp has not yet run another line; NULL
 * when there is none. Results are read as lanes move past it. */
const struct session_coll *session_collective_last(struct session_collrec *r);

/* ---- positions and values */
struct eval_ctx;
struct eval_val;
/* The evaluation context (eval.h) of one lane (slot -1: the host thread). */
void session_eval_ctx(const struct session *s, int slot, int warp, int lane, struct eval_ctx *c);
/* The line a student reads instruction pc of func at: its statement's first
 * line (a call spread over lines is one line); 0 outside the main file. */
int session_line(const struct session *s, int func, uint32_t pc);

/* ---- gdb's vocabulary (issue 16): frames, conditions and ignore counts,
 * one lane's watchpoints, until, restart, convenience variables. Both front
 * ends (tui/backend_engine.c, scripts/host_engine.c) use these. */
struct session_frame {
	int func;              /* module function index */
	uint32_t pc;           /* IR index; a caller's frame: its call instruction */
	int line;              /* session_line of pc (0: outside the main file) */
	const char *name;      /* the function's source name */
};
/* The call stack of one lane, innermost first (frame 0: where it stands;
 * frame i + 1 called frame i); at most max frames are filled. Returns the
 * number of frames, 0 when the lane has none (exited, no such thread). */
int session_frames(const struct session *s, int slot, int warp, int lane,
		   struct session_frame *out, int max);
/* The variables in scope in frame up of a lane, in declaration order (an
 * inner declaration hides an outer one of the same name): which = 1 the
 * parameters, 2 the locals, 3 both; __shared__ variables are not listed.
 * Returns how many (at most max). */
int session_frame_vars(const struct session *s, int slot, int warp, int lane, int up, int which,
		       const struct ir_var **out, int max);
/* session_eval_ctx in frame up of the lane (gdb's `frame N`, `up`). */
void session_eval_ctx_frame(const struct session *s, int slot, int warp, int lane, int up,
			    struct eval_ctx *c);
/* A breakpoint's condition (NULL or "": none, gdb's `condition N`); the
 * condition is checked to parse later, per lane, as break's is. -1: no such
 * breakpoint, or a watchpoint or finding breakpoint. */
int session_break_condition(struct session *s, int id, const char *cond);
/* gdb's `ignore N COUNT`: the next count hits (condition true) pass without
 * stopping; they still count in hits. -1: no such breakpoint. */
int session_break_ignore(struct session *s, int id, uint64_t count);
/* session_watch, for one lane's accesses only when warp and lane are >= 0
 * (local memory: every lane has its own copy at the same address); type
 * (enum ir_type, IR_VOID: an integer) formats the old and new values in the
 * stop's text. */
int session_watch_lane(struct session *s, uint64_t addr, uint32_t size, uint8_t type,
		       enum session_watch kind, int slot, int warp, int lane, const char *what,
		       struct strbuf *msg);
/* gdb's `until LOCATION` and `advance LOCATION`: continue until a thread
 * reaches file:line (file 0: the main file) or function func (when not
 * NULL; with until set, gdb's `until`: only where the reaching thread's
 * call depth is the focused thread's or less, not in a callee), or the
 * focused thread's current frame returns (then it stops in
 * the caller, just past the call: "Run till exit"), or anything else stops
 * the run. The run cut short by the return is logged with the machine
 * step it ended at, so undo and reverse execution replay it exactly. In a
 * kernel's outermost frame (or main's) a return ends the thread: no stop
 * for that. -1 with a message (no code there, nothing runs). One
 * reversible command. */
int session_advance(struct session *s, const struct session_focus *focus, uint32_t file, int line,
		    const char *func, int until, struct session_stop *stop, struct strbuf *msg);
/* gdb's `until` without an argument: `next`, over and over, until the
 * focused thread reaches a line greater than the one it started on in the
 * same frame (a loop's back edge does not stop it), or its frame returns,
 * or anything else stops it (a breakpoint, the end). One reversible command. */
int session_until(struct session *s, const struct session_focus *focus, struct session_stop *stop,
		  struct strbuf *msg);
/* Start the program again from before main() (gdb's `run` on a live
 * program, `kill`): a fresh machine; breakpoints and watchpoints stay,
 * nothing is left to reverse to. -1 when the session runs no main(). */
int session_restart(struct session *s);
/* ---- gdb's value history and assignments (the rule: docs/debugging.md).
 * session_print evaluates expr for a lane in frame up (eval.h), appends the
 * value to the session's value history ($1, $2, ...; a snapshot: an array's
 * elements are copied, later changes of the program do not change it) and
 * writes "$N = TEXT" in print format fmt (0: natural) to out; -1 with the
 * message in out. An assignment `LHS = RHS` (gdb's `print x = 5`) assigns
 * first, as session_assign, and records the value assigned.
 * session_assign is gdb's `set var LHS = RHS`: LHS is a variable of the
 * lane (a register or local memory: that lane's only), an element or *ptr
 * in shared memory (the lane's block) or global memory; RHS is converted to
 * LHS's type as C converts it. The write is a step of the session's log: it
 * is one command for undo, a replay re-applies it, and reverse execution
 * goes back to before it. *v (may be NULL) gets the value LHS holds after.
 * -1 with a message (not an lvalue, no memory there, the program is not
 * running). Every expression of the session (conditions, display,
 * print) sees the history through session_eval_ctx. */
int session_print(struct session *s, int slot, int warp, int lane, int up, const char *expr, char fmt,
		  struct strbuf *out);
int session_assign(struct session *s, int slot, int warp, int lane, int up, const char *expr,
		   struct eval_val *v, struct strbuf *msg);
size_t session_history_count(const struct session *s);
/* Set convenience variable $name (without '$'; letters, digits, '_') to v;
 * expressions in this session (eval_ctx.conv) see it. -1: a bad name or
 * one of the built-in names ($lane, $warp, $tid, $block, $threadIdx ...). */
int session_conv_set(struct session *s, const char *name, const struct eval_val *v);

/* ---- the last texture fetch (`info cuda textures`, Lua): which texels
 * each lane read, with the filter's weights. session_tex_last: 0, or -1
 * when the program made no fetch yet. session_tex_text writes it as text
 * (all lanes, or only lane when lane >= 0); -1 (and says so) when none. */
int session_tex_last(const struct session *s, struct machine_tex_probe *out);
int session_tex_text(const struct session *s, int lane, struct strbuf *out);

#endif
