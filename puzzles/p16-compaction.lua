-- p16-compaction.lua - Ballot compaction
-- A puzzle (docs/teaching.md, "Puzzles"), written by tools/puzzles/gen.py with the
-- solution that tests/lua/puzzles.t plays.
puzzle{
	title = "Ballot compaction",
	text = [[
Keep the positive values of a, in order, at the start of out, and write
how many there are to count[0]. One warp; no shared memory, no atomics:
__ballot_sync tells every lane which lanes keep a value, __popc counts.]],
	kernel = "compact",
	source = [[
__global__ void compact(int *out, int *count, const int *a)
{
    int lane = threadIdx.x;
    int v = a[lane];
    // your code here
}
]],
	grid = 1, block = 32,
	arrays = {
		{ name = "a", type = "i32", size = 32, init = function(i) return (i * 7) % 5 - 2 end },
		{ name = "out", type = "i32", size = 32, out = true },
		{ name = "count", type = "i32", size = 1, out = true },
	},
	args = { "out", "count", "a" },
	want = function(A) local r, n = {}, 0 for i = 1, 32 do if A.a[i] > 0 then n = n + 1 r[n] = A.a[i] end end for i = n + 1, 32 do r[i] = 0 end return { out = r, count = { n } } end,
	limits = { reads = 1, writes = 2, no_shared = true, no_atomics = true },
}
