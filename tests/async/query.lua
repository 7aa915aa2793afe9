-- query.lua - copies in flight and pipeline stages through the Lua API
-- (m:async): a two-stage block pipeline is stepped; after both stages are
-- committed their copies are listed, and consumer_wait lands stage 0's.
-- Prints TAP.
local p = assert(ws.compile([[
#include <cooperative_groups.h>
#include <cuda/pipeline>
__global__ void k(const int *in, int *out)
{
	__shared__ int buf[2][32];
	__shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 2> state;
	auto block = cooperative_groups::this_thread_block();
	auto pipe = cuda::make_pipeline(block, &state);
	int t = block.thread_rank(), acc = 0;
	for (int b = 0; b < 2; b++) {
		pipe.producer_acquire();
		cuda::memcpy_async(block, buf[b], in + 32 * b, sizeof(int) * 32, pipe);
		pipe.producer_commit();
	}
	pipe.consumer_wait();
	acc += buf[0][t];
	pipe.consumer_release();
	pipe.consumer_wait();
	acc += buf[1][t];
	pipe.consumer_release();
	out[t] = acc;
}
]], "q.cu"))
local m = ws.machine(p, { simt = "stack" })
local inb = m:alloc(64 * 4)
local outb = m:alloc(32 * 4)
m:launch("k", { grid = 1, block = 32, args = { inb, outb } })
local n = 0
local full, ready, empty_after = nil, nil, nil
for i = 1, 20000 do
	local st = m:step("instruction")
	local a = m:async{}
	local pl = a.pipelines[1]
	if pl and pl.stage[1].state == "committed" and pl.stage[2].state == "committed" and not full then
		full = { pl = pl, copies = #a.copies, c1 = a.copies[1] }
	end
	if pl and pl.stage[1].state == "ready" and not ready then ready = { pl = pl, copies = #a.copies } end
	if full and #a.copies == 0 then empty_after = true end
	if st.reason == "done" then break end
end
local function ok(c, d) n = n + 1; print((c and "ok " or "not ok ") .. n .. " - " .. d) end
ok(full and full.pl.stages == 2 and full.pl.producers == 32 and full.pl.consumers == 32 and
   not full.pl.partitioned, "a unified pipeline of 2 stages, 32 producers and consumers")
ok(full and full.copies == 64 and full.pl.stage[1].inflight == 32 and full.c1.kind == "pipeline" and
   full.c1.bytes == 4 and full.c1.line == 12 and full.c1.committed,
   "both stages committed: 64 copies of 4 bytes in flight, issued at line 12")
ok(ready and ready.pl.stage[1].inflight == 0 and ready.copies == 32,
   "consumer_wait: stage 0 is ready, its copies landed; stage 1's are still in flight")
ok(empty_after, "in the end no copy is in flight")
print("1.." .. n)
