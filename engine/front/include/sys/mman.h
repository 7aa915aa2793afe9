/* sys/mman.h - warpstep built-in header: anonymous mappings, as course
 * programs and the CUDA samples use them to get page-aligned host memory.
 * mmap with MAP_ANONYMOUS gives zeroed memory from the emulated host heap
 * (so overruns and leaks are findings like any malloc's); a mapping of a
 * file is refused with MAP_FAILED (there is no errno yet). munmap releases what
 * mmap gave. mlock/munlock/mlockall/madvise/mprotect succeed and do
 * nothing: the emulated host has no paging. */
#ifndef __WS_SYS_MMAN_H
#define __WS_SYS_MMAN_H
#include <stddef.h>
#include <stdlib.h>
#define PROT_NONE 0x0
#define PROT_READ 0x1
#define PROT_WRITE 0x2
#define PROT_EXEC 0x4
#define MAP_SHARED 0x01
#define MAP_PRIVATE 0x02
#define MAP_FIXED 0x10
#define MAP_ANONYMOUS 0x20
#define MAP_ANON MAP_ANONYMOUS
#define MAP_NORESERVE 0x4000
#define MAP_POPULATE 0x8000
#define MAP_LOCKED 0x2000
#define MAP_FAILED ((void *)-1)
#define MCL_CURRENT 1
#define MCL_FUTURE 2
#define MADV_NORMAL 0
#define MADV_RANDOM 1
#define MADV_SEQUENTIAL 2
#define MADV_WILLNEED 3
#define MADV_DONTNEED 4
static inline void *mmap(void *addr, size_t length, int prot, int flags, int fd, long offset)
{
	(void)addr;
	(void)prot;
	(void)offset;
	if (!(flags & MAP_ANONYMOUS) || fd != -1 || length == 0)
		return MAP_FAILED;
	void *p = calloc(1, length);
	return p ? p : MAP_FAILED;
}
static inline int munmap(void *addr, size_t length)
{
	(void)length;
	free(addr);
	return 0;
}
static inline int mprotect(void *addr, size_t len, int prot) { (void)addr; (void)len; (void)prot; return 0; }
static inline int mlock(const void *addr, size_t len) { (void)addr; (void)len; return 0; }
static inline int munlock(const void *addr, size_t len) { (void)addr; (void)len; return 0; }
static inline int mlockall(int flags) { (void)flags; return 0; }
static inline int munlockall(void) { return 0; }
static inline int madvise(void *addr, size_t len, int advice) { (void)addr; (void)len; (void)advice; return 0; }
#endif
