/* common.h: helpers for the native C twins of the bench programs.
 *
 * A twin does what its bench/NAME.cu does, on the CPU, one thread: it takes the same
 * arguments (argv[1] "0" skips the kernel, argv[2] the size), holds the same memory (the
 * host buffers and, for every cudaMalloc, a malloc'd "device" buffer; cudaMemcpy is memcpy,
 * cudaMemset is memset), runs the kernel's computation as a plain loop, verifies the result
 * the same way and prints the same line. So its whole run and its peak RSS compare like with
 * like against `warpstep run bench/NAME.cu` (docs/PERFORMANCE.md, "What native means").
 * It prints "kernel_ms T" too: the kernel part alone, timed around the loop. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* bench_arg: argv[2] as an integer from lo to hi (def without it); exits 2 with a message
 * when it is out of range or not a number */
static int bench_arg(int argc, char **argv, const char *name, int def, int lo, int hi)
{
	if (argc < 3)
		return def;
	char *end;
	long v = strtol(argv[2], &end, 10);
	if (*argv[2] == 0 || *end != 0 || v < lo || v > hi) {
		fprintf(stderr, "%s: size %s out of range, want %d to %d\n", name, argv[2], lo, hi);
		exit(2);
	}
	return (int)v;
}

/* bench_alloc: malloc that exits with a message when memory runs out */
static void *bench_alloc(size_t bytes)
{
	void *p = malloc(bytes ? bytes : 1);
	if (!p) {
		fprintf(stderr, "out of memory allocating %zu bytes\n", bytes);
		exit(2);
	}
	return p;
}
