-- 02-divergence.lua - divergence and active masks.
local src = [[
__global__ void div(int *out)
{
    int lane = threadIdx.x % 32;
    int x = lane;
    if (lane % 4 == 0) {
        x = x * 100;
    } else {
        x = -x;
    }
    out[threadIdx.x] = x;
}
]]
local p = assert(ws.compile(src, "div.cu"))

page{ title = "Divergence", text = [[
The 32 lanes of a warp share one instruction stream. When a branch
condition differs between lanes, the warp splits into convergence groups:
each runs with an ACTIVE MASK, a 32-bit mask of the lanes taking part. The
groups join again at the branch's reconvergence point.

On screen: the warps pane marks each lane '●' (running now; '#' on an ASCII
terminal), '○' (diverged: waits at another PC, 'o') or '·' (exited, '.');
the legend under the pane names them.]] }

local m = ws.machine(p, { simt = "stack" })
local out = m:alloc(32 * 4)
m:launch("div", { grid = 1, block = 32, args = { out } })
m:break_at(6)
finish(m) -- findings are listed, not the end
local g = m:groups{ warp = 0 }

ask{ q = "Predict: which lanes run line 6 (x = x * 100)? Give the active mask in hex.",
     check = function(a) return tonumber(a) == g[1].mask, nil end,
     hints = { "lanes 0, 4, 8, ... 28", "one bit per lane: 0x11111111" } }

ask{ q = "How many convergence groups does warp 0 have at this point?", answer = #g,
     hints = { "one for the if side, one for the else side" } }

m:clear_break(6)
finish(m) -- findings are listed, not the end
ask{ q = "What does out[8] hold after the kernel?", answer = out:read(8 * 4, "i32", 1)[1],
     hints = { "8 % 4 == 0" } }
ask{ q = "And out[9]?", answer = out:read(9 * 4, "i32", 1)[1] }

-- a fresh launch, not run: the debugger shows this machine for the task
local mt = ws.machine(p, { simt = "stack" })
mt:launch("div", { grid = 1, block = 32, args = { mt:alloc(32 * 4) } })
task{ text = "Step warp 0 until it diverges (the warps pane shows two groups).",
      until_ = function(s) return s.kind == "diverge" end }

task{ text = [[
Step on until the warp reconverges and reaches line 10 (out[threadIdx.x] =
x): the warps pane shows one group again, every lane running.]],
      until_ = function(s) return s.kind == "line" and s.line == 10 end }

exercise{ text = [[
pairs: every even lane adds its right neighbour's value (lane + 1) to its
own; odd lanes keep theirs. The shuffle sits inside the branch, so its
mask names lanes that never call it. Fix it (same results). It runs on 3
hidden inputs, 2 warps, with the checkers on.]],
          file = "pairs.cu", source = [[
__global__ void pairs(int *out, const int *in)
{
    int lane = threadIdx.x % 32;
    int v = in[threadIdx.x];
    if (lane % 2 == 0)
        v += __shfl_down_sync(0xffffffff, v, 1);   // my right neighbour's v
    out[threadIdx.x] = v;
}
]],
          check = function(code)
                  return judge({ kernel = "pairs", grid = 1, block = 64,
                          opts = function(c) return { simt = "its", sched = "random", seed = c } end,
                          arrays = {
                                  { name = "out", type = "i32", size = 64, out = true },
                                  { name = "in", type = "i32", size = 64, init = function(i, c) return (i * 7 + c) % 13 end },
                          },
                          args = { "out", "in" },
                          want = function(A)
                                  local r = {}
                                  for i = 0, 63 do
                                          r[i + 1] = A["in"][i + 1] + (i % 2 == 0 and A["in"][i + 2] or 0)
                                  end
                                  return { out = r }
                          end,
                          explain = {
                                  ["invalid-collective-mask"] = "The shuffle's mask 0xffffffff names the odd lanes, but inside the if only the even lanes are active: the odd ones never call it. Shuffle with the whole warp before the branch, and let the branch decide who adds.",
                          } }, code)
          end }

page{ title = "Done", text = [[
A diverged warp runs both sides, one group at a time (simt stack) or
interleaved (simt its): its cost is the sum of both paths.]] }
