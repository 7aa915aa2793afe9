-- 11-banks-coalescing.lua
-- (a lesson: docs/lesson-format.md; the engine checks the answers: the
-- bank-conflict degree and the 32-byte sectors of each warp access come
-- from the engine's "mem" events and m:access(), docs/lua-api.md)

-- Run kernel on one warp; return its device accesses in order:
-- {line, space, write, degree (shared), sectors (global)}, and the machine.
local function accesses(src, kernel, args_of)
	local p, err = compile(src, kernel .. ".cu")
	if not p then error(err, 0) end
	local m = ws.machine(p, { sched = "rr" })
	local list = {}
	m:on("mem", function(ev)
		if ev.space == "shared" or ev.space == "global" then list[#list + 1] = ev end
	end)
	assert(m:launch(kernel, { grid = 1, block = 32, args = args_of(m) }))
	finish(m) -- findings are listed, not the end
	return list, m
end
local function at_line(list, line)
	for _, a in ipairs(list) do if a.line == line and a.space == "shared" then return a end end
	return {}
end

page{ title = "Bank conflicts and coalescing", text = [[
Shared memory has 32 banks of 4 bytes: word i lives in bank i % 32. A
warp's access is conflict-free when its lanes hit 32 different banks (or
the same word); when n lanes hit different words of one bank, the access
takes n passes: an n-way conflict. Global memory moves in 32-byte
sectors: what a warp access costs is the number of distinct sectors its
lanes touch.
On screen: the memory pane shows the last warp access to shared memory
(its conflict degree, and two lanes that collide) and the sectors the
last global warp access touched. In Lua, m:access() returns them, with
each lane's address and bank (docs/lua-api.md).]] }

local tile = [[
#define W 32
__global__ void column(int *out, const int *in)
{
    __shared__ int tile[32][W];
    int t = threadIdx.x;
    for (int k = 0; k < 32; k++)
        tile[k][t] = in[k * 32 + t];   // row k: lane t writes column t
    __syncwarp();
    int s = 0;
    for (int k = 0; k < 32; k++)
        s += tile[t][k];               // lane t reads row t, column k
    out[t] = s;
}
]]
local function matrix(m)
	local inb = m:alloc(32 * 32 * 4)
	local v = {}
	for i = 1, 32 * 32 do v[i] = i - 1 end
	inb:write(0, "i32", v)
	return inb
end
local function tile_degree(w)
	local src = tile:gsub("#define W 32", "#define W " .. w)
	local list, m = accesses(src, "column", function(m) return { m:alloc(32 * 4), matrix(m) } end)
	return at_line(list, 7).degree, at_line(list, 11).degree, m:access().shared
end
local row32, col32, last32 = tile_degree(32)
local _, col33, last33 = tile_degree(33)
ask{ q = "Which bank holds word 33 of a shared int array?", answer = 33 % 32 }
ask{ q = "tile is int[32][32]. In round k, lane t writes tile[k][t] (along a row). How many ways is the conflict (1 = none)?",
     answer = row32, hints = { "consecutive words: 32 lanes, 32 banks" } }
ask{ q = "In round k, lane t reads tile[t][k] (down a column): word 32 * t + k. How many ways is the conflict?",
     answer = col32, hints = { "(32 * t + k) % 32 is k for every lane" } }
ask{ q = "In the last of those reads (k = 31), which bank does lane 5 use (m:access().shared.bank)?",
     answer = last32.bank[6] }
ask{ q = "Pad the tile to int[32][33] (one unused column). How many ways is the column read now?",
     answer = col33, hints = { "lane t reads word 33 * t + k: bank (t + k) % 32, a different one per lane" } }
ask{ q = "And which bank does lane 5 use in the read with k = 31 now?", answer = last33.bank[6],
     hints = { "(33 * 5 + 31) % 32" } }
do -- the conflicted version, fresh and not run: the debugger shows it
	local mt = ws.machine(assert(compile(tile, "column.cu")), { sched = "rr" })
	mt:launch("column", { grid = 1, block = 32, args = { mt:alloc(32 * 4), matrix(mt) } })
end
task{ text = [[
In the debugger (the int[32][32] version is loaded), step until warp 0
reaches the column read (line 11), then step once more and look at the
memory pane: a 32-way conflict, and two lanes that collide in one bank.]],
      until_ = function(s) return s.kind == "line" and s.line == 11 end }
exercise{ text = [[
Remove the conflict of the column read by padding the shared array (keep
the kernel's name and what it computes: out[t] is the sum of row t). It is
run on 3 hidden matrices; the check allows no bank conflict at all.]], file = "column.cu", source = tile,
          check = function(src)
                  return judge({ kernel = "column", grid = 1, block = 32,
                          arrays = {
                                  { name = "out", type = "i32", size = 32, out = true },
                                  { name = "in", type = "i32", size = 1024, init = function(i, c) return (i * 17 + c * 5) % 23 end },
                          },
                          args = { "out", "in" },
                          want = function(A)
                                  local r = {}
                                  for t = 0, 31 do
                                          local x = 0
                                          for k = 0, 31 do x = x + A["in"][t * 32 + k + 1] end
                                          r[t + 1] = x
                                  end
                                  return { out = r }
                          end,
                          limits = { max_conflict = 1, uses_shared = true },
                          explain = {
                                  ["shared-race"] = "A lane read a tile element another lane wrote with nothing between them: keep the __syncwarp() between the writes and the reads.",
                          } }, src)
          end }

local copy = [[
__global__ void gather(float *dst, const float *src, int stride, int offset)
{
    int i = threadIdx.x;
    dst[i] = src[offset + i * stride];
}
]]
local function sectors(stride, offset)
	local list = accesses(copy, "gather", function(m)
		return { m:alloc(32 * 4), m:alloc(32 * 64 * 4 + 64), stride, offset }
	end)
	for _, a in ipairs(list) do if a.space == "global" and not a.write then return a.sectors end end
end
ask{ q = "32 lanes read 32 consecutive floats from an aligned address (stride 1): how many 32-byte sectors?",
     answer = sectors(1, 0), hints = { "32 lanes * 4 bytes = 128 bytes" } }
ask{ q = "The same read starting one float later (offset 1): how many sectors?", answer = sectors(1, 1),
     hints = { "the 128 bytes now straddle one more sector boundary" } }
ask{ q = "Stride 2 (lane i reads src[2 * i]): how many sectors?", answer = sectors(2, 0) }
ask{ q = "Stride 8: how many sectors?", answer = sectors(8, 0),
     hints = { "8 floats = 32 bytes: every lane in its own sector" } }
do -- a fresh launch (stride 8), not run: the debugger shows this machine for the task
	local mt = ws.machine(assert(ws.compile(copy, "gather.cu")), { sched = "rr" })
	mt:launch("gather", { grid = 1, block = 32, args = { mt:alloc(32 * 4), mt:alloc(32 * 64 * 4 + 64), 8, 0 } })
end
task{ text = [[
In the debugger (the gather kernel with stride 8 is loaded), step until
warp 0 reaches the read of line 4 and look at the memory pane: the
sectors of the last global access.]],
      until_ = function(s) return s.kind == "line" and s.line == 4 end }
