-- query.lua - the cuda::barrier state through the Lua API (m:cubarriers):
-- step a split arrive/wait kernel until some warp waits on a phase, and
-- check expected/pending/phase/waiters; prints TAP.
local p = assert(ws.compile([[
#include <cuda/barrier>
#include <utility>
using barrier = cuda::barrier<cuda::thread_scope_block>;
__global__ void k(int *out)
{
	__shared__ barrier bar;
	if (threadIdx.x == 0)
		init(&bar, blockDim.x);
	__syncthreads();
	for (int it = 0; it < 3; it++) {
		if (threadIdx.x >= 32)          /* warp 1 comes late */
			for (int j = 0; j < 20; j++)
				out[threadIdx.x] += j;
		barrier::arrival_token t = bar.arrive();
		out[threadIdx.x] += it;
		bar.wait(std::move(t));
	}
}
]], "q.cu"))
local m = ws.machine(p, { simt = "stack" })
local buf = m:alloc(64 * 4)
m:launch("k", { grid = 1, block = 64, args = { buf } })
local n = 0
local seen, saw_wait, saw_phase = nil, nil, nil
for i = 1, 20000 do
	local st = m:step("instruction")
	local bs = m:cubarriers{}
	if #bs > 0 then
		seen = bs[1]
		if #bs[1].waiting > 0 and not saw_wait then saw_wait = bs[1] end
		if bs[1].phase >= 2 then saw_phase = bs[1] end
	end
	if st.reason == "done" then break end
end
local function ok(c, d) n = n + 1; print((c and "ok " or "not ok ") .. n .. " - " .. d) end
ok(seen and seen.name:match("bar$") and seen.expected == 64, "cubarriers: bar, expected 64")
ok(saw_wait and saw_wait.pending == 32 and saw_wait.waiting[1].warp == 0 and
   saw_wait.waiting[1].mask == 0xffffffff and saw_wait.waiting[1].phase == saw_wait.phase,
   "warp 0 waits on the current phase while 32 arrivals are pending")
ok(saw_phase and saw_phase.pending == 64, "the phase advances and the pending count resets")
print("1.." .. n)
