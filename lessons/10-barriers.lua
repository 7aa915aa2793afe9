-- 10-barriers.lua
-- (a lesson: docs/lesson-format.md; the engine checks the answers)
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
local r = run_kernel(src, "bars", 4, 1, 64)
ask{ q = "64 threads: __syncthreads_count(t < 5)?", answer = r[1] }
ask{ q = "__syncthreads_or(t == 40)?", answer = r[2] }
ask{ q = "__syncthreads_and(t < 63)?", answer = r[3] }

-- cuda::barrier: phases, tokens, split arrive/wait, arrive_and_drop
local cb = [[
#pragma nv_diag_suppress 20054
#include <cuda/barrier>
#include <utility>
using barrier = cuda::barrier<cuda::thread_scope_block>;

__global__ void phases(int *out)
{
    __shared__ barrier bar;
    __shared__ int buf[64];
    int t = threadIdx.x;
    if (t == 0)
        init(&bar, blockDim.x);             // expected arrivals per phase
    __syncthreads();
    buf[t] = t;
    barrier::arrival_token tok = bar.arrive();   // "my write is done"
    int mine = t * 10;                      // work that needs nobody else
    bar.wait(std::move(tok));               // wait for tok's phase to end
    out[t] = buf[63 - t] + mine;
    if (t >= 32) {
        bar.arrive_and_drop();              // warp 1 leaves for good
        return;
    }
    bar.arrive_and_wait();
    buf[t] = -t;
    bar.arrive_and_wait();
    out[64 + t] = buf[31 - t];
}
]]
page{ title = "cuda::barrier: phases", text = [[
cuda::barrier (<cuda/barrier>) is a barrier object you create yourself:
init(&bar, n) says n arrivals complete a phase. bar.arrive() counts one
arrival and returns a token naming the current phase; it does not wait.
bar.wait(std::move(token)) blocks until that phase has completed. Between
the two, a thread can do work that needs nobody else: the split
arrive/wait pattern. bar.arrive_and_wait() is both at once, and
bar.arrive_and_drop() arrives and also lowers the expected count of every
later phase (the thread leaves the barrier for good).
On screen: the sync pane lists each cuda::barrier with its expected and
pending counts and its phase; pending counts down as lanes arrive, and
when it reaches 0 the phase number goes up and pending starts again at
expected. Lanes blocked in wait() show as '‖' ('|' in ASCII) in the warps pane, and the
sync pane says which phase's token each warp waits on.]] }

-- drive the kernel on the engine: warp by warp, as in the questions
local p = assert(ws.compile(cb, "phases.cu"))
local m = ws.machine(p, { sched = "rr" })
local out = m:alloc(128 * 4)
assert(m:launch("phases", { grid = 1, block = 64, args = { out } }))
local function bar() return m:cubarriers{ block = 0 }[1] end
local function run_warp(w)
	while true do
		local pick
		for i, c in ipairs(m:choices()) do if c.warp == w then pick = i end end
		if not pick then return end
		m:choose(pick)
	end
end
m:step("barrier") -- everyone is past init() and __syncthreads()
local b0 = bar()
ask{ q = "64 threads; thread 0 ran init(&bar, blockDim.x). What expected count does the sync pane show?",
     answer = b0.expected }
ask{ q = "And how many arrivals are pending in phase 0 before anyone arrives?", answer = b0.pending }
run_warp(0) -- warp 0 alone: it arrives, does its own work, then blocks in wait()
local b1 = bar()
ask{ q = "Warp 0 runs alone: its 32 lanes arrive, compute 'mine', then block in wait(). How many arrivals are still pending?",
     answer = b1.pending, hints = { "each lane is one arrival; warp 1 has not arrived yet" } }
ask{ q = "Which phase does warp 0's token name (the sync pane: 'on phase N')?",
     answer = b1.waiting[1] and b1.waiting[1].phase or -1,
     hints = { "arrive() returned a token for the phase in progress when it arrived" } }
run_warp(1) -- warp 1 completes phase 0, then leaves with arrive_and_drop
local b2 = bar()
ask{ q = "Warp 1 now runs alone: its arrivals complete phase 0, it reads buf, then calls arrive_and_drop() and returns. Which phase is the barrier in now?",
     answer = b2.phase, hints = { "phase 0 completed when pending reached 0" } }
ask{ q = "What is its expected count from now on?", answer = b2.expected,
     hints = { "arrive_and_drop lowers the expected count of later phases by one per thread" } }
ask{ q = "arrive_and_drop also counted as an arrival in the current phase. How many arrivals are pending in it?",
     answer = b2.pending,
     hints = { "the phase began with 64 pending; 32 lanes of warp 1 arrived" } }
finish(m) -- findings are listed, not the end
local r2 = out:read(0, "i32", 128)
ask{ q = "Warp 0 finishes (two arrive_and_wait phases of 32). out[64 + t] = buf[31 - t] after buf[t] = -t: what is out[64] (t = 0)?",
     answer = r2[65] }
launch_kernel(cb, "phases", 128, 1, 64) -- fresh, not run: the debugger shows it
task{ text = [[
In the debugger, the kernel above is loaded. Step (s or n) until the
__syncthreads() after init() completes (the generation in the sync pane
goes up): the cuda::barrier appears in the sync pane.]],
      until_ = function(s) return s.kind == "barrier" end }
task{ text = [[
Go on stepping and watch the cuda::barrier: pending counts down as warps
arrive, and warps blocked in wait() say which phase they wait on. Step
until one of its phases completes (its phase number goes up).]],
      until_ = function(s) return s.kind == "phase" end }

exercise{ text = [[
Write count_above: out[blockIdx.x] is how many of the block's 64 values
are greater than limit. Use __syncthreads_count (no atomics, no shared
memory of your own); thread 0 writes. 3 blocks, 3 hidden inputs.]],
          file = "count_above.cu", source = [[
__global__ void count_above(int *out, const int *in, int limit)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int v = in[i];
    // your code here
}
]],
          check = function(code)
                  return judge({ kernel = "count_above", grid = 3, block = 64,
                          opts = function(c) return { simt = "its", sched = "random", seed = c } end,
                          arrays = {
                                  { name = "out", type = "i32", size = 3, out = true },
                                  { name = "in", type = "i32", size = 192, init = function(i, c) return (i * 29 + c * 13) % 50 end },
                          },
                          args = { "out", "in", 20 },
                          want = function(A)
                                  local r = { 0, 0, 0 }
                                  for k = 0, 191 do if A["in"][k + 1] > 20 then r[k // 64 + 1] = r[k // 64 + 1] + 1 end end
                                  return { out = r }
                          end,
                          limits = { no_atomics = true, no_shared = true },
                          explain = {
                                  ["barrier-divergence"] = "__syncthreads_count is a barrier: every thread of the block must call it, so call it outside the if and let its predicate say which threads count.",
                                  ["deadlock"] = "Some threads wait at the barrier for threads that never come: every thread of the block must reach __syncthreads_count.",
                          } }, code)
          end }
page{ title = "Done", text = [[
A barrier is a meeting of the whole block (__syncthreads and its
variants) or of a cuda::barrier's expected arrivals, phase after phase.]] }
