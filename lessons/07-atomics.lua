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
-- the racy kernel under independent thread scheduling and a random warp
-- scheduler: the engine shows that the result depends on the interleaving
local seen, list = {}, {}
for seed = 1, 40 do
	local r = run_kernel(racy, "hist", 4, 1, 64, nil, { simt = "its", sched = "random", seed = seed })
	if not seen[r[1]] then seen[r[1]] = true list[#list + 1] = r[1] end
end
table.sort(list)
ask{ q = "16 threads each add 1 to h[0] with the racy code. On a GPU, what is the largest value h[0] can end with?",
     answer = 16, hints = { "when no two threads' read-add-write overlap" } }
ask{ q = "And the smallest?", answer = 1,
     hints = { "all 16 may read the old value 0 before any of them writes" } }
page{ title = "A race has no single answer", text = "Run 40 times with different schedules\n" ..
	"(--simt its --sched random:SEED), the racy kernel left h[0] = " .. table.concat(list, ", ") .. [[.
Which value a GPU prints depends on timing, so there is nothing to predict:
the race itself is the bug, and the checker reports it as a finding.]] }
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
