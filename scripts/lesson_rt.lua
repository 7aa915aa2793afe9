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
