-- 22-launch-and-streams.lua - launch configuration and occupancy; streams and events.
local occ = [[
__global__ void vadd(const float *a, const float *b, float *c, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        c[i] = a[i] + b[i];
}

__device__ int result[4];

int main()
{
    int r[4];
    cudaOccupancyMaxActiveBlocksPerMultiprocessor(&r[0], vadd, 256, 0);
    cudaOccupancyMaxActiveBlocksPerMultiprocessor(&r[1], vadd, 96, 0);
    int min_grid;
    cudaOccupancyMaxPotentialBlockSize(&min_grid, &r[2], vadd, 0, 0);
    cudaDeviceProp prop;
    cudaGetDeviceProperties(&prop, 0);
    r[3] = prop.maxThreadsPerMultiProcessor;
    cudaMemcpyToSymbol(result, r, sizeof(r));
    return 0;
}
]]
page{ title = "Launch configuration and occupancy", text = [[
kernel<<<grid, block, shared, stream>>> picks how many blocks, how many
threads per block (at most 1024), the dynamic shared memory per block and
the stream. A block runs on one SM from start to end; an SM holds several
blocks at once, as many as its limits allow: threads (2048 per SM on
compute capability 9.0), blocks (32), registers and shared memory. The
OCCUPANCY is how many warps an SM holds compared with its maximum: more
resident warps give the scheduler more to choose from while others wait
for memory. cudaOccupancyMaxActiveBlocksPerMultiprocessor computes the
blocks per SM for a kernel and block size; cudaOccupancyMaxPotentialBlockSize
suggests a block size. A grid larger than what fits runs in waves.]] }

local m = ws.machine(assert(compile(occ, "occupancy.cu")))
m:run_main()
local r = m:global{ name = "result" }
ask{ q = string.format("An SM holds at most %d threads. How many blocks of 256 threads of vadd fit on one SM?", r[4]),
     answer = r[1], hints = { "vadd uses few registers and no shared memory: only the thread limit counts" } }
ask{ q = "And blocks of 96 threads (3 warps)?", answer = r[2],
     hints = { "2048 / 96, rounded down" } }
ask{ q = "Which block size does cudaOccupancyMaxPotentialBlockSize suggest for vadd?", answer = r[3],
     hints = { "the largest block that still fills the SM" } }

local streams = [[
__global__ void produce(int *a, int n, int v)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        a[i] = v + i;
}

__global__ void consume(int *b, const int *a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        b[i] = 2 * a[i];
}

int main()
{
    const int n = 1000;
    int *a, *b, h[n];
    cudaMalloc(&a, n * sizeof(int));
    cudaMalloc(&b, n * sizeof(int));
    cudaStream_t s0, s1;
    cudaStreamCreate(&s0);
    cudaStreamCreate(&s1);
    cudaEvent_t ready;
    cudaEventCreate(&ready);
    produce<<<(n + 255) / 256, 256, 0, s0>>>(a, n, 7);
    cudaEventRecord(ready, s0);            // marks the end of produce in s0
    cudaStreamWaitEvent(s1, ready, 0);     // s1 waits for it, the host does not
    consume<<<(n + 255) / 256, 256, 0, s1>>>(b, a, n);
    cudaMemcpyAsync(h, b, sizeof(h), cudaMemcpyDeviceToHost, s1);
    cudaStreamSynchronize(s1);
    return h[999] != 2 * (7 + 999);
}
]]
page{ title = "Streams and events", text = [[
A stream is a queue of work (kernels, copies, event records) that runs in
the order it was issued. Work in different streams has no order: two
kernels in streams s0 and s1 may run at the same time. An event recorded in
a stream (cudaEventRecord) completes when the work before it in that stream
is done; cudaStreamWaitEvent(s1, ev) makes later work in s1 wait for it
without blocking the host, cudaEventSynchronize(ev) blocks the host, and
cudaEventElapsedTime gives the time between two events. Here produce
(stream s0) writes a, and consume (stream s1) reads it: the event orders
them.]] }
ask{ q = "Two kernels issued one after the other in the SAME stream: can the second start before the first ends? (yes/no)",
     answer = "no" }
ask{ q = "In two different streams, with no event between them? (yes/no)", answer = "yes",
     hints = { "work in different streams has no order" } }
ask{ q = "Which call makes stream s1 wait for an event recorded in s0, without blocking the host?",
     answer = { "cudaStreamWaitEvent", "cudaStreamWaitEvent(s1, ready, 0)", "cudaStreamWaitEvent()" } }
local ms = ws.machine(assert(compile(streams, "streams.cu")))
local status = ms:run_main()
ask{ q = "With the event, what exit status does the program return (0 when consume read what produce wrote)?",
     answer = status }

ws.machine(assert(compile(streams, "streams.cu"))) -- fresh, main not started: the debugger shows it
task{ text = [[
In the debugger (the streams program is loaded; main runs first), step
until the focused thread of produce reaches line 5, its write of a.]],
      until_ = function(s) return s.kind == "line" and s.line == 5 end }
task{ text = [[
Continue stepping until a thread of consume reaches line 12: it runs only
after produce has finished and the event has completed.]],
      until_ = function(s) return s.kind == "line" and s.line == 12 end }

local starter = [[
__global__ void saxpy(float *y, const float *x, float a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    y[i] = a * x[i] + y[i];
}
]]
local shapes = { { n = 1000, grid = 2, block = 128 }, { n = 100, grid = 4, block = 64 },
                 { n = 1024, grid = 5, block = 256 } }
exercise{ text = [[
saxpy must compute y[i] = a * x[i] + y[i] for every i < n, and leave the
rest of y alone, whatever the launch: the hidden tests launch it with
fewer threads than n, with more, and with a grid that does not divide n.
Use a grid-stride loop: i starts at the thread's global index and goes up
by gridDim.x * blockDim.x.]],
          file = "saxpy.cu", source = starter,
          check = function(code)
                  return judge({ kernel = "saxpy",
                          grid = function(c) return shapes[c].grid end,
                          block = function(c) return shapes[c].block end,
                          args = function(c) return { "y", "x", 2.0, shapes[c].n } end,
                          arrays = {
                                  { name = "y", type = "f32", size = 1024, out = true, init = function(i, c) return (i * 3 + c) % 17 * 1.0 end },
                                  { name = "x", type = "f32", size = 1024, init = function(i, c) return (i + 5 * c) % 11 * 1.0 end },
                          },
                          want = function(A, c)
                                  local r = {}
                                  for i = 0, 1023 do
                                          local y = (i * 3 + c) % 17 * 1.0
                                          r[i + 1] = i < shapes[c].n and 2.0 * A.x[i + 1] + y or y
                                  end
                                  return { y = r }
                          end,
                          explain = {
                                  ["oob-global-read"] = "A thread whose index is past the end of the arrays read x[i]: guard the body with i < n.",
                                  ["oob-global-write"] = "A thread whose index is past the end of the arrays wrote y[i]: guard the body with i < n.",
                          } }, code)
          end }
page{ title = "Done", text = [[
Pick the block size for occupancy, the grid for the data, and write the
kernel so that any launch covers exactly n elements. Order work with
streams and events, not with the host's waits.]] }
