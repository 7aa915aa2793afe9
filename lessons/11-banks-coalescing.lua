-- 11-banks-coalescing.lua
-- (a lesson: docs/lesson-format.md; the engine checks the answers)
local function run(src, kernel, n, grid, block, extra)
	local p = assert(ws.compile(src, kernel .. ".cu"))
	local m = ws.machine(p, { sched = "rr" })
	local out = m:alloc(n * 4)
	local args = { out }
	for _, a in ipairs(extra or {}) do args[#args + 1] = a end
	assert(m:launch(kernel, { grid = grid, block = block, args = args }))
	local s = m:run()
	return out:read(0, "i32", n), m, s
end
page{ title = "Bank conflicts and coalescing", text = [[
Shared memory has 32 banks of 4 bytes: word i lives in bank i % 32. A
warp's access is conflict-free when its lanes hit 32 different banks (or
the same word); n lanes in one bank cost n passes. Global memory moves in
32-byte sectors: a warp reading 32 consecutive ints touches 4 sectors.
NEEDSWORK: the engine's bank/sector view is not wired to Lua yet; compute.]] }
ask{ q = "Which bank holds s[33] (an int array)?", answer = 33 % 32 }
ask{ q = "Lane i reads s[2 * i]: how many ways is the conflict?", answer = 2,
     hints = { "lanes i and i + 16 hit the same bank" } }
ask{ q = "A tile of [32][32] ints read by column (lane i reads tile[i][c]): ways of conflict?", answer = 32 }
ask{ q = "And with [32][33] (one padding column)?", answer = 1 }
ask{ q = "32 lanes read 32 consecutive floats from an aligned address: how many 32-byte sectors?", answer = 4 }
