/*
 * host_record.h - a `ws` host (api.h) that wraps another and remembers what
 * a script compiled and counts what it did, for the interface (the
 * lesson's exercise starts from the last source; a scenario's narration is
 * told from its progress). The interface shows the script's machine itself
 * (host_engine_shown), not a copy.
 *
 * Contract:
 * - host_record_new(inner): every slot of the returned host calls inner's
 *   (a NULL slot stays NULL) and records on success: compiled sources.
 * - host_record_gen counts compiles, launches and breakpoint changes: a
 *   caller polls it to notice that the script moved on.
 * - host_record_last_source: the last compiled source and its name, or NULL.
 * - host_record_launches counts launches; host_record_moves counts what
 *   moves a machine (launches, steps, runs of main, scheduler choices), so a
 *   caller can tell narration from progress.
 * - The record must outlive the Lua state using its host.
 */
#ifndef WS_HOST_RECORD_H
#define WS_HOST_RECORD_H

#include <stddef.h>

struct wsapi_host;
struct host_record;

struct host_record *host_record_new(struct wsapi_host *inner);
struct wsapi_host *host_record_host(struct host_record *r);
unsigned host_record_gen(const struct host_record *r);
const char *host_record_last_source(const struct host_record *r, const char **name);
unsigned host_record_launches(const struct host_record *r);
unsigned host_record_moves(const struct host_record *r);
void host_record_free(struct host_record *r);

#endif
