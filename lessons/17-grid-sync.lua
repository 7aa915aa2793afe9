-- 17-grid-sync.lua - cooperative launch and grid.sync(): a barrier for the whole grid.
local prog = [[
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void shift(int *a, int *b)
{
    cg::grid_group grid = cg::this_grid();
    int i = grid.thread_rank();
    a[i] = i * 3;
    grid.sync();                       // every block has written a
    b[i] = a[(i + 37) % grid.size()];  // read what another block wrote
}

__device__ int result[6];

int main()
{
    int *a, *b, h[256];
    cudaMalloc(&a, sizeof(h));
    cudaMalloc(&b, sizeof(h));
    void *args[] = { &a, &b };
    cudaError_t e = cudaLaunchCooperativeKernel((void *)shift, dim3(4), dim3(64), args, 0, 0);
    cudaMemcpy(h, b, sizeof(h), cudaMemcpyDeviceToHost);
    int per_sm, sms;
    cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, shift, 1024, 0);
    cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
    cudaError_t big = cudaLaunchCooperativeKernel((void *)shift, dim3(per_sm * sms + 1), dim3(1024), args, 0, 0);
    int r[6] = { h[0], h[255], per_sm, sms, (int)e, (int)big };
    cudaMemcpyToSymbol(result, r, sizeof(r));
    return 0;
}
]]
page{ title = "A barrier for the whole grid", text = [[
__syncthreads() waits for the threads of ONE block. Blocks of an ordinary
launch are not guaranteed to run at the same time, so they cannot wait for
each other: a block waiting for one that is not resident yet would wait
forever. A cooperative launch, cudaLaunchCooperativeKernel, promises that
every block of the grid is resident at once; then cg::this_grid().sync()
is a barrier for every thread of the grid. The price: the grid may have at
most as many blocks as fit on the GPU at once (blocks per SM, from
cudaOccupancyMaxActiveBlocksPerMultiprocessor, times the SM count), and a
larger launch fails with cudaErrorCooperativeLaunchTooLarge.

Here 4 blocks of 64 threads write a[i] = 3 i, meet at grid.sync(), and
each thread reads the element 37 places further on, written by another
block.]] }

local p = assert(compile(prog, "shift.cu"))
local m = ws.machine(p)
m:run_main()
local r = m:global{ name = "result" }
ask{ q = "Predict b[0]: thread 0 reads a[37].", answer = r[1], hints = { "a[i] = 3 i" } }
ask{ q = "And b[255]? (the index wraps at grid.size() = 256)", answer = r[2],
     hints = { "(255 + 37) % 256 = 36" } }
ask{ q = string.format("The emulated GPU has %d SMs, and %d blocks of 1024 threads fit on one SM. How many blocks of 1024 threads can a cooperative launch have at most?",
	r[4], r[3]), answer = r[3] * r[4], hints = { "blocks per SM times the SM count" } }
ask{ q = "The program then launches one block more than that. Does the launch succeed? (yes/no)",
     answer = r[6] == 0 and "yes" or "no",
     hints = { "every block must be resident at once" } }

-- the same kernel without grid.sync(): what the checkers say
local nosync = prog:gsub("    grid%.sync%(%);[^\n]*\n", "")
local mn = ws.machine(assert(compile(nosync, "shift.cu")))
mn:run_main()
local fk = mn:findings()[1]
local race
for _, f in ipairs(mn:findings()) do if f.kind:find("race") then race = race or f end end
ask{ q = "Without grid.sync(), a thread may read an element of a before the thread that owns it wrote it. What is the first finding warpstep reports? (its kind)",
     answer = fk and fk.kind or "none",
     hints = { "a read of memory that nobody has written yet" } }
ask{ q = "It also reports the two unordered accesses of one word by threads of different blocks: what kind of finding is that?",
     answer = race and race.kind or "none",
     hints = { "two threads, one word, one of them writes, nothing orders them: a race, in global memory" } }

ws.machine(p) -- fresh, main not started: the debugger shows it
task{ text = [[
In the debugger (the program is loaded; its main() runs first), step or
continue until the grid barrier completes a phase: the sync pane lists
this_grid() with its expected and pending arrivals (256 threads), and the
phase goes up when the last block arrives.]],
      until_ = function(s) return s.kind == "phase" end }
task{ text = [[
Step on until the focused thread reaches line 11, the read of another
block's element; print it with :p a[(i + 37) % 256].]],
      until_ = function(s) return s.kind == "line" and s.line == 11 end }

local starter = [[
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void center(int *out, const int *in, int *partial)
{
    cg::grid_group grid = cg::this_grid();
    __shared__ int s[64];
    int i = grid.thread_rank();
    s[threadIdx.x] = in[i];
    __syncthreads();
    if (threadIdx.x == 0) {               // phase 1: each block's sum
        int t = 0;
        for (int k = 0; k < 64; k++)
            t += s[k];
        partial[blockIdx.x] = t;
    }
    int sum = 0;                          // phase 2: the grid's sum
    for (int b = 0; b < gridDim.x; b++)
        sum += partial[b];
    out[i] = in[i] - sum / 256;
}
]]
local hidden_main = [[
#include <cstdlib>
__device__ int wrong[3];
int main(int argc, char **argv)
{
    int seed = argc > 1 ? atoi(argv[1]) : 1;
    int h[256], o[256];
    int sum = 0;
    for (int i = 0; i < 256; i++) {
        h[i] = (i * 37 + seed * 101) % 200;
        sum += h[i];
    }
    int *in, *out, *partial;
    cudaMalloc(&in, sizeof(h));
    cudaMalloc(&out, sizeof(o));
    cudaMalloc(&partial, 4 * sizeof(int));
    cudaMemcpy(in, h, sizeof(h), cudaMemcpyHostToDevice);
    void *args[] = { &out, &in, &partial };
    if (cudaLaunchCooperativeKernel((void *)center, dim3(4), dim3(64), args, 0, 0) != cudaSuccess)
        return 2;
    cudaMemcpy(o, out, sizeof(o), cudaMemcpyDeviceToHost);
    for (int i = 0; i < 256; i++) {
        if (o[i] != h[i] - sum / 256) {
            int w[3] = { i, o[i], h[i] - sum / 256 };
            cudaMemcpyToSymbol(wrong, w, sizeof(w));
            return 1;
        }
    }
    return 0;
}
]]
exercise{ text = [[
center subtracts the grid-wide mean (sum / 256, integer division) from
each of 256 values: phase 1 writes each block's sum to partial[], phase 2
reads all of them. It is launched cooperatively (4 blocks of 64) on 3
hidden inputs with the checkers on, and its phases are not separated yet:
fix it.]],
          file = "center.cu", source = starter,
          check = function(code)
                  return judge_main({ file = "center.cu", main = hidden_main,
                          opts = function(c) return { sched = "random", seed = c } end,
                          explain = {
                                  ["global-race"] = "A thread read partial[b] while block b may still be writing it: blocks wait for each other only at grid.sync(), between the two phases.",
                                  ["uninitialized-read"] = "A thread read partial[b] before block b wrote it: phase 2 must wait at grid.sync() for every block's phase 1.",
                                  ["barrier-divergence"] = "Only part of the block reaches that barrier: grid.sync() and __syncthreads() must be reached by every thread.",
                          },
                          check = function(mm, status)
                                  if status == 2 then return false, "the cooperative launch failed" end
                                  if status ~= 0 then
                                          local w = mm:global{ name = "wrong" }
                                          return false, string.format("out[%d] is %d, expected %d", w[1], w[2], w[3])
                                  end
                                  return true
                          end }, code)
          end }
page{ title = "Done", text = [[
grid.sync() is a barrier for every thread of a cooperative launch; the
grid must fit on the GPU at once. Between two ordinary launches the grid
is synchronized too: the second kernel starts after the first ends.]] }
