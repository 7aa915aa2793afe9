-- barriers.lua - __syncthreads as a barrier with phases: who has arrived,
-- who is expected, the generation, and a barrier that never completes.
-- Run: warpstep script scripts/scenarios/barriers.lua
-- In the interface: the sync pane shows the block's barrier (arrived /
-- expected, generation); waiting lanes are 'b' in the warps pane.
-- NEEDSWORK: cuda::barrier (<cuda/barrier>) is not supported by the front
-- end yet; its phases and tokens come with it.

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
