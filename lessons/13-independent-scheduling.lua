-- 13-independent-scheduling.lua - the SIMT stack and independent thread scheduling on one kernel.
local src = [[
__global__ void wait_pair(int *out, int *flag)
{
    int lane = threadIdx.x;
    if (lane == 0) {
        while (atomicAdd(flag, 0) == 0)   // wait for lane 1
            ;
        out[0] = 1;
    } else if (lane == 1) {
        atomicExch(flag, 1);              // let lane 0 go
        out[1] = 2;
    }
}
]]
page{ title = "Independent thread scheduling", text = [[
Before Volta, a diverged warp ran one side of a branch to its end, then
the other (the SIMT stack). Since Volta each thread has its own program
counter: the scheduler may switch between the groups of a diverged warp at
any instruction (independent thread scheduling, ITS). warpstep runs both:
--simt stack and --simt its.

In this kernel lane 0 waits in a loop for a flag that lane 1, in the other
branch of the same warp, sets.]] }

local p = assert(compile(src, "wait_pair.cu"))
local function run(simt)
	local m = ws.machine(p, { simt = simt, sched = "rr", max_steps = 3000000 })
	local out, flag = m:alloc(8), m:alloc(4)
	out:write(0, "i32", { 0, 0 })
	flag:write(0, "i32", 0)
	m:launch("wait_pair", { grid = 1, block = 32, args = { out, flag } })
	finish(m)
	local kinds = {}
	for _, f in ipairs(m:findings()) do kinds[f.kind] = true end
	return out:read(0, "i32", 2), kinds
end
local stack_out, stack_f = run("stack")
local its_out, its_f = run("its")

ask{ q = "Under the SIMT stack, the warp runs the lane == 0 side first. Does lane 0 ever leave its loop? (yes/no)",
     answer = stack_out[1] == 1 and "yes" or "no",
     hints = { "lane 1 only runs once the if side is finished" } }
ask{ q = "What kind of finding does warpstep report for it? (one word)",
     answer = stack_f.deadlock and "deadlock" or "none" }
ask{ q = "Under ITS, what does out[1] hold at the end?", answer = its_out[2] }

local ms = ws.machine(p, { simt = "stack" })
ms:launch("wait_pair", { grid = 1, block = 32, args = { ms:alloc(8), ms:alloc(4) } })
task{ text = "Under the SIMT stack: continue (c) until warpstep reports the deadlock; look at the warps pane: lane 0 spins, the others wait to reconverge.",
      until_ = function(s) return s.kind == "finding" and s.finding == "deadlock" end }

local mi = ws.machine(p, { simt = "its" })
mi:launch("wait_pair", { grid = 1, block = 32, args = { mi:alloc(8), mi:alloc(4) } })
task{ text = "Under ITS: step (s) until the warp diverges; then keep stepping and watch the two groups take turns.",
      until_ = function(s) return s.kind == "diverge" end }
task{ text = "Still under ITS: step until lane 0 reaches line 7, out[0] = 1 (focus lane 0: h/l).",
      until_ = function(s) return s.kind == "line" and s.line == 7 and s.lane == 0 end }

page{ title = "Code that works under both", text = [[
Relying on ITS to make one lane wait for another in the same warp is legal
since Volta, but fragile: the wait only ends because the scheduler happens
to run the other group. Code that must also run on older GPUs (and is
easier to reason about) lets the setter finish first and then meets at
__syncwarp().]] }
exercise{ text = "Rewrite the kernel so it finishes under both policies: lane 1 sets the flag and writes out[1] = 2, lane 0 waits for the flag and writes out[0] = 1.",
          file = "wait_pair.cu", source = src,
          check = function(code)
                  local q, err = compile(code, "wait_pair.cu")
                  if not q then return false, err end
                  for _, simt in ipairs({ "stack", "its" }) do
                          local m = ws.machine(q, { simt = simt, sched = "rr", max_steps = 3000000 })
                          local out, flag = m:alloc(8), m:alloc(4)
                          out:write(0, "i32", { 0, 0 })
                          flag:write(0, "i32", 0)
                          m:launch("wait_pair", { grid = 1, block = 32, args = { out, flag } })
                          local s = finish(m)
                          for _, f in ipairs(m:findings()) do
                                  return false, string.format("under --simt %s: line %d: %s", simt, f.line or 0, f.kind)
                          end
                          if s.reason == "step-limit" then return false, "under --simt " .. simt .. " it does not finish" end
                          local o = out:read(0, "i32", 2)
                          if o[1] ~= 1 or o[2] ~= 2 then
                                  return false, string.format("under --simt %s: out = {%d, %d}, expected {1, 2}", simt, o[1], o[2])
                          end
                  end
                  return true, "finishes under both the SIMT stack and ITS"
          end }
page{ title = "Done", text = [[
The SIMT stack runs one side of a branch to its end; ITS may interleave
the sides. A wait between lanes of one warp finishes only under ITS.]] }
