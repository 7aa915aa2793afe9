-- p14-matmul.lua - Matrix multiply
-- A puzzle (docs/teaching.md, "Puzzles"), written by tools/puzzles/gen.py with the
-- solution that tests/lua/puzzles.t plays.
puzzle{
	title = "Matrix multiply",
	text = [[
out = a x b for 3 x 3 matrices (row-major), one 3 x 3 block. Each thread
reads one element of a and one of b into shared memory, then computes
its element of out from the tiles.]],
	kernel = "matmul",
	source = [[
__global__ void matmul(int *out, const int *a, const int *b, int size)
{
    __shared__ int sa[3][3], sb[3][3];
    int col = threadIdx.x, row = threadIdx.y;
    // your code here
}
]],
	grid = 1, block = { 3, 3 },
	arrays = {
		{ name = "a", type = "i32", size = 9, width = 3, init = function(i) return i end },
		{ name = "b", type = "i32", size = 9, width = 3, init = function(i) return (i % 3) + 1 end },
		{ name = "out", type = "i32", size = 9, width = 3, out = true },
	},
	args = { "out", "a", "b", 3 },
	want = function(A) local r = {} for row = 0, 2 do for col = 0, 2 do local s = 0 for k = 0, 2 do s = s + A.a[row * 3 + k + 1] * A.b[k * 3 + col + 1] end r[row * 3 + col + 1] = s end end return { out = r } end,
	limits = { reads = 2, writes = 1, uses_shared = true },
}
