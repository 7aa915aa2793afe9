-- 10-barriers.lua
-- (a lesson: docs/lesson-format.md; the engine checks the answers)
local function run(src, kernel, n, grid, block, extra)
	local p = assert(ws.compile(src, kernel .. ".cu"))
	local m = ws.machine(p, { sched = "rr" })
	local out = m:alloc(n * 4)
	local args = { out }
	for _, a in ipairs(extra or {}) do args[#args + 1] = a end
	assert(m:launch(kernel, { grid = grid, block = block, args = args }))
	local s = m:run()
	return out:read(0, "i32", n), m, s
end
local src = [[
__global__ void bars(int *out)
{
    int t = threadIdx.x;
    out[0] = __syncthreads_count(t < 5);
    out[1] = __syncthreads_or(t == 40);
    out[2] = __syncthreads_and(t < 63);
    if (t < 32) {
        __syncwarp();
        out[3] = 1;
    }
}
]]
page{ title = "Barriers", text = [[
__syncthreads() waits for the whole block; the variants also reduce a
predicate over it: _count, _or, _and. __syncwarp(mask) waits only for the
lanes of one warp named in the mask. On screen: the sync pane shows the
barrier's arrived/expected count and generation.]] }
local r = run(src, "bars", 4, 1, 64)
ask{ q = "64 threads: __syncthreads_count(t < 5)?", answer = r[1] }
ask{ q = "__syncthreads_or(t == 40)?", answer = r[2] }
ask{ q = "__syncthreads_and(t < 63)?", answer = r[3] }
page{ title = "cuda::barrier", text = [[
cuda::barrier (phases, arrive/wait tokens) is not supported by warpstep
yet (NEEDSWORK); scripts/scenarios/barriers.lua shows __syncthreads
generations, the same idea with a fixed count.]] }
task{ text = "Step until a barrier completes (the generation in the sync pane goes up).",
      until_ = function(s) return s.kind == "barrier" end }
