-- p15-warp-sum.lua - Warp sum
-- A puzzle (docs/teaching.md, "Puzzles"), written by tools/puzzles/gen.py with the
-- solution that tests/lua/puzzles.t plays.
puzzle{
	title = "Warp sum",
	text = [[
One warp sums 32 values: out[0] = a[0] + ... + a[31]. No shared memory
and no atomics: pass values between lanes with __shfl_down_sync.]],
	kernel = "warp_sum",
	source = [[
__global__ void warp_sum(int *out, const int *a)
{
    int lane = threadIdx.x;
    int v = a[lane];
    // your code here
}
]],
	grid = 1, block = 32,
	arrays = {
		{ name = "a", type = "i32", size = 32, init = function(i) return i end },
		{ name = "out", type = "i32", size = 1, out = true },
	},
	args = { "out", "a" },
	want = function(A) local s = 0 for i = 1, 32 do s = s + A.a[i] end return { out = { s } } end,
	limits = { reads = 1, writes = 1, no_shared = true, no_atomics = true },
}
