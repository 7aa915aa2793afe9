-- 16-cooperative-groups.lua - thread groups as objects: blocks, tiles, their ranks and collectives.
local src = [[
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void tiles(int *out)
{
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<8> tile = cg::tiled_partition<8>(block);
    int v = block.thread_rank();
    for (int d = tile.size() / 2; d > 0; d /= 2)
        v += tile.shfl_down(v, d);
    if (tile.thread_rank() == 0)
        out[tile.meta_group_rank()] = v;
    tile.sync();
}
]]
page{ title = "Cooperative groups", text = [[
Cooperative groups name sets of threads as objects: this_thread_block()
is the block; tiled_partition<8>(block) cuts it into tiles of 8
consecutive threads. Each group knows its size(), each thread its
thread_rank() in it, each tile its meta_group_rank() among the tiles; a
tile has sync() and the warp collectives (shfl, shfl_down, ballot, any,
all, ...) limited to its own threads.
On screen: the warps pane groups the lanes of a warp by tile.]] }

local p = assert(compile(src, "tiles.cu"))
local r = run_kernel(src, "tiles", 8, 1, 64)

ask{ q = "A block of 64 threads in tiles of 8: how many tiles?", answer = 8 }
ask{ q = "Thread 21 of the block: what is its tile's meta_group_rank()?", answer = 21 // 8 }
ask{ q = "... and its thread_rank() in the tile?", answer = 21 % 8 }
ask{ q = "Each tile sums its threads' block ranks with shfl_down. What does out[2] hold? (tile 2 is threads 16..23)",
     answer = r[3], hints = { "16 + 17 + ... + 23" } }

local mt = ws.machine(p)
mt:launch("tiles", { grid = 1, block = 64, args = { mt:alloc(32) } })
task{ text = "Step until the focused thread reaches the shuffle (line 10) and look at the warps pane: its lanes are drawn in tiles of 8.",
      until_ = function(s) return s.kind == "line" and s.line == 10 end }
task{ text = "Step on until the focused thread reaches line 12 (the write of its tile's sum).",
      until_ = function(s) return s.kind == "line" and s.line == 12 end }

puzzle{
	title = "Tile maximum",
	text = [[
With tiles of 4 threads, write the largest value of each tile's 4 elements
to out[tile.meta_group_rank()]: use the tile's shuffles (no shared memory).
32 threads, 8 tiles.]],
	kernel = "tile_max",
	source = [[
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void tile_max(int *out, const int *a)
{
    cg::thread_block_tile<4> tile = cg::tiled_partition<4>(cg::this_thread_block());
    int v = a[threadIdx.x];
    // your code here
}
]],
	grid = 1, block = 32,
	arrays = {
		{ name = "a", type = "i32", size = 32, init = function(i) return (i * 13) % 29 end },
		{ name = "out", type = "i32", size = 8, out = true },
	},
	args = { "out", "a" },
	want = function(A)
		local r = {}
		for t = 0, 7 do
			local m = A.a[t * 4 + 1]
			for k = 2, 4 do m = math.max(m, A.a[t * 4 + k]) end
			r[t + 1] = m
		end
		return { out = r }
	end,
	limits = { reads = 1, writes = 1, no_shared = true, no_atomics = true },
}
page{ title = "Done", text = "A group is an object: its size, your rank in it, its own sync and collectives." }
