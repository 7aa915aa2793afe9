-- 04-reduction.lua
-- (a lesson: docs/lesson-format.md; the engine checks the answers)
local src = [[
__global__ void reduce(int *out)
{
    __shared__ int s[64];
    int t = threadIdx.x;
    s[t] = t + 1;
    __syncthreads();
    for (int d = 32; d >= 32; d /= 2) {      // the tree, first level only
        if (t < d)
            s[t] += s[t + d];
        __syncthreads();
    }
    int v = t < 32 ? s[t] : 0;
    for (int d = 16; d > 0; d /= 2)          // the last warp: shuffles
        v += __shfl_down_sync(0xffffffff, v, d);
    out[t] = v;
}
]]
page{ title = "Reduction", text = [[
A block sums 64 values: first a shared-memory tree (half the threads add
the other half's values, barrier, repeat), then, once 32 values are left,
a warp's shuffles finish the sum with __shfl_down_sync and no barrier at
all. Both warps run that loop (warp 1's lanes shuffle zeros); only warp 0's
result, in lane 0, is the block's sum.
On screen: the memory pane shows s[] shrinking; the lanes pane shows v.]] }
local r = run_kernel(src, "reduce", 64, 1, 64)
ask{ q = "After the first tree level, s[0] = s[0] + s[32]. With s[t] = t + 1, predict s[0].", answer = 1 + 33 }
ask{ q = "Predict out[0], the block's sum 1 + ... + 64.", answer = r[1], hints = { "n (n + 1) / 2" } }
ask{ q = "Why does the shuffle phase need no __syncthreads? (one word: the unit that exchanges registers)",
     answer = { "warp", "a warp" } }

launch_kernel(src, "reduce", 64, 1, 64) -- fresh, not run: the debugger shows it
task{ text = [[
In the debugger (reduce is loaded), step until the first __syncthreads()
completes (the sync pane's generation goes up): s[] holds 1..64.]],
      until_ = function(st) return st.kind == "barrier" end }
task{ text = [[
Step on until the focused thread reaches the shuffle (line 14); then step
over it a few times and watch v in the lanes pane: the arrows show which
lane each value comes from.]],
      until_ = function(st) return st.kind == "line" and st.line == 14 end }

local buggy = [[
__global__ void block_sum(int *out, const int *in)
{
    __shared__ int s[128];
    int t = threadIdx.x;
    s[t] = in[blockIdx.x * 128 + t];
    __syncthreads();
    for (int d = 64; d > 0; d /= 2) {
        if (t < d) {
            s[t] += s[t + d];
            __syncthreads();
        }
    }
    if (t == 0)
        out[blockIdx.x] = s[0];
}
]]
exercise{ text = [[
block_sum adds the 128 values of each block (2 blocks) and writes the sum
to out[blockIdx.x], but a student put the barrier in the wrong place. Fix
it (no atomics). It runs on 3 hidden inputs, in a random warp order, with
the checkers on.]],
          file = "block_sum.cu", source = buggy,
          check = function(code)
                  return judge({ kernel = "block_sum", grid = 2, block = 128,
                          opts = function(c) return { sched = "random", seed = c } end,
                          arrays = {
                                  { name = "in", type = "i32", size = 256, init = function(i, c) return (i * 31 + c * 17) % 101 - 50 end },
                                  { name = "out", type = "i32", size = 2, out = true },
                          },
                          args = { "out", "in" },
                          want = function(A)
                                  local r = { 0, 0 }
                                  for i = 0, 255 do r[i // 128 + 1] = r[i // 128 + 1] + A["in"][i + 1] end
                                  return { out = r }
                          end,
                          limits = { no_atomics = true },
                          explain = {
                                  ["barrier-divergence"] = "The __syncthreads() is inside if (t < d): the threads with t >= d never reach it, so the block does not meet at one barrier. Every thread of the block must run the same __syncthreads(): put it after the if.",
                                  ["shared-race"] = "One round read s[t + d] while another thread of the block was still writing it: the rounds need a barrier between them, reached by every thread.",
                                  ["deadlock"] = "Some threads wait at a barrier the others never reach.",
                          } }, code)
          end }

page{ title = "Done", text = "Tree in shared memory across warps; shuffles within the last warp." }
