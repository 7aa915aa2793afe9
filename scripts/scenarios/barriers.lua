-- barriers.lua - __syncthreads as a barrier with phases: who has arrived,
-- who is expected, the generation, and a barrier that never completes;
-- then cuda::barrier: init, arrive() and its token, wait(token),
-- arrive_and_wait(), arrive_and_drop(), the split arrive/wait pattern.
-- Run: warpstep script scripts/scenarios/barriers.lua
-- In the interface: the sync pane shows the block's barrier (arrived /
-- expected, generation) and each cuda::barrier (expected, pending, phase,
-- who waits on which phase's token); waiting lanes are 'b' in the warps pane.

local src = [[
__global__ void phases(int *out)
{
    __shared__ int buf[64];
    int t = threadIdx.x;
    buf[t] = t;                          // phase 0: write
    __syncthreads();                     // @bar1
    int v = buf[63 - t];                 // phase 1: read the mirror
    __syncthreads();                     // @bar2
    buf[t] = v * 2;
    __syncthreads();
    out[t] = buf[t];
}

__global__ void stuck(int *out)
{
    if (threadIdx.x < 32)
        __syncthreads();                 // only warp 0 arrives
    out[threadIdx.x] = 1;
}
]]

local p = assert(ws.compile(src, "barriers.cu"))
local m = ws.machine(p, { sched = "rr" })
local out = m:alloc(64 * 4)
m:launch("phases", { grid = 1, block = 64, args = { out } })

local function show()
	local b = m:barriers{ block = 0 }[1]
	local waiting = {}
	for _, w in ipairs(b.waiting) do waiting[#waiting + 1] = string.format("warp %d %s", w.warp, w.mask_hex) end
	print(string.format("  barrier: %d of %d threads arrived, generation %d; waiting: %s",
		b.arrived, b.expected, b.generation, #waiting > 0 and table.concat(waiting, ", ") or "none"))
end

print("== 64 threads (2 warps), three __syncthreads ==")
show()
-- run warp 0 alone until it waits at the first barrier
while true do
	local c = m:choices()
	local pick
	for i, ch in ipairs(c) do if ch.warp == 0 then pick = i end end
	if not pick then break end
	m:choose(pick)
end
print("Warp 0 ran alone until it could not go on:")
show()
for _, w in ipairs(m:warps{ block = 0 }) do print(string.format("  warp %d: %s (line %s)", w.warp, w.lanes, w.line)) end
print("Warp 1 has not arrived, so warp 0 waits. Now step to the barrier's completion:")
local s = m:step("barrier")
show()
print("Generation 1: everyone passed the first barrier; nobody waits.")
s = m:step("barrier")
show()
s = m:step("barrier")
show()
s = m:run()
local r = out:read(0, "i32", 64)
print(string.format("kernel %s: out[0] = %d, out[63] = %d (2 * the mirror element)", s.reason, r[1], r[64]))

print("\n== A barrier only warp 0 reaches ==")
m = ws.machine(p, { sched = "rr" })
out = m:alloc(64 * 4)
m:launch("stuck", { grid = 1, block = 64, args = { out } })
s = m:run()
print("stopped: " .. s.reason .. " (" .. tostring(s.finding) .. ")")
for _, f in ipairs(m:findings()) do
	print(string.format("  line %d: [%s] %s", f.line, f.kind, f.message))
end
print("Since Volta, threads that exit count as arrived, so this completes on the")
print("GPU, but it is undefined behavior and the checker says so.")

print("\n== cuda::barrier: phases and tokens ==")
local cb = [[
#pragma nv_diag_suppress 20054
#include <cuda/barrier>
#include <utility>
using barrier = cuda::barrier<cuda::thread_scope_block>;

__global__ void split(int *out)
{
    __shared__ barrier bar;
    __shared__ int buf[64];
    int t = threadIdx.x;
    if (t == 0)
        init(&bar, blockDim.x);              // 64 arrivals per phase
    __syncthreads();
    buf[t] = t * t;
    barrier::arrival_token tok = bar.arrive();   // arrive: my write is done
    int mine = 3 * t;                        // independent work
    bar.wait(std::move(tok));                // wait for the phase of tok
    out[t] = buf[(t + 1) % 64] + mine;
    if (t >= 32) {
        bar.arrive_and_drop();               // warp 1 leaves the barrier
        return;
    }
    bar.arrive_and_wait();                   // phases of 32 from now on
    out[t] += 1;
}
]]
p = assert(ws.compile(cb, "split.cu"))
m = ws.machine(p, { sched = "rr" })
out = m:alloc(64 * 4)
m:launch("split", { grid = 1, block = 64, args = { out } })

local function cushow()
	local b = m:cubarriers{ block = 0 }[1]
	if not b then
		print("  (no cuda::barrier: the block is gone)")
		return
	end
	local waiting = {}
	for _, w in ipairs(b.waiting) do
		waiting[#waiting + 1] = string.format("warp %d %s on phase %d", w.warp, w.mask_hex, w.phase)
	end
	print(string.format("  %s: expected %d, pending %d, phase %d; waiting: %s", b.name, b.expected,
		b.pending, b.phase, #waiting > 0 and table.concat(waiting, ", ") or "none"))
end
local function alone(w)
	local n = 0
	while true do
		local pick
		for i, ch in ipairs(m:choices()) do if ch.warp == w then pick = i end end
		if not pick then return n end
		m:choose(pick)
		n = n + 1
	end
end

m:step("barrier")
print("Thread 0 ran init(&bar, 64); everyone passed __syncthreads():")
cushow()
alone(0)
print("Warp 0 alone: 32 arrivals with arrive(), each lane keeps a token for phase 0,")
print("does its own work (mine = 3 * t), then blocks in wait(token):")
cushow()
for _, w in ipairs(m:warps{ block = 0 }) do print(string.format("  warp %d: %s", w.warp, w.lanes)) end
alone(1)
print("Warp 1 alone: its 32 arrivals complete phase 0 (pending 0 -> the phase flips")
print("and pending starts again), its wait passes at once, it reads buf, then")
print("arrive_and_drop(): one arrival in phase 1 and one less expected from phase 2 on:")
cushow()
print("Warp 0's token named phase 0, which is complete: warp 0 may go on.")
alone(0)
print("Warp 0 ran to the end: arrive_and_wait() needed the 32 arrivals still pending.")
cushow()
s = m:run()
local r = out:read(0, "i32", 64)
print(string.format("kernel %s: out[0] = %d (buf[1] + 0 + 1), out[63] = %d (buf[0] + 189)", s.reason, r[1], r[64]))
