-- p01-map.lua - Map
-- A puzzle (docs/teaching.md, "Puzzles"), written by tools/puzzles/gen.py with the
-- solution that tests/lua/puzzles.t plays.
puzzle{
	title = "Map",
	text = [[
Each thread adds 10 to one element: out[i] = a[i] + 10 for the 4
elements, with 4 threads in one block.]],
	kernel = "map",
	source = [[
__global__ void map(int *out, const int *a)
{
    int i = threadIdx.x;
    // your code here (1 line)
}
]],
	grid = 1, block = 4,
	arrays = {
		{ name = "a", type = "i32", size = 4, init = function(i) return i end },
		{ name = "out", type = "i32", size = 4, out = true },
	},
	args = { "out", "a" },
	want = function(A) local r = {} for i = 1, 4 do r[i] = A.a[i] + 10 end return { out = r } end,
	limits = { reads = 1, writes = 1 },
}
