-- p21-transpose.lua - Transpose
-- A puzzle (docs/teaching.md, "Puzzles"), written by tools/puzzles/gen.py with the
-- solution that tests/lua/puzzles.t plays.
puzzle{
	title = "Transpose",
	text = [[
out[col * 8 + row] = a[row * 8 + col] for an 8 x 8 matrix, one block of
8 x 8 threads. Read a row-wise into a shared tile and write out row-wise
too (the tile is read column-wise): each thread reads and writes once.]],
	kernel = "transpose",
	source = [[
__global__ void transpose(int *out, const int *a, int size)
{
    __shared__ int tile[8][8];
    int x = threadIdx.x, y = threadIdx.y;
    // your code here
}
]],
	grid = 1, block = { 8, 8 },
	arrays = {
		{ name = "a", type = "i32", size = 64, width = 8, init = function(i) return i end },
		{ name = "out", type = "i32", size = 64, width = 8, out = true },
	},
	args = { "out", "a", 8 },
	want = function(A) local r = {} for row = 0, 7 do for col = 0, 7 do r[col * 8 + row + 1] = A.a[row * 8 + col + 1] end end return { out = r } end,
	limits = { reads = 1, writes = 1, uses_shared = true },
}
