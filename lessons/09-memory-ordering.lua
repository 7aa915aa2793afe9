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
