/* string.h - warpstep built-in header. memcpy and memset also work in
 * device code. */
#ifndef __WS_STRING_H
#define __WS_STRING_H
#include <stddef.h>
__host__ __device__ void *memcpy(void *dest, const void *src, size_t n) __ws_builtin(memcpy);
__host__ __device__ void *memset(void *s, int c, size_t n) __ws_builtin(memset);
/* the memcpy built-in copies as if through a temporary: it is a memmove */
__host__ __device__ void *memmove(void *dest, const void *src, size_t n) __ws_builtin(memcpy);
int memcmp(const void *s1, const void *s2, size_t n) __ws_builtin(memcmp);
size_t strlen(const char *s) __ws_builtin(strlen);
int strcmp(const char *s1, const char *s2) __ws_builtin(strcmp);
int strncmp(const char *s1, const char *s2, size_t n) __ws_builtin(strncmp);
char *strcpy(char *dest, const char *src) __ws_builtin(strcpy);
char *strncpy(char *dest, const char *src, size_t n) __ws_builtin(strncpy);
char *strcat(char *dest, const char *src) __ws_builtin(strcat);
char *strncat(char *dest, const char *src, size_t n) __ws_builtin(strncat);
#endif
