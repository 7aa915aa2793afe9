/*
 * util.h - the allocation funnel, growable vectors, string buffers, arenas.
 *
 * Contract:
 * - Every heap allocation of warpstep's own (its data structures, sized by
 *   the source text and the run: tokens, IR, threads, findings, shadow
 *   state) goes through xmalloc/xcalloc/xrealloc (or an arena built on
 *   them), and they never return NULL. When the C library says no, the
 *   funnel runs the hooks registered with util_oom_hook (most recent first:
 *   the interface restores the terminal, a writer removes its unfinished
 *   output file), writes "warpstep: out of memory" on stderr and ends the
 *   process with _exit(WS_EXIT_OOM): no abort, no core, no atexit handlers
 *   and no flushing of half-written stdio files (stdout and stderr are
 *   flushed first, so the program's output so far is not lost).
 * - The emulated program's memory is not warpstep's: what the program asks
 *   for (cudaMalloc, malloc, new, the machine's memory for them) is
 *   allocated with plain malloc/calloc and a failure is the program's error
 *   (NULL, cudaErrorMemoryAllocation), as on a real machine. The Lua heap
 *   (scripts/sandbox.c) is also outside the funnel: Lua needs an allocator
 *   that can fail, and reports that as a script error.
 * - Allocation-failure injection, for tests (tests/robust/allocfail.t):
 *   util_fail_after(n) makes the funnel's call number n (from 0) after it
 *   fail as if the C library had said no; util_alloc_calls counts the
 *   funnel's calls. The warpstep-failalloc test binary sets it from the
 *   environment (WS_FAIL_ALLOC_AFTER); the installed binary never does.
 * - An arena owns everything allocated from it; arena_release frees it whole.
 *   One arena per compilation.
 * - struct strbuf always holds a NUL-terminated string (buf may be NULL while
 *   len == 0; use strbuf_cstr to get a non-NULL pointer).
 */
#ifndef WS_UTIL_H
#define WS_UTIL_H

#include <stddef.h>
#include <stdint.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#if defined(__GNUC__)
#define WS_PRINTF(f, a) __attribute__((format(printf, f, a)))
#define WS_NORETURN __attribute__((noreturn))
#define WS_NOINLINE __attribute__((noinline))
#define WS_INLINE inline __attribute__((always_inline))
#define WS_LIKELY(x) __builtin_expect(!!(x), 1)
#define WS_UNLIKELY(x) __builtin_expect(!!(x), 0)
#else
#define WS_PRINTF(f, a)
#define WS_NORETURN
#define WS_NOINLINE
#define WS_INLINE inline
#define WS_LIKELY(x) (x)
#define WS_UNLIKELY(x) (x)
#endif

/* On a function whose common cases are branch-free passes over a warp's
 * lanes: compiled twice (x86-64 baseline and AVX2, x86-64-v3), the CPU's
 * best chosen once at load time (docs/PERFORMANCE.md); elsewhere, or with
 * WS_NO_CLONES, one version. The lane loops of fast_run (interp.c) are
 * compiled per instruction set by including fastrun.h instead. */
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && defined(__linux__) && \
	!defined(WS_NO_CLONES)
#define WS_CLONES __attribute__((target_clones("arch=x86-64-v3", "default")))
#else
#define WS_CLONES
#endif

#define WS_ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

/* Whether the n bytes at addr lie inside the size bytes at base. Every
 * bounds check goes through here: the obvious `addr + n > base + size`
 * wraps around for a huge n (a size of (size_t)-1 from a student's
 * program) and lets the access through. n == 0 is inside when addr is in
 * [base, base + size]. */
static inline int ws_range_in(uint64_t base, uint64_t size, uint64_t addr, uint64_t n)
{
	return addr >= base && addr - base <= size && n <= size - (addr - base);
}

void *xmalloc(size_t n);
void *xcalloc(size_t count, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
/* Test hook: make the allocation funnel fail after n more calls (-1: never). */
void util_fail_after(long n);
/* Calls of the funnel so far (xmalloc, xcalloc, xrealloc, arena chunks). */
unsigned long util_alloc_calls(void);
/* mmap calls made for fresh memory so far (huge_map, util_map_zero) */
unsigned long util_map_calls(void);
/* Exit status of warpstep itself running out of memory (not a status of the
 * program's: like timeout(1) and env(1), 125 says "the tool failed"). */
#define WS_EXIT_OOM 125
/* Run fn(arg) on the out-of-memory path, before the message and _exit.
 * Hooks must not allocate; at most 8 at a time. util_oom_unhook removes the
 * most recent registration of the pair (no-op when absent). */
void util_oom_hook(void (*fn)(void *), void *arg);
void util_oom_unhook(void (*fn)(void *), void *arg);
/* The out-of-memory path itself: hooks, message, _exit(WS_EXIT_OOM). */
WS_NORETURN void util_oom(void);

/* Growable vector of T: struct { T *v; size_t len, cap; }. */
#define VEC(T) struct { T *v; size_t len, cap; }
#define vec_push(vec, x) do { \
	if ((vec)->len == (vec)->cap) { \
		(vec)->cap = (vec)->cap ? (vec)->cap * 2 : 8; \
		(vec)->v = xrealloc((vec)->v, (vec)->cap * sizeof(*(vec)->v)); \
	} \
	(vec)->v[(vec)->len++] = (x); \
} while (0)
#define vec_free(vec) do { free((vec)->v); (vec)->v = NULL; (vec)->len = (vec)->cap = 0; } while (0)

struct strbuf {
	char *buf;
	size_t len, cap;
};
void strbuf_init(struct strbuf *sb);
void strbuf_release(struct strbuf *sb);
void strbuf_reset(struct strbuf *sb);
void strbuf_add(struct strbuf *sb, const void *p, size_t n);
/* Inline: the front end builds every function's mangled name and types'
 * spellings a character or a literal at a time. */
static inline void strbuf_addc(struct strbuf *sb, char c)
{
	if (sb->len + 2 <= sb->cap) {
		sb->buf[sb->len++] = c;
		sb->buf[sb->len] = 0;
	} else {
		strbuf_add(sb, &c, 1);
	}
}
static inline void strbuf_adds(struct strbuf *sb, const char *s)
{
	strbuf_add(sb, s, strlen(s));
}
void strbuf_addf(struct strbuf *sb, const char *fmt, ...) WS_PRINTF(2, 3);
void strbuf_vaddf(struct strbuf *sb, const char *fmt, va_list ap);
const char *strbuf_cstr(const struct strbuf *sb);
/* Hand the buffer to the caller (who frees it) and reset sb. Never NULL. */
char *strbuf_detach(struct strbuf *sb);

struct arena_chunk;
struct arena {
	struct arena_chunk *head;
	size_t total; /* bytes handed out, for limits */
	unsigned char *cur; /* the free end of the newest chunk, left bytes long */
	size_t left;
};
void arena_init(struct arena *a);
void arena_release(struct arena *a);
/* arena_alloc when the newest chunk has no room for n (a multiple of 16) */
void *arena_alloc_slow(struct arena *a, size_t n);
/* Zeroed memory, aligned to 16, owned by the arena. Inline: a compilation
 * makes about 70 k of them (hello world), most a bump of a pointer. */
static inline void *arena_alloc(struct arena *a, size_t n)
{
	n = (n + 15) & ~(size_t)15;
	if (n > a->left)
		return arena_alloc_slow(a, n);
	/* zero: chunks start zeroed, pieces are never reused (no local
	 * variable: callers that setjmp would warn of it being clobbered) */
	a->cur += n;
	a->left -= n;
	a->total += n;
	return a->cur - n;
}
char *arena_strndup(struct arena *a, const char *s, size_t n);
char *arena_strdup(struct arena *a, const char *s);

/*
 * A pool: zeroed pieces of memory carved from 2 MiB chunks that the kernel
 * may back with transparent huge pages (Linux), for many same-sized pieces
 * touched at once (the warps of a launch's resident blocks: one page fault
 * per 2 MiB instead of 512). A freed piece is kept for the next request of
 * the same size; the chunks go back with pool_release. NULL from pool_alloc
 * means "use malloc" (no huge pages here, or a piece too big for a chunk).
 */
struct pool_chunk;
struct pool_class;
struct pool {
	struct pool_chunk *head;
	struct pool_class *classes; /* freed pieces, by size */
	size_t bytes;               /* of its chunks */
};
void *pool_alloc(struct pool *p, size_t n);
void pool_free(struct pool *p, void *piece, size_t n);
void pool_release(struct pool *p);

/* Big zeroed buffers of their own mapping (device memory, checker shadows):
 * bytes of zeroed memory from mmap, or NULL where there is no mmap or the
 * mapping fails (the caller then uses calloc). populate: committed now
 * rather than page by page at first touch; huge: offered to transparent
 * huge pages (with populate, they are committed as huge pages where the
 * kernel can). util_unmap takes back exactly such a buffer. */
void *util_map_zero(size_t bytes, int populate, int huge);
void util_unmap(void *p, size_t bytes);

/*
 * Files. Reading: util_read_file reads only regular files of at most
 * UTIL_FILE_MAX bytes, and never blocks: a FIFO, a device, a socket or a
 * directory is refused before anything is read from it (so /dev/zero or a
 * FIFO with no writer cannot grow memory or hang the tool).
 *
 * Writing: every file warpstep writes (progress, --report, --record, exports)
 * goes through struct util_out, which never writes to the destination in
 * place. It creates a new file next to it, PATH.<pid>[.<n>].tmp, with
 * O_CREAT|O_EXCL|O_NOFOLLOW (a planted file or symbolic link at that name is
 * never opened: another name is tried), writes, fsyncs and renames it over
 * PATH, so PATH holds the old content or the new one, whole. A destination
 * that is a symbolic link, a directory or anything but a regular file, or
 * that exists but cannot be written, is refused; nothing is written through
 * a link. Every failure is reported: 0 on success, -1 with *why (a static
 * string, lowercase) otherwise.
 */
/* Write s (NULL: empty) as a JSON string, quotes included: '"' and '\\'
 * escaped, control characters as \n, \t or \u00XX; other bytes as they are
 * (UTF-8 passes through). */
void util_json_str(FILE *f, const char *s);

#define UTIL_FILE_MAX ((size_t)16 << 20) /* bytes util_read_file accepts */

/* Read a whole regular file (NUL-terminated; *len without the NUL). Returns
 * NULL and sets *err (when err is not NULL) to a static message on failure:
 * strerror text, "not a regular file", "larger than the 16 MiB limit". */
/* whether environment variable name is set to something other than "" or
 * "0": the one reading of every WS_NO_* switch */
int util_env_on(const char *name);

char *util_read_file(const char *path, size_t *len, const char **err);

/* Whether path could be read by util_read_file (without reading it): 0, or
 * -1 with *err as util_read_file would say. Never blocks. */
int util_check_readable(const char *path, const char **err);

struct util_out {
	FILE *f;      /* write through this between open and commit */
	char *path;   /* the destination */
	char *tmp;    /* the temporary file */
};

/* Whether path may be written: its folder exists and is writable, and path
 * is missing or a writable regular file (not a link). 0 or -1 with *why. */
int util_out_check(const char *path, const char **why);
/* Create the temporary file (permissions mode & ~umask when path is new,
 * else path's own). 0, or -1 with *why and o left empty. */
int util_out_open(struct util_out *o, const char *path, unsigned mode, const char **why);
/* Flush, fsync and close the temporary file, then rename it over the
 * destination. 0, or -1 with *why (the temporary file removed, the
 * destination untouched). Releases o either way. */
int util_out_commit(struct util_out *o, const char **why);
/* Remove the temporary file, leave the destination untouched; release o. */
void util_out_abort(struct util_out *o);
/* util_out_open + write n bytes of data + util_out_commit. */
int util_write_file(const char *path, const void *data, size_t n, unsigned mode, const char **why);

#endif
