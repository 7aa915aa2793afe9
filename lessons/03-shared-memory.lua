-- 03-shared-memory.lua - shared memory and __syncthreads: a tiled transpose.
local function transpose(sync)
	return [[
#define T 8
__global__ void transpose(const int *in, int *out, int n)
{
    __shared__ int tile[T][T + 1];
    int x = blockIdx.x * T + threadIdx.x;
    int y = blockIdx.y * T + threadIdx.y;
    tile[threadIdx.y][threadIdx.x] = in[y * n + x];
]] .. (sync and "    __syncthreads();\n" or "") .. [[
    x = blockIdx.y * T + threadIdx.x;
    y = blockIdx.x * T + threadIdx.y;
    out[y * n + x] = tile[threadIdx.x][threadIdx.y];
}
]]
end

-- run a transpose source on a 16x16 matrix; true when out is the transpose
local function works(src)
	local p, err = compile(src, "transpose.cu")
	if not p then return false, err end
	local m = ws.machine(p, { sched = "rr" })
	local n = 16
	local a, b = m:alloc(n * n * 4), m:alloc(n * n * 4)
	local v = {}
	for i = 0, n * n - 1 do v[i + 1] = i end
	a:write(0, "i32", v)
	local ok, e = m:launch("transpose", { grid = { 2, 2 }, block = { 8, 8 }, args = { a, b, n } })
	if not ok then return false, e end
	local s = finish(m) -- a race is listed, the kernel still ends
	local r = b:read(0, "i32", n * n)
	for y = 0, n - 1 do
		for x = 0, n - 1 do
			if r[y * n + x + 1] ~= x * n + y then
				return false, string.format("out[%d][%d] is %d, not %d: a thread read the tile before it was written",
					y, x, r[y * n + x + 1], x * n + y)
			end
		end
	end
	return true
end

page{ title = "Shared memory", text = [[
__shared__ memory is one array per block, visible to all its threads and
much faster than global memory. A tiled transpose reads an 8x8 tile
row by row (coalesced), stores it in shared memory, and writes it out
column by column.

On screen: the memory pane shows `tile` as an 8x9 array (the +1 column
avoids bank conflicts: lesson 11), with recent writes highlighted.]] }

local p = assert(ws.compile(transpose(true), "transpose.cu"))
local m = ws.machine(p)
local a, b = m:alloc(256 * 4), m:alloc(256 * 4)
local v = {}
for i = 0, 255 do v[i + 1] = i end
a:write(0, "i32", v)
m:launch("transpose", { grid = { 2, 2 }, block = { 8, 8 }, args = { a, b, 16 } })
m:break_at(9)
m:run()
local tile = assert(m:shared{ block = 0, name = "tile" })

ask{ q = "Block (0,0) has passed the __syncthreads. Predict tile[1][2] (row 1, column 2; rows have 9 ints).",
     answer = tile[1 * 9 + 2 + 1],
     hints = { "thread (x=2, y=1) stored in[y * 16 + x]", "1 * 16 + 2" } }

page{ title = "Why the barrier", text = [[
After the barrier a thread reads tile[threadIdx.x][threadIdx.y]: an element
another thread wrote, possibly in another warp. __syncthreads() waits
until every thread of the block has arrived, so every write is done.
Without it, warp 0 can read the tile before warp 1 has written its half.]] }

ask{ q = "64 threads per block: how many warps must arrive before the barrier opens?", answer = 2 }

local ok, msg = works(transpose(false))
ask{ q = "Predict: does the transpose still give the right answer without __syncthreads? (yes/no)",
     answer = ok and "yes" or "no",
     hints = { "the engine ran it: " .. tostring(msg) } }

local mt = ws.machine(p)
local ta = mt:alloc(256 * 4)
ta:write(0, "i32", v)
mt:launch("transpose", { grid = { 2, 2 }, block = { 8, 8 }, args = { ta, mt:alloc(256 * 4), 16 } })
task{ text = [[
In the debugger (the transpose with its barrier is loaded), step until the
first __syncthreads() of a block completes (the sync pane's generation goes
up): both warps of the block have written their half of the tile.]],
      until_ = function(s) return s.kind == "barrier" end }
task{ text = [[
Step on until the focused thread reaches line 11, the write of out, and
look at tile in the memory pane: every element is written; print yours with
:p tile[threadIdx.x][threadIdx.y].]],
      until_ = function(s) return s.kind == "line" and s.line == 11 end }

exercise{ text = [[
Here is the kernel without its barrier. Put __syncthreads() back where it
belongs. It is run on 3 hidden 16 x 16 matrices, under independent thread
scheduling and a random warp order, with the race checker on.]],
          file = "transpose.cu", source = transpose(false),
          check = function(code)
                  return judge({ kernel = "transpose", file = "transpose.cu",
                          grid = { 2, 2 }, block = { 8, 8 },
                          opts = function(c) return { simt = "its", sched = "random", seed = 11 * c } end,
                          arrays = {
                                  { name = "in", type = "i32", size = 256, init = function(i, c) return (i * 7 * c + 3 * c) % 1000 end },
                                  { name = "out", type = "i32", size = 256, out = true },
                          },
                          args = { "in", "out", 16 },
                          want = function(A)
                                  local r = {}
                                  for y = 0, 15 do for x = 0, 15 do r[y * 16 + x + 1] = A["in"][x * 16 + y + 1] end end
                                  return { out = r }
                          end,
                          explain = {
                                  ["shared-race"] = "A thread read an element of tile that another thread of the block writes, and nothing ordered the two: the read must wait at a __syncthreads() after every write.",
                                  ["uninitialized-read"] = "A thread read an element of tile before the thread that owns it had written it: the barrier between the writes and the reads is missing.",
                                  ["barrier-divergence"] = "Only part of the block reaches that __syncthreads(): every thread must reach it.",
                          } }, code)
          end }

page{ title = "Done", text = "Write, __syncthreads(), then read what others wrote." }
