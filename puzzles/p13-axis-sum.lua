-- p13-axis-sum.lua - Axis sum
-- A puzzle (docs/teaching.md, "Puzzles"), written by tools/puzzles/gen.py with the
-- solution that tests/lua/puzzles.t plays.
puzzle{
	title = "Axis sum",
	text = [[
a is 4 rows of 6; out[row] = the sum of the row. One block of 8 x 1
threads per row (gridDim.y = 4, blockIdx.y is the row); each thread reads
global memory once.]],
	kernel = "axis_sum",
	source = [[
__global__ void axis_sum(int *out, const int *a, int size)
{
    __shared__ int cache[8];
    int i = threadIdx.x, row = blockIdx.y;
    // your code here
}
]],
	grid = { 1, 4 }, block = { 8, 1 },
	arrays = {
		{ name = "a", type = "i32", size = 24, width = 6, init = function(i) return i end },
		{ name = "out", type = "i32", size = 4, out = true },
	},
	args = { "out", "a", 6 },
	want = function(A) local r = {} for row = 0, 3 do local s = 0 for c = 1, 6 do s = s + A.a[row * 6 + c] end r[row + 1] = s end return { out = r } end,
	limits = { reads = 1, writes = 1, uses_shared = true },
}
