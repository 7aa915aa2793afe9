-- atomics.lua - contending atomics: the order in which the lanes of a warp
-- apply, how the scheduler orders warps (and how a script can force the
-- other order), and a compare-and-swap loop implementing atomicMax on floats.
-- Run: warpstep script scripts/scenarios/atomics.lua
-- In the interface: the memory pane shows the counter; the lanes pane shows
-- each lane's `ticket` and `tries`.

local src = [[
__global__ void tickets(int *counter, int *ticket)
{
    int t = atomicAdd(counter, 1);                   // @add
    ticket[threadIdx.x] = t;
}

__device__ float atomicMaxFloat(float *addr, float val, int *tries)
{
    int *ai = (int *)addr;
    int old = *ai, assumed;
    do {
        assumed = old;
        *tries += 1;
        if (__int_as_float(assumed) >= val)
            break;
        old = atomicCAS(ai, assumed, __float_as_int(val));
    } while (assumed != old);
    return __int_as_float(old);
}

__global__ void fmax_kernel(float *best, const float *vals, int *tries)
{
    int i = threadIdx.x;
    int n = 0;
    atomicMaxFloat(best, vals[i], &n);
    tries[i] = n;
}
]]

local p = assert(ws.compile(src, "atomics.cu"))

local function fmt(t, first, last)
	local s = {}
	for i = first, last do s[#s + 1] = string.format("%d:%s", i, tostring(t[i + 1])) end
	return table.concat(s, " ")
end

print("== 64 threads (2 warps) each do atomicAdd(counter, 1) ==")
local m = ws.machine(p, { sched = "rr" })
local counter, ticket = m:alloc(4), m:alloc(64 * 4)
counter:write(0, "i32", 0)
m:launch("tickets", { grid = 1, block = 64, args = { counter, ticket } })
m:run()
local t = ticket:read(0, "i32", 64)
print("tickets of warp 0: " .. fmt(t, 0, 5) .. " ... 31:" .. t[32])
print("tickets of warp 1: " .. fmt(t, 32, 35) .. " ...")
print("Within one warp instruction the lanes apply one after the other, in lane")
print("order here: the emulator's choice. CUDA promises only that each atomic is")
print("indivisible: a real GPU may apply them in any order.")

print("\n== The same launch, with the script choosing warp 1 first ==")
m = ws.machine(p, { sched = "rr" })
counter, ticket = m:alloc(4), m:alloc(64 * 4)
counter:write(0, "i32", 0)
m:launch("tickets", { grid = 1, block = 64, args = { counter, ticket } })
local moves = 0
while true do
	local c = m:choices()
	local pick
	for i, ch in ipairs(c) do if ch.warp == 1 then pick = i end end
	if not pick then break end
	m:choose(pick)
	moves = moves + 1
end
m:run()
t = ticket:read(0, "i32", 64)
print(string.format("after %d forced moves of warp 1: warp 1 got tickets %d..%d, warp 0 got %d..%d",
	moves, t[33], t[64], t[1], t[32]))
print("Which warp reaches the atomic first is the scheduler's choice: code must not depend on it.")

print("\n== atomicMax on floats with a CAS loop (one warp, values 1.5 * (7 * lane mod 32)) ==")
m = ws.machine(p)
local best, vals, tries = m:alloc(4), m:alloc(32 * 4), m:alloc(32 * 4)
best:write(0, "f32", -1.0)
local v = {}
for i = 0, 31 do v[i + 1] = 1.5 * ((i * 7) % 32) end
vals:write(0, "f32", v)
m:launch("fmax_kernel", { grid = 1, block = 32, args = { best, vals, tries } })
m:run()
local tr = tries:read(0, "i32", 32)
print("values: " .. fmt(v, 0, 5) .. " ...")
print("best = " .. best:read(0, "f32", 1)[1] .. " (the largest value, 1.5 * 31)")
print("tries per lane: " .. fmt(tr, 0, 7) .. " ...")
local total = 0
for i = 1, 32 do total = total + tr[i] end
print("total loop iterations: " .. total)
print("Every lane read the same old value; in one atomicCAS instruction lane 0's")
print("swap succeeds and every other lane's fails (the word changed under it), so")
print("they loop again with the new value, and stop as soon as the stored maximum")
print("is at least their own value.")
