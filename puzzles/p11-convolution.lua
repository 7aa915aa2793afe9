-- p11-convolution.lua - 1D convolution
-- A puzzle (docs/teaching.md, "Puzzles"), written by tools/puzzles/gen.py with the
-- solution that tests/lua/puzzles.t plays.
puzzle{
	title = "1D convolution",
	text = [[
out[i] = a[i] * b[0] + a[i + 1] * b[1] + a[i + 2] * b[2], where a has 6
elements (past the end counts as 0) and b 3; 8 threads. Each thread reads
global memory at most twice.]],
	kernel = "conv1d",
	source = [[
__global__ void conv1d(int *out, const int *a, const int *b, int a_size, int b_size)
{
    __shared__ int sa[8];
    __shared__ int sb[3];
    int i = threadIdx.x;
    // your code here
}
]],
	grid = 1, block = 8,
	arrays = {
		{ name = "a", type = "i32", size = 6, init = function(i) return i end },
		{ name = "b", type = "i32", size = 3, init = function(i) return i + 1 end },
		{ name = "out", type = "i32", size = 6, out = true },
	},
	args = { "out", "a", "b", 6, 3 },
	want = function(A) local r = {} for i = 1, 6 do local s = 0 for j = 0, 2 do s = s + (A.a[i + j] or 0) * A.b[j + 1] end r[i] = s end return { out = r } end,
	limits = { reads = 2, writes = 1, uses_shared = true },
}
