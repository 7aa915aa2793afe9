/* strings.h - warpstep built-in header (POSIX): case-insensitive comparison,
 * run as the program's own host code. */
#ifndef __WS_STRINGS_H
#define __WS_STRINGS_H
#include <string.h>
static inline int __ws_lower(int c) { return c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c; }
static inline int strncasecmp(const char *a, const char *b, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		int x = __ws_lower((unsigned char)a[i]), y = __ws_lower((unsigned char)b[i]);
		if (x != y || !x)
			return x - y;
	}
	return 0;
}
static inline int strcasecmp(const char *a, const char *b) { return strncasecmp(a, b, (size_t)-1); }
static inline void bzero(void *s, size_t n) { memset(s, 0, n); }
static inline int ffs(int i)
{
	for (int b = 0; b < 32; b++)
		if ((unsigned)i >> b & 1)
			return b + 1;
	return 0;
}
#endif
