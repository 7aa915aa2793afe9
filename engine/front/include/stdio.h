/* stdio.h - warpstep built-in header. stdout/stderr/stdin are the pointer
 * values 1, 2, 3 that the runtime recognizes; fopen opens the host's real
 * files, relative to the working directory (engine/machine/hostio.c).
 * printf also works in device code: its output is buffered and appears at
 * the next synchronization. */
#ifndef __WS_STDIO_H
#define __WS_STDIO_H
#include <stddef.h>
typedef struct __ws_FILE FILE;
#define stdout ((FILE *)1)
#define stderr ((FILE *)2)
#define stdin ((FILE *)3)
#define EOF (-1)
#define BUFSIZ 8192
#define FILENAME_MAX 4096
#define FOPEN_MAX 16
#define L_tmpnam 20
#define SEEK_SET 0
#define SEEK_CUR 1
#define SEEK_END 2
typedef long fpos_t;
__host__ __device__ int printf(const char *format, ...) __ws_builtin(printf);
int fprintf(FILE *stream, const char *format, ...) __ws_builtin(fprintf);
int sprintf(char *str, const char *format, ...) __ws_builtin(sprintf);
int snprintf(char *str, size_t size, const char *format, ...) __ws_builtin(snprintf);
int puts(const char *s) __ws_builtin(puts);
int putchar(int c) __ws_builtin(putchar);
int fputs(const char *s, FILE *stream) __ws_builtin(fputs);
int fflush(FILE *stream) __ws_builtin(fflush);
FILE *fopen(const char *path, const char *mode) __ws_builtin(fopen);
int fclose(FILE *stream) __ws_builtin(fclose);
FILE *tmpfile(void) __ws_builtin(tmpfile);
int remove(const char *path) __ws_builtin(remove);
int rename(const char *from, const char *to) __ws_builtin(rename);
size_t fread(void *ptr, size_t size, size_t n, FILE *stream) __ws_builtin(fread);
size_t fwrite(const void *ptr, size_t size, size_t n, FILE *stream) __ws_builtin(fwrite);
int fgetc(FILE *stream) __ws_builtin(fgetc);
int getc(FILE *stream) __ws_builtin(fgetc);
int getchar(void) __ws_builtin(getchar);
int ungetc(int c, FILE *stream) __ws_builtin(ungetc);
int fputc(int c, FILE *stream) __ws_builtin(fputc);
int putc(int c, FILE *stream) __ws_builtin(fputc);
char *fgets(char *s, int n, FILE *stream) __ws_builtin(fgets);
int feof(FILE *stream) __ws_builtin(feof);
int ferror(FILE *stream) __ws_builtin(ferror);
void clearerr(FILE *stream) __ws_builtin(clearerr);
int fseek(FILE *stream, long off, int whence) __ws_builtin(fseek);
long ftell(FILE *stream) __ws_builtin(ftell);
void rewind(FILE *stream) __ws_builtin(rewind);
int fileno(FILE *stream) __ws_builtin(fileno);
int sscanf(const char *s, const char *format, ...) __ws_builtin(sscanf);
int fscanf(FILE *stream, const char *format, ...) __ws_builtin(fscanf);
int scanf(const char *format, ...) __ws_builtin(scanf);
#endif
