-- 18-async-copies.lua - memcpy_async into shared memory, cg::wait, and cuda::pipeline stages.
local src = [[
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
namespace cg = cooperative_groups;

__global__ void stage(const int *in, int *out)
{
    cg::thread_block block = cg::this_thread_block();
    __shared__ int buf[64];
    cg::memcpy_async(block, buf, in + blockIdx.x * 64, sizeof(int) * 64);
    int mine = threadIdx.x * 10;          // work that does not need buf
    cg::wait(block);                      // the copy has landed
    out[blockIdx.x * 64 + threadIdx.x] = buf[63 - threadIdx.x] + mine;
}
]]
page{ title = "Asynchronous copies", text = [[
A plain copy to shared memory, buf[t] = in[t], goes through a register:
the thread waits for the load, then stores. cg::memcpy_async(group, dst,
src, bytes) lets the whole group start the copy from global to shared
memory and go on working; cg::wait(group) waits until the group's copies
have landed, and makes them visible to the group. Between the two, the
threads may do anything that does not read the destination: the copy
overlaps with that work. cg::wait_prior<N>(group) waits for all but the N
most recent copies (double buffering: copy chunk c + 1 while using c).

Here 2 blocks of 64 threads copy their 64 ints into buf, compute mine,
wait, and read buf backwards. in[i] = i.]] }

local p = assert(compile(src, "stage.cu"))
local function launched(q)
	local m = ws.machine(q, { sched = "rr" })
	local a, o = m:alloc(128 * 4), m:alloc(128 * 4)
	local v = {}
	for i = 1, 128 do v[i] = i - 1 end
	a:write(0, "i32", v)
	m:launch("stage", { grid = 2, block = 64, args = { a, o } })
	return m, o
end
local m, o = launched(p)
m:break_at(10)
m:run()
local copies, bytes = m:async{ block = 0 }.copies, 0
for _, c in ipairs(copies) do bytes = bytes + c.bytes end
m:clear_break(10)
finish(m)
local out = o:read(0, "i32", 128)

ask{ q = "Block 0 has issued its memcpy_async and stands at line 10. How many bytes are in flight for it?",
     answer = bytes, hints = { "64 ints of 4 bytes" } }
ask{ q = "Predict out[0]: thread 0 reads buf[63] and adds mine = 0.", answer = out[1] }
ask{ q = "And out[65] (block 1, thread 1)?", answer = out[66],
     hints = { "block 1's buf holds in[64..127]; thread 1 reads buf[62] = in[126], plus 10" } }

local nowait = src:gsub("    cg::wait%(block%);[^\n]*\n", "")
local mn = launched(assert(compile(nowait, "stage.cu")))
finish(mn)
local fk = mn:findings()[1]
ask{ q = "Without cg::wait(block), the read of buf comes before the copy has landed. What finding does warpstep report? (its kind)",
     answer = fk and fk.kind or "none",
     hints = { "an asynchronous copy, read before the wait for it" } }

launched(p) -- fresh, not run: the debugger shows it
task{ text = [[
In the debugger (stage is loaded), step until the focused thread reaches
line 10: the copy is issued. The sync pane lists the copies in flight
(who issued them, how many bytes) and buf in the memory pane is still
empty.]],
      until_ = function(s) return s.kind == "line" and s.line == 10 end }
task{ text = [[
Step on until the focused thread reaches line 12, past cg::wait: the
copies are gone from the list and buf holds the block's 64 values.]],
      until_ = function(s) return s.kind == "line" and s.line == 12 end }

page{ title = "Pipelines", text = [[
cuda::pipeline (<cuda/pipeline>) generalizes this to several stages in
flight: a producer calls producer_acquire(), issues
cuda::memcpy_async(..., pipe), then producer_commit(); a consumer calls
consumer_wait(), uses the stage, then consumer_release(). With
cuda::pipeline_shared_state<cuda::thread_scope_block, 2>, two stages can be
in flight: copy stage s + 1 while computing on stage s. The sync pane
shows each stage's state (free, acquired, committed, ready, released).
warpstep's tests/programs/async_pipeline_stages.cu is a complete example.]] }
ask{ q = "A pipeline_shared_state<cuda::thread_scope_block, 3>: how many stages can be in flight at once?",
     answer = 3 }

local starter = [[
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
namespace cg = cooperative_groups;

__global__ void pairs(const int *in, int *out)
{
    cg::thread_block block = cg::this_thread_block();
    __shared__ int buf[64];
    int t = threadIdx.x;
    cg::memcpy_async(block, buf, in + blockIdx.x * 64, sizeof(int) * 64);
    out[blockIdx.x * 64 + t] = buf[t] + buf[(t + 1) % 64];
}
]]
exercise{ text = [[
pairs copies each block's 64 values into buf with memcpy_async, then
out[i] = buf[t] + buf[(t + 1) % 64]. Make it correct. It runs on 3 hidden
inputs (2 blocks of 64 threads) with the checkers on.]],
          file = "pairs.cu", source = starter,
          check = function(code)
                  return judge({ kernel = "pairs", grid = 2, block = 64,
                          opts = function(c) return { sched = "random", seed = c } end,
                          arrays = {
                                  { name = "in", type = "i32", size = 128, init = function(i, c) return (i * 11 + c * 3) % 50 end },
                                  { name = "out", type = "i32", size = 128, out = true },
                          },
                          args = { "in", "out" },
                          want = function(A)
                                  local r = {}
                                  for i = 0, 127 do
                                          local b, t = i // 64, i % 64
                                          r[i + 1] = A["in"][b * 64 + t + 1] + A["in"][b * 64 + (t + 1) % 64 + 1]
                                  end
                                  return { out = r }
                          end,
                          limits = { uses_shared = true },
                          explain = {
                                  ["async-copy-read-before-wait"] = "A thread read buf while the asynchronous copy into it was still in flight: cg::wait(block) must come between memcpy_async and the first read of buf.",
                                  ["shared-race"] = "A thread read an element of buf that another thread's part of the copy writes, and nothing ordered them: wait for the copy with cg::wait(block), which all threads of the block call.",
                          } }, code)
          end }
page{ title = "Done", text = [[
memcpy_async starts a copy and returns; the wait makes it land. Work that
does not need the data goes between the two.]] }
