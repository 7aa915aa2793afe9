-- p02-zip.lua - Zip
-- A puzzle (docs/teaching.md, "Puzzles"), written by tools/puzzles/gen.py with the
-- solution that tests/lua/puzzles.t plays.
puzzle{
	title = "Zip",
	text = [[
Each thread adds one element of a and one of b: out[i] = a[i] + b[i],
4 elements, 4 threads.]],
	kernel = "zip",
	source = [[
__global__ void zip(int *out, const int *a, const int *b)
{
    int i = threadIdx.x;
    // your code here (1 line)
}
]],
	grid = 1, block = 4,
	arrays = {
		{ name = "a", type = "i32", size = 4, init = function(i) return i end },
		{ name = "b", type = "i32", size = 4, init = function(i) return 10 * i end },
		{ name = "out", type = "i32", size = 4, out = true },
	},
	args = { "out", "a", "b" },
	want = function(A) local r = {} for i = 1, 4 do r[i] = A.a[i] + A.b[i] end return { out = r } end,
	limits = { reads = 2, writes = 1 },
}
