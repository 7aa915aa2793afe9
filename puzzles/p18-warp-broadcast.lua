-- p18-warp-broadcast.lua - Warp broadcast
-- A puzzle (docs/teaching.md, "Puzzles"), written by tools/puzzles/gen.py with the
-- solution that tests/lua/puzzles.t plays.
puzzle{
	title = "Warp broadcast",
	text = [[
Every lane writes a[0] to out[lane], but global memory may be read only
once in all: lane 0 reads it, and a shuffle hands it to the others.]],
	kernel = "warp_broadcast",
	source = [[
__global__ void warp_broadcast(int *out, const int *a)
{
    int lane = threadIdx.x;
    int v = 0;
    // your code here
}
]],
	grid = 1, block = 32,
	arrays = {
		{ name = "a", type = "i32", size = 1, init = function(i) return 42 end },
		{ name = "out", type = "i32", size = 32, out = true },
	},
	args = { "out", "a" },
	want = function(A) local r = {} for i = 1, 32 do r[i] = A.a[1] end return { out = r } end,
	limits = { reads_total = 1, writes = 1, no_shared = true },
}
