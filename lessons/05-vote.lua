-- 05-vote.lua
-- (a lesson: docs/lesson-format.md; the engine checks the answers)
local src = [[
__global__ void vote(int *out)
{
    int lane = threadIdx.x;
    out[0] = __ballot_sync(0xffffffff, lane < 5);
    out[1] = __any_sync(0xffffffff, lane == 31);
    out[2] = __all_sync(0xffffffff, lane < 31);
    out[3 + lane] = __match_any_sync(0xffffffff, lane / 8);
    int s = __reduce_add_sync(0xffffffff, lane);
    if (lane == 0) out[35] = s;
}
]]
page{ title = "Warp vote, match and reduce", text = [[
Collectives let the 32 lanes of a warp agree in one instruction:
__ballot_sync returns a mask of the lanes whose predicate is true,
__any_sync / __all_sync a yes/no, __match_any_sync the lanes holding the
same value, __reduce_add_sync the sum. On screen: lanes waiting for the
rest of the warp at a collective are drawn '≈' ('~' on an ASCII terminal).]] }
local r = run_kernel(src, "vote", 36, 1, 32)
ask{ q = "Predict __ballot_sync(full, lane < 5) in hex.", check = function(a) return tonumber(a) == r[1] end,
     hints = { "bits 0..4 set" } }
ask{ q = "__all_sync(full, lane < 31): 1 or 0?", answer = r[3] }
ask{ q = "__match_any_sync(full, lane / 8) in lane 9, in hex?", check = function(a) return tonumber(a) == r[3 + 9 + 1] end,
     hints = { "lanes 8..15 hold the same value" } }
ask{ q = "__reduce_add_sync(full, lane)?", answer = r[36] }
launch_kernel(src, "vote", 36, 1, 32) -- fresh, not run: the debugger shows it
task{ text = [[
In the debugger (vote is loaded), step until the focused thread reaches
line 7, past the ballot, any and all; print what they wrote with
:p out[0]@3 and compare with your predictions.]],
      until_ = function(st) return st.kind == "line" and st.line == 7 end }
task{ text = [[
Step on until the focused thread reaches line 9: print the match mask of
a few lanes (:p out[3]@32) and the sum s (:p s).]],
      until_ = function(st) return st.kind == "line" and st.line == 9 end }

exercise{ text = [[
Write count_positive: out[w] is how many of warp w's 32 values are > 0.
Use __ballot_sync and __popc (no shared memory, no atomics); one lane of
each warp writes. 2 blocks of 64 threads, 3 hidden inputs.]],
          file = "count_positive.cu", source = [[
__global__ void count_positive(int *out, const int *in)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int v = in[i];
    // out[i / 32] = how many of this warp's 32 values are > 0
}
]],
          check = function(code)
                  return judge({ kernel = "count_positive", grid = 2, block = 64,
                          opts = function(c) return { simt = "its", sched = "random", seed = c } end,
                          arrays = {
                                  { name = "in", type = "i32", size = 128, init = function(i, c) return (i * 37 + c * 11) % 19 - 9 end },
                                  { name = "out", type = "i32", size = 4, out = true },
                          },
                          args = { "out", "in" },
                          want = function(A)
                                  local r = { 0, 0, 0, 0 }
                                  for i = 0, 127 do if A["in"][i + 1] > 0 then r[i // 32 + 1] = r[i // 32 + 1] + 1 end end
                                  return { out = r }
                          end,
                          limits = { reads = 1, writes = 1, no_shared = true, no_atomics = true },
                          explain = {
                                  ["invalid-collective-mask"] = "A warp collective names in its mask lanes that do not call it: call __ballot_sync with every lane of the mask, outside the if, and let the predicate do the choosing.",
                                  ["deadlock"] = "The collective waits for lanes of its mask that never arrive: every lane named in the mask must call it.",
                                  ["global-race"] = "Several lanes wrote the same out[w]: let one lane of the warp (lane 0) write the count.",
                          } }, code)
          end }

page{ title = "Done", text = "One instruction, one answer for the whole warp." }
