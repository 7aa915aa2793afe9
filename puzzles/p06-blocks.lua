-- p06-blocks.lua - Blocks
-- A puzzle (docs/teaching.md, "Puzzles"), written by tools/puzzles/gen.py with the
-- solution that tests/lua/puzzles.t plays.
puzzle{
	title = "Blocks",
	text = [[
Fewer threads per block (4) than elements (9): 3 blocks of 4 threads.
out[i] = a[i] + 10, where i counts threads across blocks.]],
	kernel = "map_blocks",
	source = [[
__global__ void map_blocks(int *out, const int *a, int size)
{
    int i = threadIdx.x;  // not enough: which block am I?
    // your code here
}
]],
	grid = 3, block = 4,
	arrays = {
		{ name = "a", type = "i32", size = 9, init = function(i) return i end },
		{ name = "out", type = "i32", size = 9, out = true },
	},
	args = { "out", "a", 9 },
	want = function(A) local r = {} for i = 1, 9 do r[i] = A.a[i] + 10 end return { out = r } end,
	limits = { reads = 1, writes = 1 },
}
