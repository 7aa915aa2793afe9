-- 12-finding-bugs.lua
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
local oob = [[
__global__ void scale(int *a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    a[i] = a[i] * 2;
}
]]
page{ title = "Finding bugs", text = [[
warpstep reports bugs as findings: kind, line, the threads involved and a
hint. Kinds include oob-global-write, shared-race, barrier-divergence,
deadlock. On screen: the findings list; the source pane marks the line.]] }
local function check_scale(src, n)
	local p, e = ws.compile(src, "scale.cu")
	if not p then return nil, e end
	local m = ws.machine(p)
	local a = m:alloc(n * 4)
	assert(m:launch("scale", { grid = 1, block = 64, args = { a, n } }))
	m:run()
	return m:findings()
end
local f = check_scale(oob, 40)
ask{ q = "64 threads scale an array of 40 ints. What kind of finding does the engine report?",
     answer = f[1] and f[1].kind or "none", hints = { "threads 40..63 read a[i] past the end (the read comes before the write)" } }
exercise{ text = "Add the bounds check so threads past n do nothing.", file = "scale.cu",
          check = function(src)
                  local fs, e = check_scale(src, 40)
                  if not fs then return false, e end
                  if #fs == 0 then return true end
                  return false, "still: " .. fs[1].kind .. " at line " .. fs[1].line
          end }
page{ title = "Done", text = "Read the finding, find the threads, fix the condition." }
