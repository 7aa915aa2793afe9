-- 01-threads.lua - threads, blocks and grids: 1D/2D/3D indices, warps and lanes.
local src = [[
__global__ void ids(int *gid, int *warp, int *lane)
{
    int t = threadIdx.x + threadIdx.y * blockDim.x + threadIdx.z * blockDim.x * blockDim.y;
    int b = blockIdx.x + blockIdx.y * gridDim.x;
    int g = b * (blockDim.x * blockDim.y * blockDim.z) + t;
    gid[g] = g;
    warp[g] = t / 32;
    lane[g] = t % 32;
}
]]
local p = assert(ws.compile(src, "ids.cu"))

page{ title = "Threads, blocks and grids", text = [[
A kernel launch kernel<<<grid, block>>> starts grid.x * grid.y * grid.z
blocks of block.x * block.y * block.z threads. Each thread knows where it
is through threadIdx and blockIdx, and the shape through blockDim and gridDim.

On screen: the thread pane shows the focused thread's indices; the warps
pane shows one row of 32 lanes per warp.]] }

-- a 2D grid of 2x2 blocks, each block 8x4x2 = 64 threads (2 warps)
local m = ws.machine(p)
local n = 4 * 64
local gid, warp, lane = m:alloc(n * 4), m:alloc(n * 4), m:alloc(n * 4)
m:launch("ids", { grid = { 2, 2, 1 }, block = { 8, 4, 2 }, args = { gid, warp, lane } })
finish(m) -- findings are listed, not the end
local W, L = warp:read(0, "i32", n), lane:read(0, "i32", n)

ask{ q = "The block is 8 x 4 x 2. What is the linear index t of threadIdx = (3, 2, 1)?",
     answer = 3 + 2 * 8 + 1 * 32,
     hints = { "t = x + y * blockDim.x + z * blockDim.x * blockDim.y", "3 + 2*8 + 1*32" } }

page{ title = "Warps are consecutive linear ids", text = [[
Warps are made of 32 consecutive linear thread ids: t = 0..31 is warp 0,
t = 32..63 warp 1, whatever the block's shape. So threads (x, y, z) with
different y or z can share a warp.]] }

ask{ q = "Predict: which warp holds thread (3, 2, 1) of its block? (the engine says)",
     answer = W[51 + 1], hints = { "t = 51; warp = t / 32" } }
ask{ q = "And which lane?", answer = L[51 + 1], hints = { "lane = t % 32" } }

ask{ q = "Block (1, 1) of the 2 x 2 grid: what global index g does its thread t = 0 get?",
     answer = gid:read((3 * 64) * 4, "i32", 1)[1],
     hints = { "b = blockIdx.x + blockIdx.y * gridDim.x = 3", "g = b * 64 + t" } }

-- a fresh launch, not run: the debugger shows this machine for the task
local mt = ws.machine(p)
mt:launch("ids", { grid = { 2, 2, 1 }, block = { 8, 4, 2 },
                   args = { mt:alloc(n * 4), mt:alloc(n * 4), mt:alloc(n * 4) } })
task{ text = "In the interface, focus block (1,1,0) thread (0,0,0) and step until it reaches line 6.",
      until_ = function(s)
              -- block (1,1,0) of the 2 x 2 grid is linear block 3; thread (0,0,0) is warp 0, lane 0
              return s.kind == "line" and s.line == 6 and s.block == 3 and s.warp == 0 and s.lane == 0
      end }

task{ text = [[
Now the last thread of the grid: focus block (1,1,0) thread (7,3,1)
(:cuda block (1,1,0) thread (7,3,1)) and step until it reaches line 8; print
its t and g (:p t, :p g) and check them against the formulas.]],
      until_ = function(s)
              -- thread (7,3,1) of a 8 x 4 x 2 block is t = 63: warp 1, lane 31
              return s.kind == "line" and s.line == 8 and s.block == 3 and s.warp == 1 and s.lane == 31
      end }

local shapes = { { w = 20, h = 9, grid = { 3, 3 }, block = { 8, 4 } },
                 { w = 33, h = 17, grid = { 5, 5 }, block = { 8, 4 } },
                 { w = 16, h = 16, grid = { 4, 8 }, block = { 4, 2 } } }
exercise{ text = [[
index2d runs on a 2D grid of 2D blocks over a width x height image: the
thread at column x, row y writes y * width + x to out[y * width + x]. The
hidden launches cover images whose sides are not multiples of the block's,
so some threads fall outside the image: they must write nothing. Fix it.]],
          file = "index2d.cu", source = [[
__global__ void index2d(int *out, int width, int height)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    out[y * width + x] = y * width + x;
}
]],
          check = function(code)
                  return judge({ kernel = "index2d",
                          grid = function(c) return shapes[c].grid end,
                          block = function(c) return shapes[c].block end,
                          args = function(c) return { "out", shapes[c].w, shapes[c].h } end,
                          arrays = { { name = "out", type = "i32", size = 1024, out = true,
                                       init = function() return -1 end } },
                          want = function(_, c)
                                  local r, n = {}, shapes[c].w * shapes[c].h
                                  for i = 0, 1023 do r[i + 1] = i < n and i or -1 end
                                  return { out = r }
                          end,
                          explain = {
                                  ["oob-global-write"] = "A thread outside the image wrote past the end of out: only threads with x < width and y < height may write.",
                                  ["global-race"] = "A thread outside the image (x >= width) wrote the element of a thread in the next row: two threads wrote one element. Only threads with x < width and y < height may write.",
                          } }, code)
          end }

page{ title = "Done", text = "Indices are arithmetic: linear id, then warp = t / 32, lane = t % 32." }
