-- handle_gc.lua - a machine keeps its program alive, a buffer its machine:
-- the garbage collector may find a program unreachable while the machine
-- made from it is still used (a lesson's helper returns the machine only).
-- Prints TAP.
local n = 0
local function ok(c, d) n = n + 1; print((c and "ok " or "not ok ") .. n .. " - " .. d) end
local function launched()
	local p = assert(ws.compile([[
__global__ void k(int *a) { a[threadIdx.x] = threadIdx.x * 2; }
]], "k.cu"))
	local m = ws.machine(p, { sched = "rr" })
	local a = m:alloc(32 * 4)
	assert(m:launch("k", { grid = 1, block = 32, args = { a } }))
	return m, a
end
local function buffer_only()
	local m, a = launched()
	m:run()
	return a
end
-- scripts may not call collectgarbage("collect"): make garbage until the
-- collector has run several full cycles
local function churn()
	for i = 1, 400000 do
		local t = { i, tostring(i) }
	end
end
local m, a = launched()
churn()
local okrun, st = pcall(function() return m:run() end)
ok(okrun and st.reason == "done", "the machine runs after its program handle was collected")
local okf, fs = pcall(function() return m:findings() end)
ok(okf and #fs == 0, "its findings can be read")
local b = buffer_only()
churn()
local okr, v = pcall(function() return b:read(0, "i32", 32) end)
ok(okr and v[32] == 62, "a buffer is readable after its machine handle was collected")
print("1.." .. n)
