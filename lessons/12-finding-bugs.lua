-- 12-finding-bugs.lua
-- (a lesson: docs/lesson-format.md; the engine checks the answers: every
-- expected finding below is the one the engine reports, m:findings())

-- Compile kernel and launch it on 1 block of `block` threads, not run (in
-- the interface the debugger shows this machine): the machine and its
-- buffer, or nil, message when it does not compile.
local function launched(src, kernel, block, n)
	local p, e = compile(src, kernel .. ".cu")
	if not p then return nil, e end
	local m = ws.machine(p, { sched = "rr" })
	local a = m:alloc(64 * 4)
	a:write(0, "i32", (function() local t = {} for i = 1, 64 do t[i] = i end return t end)())
	local args = { a }
	if n then args[2] = n end
	assert(m:launch(kernel, { grid = 1, block = block, args = args }))
	return m, a
end
-- ... and run it: its findings (or nil, message) and what it wrote to out.
local function findings_of(src, kernel, block, n)
	local m, a = launched(src, kernel, block, n)
	if not m then return nil, a end
	finish(m)
	return m:findings(), a:read(0, "i32", 64)
end
local explain = {
	["oob-global-read"] = "a thread past the end of the buffer read it: guard the access with the bounds check",
	["oob-global-write"] = "a thread past the end of the buffer wrote it: guard the access with the bounds check",
	["shared-race"] = "one thread read a shared element another thread writes, with no barrier between them",
	["uninitialized-read"] = "a thread read a shared element before anyone wrote it: the write must come before a barrier that the read comes after",
	["barrier-divergence"] = "only part of the block reaches that __syncthreads(): every thread must reach the same barrier",
}
local function fixed(src, kernel, block, n, want)
	local fs, out = findings_of(src, kernel, block, n)
	if not fs then return false, out end
	if #fs > 0 then
		return false, string.format("still: %s at line %d: %s", fs[1].kind, fs[1].line,
			explain[fs[1].kind] or fs[1].message or "")
	end
	if want then
		local ok, msg = want(out)
		if not ok then return false, msg end
	end
	return true
end

page{ title = "Finding bugs", text = [[
warpstep checks what the program does while it runs and reports bugs as
findings: a kind, the line, the threads involved and a hint. The kinds
include out of bounds (oob-global-read, oob-global-write, oob-shared),
data races (shared-race, global-race: two threads touch the same word,
one of them writes, and nothing orders them), barrier-divergence (a
__syncthreads() that only part of the block reaches), deadlock, and
uninitialized-read.
On screen: a finding stops the run (c stops there, like a breakpoint); the
findings list shows it, the source pane marks its line, and the warps
pane shows the threads involved.]] }

-- 1. out of bounds
local oob = [[
__global__ void scale(int *a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    a[i] = a[i] * 2;
}
]]
local f = findings_of(oob, "scale", 64, 40)
ask{ q = "64 threads scale a buffer of 64 ints, but n = 40: only 40 are meant to change. Is anything reported? (the kind, or none)",
     answer = f[1] and f[1].kind or "none",
     hints = { "the buffer has room for 64 ints: every thread stays inside it" } }
local f2 = findings_of(oob, "scale", 96, 40)
ask{ q = "Now 96 threads on the same 64-int buffer. What kind of finding comes first?",
     answer = f2[1] and f2[1].kind or "none",
     hints = { "threads 64..95 read a[i] past the end; the read comes before the write" } }
ask{ q = "On which line?", answer = f2[1] and f2[1].line or 0 }
launched(oob, "scale", 96, 40) -- the debugger shows it, not run
task{ text = [[
In the debugger (the 96-thread run is loaded), continue (c) until the
run stops at the finding; the findings list names the threads.]],
      until_ = function(s) return s.kind == "finding" and s.finding == f2[1].kind end }
exercise{ text = "Add the bounds check so threads at or past n do nothing.", file = "scale.cu",
          source = oob,
          check = function(src)
                  return fixed(src, "scale", 96, 40, function(out)
                          if out[40] ~= 80 or out[41] ~= 41 then
                                  return false, "a[0..39] must double and the rest stay as they were"
                          end
                          return true
                  end)
          end }

-- 2. a shared-memory race
local race = [[
__global__ void rotate(int *out)
{
    __shared__ int s[64];
    int t = threadIdx.x;
    s[t] = out[t];
    out[t] = s[(t + 32) % 64];
}
]]
local fr = findings_of(race, "rotate", 64)
local function first_of(fs, kind)
	for _, x in ipairs(fs) do if x.kind == kind then return x end end
	return { kind = "none", line = 0 }
end
local fr_race = first_of(fr, "shared-race")
ask{ q = "rotate: each thread writes s[t], then reads its partner's s[(t + 32) % 64], in the other warp. With 2 warps, lane 0 of warp 0 may read s[32] before warp 1 writes it. What does the engine report first?",
     answer = fr[1] and fr[1].kind or "none",
     hints = { "what does lane 0 find in s[32] if nobody has written it yet?" } }
ask{ q = "It also reports a race between warp 0's read and warp 1's write of s[32]: what is the race's kind?",
     answer = fr_race.kind, hints = { "the race is in __shared__ memory" } }
ask{ q = "On which line is the first race reported (the access that completes it)?", answer = fr_race.line,
     hints = { "warp 0 read s[32] first; the race is complete when warp 1 writes it" } }
launched(race, "rotate", 64) -- the debugger shows it, not run
task{ text = "In the debugger (rotate is loaded), continue (c, again after each stop) until the race is reported.",
      until_ = function(s) return s.kind == "finding" and s.finding == fr_race.kind end }
exercise{ text = "Fix the race (every thread must read the value its partner wrote).", file = "rotate.cu",
          source = race,
          check = function(src)
                  return fixed(src, "rotate", 64, nil, function(out)
                          if out[1] ~= 33 or out[64] ~= 32 then
                                  return false, "out[t] must be the old out[(t + 32) % 64]"
                          end
                          return true
                  end)
          end }

-- 3. a barrier only part of the block reaches
local div = [[
__global__ void half(int *out)
{
    __shared__ int s[64];
    int t = threadIdx.x;
    if (t < 32) {
        s[t] = t;
        __syncthreads();
    }
    out[t] = t < 32 ? s[31 - t] : 0;
}
]]
local fd = findings_of(div, "half", 64)
ask{ q = "half: only warp 0 enters the if and its __syncthreads(). What does the engine report?",
     answer = fd[1] and fd[1].kind or "none",
     hints = { "every thread of the block must reach the same __syncthreads()" } }
launched(div, "half", 64) -- the debugger shows it, not run
task{ text = "In the debugger (half is loaded), continue until the barrier finding is reported; look at the warps pane: who waits ('‖', '|' in ASCII), who left ('·', '.').",
      until_ = function(s) return s.kind == "finding" and s.finding == fd[1].kind end }
exercise{ text = "Move the barrier so the whole block reaches it (same results).", file = "half.cu",
          source = div,
          check = function(src)
                  return fixed(src, "half", 64, nil, function(out)
                          if out[1] ~= 31 or out[32] ~= 0 or out[33] ~= 0 then
                                  return false, "out[t] must be s[31 - t] for t < 32 and 0 above"
                          end
                          return true
                  end)
          end }
page{ title = "Done", text = [[
Read the finding, find the threads, fix the cause: a bounds check, a
barrier between the write and the read, a barrier every thread reaches.]] }
