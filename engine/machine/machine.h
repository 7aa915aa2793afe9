/*
 * machine.h - the emulated GPU and host: the engine's public API.
 *
 * The one header through which the CLI (tui/main.c), the interface
 * (tui/backend_engine.c), the Lua binding (scripts/host_engine.c) and the
 * tests run and inspect programs. docs/engine.md explains the design.
 *
 * Contract:
 * - machine_new takes a compiled module (which must outlive the machine)
 *   and options; it never fails for a valid module. machine_free releases
 *   everything the machine owns.
 * - machine_run_main runs host main() to completion with argv, running
 *   kernels on the emulated GPU, writing the program's stdout/stderr to the
 *   FILEs in opts (default stdout/stderr). It returns the program's exit
 *   status (main's return value, exit()'s argument, 134 after a host assert
 *   abort ...). Runtime findings are kept in the machine.
 * - Deterministic: same module, arguments, options and seed, the same
 *   execution, step for step.
 * - The whole program runs in one state machine. Host main() is a one-lane
 *   "warp" interpreted like device code. A kernel launch is queued on its
 *   stream; at a synchronization point the host thread parks and the machine
 *   runs the queued grids, then the host resumes. So machine_step() advances
 *   the host and the device alike, one instruction of one convergence group
 *   at a time.
 * - Device state is addressed by resident block slot (0..nresident-1) and
 *   warp index in the block; slot -1, warp 0 is the host thread. Positions
 *   (pc) are instruction indices of an IR function (ir.h).
 * - Generic addresses carry a tag in bits 40..47: 0x10 host heap and host
 *   objects, 0x11 host thread stack (main's locals), 0x70 global (cudaMalloc,
 *   __device__, __managed__, string literals), 0x71 constant, 0x72 shared
 *   window (offset in the executing block's shared memory), 0x73 local
 *   window (offset in the executing lane's stack), 0x74 param (the running
 *   kernel's arguments), 0x75 code (function addresses). Null and unmapped
 *   addresses fault.
 * - Findings are data: kind (the names of docs/findings.md), span, threads.
 *   A finding pointer is valid until the machine runs again.
 * - Debuggers step through the session (session/session.h): statement and
 *   line steps, breakpoints and reverse execution are implemented there,
 *   once, over the primitives below.
 * - Unless a declaration says otherwise, a query returns 0 and fills its
 *   out-parameter, or -1 when what it names does not exist; queries take a
 *   const machine and change nothing. Nothing here prints except to a FILE*
 *   it is given, and nothing calls exit().
 *
 * Sections (each says which file implements it):
 *   options, lifecycle, findings ..... machine.c, findings.c
 *   stepping, kernels without a host, breakpoints, state queries, manual
 *     scheduling, access views, observers ... machine.c
 *   debugger queries .................. inspect.c, inspect_lua.c
 *   memory models ..................... memmodel.c (docs/memory-model.md)
 *   exploration ....................... explore.c
 *   cooperative groups ................ cg.c
 */
#ifndef WS_MACHINE_H
#define WS_MACHINE_H

#include <signal.h>
#include <stdio.h>
#include <stdint.h>
#include "ir.h"
#include "device.h"

/* The generic address tags of the contract above: bits 40..47 of an address. */
#define MACHINE_TAG_SHIFT 40
#define MACHINE_TAG_HOST 0x10u   /* host heap and host objects */
#define MACHINE_TAG_HSTACK 0x11u /* host thread stack */
#define MACHINE_TAG_GLOBAL 0x70u
#define MACHINE_TAG_CONST 0x71u
#define MACHINE_TAG_SHARED 0x72u /* offset in the executing block's shared memory */
#define MACHINE_TAG_LOCAL 0x73u  /* offset in the executing lane's stack */
#define MACHINE_TAG_PARAM 0x74u
#define MACHINE_TAG_CODE 0x75u

enum simt_policy { SIMT_STACK, SIMT_ITS };
enum sched_policy { SCHED_RR, SCHED_RANDOM };

/*
 * Which files a program may open, remove or rename (fopen, tmpfile ...), for
 * hosts that run programs for code written by others (the Lua layer).
 * may_open gets the path as the program wrote it and whether it would be
 * written; it returns 0 to allow, or -1 with *why set (a static string) to
 * refuse: the call then fails as if the file could not be opened, and a line
 * on the program's stderr says why.
 */
struct machine_file_policy {
	int (*may_open)(void *ctx, const char *path, int write, const char **why);
	void *ctx;
};

struct machine;
struct machine_gpu;
struct machine_opts {
	enum simt_policy simt;
	enum sched_policy sched;
	uint64_t seed;
	int fast;             /* checkers off (those check/checkers.def marks always run) */
	const char *checks;   /* NULL: every checker; else the names of those to run ("spin,sync") */
	uint64_t max_steps;   /* 0: no limit */
	const struct device_profile *device; /* the GPU emulated (device.h); NULL: the H100 */
	int num_sms;          /* 0: the device profile's SM count */
	int max_blocks_per_sm; /* 0: the device profile's */
	FILE *out, *err;      /* the program's stdout and stderr; NULL = stdout/stderr */
	FILE *in;             /* the program's stdin; NULL: always at end of file */
	const struct machine_file_policy *files; /* NULL: any file, as a native program */
	int debugger;         /* a debugger is attached: __brkpt() is an EV_BRKPT event, not a trap */
	int cuda_version;     /* whose codes and cudaDeviceProp: 13 (default, 0 means 13) or 12 */
	int model;            /* enum machine_model: MODEL_SC (default) or MODEL_RELAXED */
	const char *schedule; /* a witness to replay ("relaxed:0.2.1"), NULL: none */
	int shared_sc;        /* under MODEL_RELAXED, shared memory stays sequentially consistent */
	int both_ways;        /* explore: no deduplication; then every candidate execution the
			       * axioms allow must have been reached (machine_explore.both_*) */
	/* A caller's budget (the Lua sandbox's): machine_run calls interrupt with
	 * the steps run since the last call, every few thousand steps, and stops
	 * early (status still MST_RUNNING) when it returns nonzero. NULL: none. */
	int (*interrupt)(void *ctx, uint64_t steps);
	void *interrupt_ctx;
	uint64_t max_memory;  /* bytes the program may allocate (host heap + device); 0: the emulator's own caps */
	/* when *sigint becomes nonzero (a SIGINT handler sets it), the run stops
	 * with an "interrupted" finding that says where every warp was, status 130 */
	const volatile sig_atomic_t *sigint;
	/* A real GPU behind the runtime (run --gpu, docs/gpu.md); NULL: the
	 * emulator runs the kernels. Must outlive the machine. */
	const struct machine_gpu *gpu;
	/* run the host thread in the general interpreter loop only, without the
	 * host engine (hostvm.c); machine_opts_init sets it when the environment
	 * has WS_NO_HOSTVM=1. Results and step counts are the same either way. */
	int no_hostvm;
	/* the host engine without superinstructions (hostvm.c: fused sequences,
	 * pairs, divisions by constants); machine_opts_init sets it when the
	 * environment has WS_NO_SUPER=1 (which also turns off the device fast
	 * path's, interp.c). Results and step counts are the same either way. */
	int no_super;
	/* visit every warp of a kernel that only returns one scheduling call at
	 * a time, started when its block is admitted, as any other kernel's
	 * (machine.c sched_quick off), and every kernel's warps one visit per
	 * scheduling call, started at admission (sched_device_step's batches
	 * and lazy visits off); machine_opts_init sets it when the
	 * environment has WS_NO_QUICK=1. Results and step counts are the same
	 * either way. */
	int no_quick;
	/* in a chain of visits (above), the fast path does not go on from a
	 * warp that stopped at a barrier to the next warp of its block itself
	 * (interp.c fast_run, machine.c sched_hop): every visit returns to the
	 * scheduler; machine_opts_init sets it when the environment has
	 * WS_NO_HOP=1. Results and step counts are the same either way. */
	int no_hop;
	/* in a chain of visits, the fast path does not go on from a warp
	 * that left the kernel (a plain RET: interp.c ret_quick's) to the next
	 * warp of its block itself (interp.c ret_hop): every such visit
	 * returns to the scheduler; machine_opts_init sets it when the
	 * environment has WS_NO_EXITHOP=1. Results and step counts are the
	 * same either way. */
	int no_exit_hop;
	/* in a chain of visits, the fast path does not go on from a group
	 * that reached its reconvergence point to the next warp of its block
	 * itself (interp.c pair_hop), nor does chain_other's visit of a split
	 * warp's group begin a chain: every such visit returns to the
	 * scheduler; machine_opts_init sets it when the environment has
	 * WS_NO_PAIRHOP=1. Results and step counts are the same either way. */
	int no_pair_hop;
	/* nor does the visit of a split warp's group that chain_other finds
	 * past a block's warps waiting at its barrier (pair_pick_past's)
	 * begin a chain, nor does the fast path go on to such a visit in
	 * another block itself (interp.c pair_hop); machine_opts_init sets it
	 * when the environment has WS_NO_PASTHOP=1 (or WS_NO_PAIRHOP=1).
	 * Results and step counts are the same either way. */
	int no_past_hop;
	/* fast_run begins every visit its barrier hops reach, never runs a
	 * visit whose compare with a constant takes no lane and skips to a
	 * plain __syncthreads() in the hop itself (interp.c bar_sweep);
	 * machine_opts_init sets it when the environment has
	 * WS_NO_BARSWEEP=1. Results and step counts are the same either way. */
	int no_bar_sweep;
	/* sched_quick runs each lazily admitted block of a kernel that only
	 * returns one warp at a time, never a whole block in one step
	 * (machine.c block_quick_whole); machine_opts_init sets it when the
	 * environment has WS_NO_QBLOCK=1. Results and step counts are the
	 * same either way. */
	int no_qblock;
	/* the fast path splits a warp at an `if` without `else` whose body
	 * is a short region (decode.c split1_marks) as every split, with a
	 * token and a second group, not as interp.c split1; machine_opts_init
	 * sets it when the environment has WS_NO_SPLIT1=1. Results, step
	 * counts and what every stop shows are the same either way. */
	int no_split1;
	/* split1 only where no checker listens but the always-on ones
	 * (--fast), as before the twenty-third session; machine_opts_init
	 * sets it when the environment has WS_NO_SPLIT1CHK=1. Results, step
	 * counts, findings and what every stop shows are the same either way. */
	int no_split1chk;
	/* nothing but the program's own output, exit status and findings will
	 * look at this machine: no session, debugger, clone, hook or script
	 * (warpstep run and check set it). Its kernels' warps may then share
	 * their frames (machine.c stash_ok) where no register is read before
	 * it is written. Results and step counts are the same either way. */
	int unobserved;
	/* run's kernels (a module from ir_optimize_run) run as compiled, not
	 * as copies specialised on each launch's block and grid shape
	 * (machine.c spec_of); machine_opts_init sets it when the environment
	 * has WS_NO_SPECIALIZE=1. Results are the same either way; run's
	 * steps are those of the code that ran. */
	int no_spec;
	/* the host engine without its counters (hostvm.c hv_fuse_inc: a load,
	 * an ADD or SUB of what it loaded and the store of the result to the
	 * same address as one instruction); machine_opts_init sets it when the
	 * environment has WS_NO_HOSTINC=1. Results and step counts are the
	 * same either way. */
	int no_hostinc;
	/* the host engine without its stores read back (hostvm.c hv_fuse_sl:
	 * `p[i] = v; ... p[i]` as one instruction that loads the bytes it has
	 * just stored); machine_opts_init sets it when the environment has
	 * WS_NO_HOSTFWD=1. Results and step counts are the same either way. */
	int no_hostfwd;
};

void machine_opts_init(struct machine_opts *o);

/*
 * ---- a real GPU behind the runtime (runtime.c; docs/gpu.md)
 *
 * With o.gpu set, the host program still runs in the emulator, and so do
 * the runtime's copies and memsets, on the emulator's copy of device
 * memory; but device allocations take the GPU's own addresses (so pointers
 * mean the same on both sides), and each kernel launch is handed to the
 * backend, which runs it to completion on the GPU: it brings the GPU's copy
 * of every device allocation up to date (machine_device_memory), launches,
 * synchronizes and copies device memory back. Launches are therefore
 * synchronous; the time the kernel took on the GPU advances the emulated
 * clock (cudaEventElapsedTime). The emulator's checkers see no device code.
 */
struct machine_gpu_launch {
	int func;                    /* the kernel's function index */
	uint32_t grid[3], block[3];
	uint64_t shmem, stream;
	const uint8_t *param;        /* the arguments, laid out as ir.h's param_size/param_align say */
	uint32_t param_size;
	int cooperative;             /* cudaLaunchCooperativeKernel */
	uint64_t heap_limit, printf_limit, stack_limit; /* cudaDeviceSetLimit's values (0: default) */
	uint32_t cluster[3];         /* a cluster launch's cluster shape (__cluster_dims__ or the attribute); 0: none */
};
struct machine_gpu {
	void *ctx;
	/* device memory of size bytes at the GPU's address *addr (managed:
	 * cudaMallocManaged); a cudaError_t */
	int (*alloc)(void *ctx, uint64_t size, int managed, uint64_t *addr);
	int (*free)(void *ctx, uint64_t addr);
	/* run launch l of machine m to completion; a cudaError_t; *ns: the
	 * kernel's time on the GPU */
	int (*launch)(void *ctx, struct machine *m, const struct machine_gpu_launch *l, uint64_t *ns);
	/* run --compare: the backend runs each launch on the GPU into memory of
	 * its own (its result is not the emulator's: launch returns 0 and sets
	 * no time), then the emulator runs the same launch from the same memory;
	 * the backend compares the two at the grid's end (CEV_GRID_END of a
	 * checker it installs). 0: the GPU's memory is the program's. */
	int compare;
};
/* One block of device memory as the emulator holds it: a device
 * allocation (obj -1: its address is the GPU's too) or a module object
 * (__device__, __constant__, __managed__: obj is its index; the GPU's copy
 * is the PTX module's variable). */
struct machine_devmem {
	uint64_t addr, size;
	uint8_t *data;               /* the emulator's copy, size bytes */
	int32_t obj;
};
/* Every live device allocation and device module object, in no particular
 * order; the array is the caller's to free (*n entries). */
struct machine_devmem *machine_device_memory(struct machine *m, size_t *n);
/* The CUDA arrays and texture and surface objects of the runtime
 * (texture.c), for a GPU backend that makes the GPU's own. An array's
 * texels are data (bytes of them, rows of w * elem bytes: x, then y, then
 * depth or layer), the emulator's copy, valid until the machine runs on. */
struct machine_tex_array {
	int live;
	uint64_t addr;                  /* the emulator's device address of the texels */
	uint8_t *data;
	uint64_t bytes;
	uint64_t w, h, d;               /* as created (0: absent) */
	unsigned flags;                 /* cudaArrayLayered, ...SurfaceLoadStore, ...Cubemap, ...TextureGather */
	int bits, nchan, kind;          /* a channel's bits, channels, cudaChannelFormatKind */
	uint32_t elem;                  /* bytes of one texel */
	int mipmap, level, nlevels;     /* the mipmapped array it is a level of (-1: none) */
};
struct machine_tex_object {
	int kind;                       /* 0 none (destroyed), 1 texture, 2 surface */
	int restype;                    /* cudaResourceType */
	int64_t array, mipmap;          /* array index (level 0 of a mipmap), mipmapped array; -1 */
	int bits, nchan, chkind;        /* the channel format */
	uint64_t ptr, w, h, pitch;      /* linear (w texels, pitch: its bytes) and pitch-2D resources */
	int addr[3], filter, readmode, srgb, norm, mipfilter;
	float lodbias, lodmin, lodmax, border[4];
	unsigned max_aniso;
	int no_trilinear, seamless;
};
/* How many arrays (indices 0 ..) and objects (handles 1 .. n) there are;
 * the entry of one: 0, or -1 when out of range. */
size_t machine_tex_arrays(struct machine *m);
int machine_tex_array(struct machine *m, size_t i, struct machine_tex_array *out);
size_t machine_tex_objects(const struct machine *m);
int machine_tex_object(const struct machine *m, size_t handle, struct machine_tex_object *out);

/* cudaGraphSetConditional(handle, value) as a kernel on the GPU called it */
void machine_graph_set_conditional(struct machine *m, uint64_t handle, uint32_t value);
/* What device printf has written since the last synchronization flushed
 * it (the emulator's, not yet on the program's stdout): *len bytes. */
const char *machine_device_output(const struct machine *m, size_t *len);

/* ---- lifecycle (machine.c) */
struct machine;
struct checker;
struct machine *machine_new(const struct ir_module *mod, const struct machine_opts *o);
void machine_free(struct machine *m);
/* A deep copy of m's whole state (clone.c): stepping the copy does what
 * stepping m would, step for step, and neither affects the other. The copy
 * shares m's module, options (streams, callbacks) and argv, and has no
 * observers. NULL when m cannot be copied exactly (machine_can_clone: the
 * program has used files or stdin, whose state outside is not the
 * machine's, or the relaxed memory model or a schedule is attached, or
 * an unobserved machine's warps shared frames). machine_clone_bytes: about how much memory a copy takes. */
struct machine *machine_clone(const struct machine *m);
int machine_can_clone(const struct machine *m);
uint64_t machine_clone_bytes(const struct machine *m);
/* Where the program's stdout and stderr go from now on (NULL: the process's
 * own): a copy made by machine_clone writes where its original did. */
void machine_set_output(struct machine *m, FILE *out, FILE *err);
/* Install one more checker (check/check.h) on m, after those the options
 * selected: it receives the events it listens to from now on, with self
 * as its state (NULL: c->create(m) makes it; destroy frees it with m
 * either way). c must outlive m. 0, or -1 without an event function.
 * machine_clone copies the checkers that made their own state (with their
 * clone function); one given a self here is not copied: its installer adds
 * it to the copy again. */
int machine_add_checker(struct machine *m, const struct checker *c, void *self);
int machine_run_main(struct machine *m, int argc, char **argv);

/* ---- findings (machine.c; rendering in findings.c, docs/findings.md) */
struct machine_finding {
	const char *kind;      /* "oob-global-read", "deadlock", ... (static string) */
	int id;                /* the kind: enum finding_kind (check/check.h, findings.def) */
	int error;             /* 1 error, 0 warning */
	struct span span;
	int on_device;         /* 0: the host thread */
	uint32_t block[3], thread[3]; /* first thread involved */
	int warp, lane;        /* warp in block, lane of that thread */
	uint32_t lanes;        /* lanes of that warp involved */
	uint64_t addr;         /* the address for memory findings, else 0 */
	char *msg;             /* explanation (owned by the machine) */
	uint64_t count;        /* occurrences at this site (one finding per site and kind) */
	int has_other;         /* a second thread is involved: the other side of a race */
	uint32_t other_block[3], other_thread[3];
	int other_warp, other_lane;  /* -1 when not known */
	int other_write;       /* the other side's access: 1 write, 0 read, 2 atomic update, -1 not an access */
	uint64_t alloc_base, alloc_size; /* the allocation involved (alloc_size 0: none) */
	int has_distance;      /* out of bounds: distance to the nearest allocation */
	int64_t distance;      /* > 0: bytes past its end; < 0: bytes before its start */
	const char *hint;      /* how to fix it (static string) */
	uint64_t step;         /* machine step of the first occurrence */
	const char *note;      /* a related place, e.g. "first freed here" (static), or NULL */
	struct span note_span; /* where the note points */
};
size_t machine_nfindings(const struct machine *m);
const struct machine_finding *machine_finding_get(const struct machine *m, size_t i);
/* Print every finding "file:line:col: error[kind]: msg", the source line
 * with a caret, the threads, address, allocation and a hint (findings.c). */
void machine_findings_render(const struct machine *m, FILE *f, int color);
/* Write every finding as JSON (schema in docs/findings.md). */
void machine_findings_json(const struct machine *m, FILE *f);
/* Findings not kept because more than WS_FINDINGS_MAX distinct ones were made. */
#define WS_FINDINGS_MAX 100
uint64_t machine_findings_dropped(const struct machine *m);
/* The kinds of finding (check/findings.def), in table order: the i-th kind's
 * name, or NULL past the last; and a kind's title (NULL: no such kind). */
const char *machine_finding_kind(size_t i);
const char *machine_finding_title(const char *kind);
/* `run` and `check` have no step limit by default (Ctrl-C interrupts them;
 * check_spin.c catches spin-waits and deadlocks); --max-steps sets one. */

/* ---- stepping (machine.c). machine_run_main = machine_start + machine_run. */
enum machine_status { MST_IDLE, MST_RUNNING, MST_FINISHED };
/* Prepare main(argc, argv) without running it. Returns 0, or -1 (no main). */
int machine_start(struct machine *m, int argc, char **argv);
/* One scheduling step: one instruction of one convergence group (host or
 * device). Returns the status afterwards. */
enum machine_status machine_step(struct machine *m);
/* Charge the steps since the last call to o.interrupt: its answer (0: go on). */
int machine_poll(struct machine *m);
/* Bytes the program holds (live host heap and device allocations), and a
 * new cap on them (o.max_memory) for the allocations still to come. */
uint64_t machine_memory(const struct machine *m);
void machine_set_max_memory(struct machine *m, uint64_t bytes);
/* Run until finished, or max_steps (0: no limit) steps. */
enum machine_status machine_run(struct machine *m, uint64_t max_steps);
/* Step only the given device warp (block = resident slot) until it has run
 * one instruction; other warps run only if needed to unblock it. Returns -1
 * when there is no such warp. */
int machine_step_warp(struct machine *m, int slot, int warp);
/* Run the device until a barrier of some resident block completes (run to
 * the next barrier). Returns -1 with no grid, 1 when opts.interrupt stopped
 * it first, else 0. */
int machine_run_to_barrier(struct machine *m);
int machine_exit_status(const struct machine *m);

/* ---- kernels without a host program: Lua scripts, lessons (machine.c) */
/* Index of the function named name (source or mangled name), or -1. */
int machine_find_function(const struct machine *m, const char *name);
/* Device memory, like cudaMalloc: 0 and *addr, or a CUDA error code. */
int machine_alloc(struct machine *m, uint64_t bytes, uint64_t *addr);
/* Copy between the caller and emulated memory (any host-visible or device
 * allocation, as the runtime sees it). 0, or -1 for a bad range. */
int machine_write(struct machine *m, uint64_t addr, const void *src, size_t n);
/* Queue a launch of kernel func with the given configuration; args are the
 * kernel's parameters in register encoding (ir.h). Returns 0 or a CUDA error
 * code (9 invalid configuration ...). The machine becomes MST_RUNNING and
 * goes back to MST_IDLE when the queued grids are done (no host thread). */
int machine_launch(struct machine *m, int func, const uint32_t grid[3], const uint32_t block[3],
		   uint64_t shmem, const uint64_t *args, int nargs);
/* The error state a CUDA program would see next (0, or the sticky error). */
int machine_cuda_error(const struct machine *m);

/* ---- breakpoints on source lines, at statement starts (machine.c) */
struct machine_break_info {
	int slot, warp;        /* slot -1: the host thread */
	uint32_t mask;
	int func;
	uint32_t pc;           /* IR index */
	struct span span;
};
/* Set (on) or clear a breakpoint at file id (srcmgr) and line. Returns the
 * number of statements it covers in functions decoded so far (others are
 * checked when first called). */
int machine_break_line(struct machine *m, uint32_t file, uint32_t line, int on);
/* 1 if the last machine_step/machine_run stopped at a breakpoint (before
 * executing that statement); *bi tells where. The group stopped there (that
 * pc, frame and mask) passes it once when it runs next.
 * Statement starts: the first decoded instruction of each run of
 * instructions of one statement; a line breakpoint stops a group exactly
 * where EV_STMT reports one on its line. A stop (a breakpoint, or
 * machine_request_stop) does not change the schedule: the next machine_run
 * resumes the same group with the rest of its quantum, so a run with stops
 * executes as the run without them, step for step. Any other stepping
 * call (machine_step, machine_step_warp, ...) drops that resumption. */
int machine_break_hit(const struct machine *m, struct machine_break_info *bi);
/* Forget the "pass this breakpoint once" mark of every warp that no longer
 * stands where it stopped (it was stepped away meanwhile), so a later run
 * stops there again when it comes back. */
void machine_break_settle(struct machine *m);
/* The group of lane `lane` of the warp passes a breakpoint where it stands
 * once, as after a stop there (a debugger that arrived there another way:
 * reverse execution). -1: no such thread. */
int machine_break_pass(struct machine *m, int slot, int warp, int lane);
/* Ask the running machine_run/machine_step to return before the next
 * instruction (from an observer: a finding or __brkpt() a debugger stops
 * at). Costs nothing until asked; the next machine_run/machine_step clears it. */
void machine_request_stop(struct machine *m);
/* Source span of instruction pc (IR index) of function func. */
struct span machine_span(const struct machine *m, int func, uint32_t pc);
/* The specialised copies of kernels the machine made (machine.c spec_of),
 * one per kernel and launch shape, and the launches that ran one */
void machine_spec_counts(const struct machine *m, uint64_t *made, uint64_t *used);
uint64_t machine_steps(const struct machine *m);
/* How many of those steps were device instructions that interp.c's general
 * loop ran, not its fast path (tests, profiling). */
uint64_t machine_general_steps(const struct machine *m);
/* The device frames made so far: for warps' own lists (*own) and for
 * the machine's stash that warps share (*stashed; machine_opts.unobserved)
 * (tests, profiling). */
void machine_frames_made(const struct machine *m, uint64_t *own, uint64_t *stashed);
/* How many of those steps the host engine (hostvm.c) ran (tests, profiling). */
uint64_t machine_hostvm_steps(const struct machine *m);
/* The device warps built so far (blocks' warp arrays, machine.c
 * block_warps: a lazily admitted block's when the round robin first
 * reaches it, where nobody can tell) (tests, profiling). */
uint64_t machine_warps_made(const struct machine *m);
/* Wall-clock nanoseconds spent running grids so far (for benchmarks: the
 * one value of the machine that is not deterministic). */
uint64_t machine_device_ns(const struct machine *m);

/* ---- state queries (machine.c) */
enum machine_lane_state { LS_NONE, LS_ACTIVE, LS_READY, LS_PARKED, LS_BARRIER,
			  LS_WARPSYNC, LS_EXITED };
struct machine_kernel_info {
	int active;            /* a grid is running */
	int func;              /* module function index */
	uint32_t grid[3], block[3];
	uint64_t shmem;
	uint64_t blocks_done, blocks_total;
	int nresident;         /* resident block slots in use */
};
int machine_kernel(const struct machine *m, struct machine_kernel_info *k);
struct machine_block_info {
	uint32_t idx[3];
	int nwarps;
	uint32_t nthreads, nexited;
	uint32_t bar_arrived, bar_expected, bar_generation;
	int clustered;            /* a thread block cluster launch */
	uint32_t cluster_idx[3];  /* clustered: the block's cluster (blockIdx / clusterDim) */
	uint32_t cluster_rank;    /* clustered: its rank in the cluster */
	uint32_t sm;              /* the SM the emulator places it on (%smid) */
};
/* slot: 0..nresident-1. Returns -1 if empty. */
int machine_block(const struct machine *m, int slot, struct machine_block_info *b);
struct machine_group_info {
	uint32_t mask;
	int func;              /* module function index */
	uint32_t pc;           /* instruction index in func */
	int depth;             /* call depth, 0 = kernel */
	int state;             /* enum machine_lane_state of its lanes */
	uint32_t wait_mask;    /* collectives: lanes named */
};
struct machine_warp_info {
	uint32_t exists, live, exited;
	int ngroups;
	int current;           /* group that ran last, -1 */
};
/* slot -1 with warp 0: the host thread. */
int machine_warp(const struct machine *m, int slot, int warp, struct machine_warp_info *w);
int machine_group(const struct machine *m, int slot, int warp, int g, struct machine_group_info *gi);
/* One lane: its group's info; -1 if the lane does not exist. */
int machine_lane(const struct machine *m, int slot, int warp, int lane, struct machine_group_info *gi);
/* Register of a lane in its current frame (up = frames up the stack). */
int machine_lane_reg(const struct machine *m, int slot, int warp, int lane, int up, int reg, uint64_t *val);
/* Generic address of a lane's frame local memory (ir_var VLOC_LOCAL
 * offsets are relative to it); up = frames up the stack. */
int machine_lane_frame(const struct machine *m, int slot, int warp, int lane, int up, uint64_t *addr);
/* Read memory as the given lane sees it (shared/local windows resolve for it). */
int machine_read(const struct machine *m, int slot, int warp, int lane, uint64_t addr, void *buf, size_t n);
/* The debugger's assignments (gdb's set var): write memory as the lane
 * sees it (shared and local windows resolve for it, as machine_read), or
 * set a register of the lane in frame up to val (its bits as the
 * interpreter keeps them: normalized for the register's type). 0, or -1
 * for a bad range, a missing thread or register. */
int machine_lane_write(struct machine *m, int slot, int warp, int lane, uint64_t addr, const void *src,
		       size_t n);
int machine_lane_set_reg(struct machine *m, int slot, int warp, int lane, int up, int reg, uint64_t val);

/* ---- scheduling by hand: the "manual" policy of scripts and lessons (machine.c) */
struct machine_choice {
	int slot, warp, group;  /* slot -1: the host thread */
	uint32_t mask;
	int func;
	uint32_t pc;            /* IR index */
};
/* The groups that could run next (at most max); returns how many there are. */
int machine_choices(struct machine *m, struct machine_choice *out, int max);
/* Run one instruction of the chosen group. 0, or -1 if it cannot run. */
int machine_choose(struct machine *m, const struct machine_choice *c);

/* ---- performance views of one warp memory access, EV_MEM's lane_addr (machine.c) */
/* Shared memory: 32 banks of 4 bytes; lanes reading the same word share it.
 * Returns the conflict degree (1 = conflict-free, n = n-way), and the mask
 * of banks touched in *banks if not NULL. */
int machine_bank_conflicts(const uint64_t *lane_addr, uint32_t mask, unsigned size, uint32_t *banks);
/* Global memory: the number of distinct 32-byte sectors the lanes touch. */
int machine_sectors(const uint64_t *lane_addr, uint32_t mask, unsigned size);

/* ---- observers (machine.c): cost one predictable branch when none is registered. */
enum machine_event_kind { EV_INSN, EV_MEM, EV_BARRIER, EV_DIVERGE, EV_RECONVERGE,
			  EV_LAUNCH, EV_KERNEL_END, EV_FINDING,
			  EV_BRKPT, /* __brkpt() ran with opts.debugger set (slot, warp, mask, func, pc) */
			  EV_STMT,  /* a group begins a statement: it is about to run the statement's
				     * first instruction (slot, warp, mask, func, pc). The trace a
				     * line breakpoint stops at (docs/debugging.md) */
			  EV_NKINDS };
struct machine_event {
	enum machine_event_kind kind;
	int slot, warp;        /* slot -1: host */
	uint32_t mask;         /* lanes */
	int func;
	uint32_t pc;
	uint64_t addr;         /* EV_MEM: the first lane's address */
	uint32_t size;         /* EV_MEM: bytes per lane */
	int write;             /* EV_MEM */
	const struct machine_finding *finding; /* EV_FINDING */
	const uint64_t *lane_addr; /* EV_MEM: address of each lane in mask (32 entries) */
};
typedef void (*machine_observer_fn)(void *ctx, const struct machine_event *e);
/* kinds: bit mask of (1 << EV_*). Returns an id for machine_unobserve. */
int machine_observe(struct machine *m, unsigned kinds, machine_observer_fn fn, void *ctx);
void machine_unobserve(struct machine *m, int id);

/* ---- debugger queries (inspect.c): read-only, they change nothing. */
/* Is instruction pc (IR index) of func the first instruction of its
 * statement that runs (the place machine_break_line marks)? 0 also when
 * func has not been decoded (has not run). */
int machine_stmt_start(const struct machine *m, int func, uint32_t pc);
/* Reconvergence pc (IR index) of group g's innermost token in its own frame;
 * -1 when it has none (or reconverges only at the function's exit). */
int machine_group_reconv(const struct machine *m, int slot, int warp, int g, uint32_t *pc);
/* Generic address of offset off in a lane's local frame (up frames up). */
int machine_lane_local_addr(const struct machine *m, int slot, int warp, int lane, int up,
			    int64_t off, uint64_t *addr);
/* Function and pc (IR index) of a lane's frame `up` levels up the stack
 * (for a caller: its call instruction). -1 when there is no such frame. */
int machine_lane_frame_pc(const struct machine *m, int slot, int warp, int lane, int up,
		       int *func, uint32_t *pc);
/* Generic address of module object obj (shared: the shared window). */
int machine_object_addr(const struct machine *m, uint32_t obj, uint64_t *addr);
/* A global address as the student wrote it: a __device__ / __managed__
 * variable's name ("x"; with the access size, an element "buf[2]", else
 * "buf+8"), else "0x...". size 0: unknown. Returns 1 for a name. */
int machine_addr_name(const struct machine *m, uint64_t addr, unsigned size, char *buf, size_t n);
/* From an EV_MEM observer: each lane's address of the group (mask) about to
 * access memory (0 for lanes not in mask). -1 if it is not a LD/ST/ATOM. */
int machine_access_lanes(const struct machine *m, int slot, int warp, uint32_t mask,
			 uint64_t addrs[32]);
/* The live allocation containing addr: base, size, and whether it is device
 * memory (cudaMalloc, managed, device heap). -1 when none. */
int machine_alloc_find(const struct machine *m, uint64_t addr, uint64_t *base, uint64_t *size,
		       int *device);
/* Bytes of shared memory of the block in slot (static + dynamic). */
int machine_block_shared(const struct machine *m, int slot, uint64_t *size);
/* The machine's status (MST_RUNNING until main returns or exit()). */
enum machine_status machine_get_status(const struct machine *m);
/* Read n bytes of any live host, global or constant allocation, as stored,
 * whoever could access it (for the memory pane). -1 when not all mapped. */
int machine_peek(const struct machine *m, uint64_t addr, void *buf, size_t n);
/* From an EV_INSN observer at a SHFL: the lane each lane of the group reads
 * (-1 for lanes not in mask). -1 if the instruction is not a shuffle. */
int machine_shfl_sources(const struct machine *m, int slot, int warp, uint32_t mask,
			 int8_t src[32]);
/* ---- what the Lua binding needs (inspect_lua.c, for scripts/host_engine.c) */
int machine_has_host(const struct machine *m);                 /* main() was started */
void machine_start_queued(struct machine *m); /* no host: make the first queued grid resident */

/* ---- memory models (memmodel.c; docs/memory-model.md)
 * Under MODEL_RELAXED every device access to global memory goes through the
 * scoped PTX model: each location keeps its writes in coherence order, each
 * thread a view (the oldest write of each location it may still read).
 * Every choice the model makes goes through a chooser: which write a load
 * reads (CK_READ, option 0 = the newest), where a store enters coherence
 * order (CK_WRITE, 0 = last), which write an RMW reads (CK_RMW), whether a
 * load is deferred past later independent stores (CK_DEFER, 0 = no), and,
 * with a chooser set, which warp runs its next memory event (CK_SCHED).
 * Without a chooser: option 0, or random under --sched random. */
enum machine_model { MODEL_SC, MODEL_RELAXED };
/* The block number the model gives host thread h (main is 0) in its events
 * and writes: host threads are in no block and no GPU, only in the system
 * scope. */
#define MACHINE_MM_HOST_BLOCK 0xffff0000u
#define MACHINE_MM_IS_HOST(blk) ((uint32_t)(blk) >= MACHINE_MM_HOST_BLOCK)
enum machine_choice_kind { CK_SCHED, CK_READ, CK_WRITE, CK_RMW, CK_DEFER };
/* Returns the option (0..n-1), or -1 to stop the run (exploration prunes). */
typedef int (*machine_chooser_fn)(void *ctx, int kind, int n);
/* Set before machine_start. Also turns on scheduling at memory events. */
void machine_set_chooser(struct machine *m, machine_chooser_fn fn, void *ctx);
/* Hash of the state at a scheduling choice (for state deduplication). */
uint64_t machine_mm_hash(const struct machine *m);

/* Inspection (relaxed model; all return 0 under sc). Threads are named by
 * block linear index and thread linear index in the block. */
struct machine_mm_write {
	uint64_t addr, val;     /* location; value (raw bytes, little endian) */
	int block, thread;      /* writer; -1: the initial value */
	int strong, rmw, released; /* volatile/relaxed+; an RMW; carries a release view */
	int scope;              /* enum ir_scope of a strong write */
};
int machine_mm_nlocs(const struct machine *m);
/* Location i: address and number of writes (coherence order, oldest first). */
int machine_mm_loc(const struct machine *m, int i, uint64_t *addr, int *nwrites);
int machine_mm_write_get(const struct machine *m, int loc, int k, struct machine_mm_write *wr);
/* Position (index in the location's writes) of the oldest write the thread
 * may still read; -1 if the thread has no record. */
int machine_mm_view(const struct machine *m, int block, int thread, int loc);
/* What a block (L1) and the device (L2) have seen: the oldest write any
 * thread of the block / any thread may still read (min over views). */
int machine_mm_block_view(const struct machine *m, int block, int loc);
int machine_mm_device_view(const struct machine *m, int loc);
/* A thread's pending stores: its writes that some other thread may still
 * not see (an older write of the location is still readable to it). */
struct machine_mm_pending { uint64_t addr, val; int loc, pos; };
int machine_mm_pending(const struct machine *m, int block, int thread,
		       struct machine_mm_pending *out, int max);
/* For a load by the thread of addr now: the positions of the writes it
 * could read (newest first); returns how many. */
int machine_mm_candidates(const struct machine *m, int block, int thread, uint64_t addr,
			  int *pos, int max);
/* An observer of the relaxed model's executions (explore's axiom checker):
 * the model calls event for each memory event in the order it performs
 * them (kind: enum machine_mm_event; thr: the thread's index among the
 * model's threads, blk its block; rid the write id read (reads, RMWs; for
 * a barrier its instance), wid the id written; strong, scope (enum
 * ir_scope), sem (enum ir_sem), po the thread's program order), and at the
 * end of each kernel co with each location's coherence order (write ids,
 * oldest first), then kernel_end. Set after machine_new, before running
 * (NULL: none; a no-op under sc). While one is set the model keeps every
 * write's history. machine_mm_record_end reports the last kernel's
 * coherence orders when the run stopped without ending it. */
enum machine_mm_event { MM_EV_READ, MM_EV_WRITE, MM_EV_RMW, MM_EV_FENCE, MM_EV_BARRIER };
struct machine_mm_recorder {
	void *ctx;
	void (*event)(void *ctx, int kind, int thr, uint32_t blk, uint64_t addr, uint32_t rid,
		      uint32_t wid, int strong, unsigned scope, unsigned sem, uint32_t po);
	void (*co)(void *ctx, uint64_t addr, const uint32_t *ids, size_t n);
	void (*kernel_end)(void *ctx);
};
void machine_mm_record(struct machine *m, const struct machine_mm_recorder *r);
void machine_mm_record_end(struct machine *m);
/* The memory model in use (MODEL_SC or MODEL_RELAXED) and its threads
 * (those that accessed global memory in the running kernel). */
int machine_mm_model(const struct machine *m);
int machine_mm_nthreads(const struct machine *m);
int machine_mm_thread(const struct machine *m, int i, int *block, int *thread);
/* The event log of the relaxed model (the interface's Order pane, the Lua
 * m:mm_events()): every memory event performed since the last launch, in
 * the order the model performed them (at most 4096; later ones are counted
 * by machine_mm_nevents's *dropped). Empty under sc and while exploring.
 * Events are named by their index; labels a, b, c ... in the interface. */
struct machine_mm_ev {
	int kind;               /* enum machine_mm_event */
	int host;               /* a host thread (block is then its host index) */
	int block, thread;      /* block linear index, thread linear index in it */
	uint32_t po;            /* the thread's program order */
	uint64_t addr;          /* reads, writes, RMWs */
	uint64_t val;           /* the value written (writes, RMWs) or read (reads) */
	uint64_t rval;          /* RMWs: the value read */
	int size;               /* bytes accessed */
	int rf;                 /* reads, RMWs: the write event read, -1 the initial value */
	int co;                 /* writes, RMWs: place in the location's coherence order
				 * now (1 the first write after the initial value) */
	int strong, scope, sem; /* strong (volatile, atomic, relaxed+), enum ir_scope, enum ir_sem */
	int line;               /* source line, 0 none (barriers of other threads) */
	int choices;            /* reads: how many writes the model allowed it to read */
	int newer;              /* reads: writes after the one read in coherence order */
};
int machine_mm_nevents(const struct machine *m, int *dropped);
/* Is s a witness as explore prints them ("relaxed:0.1.0", "sc:2.0")? */
int machine_schedule_valid(const char *s);
int machine_mm_event_get(const struct machine *m, int i, struct machine_mm_ev *ev);
/* A read's explanation, one sentence ("read x = 0, an older value: ...");
 * NULL for other events. Valid until the machine runs again. */
const char *machine_mm_event_why(const struct machine *m, int i);

/* The ordering log: one line per synchronization that ordered something
 * ("fence.sc.gpu (block 0 thread 0) joined the SC view: ..."). */
int machine_mm_nsync(const struct machine *m);
const char *machine_mm_sync(const struct machine *m, int i);

/* ---- exploration (explore.c) */
struct machine_outcome {
	char *out;              /* the program's stdout */
	int status;             /* exit status */
	uint64_t count;         /* executions that reached it */
	char *witness;          /* a schedule replaying one ("relaxed:0.1.0") */
	int axioms_ok;          /* every recorded execution satisfied the PTX axioms */
};
struct machine_explore {
	struct machine_outcome *o;
	size_t n;
	uint64_t execs, pruned; /* executions run; runs cut at a state seen before */
	int exhaustive;         /* 1: every execution the model allows was covered */
	uint64_t axiom_violations;
	double secs;            /* wall clock */
	double cpu_secs;        /* processor time of this process */
	/* executions of the whole tree of choices, without deduplication: each
	 * run cut at a known state stands for every execution below that state
	 * (counted when it was explored); tree / (execs + pruned) is the
	 * reduction factor */
	double tree;
	/* both_ways: -1 not checked (why in both_first), else the candidate
	 * executions the axioms allow, how many explore did not reach, the first
	 * of those (ax_key) */
	long both_candidates, both_unreached;
	char *both_first;
};
/* Every schedule and read-from choice (bounded by max_execs, 0: 100000). */
int machine_explore(const struct ir_module *mod, const struct machine_opts *o, int argc,
		    char **argv, uint64_t max_execs, struct machine_explore *r);
/* runs random executions (random choices everywhere) from seed. */
int machine_litmus(const struct ir_module *mod, const struct machine_opts *o, int argc,
		   char **argv, uint64_t runs, uint64_t seed, struct machine_explore *r);
void machine_explore_free(struct machine_explore *r);

/* ---- cooperative groups (cg.c): cuda::barrier objects and the grid barrier (sync pane).
 * Barriers are listed while their block is resident (init() creates one). */
struct machine_cgbar_info {
	int slot;              /* resident slot of its block; -1: a barrier in global memory */
	uint32_t block[3];
	uint64_t addr;         /* generic address of the barrier object */
	int obj;               /* the module object at addr (a __shared__ variable), or -1 */
	uint32_t expected;     /* arrivals that complete a phase (after arrive_and_drop) */
	uint32_t pending;      /* arrivals still missing in the current phase */
	uint64_t phase;        /* phases completed so far */
	uint32_t nwaiters;     /* groups blocked in wait() */
};
struct machine_cgbar_waiter {
	int slot, warp;
	uint32_t lanes;        /* the lanes blocked */
	uint64_t phase;        /* the phase their token names (mod 2^32) */
};
int machine_cgbar_count(const struct machine *m);
int machine_cgbar(const struct machine *m, int i, struct machine_cgbar_info *out);
/* Waiters of barrier i (at most max into out, which may be NULL); returns how many. */
int machine_cgbar_waiters(const struct machine *m, int i, struct machine_cgbar_waiter *out, int max);
struct machine_gridsync_info {
	int cooperative;       /* launched with cudaLaunchCooperativeKernel */
	uint64_t arrived, expected, generation;
};
int machine_gridsync(const struct machine *m, struct machine_gridsync_info *out);
/* Tile size of the last cooperative-groups tiled_partition in this warp (0: none). */
int machine_warp_tile(const struct machine *m, int slot, int warp);

/* ---- warp matrix fragments (wmma.c): which lane holds which element */
struct machine_wmma_frag {
	int code;          /* the fragment code mma.h gives the type */
	int rows, cols;    /* its matrix: M x K (matrix_a), K x N (matrix_b), M x N */
	int nstorage;      /* the length of x[] */
	int per_word;      /* matrix elements in one x[] element: 1, or 8 (s4/u4) and 32 (b1) packed */
	int layout;        /* 1 row_major, 0 col_major, -1 none (an accumulator) */
	int elem_size;     /* bytes of one x[] element */
	char desc[96];     /* "fragment<matrix_a, 16, 16, 16, half> row_major" */
};
/* The fragment a debug type name spells ("struct fragment<struct matrix_a,16,16,16,
 * struct __half,struct row_major>", a reference to one too); -1 if it is none. */
int machine_wmma_frag(const char *type_name, struct machine_wmma_frag *out);
/* Row and column of x[e] of lane's fragment (a packed word: its first
 * element; the others follow along A's row or B's column); -1 if none. */
int machine_wmma_rc(int code, unsigned lane, unsigned e, int *row, int *col);
/* x[]'s element of the fragment type code, as text, from its little-endian
 * bytes (a half or bf16 as its float value; a packed word in hex) */
void machine_wmma_value(int code, const uint8_t *bytes, struct strbuf *out);
/* ---- textures (texture.c): the last texture fetch, which texels each
 * lane read and their weights, for the interface and Lua. */
#define MACHINE_TEX_TEXELS 8
struct machine_tex_texel {
	int32_t x, y, z, layer;  /* texel coordinates; layer: array layer or cube face */
	int32_t level;           /* mipmap level (0 without mipmaps) */
	int border;              /* out of range under cudaAddressModeBorder: the border color */
	double weight;           /* of the filter: k/256 per dimension (1 for point sampling) */
	float value[4];          /* the texel's channels as the fetch used them */
};
struct machine_tex_lane {
	int valid;
	float coord[3];          /* as the program passed them */
	int layer;
	double lod;              /* the level of detail used, after bias and clamps (0 without mipmaps) */
	int ntexels;
	struct machine_tex_texel t[MACHINE_TEX_TEXELS];
	uint32_t result[4];      /* the four 32-bit results of the texture unit */
	int result_float;        /* the results are floats (else integers) */
};
struct machine_tex_probe {
	int valid;
	uint64_t obj;            /* the texture object */
	const char *func;        /* "tex2D", "tex1Dfetch", ... (static) */
	int filter, norm, readmode, addr[3];
	int levels;              /* mipmap levels of the texture (1 without mipmaps) */
	uint64_t step;           /* machine steps when it ran */
	int slot, warp;          /* block slot (-1: host) and warp */
	struct span span;
	struct machine_tex_lane lane[32];
};
/* The last texture fetch any warp made (0), or -1 when none was made yet. */
int machine_tex_last(const struct machine *m, struct machine_tex_probe *out);
/* ---- asynchronous copies and pipelines (async.c; sync pane, `info cuda async`).
 * A copy is one thread's share of a memcpy_async, listed from its issue
 * until a wait for it has returned (its data may land earlier). Pipelines made from a shared state are listed
 * while their block is resident. */
enum machine_acopy_kind { ACOPY_BATCH, ACOPY_BARRIER, ACOPY_PIPELINE, ACOPY_PRIMITIVE };
struct machine_acopy_info {
	int slot;              /* resident slot of the issuing block */
	uint32_t block[3];
	uint32_t tid;          /* the issuing thread, linear in its block */
	int kind;              /* enum machine_acopy_kind: what it completes on */
	uint64_t dst, src, size;
	uint64_t sync;         /* the barrier or pipeline state's address (0: the thread's batches) */
	uint64_t batch;        /* the thread's batch (ACOPY_BATCH, ACOPY_PRIMITIVE) or the pipeline stage's use */
	int committed;         /* its batch was committed (batches), its stage committed (pipelines) */
	int landed;            /* its data has landed (under --sched random, maybe before the wait) */
	uint32_t file, line;   /* the user's call that issued it */
};
int machine_acopy_count(const struct machine *m);
int machine_acopy(const struct machine *m, int i, struct machine_acopy_info *out);
/* One use of a pipeline stage: what its threads did with it. */
enum machine_stage_state { STAGE_FREE, STAGE_ACQUIRED, STAGE_COMMITTED, STAGE_READY, STAGE_RELEASED };
struct machine_pipe_stage {
	int state;             /* enum machine_stage_state: free (never used), acquired (some producers
				* acquired it, not all committed), committed (every producer committed,
				* copies in flight), ready (its copies landed), released (every consumer
				* released it) */
	uint64_t use;          /* which use of the stage (the pipeline's stage sequence number) */
	uint32_t acquired, committed, released; /* threads that did so in this use */
	uint32_t inflight;     /* copies of this use not landed */
};
#define MACHINE_PIPE_MAXSTAGES 8
struct machine_pipe_info {
	int slot;
	uint32_t block[3];
	uint64_t addr;         /* the pipeline_shared_state's address */
	int obj;               /* the module object at addr, or -1 */
	uint32_t nstages, producers, consumers;
	int partitioned;
	struct machine_pipe_stage stage[MACHINE_PIPE_MAXSTAGES];
};
int machine_pipe_count(const struct machine *m);
int machine_pipe(const struct machine *m, int i, struct machine_pipe_info *out);

#endif
