-- p20-histogram.lua - Histogram
-- A puzzle (docs/teaching.md, "Puzzles"), written by tools/puzzles/gen.py with the
-- solution that tests/lua/puzzles.t plays.
puzzle{
	title = "Histogram",
	text = [[
64 values between 0 and 7: bins[k] = how many equal k. One block of 64;
count in shared memory (atomicAdd on shared memory is allowed), then 8
threads write the 8 bins: each thread writes global memory at most once.]],
	kernel = "histogram",
	source = [[
__global__ void histogram(int *bins, const int *a, int size)
{
    __shared__ int local[8];
    int i = threadIdx.x;
    // your code here
}
]],
	grid = 1, block = 64,
	arrays = {
		{ name = "a", type = "i32", size = 64, init = function(i) return (i * 5 + i // 3) % 8 end },
		{ name = "bins", type = "i32", size = 8, out = true },
	},
	args = { "bins", "a", 64 },
	want = function(A) local r = {} for k = 1, 8 do r[k] = 0 end for i = 1, 64 do r[A.a[i] + 1] = r[A.a[i] + 1] + 1 end return { bins = r } end,
	limits = { reads = 1, writes = 1, uses_shared = true },
}
