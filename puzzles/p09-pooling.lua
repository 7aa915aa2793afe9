-- p09-pooling.lua - Pooling
-- A puzzle (docs/teaching.md, "Puzzles"), written by tools/puzzles/gen.py with the
-- solution that tests/lua/puzzles.t plays.
puzzle{
	title = "Pooling",
	text = [[
out[i] = a[i - 2] + a[i - 1] + a[i] (elements before 0 count as 0),
8 elements, 8 threads. Each thread may read global memory only once:
share the window through shared memory.]],
	kernel = "pool",
	source = [[
__global__ void pool(int *out, const int *a, int size)
{
    __shared__ int cache[8];
    int i = threadIdx.x;
    // your code here
}
]],
	grid = 1, block = 8,
	arrays = {
		{ name = "a", type = "i32", size = 8, init = function(i) return i end },
		{ name = "out", type = "i32", size = 8, out = true },
	},
	args = { "out", "a", 8 },
	want = function(A) local r = {} for i = 1, 8 do r[i] = A.a[i] + (A.a[i - 1] or 0) + (A.a[i - 2] or 0) end return { out = r } end,
	limits = { reads = 1, writes = 1, uses_shared = true },
}
