/*
 * format.c - printf-family formatting for the host and device printf.
 *
 * The format is parsed here; each conversion is rebuilt as a canonical
 * specification ("%-08.3llx") with the width and precision resolved, and
 * handed to the C library's formatter with an argument of the type the
 * length modifier names. So every flag, width, precision and length
 * behaves exactly as the C library's printf (glibc: "(nil)", "(null)").
 * Arguments come in the register encoding of builtin.h with their IR
 * types; a missing argument reads as 0. Widths and precisions are capped
 * at FMT_MAX_FIELD so that a program cannot make one call produce gigabytes.
 */
#include "builtin.h"
#include "ir.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

struct fmt_args {
	const uint64_t *v;
	const uint8_t *t;
	int n, next;
};

static uint64_t arg_next(struct fmt_args *fa, uint8_t *type)
{
	if (fa->next >= fa->n) {
		*type = IR_S32;
		return 0;
	}
	*type = fa->t[fa->next];
	return fa->v[fa->next++];
}

/* spec is built here from a checked format; never user-controlled as is */
static void emit(struct strbuf *out, const char *spec, ...)
{
	va_list ap;

	va_start(ap, spec);
	strbuf_vaddf(out, spec, ap);
	va_end(ap);
}

static double arg_as_double(uint64_t v, uint8_t type)
{
	double d;

	if (type == IR_F32) {
		float f;
		uint32_t u = (uint32_t)v;
		memcpy(&f, &u, sizeof(f));
		return f;
	}
	memcpy(&d, &v, sizeof(d)); /* F64, or an integer where a double was due */
	return d;
}

/* an integer argument where a float was passed: its bits, as C would see them */
static uint64_t arg_as_bits(uint64_t v, uint8_t type)
{
	if (type == IR_F32) {
		double d = arg_as_double(v, type);
		memcpy(&v, &d, sizeof(v));
	}
	return v;
}

#define FMT_MAX_FIELD 65536

enum fmt_len { LEN_NONE, LEN_HH, LEN_H, LEN_L, LEN_LL, LEN_BIG_L };

static long long sint_by_len(uint64_t v, int len)
{
	switch (len) {
	case LEN_HH: return (signed char)v;
	case LEN_H: return (short)v;
	case LEN_NONE: return (int)v;
	default: return (long long)v;
	}
}

static unsigned long long uint_by_len(uint64_t v, int len)
{
	switch (len) {
	case LEN_HH: return (unsigned char)v;
	case LEN_H: return (unsigned short)v;
	case LEN_NONE: return (unsigned int)v;
	default: return v;
	}
}

static void format_string(struct strbuf *out, const char *spec, uint64_t addr, int prec,
			  builtin_read_str_fn read_str, void *ctx)
{
	struct strbuf s;

	if (addr == 0) {
		/* glibc prints "(null)", or nothing when the precision cuts it */
		emit(out, spec, prec >= 0 && prec < 6 ? "" : "(null)");
		return;
	}
	strbuf_init(&s);
	if (read_str && read_str(ctx, addr, &s) == 0)
		emit(out, spec, strbuf_cstr(&s));
	else
		emit(out, spec, "<bad address>");
	strbuf_release(&s);
}

/* Parse one conversion at *pp (just after '%'); append its output. */
static int format_one(struct strbuf *out, const char **pp, struct fmt_args *fa,
		      builtin_read_str_fn read_str, void *ctx)
{
	const char *p = *pp;
	char spec[64];
	size_t n = 0;
	int width = -1, prec = -1, len = LEN_NONE, left = 0;
	uint8_t type = IR_S32;
	uint64_t v;

	spec[n++] = '%';
	for (; *p && strchr("-+ #0", *p); p++) {
		if (*p == '-')
			left = 1;
		if (n < 8)
			spec[n++] = *p;
	}
	if (*p == '*') {
		width = (int)arg_next(fa, &type);
		p++;
		if (width < 0) {
			left = 1;
			width = width == -2147483647 - 1 ? 2147483647 : -width;
		}
	} else if (*p >= '0' && *p <= '9') {
		width = 0;
		for (; *p >= '0' && *p <= '9'; p++)
			width = width < 100000000 ? width * 10 + (*p - '0') : width;
	}
	if (*p == '.') {
		p++;
		prec = 0;
		if (*p == '*') {
			prec = (int)arg_next(fa, &type);
			p++;
		} else {
			for (; *p >= '0' && *p <= '9'; p++)
				prec = prec < 100000000 ? prec * 10 + (*p - '0') : prec;
		}
	}
	if (width > FMT_MAX_FIELD)
		width = FMT_MAX_FIELD;
	if (prec > FMT_MAX_FIELD)
		prec = FMT_MAX_FIELD;
	if (left && !memchr(spec, '-', n))
		spec[n++] = '-';
	if (width >= 0)
		n += (size_t)snprintf(spec + n, sizeof(spec) - n, "%d", width);
	if (prec >= 0)
		n += (size_t)snprintf(spec + n, sizeof(spec) - n, ".%d", prec);
	switch (*p) {
	case 'h':
		len = p[1] == 'h' ? LEN_HH : LEN_H;
		p += len == LEN_HH ? 2 : 1;
		break;
	case 'l':
		len = p[1] == 'l' ? LEN_LL : LEN_L;
		p += len == LEN_LL ? 2 : 1;
		break;
	case 'q': case 'j': case 'z': case 't':
		len = LEN_LL;
		p++;
		break;
	case 'L':
		len = LEN_BIG_L;
		p++;
		break;
	}
	*pp = p + (*p != 0);
	switch (*p) {
	case 'd': case 'i':
		v = arg_as_bits(arg_next(fa, &type), type);
		memcpy(spec + n, "lld", 4);
		emit(out, spec, sint_by_len(v, len));
		return 0;
	case 'u': case 'o': case 'x': case 'X':
		v = arg_as_bits(arg_next(fa, &type), type);
		spec[n] = 'l';
		spec[n + 1] = 'l';
		spec[n + 2] = *p;
		spec[n + 3] = 0;
		emit(out, spec, uint_by_len(v, len));
		return 0;
	case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': case 'a': case 'A':
		v = arg_next(fa, &type);
		if (len == LEN_BIG_L) {
			spec[n] = 'L';
			spec[n + 1] = *p;
			spec[n + 2] = 0;
			emit(out, spec, (long double)arg_as_double(v, type));
		} else {
			spec[n] = *p;
			spec[n + 1] = 0;
			emit(out, spec, arg_as_double(v, type));
		}
		return 0;
	case 'c':
		v = arg_next(fa, &type);
		memcpy(spec + n, "c", 2);
		emit(out, spec, (int)(unsigned char)v);
		return 0;
	case 's':
		v = arg_next(fa, &type);
		memcpy(spec + n, "s", 2);
		format_string(out, spec, v, prec, read_str, ctx);
		return 0;
	case 'p':
		v = arg_next(fa, &type);
		memcpy(spec + n, "p", 2);
		emit(out, spec, (void *)(uintptr_t)v);
		return 0;
	case 'n':
		arg_next(fa, &type); /* %n writes nothing here */
		return 0;
	case '%':
		strbuf_addc(out, '%');
		return 0;
	default:
		*pp = p;
		return -1;
	}
}

int builtin_format(struct strbuf *out, const char *fmt, const uint64_t *args,
		   const uint8_t *types, int nargs, builtin_read_str_fn read_str, void *ctx)
{
	struct fmt_args fa = { args, types, nargs, 0 };
	size_t start = out->len;
	const char *p = fmt;

	while (*p) {
		const char *q = strchr(p, '%');
		if (!q) {
			strbuf_adds(out, p);
			break;
		}
		strbuf_add(out, p, (size_t)(q - p));
		p = q + 1;
		if (format_one(out, &p, &fa, read_str, ctx) < 0)
			return -1;
	}
	return (int)(out->len - start);
}
