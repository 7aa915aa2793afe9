-- 07-atomics.lua
-- (a lesson: docs/lesson-format.md; the engine checks the answers)
local racy = [[
__global__ void hist(int *h)
{
    int bin = threadIdx.x % 4;
    h[bin] = h[bin] + 1;
}
]]
page{ title = "Atomics", text = [[
64 threads count into 4 bins. h[bin] = h[bin] + 1 is a read, an add and a
write: two threads that read the same old value lose one increment.
atomicAdd(&h[bin], 1) makes the three one indivisible step.
On screen: the memory pane shows h; findings list the race.]] }
local r = run_kernel(racy, "hist", 4, 1, 64)
ask{ q = "The racy version ran. Predict h[0] (16 threads add 1 to it).", answer = r[1],
     hints = { "all 8 lanes of one warp instruction read the same old value" } }
exercise{ text = "Fix the histogram with atomicAdd.", file = "hist.cu",
          check = function(src)
                  local ok, h = pcall(run_kernel, src, "hist", 4, 1, 64)
                  if not ok then return false, tostring(h) end
                  if h[1] == 16 and h[4] == 16 then return true end
                  return false, "h[0] is " .. h[1] .. ", not 16"
          end }
page{ title = "CAS loops", text = [[
Operations without an atomic (a max on floats) are built from atomicCAS:
read, compute, swap if nobody changed it, else retry. See
scripts/scenarios/atomics.lua, which counts each lane's retries.]] }
ask{ q = "atomicCAS(addr, compare, val) returns what? (old or new)", answer = "old" }
page{ title = "Done", text = "Read-modify-write on shared data: atomics." }
