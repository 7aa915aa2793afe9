-- 08-fences.lua
-- (a lesson: docs/lesson-format.md; the engine checks the answers)
local src = [[
__device__ unsigned int count = 0;
__global__ void sum(int *total, const int *in)
{
    __shared__ bool last;
    __shared__ int part[4];
    if (threadIdx.x == 0) {
        int s = 0;
        for (int i = 0; i < 32; i++)
            s += in[blockIdx.x * 32 + i];
        part[0] = s;
        atomicAdd(&total[1 + blockIdx.x], s);
        __threadfence();
        unsigned int ticket = atomicInc(&count, gridDim.x);
        last = (ticket == gridDim.x - 1);
    }
    __syncthreads();
    if (last && threadIdx.x == 0) {
        int t = 0;
        for (int b = 0; b < gridDim.x; b++)
            t += total[1 + b];
        total[0] = t;
    }
}
]]
page{ title = "Memory fences and the last block done", text = [[
Each block sums its part and publishes it; then it takes a ticket with
atomicInc. The block that draws the last ticket adds every part. The
__threadfence() between the two makes the part visible to the whole device
before the ticket can be seen. On screen: the sync pane lists fences.]] }
local p = assert(ws.compile(src, "sum.cu"))
local m = ws.machine(p)
local total, input = m:alloc(5 * 4), m:alloc(128 * 4)
local v = {}
for i = 1, 128 do v[i] = 1 end
input:write(0, "i32", v)
total:write(0, "i32", { 0, 0, 0, 0, 0 })
m:launch("sum", { grid = 4, block = 32, args = { total, input } })
finish(m) -- findings are listed, not the end
ask{ q = "4 blocks of 32 ones: predict total[0].", answer = total:read(0, "i32", 1)[1] }
ask{ q = "Which ticket value does the last of the 4 blocks draw?", answer = 3 }
page{ title = "Without the fence", text = [[
This lesson runs the sequentially consistent model: every store is seen
at once, so removing the fence changes nothing here. On a GPU (and under
warpstep's relaxed model, --model relaxed) the last block could read a
part that is not yet visible and add a stale value.]] }
ask{ q = "Does __threadfence() wait for other blocks? (yes/no)", answer = "no",
     hints = { "it only orders this thread's own accesses" } }
page{ title = "Done", text = "Fence = order my writes before my later writes, for everyone in scope." }
