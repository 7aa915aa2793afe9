/*
 * gpu.h - the real GPU: PTX from the IR (ptx.c) and the CUDA driver loaded
 * at run time (driver.c). docs/gpu.md describes both.
 *
 * Contract:
 * - gpu/ sits above ir/ and beside machine/: it sees the IR and util only.
 *   The machine knows the GPU through the backend table of machine.h
 *   (struct machine_gpu); the session connects the two.
 * - Nothing here prints or exits; errors come back as text.
 * - No CUDA header or library is needed to build: the driver's types and
 *   entry points are declared in driver.c and found with dlopen/dlsym.
 */
#ifndef WS_GPU_H
#define WS_GPU_H

#include <stddef.h>
#include <stdint.h>
#include "ir.h"
#include "util.h"

/* ---- PTX (ptx.c) */

/* The oldest and newest sm_NN the PTX emitter targets. */
#define GPU_ARCH_MIN 70
#define GPU_ARCH_MAX 120

/*
 * Write the PTX module of m's device code (kernels, device functions,
 * __device__/__constant__/__shared__/managed objects and the string
 * literals they use) for sm_<arch> into out. Source lines go into .file and
 * .loc directives. Returns 0, or -1 when a construct cannot be lowered: err
 * then holds "FILE:LINE:COL: what" for the first one (out holds a partial
 * module). arch outside [GPU_ARCH_MIN, GPU_ARCH_MAX] is an error too.
 */
int gpu_ptx_emit(const struct ir_module *m, int arch, struct strbuf *out, struct strbuf *err);

/*
 * gpu_ptx_emit with flags: GPU_PTX_TRACE puts a probe at every statement
 * start (IRF_STMT_START) of device code: while the module global
 * GPU_TRACE_BUF holds a buffer's address, the lowest active lane of each
 * warp there takes the next record (the atomic counter GPU_TRACE_N; none past
 * GPU_TRACE_CAP records, though the counter still counts) and writes
 * GPU_TRACE_REC bytes: u64 %globaltimer, u32 %smid, u32 %warpid, u32 the
 * active mask, u32 the statement (function index << 20 | pc), u32 the block's
 * linear index, u32 the warp's index in its block. docs/gpu.md "Traces".
 */
#define GPU_PTX_TRACE 1u
#define GPU_TRACE_BUF "__ws_trace_buf"
#define GPU_TRACE_N "__ws_trace_n"
#define GPU_TRACE_CAP "__ws_trace_cap"
#define GPU_TRACE_REC 32
/*
 * GPU_PTX_LITMUS (litmus --gpu): each kernel begins with the stress
 * prologue: physical block b plays role GPU_LIT_MAP[b] (blockIdx.x reads the
 * role, gridDim.x reads GPU_LIT_NTEST); roles below GPU_LIT_NTEST are the
 * test's blocks, whose threads meet at a spin barrier (GPU_LIT_BAR counts up
 * to GPU_LIT_NTHREADS) before the kernel's body; the other blocks run
 * GPU_LIT_ITERS volatile increments per thread over the scratch buffer at
 * GPU_LIT_SCRATCH (GPU_LIT_MASK + 1 words) and return. The launch may have
 * more threads per block than the test (blockDim.x reads GPU_LIT_NTIDX):
 * the whole warps past the test's threads stress too, the rest of its last
 * warp returns. __device__ objects are aligned to 4096 bytes, each location
 * in its own page. One-dimensional test grids of at most GPU_LIT_MAXBLOCKS
 * blocks in all.
 */
#define GPU_PTX_LITMUS 2u
#define GPU_LIT_MAXBLOCKS 1024
#define GPU_LIT_MAP "__ws_lit_map"
#define GPU_LIT_NTEST "__ws_lit_ntest"
#define GPU_LIT_BAR "__ws_lit_bar"
#define GPU_LIT_NTHREADS "__ws_lit_nthreads"
#define GPU_LIT_SCRATCH "__ws_lit_scratch"
#define GPU_LIT_ITERS "__ws_lit_iters"
#define GPU_LIT_MASK "__ws_lit_mask"
#define GPU_LIT_NTIDX "__ws_lit_ntidx"   /* the test's blockDim.x (threads past it stress) */
/*
 * GPU_PTX_LIVE (debug --gpu --live, docs/gpu.md "Live stepping"): a gate at
 * every statement start of device code. While the module global
 * GPU_LIVE_BUF holds the device address of the live area (mapped host
 * memory: a GPU_LIVE_HDR-byte header, then a GPU_LIVE_SLOT-byte slot per
 * warp of the launch, indexed by block linear index * warps per block +
 * warp in block), the lowest active lane of each warp takes the warp's lock
 * (GPU_LIVE_LOCK: a device word per warp), writes the statement, line,
 * active mask, SM, warp slot and the values of up to GPU_LIVE_NVALS scalar
 * variables in scope (gpu_live_vars) into its slot, then the statement
 * count (seq), and spins until the host's count (go) reaches it; the other
 * lanes wait for it at bar.warp.sync. A set release_all word in the header
 * frees every gate; a gate that waited GPU_LIVE_TIMEOUT (the header's
 * timeout_ns, by %globaltimer) sets release_all and gave_up and goes on,
 * so the kernel never waits forever. A kernel's return ors the returning
 * lanes into the slot's exit mask.
 */
#define GPU_PTX_LIVE 4u
#define GPU_LIVE_BUF "__ws_live_buf"
#define GPU_LIVE_LOCK "__ws_live_lock"
#define GPU_LIVE_HDR 64
#define GPU_LIVE_SLOT 128
#define GPU_LIVE_NVALS 8
/* header words (byte offsets) */
#define GPU_LIVE_H_MAGIC 0
#define GPU_LIVE_H_RELEASE 4
#define GPU_LIVE_H_GAVEUP 8
#define GPU_LIVE_H_TIMEOUT 16   /* u64 ns */
/* slot fields (byte offsets) */
#define GPU_LIVE_S_SEQ 0
#define GPU_LIVE_S_GO 4
#define GPU_LIVE_S_STMT 8
#define GPU_LIVE_S_LINE 12
#define GPU_LIVE_S_MASK 16
#define GPU_LIVE_S_SMID 20
#define GPU_LIVE_S_WARPID 24
#define GPU_LIVE_S_EXIT 28
#define GPU_LIVE_S_NVALS 32
#define GPU_LIVE_S_BLOCK 36
#define GPU_LIVE_S_VALS 40      /* GPU_LIVE_NVALS u64 */
#define GPU_LIVE_S_WARP 104
/*
 * The variables whose values the gate at instruction pc of f writes: the
 * indexes into f->vars of the first GPU_LIVE_NVALS scalar variables held in
 * registers and in scope there, in f->vars' order, into out. Returns their
 * number. The host reads the slot's values in the same order.
 */
uint32_t gpu_live_vars(const struct ir_func *f, uint32_t pc, uint32_t out[GPU_LIVE_NVALS]);
int gpu_ptx_emit_flags(const struct ir_module *m, int arch, unsigned flags, struct strbuf *out,
		       struct strbuf *err);

/* The PTX name of function idx (a kernel's entry, for cuModuleGetFunction)
 * and of object idx (for cuModuleGetGlobal), into out (appended). */
void gpu_ptx_func_name(const struct ir_module *m, uint32_t idx, struct strbuf *out);
void gpu_ptx_obj_name(const struct ir_module *m, uint32_t idx, struct strbuf *out);

/* The name of the module global the grid barrier counts in (cooperative
 * groups' this_grid().sync()); the backend zeroes it before each launch. */
#define GPU_GRID_BAR "__ws_grid_bar"
#define GPU_GRID_COOP "__ws_grid_coop_flag"
/* The module global that points at one 8-byte word per thread of the
 * launch (the backend allocates and zeroes it before each launch): a
 * thread's cursor in a cuda::pipeline (head | tail << 32). */
#define GPU_PIPE_HT "__ws_pipe_ht"
/* The module global that maps the emulator's texture and surface object
 * handles (1, 2 ...) to the GPU's: GPU_TEX_MAX words, indexed by the
 * handle; the backend creates the GPU's objects and fills it. */
#define GPU_TEX_MAP "__ws_texmap"
/* cudaGraphSetConditional's log: GPU_SETCOND_N counts the calls (the
 * backend zeroes it before a launch), GPU_SETCOND_LOG holds the first
 * GPU_SETCOND_MAX (handle, value) pairs, applied after the launch */
#define GPU_SETCOND_N "__ws_setcond_n"
#define GPU_SETCOND_LOG "__ws_setcond"
#define GPU_SETCOND_MAX 1024
/* the PTX subroutine of sinf and cosf (libdevice's algorithm) */
#define GPU_SINCOSF "__ws_sincosf"
#define GPU_TEX_MAX 1024

/*
 * Kernel argument packing for cuLaunchKernel: given kernel fn's parameter
 * buffer laid out as the emulator lays it out (each parameter at its
 * natural alignment, param_size/param_align of ir.h), fill ptrs[k] with the
 * address of parameter k inside buf. Returns the number of parameters.
 * ptrs must hold fn->nparams entries.
 */
uint32_t gpu_pack_args(const struct ir_func *fn, uint8_t *buf, void **ptrs);

/* ---- the CUDA driver (driver.c) */

struct gpu_driver;

/* Exit status of `--gpu` when no GPU can be used (docs/warpstep.1). */
#define GPU_EXIT_NODEV 3

/*
 * Load libcuda (dlopen "libcuda.so.1", or $WARPSTEP_LIBCUDA when set), find
 * its entry points, initialize it and retain device 0's primary context.
 * NULL with a one-line reason in err when any step fails ("no CUDA driver:
 * libcuda.so.1: cannot open shared object file", "no CUDA device: ...").
 */
struct gpu_driver *gpu_driver_open(struct strbuf *err);
void gpu_driver_close(struct gpu_driver *d);
/* The device's compute capability as NN (90 for an H100) and its name. */
int gpu_driver_arch(const struct gpu_driver *d);
const char *gpu_driver_name(const struct gpu_driver *d);

/* Each call returns a CUresult (0 = CUDA_SUCCESS); on an error the driver's
 * own name and message are in gpu_driver_error. */
const char *gpu_driver_error(const struct gpu_driver *d, int res, const char **name);
/* Load PTX text (JIT); the JIT's error log (with the .loc lines) into log. */
int gpu_module_load(struct gpu_driver *d, const char *ptx, void **module, struct strbuf *log);
int gpu_module_unload(struct gpu_driver *d, void *module);
int gpu_module_function(struct gpu_driver *d, void *module, const char *name, void **fn);
int gpu_module_global(struct gpu_driver *d, void *module, const char *name, uint64_t *dptr,
		      size_t *bytes);
int gpu_mem_alloc(struct gpu_driver *d, uint64_t *dptr, size_t bytes);
int gpu_mem_alloc_managed(struct gpu_driver *d, uint64_t *dptr, size_t bytes);
int gpu_mem_free(struct gpu_driver *d, uint64_t dptr);
int gpu_memcpy_htod(struct gpu_driver *d, uint64_t dst, const void *src, size_t n, void *stream);
int gpu_memcpy_dtoh(struct gpu_driver *d, void *dst, uint64_t src, size_t n, void *stream);
int gpu_memcpy_dtod(struct gpu_driver *d, uint64_t dst, uint64_t src, size_t n, void *stream);
int gpu_memset8(struct gpu_driver *d, uint64_t dst, uint8_t v, size_t n, void *stream);
int gpu_mem_info(struct gpu_driver *d, size_t *free_b, size_t *total);
int gpu_launch(struct gpu_driver *d, void *fn, const uint32_t grid[3], const uint32_t block[3],
	       uint32_t shmem, void *stream, void **params, int cooperative);
/* a launch in clusters of cluster[0] x [1] x [2] blocks (cuLaunchKernelEx
 * with the cluster dimension attribute; 801 without that entry point) */
int gpu_launch_cluster(struct gpu_driver *d, void *fn, const uint32_t grid[3], const uint32_t block[3],
		       uint32_t shmem, void *stream, void **params, const uint32_t cluster[3]);
int gpu_func_set_max_dyn_shared(struct gpu_driver *d, void *fn, int bytes);
int gpu_ctx_synchronize(struct gpu_driver *d);
int gpu_stream_create(struct gpu_driver *d, void **s, unsigned flags);
int gpu_stream_destroy(struct gpu_driver *d, void *s);
int gpu_stream_synchronize(struct gpu_driver *d, void *s);
int gpu_stream_query(struct gpu_driver *d, void *s);
int gpu_event_create(struct gpu_driver *d, void **e, unsigned flags);
int gpu_event_destroy(struct gpu_driver *d, void *e);
int gpu_event_record(struct gpu_driver *d, void *e, void *s);
int gpu_event_synchronize(struct gpu_driver *d, void *e);
int gpu_event_query(struct gpu_driver *d, void *e);
int gpu_event_elapsed(struct gpu_driver *d, float *ms, void *start, void *end);
int gpu_device_attribute(struct gpu_driver *d, int *v, int attr);
int gpu_ctx_set_limit(struct gpu_driver *d, int limit, size_t value);
/* Live stepping: page-locked host memory mapped into the GPU's address
 * space (cuMemHostAlloc with DEVICEMAP, cuMemHostGetDevicePointer), its
 * release, and the blocks of fn one SM holds at once with `threads` threads
 * and shmem dynamic shared bytes. 801 (not supported) from a driver without
 * these entry points. */
int gpu_host_alloc_mapped(struct gpu_driver *d, void **host, uint64_t *dptr, size_t bytes);
int gpu_host_free(struct gpu_driver *d, void *host);
int gpu_occupancy(struct gpu_driver *d, int *blocks_per_sm, void *fn, int threads, size_t shmem);

/* CUDA arrays (a mipmapped one when levels > 0: *mm), texture and surface
 * objects, for run --gpu's textures. format: CUarray_format (0x01 uint8 ...
 * 0x20 float); flags: CUDA_ARRAY3D_* (as cudaArray* flags). A driver
 * without these entry points answers 801 (CUDA_ERROR_NOT_SUPPORTED). */
struct gpu_array_desc {
	size_t w, h, d;
	int format;
	unsigned nchan, flags;
};
int gpu_array_create(struct gpu_driver *d, void **arr, const struct gpu_array_desc *a, unsigned levels, void **mm);
int gpu_mipmap_level(struct gpu_driver *d, void **arr, void *mm, unsigned level);
int gpu_array_destroy(struct gpu_driver *d, void *arr, void *mm);
/* the whole array (of one level) to or from host rows of row_bytes, rows a
 * slice, depth slices */
int gpu_array_copy(struct gpu_driver *d, void *arr, void *host, size_t row_bytes, size_t rows, size_t depth,
		   int to_array);
struct gpu_res_desc {
	int type;                   /* 0 array, 1 mipmapped array, 2 linear, 3 pitch 2D */
	void *array, *mipmap;
	uint64_t ptr;
	int format;
	unsigned nchan;
	size_t bytes, w, h, pitch;
};
struct gpu_tex_desc {
	int addr[3], filter;
	unsigned flags;             /* CU_TRSF_*: 1 read as integer, 2 normalized coordinates, 0x10 sRGB ... */
	unsigned max_aniso;
	int mip_filter;
	float bias, lodmin, lodmax, border[4];
};
int gpu_tex_create(struct gpu_driver *d, uint64_t *obj, const struct gpu_res_desc *r, const struct gpu_tex_desc *t);
int gpu_surf_create(struct gpu_driver *d, uint64_t *obj, const struct gpu_res_desc *r);
int gpu_tex_destroy(struct gpu_driver *d, uint64_t obj, int surface);

/*
 * The runtime's error code (cudaError_t) for a driver result: the runtime
 * maps CUDA_ERROR_* one to one for most codes (CUDA_ERROR_ILLEGAL_ADDRESS
 * 700 -> cudaErrorIllegalAddress 700, CUDA_ERROR_ASSERT 710 -> 710 ...) and
 * renumbers the first few (CUDA_ERROR_NOT_INITIALIZED 3 -> 3 ...).
 */
int gpu_runtime_code(int cu_result);

#endif
