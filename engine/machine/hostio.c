/*
 * hostio.c - the C stdio file API of the emulated host: fopen and the
 * functions on a FILE, sscanf/fscanf/scanf, remove, rename, tmpfile.
 *
 * - Files are the real files of the host, relative to the working
 *   directory, as a native program's: a program that writes results.txt
 *   leaves results.txt. A host that runs programs for code written by
 *   others (the Lua layer) passes a machine_file_policy that is asked about
 *   every path before it is opened, removed or renamed.
 * - A FILE * is a handle, never memory: stdout, stderr and stdin are the
 *   values 1, 2 and 3 (engine/front/include/stdio.h), an open file is
 *   ADDR(HANDLE_TAG, (i + 1) << 4) for slot i of m->io.files. Slots are not
 *   reused, so a FILE used after fclose is known as such.
 * - stdin reads m->o.in (warpstep run: the command's own standard input);
 *   without one it is at end of file.
 * - Every byte that goes to or comes from the program's memory goes through
 *   interp_xlate as the host thread, in chunks: an overrun of the buffer
 *   given to fread, fgets or a %s conversion is the same finding as an
 *   overrun by the program's own code, and stops the program (139).
 */
#include "simt.h"
#include "builtin.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define HANDLE_TAG 0x7du
#define CHUNK 65536u

static struct span io_span(struct machine *m)
{
	struct group *g = &m->ht.cur->g[0];
	return g->fr->code[g->pc].span;
}

/* the host bytes of [addr, addr + n), n <= CHUNK, for the host thread; NULL:
 * the access faulted (the finding is made and the program stopped) */
static uint8_t *io_mem(struct machine *m, uint64_t addr, uint64_t n, int write)
{
	if (addr > UINT64_MAX - n)      /* wraps: fault on the first byte */
		n = 1;
	return interp_xlate(m, m->ht.cur, 0, addr, n, write, io_span(m));
}

/* copy n bytes into the program's memory at addr; -1: faulted */
static int io_put(struct machine *m, uint64_t addr, const void *src, uint64_t n)
{
	const uint8_t *s = src;
	for (uint64_t off = 0; off < n;) {
		uint64_t k = n - off < CHUNK ? n - off : CHUNK;
		uint8_t *p = io_mem(m, addr + off, k, 1);
		if (!p)
			return -1;
		memcpy(p, s + off, k);
		off += k;
	}
	return 0;
}

static int io_str(struct machine *m, uint64_t addr, struct strbuf *sb)
{
	strbuf_reset(sb);
	return interp_read_str(m, m->ht.cur, 0, addr, sb);
}

/* ---- handles */

static FILE **slot_of(struct machine *m, uint64_t h)
{
	uint64_t i = (ADDR_OFF(h) >> 4);
	if (ADDR_TAG(h) != HANDLE_TAG || (ADDR_OFF(h) & 15) || i == 0 || i > m->io.files.len)
		return NULL;
	return &m->io.files.v[i - 1];
}

/* the host stream for handle h, for reading (rd) or writing; NULL: none */
static FILE *stream_of(struct machine *m, uint64_t h, int rd)
{
	if (h == 1)
		return rd ? NULL : m->io.out;
	if (h == 2)
		return rd ? NULL : m->io.err;
	if (h == 3) {
		m->io.io_used |= rd && m->o.in;
		return rd ? m->o.in : NULL;
	}
	FILE **s = slot_of(m, h);
	return s ? *s : NULL;
}

FILE *hostio_out(struct machine *m, uint64_t h)
{
	return stream_of(m, h, 0);
}

void hostio_release(struct machine *m)
{
	for (size_t i = 0; i < m->io.files.len; i++)
		if (m->io.files.v[i])
			fclose(m->io.files.v[i]);
	vec_free(&m->io.files);
}

static int may_open(struct machine *m, const char *path, int write)
{
	const struct machine_file_policy *p = m->o.files;
	const char *why = "not allowed";
	m->io.io_used = 1; /* the files outside are changed: no exact copy from now (clone.c) */
	if (!p || !p->may_open)
		return 0;
	if (p->may_open(p->ctx, path, write, &why) == 0)
		return 0;
	fflush(m->io.out);
	fprintf(m->io.err, "warpstep: the program may not %s '%s': %s\n", write ? "write" : "read",
		path, why);
	return -1;
}

static uint64_t new_handle(struct machine *m, FILE *f)
{
	vec_push(&m->io.files, f);
	return ADDR(HANDLE_TAG, (uint64_t)m->io.files.len << 4);
}

/* fopen's mode: r, w or a, then any of b and +, as C11 (x too) */
static int mode_ok(const char *mode, int *write)
{
	if (mode[0] != 'r' && mode[0] != 'w' && mode[0] != 'a')
		return 0;
	*write = mode[0] != 'r';
	for (const char *p = mode + 1; *p; p++) {
		if (*p == '+')
			*write = 1;
		else if (*p != 'b' && *p != 'x')
			return 0;
	}
	return strlen(mode) <= 4;
}

/* ---- scanf */

struct src {
	FILE *f;                /* NULL: the string s */
	const char *s;
	size_t pos;
	long count;             /* characters consumed (%n) */
};

static int src_get(struct src *s)
{
	int c;
	if (s->f)
		c = getc(s->f);
	else
		c = s->s[s->pos] ? (unsigned char)s->s[s->pos++] : EOF;
	if (c != EOF)
		s->count++;
	return c;
}

static void src_unget(struct src *s, int c)
{
	if (c == EOF)
		return;
	s->count--;
	if (s->f)
		ungetc(c, s->f);
	else
		s->pos--;
}

static int skip_ws(struct src *s)
{
	int c;
	while ((c = src_get(s)) != EOF && isspace(c))
		;
	src_unget(s, c);
	return c;
}

/* collect a number's characters (at most width) into b; returns its length */
static size_t scan_number(struct src *s, char *b, size_t width, int conv)
{
	size_t n = 0;
	int c = src_get(s);
	int base = conv == 'o' ? 8 : (conv == 'x' || conv == 'X' || conv == 'p') ? 16 : 10;
	int fl = strchr("aAeEfFgG", conv) != NULL;
#define TAKE() do { b[n++] = (char)c; c = n < width ? src_get(s) : EOF; } while (0)
	if (n < width && (c == '+' || c == '-'))
		TAKE();
	if (fl && n < width && (c == 'i' || c == 'I' || c == 'n' || c == 'N')) {
		const char *w = (c == 'i' || c == 'I') ? "infinity" : "nan";
		size_t k = 0;
		while (w[k] && c != EOF && tolower(c) == w[k] && n < width) {
			TAKE();
			k++;
		}
		src_unget(s, c);
		return n;
	}
	if (c == '0' && n < width) {
		TAKE();
		if ((base == 16 || conv == 'i' || fl) && (c == 'x' || c == 'X') && n < width) {
			TAKE();
			base = 16;
		} else if (conv == 'i') {
			base = 8;
		}
	}
	int seen_dot = 0, seen_exp = 0;
	while (c != EOF && n < width && n < 500) {
		if (base == 16 ? isxdigit(c) : base == 8 ? (c >= '0' && c <= '7') : isdigit(c)) {
			TAKE();
		} else if (fl && c == '.' && !seen_dot && !seen_exp) {
			seen_dot = 1;
			TAKE();
		} else if (fl && !seen_exp && ((base == 10 && (c == 'e' || c == 'E')) ||
					       (base == 16 && (c == 'p' || c == 'P')))) {
			seen_exp = 1;
			base = 10;
			TAKE();
			if ((c == '+' || c == '-') && n < width)
				TAKE();
		} else {
			break;
		}
	}
#undef TAKE
	src_unget(s, c);
	return n;
}

/* store an integer or float conversion of length len ('H' hh, 'h', 0, 'l', 'L'
 * ll/L/j/z/t) at addr */
static int store_num(struct machine *m, uint64_t addr, int fl, int len, uint64_t iv, double dv)
{
	if (fl) {
		if (len == 'l' || len == 'L')
			return io_put(m, addr, &dv, 8);
		float f = (float)dv;
		return io_put(m, addr, &f, 4);
	}
	uint8_t b1 = (uint8_t)iv;
	uint16_t b2 = (uint16_t)iv;
	uint32_t b4 = (uint32_t)iv;
	switch (len) {
	case 'H': return io_put(m, addr, &b1, 1);
	case 'h': return io_put(m, addr, &b2, 2);
	case 0: return io_put(m, addr, &b4, 4);
	default: return io_put(m, addr, &iv, 8);
	}
}

/* the scanf family: fmt applied to s, results through args[0..nargs). The
 * value scanf returns; -2: the program faulted (stopped) */
static int do_scan(struct machine *m, struct src *s, const char *fmt, const uint64_t *args,
		   int nargs)
{
	int nconv = 0, ai = 0, any_input = 0;
	const unsigned char *f = (const unsigned char *)fmt;
	char num[512];
	while (*f) {
		if (isspace(*f)) {
			skip_ws(s);
			f++;
			continue;
		}
		if (*f != '%' || f[1] == '%') {
			if (*f == '%') {
				f++;
				skip_ws(s);
			}
			int c = src_get(s);
			if (c == EOF)
				return nconv || any_input ? nconv : -1;
			if (c != *f) {
				src_unget(s, c);
				return nconv;
			}
			any_input = 1;
			f++;
			continue;
		}
		f++;
		int suppress = 0;
		if (*f == '*') {
			suppress = 1;
			f++;
		}
		size_t width = 0;
		for (; isdigit(*f); f++)
			if (width < 100000)
				width = width * 10 + (size_t)(*f - '0');
		int len = 0;
		if (f[0] == 'h' && f[1] == 'h') {
			len = 'H';
			f += 2;
		} else if (f[0] == 'l' && f[1] == 'l') {
			len = 'L';
			f += 2;
		} else if (*f == 'h' || *f == 'l') {
			len = *f++;
		} else if (*f == 'L' || *f == 'j' || *f == 'z' || *f == 't' || *f == 'q') {
			len = *f == 'L' ? 'l' : 'L';
			f++;
		}
		int conv = *f;
		if (!conv)
			break;
		f++;
		uint64_t dst = 0;
		if (!suppress && conv != '%') {
			if (ai >= nargs)
				return nconv;   /* too few arguments: stop, as far as it can go */
			dst = args[ai++];
		}
		if (conv == 'n') {
			if (!suppress && store_num(m, dst, 0, len, (uint64_t)s->count, 0))
				return -2;
			continue;
		}
		if (conv == 'c' || conv == 's' || conv == '[') {
			char set[256];
			if (conv == '[') {
				int neg = 0;
				memset(set, 0, sizeof(set));
				if (*f == '^') {
					neg = 1;
					f++;
				}
				if (*f == ']')
					set[*f++] = 1;
				while (*f && *f != ']') {
					if (f[1] == '-' && f[2] && f[2] != ']') {
						for (int c = f[0]; c <= f[2]; c++)
							set[c] = 1;
						f += 3;
					} else {
						set[*f++] = 1;
					}
				}
				if (*f == ']')
					f++;
				if (neg)
					for (int c = 0; c < 256; c++)
						set[c] = !set[c];
			}
			if (conv == 'c' && !width)
				width = 1;
			if (conv == 's' && skip_ws(s) == EOF)
				return nconv || any_input ? nconv : -1;
			if (!width)
				width = SIZE_MAX;
			struct strbuf got;
			strbuf_init(&got);
			int c = 0;
			while (got.len < width && (c = src_get(s)) != EOF) {
				if ((conv == 's' && isspace(c)) || (conv == '[' && !set[c])) {
					src_unget(s, c);
					break;
				}
				strbuf_addc(&got, (char)c);
			}
			if (got.len == 0 || (conv == 'c' && got.len < width)) {
				int eof = got.len == 0 && c == EOF;
				strbuf_release(&got);
				return eof && !nconv && !any_input ? -1 : nconv;
			}
			any_input = 1;
			if (!suppress) {
				if (conv != 'c')
					strbuf_addc(&got, 0);
				int bad = io_put(m, dst, got.buf, got.len);
				strbuf_release(&got);
				if (bad)
					return -2;
				nconv++;
			} else {
				strbuf_release(&got);
			}
			continue;
		}
		if (!strchr("diuoxXpaAeEfFgG", conv))
			return nconv;
		if (skip_ws(s) == EOF)
			return nconv || any_input ? nconv : -1;
		size_t n = scan_number(s, num, width ? width : sizeof(num) - 1, conv);
		num[n] = 0;
		int fl = strchr("aAeEfFgG", conv) != NULL;
		char *end = num;
		uint64_t iv = 0;
		double dv = 0;
		if (fl) {
			dv = strtod(num, &end);
		} else {
			int base = conv == 'd' || conv == 'u' ? 10 : conv == 'i' ? 0 : conv == 'o' ? 8 : 16;
			if (conv == 'd' || conv == 'i')
				iv = (uint64_t)strtoll(num, &end, base);
			else
				iv = (uint64_t)strtoull(num, &end, base);
			if (conv == 'p')
				len = 'L';
		}
		if (n == 0 || end == num || *end)
			return nconv;   /* matching failure */
		any_input = 1;
		if (!suppress) {
			if (store_num(m, dst, fl, len, iv, dv))
				return -2;
			nconv++;
		}
	}
	return nconv;
}

/* ---- dispatch */

static int ret_i(uint64_t *ret, int64_t v)
{
	*ret = (uint64_t)v;
	return 0;
}

int hostio_call(struct machine *m, int id, const uint64_t *a, int nargs, uint64_t *ret)
{
	struct strbuf sb, sb2;
	FILE *f;
	*ret = 0;
	switch (id) {
	case BI_fopen: {
		strbuf_init(&sb);
		strbuf_init(&sb2);
		int w = 0;
		if (io_str(m, a[0], &sb) < 0 || io_str(m, a[1], &sb2) < 0 ||
		    !mode_ok(strbuf_cstr(&sb2), &w) || may_open(m, strbuf_cstr(&sb), w)) {
			strbuf_release(&sb);
			strbuf_release(&sb2);
			return ret_i(ret, 0);
		}
		f = fopen(strbuf_cstr(&sb), strbuf_cstr(&sb2));
		*ret = f ? new_handle(m, f) : 0;
		strbuf_release(&sb);
		strbuf_release(&sb2);
		return 0;
	}
	case BI_tmpfile:
		if (may_open(m, "(tmpfile)", 1))
			return ret_i(ret, 0);
		f = tmpfile();
		*ret = f ? new_handle(m, f) : 0;
		return 0;
	case BI_fclose: {
		if (a[0] >= 1 && a[0] <= 3)
			return ret_i(ret, 0);
		FILE **s = slot_of(m, a[0]);
		if (!s || !*s) {
			machine_finding_add(m, FK_DOUBLE_FREE, m->ht.cur, 1, io_span(m), a[0],
					    s ? "fclose of a FILE that was already closed"
					      : "fclose of 0x%llx, which is not a FILE that fopen returned",
					    (unsigned long long)a[0]);
			fflush(m->io.out);
			fprintf(m->io.err, "free(): double free detected in tcache 2\n");
			machine_exit(m, 134);
			return -1;
		}
		int r = fclose(*s);
		*s = NULL;
		return ret_i(ret, r ? -1 : 0);
	}
	case BI_remove: case BI_rename: {
		strbuf_init(&sb);
		strbuf_init(&sb2);
		int r = -1;
		if (io_str(m, a[0], &sb) >= 0 && !may_open(m, strbuf_cstr(&sb), 1)) {
			if (id == BI_remove)
				r = remove(strbuf_cstr(&sb));
			else if (io_str(m, a[1], &sb2) >= 0 && !may_open(m, strbuf_cstr(&sb2), 1))
				r = rename(strbuf_cstr(&sb), strbuf_cstr(&sb2));
		}
		strbuf_release(&sb);
		strbuf_release(&sb2);
		return ret_i(ret, r ? -1 : 0);
	}
	case BI_fread: case BI_fwrite: {
		int rd = id == BI_fread;
		f = stream_of(m, a[3], rd);
		if (!a[1] || !a[2])
			return ret_i(ret, 0);
		if (!f || a[2] > UINT64_MAX / a[1])
			return ret_i(ret, 0);
		uint64_t total = a[1] * a[2], done = 0;
		uint8_t *buf = xmalloc(CHUNK);
		while (done < total) {
			uint64_t k = total - done < CHUNK ? total - done : CHUNK;
			size_t got;
			if (rd) {
				got = fread(buf, 1, k, f);
				if (got && io_put(m, a[0] + done, buf, got)) {
					free(buf);
					return -1;
				}
			} else {
				uint8_t *p = io_mem(m, a[0] + done, k, 0);
				if (!p) {
					free(buf);
					return -1;
				}
				got = fwrite(p, 1, k, f);
			}
			done += got;
			if (got < k)
				break;
		}
		free(buf);
		return ret_i(ret, (int64_t)(done / a[1]));
	}
	case BI_fgetc:
		f = stream_of(m, a[0], 1);
		return ret_i(ret, f ? getc(f) : -1);
	case BI_getchar:
		f = stream_of(m, 3, 1);
		return ret_i(ret, f ? getc(f) : -1);
	case BI_ungetc:
		f = stream_of(m, a[1], 1);
		return ret_i(ret, f ? ungetc((int)(int32_t)a[0], f) : -1);
	case BI_fputc:
		f = stream_of(m, a[1], 0);
		return ret_i(ret, f ? fputc((int)(int32_t)a[0], f) : -1);
	case BI_fgets: {
		int64_t n = (int32_t)a[1];
		f = stream_of(m, a[2], 1);
		if (!f || n <= 0)
			return ret_i(ret, 0);
		strbuf_init(&sb);
		int c = 0;
		while ((int64_t)sb.len < n - 1 && (c = getc(f)) != EOF) {
			strbuf_addc(&sb, (char)c);
			if (c == '\n')
				break;
		}
		if (sb.len == 0) {
			strbuf_release(&sb);
			return ret_i(ret, 0);
		}
		strbuf_addc(&sb, 0);
		int bad = io_put(m, a[0], sb.buf, sb.len);
		strbuf_release(&sb);
		if (bad)
			return -1;
		*ret = a[0];
		return 0;
	}
	case BI_feof: case BI_ferror: case BI_clearerr:
		f = stream_of(m, a[0], a[0] == 3);
		if (!f)
			return ret_i(ret, id == BI_feof && a[0] == 3 ? 1 : 0);
		if (id == BI_clearerr) {
			clearerr(f);
			return 0;
		}
		return ret_i(ret, id == BI_feof ? (feof(f) != 0) : (ferror(f) != 0));
	case BI_fseek: {
		f = slot_of(m, a[0]) ? *slot_of(m, a[0]) : NULL;
		int wh = (int)(int32_t)a[2];
		if (!f || wh < 0 || wh > 2)
			return ret_i(ret, -1);
		return ret_i(ret, fseek(f, (long)a[1], wh == 0 ? SEEK_SET : wh == 1 ? SEEK_CUR : SEEK_END) ? -1 : 0);
	}
	case BI_ftell:
		f = slot_of(m, a[0]) ? *slot_of(m, a[0]) : NULL;
		return ret_i(ret, f ? ftell(f) : -1);
	case BI_rewind:
		f = slot_of(m, a[0]) ? *slot_of(m, a[0]) : NULL;
		if (f)
			rewind(f);
		return 0;
	case BI_fileno:
		if (a[0] >= 1 && a[0] <= 3)
			return ret_i(ret, a[0] == 3 ? 0 : (int64_t)a[0]);
		return ret_i(ret, slot_of(m, a[0]) && *slot_of(m, a[0]) ? (int64_t)(ADDR_OFF(a[0]) >> 4) + 2 : -1);
	case BI_sscanf: case BI_fscanf: case BI_scanf: {
		struct src s = { 0 };
		int fi = id == BI_scanf ? 0 : 1;
		strbuf_init(&sb);
		strbuf_init(&sb2);
		if (id == BI_sscanf) {
			if (io_str(m, a[0], &sb2) < 0) {
				strbuf_release(&sb2);
				return ret_i(ret, -1);
			}
			s.s = strbuf_cstr(&sb2);
		} else {
			s.f = stream_of(m, id == BI_scanf ? 3 : a[0], 1);
			if (!s.f) {
				strbuf_release(&sb2);
				return ret_i(ret, -1);
			}
		}
		int r = -1;
		if (io_str(m, a[fi], &sb) >= 0)
			r = do_scan(m, &s, strbuf_cstr(&sb), a + fi + 1, nargs - fi - 1);
		strbuf_release(&sb);
		strbuf_release(&sb2);
		if (r == -2)
			return -1;
		return ret_i(ret, r);
	}
	default:
		return -2;
	}
}
