-- 09-memory-ordering.lua
-- (a lesson: docs/lesson-format.md; the engine checks the answers)
local sb = [[
__global__ void sb(int *r, volatile int *x, volatile int *y)
{
    if (blockIdx.x == 0) {
        *x = 1;
        r[0] = *y;
    } else {
        *y = 1;
        r[1] = *x;
    }
}
]]
page{ title = "Memory ordering: MP, SB, LB", text = [[
Litmus tests: MP (message passing: data then flag), SB (store buffering:
each writes one variable then reads the other), LB (load buffering: each
reads one then writes the other). Each has a "weak" outcome a GPU may show:
MP reads the flag but stale data; SB reads 0 and 0; LB reads 1 and 1.
Fences at the right scope (block: __threadfence_block, device:
__threadfence) forbid it; a block-scope fence does not order two blocks.]] }
local p = assert(ws.compile(sb, "sb.cu"))
local seen = {}
for seed = 1, 8 do
	local m = ws.machine(p, { sched = "random", seed = seed })
	local r, x, y = m:alloc(8), m:alloc(4), m:alloc(4)
	x:write(0, "i32", 0) y:write(0, "i32", 0)
	m:launch("sb", { grid = 2, block = 1, args = { r, x, y } })
	finish(m) -- findings are listed, not the end
	local v = r:read(0, "i32", 2)
	seen[v[1] .. "," .. v[2]] = true
end
ask{ q = "SB ran 8 times with random schedules under the sc model. Was the weak outcome r0=0, r1=0 seen? (yes/no)",
     answer = seen["0,0"] and "yes" or "no",
     hints = { "under sc, one of the two stores comes first in a single order" } }
ask{ q = "Which fence makes SB between two BLOCKS safe: __threadfence_block or __threadfence?",
     answer = { "__threadfence", "__threadfence()" } }
local weak = 0
for seed = 1, 40 do
	local m = ws.machine(p, { sched = "random", seed = seed, model = "relaxed" })
	local r, x, y = m:alloc(8), m:alloc(4), m:alloc(4)
	x:write(0, "i32", 0) y:write(0, "i32", 0)
	m:launch("sb", { grid = 2, block = 1, args = { r, x, y } })
	finish(m) -- findings are listed, not the end
	local v = r:read(0, "i32", 2)
	if v[1] == 0 and v[2] == 0 then weak = weak + 1 end
end
page{ title = "The relaxed model", text = [[
Now the same SB, 40 times, under the relaxed PTX model (warpstep's
--model relaxed, docs/memory-model.md): each thread's view of the other
variable may still be the old value, because nothing synchronized them.]] }
ask{ q = "Under the relaxed model, was the weak outcome r0=0, r1=0 seen? (yes/no)",
     answer = weak > 0 and "yes" or "no",
     hints = { "no fence, no release/acquire: each load may read the initial 0" } }
page{ title = "Every execution", text = [[
`warpstep explore --model relaxed tests/litmus/SB.cu` runs every execution
the model allows and lists each outcome with a witness; `warpstep debug
--schedule WITNESS` steps through one, with the pending stores in the sync
pane and the reasons in the console. Try MP, LB and IRIW too.]] }

-- MP between two blocks, with no fence, block-scope fences or device-scope ones
local function mp(fence) return (([[
__global__ void mp(int *out, const int *in, volatile int *data, volatile int *flag)
{
    if (blockIdx.x == 0) {
        *data = in[0];           // the message
        FENCE
        *flag = 1;               // then the flag
    } else {
        while (*flag == 0)       // wait for the flag
            ;
        FENCE
        out[0] = *data;          // read the message
    }
}
]]):gsub("FENCE", fence)) end
local function stale(fence)
	local q = assert(compile(mp(fence), "mp.cu"))
	local bad = 0
	for seed = 1, 40 do
		local m = ws.machine(q, { sched = "random", seed = seed, model = "relaxed", max_steps = 200000 })
		local o, i, d, fl = m:alloc(4), m:alloc(4), m:alloc(4), m:alloc(4)
		i:write(0, "i32", 42) d:write(0, "i32", 0) fl:write(0, "i32", 0)
		m:launch("mp", { grid = 2, block = 1, args = { o, i, d, fl } })
		finish(m)
		if o:read(0, "i32", 1)[1] ~= 42 then bad = bad + 1 end
	end
	return bad
end
local none, blk, dev = stale("//"), stale("__threadfence_block();"), stale("__threadfence();")
page{ title = "Message passing and scopes", text = [[
MP: block 0 writes a message, then a flag; block 1 waits for the flag, then
reads the message. Under the relaxed model block 1 may see the flag and
still read the old message: nothing orders block 0's two stores for
another block, nor block 1's two loads. A fence orders them only for the
threads in its SCOPE: __threadfence_block() for the threads of the same
block, __threadfence() for the whole device, __threadfence_system() for
the host too. Two fences synchronize only when both scopes contain both
threads.]] }
ask{ q = "Block 0 and block 1 each put __threadfence_block() between their two accesses. Can block 1 still read the old message? (yes/no)",
     answer = blk > 0 and "yes" or "no",
     hints = { "the scope of __threadfence_block() is the thread's own block; block 1 is not in it" } }
ask{ q = "And with __threadfence() on both sides? (yes/no)", answer = dev > 0 and "yes" or "no" }
page{ title = "What the engine saw", text = string.format([[
40 random schedules under the relaxed model each: block 1 read the old
message %d times with no fence, %d times with block-scope fences and %d
times with __threadfence() on both sides.]], none, blk, dev) }

page{ title = "IRIW: no single order of writes", text = [[
IRIW: block 0 writes x = 1, block 2 writes y = 1; block 1 reads x then y,
block 3 reads y then x. On a GPU block 1 may see x = 1, y = 0 while block 3
sees y = 1, x = 0: the two readers disagree on which write came first. A
write can reach some threads before others (the GPU is not multi-copy
atomic). __threadfence() between the two reads of each reader forbids it;
__threadfence_block() in readers of different blocks does not.
`warpstep explore --model relaxed tests/litmus/IRIW.cu` lists all 16
outcomes with a witness each; IRIW_fence_gpu.cu shows the weak one gone.]] }
ask{ q = "In IRIW with __threadfence() in both readers, is r0=1 r1=0 r2=1 r3=0 (the readers disagree) possible? (yes/no)",
     answer = "no", hints = { "the two fence.sc are ordered: the later reader sees what the earlier one saw" } }

do -- MP without fences, under the relaxed model, fresh: the debugger shows it
	local mt = ws.machine(assert(compile(mp("//"), "mp.cu")), { sched = "rr", model = "relaxed" })
	local o, i, d, fl = mt:alloc(4), mt:alloc(4), mt:alloc(4), mt:alloc(4)
	i:write(0, "i32", 42) d:write(0, "i32", 0) fl:write(0, "i32", 0)
	mt:launch("mp", { grid = 2, block = 1, args = { o, i, d, fl } })
end
task{ text = [[
In the debugger (MP without fences, relaxed model), focus block 0 (:cuda
block 0 thread 0) and step until it reaches line 6, the write of the flag:
the sync pane lists the message as a store other blocks may not see yet.]],
      until_ = function(st) return st.kind == "line" and st.line == 6 and st.block == 0 end }
task{ text = [[
Now focus block 1 (:cuda block 1 thread 0) and step until it reaches line
11, the read of the message, past the loop: the console's memory log
explains which values this load may still read.]],
      until_ = function(st) return st.kind == "line" and st.line == 11 and st.block == 1 end }

exercise{ text = [[
Make MP correct: block 1 must always read the message. It runs on 20
hidden messages, each in its own random schedule of the relaxed model.]],
          file = "mp.cu", source = mp("//"),
          check = function(code)
                  local ok, msg = judge({ kernel = "mp", grid = 2, block = 1, cases = 20, max_steps = 200000,
                          opts = function(c) return { model = "relaxed", sched = "random", seed = c } end,
                          arrays = {
                                  { name = "out", type = "i32", size = 1, out = true },
                                  { name = "in", type = "i32", size = 1, init = function(_, c) return 100 + 7 * c end },
                                  { name = "data", type = "i32", size = 1 },
                                  { name = "flag", type = "i32", size = 1 },
                          },
                          args = { "out", "in", "data", "flag" },
                          want = function(A) return { out = { A["in"][1] } } end }, code)
                  if not ok and msg:find("out%[0%] is 0,") then
                          msg = msg .. "\nBlock 1 saw the flag but read the old message: each side needs a fence whose scope holds both blocks."
                  end
                  return ok, msg
          end }
page{ title = "Done", text = [[
Without synchronization, another thread may see your writes late and in
another order. A fence orders your own accesses for the threads in its
scope: publish with one, read with one, both at a scope that holds both.]] }
