-- p04-map-2d.lua - Map 2D
-- A puzzle (docs/teaching.md, "Puzzles"), written by tools/puzzles/gen.py with the
-- solution that tests/lua/puzzles.t plays.
puzzle{
	title = "Map 2D",
	text = [[
a is a size x size matrix (2 x 2, row-major: a[row * size + col]); the
block is 3 x 3 threads, threadIdx.x the column and threadIdx.y the row.
out = a + 10; threads outside the matrix touch nothing.]],
	kernel = "map_2d",
	source = [[
__global__ void map_2d(int *out, const int *a, int size)
{
    int col = threadIdx.x, row = threadIdx.y;
    // your code here (2 lines)
}
]],
	grid = 1, block = { 3, 3 },
	arrays = {
		{ name = "a", type = "i32", size = 4, width = 2, init = function(i) return i end },
		{ name = "out", type = "i32", size = 4, width = 2, out = true },
	},
	args = { "out", "a", 2 },
	want = function(A) local r = {} for i = 1, 4 do r[i] = A.a[i] + 10 end return { out = r } end,
	limits = { reads = 1, writes = 1 },
}
