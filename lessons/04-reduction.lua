-- 04-reduction.lua
-- (a lesson: docs/lesson-format.md; the engine checks the answers)
local src = [[
__global__ void reduce(int *out)
{
    __shared__ int s[64];
    int t = threadIdx.x;
    s[t] = t + 1;
    __syncthreads();
    for (int d = 32; d >= 32; d /= 2) {      // the tree, first level only
        if (t < d)
            s[t] += s[t + d];
        __syncthreads();
    }
    int v = t < 32 ? s[t] : 0;
    for (int d = 16; d > 0; d /= 2)          // the last warp: shuffles
        v += __shfl_down_sync(0xffffffff, v, d);
    out[t] = v;
}
]]
page{ title = "Reduction", text = [[
A block sums 64 values: first a shared-memory tree (half the threads add
the other half's values, barrier, repeat), then, once 32 values are left,
a warp's shuffles finish the sum with __shfl_down_sync and no barrier at
all. Both warps run that loop (warp 1's lanes shuffle zeros); only warp 0's
result, in lane 0, is the block's sum.
On screen: the memory pane shows s[] shrinking; the lanes pane shows v.]] }
local r = run_kernel(src, "reduce", 64, 1, 64)
ask{ q = "After the first tree level, s[0] = s[0] + s[32]. With s[t] = t + 1, predict s[0].", answer = 1 + 33 }
ask{ q = "Predict out[0], the block's sum 1 + ... + 64.", answer = r[1], hints = { "n (n + 1) / 2" } }
ask{ q = "Why does the shuffle phase need no __syncthreads? (one word: the unit that exchanges registers)",
     answer = { "warp", "a warp" } }
page{ title = "Done", text = "Tree in shared memory across warps; shuffles within the last warp." }
