-- p12-prefix-sum.lua - Prefix sum
-- A puzzle (docs/teaching.md, "Puzzles"), written by tools/puzzles/gen.py with the
-- solution that tests/lua/puzzles.t plays.
puzzle{
	title = "Prefix sum",
	text = [[
out[i] = a[0] + ... + a[i] for 8 elements, 8 threads, each reading
global memory once: add neighbours at distance 1, 2, 4 in shared memory,
with a barrier between the reads and the writes of each round.]],
	kernel = "prefix_sum",
	source = [[
__global__ void prefix_sum(int *out, const int *a, int size)
{
    __shared__ int cache[8];
    int i = threadIdx.x;
    // your code here
}
]],
	grid = 1, block = 8,
	arrays = {
		{ name = "a", type = "i32", size = 8, init = function(i) return i + 1 end },
		{ name = "out", type = "i32", size = 8, out = true },
	},
	args = { "out", "a", 8 },
	want = function(A) local r, s = {}, 0 for i = 1, 8 do s = s + A.a[i] r[i] = s end return { out = r } end,
	limits = { reads = 1, writes = 1, uses_shared = true },
}
