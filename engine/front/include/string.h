/* string.h - warpstep built-in header. memcpy and memset also work in
 * device code. */
#ifndef __WS_STRING_H
#define __WS_STRING_H
#include <stddef.h>
__host__ __device__ void *memcpy(void *dest, const void *src, size_t n) __ws_builtin(memcpy);
__host__ __device__ void *memset(void *s, int c, size_t n) __ws_builtin(memset);
int memcmp(const void *s1, const void *s2, size_t n) __ws_builtin(memcmp);
size_t strlen(const char *s) __ws_builtin(strlen);
int strcmp(const char *s1, const char *s2) __ws_builtin(strcmp);
int strncmp(const char *s1, const char *s2, size_t n) __ws_builtin(strncmp);
char *strcpy(char *dest, const char *src) __ws_builtin(strcpy);
char *strncpy(char *dest, const char *src, size_t n) __ws_builtin(strncpy);
/* the memcpy built-in copies as if through a temporary: it is a memmove */
__host__ __device__ void *memmove(void *dest, const void *src, size_t n) __ws_builtin(memcpy);
char *strcat(char *dest, const char *src) __ws_builtin(strcat);
char *strncat(char *dest, const char *src, size_t n) __ws_builtin(strncat);
/* The rest of <string.h>, written in CUDA C++ and run as the program's own
 * host code: every byte they touch goes through the emulated memory, so an
 * overrun is a finding at the caller's line like any other. */
static inline void *memchr(const void *s, int c, size_t n)
{
	const unsigned char *p = (const unsigned char *)s;
	for (size_t i = 0; i < n; i++)
		if (p[i] == (unsigned char)c)
			return (void *)(p + i);
	return NULL;
}
static inline size_t strnlen(const char *s, size_t n)
{
	size_t i = 0;
	while (i < n && s[i])
		i++;
	return i;
}
static inline char *strchr(const char *s, int c)
{
	for (;; s++) {
		if (*s == (char)c)
			return (char *)s;
		if (!*s)
			return NULL;
	}
}
static inline char *strrchr(const char *s, int c)
{
	const char *r = NULL;
	for (;; s++) {
		if (*s == (char)c)
			r = s;
		if (!*s)
			return (char *)r;
	}
}
static inline char *strstr(const char *h, const char *n)
{
	if (!*n)
		return (char *)h;
	for (; *h; h++) {
		size_t i = 0;
		while (n[i] && h[i] == n[i])
			i++;
		if (!n[i])
			return (char *)h;
	}
	return NULL;
}
static inline size_t strspn(const char *s, const char *accept)
{
	size_t i = 0;
	while (s[i] && strchr(accept, s[i]))
		i++;
	return i;
}
static inline size_t strcspn(const char *s, const char *reject)
{
	size_t i = 0;
	while (s[i] && !strchr(reject, s[i]))
		i++;
	return i;
}
static inline char *strpbrk(const char *s, const char *accept)
{
	s += strcspn(s, accept);
	return *s ? (char *)s : NULL;
}
static inline char *strtok_r(char *s, const char *delim, char **save)
{
	if (!s)
		s = *save;
	s += strspn(s, delim);
	if (!*s) {
		*save = s;
		return NULL;
	}
	char *e = s + strcspn(s, delim);
	if (*e)
		*e++ = 0;
	*save = e;
	return s;
}
static inline char *strtok(char *s, const char *delim)
{
	static char *save;
	return strtok_r(s, delim, &save);
}
static inline int strcoll(const char *a, const char *b) { return strcmp(a, b); }
__host__ __device__ void *malloc(size_t size) __ws_builtin(malloc);
static inline char *strdup(const char *s)
{
	size_t n = strlen(s) + 1;
	char *d = (char *)malloc(n);
	if (d)
		memcpy(d, s, n);
	return d;
}
static inline char *strndup(const char *s, size_t n)
{
	size_t l = strnlen(s, n);
	char *d = (char *)malloc(l + 1);
	if (d) {
		memcpy(d, s, l);
		d[l] = 0;
	}
	return d;
}
static inline char *strerror(int e)
{
	switch (e) {
	case 0: return (char *)"Success";
	case 1: return (char *)"Operation not permitted";
	case 2: return (char *)"No such file or directory";
	case 12: return (char *)"Cannot allocate memory";
	case 13: return (char *)"Permission denied";
	case 22: return (char *)"Invalid argument";
	case 34: return (char *)"Numerical result out of range";
	default: return (char *)"Unknown error";
	}
}
#endif
