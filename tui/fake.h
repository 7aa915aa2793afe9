/*
 * fake.h - a scripted backend for tests and `warpstep debug-demo`.
 *
 * Contract: fake_backend_new() returns a backend whose steps walk a fixed
 * script over a small reduction kernel (120 threads, 4 warps): host code,
 * divergence (if/else, half the warp), a bank conflict, warps waiting at
 * __syncthreads, shuffles with source lanes, a ballot, a data race finding
 * with pending stores, then the end. It ignores the real machine entirely.
 * fake_backend_free releases it. fake_goto jumps to a script frame
 * (0 .. FAKE_FRAMES-1) for snapshot tests.
 */
#ifndef WS_UI_FAKE_H
#define WS_UI_FAKE_H

#include "cmd.h"

#define FAKE_FRAMES 17

struct ui_backend *fake_backend_new(void);
void fake_backend_free(struct ui_backend *be);
void fake_goto(struct ui_backend *be, int frame);
/* Fill st with a state showing every sync feature at once (cuda::barrier,
 * pending stores with fences) for the sync pane snapshot. */
void fake_sync_extras(struct ui_state *st);

#endif
