-- p08-shared.lua - Shared
-- A puzzle (docs/teaching.md, "Puzzles"), written by tools/puzzles/gen.py with the
-- solution that tests/lua/puzzles.t plays.
puzzle{
	title = "Shared",
	text = [[
Each block of 4 threads copies its 4 elements into shared memory first,
then out[i] = cache[local index] + 10. 8 elements, 2 blocks.]],
	kernel = "shared_map",
	source = [[
__global__ void shared_map(int *out, const int *a, int size)
{
    __shared__ int cache[4];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int local = threadIdx.x;
    // your code here
}
]],
	grid = 2, block = 4,
	arrays = {
		{ name = "a", type = "i32", size = 8, init = function(i) return i end },
		{ name = "out", type = "i32", size = 8, out = true },
	},
	args = { "out", "a", 8 },
	want = function(A) local r = {} for i = 1, 8 do r[i] = A.a[i] + 10 end return { out = r } end,
	limits = { reads = 1, writes = 1, uses_shared = true },
}
