-- p07-blocks-2d.lua - Blocks 2D
-- A puzzle (docs/teaching.md, "Puzzles"), written by tools/puzzles/gen.py with the
-- solution that tests/lua/puzzles.t plays.
puzzle{
	title = "Blocks 2D",
	text = [[
A 5 x 5 matrix, blocks of 3 x 3 threads in a 2 x 2 grid: out = a + 10.
Each thread finds its column and row from blockIdx, blockDim and threadIdx.]],
	kernel = "map_blocks_2d",
	source = [[
__global__ void map_blocks_2d(int *out, const int *a, int size)
{
    // your code here
}
]],
	grid = { 2, 2 }, block = { 3, 3 },
	arrays = {
		{ name = "a", type = "i32", size = 25, width = 5, init = function(i) return i end },
		{ name = "out", type = "i32", size = 25, width = 5, out = true },
	},
	args = { "out", "a", 5 },
	want = function(A) local r = {} for i = 1, 25 do r[i] = A.a[i] + 10 end return { out = r } end,
	limits = { reads = 1, writes = 1 },
}
