-- p03-guards.lua - Guards
-- A puzzle (docs/teaching.md, "Puzzles"), written by tools/puzzles/gen.py with the
-- solution that tests/lua/puzzles.t plays.
puzzle{
	title = "Guards",
	text = [[
There are more threads (8) than elements (4): out[i] = a[i] + 10, and a
thread past the end must touch nothing.]],
	kernel = "map_guard",
	source = [[
__global__ void map_guard(int *out, const int *a, int size)
{
    int i = threadIdx.x;
    // your code here (2 lines)
}
]],
	grid = 1, block = 8,
	arrays = {
		{ name = "a", type = "i32", size = 4, init = function(i) return i end },
		{ name = "out", type = "i32", size = 4, out = true },
	},
	args = { "out", "a", 4 },
	want = function(A) local r = {} for i = 1, 4 do r[i] = A.a[i] + 10 end return { out = r } end,
	limits = { reads = 1, writes = 1 },
}
