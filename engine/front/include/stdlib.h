/* stdlib.h - warpstep built-in header. malloc and free work on the host
 * (host heap) and on the device (device heap, cudaLimitMallocHeapSize). */
#ifndef __WS_STDLIB_H
#define __WS_STDLIB_H
#include <stddef.h>
#define EXIT_SUCCESS 0
#define EXIT_FAILURE 1
#define RAND_MAX 2147483647
__host__ __device__ void *malloc(size_t size) __ws_builtin(malloc);
__host__ __device__ void free(void *ptr) __ws_builtin(free);
void *calloc(size_t nmemb, size_t size) __ws_builtin(calloc);
void *realloc(void *ptr, size_t size) __ws_builtin(realloc);
void exit(int status) __ws_builtin(exit);
void abort(void) __ws_builtin(abort);
int atoi(const char *nptr) __ws_builtin(atoi);
long atol(const char *nptr) __ws_builtin(atol);
double atof(const char *nptr) __ws_builtin(atof);
long strtol(const char *nptr, char **endptr, int base) __ws_builtin(strtol);
unsigned long strtoul(const char *nptr, char **endptr, int base) __ws_builtin(strtoul);
double strtod(const char *nptr, char **endptr) __ws_builtin(strtod);
int rand(void) __ws_builtin(rand);
void srand(unsigned int seed) __ws_builtin(srand);
char *getenv(const char *name) __ws_builtin(getenv);
__host__ __device__ int abs(int j) __ws_builtin(abs);
__host__ __device__ long labs(long j) __ws_builtin(llabs);
__host__ __device__ long long llabs(long long j) __ws_builtin(llabs);
__host__ __device__ long abs(long j) __ws_builtin(llabs);
__host__ __device__ long long abs(long long j) __ws_builtin(llabs);
#endif
