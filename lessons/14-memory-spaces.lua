-- 14-memory-spaces.lua - registers, local, shared, global and constant memory.
local src = [[
__device__ int launches;
__global__ void spaces(float *out, const float *in)
{
    __shared__ float tile[64];
    float window[4];
    int t = threadIdx.x;
    int g = blockIdx.x * blockDim.x + t;
    tile[t] = in[g];
    __syncthreads();
    for (int k = 0; k < 4; k++)
        window[k] = tile[(t + k) % 64];
    out[g] = window[0] + window[1] + window[2] + window[3];
    if (t == 0)
        atomicAdd(&launches, 1);
}
]]
page{ title = "Memory spaces", text = [[
Where a variable lives decides who sees it and how fast it is:
- registers: a scalar local variable (t, g); private to the thread;
- local memory: a thread's array that cannot stay in registers (window);
  private too, but it lives in device memory;
- shared memory: __shared__ (tile); one copy per BLOCK, seen by its threads;
- global memory: cudaMalloc'd buffers (in, out) and __device__ variables
  (launches); one copy for the whole GPU;
- constant memory: __constant__; read-only in kernels, cached.
On screen: the memory pane shows a block's shared memory and the buffers.]] }

local p = assert(compile(src, "spaces.cu"))
local m = ws.machine(p)
local inb, outb = m:alloc(128 * 4), m:alloc(128 * 4)
local v = {}
for i = 1, 128 do v[i] = i - 1 end
inb:write(0, "f32", v)
local counts = {}
m:on("mem", function(ev) counts[ev.space] = (counts[ev.space] or 0) + 1 end)
m:launch("spaces", { grid = 2, block = 64, args = { outb, inb } })
finish(m)
local out = outb:read(0, "f32", 128)

ask{ q = "Which memory space holds window[]? (register, local, shared, global or constant)", answer = "local",
     hints = { "a per-thread array indexed by a loop variable" } }
ask{ q = "The launch has 2 blocks. How many copies of tile[] exist during it?", answer = 2,
     hints = { "one per block" } }
ask{ q = "And how many copies of launches?", answer = 1 }
ask{ q = "After the launch, what does launches hold?", answer = m:global{ name = "launches" }[1],
     hints = { "thread 0 of each block adds 1" } }
ask{ q = "Predict out[63]: thread 63 of block 0 adds tile[63], tile[0], tile[1] and tile[2].", answer = out[64],
     hints = { "tile holds in[0..63] = 0..63 in block 0; the index wraps at 64" } }

local mt = ws.machine(p)
local i2 = mt:alloc(128 * 4)
i2:write(0, "f32", v)
mt:launch("spaces", { grid = 2, block = 64, args = { mt:alloc(128 * 4), i2 } })
task{ text = "Step until the __syncthreads() of block 0 completes: every thread has written its element of tile (the memory pane shows block 0's shared memory).",
      until_ = function(s) return s.kind == "barrier" end }
task{ text = "Step on until the focused thread reaches line 12 (out[g] = ...); print window with :p window.",
      until_ = function(s) return s.kind == "line" and s.line == 12 end }

page{ title = "Local memory is memory", text = string.format([[
In that run the warps made %d accesses to local memory (window[]), %d to
shared memory and %d to global memory. Local memory is as far away as
global memory: a per-thread array costs loads and stores that a few
scalar registers would not.]], counts["local"] or 0, counts["shared"] or 0, counts["global"] or 0) }

puzzle{
	title = "Window sum without local memory",
	text = [[
Rewrite spaces' window sum without the per-thread array: out[g] is the sum
of tile[(t + k) % 64] for k = 0..3. (Keep tile; drop window and launches.)]],
	kernel = "window_sum",
	source = [[
__global__ void window_sum(float *out, const float *in)
{
    __shared__ float tile[64];
    float window[4];
    int t = threadIdx.x;
    int g = blockIdx.x * blockDim.x + t;
    tile[t] = in[g];
    __syncthreads();
    for (int k = 0; k < 4; k++)
        window[k] = tile[(t + k) % 64];
    out[g] = window[0] + window[1] + window[2] + window[3];
}
]],
	grid = 2, block = 64,
	arrays = {
		{ name = "in", type = "f32", size = 128, init = function(i) return i end },
		{ name = "out", type = "f32", size = 128, out = true },
	},
	args = { "out", "in" },
	want = function(A)
		local r = {}
		for b = 0, 1 do
			for t = 0, 63 do
				local s = 0
				for k = 0, 3 do s = s + A["in"][b * 64 + (t + k) % 64 + 1] end
				r[b * 64 + t + 1] = s
			end
		end
		return { out = r }
	end,
	limits = { reads = 1, writes = 1, uses_shared = true, no_local = true },
}
page{ title = "Done", text = "Registers and local memory: per thread; shared: per block; global and constant: per GPU." }
