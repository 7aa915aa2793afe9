/* MAP_ANONYMOUS and MADV_HUGEPAGE (arena chunks) are not POSIX */
#define _DEFAULT_SOURCE
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif
#include <unistd.h>

static long fail_after = -1;
static unsigned long alloc_calls;

static struct {
	void (*fn)(void *);
	void *arg;
} oom_hooks[8];
static int noom_hooks;

void util_fail_after(long n)
{
	fail_after = n;
}

unsigned long util_alloc_calls(void)
{
	return alloc_calls;
}

static unsigned long map_calls; /* mmaps made (huge_map, util_map_zero) */

unsigned long util_map_calls(void)
{
	return map_calls;
}

void util_oom_hook(void (*fn)(void *), void *arg)
{
	if (noom_hooks < (int)WS_ARRAY_LEN(oom_hooks)) {
		oom_hooks[noom_hooks].fn = fn;
		oom_hooks[noom_hooks].arg = arg;
		noom_hooks++;
	}
}

void util_oom_unhook(void (*fn)(void *), void *arg)
{
	for (int i = noom_hooks - 1; i >= 0; i--) {
		if (oom_hooks[i].fn == fn && oom_hooks[i].arg == arg) {
			memmove(&oom_hooks[i], &oom_hooks[i + 1], (size_t)(noom_hooks - i - 1) * sizeof(oom_hooks[0]));
			noom_hooks--;
			return;
		}
	}
}

void util_oom(void)
{
	/* a hook that allocates would come back here: run each at most once */
	while (noom_hooks > 0) {
		noom_hooks--;
		oom_hooks[noom_hooks].fn(oom_hooks[noom_hooks].arg);
	}
	fflush(stdout);
	fputs("warpstep: out of memory\n", stderr);
	fflush(stderr);
	_exit(WS_EXIT_OOM);
}

/* 1 when this call must fail (injection), counting every call. */
static int fail_now(void)
{
	alloc_calls++;
	if (WS_UNLIKELY(fail_after >= 0)) {
		if (fail_after == 0)
			return 1;
		fail_after--;
	}
	return 0;
}

static void *oom_check(void *p)
{
	if (WS_UNLIKELY(!p))
		util_oom();
	return p;
}

void *xmalloc(size_t n)
{
	if (fail_now())
		util_oom();
	return oom_check(malloc(n ? n : 1));
}

void *xcalloc(size_t count, size_t size)
{
	if (fail_now())
		util_oom();
	return oom_check(calloc(count ? count : 1, size ? size : 1));
}

void *xrealloc(void *p, size_t n)
{
	if (fail_now())
		util_oom();
	return oom_check(realloc(p, n ? n : 1));
}

char *xstrndup(const char *s, size_t n)
{
	char *p = xmalloc(n + 1);
	memcpy(p, s, n);
	p[n] = 0;
	return p;
}

char *xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

void strbuf_init(struct strbuf *sb)
{
	sb->buf = NULL;
	sb->len = sb->cap = 0;
}

void strbuf_release(struct strbuf *sb)
{
	free(sb->buf);
	strbuf_init(sb);
}

void strbuf_reset(struct strbuf *sb)
{
	sb->len = 0;
	if (sb->buf)
		sb->buf[0] = 0;
}

static void strbuf_grow(struct strbuf *sb, size_t extra)
{
	if (sb->len + extra + 1 <= sb->cap)
		return;
	size_t cap = sb->cap ? sb->cap : 64;
	while (cap < sb->len + extra + 1)
		cap *= 2;
	sb->buf = xrealloc(sb->buf, cap);
	sb->cap = cap;
}

void strbuf_add(struct strbuf *sb, const void *p, size_t n)
{
	strbuf_grow(sb, n);
	memcpy(sb->buf + sb->len, p, n);
	sb->len += n;
	sb->buf[sb->len] = 0;
}

void strbuf_vaddf(struct strbuf *sb, const char *fmt, va_list ap)
{
	va_list cp;
	va_copy(cp, ap);
	int n = vsnprintf(NULL, 0, fmt, cp);
	va_end(cp);
	if (n < 0)
		return;
	strbuf_grow(sb, (size_t)n);
	vsnprintf(sb->buf + sb->len, (size_t)n + 1, fmt, ap);
	sb->len += (size_t)n;
}

void strbuf_addf(struct strbuf *sb, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	strbuf_vaddf(sb, fmt, ap);
	va_end(ap);
}

const char *strbuf_cstr(const struct strbuf *sb)
{
	return sb->buf ? sb->buf : "";
}

char *strbuf_detach(struct strbuf *sb)
{
	char *p = sb->buf ? sb->buf : xstrdup("");
	strbuf_init(sb);
	return p;
}

struct arena_chunk {
	struct arena_chunk *next;
	size_t size;            /* the arena's cur and left track the newest one's use */
	struct zone *zone;      /* the zone it lies in, or NULL: malloc'd */
	_Alignas(16) unsigned char data[];
};

/* Chunks start at 64 KiB and double up to HUGE_CHUNK; chunks of that size
 * are mapped at a 2 MiB boundary and offered to the kernel's transparent
 * huge pages (madvise), so that the compilation's tens of MiB of tokens and
 * trees cost one page fault per 2 MiB instead of 512 (most of the start-up
 * time of a small program was page faults). */
#define FIRST_CHUNK ((size_t)64 << 10)
#define HUGE_CHUNK ((size_t)2 << 20)

/* $WS_NO_HUGEPAGES=1: huge_map leaves its chunks to small pages (the
 * measurements behind the default are in docs/PERFORMANCE.md) */
static int huge_off(void)
{
	static int off = -1;
	if (off < 0) {
		off = util_env_on("WS_NO_HUGEPAGES");
	}
	return off;
}

int util_env_on(const char *name)
{
	const char *e = getenv(name);
	return e && *e && strcmp(e, "0") != 0;
}

/* size bytes (a multiple of HUGE_CHUNK) of zeroed memory at a HUGE_CHUNK
 * boundary, or NULL (then the caller uses malloc) */
static void *huge_map(size_t size)
{
#if defined(__linux__) && defined(MAP_ANONYMOUS) && defined(MADV_HUGEPAGE)
	size_t span = size + HUGE_CHUNK;
	void *m = mmap(NULL, span, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	map_calls++;
	if (m == MAP_FAILED)
		return NULL;
	uintptr_t p = (uintptr_t)m, a = (p + HUGE_CHUNK - 1) & ~(uintptr_t)(HUGE_CHUNK - 1);
	if (a > p)
		munmap(m, a - p);
	if (p + span > a + size)
		munmap((void *)(a + size), p + span - (a + size));
	if (!huge_off())
		madvise((void *)a, size, MADV_HUGEPAGE); /* a hint: without it, small pages */
	return (void *)a;
#else
	(void)size;
	return NULL;
#endif
}

static void huge_unmap(void *p, size_t size)
{
#if defined(__linux__) && defined(MAP_ANONYMOUS) && defined(MADV_HUGEPAGE)
	munmap(p, size);
#else
	(void)p;
	(void)size;
#endif
}

/* ---- zones: one huge page shared by the small users of fresh memory
 *
 * The first touch of a 2 MiB huge page costs about what 90 faults of 4 KiB
 * cost in the VM this was measured on (the kernel zeroes all of it), so it
 * pays only when most of it is used. In a small run (vecadd at 2^14) the
 * arena used half of its huge chunk, the warp pool 300 KiB of another (a
 * hello world 8 KiB), and the program's 64 KiB arrays, their device copies
 * and the checkers' shadows took nine populated mappings of small pages of
 * their own. A zone is one such 2 MiB mapping that they share: the arena
 * whose newest chunk it is (its tenant) grows up from the bottom, the other
 * pieces (pool chunks, small arena chunks, util_map_zero's small buffers)
 * are carved down from the top, 4 KiB aligned, and the zone is unmapped
 * when its last piece goes back. Nothing carved is ever carved again, so a
 * piece is zero as a fresh mapping is. The process is single-threaded (host
 * threads are emulated), so the zones are plain globals. */
struct zone {
	struct zone *next;      /* the live zones, for util_unmap */
	size_t refs;            /* pieces not given back, the tenant's chunk one of them */
	unsigned char *hi;      /* the free part ends here (the pieces lie above it) */
	unsigned char *lo;      /* and starts here, when the zone has no tenant */
	struct arena *tenant;   /* whose newest chunk this is: its free end is ours */
};
#define ZONE_HEAD ((size_t)64)
#define ZONE_PIECE_MAX ((size_t)512 << 10) /* util_map_zero's buffers from a zone up to this */
#define POOL_CHUNK ((size_t)64 << 10)
#define POOL_SMALL ((size_t)384 << 10)    /* a pool takes no zone of its own below this */

static struct zone *zones;      /* every live zone, the newest first */
static struct zone *zone_cur;   /* where pieces come from (the newest), or NULL */
#if defined(__linux__) && defined(MAP_ANONYMOUS) && defined(MADV_HUGEPAGE)
static int zone_none;           /* 1: no mapping can be had (huge_map gave NULL) */
#else
static int zone_none = 1;       /* huge_map never maps here */
#endif

static struct zone *zone_new(void)
{
	struct zone *z = huge_map(HUGE_CHUNK);
	if (!z) {
		zone_none = 1;
		return NULL;
	}
	z->next = zones;
	zones = z;
	z->lo = (unsigned char *)z + ZONE_HEAD;
	z->hi = (unsigned char *)z + HUGE_CHUNK;
	zone_cur = z;
	return z;
}

/* n bytes (a multiple of 4 KiB) of zero memory, 4 KiB aligned, from the top
 * of the newest zone, or NULL when it has no room (the tenant's free end
 * shrinks by what is taken) */
static void *zone_take(size_t n)
{
	struct zone *z = zone_cur;
	if (!z)
		return NULL;
	unsigned char *lo = z->tenant ? z->tenant->cur : z->lo;
	if ((size_t)(z->hi - lo) < n)
		return NULL;
	unsigned char *p = (unsigned char *)((uintptr_t)(z->hi - n) & ~(uintptr_t)4095);
	if (p < lo)
		return NULL;
	if (z->tenant)
		z->tenant->left = (size_t)(p - lo);
	z->hi = p;
	z->refs++;
	return p;
}

/* a piece back: the zone goes when its last one does */
static void zone_put(struct zone *z)
{
	if (--z->refs)
		return;
	struct zone **pp = &zones;
	while (*pp != z)
		pp = &(*pp)->next;
	*pp = z->next;
	if (zone_cur == z)
		zone_cur = NULL;
	huge_unmap(z, HUGE_CHUNK);
}

/* the tenant a leaves z (it moves on to a new chunk, or is released): what
 * it did not use is still zero and stays the zone's */
static void zone_leave(struct zone *z, struct arena *a)
{
	if (z && z->tenant == a) {
		z->tenant = NULL;
		z->lo = a->cur;
	}
}

void *util_map_zero(size_t bytes, int populate, int huge)
{
#if defined(MAP_ANONYMOUS)
	if (!huge && bytes && bytes <= ZONE_PIECE_MAX) { /* a piece of the newest zone, if it has room */
		void *z = zone_take((bytes + 4095) & ~(size_t)4095);
		if (z)
			return z;
	}
	int flags = MAP_PRIVATE | MAP_ANONYMOUS;
#if defined(MAP_POPULATE)
	if (populate && !huge)
		flags |= MAP_POPULATE;
#endif
	void *p = mmap(NULL, bytes ? bytes : 1, PROT_READ | PROT_WRITE, flags, -1, 0);
	map_calls++;
	if (p == MAP_FAILED)
		return NULL;
#if defined(MADV_HUGEPAGE)
	if (huge && !huge_off())
		madvise(p, bytes, MADV_HUGEPAGE);
#endif
#if defined(__linux__)
	/* committed after the advice, so that the pages are huge ones
	 * (MAP_POPULATE would commit small pages before it); a kernel without
	 * MADV_POPULATE_WRITE (before 5.14) leaves them to the first touch */
	if (huge && populate)
		madvise(p, bytes, 23 /* MADV_POPULATE_WRITE */);
#endif
	return p;
#else
	(void)bytes;
	(void)populate;
	(void)huge;
	return NULL;
#endif
}

void util_unmap(void *p, size_t bytes)
{
#if defined(MAP_ANONYMOUS)
	struct zone *z = zones; /* a piece of a zone goes back to it */
	while (z && ((unsigned char *)p < (unsigned char *)z || (unsigned char *)p >= (unsigned char *)z + HUGE_CHUNK))
		z = z->next;
	if (z)
		zone_put(z);
	else if (p)
		munmap(p, bytes ? bytes : 1);
#else
	(void)p;
	(void)bytes;
#endif
}

/* ---- pools (util.h) */

struct pool_chunk {
	struct pool_chunk *next;
	size_t used;
	size_t room;            /* bytes of data */
	struct zone *zone;      /* a piece of this zone, or NULL: a mapping of its own */
	size_t size;            /* bytes of that mapping */
	_Alignas(64) unsigned char data[];
};
struct pool_free {
	struct pool_free *next;
};
struct pool_class {            /* the freed pieces of one size (few sizes: a list) */
	struct pool_class *next;
	size_t size;
	struct pool_free *head;
};

static struct pool_class *pool_class_of(struct pool *p, size_t n, int make)
{
	for (struct pool_class *c = p->classes; c; c = c->next)
		if (c->size == n)
			return c;
	if (!make)
		return NULL;
	struct pool_class *c = xcalloc(1, sizeof(*c));
	c->size = n;
	c->next = p->classes;
	p->classes = c;
	return c;
}

/* Small pools' own chunks (POOL_CHUNK bytes of small pages), kept when
 * their pool is released, for the next pool that needs one. `explore` runs
 * a machine per execution (7,743 for ISA2_fence_cta_same): once the zone's
 * top was carved (pieces are never carved again) each of them mapped,
 * populated and unmapped about six chunks, 1.3 s of the test's 2.4 s of
 * CPU in mmap and munmap. A kept chunk is zeroed up to where it was used
 * (the rest was never touched: still zero). */
#define POOL_KEEP 8u
static struct pool_chunk *kept;
static unsigned nkept;

static struct pool_chunk *chunk_kept(void)
{
	struct pool_chunk *c = kept;
	if (!c)
		return NULL;
	kept = c->next;
	nkept--;
	memset(c->data, 0, c->used);
	return c;
}

void *pool_alloc(struct pool *p, size_t n)
{
	n = (n + 63) & ~(size_t)63;
	/* the size's class is made here, where running out of memory is
	 * expected, so that pool_free never allocates (a teardown after the
	 * program's output and --report are written cannot fail) */
	struct pool_class *k = pool_class_of(p, n, 1);
	if (k->head) {
		void *piece = k->head;
		k->head = k->head->next;
		memset(piece, 0, n);
		return piece;
	}
	size_t room = HUGE_CHUNK - sizeof(struct pool_chunk);
	if (n > room)
		return NULL;
	struct pool_chunk *c = p->head;
	if (!c || c->room - c->used < n) {
		if (fail_now())
			util_oom();
		/* a chunk of the newest zone (a small launch's warps share the
		 * compilation's huge page); else, while the pool is small, small
		 * pages committed at once (a huge page's first touch costs about
		 * what 360 KiB of them do); a big pool takes a zone of its own
		 * whole, as its chunks were before zones (64 KiB chunks would
		 * leave a piece's worth unused at each end); a piece too big for
		 * a zone, a huge chunk of its own */
		size_t want = (n + sizeof(struct pool_chunk) + 4095) & ~(size_t)4095;
		if (want < POOL_CHUNK)
			want = POOL_CHUNK;
		struct zone *z = zone_cur;
		size_t size = 0;
		if (want > HUGE_CHUNK - 4096) {
			z = NULL;
			c = huge_map(HUGE_CHUNK);
			size = want = HUGE_CHUNK;
		} else if (want == POOL_CHUNK && p->bytes < POOL_SMALL && (c = chunk_kept()) != NULL) {
			z = NULL;
			size = want;
		} else if (!(c = zone_take(want))) {
			if (p->bytes < POOL_SMALL && (c = util_map_zero(want, 1, 0)) != NULL) {
				z = NULL;
				size = want;
			} else if ((z = zone_new()) != NULL) {
				if (p->bytes >= POOL_SMALL)
					want = HUGE_CHUNK - 4096; /* all of it (4 KiB aligned below the head) */
				c = zone_take(want);
			}
		}
		if (!c)
			return NULL;
		c->used = 0;
		c->room = want - sizeof(struct pool_chunk);
		c->zone = z;
		c->size = size;
		c->next = p->head;
		p->head = c;
		p->bytes += want;
	}
	void *piece = c->data + c->used; /* fresh mapped memory: zero */
	c->used += n;
	return piece;
}

void pool_free(struct pool *p, void *piece, size_t n)
{
	struct pool_class *k = pool_class_of(p, (n + 63) & ~(size_t)63, 0);
	if (!k)
		return; /* not carved by pool_alloc: it stays in its chunk */
	struct pool_free *f = piece;
	f->next = k->head;
	k->head = f;
}

void pool_release(struct pool *p)
{
	while (p->head) {
		struct pool_chunk *c = p->head;
		p->head = c->next;
		if (c->zone) {
			zone_put(c->zone);
		} else if (c->size == POOL_CHUNK && nkept < POOL_KEEP) {
			c->next = kept; /* c->used: what chunk_kept zeroes */
			kept = c;
			nkept++;
		} else {
			util_unmap(c, c->size);
		}
	}
	while (p->classes) {
		struct pool_class *k = p->classes;
		p->classes = k->next;
		free(k);
	}
	p->bytes = 0;
}

void arena_init(struct arena *a)
{
	a->head = NULL;
	a->total = 0;
	a->cur = NULL;
	a->left = 0;
}

void arena_release(struct arena *a)
{
	struct arena_chunk *c = a->head;
	while (c) {
		struct arena_chunk *next = c->next;
		if (c->zone) {
			zone_leave(c->zone, a);
			zone_put(c->zone);
		} else {
			free(c);
		}
		c = next;
	}
	arena_init(a);
}

static struct arena_chunk *chunk_new(struct arena *a, size_t n)
{
	size_t last = a->head ? a->head->size + sizeof(struct arena_chunk) : 0;
	size_t want = last < FIRST_CHUNK ? FIRST_CHUNK : last * 2 > HUGE_CHUNK ? HUGE_CHUNK : last * 2;
	/* a request of a quarter of the next chunk or more (a header's
	 * tokens): the arena is a large one, take a huge chunk now rather than
	 * a malloc'd piece of small pages faulted one by one */
	if (n >= want / 4 && n <= HUGE_CHUNK - sizeof(struct arena_chunk))
		want = HUGE_CHUNK;
	/* an arena when there is no zone (the process's first, the
	 * compilation's) opens one: its first small chunks would be small
	 * pages faulted one by one */
	if (!zone_cur && !zone_none)
		want = HUGE_CHUNK;
	struct arena_chunk *c = NULL;
	struct zone *z = NULL;
	if (want == HUGE_CHUNK && n <= HUGE_CHUNK - sizeof(*c) - ZONE_HEAD) {
		if (fail_now()) /* the allocation funnel's count and injected failures */
			util_oom();
		if ((z = zone_new())) {
			c = (struct arena_chunk *)((unsigned char *)z + ZONE_HEAD);
			want = HUGE_CHUNK - ZONE_HEAD;
			z->refs = 1;
			z->tenant = a;
		}
	} else if (want < HUGE_CHUNK && n <= want - sizeof(*c) && zone_cur) {
		if (fail_now()) /* counted as the calloc below would be */
			util_oom();
		z = zone_cur; /* a small chunk: a piece of the newest zone, if it has room */
		if ((c = zone_take(want)) == NULL) {
			z = NULL;
			c = calloc(1, want); /* as xcalloc, counted already */
			if (!c)
				util_oom();
		}
	}
	if (!c) { /* zeroed whole (a mapped chunk is zero already) */
		size_t size = n > want - sizeof(*c) ? n : want - sizeof(*c);
		c = xcalloc(1, sizeof(*c) + size);
		want = sizeof(*c) + size;
	}
	c->size = want - sizeof(*c);
	c->zone = z;
	c->next = a->head;
	a->head = c;
	return c;
}

void *arena_alloc_slow(struct arena *a, size_t n)
{
	if (a->head)
		zone_leave(a->head->zone, a);
	struct arena_chunk *c = chunk_new(a, n);
	a->cur = c->data + n;
	a->left = c->size - n;
	a->total += n;
	return c->data;
}

char *arena_strndup(struct arena *a, const char *s, size_t n)
{
	char *p = arena_alloc(a, n + 1);
	memcpy(p, s, n);
	p[n] = 0;
	return p;
}

char *arena_strdup(struct arena *a, const char *s)
{
	return arena_strndup(a, s, strlen(s));
}

/* ---- files */

static const char *const too_large = "larger than the 16 MiB limit";
static const char *const not_regular = "not a regular file";

/* Why a file of this type and size cannot be read, or NULL. */
static const char *stat_refusal(const struct stat *st)
{
	if (S_ISDIR(st->st_mode))
		return strerror(EISDIR);
	if (!S_ISREG(st->st_mode))
		return not_regular;
	if ((uintmax_t)st->st_size > UTIL_FILE_MAX)
		return too_large;
	return NULL;
}

int util_check_readable(const char *path, const char **err)
{
	const char *why;
	struct stat st;
	int fd;

	if (!err)
		err = &why;
	if (stat(path, &st) < 0) {
		*err = strerror(errno);
		return -1;
	}
	if ((*err = stat_refusal(&st)) != NULL)
		return -1;
	if ((fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)) < 0) {
		*err = strerror(errno);
		return -1;
	}
	close(fd);
	return 0;
}

char *util_read_file(const char *path, size_t *len, const char **err)
{
	const char *why;
	struct strbuf sb;
	struct stat st;
	char tmp[65536];
	int fd;

	if (!err)
		err = &why;
	/* stat first: opening a device or a FIFO can block or have effects */
	if (stat(path, &st) < 0) {
		*err = strerror(errno);
		return NULL;
	}
	if ((*err = stat_refusal(&st)) != NULL)
		return NULL;
	if ((fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)) < 0) {
		*err = strerror(errno);
		return NULL;
	}
	/* the file may have been replaced between stat and open */
	if (fstat(fd, &st) < 0 || (*err = stat_refusal(&st)) != NULL) {
		if (!*err)
			*err = strerror(errno);
		close(fd);
		return NULL;
	}
	strbuf_init(&sb);
	for (;;) {
		ssize_t n = read(fd, tmp, sizeof(tmp));

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			*err = strerror(errno);
			goto fail;
		}
		if (n == 0)
			break;
		if ((size_t)n > UTIL_FILE_MAX - sb.len) { /* it grew while we read */
			*err = too_large;
			goto fail;
		}
		strbuf_add(&sb, tmp, (size_t)n);
	}
	close(fd);
	if (len)
		*len = sb.len;
	*err = NULL;
	return strbuf_detach(&sb);
fail:
	close(fd);
	strbuf_release(&sb);
	return NULL;
}

/* The folder part of path ("." when it has none). */
static char *dir_of(const char *path)
{
	const char *slash = strrchr(path, '/');

	if (!slash)
		return xstrdup(".");
	if (slash == path)
		return xstrdup("/");
	return xstrndup(path, (size_t)(slash - path));
}

int util_out_check(const char *path, const char **why)
{
	struct stat st;
	char *dir;
	int ret = 0;

	if (!*path) {
		*why = strerror(ENOENT);
		return -1;
	}
	if (lstat(path, &st) == 0) {
		if (S_ISLNK(st.st_mode))
			*why = "a symbolic link (warpstep does not write through links)";
		else if (S_ISDIR(st.st_mode))
			*why = strerror(EISDIR);
		else if (!S_ISREG(st.st_mode))
			*why = not_regular;
		else if (access(path, W_OK) < 0)
			*why = strerror(errno);
		else
			*why = NULL;
		if (*why)
			return -1;
	} else if (errno != ENOENT) {
		*why = strerror(errno);
		return -1;
	}
	dir = dir_of(path);
	if (stat(dir, &st) < 0 || access(dir, W_OK | X_OK) < 0) {
		*why = strerror(errno);
		ret = -1;
	} else if (!S_ISDIR(st.st_mode)) {
		*why = strerror(ENOTDIR);
		ret = -1;
	}
	free(dir);
	return ret;
}

int util_out_open(struct util_out *o, const char *path, unsigned mode, const char **why)
{
	static unsigned long serial;
	struct strbuf tmp;
	struct stat st;
	int fd = -1, have_old;

	memset(o, 0, sizeof(*o));
	if (util_out_check(path, why) < 0)
		return -1;
	have_old = lstat(path, &st) == 0;
	strbuf_init(&tmp);
	for (int i = 0; i < 100 && fd < 0; i++) {
		strbuf_reset(&tmp);
		if (i == 0) {
			strbuf_addf(&tmp, "%s.%ld.tmp", path, (long)getpid());
		} else {
			struct timespec ts;

			clock_gettime(CLOCK_REALTIME, &ts);
			strbuf_addf(&tmp, "%s.%ld.%06lx.tmp", path, (long)getpid(),
				    ((unsigned long)ts.tv_nsec ^ ++serial * 2654435761ul) & 0xfffffful);
		}
		/* O_EXCL|O_CREAT never opens an existing name, link or not */
		fd = open(tmp.buf, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, (mode_t)mode);
		if (fd < 0 && errno != EEXIST) {
			*why = strerror(errno);
			strbuf_release(&tmp);
			return -1;
		}
	}
	if (fd < 0) {
		*why = "cannot create a temporary file next to it";
		strbuf_release(&tmp);
		return -1;
	}
	if (have_old && S_ISREG(st.st_mode))
		(void)fchmod(fd, st.st_mode & 07777);
	if (!(o->f = fdopen(fd, "w"))) {
		*why = strerror(errno);
		close(fd);
		unlink(tmp.buf);
		strbuf_release(&tmp);
		return -1;
	}
	o->path = xstrdup(path);
	o->tmp = strbuf_detach(&tmp);
	return 0;
}

static void out_release(struct util_out *o)
{
	free(o->path);
	free(o->tmp);
	memset(o, 0, sizeof(*o));
}

void util_out_abort(struct util_out *o)
{
	if (o->f)
		fclose(o->f);
	if (o->tmp)
		unlink(o->tmp);
	out_release(o);
}

int util_out_commit(struct util_out *o, const char **why)
{
	int fd, err = 0;
	char *dir;

	if (!o->f) {
		*why = "nothing to write";
		return -1;
	}
	errno = 0;
	if (fflush(o->f) != 0 || ferror(o->f))
		err = errno ? errno : EIO;
	else if (fsync(fileno(o->f)) < 0)
		err = errno;
	if (fclose(o->f) != 0 && !err)
		err = errno;
	o->f = NULL;
	/* before the rename: nothing after it may run out of memory (the
	 * out-of-memory exit would leave the file written all the same) */
	dir = err ? NULL : dir_of(o->path);
	/* rename replaces a link planted at path meanwhile; it never follows it */
	if (!err && rename(o->tmp, o->path) < 0)
		err = errno;
	if (err) {
		*why = strerror(err);
		free(dir);
		util_out_abort(o);
		return -1;
	}
	/* make the rename itself durable (best effort: some file systems refuse) */
	if ((fd = open(dir, O_RDONLY | O_CLOEXEC)) >= 0) {
		(void)fsync(fd);
		close(fd);
	}
	free(dir);
	out_release(o);
	return 0;
}

int util_write_file(const char *path, const void *data, size_t n, unsigned mode, const char **why)
{
	struct util_out o;

	if (util_out_open(&o, path, mode, why) < 0)
		return -1;
	errno = 0;
	if (n && fwrite(data, 1, n, o.f) != n) {
		*why = strerror(errno ? errno : EIO);
		util_out_abort(&o);
		return -1;
	}
	return util_out_commit(&o, why);
}

void util_json_str(FILE *f, const char *s)
{
	fputc('"', f);
	for (; s && *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c == '\n')
			fputs("\\n", f);
		else if (c == '\t')
			fputs("\\t", f);
		else if (c < 32)
			fprintf(f, "\\u%04x", c);
		else
			fputc(c, f);
	}
	fputc('"', f);
}
