-- p19-rotate.lua - Rotate
-- A puzzle (docs/teaching.md, "Puzzles"), written by tools/puzzles/gen.py with the
-- solution that tests/lua/puzzles.t plays.
puzzle{
	title = "Rotate",
	text = [[
out[lane] = a[(lane + 1) % 32]: each lane reads only its own element
and gets its neighbour's from a shuffle. No shared memory.]],
	kernel = "rotate",
	source = [[
__global__ void rotate(int *out, const int *a)
{
    int lane = threadIdx.x;
    int v = a[lane];
    // your code here
}
]],
	grid = 1, block = 32,
	arrays = {
		{ name = "a", type = "i32", size = 32, init = function(i) return 100 + i end },
		{ name = "out", type = "i32", size = 32, out = true },
	},
	args = { "out", "a" },
	want = function(A) local r = {} for i = 1, 32 do r[i] = A.a[i % 32 + 1] end return { out = r } end,
	limits = { reads = 1, writes = 1, no_shared = true },
}
