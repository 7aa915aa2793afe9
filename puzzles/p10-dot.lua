-- p10-dot.lua - Dot product
-- A puzzle (docs/teaching.md, "Puzzles"), written by tools/puzzles/gen.py with the
-- solution that tests/lua/puzzles.t plays.
puzzle{
	title = "Dot product",
	text = [[
out[0] = a[0] * b[0] + ... + a[7] * b[7], 8 threads: each thread reads
its a and b once, and only one thread writes out.]],
	kernel = "dot",
	source = [[
__global__ void dot(int *out, const int *a, const int *b, int size)
{
    __shared__ int cache[8];
    int i = threadIdx.x;
    // your code here
}
]],
	grid = 1, block = 8,
	arrays = {
		{ name = "a", type = "i32", size = 8, init = function(i) return i end },
		{ name = "b", type = "i32", size = 8, init = function(i) return i + 1 end },
		{ name = "out", type = "i32", size = 1, out = true },
	},
	args = { "out", "a", "b", 8 },
	want = function(A) local s = 0 for i = 1, 8 do s = s + A.a[i] * A.b[i] end return { out = { s } } end,
	limits = { reads = 2, writes = 1, uses_shared = true },
}
