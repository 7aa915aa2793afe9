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
page{ title = "Done", text = "Shuffles move registers between lanes without memory." }
