-- 19-clusters.lua - thread block clusters: cluster.sync() and distributed shared memory.
local src = [[
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void __cluster_dims__(4, 1, 1) ring(int *out)
{
    __shared__ int mine;
    cg::cluster_group cluster = cg::this_cluster();
    unsigned r = cluster.block_rank();
    if (threadIdx.x == 0)
        mine = 100 + (int)blockIdx.x;
    cluster.sync();                                  // every block has written mine
    int *other = cluster.map_shared_rank(&mine, (int)((r + 1) % 4));
    if (threadIdx.x == 0)
        out[blockIdx.x] = *other;
    cluster.sync();                                  // nobody leaves while others read
}
]]
page{ title = "Thread block clusters", text = [[
Since compute capability 9.0 (Hopper) blocks can be grouped into CLUSTERS:
__cluster_dims__(4, 1, 1) on the kernel (or a launch attribute) makes
every 4 consecutive blocks one cluster; 8 blocks is the portable maximum.
The blocks of a cluster run at the same time, on the SMs of one GPC, so they
can do what blocks of a grid cannot:
- cg::this_cluster().sync() is a barrier for every thread of the cluster;
- cluster.map_shared_rank(&x, r) gives a pointer to x in the shared memory
  of the cluster's block of rank r: distributed shared memory.
A block must not exit while another block may still access its shared
memory: a last cluster.sync() keeps them all until everyone is done.

Here 8 blocks (2 clusters of 4) each write 100 + blockIdx.x into their
shared word mine; after cluster.sync() each block's thread 0 reads the
word of the next rank in its cluster.]] }

local p = assert(compile(src, "ring.cu"))
local function launched(q, opts)
	local m = ws.machine(q, opts or { sched = "rr" })
	local o = m:alloc(8 * 4)
	m:launch("ring", { grid = 8, block = 32, args = { o } })
	return m, o
end
local m, o = launched(p)
finish(m)
local out = o:read(0, "i32", 8)
ask{ q = "8 blocks with __cluster_dims__(4, 1, 1): how many clusters?", answer = 2 }
ask{ q = "Block 5 is which rank in its cluster?", answer = 1, hints = { "blocks 4..7 are the second cluster" } }
ask{ q = "Predict out[3]: block 3 reads mine of the next rank in its cluster.", answer = out[4],
     hints = { "rank 3 + 1 wraps to rank 0 of the same cluster: block 0" } }
ask{ q = "And out[5]?", answer = out[6], hints = { "block 5 is rank 1; rank 2 of that cluster is block 6" } }

-- without the last cluster.sync(), in random block orders
local early = src:gsub("    cluster%.sync%(%);%s*// nobody[^\n]*\n", "")
local q = assert(compile(early, "ring.cu"))
local kind
for seed = 1, 5 do
	local me = launched(q, { sched = "random", seed = seed })
	finish(me)
	local f = me:findings()[1]
	if f then kind = f.kind break end
end
ask{ q = "Without the last cluster.sync(), a block may exit while its neighbour still reads its mine. What finding does warpstep report? (its kind)",
     answer = kind or "none",
     hints = { "a distributed shared memory access to a block that is gone: dsmem-..." } }

launched(p) -- fresh, not run: the debugger shows it
task{ text = [[
In the debugger (ring is loaded), step until the focused thread reaches
line 12, past the first cluster.sync(): every block of its cluster has
written mine (print it with :p mine).]],
      until_ = function(s) return s.kind == "line" and s.line == 12 end }
task{ text = [[
Focus block 1 (:cuda block 1 thread 0) and step until it reaches line 15,
the last cluster.sync(): it has read block 2's mine through
map_shared_rank.]],
      until_ = function(s) return s.kind == "line" and s.line == 15 and s.block == 1 end }

local starter = [[
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void __cluster_dims__(4, 1, 1) pair_sum(int *out, const int *in)
{
    __shared__ int mine;
    cg::cluster_group cluster = cg::this_cluster();
    unsigned r = cluster.block_rank();
    if (threadIdx.x == 0)
        mine = in[blockIdx.x];
    int *other = cluster.map_shared_rank(&mine, (int)(r ^ 1));
    if (threadIdx.x == 0)
        out[blockIdx.x] = mine + *other;
}
]]
exercise{ text = [[
pair_sum: block ranks 0 and 1 of a cluster are partners, and so are 2 and
3; each block's out is its in plus its partner's, read through
distributed shared memory. It is missing its cluster barriers: add them.
It runs on 3 hidden inputs, 8 blocks in random orders, with the checkers on.]],
          file = "pair_sum.cu", source = starter,
          check = function(code)
                  return judge({ kernel = "pair_sum", grid = 8, block = 32,
                          opts = function(c) return { sched = "random", seed = c } end,
                          arrays = {
                                  { name = "out", type = "i32", size = 8, out = true },
                                  { name = "in", type = "i32", size = 8, init = function(i, c) return i * 10 + c end },
                          },
                          args = { "out", "in" },
                          want = function(A)
                                  local r = {}
                                  for b = 0, 7 do r[b + 1] = A["in"][b + 1] + A["in"][(b ~ 1) + 1] end
                                  return { out = r }
                          end,
                          explain = {
                                  ["shared-race"] = "A block read its partner's mine while the partner may still be writing it: a cluster.sync() between the write and the read orders them.",
                                  ["uninitialized-read"] = "A block read its partner's mine before the partner wrote it: wait at cluster.sync() after the write.",
                                  ["dsmem-invalid"] = "A block read the shared memory of a partner that had already exited: a last cluster.sync() keeps every block until all reads are done.",
                          } }, code)
          end }
page{ title = "Done", text = [[
A cluster is a group of blocks that run together: cluster.sync() is their
barrier, map_shared_rank reaches into each other's shared memory, and no
block leaves before the others are done with it.]] }
