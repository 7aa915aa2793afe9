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
do -- the racy kernel, fresh and not run: the debugger shows it
	local mr = ws.machine(assert(compile(racy, "hist.cu")), { sched = "rr" })
	local hb = mr:alloc(16)
	hb:write(0, "i32", { 0, 0, 0, 0 })
	mr:launch("hist", { grid = 1, block = 64, args = { hb } })
end
task{ text = [[
In the debugger (the racy hist is loaded), continue (c) until the race
checker stops the run: the findings list names the two threads whose
read-add-write of h[bin] overlap.]],
      until_ = function(st) return st.kind == "finding" and st.finding == "global-race" end }
local fixed = racy:gsub("h%[bin%] = h%[bin%] %+ 1;", "atomicAdd(&h[bin], 1);")
do
	local mf = ws.machine(assert(compile(fixed, "hist.cu")), { sched = "rr" })
	local hb = mf:alloc(16)
	hb:write(0, "i32", { 0, 0, 0, 0 })
	mf:launch("hist", { grid = 1, block = 64, args = { hb } })
end
task{ text = [[
Now the atomic version is loaded. Step (s) until warp 0 has done its
atomicAdd, print h[0]@4 (:p h[0]@4: 8 each, the 32 lanes of warp 0),
then focus warp 1 (:cuda thread 32) and step until it reaches line 4.]],
      until_ = function(st) return st.kind == "line" and st.line == 4 and st.warp == 1 end }

local hist_src = [[
__global__ void hist(int *h, const int *v)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int bin = v[i] % 8;
    h[bin] = h[bin] + 1;
}
]]
exercise{ text = [[
hist counts 128 values (2 blocks of 64 threads) into 8 bins. Fix it. It is
run on 3 hidden inputs in a random warp order, with the race checker on.]],
          file = "hist.cu", source = hist_src,
          check = function(code)
                  return judge({ kernel = "hist", grid = 2, block = 64,
                          opts = function(c) return { simt = "its", sched = "random", seed = c } end,
                          arrays = {
                                  { name = "v", type = "i32", size = 128, init = function(i, c) return (i * i * c + 5 * i) % 97 end },
                                  { name = "h", type = "i32", size = 8, out = true },
                          },
                          args = { "h", "v" },
                          want = function(A)
                                  local r = { 0, 0, 0, 0, 0, 0, 0, 0 }
                                  for i = 1, 128 do local b = A.v[i] % 8 + 1 r[b] = r[b] + 1 end
                                  return { h = r }
                          end,
                          explain = {
                                  ["global-race"] = "Two threads did h[bin] = h[bin] + 1 on the same bin and nothing ordered them: each read the old count, so one increment can be lost. atomicAdd(&h[bin], 1) makes the read, the add and the write one indivisible step.",
                          } }, code)
          end }
page{ title = "CAS loops", text = [[
Operations without an atomic (a max on floats) are built from atomicCAS:
read, compute, swap if nobody changed it, else retry. See
scripts/scenarios/atomics.lua, which counts each lane's retries.]] }
ask{ q = "atomicCAS(addr, compare, val) returns what? (old or new)", answer = "old" }
page{ title = "Done", text = "Read-modify-write on shared data: atomics." }
