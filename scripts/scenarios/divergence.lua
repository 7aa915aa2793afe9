-- divergence.lua - one branch, two reconvergence policies. Under `stack`
-- (pre-Volta SIMT stack) the taken side runs to the reconvergence point,
-- then the other side, then the warp runs as one again. Under `its`
-- (independent thread scheduling, Volta and later) the scheduler may
-- interleave the two sides.
-- Run: warpstep script scripts/scenarios/divergence.lua
-- In the interface: the warps pane shows the two groups ('#' runs now,
-- '+' ready, 'p' parked at the reconvergence point).

local src = [[
__global__ void branch(int *out)
{
    int lane = threadIdx.x;
    int x = 0;
    if (lane < 8) {
        x = x + 1;                   // A1
        x = x * 10;                  // A2
    } else {
        x = x + 2;                   // B1
        x = x * 100;                 // B2
    }
    out[lane] = x;                   // join
}
]]

local p = assert(ws.compile(src, "branch.cu"))

local function trace(simt)
	local m = ws.machine(p, { simt = simt, sched = "rr" })
	local out = m:alloc(32 * 4)
	m:launch("branch", { grid = 1, block = 32, args = { out } })
	local seq = {}
	m:on("line", function(ev)
		local last = seq[#seq]
		local item = string.format("%d[%s]", ev.line, ev.mask_hex)
		if last ~= item then seq[#seq + 1] = item end
	end)
	local shown = false
	while true do
		local s = m:step("instruction")
		local ws_ = m:warps{ block = 0 }
		if not shown and ws_[1] and ws_[1].groups == 2 then
			print("  diverged: lanes " .. ws_[1].lanes)
			for _, g in ipairs(m:groups{ warp = 0 }) do
				print(string.format("    group %d: mask %s at line %d, %s", g.group, g.mask_hex, g.line, g.state))
			end
			shown = true
		end
		if s.reason ~= "step" then break end
	end
	print("  statements in the order they ran, with the lanes that ran them:")
	for i = 1, #seq, 4 do print("    " .. table.concat(seq, "  ", i, math.min(i + 3, #seq))) end
	local r = out:read(0, "i32", 32)
	print(string.format("  out[0] = %d, out[8] = %d", r[1], r[9]))
end

print("== simt stack ==")
trace("stack")
print("The lanes 0-7 (mask 0x000000ff) run lines 6-7 to the end of their side,")
print("then lanes 8-31 run lines 9-10, then all 32 lanes run line 12 together.")

print("\n== simt its ==")
trace("its")
print("Under its the two sides alternate: a statement of one group, then of the")
print("other. Each side still sees only its own lanes; they merge again at line 12.")
print("Code that relies on lockstep execution of a warp (no __syncwarp) breaks here.")
