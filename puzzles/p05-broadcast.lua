-- p05-broadcast.lua - Broadcast
-- A puzzle (docs/teaching.md, "Puzzles"), written by tools/puzzles/gen.py with the
-- solution that tests/lua/puzzles.t plays.
puzzle{
	title = "Broadcast",
	text = [[
a is a column (one value per row) and b a row (one value per column):
out[row * size + col] = a[row] + b[col] for a 2 x 2 out, with a 3 x 3 block.]],
	kernel = "broadcast",
	source = [[
__global__ void broadcast(int *out, const int *a, const int *b, int size)
{
    int col = threadIdx.x, row = threadIdx.y;
    // your code here (2 lines)
}
]],
	grid = 1, block = { 3, 3 },
	arrays = {
		{ name = "a", type = "i32", size = 2, init = function(i) return i end },
		{ name = "b", type = "i32", size = 2, init = function(i) return 10 * i end },
		{ name = "out", type = "i32", size = 4, width = 2, out = true },
	},
	args = { "out", "a", "b", 2 },
	want = function(A) local r = {} for row = 0, 1 do for col = 0, 1 do r[row * 2 + col + 1] = A.a[row + 1] + A.b[col + 1] end end return { out = r } end,
	limits = { reads = 2, writes = 1 },
}
