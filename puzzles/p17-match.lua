-- p17-match.lua - Same key
-- A puzzle (docs/teaching.md, "Puzzles"), written by tools/puzzles/gen.py with the
-- solution that tests/lua/puzzles.t plays.
puzzle{
	title = "Same key",
	text = [[
out[i] = how many lanes of the warp hold the same key as lane i.
One warp, one read each, no shared memory: __match_any_sync returns the
mask of the lanes whose value equals yours.]],
	kernel = "same_key",
	source = [[
__global__ void same_key(int *out, const int *a)
{
    int lane = threadIdx.x;
    int key = a[lane];
    // your code here
}
]],
	grid = 1, block = 32,
	arrays = {
		{ name = "a", type = "i32", size = 32, init = function(i) return (i * i) % 7 end },
		{ name = "out", type = "i32", size = 32, out = true },
	},
	args = { "out", "a" },
	want = function(A) local r = {} for i = 1, 32 do local n = 0 for j = 1, 32 do if A.a[j] == A.a[i] then n = n + 1 end end r[i] = n end return { out = r } end,
	limits = { reads = 1, writes = 1, no_shared = true, no_atomics = true },
}
