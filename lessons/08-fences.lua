-- 08-fences.lua
-- (a lesson: docs/lesson-format.md; the engine checks the answers)
local src = [[
__device__ unsigned int count = 0;
__global__ void sum(int *total, const int *in, int fences)
{
    __shared__ bool last;
    if (threadIdx.x == 0) {
        int s = 0;
        for (int i = 0; i < 32; i++)
            s += in[blockIdx.x * 32 + i];
        total[1 + blockIdx.x] = s;            // publish my part
        if (fences >= 1)
            __threadfence();                  // writer: part before ticket
        unsigned int ticket = atomicInc(&count, gridDim.x);
        last = (ticket == gridDim.x - 1);
    }
    __syncthreads();
    if (last && threadIdx.x == 0) {
        if (fences >= 2)
            __threadfence();                  // reader: ticket before parts
        int t = 0;
        for (int b = 0; b < gridDim.x; b++)
            t += ((volatile int *)total)[1 + b];
        total[0] = t;
    }
}
]]
page{ title = "Memory fences and the last block done", text = [[
Each block sums its part and publishes it; then it takes a ticket with
atomicInc. The block that draws the last ticket adds every part.
Two fences make this correct. The writer's __threadfence() between the
part and the ticket makes the part visible to the whole device before the
ticket can be seen. The reader's __threadfence() after seeing the last
ticket keeps its loads of the parts from being performed before it. A
fence orders only the accesses of the thread that runs it: each side
needs its own. On screen: the sync pane lists fences.]] }
local p = assert(ws.compile(src, "sum.cu"))
local function run(fences, model, seed)
	local m = ws.machine(p, { sched = seed and "random" or "rr", seed = seed, model = model })
	local total, input = m:alloc(5 * 4), m:alloc(128 * 4)
	local v = {}
	for i = 1, 128 do v[i] = 1 end
	input:write(0, "i32", v)
	total:write(0, "i32", { 0, 0, 0, 0, 0 })
	m:launch("sum", { grid = 4, block = 32, args = { total, input, fences } })
	finish(m) -- findings are listed, not the end
	return total:read(0, "i32", 1)[1]
end
ask{ q = "4 blocks of 32 ones: predict total[0].", answer = run(2) }
ask{ q = "Which ticket value does the last of the 4 blocks draw?", answer = 3 }
-- the relaxed model: how often is the total wrong with and without the fences
local wrong = { [0] = 0, [1] = 0, [2] = 0 }
for seed = 1, 200 do
	for f = 0, 2 do
		if run(f, "relaxed", seed) ~= 128 then wrong[f] = wrong[f] + 1 end
	end
end
page{ title = "Without the fences", text = string.format([[
Under the sequentially consistent model (the default) every store is seen
at once, so removing the fences changes nothing. Under warpstep's relaxed
model (--model relaxed), as on a GPU, 200 random executions gave a wrong
total %d times without fences, %d times with the writer's fence only, and
%d times with both.]], wrong[0], wrong[1], wrong[2]) }
ask{ q = "With the writer's fence only, can the total be wrong? (yes/no)", answer = wrong[1] > 0 and "yes" or "no" }
ask{ q = "With both fences, can the total be wrong? (yes/no)", answer = wrong[2] > 0 and "yes" or "no" }
ask{ q = "Does __threadfence() wait for other blocks? (yes/no)", answer = "no",
     hints = { "it only orders this thread's own accesses" } }
ask{ q = "The writer has its fence. Does the reader still need one? (yes/no)", answer = "yes",
     hints = { "a fence orders only the accesses of the thread that runs it" } }
do -- both fences, fresh and not run, under the relaxed model: the debugger shows it
	local mt = ws.machine(p, { sched = "rr", model = "relaxed" })
	local total, input = mt:alloc(5 * 4), mt:alloc(128 * 4)
	local v = {}
	for k = 1, 128 do v[k] = 1 end
	input:write(0, "i32", v)
	total:write(0, "i32", { 0, 0, 0, 0, 0 })
	mt:launch("sum", { grid = 4, block = 32, args = { total, input, 2 } })
end
task{ text = [[
In the debugger (sum with both fences, under the relaxed model), step until
a block's __syncthreads() completes: its thread 0 has published its part,
fenced, and drawn a ticket. The sync pane lists the stores other blocks may
not see yet.]],
      until_ = function(st) return st.kind == "barrier" end }
task{ text = [[
Go on until the block that drew the last ticket reaches line 19, just past
the reader's fence (only that block gets there; :cuda block N thread 0
focuses it): from here on its loads see every part.]],
      until_ = function(st) return st.kind == "line" and st.line == 19 end }

local nofence = [[
__device__ unsigned int count = 0;
__global__ void sum(int *total, const int *in)
{
    __shared__ bool last;
    if (threadIdx.x == 0) {
        int s = 0;
        for (int i = 0; i < 32; i++)
            s += in[blockIdx.x * 32 + i];
        total[1 + blockIdx.x] = s;            // publish my part
        unsigned int ticket = atomicInc(&count, gridDim.x);
        last = (ticket == gridDim.x - 1);
    }
    __syncthreads();
    if (last && threadIdx.x == 0) {
        int t = 0;
        for (int b = 0; b < gridDim.x; b++)
            t += ((volatile int *)total)[1 + b];
        total[0] = t;
    }
}
]]
exercise{ text = [[
Here is the last-block-done sum without fences. Add the two it needs. It is
run on 30 hidden inputs under the relaxed model, each in its own random
schedule. A missing reader's fence shows in only about 3 schedules in 200,
so the check also looks for a fence on each side.]],
          file = "sum.cu", source = nofence,
          check = function(code)
                  local ok, msg = judge({ kernel = "sum", grid = 4, block = 32, cases = 30,
                          opts = function(c) return { model = "relaxed", sched = "random", seed = c } end,
                          arrays = {
                                  { name = "total", type = "i32", size = 5, out = true },
                                  { name = "in", type = "i32", size = 128, init = function(i, c) return (i * 3 + c) % 7 end },
                          },
                          args = { "total", "in" },
                          want = function(A)
                                  local r = { 0, 0, 0, 0, 0 }
                                  for k = 0, 127 do
                                          r[2 + k // 32] = r[2 + k // 32] + A["in"][k + 1]
                                          r[1] = r[1] + A["in"][k + 1]
                                  end
                                  return { total = r }
                          end }, code)
                  if not ok then
                          if msg:find("total%[0%]") then
                                  msg = msg .. "\nThe last block read a part whose store it could not see yet: the writer must fence between its part and its ticket."
                          end
                          return false, msg
                  end
                  local body = code:gsub("//[^\n]*", ""):gsub("/%*.-%*/", "")
                  local fences = 0
                  for _ in body:gmatch("__threadfence%s*%(") do fences = fences + 1 end
                  if fences < 2 then
                          return false, "the results were right this time, but only one side fences: the last block also needs a __threadfence() after it sees the last ticket, before it reads the parts"
                  end
                  return true, "both sides fence; right on 30 hidden inputs under the relaxed model"
          end }

page{ title = "Done", text = [[
Fence = order my earlier accesses before my later ones, for every thread in
the fence's scope. Publishing takes a fence on the writer's side and one
on the reader's side.]] }
