/* stdio.h - warpstep built-in header. stdout/stderr/stdin are the pointer
 * values 1, 2, 3 that the runtime recognizes. printf also works in device
 * code: its output is buffered and appears at the next synchronization. */
#ifndef __WS_STDIO_H
#define __WS_STDIO_H
#include <stddef.h>
typedef struct __ws_FILE FILE;
#define stdout ((FILE *)1)
#define stderr ((FILE *)2)
#define stdin ((FILE *)3)
#define EOF (-1)
#define BUFSIZ 8192
__host__ __device__ int printf(const char *format, ...) __ws_builtin(printf);
int fprintf(FILE *stream, const char *format, ...) __ws_builtin(fprintf);
int sprintf(char *str, const char *format, ...) __ws_builtin(sprintf);
int snprintf(char *str, size_t size, const char *format, ...) __ws_builtin(snprintf);
int puts(const char *s) __ws_builtin(puts);
int putchar(int c) __ws_builtin(putchar);
int fputs(const char *s, FILE *stream) __ws_builtin(fputs);
int fflush(FILE *stream) __ws_builtin(fflush);
#endif
