/*
 * host_record.h - a `ws` host (api.h) that wraps another and remembers what
 * a script compiled, allocated, wrote and launched, so that the interface
 * can show the script's kernel in its own debugger.
 *
 * Contract:
 * - host_record_new(inner): every slot of the returned host calls inner's
 *   (a NULL slot stays NULL) and records on success: compiled sources,
 *   buffers with their sizes and the bytes the script wrote into them
 *   (up to HOST_RECORD_MAX_INIT bytes each), breakpoints set, and the last
 *   launch (kernel, grid, block, dynamic shared memory, arguments).
 * - host_record_gen counts compiles, launches and breakpoint changes: a
 *   caller polls it to notice that the script moved on.
 * - host_record_program returns a whole CUDA program (malloc'd) for the
 *   last launch: the kernel's source unchanged (same line numbers) followed
 *   by a main() that allocates the kernel's buffers, copies in what the
 *   script wrote, launches the kernel the same way and waits. NULL when
 *   nothing was launched. *name gets the source's name (owned by r).
 * - host_record_last_source: the last compiled source and its name, or NULL.
 * - host_record_launches counts launches; host_record_moves counts what
 *   moves a machine (launches, steps, runs of main, scheduler choices), so a
 *   caller can tell narration from progress; host_record_last_break is the
 *   line of the last breakpoint set (*seq counts them), even if cleared since.
 * - host_record_steps lists the script's steps (granularity, count) in order.
 * - host_record_breaks: the lines of the breakpoints set now (owned by r).
 * - The record must outlive the Lua state using its host.
 */
#ifndef WS_HOST_RECORD_H
#define WS_HOST_RECORD_H

#include <stddef.h>

#define HOST_RECORD_MAX_INIT (64 * 1024)

struct wsapi_host;
struct host_record;

struct host_record *host_record_new(struct wsapi_host *inner);
struct wsapi_host *host_record_host(struct host_record *r);
unsigned host_record_gen(const struct host_record *r);
char *host_record_program(const struct host_record *r, const char **name);
const char *host_record_last_source(const struct host_record *r, const char **name);
/* Every m:step the script made, in order (gran: enum wsapi_gran). */
struct host_record_step {
	int gran;
	unsigned long long n;
};
const struct host_record_step *host_record_steps(const struct host_record *r, size_t *n);
/* How many steps were listed when the last launch was made. */
size_t host_record_launch_steps(const struct host_record *r);
unsigned host_record_launches(const struct host_record *r);
unsigned host_record_moves(const struct host_record *r);
int host_record_last_break(const struct host_record *r, unsigned *seq);
const int *host_record_breaks(const struct host_record *r, size_t *n);
void host_record_free(struct host_record *r);

#endif
