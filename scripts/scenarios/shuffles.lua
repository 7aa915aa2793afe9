-- shuffles.lua - warp shuffles, one pattern at a time: broadcast, an
-- inclusive scan with __shfl_up_sync, a reduction with __shfl_down_sync, a
-- butterfly with __shfl_xor_sync, and shuffles with width 8.
-- Run: warpstep script scripts/scenarios/shuffles.lua
-- In the interface: watch the lanes pane (one variable across the 32 lanes)
-- at each stop; the arrows are the shuffle's sources.

local src = [[
__global__ void shuffles(int *out)
{
    int lane = threadIdx.x % 32;
    int v = lane * 10;
    int b = __shfl_sync(0xffffffff, v, 5);          // @bcast
    int s = lane + 1;
    for (int d = 1; d < 32; d *= 2) {
        int t = __shfl_up_sync(0xffffffff, s, d);
        if (lane >= d)
            s += t;
    }
    int r = lane + 1;                                // @scan
    for (int d = 16; d > 0; d /= 2)
        r += __shfl_down_sync(0xffffffff, r, d);
    int x = lane;                                    // @reduce
    for (int m = 16; m > 0; m /= 2)
        x += __shfl_xor_sync(0xffffffff, x, m);
    int w = __shfl_sync(0xffffffff, v, 0, 8);        // @butterfly
    int u = __shfl_down_sync(0xffffffff, v, 1, 8);   // @width
    out[lane] = b + s + r + x + w + u;               // @done
}
]]

local function line_of(marker)
	local n = 0
	for l in (src .. "\n"):gmatch("(.-)\n") do
		n = n + 1
		if l:find(marker, 1, true) then return n end
	end
	error("no marker " .. marker)
end

local function lanes(m, name, first, last)
	local v = m:vars{ block = 0, warp = 0, name = name }
	local t = {}
	for l = first, last do t[#t + 1] = string.format("%d:%s", l, tostring(v[l + 1])) end
	return table.concat(t, " ")
end

local function stop_at(m, marker)
	local bp = line_of(marker)
	m:break_at(bp)
	local s = m:run()
	m:clear_break(bp)
	assert(s.reason == "breakpoint", "expected to stop at line " .. bp .. ", got " .. s.reason)
	return s
end

local p = assert(ws.compile(src, "shuffles.cu"))
local m = ws.machine(p)
local out = m:alloc(32 * 4)
m:launch("shuffles", { grid = 1, block = 32, args = { out } })

print("== Broadcast: __shfl_sync(mask, v, 5) ==")
print("Every lane holds v = lane * 10. Each lane reads v from lane 5.")
stop_at(m, "@bcast")
print("before: v = " .. lanes(m, "v", 0, 7) .. " ...")
stop_at(m, "@scan")
print("after:  b = " .. lanes(m, "b", 0, 7) .. " ...   (all 50: lane 5's v)")

print("\n== Inclusive scan with __shfl_up_sync(mask, s, d), d = 1, 2, 4, 8, 16 ==")
print("s starts as lane + 1. Each round a lane adds the value d lanes below it;")
print("lanes below d keep their own value (shfl_up returns the caller's own s there).")
print("after 5 rounds: s = " .. lanes(m, "s", 0, 7) .. " ... 31:" .. tostring(m:vars{ warp = 0, name = "s" }[32]))
print("lane i holds 1 + 2 + ... + (i+1): the inclusive prefix sum.")

print("\n== Reduction with __shfl_down_sync(mask, r, d), d = 16, 8, 4, 2, 1 ==")
stop_at(m, "@reduce")
print("r = " .. lanes(m, "r", 0, 3) .. " ...")
print("Lane 0 holds the sum 1 + ... + 32 = 528; the other lanes hold partial sums")
print("(shfl_down past the end of the warp returns the caller's own value).")

print("\n== Butterfly with __shfl_xor_sync(mask, x, m), m = 16, 8, 4, 2, 1 ==")
stop_at(m, "@butterfly")
print("x = " .. lanes(m, "x", 0, 3) .. " ... 31:" .. tostring(m:vars{ warp = 0, name = "x" }[32]))
print("Lane i exchanges with lane i ^ m: after 5 rounds EVERY lane holds the sum 0 + ... + 31 = 496.")

print("\n== Width 8: the warp is cut into 4 segments of 8 lanes ==")
stop_at(m, "@done")
print("w = __shfl_sync(mask, v, 0, 8): " .. lanes(m, "w", 6, 10))
print("  lanes 0-7 read lane 0, lanes 8-15 read lane 8: the source lane is relative to the segment.")
print("u = __shfl_down_sync(mask, v, 1, 8): " .. lanes(m, "u", 6, 9))
print("  lane 7 is the last of its segment: it keeps its own v (70) instead of reading lane 8.")
local s = m:run()
print("\nkernel " .. s.reason .. "; out[0] = " .. out:read(0, "i32", 1)[1])
