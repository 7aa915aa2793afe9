/*
 * front.h - the front end: CUDA C++ source to an IR module.
 *
 * Contract:
 * - front_compile preprocesses, parses and checks the program twice, like
 *   nvcc: a host pass (no __CUDA_ARCH__) whose __host__ functions it keeps,
 *   and a device pass (__CUDA_ARCH__ = opts->cuda_arch, default 900) whose
 *   __device__ and __global__ functions and device variables it keeps; the
 *   two are joined by name into one ir_module.
 * - It never exits or prints: diagnostics go to c->diags. It returns 0 when
 *   there are no errors (c->mod is then valid), -1 otherwise (c->mod may be
 *   NULL). Any input at all yields diagnostics, never a crash or a hang.
 * - Files are read with util_read_file: regular files of at most 16 MiB
 *   each (a FIFO, a device or a directory is an error, never a hang), and
 *   the files of a program may not exceed PP_MAX_FILE_BYTES in all.
 * - struct compilation owns everything (arena, sources, module);
 *   compilation_release frees it whole.
 * - front_dump renders one stage for golden tests.
 */
#ifndef WS_FRONT_H
#define WS_FRONT_H

#include "diag.h"
#include "ir.h"

/* Which files a compilation may read: may_read returns nonzero to allow
 * path, else sets *why; asked before a file is opened or looked up. */
struct pp_read_policy {
	int (*may_read)(void *ctx, const char *path, const char **why);
	void *ctx;
};

struct front_opts {
	int cuda_arch;                   /* 0 means 900 */
	const char *const *include_dirs; /* NULL-terminated, may be NULL */
	const char *const *defines;      /* NULL-terminated, may be NULL */
	/* which files may be read (pp.h): asked about the main file of
	 * front_compile_file and every #include; NULL: any */
	const struct pp_read_policy *policy;
	int cuda_version;                /* the toolkit's headers: 12 or 13 (0 means 13) */
	int no_fmad;                     /* --fmad=false: no a*b+c contraction in device code */
};

struct compilation {
	struct arena arena;
	struct srcmgr sm;
	struct diaglist diags;
	struct ir_module *mod;
};

void compilation_init(struct compilation *c);
void compilation_release(struct compilation *c);

int front_compile_file(struct compilation *c, const char *path, const struct front_opts *opts);
/* text is copied */
int front_compile_string(struct compilation *c, const char *name, const char *text,
			 const struct front_opts *opts);

enum front_stage { STAGE_PP_HOST, STAGE_PP_DEVICE, STAGE_AST, STAGE_IR, STAGE_DIAGS };
/* Compile and render `stage` into out (diagnostics render as plain text). */
int front_dump(const char *path, enum front_stage stage, const struct front_opts *opts,
	       struct strbuf *out);

#endif
