#include "util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

void strbuf_addc(struct strbuf *sb, char c)
{
	strbuf_add(sb, &c, 1);
}

void strbuf_adds(struct strbuf *sb, const char *s)
{
	strbuf_add(sb, s, strlen(s));
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
	size_t used, size;
	_Alignas(16) unsigned char data[];
};

void arena_init(struct arena *a)
{
	a->head = NULL;
	a->total = 0;
}

void arena_release(struct arena *a)
{
	struct arena_chunk *c = a->head;
	while (c) {
		struct arena_chunk *next = c->next;
		free(c);
		c = next;
	}
	arena_init(a);
}

void *arena_alloc(struct arena *a, size_t n)
{
	n = (n + 15) & ~(size_t)15;
	struct arena_chunk *c = a->head;
	if (!c || c->size - c->used < n) {
		size_t size = n > 65536 ? n : 65536;
		c = xmalloc(sizeof(*c) + size);
		c->used = 0;
		c->size = size;
		c->next = a->head;
		a->head = c;
	}
	void *p = c->data + c->used;
	c->used += n;
	a->total += n;
	memset(p, 0, n);
	return p;
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

char *util_read_file(const char *path, size_t *len, const char **err)
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		*err = strerror(errno);
		return NULL;
	}
	struct strbuf sb;
	strbuf_init(&sb);
	char tmp[65536];
	size_t n;
	while ((n = fread(tmp, 1, sizeof(tmp), f)) > 0)
		strbuf_add(&sb, tmp, n);
	if (ferror(f)) {
		*err = strerror(errno);
		fclose(f);
		strbuf_release(&sb);
		return NULL;
	}
	fclose(f);
	if (len)
		*len = sb.len;
	return strbuf_detach(&sb);
}
