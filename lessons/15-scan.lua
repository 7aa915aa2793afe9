-- 15-scan.lua - an inclusive prefix sum in a block, and why it needs two barriers per round.
local src = [[
__global__ void scan(int *out, const int *in)
{
    __shared__ int s[16];
    int t = threadIdx.x;
    s[t] = in[t];
    __syncthreads();
    for (int d = 1; d < 16; d *= 2) {
        int v = t >= d ? s[t - d] : 0;   // read the neighbour d to the left
        __syncthreads();                 // everyone has read ...
        s[t] += v;                       // ... before anyone writes
        __syncthreads();
    }
    out[t] = s[t];
}
]]
page{ title = "Scan (prefix sum)", text = [[
out[i] = in[0] + ... + in[i] for 16 values, one block of 16 threads. In
round d (1, 2, 4, 8) each thread adds the value d places to its left: after
round d, s[t] holds the sum of the 2d values ending at t. 4 rounds for 16
values: log2(n) steps instead of n.
Two barriers per round: one between reading the neighbour and writing
your own element, one before the next round reads.]] }

local p = assert(compile(src, "scan.cu"))
local function input() local v = {} for i = 1, 16 do v[i] = i end return v end
local m = ws.machine(p)
local inb, outb = m:alloc(64), m:alloc(64)
inb:write(0, "i32", input())
m:launch("scan", { grid = 1, block = 16, args = { outb, inb } })
m:break_at(11) -- after the first round's write, at its second barrier
local s = m:run()
local after1 = m:shared{ block = 0, name = "s", count = 16 }
m:clear_break(11)
finish(m)
local out = outb:read(0, "i32", 16)

ask{ q = "in[i] = i + 1 (1, 2, ..., 16). After round d = 1, what does s[5] hold?",
     answer = after1[6], hints = { "s[5] + s[4] = 6 + 5" } }
ask{ q = "What is out[15], the last prefix sum?", answer = out[16], hints = { "1 + 2 + ... + 16" } }
ask{ q = "How many rounds does a block of 1024 threads need?", answer = 10, hints = { "2^10 = 1024" } }

local mt = ws.machine(p)
local i2 = mt:alloc(64)
i2:write(0, "i32", input())
mt:launch("scan", { grid = 1, block = 16, args = { mt:alloc(64), i2 } })
task{ text = "Step until the first barrier inside the loop (line 9) completes: every thread has read its neighbour.",
      until_ = function(st) return st.kind == "barrier" and (st.generation or 0) >= 2 end }
task{ text = "Step on until the focused thread reaches line 13 (out[t] = s[t]) and look at s in the memory pane: the prefix sums.",
      until_ = function(st) return st.kind == "line" and st.line == 13 end }

exercise{ text = "This scan has lost its middle barrier. Put it back (the checker runs it with the race checker on).",
          file = "scan.cu",
          source = (src:gsub("        __syncthreads%(%);                 // everyone has read %.%.%.\n", "")),
          check = function(code)
                  local q, err = compile(code, "scan.cu")
                  if not q then return false, err end
                  local mm = ws.machine(q, { simt = "its", sched = "random", seed = 7 })
                  local a, o = mm:alloc(64), mm:alloc(64)
                  a:write(0, "i32", input())
                  mm:launch("scan", { grid = 1, block = 16, args = { o, a } })
                  finish(mm)
                  local f = mm:findings()[1]
                  if f then return false, string.format("scan.cu:%d: %s", f.line or 0, f.kind) end
                  local r = o:read(0, "i32", 16)
                  for i = 1, 16 do
                          if r[i] ~= i * (i + 1) // 2 then
                                  return false, string.format("out[%d] is %d, expected %d", i - 1, r[i], i * (i + 1) // 2)
                          end
                  end
                  return true, "a race-free scan"
          end }
page{ title = "Done", text = [[
A scan reads and writes the same array in each round: a barrier between the
reads and the writes, and one before the next round.]] }
