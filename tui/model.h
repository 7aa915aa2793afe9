/*
 * model.h - the interface's snapshot of the machine: plain data only.
 *
 * Contract:
 * - struct ui_state is everything the panes show. An adapter (the engine
 *   side, or tests' fake backend) fills it; the view (view.h) only reads it.
 * - Two lifetimes. The snapshot part (source, focus, warps, lanes, thread,
 *   memory, sync, findings, breakpoints, status) lives in st->arena and is
 *   wiped by ui_state_clear_snapshot(); the adapter then refills it. The
 *   console (program output, command echo) belongs to the UI session and
 *   survives clears: the adapter appends program output with ui_console_add.
 * - Every string is UTF-8 and NUL-terminated; pointers in the snapshot are
 *   owned by st->arena (use ui_strdup / ui_alloc) or are static strings.
 * - Arrays are (pointer, count) pairs; count 0 means "nothing to show".
 *   A line number of 0 means "no line".
 * - Lanes are indexed 0..31 within a warp; warps are listed for the focused
 *   block only, in warp order (warps[i].id == i normally).
 */
#ifndef WS_UI_MODEL_H
#define WS_UI_MODEL_H

#include <stddef.h>
#include <stdint.h>
#include "util.h"

#define UI_WARP_SIZE 32
#define UI_MAX_GROUPS 8
#define UI_MAX_WARPS 64

/* Lane status: X(NAME, utf8 glyph, ascii glyph, legend text) */
#define UI_LANE_LIST(X) \
	X(ACTIVE, "\u25cf", "#", "active (runs now)") \
	X(DIVERGED, "\u25cb", "o", "diverged (waits at another PC)") \
	X(EXITED, "\u00b7", ".", "exited") \
	X(BARRIER, "\u2016", "|", "waits at a barrier (__syncthreads, cuda::barrier, grid sync)") \
	X(WARPSYNC, "\u2248", "~", "waits at __syncwarp / shuffle") \
	X(INACTIVE, " ", " ", "no thread")

enum ui_lane_status {
#define X(n, u, a, t) UI_LANE_##n,
	UI_LANE_LIST(X)
#undef X
	UI_LANE_COUNT
};

/* A convergence group: the lanes that share a PC. */
struct ui_group {
	uint32_t mask;
	int line;        /* source line of its PC */
	int reconv_line; /* where it reconverges (0: unknown / none) */
};

struct ui_warp {
	int id;                               /* warp index in the block */
	uint8_t status[UI_WARP_SIZE];         /* enum ui_lane_status */
	int line[UI_WARP_SIZE];               /* PC source line per lane (0: none) */
	struct ui_group groups[UI_MAX_GROUPS];
	int ngroups;
	int current;                          /* index of the group that runs next, -1 none */
	const char *note;                     /* short text ("at __syncthreads"), may be NULL */
	int tile;                             /* cooperative-groups tile size in lanes (0: none): lanes drawn in tiles */
};

/* One variable across the 32 lanes of the focused warp. */
struct ui_lanevar {
	const char *name;
	const char *value[UI_WARP_SIZE]; /* NULL: lane has no value (inactive) */
	int has_src;                     /* shuffle: src[] is meaningful */
	int8_t src[UI_WARP_SIZE];        /* source lane of each lane's value, -1 none */
	int has_bits;                    /* ballot/match: bits is meaningful */
	uint32_t bits[UI_WARP_SIZE];     /* per-lane mask result (ballot: same for all) */
	int coll;                        /* enum ui_coll: the last collective's row */
	uint32_t part;                   /* coll: the lanes that took part */
	int width;                       /* UI_COLL_SHFL: segment width (lanes) */
	uint8_t gave[UI_WARP_SIZE];      /* UI_COLL_VOTE: each lane's predicate */
	/* a wmma fragment (value[]: each lane's x[] values): its matrix, the
	 * lane holding each element (rows * cols, row-major; -1 none: the
	 * lowest lane when several do), the focused lane's x[e] = [r][c] */
	int frag_rows, frag_cols;        /* 0: not a fragment */
	const int8_t *frag_owner;
	const char *frag_focus;
};

/* A lanes-pane row that is a warp collective: strip rows across the lanes
 * (which took part; a shuffle's source arrows; a vote's predicates). */
enum ui_coll { UI_COLL_NONE, UI_COLL_SHFL, UI_COLL_VOTE, UI_COLL_OTHER };

struct ui_local {
	const char *name, *type, *value;
};

struct ui_thread {
	int block[3], thread[3];
	int warp, lane;
	int line;
	const char *func;
	struct ui_local *locals;
	int nlocals;
};

enum { UI_ACC_READ = 1, UI_ACC_WRITE = 2 };

/* A __shared__ array or a global buffer, as typed elements. */
struct ui_array {
	const char *name, *type;  /* "buf", "int" */
	uint64_t addr;            /* byte offset in shared memory, or global address */
	int elem_size;            /* bytes */
	int count;
	const char **values;      /* count strings */
	uint8_t *access;          /* count UI_ACC_* bits of the last steps, may be NULL */
};

struct ui_memory {
	struct ui_array *shared;
	int nshared;
	int conflict_degree;      /* of the last shared warp access; 0 none */
	const char *conflict_note; /* "buf[tid*2]: 2-way" may be NULL */
	struct ui_array *global;
	int nglobal;
	uint64_t *sectors;        /* 32-byte sectors of the last global warp access */
	int nsectors;
	int requests;             /* ideal sector count for that access, 0 unknown */
	/* the last texture fetch (docs/textures.md) as the focused lane made
	 * it (or the first lane that took part): a heading, the texels it read
	 * with their weights and values, and the result; tex_head NULL: none */
	const char *tex_head;
	const char **tex_texels;
	int ntex;
	const char *tex_result;
};

struct ui_barrier {          /* a block's __syncthreads barrier */
	int block[3];
	unsigned generation;
	int expected;             /* threads that must arrive */
	int nwarps;
	uint32_t *arrived;        /* per warp: lanes that have arrived */
	uint32_t *exited;         /* per warp: lanes exited (may be NULL) */
};

struct ui_cubarrier {        /* cuda::barrier-like object, or the grid barrier */
	const char *kind;         /* "cuda::barrier", "grid sync" (NULL: "cuda::barrier") */
	const char *name;
	int expected, pending, phase;
	const char *waiters;      /* "t0 t5 t9 ..." */
	int nwarps;               /* the focused block's warps: which lanes wait (0: not shown) */
	uint32_t *waiting;        /* per warp: lanes blocked in wait() on this barrier */
	int *wait_phase;          /* per warp: the phase they wait on (-1: none) */
};

struct ui_collwait {         /* lanes of a warp waiting at a warp collective */
	int warp;
	uint32_t lanes;
	const char *what;         /* "__shfl_down_sync" */
	int line;
};

struct ui_pending {          /* a store not yet visible (relaxed model) */
	const char *thread;       /* "(0,0,0).t5" */
	const char *target;       /* "buf[0]" */
	const char *value;
	const char *fence;        /* NULL, or "fence pending" ... */
};

struct ui_pipeline {         /* a cuda::pipeline of the focused block */
	const char *title;        /* "cuda::pipeline shared_state: 2 stages, 64 producers, 64 consumers (unified)" */
	int nstages;
	const char **stage;       /* per stage: "stage 0: committed (use 3; ...)" */
	const char **state;       /* per stage: "free", "acquired", "committed", "ready", "released" */
};

struct ui_sync {
	struct ui_pipeline *pipes;
	int npipes;
	const char **copies;      /* copies in flight of the focused block, one group per line */
	int ncopies;
	int copies_total;         /* copies in flight in all blocks */
	struct ui_barrier *barriers;
	int nbarriers;
	struct ui_cubarrier *cubars;
	int ncubars;
	struct ui_pending *pending;
	int npending;
	const char *model;        /* "sc", "relaxed" */
	struct ui_collwait *colls;
	int ncolls;
};

/* The Order pane (relaxed model): the memory events of the launch as an
 * execution graph, one column per thread in program order. */
struct ui_mmev {
	char label[4];            /* "a", "b" ... "z", "aa" ... */
	int col;                  /* column (thread) */
	int row;                  /* place in its thread's program order */
	const char *text;         /* "W x=1", "R y=0", "F.sc.gpu", "bar", "RMW c 0>1" */
	int line;                 /* source line, 0 none */
	int kind;                 /* UI_MM_R, UI_MM_W, UI_MM_RMW, UI_MM_F, UI_MM_BAR */
	int weak;                 /* a read that read an older value than the newest */
};
enum { UI_MM_R, UI_MM_W, UI_MM_RMW, UI_MM_F, UI_MM_BAR };

struct ui_mmedge {
	const char *kind;         /* "rf", "co", "fr" */
	int from, to;             /* event indices; from -1: the initial value */
	const char *note;         /* "y=1" */
};

struct ui_order {
	int on;                   /* the relaxed model is in use */
	const char **threads;     /* column titles: "b0.t0", "host" */
	int nthreads;
	int hidden;               /* threads with events that have no column */
	struct ui_mmev *ev;       /* in the order the model performed them */
	int nev;
	int dropped;              /* events after the log filled */
	int earlier;              /* events before the first one here (not shown) */
	struct ui_mmedge *edges;
	int nedges;
	const char *why;          /* the latest read: why it read what it read */
	const char *why_label;
	const char **views;       /* per thread: "b1.t0 may read x: 0|1, y: 1" */
	int nviews;
};

/* The GPU pane (debug --trace, debug --gpu; :compare): the recorded run
 * on the hardware beside the emulator's own run of the same launch
 * (session_trace_compare), one row per warp, the hardware's order first. */
enum { UI_GPU_LINE = 1, UI_GPU_LANES = 2, UI_GPU_ORDER = 4, UI_GPU_VALUE = 8 }; /* = SESSION_CMP_* */
struct ui_gpurow {
	const char *warp;         /* "(0,0,0) w0" */
	int n;                    /* its statements on the GPU so far */
	const char *gpu;          /* "#1 SM 124/0  l13 0x55555555" */
	const char *emu;          /* "#1 SM 0  l11 0xaaaaaaaa" */
	const char *gpu_short, *emu_short; /* "l13 0x55555555", "not yet", "finished" (narrow panes) */
	const char *vals;         /* "v=100|0 ..." (GPU|emulator), NULL: no watched values */
	unsigned differs;         /* UI_GPU_* */
	int focus;                /* the focused warp */
};
struct ui_gpu {
	int on;                   /* a GPU trace is replayed */
	int compare;              /* :compare is on: the rows are filled */
	const char *head;         /* "step 17 of 28, recorded on NVIDIA H200" */
	const char **lines;       /* the blocks' order (compare), or the next records */
	int nlines;
	struct ui_gpurow *rows;
	int nrows;
	const char *watch;        /* the watched expressions, "v, out[t]" (NULL: none) */
};

struct ui_finding {
	const char *kind, *file;
	int line;
	const char *message;
};

struct ui_breakpoint {
	int id, line;
	const char *cond;         /* NULL: unconditional */
	int enabled;
};

enum ui_con_kind { UI_CON_OUTPUT, UI_CON_ECHO, UI_CON_INFO, UI_CON_ERROR };

struct ui_con_line {
	enum ui_con_kind kind;
	char *text;
};

enum ui_run_state { UI_RUN_IDLE, UI_RUN_HOST, UI_RUN_KERNEL, UI_RUN_FINISHED };

struct ui_state {
	struct arena arena;

	/* status line */
	enum ui_run_state run;
	const char *kernel;       /* "reduce", NULL when in host code */
	int grid[3], blockdim[3];
	uint64_t steps;
	const char *simt, *sched; /* "stack", "rr" ... */
	const char *stop_reason;  /* "breakpoint 1", "step" ... */
	int host_line;            /* host code's current line when run == UI_RUN_HOST */

	/* source */
	const char *file;
	const char **lines;       /* lines[0] is line 1 */
	int nlines;

	/* focus */
	int focus_block[3];
	int focus_warp, focus_lane;

	struct ui_warp *warps;    /* warps of the focused block */
	int nwarps;
	struct ui_lanevar *lanes;
	int nlanes;
	struct ui_thread thread;
	struct ui_memory mem;
	struct ui_sync sync;
	struct ui_order order;
	struct ui_gpu gpu;
	struct ui_finding *findings;
	int nfindings;
	struct ui_breakpoint *bps;
	int nbps;

	/* UI-owned, survives ui_state_clear_snapshot */
	VEC(struct ui_con_line) console;
};

void ui_state_init(struct ui_state *st);
void ui_state_free(struct ui_state *st);
/* Wipe the snapshot part (everything but the console). */
void ui_state_clear_snapshot(struct ui_state *st);

void *ui_alloc(struct ui_state *st, size_t n); /* zeroed, arena-owned */
const char *ui_strdup(struct ui_state *st, const char *s);
const char *ui_strf(struct ui_state *st, const char *fmt, ...) WS_PRINTF(2, 3);
#define UI_NEW(st, T, n) ((T *)ui_alloc((st), sizeof(T) * (size_t)(n)))

/* Split text into st->lines (arena copies). */
void ui_set_source(struct ui_state *st, const char *file, const char *text);
/* Append one console line per '\n'-separated line of text. */
void ui_console_add(struct ui_state *st, enum ui_con_kind kind, const char *text);
/* Fill a warp with n live lanes (the rest UI_LANE_INACTIVE), all at line. */
void ui_warp_fill(struct ui_warp *w, int id, int nlive, int line);

/* Number of threads in the block (product of blockdim, at least 1). */
int ui_block_threads(const struct ui_state *st);
/* Linear thread index in the block -> threadIdx (x,y,z). */
void ui_thread_xyz(const struct ui_state *st, int linear, int xyz[3]);

const char *ui_lane_glyph(int status, int ascii);
const char *ui_lane_name(int status);

#endif
