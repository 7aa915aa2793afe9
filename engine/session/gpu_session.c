/*
 * gpu_session.c - the session's side of the real GPU: the PTX of a compiled
 * program (warpstep ptx) and, for run --gpu, the backend that connects the
 * machine's runtime (struct machine_gpu of machine.h) to the driver
 * (engine/gpu). docs/gpu.md.
 */
#include "session.h"

#include <string.h>

#include "gpu.h"

int session_ptx(const struct session_program *p, int arch, struct strbuf *out, struct strbuf *err)
{
	if (!p || !p->mod) {
		strbuf_adds(err, "the program did not compile");
		return -1;
	}
	return gpu_ptx_emit(p->mod, arch ? arch : 90, out, err);
}
