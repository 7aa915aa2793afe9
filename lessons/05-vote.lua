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
page{ title = "Done", text = "One instruction, one answer for the whole warp." }
