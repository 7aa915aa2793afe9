-- lesson_rt.lua - the lesson runtime, run inside the sandbox (scripts/lesson.c).
--
-- A lesson is a Lua chunk run as a coroutine with the functions below in
-- its environment. Each function yields requests (plain tables built here,
-- holding only strings, numbers and booleans) to the host and gets the
-- learner's input back:
--   output requests (the host shows them and resumes with nothing):
--     {kind="page", title=, text=}
--     {kind="feedback", ok=, text=, hint=}
--   input requests (the host resumes with the learner's input):
--     {kind="ask", n=, q=}                 -> the answer (a string)
--     {kind="task", n=, text=}             -> a state table ({kind=, line= ...})
--     {kind="exercise", n=, text=, file=, source=}  -> the edited source (a string)
-- The chunk returns the runtime table rt: rt.env() makes the lesson's
-- environment, rt.body(fn) the coroutine body that runs the lesson chunk fn.

local rt = {}
local lesson_co -- the lesson's own coroutine: only it may yield requests
local counts = { ask = 0, task = 0, exercise = 0 }

local function fail(level, fmt, ...)
	error(string.format(fmt, ...), level + 1)
end

local function check_call(what)
	if coroutine.running() ~= lesson_co then
		fail(3, "%s{} must be called from the lesson itself, not from a coroutine it created", what)
	end
end

local function want_table(t, what)
	if type(t) ~= "table" then
		fail(3, "%s{} expects a table, got %s", what, type(t))
	end
end

local function want_string(v, what, field, optional)
	if v == nil and optional then
		return nil
	end
	if type(v) ~= "string" then
		fail(3, "%s{}: %s must be a string, got %s", what, field, type(v))
	end
	return v
end

local function want_function(v, what, field, optional)
	if v == nil and optional then
		return nil
	end
	if type(v) ~= "function" then
		fail(3, "%s{}: %s must be a function, got %s", what, field, type(v))
	end
	return v
end

-- Compare answers loosely: case, surrounding and repeated blanks do not count.
local function normalize(s)
	return (tostring(s):lower():gsub("^%s+", ""):gsub("%s+$", ""):gsub("%s+", " "))
end

local function matches(ans, expected)
	if type(expected) == "number" then
		return tonumber(ans) == expected
	elseif type(expected) == "table" then
		for _, e in ipairs(expected) do
			if matches(ans, e) then
				return true
			end
		end
		return false
	end
	return normalize(ans) == normalize(expected)
end

-- Run a lesson's check function: ok (boolean), message (string or nil).
local function run_check(check, input)
	local ok, msg = check(input)
	if msg ~= nil and type(msg) ~= "string" then
		msg = tostring(msg)
	end
	return ok and true or false, msg
end

local function feedback(ok, text, hint)
	coroutine.yield({ kind = "feedback", ok = ok, text = text, hint = hint })
end

local api = {}

-- page{title=, text=}: a page of text.
function api.page(t)
	check_call("page")
	want_table(t, "page")
	local title = want_string(t.title, "page", "title", true)
	local text = want_string(t.text, "page", "text")
	coroutine.yield({ kind = "page", title = title, text = text })
end

-- ask{q=, answer= | check=, hints={...}}: a question, asked until answered right.
function api.ask(t)
	check_call("ask")
	want_table(t, "ask")
	local q = want_string(t.q, "ask", "q")
	local answer, check = t.answer, want_function(t.check, "ask", "check", true)
	local hints = t.hints or {}
	if answer == nil and check == nil then
		fail(2, "ask{} needs answer= or check=")
	end
	if type(hints) ~= "table" then
		fail(2, "ask{}: hints must be a list of strings")
	end
	counts.ask = counts.ask + 1
	local n, tries = counts.ask, 0
	while true do
		local ans = coroutine.yield({ kind = "ask", n = n, q = q })
		tries = tries + 1
		local ok, msg
		if check then
			ok, msg = run_check(check, ans)
		else
			ok = matches(ans, answer)
		end
		if ok then
			feedback(true, msg or "correct")
			return ans
		end
		local hint = #hints > 0 and hints[math.min(tries, #hints)] or nil
		feedback(false, msg or "not quite", hint ~= nil and tostring(hint) or nil)
	end
end

-- task{text=, until_=function(state) ... end}: wait for a state of the run.
function api.task(t)
	check_call("task")
	want_table(t, "task")
	local text = want_string(t.text, "task", "text")
	local pred = want_function(t.until_ or t["until"], "task", "until_")
	counts.task = counts.task + 1
	local n = counts.task
	while true do
		local state = coroutine.yield({ kind = "task", n = n, text = text })
		if type(state) ~= "table" then
			fail(2, "task: the host gave a %s, not a state", type(state))
		end
		if pred(state) then
			feedback(true, "done")
			return state
		end
		feedback(false, "not yet")
	end
end

-- exercise{text=, file=, check=function(source) ... end}: edit until the check passes.
function api.exercise(t)
	check_call("exercise")
	want_table(t, "exercise")
	local text = want_string(t.text, "exercise", "text", true)
	local file = want_string(t.file, "exercise", "file")
	local check = want_function(t.check, "exercise", "check")
	local start = want_string(t.source, "exercise", "source", true)
	counts.exercise = counts.exercise + 1
	local n = counts.exercise
	while true do
		local src = coroutine.yield({ kind = "exercise", n = n, text = text or "", file = file,
			source = start })
		local ok, msg = run_check(check, src)
		if ok then
			feedback(true, msg or "passed")
			return src
		end
		feedback(false, msg or "the check does not pass yet")
	end
end

-- finish(m): run machine m to its end. A finding stops m:run() (so that a
-- script can look at it); a lesson lists findings, it does not stop at them:
-- finish runs on past each. Returns the last stop (reason "end", "limit"...).
function api.finish(m)
	local s = m:run()
	while s.reason == "finding" do
		s = m:run()
	end
	return s
end

-- launch_kernel(src, kernel, n, grid, block, extra, opts): compile src (named
-- KERNEL.cu), make a machine (opts, default { sched = "rr" }), allocate an
-- output buffer of n ints (n = 0: none), and launch kernel with it as the
-- first argument and the values of the list extra after it; not run. In the
-- interface the debugger shows this machine from now on (a task steps it).
-- Returns the machine and the output buffer.
-- compile(src, name): the program, or nil and a message that quotes the
-- first errors at their line in NAME (the student's file), not in the
-- lesson: "hist.cu:5:5: error: use of undeclared identifier 'atomicAd'".
function api.compile(src, name)
	local p, err, diags = ws.compile(src, name)
	if p then
		return p
	end
	local lines, more = {}, 0
	for _, d in ipairs(diags or {}) do
		if d.level == "error" then
			if #lines < 3 then
				local file = (d.file and d.file ~= "") and d.file or name
				lines[#lines + 1] = string.format("%s:%d:%d: error: %s", file, d.line, d.col, d.message)
			else
				more = more + 1
			end
		end
	end
	if #lines == 0 then
		return nil, name .. ": " .. tostring(err)
	end
	if more > 0 then
		lines[#lines + 1] = string.format("(and %d more error%s)", more, more == 1 and "" or "s")
	end
	return nil, table.concat(lines, "\n")
end

function api.launch_kernel(src, kernel, n, grid, block, extra, opts)
	local p, err = api.compile(src, kernel .. ".cu")
	if not p then
		error(err, 0) -- the student's compile errors, without a Lua position
	end
	local m = ws.machine(p, opts or { sched = "rr" })
	local out = n and n > 0 and m:alloc(n * 4) or nil
	local args = { out }
	for _, a in ipairs(extra or {}) do
		args[#args + 1] = a
	end
	assert(m:launch(kernel, { grid = grid, block = block, args = args }))
	return m, out
end

-- run_kernel(...): launch_kernel(...) and finish: returns the n ints of the
-- output buffer, the machine and the last stop.
function api.run_kernel(src, kernel, n, grid, block, extra, opts)
	local m, out = api.launch_kernel(src, kernel, n, grid, block, extra, opts)
	local s = api.finish(m)
	return out and out:read(0, "i32", n) or {}, m, s
end

-- judge_main(t, src): the student's src followed by the lesson's hidden
-- t.main (a host main() that builds input number argv[1], launches, and
-- leaves its verdict in its exit status and __device__ variables), compiled
-- as t.file and run for c = 1..t.cases (default 3) with every checker on
-- (machine options t.opts, or a function of c). The first finding fails,
-- with t.explain[kind] in the lesson's words; then t.check(m, status, c)
-- returns ok[, message]. The kernel comes first, so a compile error in it
-- is reported at its line in the student's file.
function api.judge_main(t, src)
	want_table(t, "judge_main")
	want_string(t.main, "judge_main", "main")
	want_string(t.file, "judge_main", "file")
	want_function(t.check, "judge_main", "check")
	local p, err = api.compile(src .. "\n" .. t.main, t.file)
	if not p then return false, err end
	local n = t.cases or 3
	for c = 1, n do
		local mopts = { sched = "rr", max_steps = t.max_steps or 5000000 }
		for k, v in pairs(type(t.opts) == "function" and t.opts(c) or t.opts or {}) do mopts[k] = v end
		local m = ws.machine(p, mopts)
		local ran, status = pcall(m.run_main, m, tostring(c))
		local where = string.format("hidden input %d of %d:\n", c, n)
		if not ran then
			return false, where .. "the program did not finish: " .. tostring(status)
		end
		local f = m:findings()[1]
		if f then
			local why = t.explain and t.explain[f.kind]
			return false, string.format("%s%s:%d: %s: %s%s", where, t.file, f.line or 0, f.kind or "?",
				f.message or "", why and "\n" .. why or "")
		end
		local ok, msg = t.check(m, status, c)
		if not ok then return false, where .. (msg or "the results are wrong") end
	end
	return true, string.format("passed on %d hidden inputs, no findings", n)
end

-- ---- puzzles (docs/teaching.md, "Puzzles")
--
-- puzzle{ title=, text=, kernel=, file=, source=, grid=, block=, shared=,
--         arrays = { {name=, type=, size=, width=, init=function(i)|nil, out=true|nil}, ... },
--         args = { "name" | number, ... }, want = function(A) -> { name = {values} },
--         limits = { reads=, writes=, no_shared=, uses_shared=, max_conflict=, no_atomics=,
--                    reads_total=, no_findings = true (default) } }
-- shows the puzzle, then asks for the kernel until it is right: its outputs
-- equal want(A) (A: the input arrays by name, 1-based) and it keeps every
-- limit. The feedback draws which thread read and wrote each element.

local esize = { i8 = 1, u8 = 1, i16 = 2, u16 = 2, i32 = 4, u32 = 4, f32 = 4, i64 = 8, u64 = 8, f64 = 8 }

local function limits_text(l)
	local t = {}
	if l.reads then t[#t + 1] = string.format("each thread reads global memory at most %d time%s", l.reads, l.reads == 1 and "" or "s") end
	if l.reads_total then t[#t + 1] = string.format("global memory is read at most %d time%s in all", l.reads_total, l.reads_total == 1 and "" or "s") end
	if l.writes then t[#t + 1] = string.format("each thread writes global memory at most %d time%s", l.writes, l.writes == 1 and "" or "s") end
	if l.no_shared then t[#t + 1] = "no shared memory (registers and shuffles only)" end
	if l.uses_shared then t[#t + 1] = "use shared memory" end
	if l.max_conflict then t[#t + 1] = string.format("shared-memory accesses at most %d-way bank-conflicted", l.max_conflict) end
	if l.no_atomics then t[#t + 1] = "no atomics" end
	if l.no_local then t[#t + 1] = "no local memory (no per-thread arrays spilled to memory)" end
	t[#t + 1] = "no findings (races, out-of-bounds reads and writes, barrier misuse)"
	return "Rules:\n- " .. table.concat(t, "\n- ")
end

-- a cell of the drawing: the threads that touched an element
local function who(list)
	if not list or #list == 0 then return "." end
	if #list == 1 then return tostring(list[1]) end
	return tostring(list[1]) .. "+" .. (#list - 1)
end

local function fmt_val(v)
	if type(v) == "number" and math.type(v) == "float" then
		return string.format("%g", v)
	end
	return tostring(v)
end

-- draw one array: index, value, and who read / wrote each element
local DRAW_MAX = 48 -- elements drawn per array (the first ones)

local function draw_array(a, vals, rd, wr)
	local lines, per = {}, a.width or 12
	local shown = math.min(a.size, DRAW_MAX)
	for start = 0, shown - 1, per do
		local idx, val, r, w = { string.format("%-5s idx ", a.name) }, { "      val " }, { "     read " }, { "    wrote " }
		for i = start, math.min(shown, start + per) - 1 do
			idx[#idx + 1] = string.format("%5d", i)
			val[#val + 1] = string.format("%5s", fmt_val(vals[i + 1]))
			r[#r + 1] = string.format("%5s", who(rd[i]))
			w[#w + 1] = string.format("%5s", who(wr[i]))
		end
		lines[#lines + 1] = table.concat(idx)
		lines[#lines + 1] = table.concat(val)
		if not a.out then lines[#lines + 1] = table.concat(r) end
		if a.out or next(wr) then lines[#lines + 1] = table.concat(w) end
	end
	if shown < a.size then
		lines[#lines + 1] = string.format("      ... (%d more elements of %s not drawn)", a.size - shown, a.name)
	end
	return table.concat(lines, "\n")
end

local function dims(d)
	if type(d) == "number" then return d, 1, 1 end
	return d[1] or 1, d[2] or 1, d[3] or 1
end

-- Run the student's kernel src on the arrays of puzzle (or judge) t; c is
-- the hidden input's number (judge: init(i, c) and opts(c) may depend on
-- it), nil for a puzzle. Returns ok, message (the problems, then the
-- drawing unless t.draw is false).
local function puzzle_run(t, src, c)
	local p, err = api.compile(src, t.file)
	if not p then return false, err end
	local mopts = { sched = "rr", max_steps = t.max_steps or 2000000 }
	for k, v in pairs(type(t.opts) == "function" and t.opts(c) or t.opts or {}) do mopts[k] = v end
	local m = ws.machine(p, mopts)
	local A, bufs = {}, {}
	for _, a in ipairs(t.arrays) do
		local v = {}
		for i = 1, a.size do v[i] = a.init and a.init(i - 1, c) or 0 end
		A[a.name] = v
		local b = m:alloc(a.size * esize[a.type])
		b:write(0, a.type, v)
		bufs[a.name] = { buf = b, base = b:addr(), a = a, reads = {}, writes = {} }
	end
	local bx, by, bz = dims(t.block)
	local per_block = bx * by * bz
	local reads_by, writes_by, total_reads = {}, {}, 0
	local shared_n, local_n, worst = 0, 0, nil
	m:on("mem", function(ev)
		if ev.space == "local" then
			local_n = local_n + 1
			return
		end
		if ev.space == "shared" then
			shared_n = shared_n + 1
			if ev.degree and (not worst or ev.degree > worst.degree) then worst = { degree = ev.degree, line = ev.line } end
			return
		end
		if ev.space ~= "global" or not ev.addrs then return end
		for lane = 0, 31 do
			local ad = ev.addrs[lane + 1]
			if ad then
				local tid = (ev.block or 0) * per_block + (ev.warp or 0) * 32 + lane
				for _, b in pairs(bufs) do
					local sz = esize[b.a.type]
					if ad >= b.base and ad < b.base + b.a.size * sz then
						local i = (ad - b.base) // sz
						local list = ev.write and b.writes or b.reads
						list[i] = list[i] or {}
						local l = list[i]
						if l[#l] ~= tid then l[#l + 1] = tid end
						if ev.write then
							writes_by[tid] = (writes_by[tid] or 0) + 1
						else
							reads_by[tid] = (reads_by[tid] or 0) + 1
							total_reads = total_reads + 1
						end
					end
				end
			end
		end
	end)
	local args = {}
	for _, x in ipairs(t.args) do
		args[#args + 1] = type(x) == "string" and bufs[x].buf or x
	end
	local ok, e = m:launch(t.kernel, { grid = t.grid, block = t.block, shared = t.shared, args = args })
	if not ok then return false, "the launch failed: " .. tostring(e) end
	local s = api.finish(m)
	if s.reason == "step-limit" then
		return false, "the kernel did not finish (an endless loop?)"
	end
	-- the drawing
	local pic, got = {}, {}
	for _, a in ipairs(t.arrays) do
		local b = bufs[a.name]
		got[a.name] = b.buf:read(0, a.type, a.size)
		pic[#pic + 1] = draw_array(a, got[a.name], b.reads, b.writes)
	end
	local drawing = table.concat(pic, "\n") .. "\n(numbers are threads: blockIdx * threads per block + linear threadIdx; a+k: thread a and k more)"
	local problems = {}
	local want = t.want(A, c)
	for _, a in ipairs(t.arrays) do
		local w = want[a.name]
		if w then
			for i = 1, a.size do
				local g, x = got[a.name][i], w[i]
				local same = g == x or (type(g) == "number" and type(x) == "number" and math.abs(g - x) <= 1e-4 * math.max(1, math.abs(x)))
				if not same then
					problems[#problems + 1] = string.format("%s[%d] is %s, expected %s", a.name, i - 1, fmt_val(g), fmt_val(x))
					break
				end
			end
		end
	end
	local l = t.limits or {}
	-- the thread that did it most (the lowest such thread): deterministic
	local function most(by)
		local best, bn
		for tid, n in pairs(by) do
			if not bn or n > bn or (n == bn and tid < best) then best, bn = tid, n end
		end
		return best, bn
	end
	local rt_, rn = most(reads_by)
	if l.reads and rn and rn > l.reads then
		problems[#problems + 1] = string.format("thread %d reads global memory %d times (at most %d)", rt_, rn, l.reads)
	end
	if l.reads_total and total_reads > l.reads_total then
		problems[#problems + 1] = string.format("global memory is read %d times in all (at most %d)", total_reads, l.reads_total)
	end
	local wt_, wn = most(writes_by)
	if l.writes and wn and wn > l.writes then
		problems[#problems + 1] = string.format("thread %d writes global memory %d times (at most %d)", wt_, wn, l.writes)
	end
	if l.no_shared and shared_n > 0 then problems[#problems + 1] = "the kernel uses shared memory" end
	if l.uses_shared and shared_n == 0 then problems[#problems + 1] = "the kernel does not use shared memory" end
	if l.no_local and local_n > 0 then problems[#problems + 1] = "the kernel uses local memory (a per-thread array)" end
	if l.max_conflict and worst and worst.degree > l.max_conflict then
		problems[#problems + 1] = string.format("line %d: %d-way bank conflict (at most %d)", worst.line or 0, worst.degree, l.max_conflict)
	end
	if l.no_atomics then
		local code = src:gsub("//[^\n]*", ""):gsub("/%*.-%*/", "")
		local name = code:match("(atomic%w*)%s*%(")
		if name then problems[#problems + 1] = "the kernel calls " .. name end
	end
	if l.no_findings ~= false then
		local f = m:findings()[1]
		if f then
			problems[#problems + 1] = string.format("%s:%d: %s: %s", t.file, f.line or 0, f.kind or "?", f.message or "")
			local why = t.explain and t.explain[f.kind]
			if why then problems[#problems + 1] = why end
		end
	end
	if t.draw == false then drawing = nil end
	if #problems > 0 then
		return false, table.concat(problems, "\n") .. (drawing and "\n" .. drawing or "")
	end
	return true, "solved" .. (drawing and "\n" .. drawing or "")
end

-- judge(t, src): run the student's kernel src on t.cases (default 3)
-- hidden inputs with every checker on: t is a puzzle{} table (arrays whose
-- init(i, c) depends on the input's number c, args, want, limits) plus
-- explain = { [finding kind] = "the lesson's words" } and opts (machine
-- options, or a function of c: a random schedule exposes races); grid,
-- block and args may be functions of c too (other launch shapes). The
-- inputs are not drawn. Returns ok, message: what an exercise's check returns.
function api.judge(t, src)
	want_table(t, "judge")
	t.file = t.file or (t.kernel .. ".cu")
	local p, err = api.compile(src, t.file)
	if not p then return false, err end
	local n = t.cases or 3
	for c = 1, n do
		local u = setmetatable({ draw = false }, { __index = t })
		for _, k in ipairs({ "grid", "block", "args" }) do
			if type(t[k]) == "function" then u[k] = t[k](c) end
		end
		local ok, msg = puzzle_run(u, src, c)
		if not ok then
			return false, string.format("hidden input %d of %d:\n%s", c, n, msg)
		end
	end
	return true, string.format("passed on %d hidden inputs, no findings", n)
end

function api.puzzle(t)
	check_call("puzzle")
	want_table(t, "puzzle")
	want_string(t.title, "puzzle", "title")
	want_string(t.kernel, "puzzle", "kernel")
	want_function(t.want, "puzzle", "want")
	if type(t.arrays) ~= "table" or type(t.args) ~= "table" then
		fail(2, "puzzle{}: arrays and args must be lists")
	end
	for _, a in ipairs(t.arrays) do
		if not esize[a.type] then fail(2, "puzzle{}: array %s has an unknown type %s", tostring(a.name), tostring(a.type)) end
	end
	t.file = t.file or (t.kernel .. ".cu")
	api.page{ title = "Puzzle: " .. t.title, text = (t.text or "") .. "\n" .. limits_text(t.limits or {}) }
	return api.exercise{ text = "Write the kernel " .. t.kernel .. " (its signature stays as given).",
		file = t.file, source = t.source, check = function(src) return puzzle_run(t, src) end }
end

-- The lesson's environment: the API over the sandbox's globals. The host
-- makes it the lesson chunk's _ENV.
function rt.env()
	local env = setmetatable({}, { __index = _G })
	for k, v in pairs(api) do
		env[k] = v
	end
	return env
end

-- The coroutine body that runs the lesson chunk fn.
function rt.body(fn)
	return function()
		lesson_co = coroutine.running()
		return fn()
	end
end

return rt
