-- 06-shuffles.lua
-- (a lesson: docs/lesson-format.md; the engine checks the answers)
local src = [[
__global__ void shfl(int *out)
{
    int lane = threadIdx.x;
    int v = lane * 10;
    out[lane] = __shfl_down_sync(0xffffffff, v, 3);
    out[32 + lane] = __shfl_xor_sync(0xffffffff, v, 1);
    out[64 + lane] = __shfl_sync(0xffffffff, v, 2, 4);
}
]]
page{ title = "Shuffles in depth", text = [[
__shfl_sync(mask, v, src) reads v from lane src; _up and _down read d lanes
below or above; _xor reads lane ^ m. An optional width cuts the warp into
segments. On screen: the lanes pane draws an arrow from each source lane.
(scripts/scenarios/shuffles.lua walks through each pattern.)]] }
local r = run_kernel(src, "shfl", 96, 1, 32)
ask{ q = "After __shfl_down_sync(mask, v, 3), whose value does lane 5 hold? (a lane number)",
     answer = r[6] // 10, hints = { "down reads a higher lane" } }
ask{ q = "What does lane 30 get from __shfl_down_sync(mask, v, 3)? (its v is 300)", answer = r[31],
     hints = { "past the end of the warp a lane keeps its own value" } }
ask{ q = "__shfl_xor_sync(mask, v, 1) in lane 6?", answer = r[32 + 7] }
ask{ q = "__shfl_sync(mask, v, 2, 4) in lane 13 (width 4)?", answer = r[64 + 14],
     hints = { "lane 13 is in segment 12..15; its lane 2 is lane 14" } }
launch_kernel(src, "shfl", 96, 1, 32) -- fresh, not run: the debugger shows it
task{ text = [[
In the debugger (shfl is loaded), step until the focused thread reaches
line 6: the shuffle down by 3 has run. In the lanes pane each lane's arrow
comes from the lane it read; lanes 29..31 have none.]],
      until_ = function(st) return st.kind == "line" and st.line == 6 end }
task{ text = [[
Step once more, to line 7: the xor shuffle swaps neighbours (the arrows
cross in pairs). Print out[32]@8 to check your prediction.]],
      until_ = function(st) return st.kind == "line" and st.line == 7 end }

exercise{ text = [[
Write warp_scan: out[i] = in[w] + ... + in[i], where w is the first
element of i's warp (an inclusive scan within each warp), with
__shfl_up_sync and registers only (no shared memory). 2 blocks of 64
threads, 3 hidden inputs.]],
          file = "warp_scan.cu", source = [[
__global__ void warp_scan(int *out, const int *in)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x % 32;
    int v = in[i];
    // your code here: 5 rounds, d = 1, 2, 4, 8, 16
    out[i] = v;
}
]],
          check = function(code)
                  return judge({ kernel = "warp_scan", grid = 2, block = 64,
                          opts = function(c) return { simt = "its", sched = "random", seed = c } end,
                          arrays = {
                                  { name = "in", type = "i32", size = 128, init = function(i, c) return (i * 13 + c * 7) % 10 end },
                                  { name = "out", type = "i32", size = 128, out = true },
                          },
                          args = { "out", "in" },
                          want = function(A)
                                  local r, acc = {}, 0
                                  for i = 0, 127 do
                                          if i % 32 == 0 then acc = 0 end
                                          acc = acc + A["in"][i + 1]
                                          r[i + 1] = acc
                                  end
                                  return { out = r }
                          end,
                          limits = { reads = 1, writes = 1, no_shared = true },
                          explain = {
                                  ["invalid-collective-mask"] = "The shuffle's mask names lanes that do not execute it: shuffle with every lane of the warp (outside the if) and only then decide, with if (lane >= d), whether to add what you received.",
                          } }, code)
          end }

page{ title = "Done", text = "Shuffles move registers between lanes without memory." }
