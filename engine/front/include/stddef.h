/* stddef.h - warpstep built-in header (LP64, as nvcc on Linux x86-64). */
#ifndef __WS_STDDEF_H
#define __WS_STDDEF_H
typedef unsigned long size_t;
typedef long ptrdiff_t;
typedef long ssize_t;
#ifndef NULL
#define NULL 0
#endif
#define offsetof(type, member) __builtin_offsetof(type, member)
#endif
