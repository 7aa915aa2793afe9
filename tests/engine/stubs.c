/* stubs.c - stand-ins for the libs helper's functions, for building the
 * engine tests before engine/format.c and engine/libm.c exist. Not part of
 * the normal build. */
#include "builtin.h"
#include <stdio.h>
#include <string.h>

builtin_pure_fn builtin_pure(int id)
{
	(void)id;
	return NULL;
}

int builtin_format(struct strbuf *out, const char *fmt, const uint64_t *args,
		   const uint8_t *types, int nargs, builtin_read_str_fn read_str, void *ctx)
{
	/* minimal: %d %u %s %f %x %%; enough for the engine's own tests */
	size_t start = out->len;
	int k = 0;
	for (const char *p = fmt; *p; p++) {
		if (*p != '%') { strbuf_addc(out, *p); continue; }
		p++;
		while (*p == 'l') p++;
		if (*p == '%') { strbuf_addc(out, '%'); continue; }
		uint64_t v = k < nargs ? args[k++] : 0;
		switch (*p) {
		case 'd': case 'i': strbuf_addf(out, "%lld", (long long)v); break;
		case 'u': strbuf_addf(out, "%llu", (unsigned long long)v); break;
		case 'x': strbuf_addf(out, "%llx", (unsigned long long)v); break;
		case 'f': { double d; memcpy(&d, &v, 8); strbuf_addf(out, "%f", d); break; }
		case 's': if (read_str(ctx, v, out) < 0) strbuf_adds(out, "(null)"); break;
		default: break;
		}
	}
	(void)types;
	return (int)(out->len - start);
}
