-- grade_rt.lua - the grading runtime, run inside the sandbox (scripts/grade.c).
--
-- An assignment spec is a Lua chunk run with the declarations below in its
-- environment (docs/teaching.md): assignment{}, test{}, constraint{}. For
-- each submission, grade.c makes a fresh sandbox, runs this file and the
-- spec, then calls rt.grade(name, source), which returns a plain table:
--   { name, score, max, compile_error = text|nil,
--     items = { { kind = "test"|"constraint", name, points, max, ok, message } } }
-- Everything the submission's kernel does runs on the emulated GPU with the
-- checkers on, deterministically (round-robin scheduler).

local budget_reset = ... -- from grade.c: a whole instruction budget for each test
local rt = {}
local spec = { tests = {}, constraints = {} }

local function fail(fmt, ...)
	error(string.format(fmt, ...), 3)
end

local function want(t, what, field, ty, optional)
	local v = t[field]
	if v == nil and optional then
		return nil
	end
	if type(v) ~= ty then -- the error points at the spec's line
		error(string.format("%s{}: %s must be a %s, got %s", what, field, ty, type(v)), 3)
	end
	return v
end

local api = {}

-- assignment{ name=, kernel=, file=, reference=, max_steps=, tolerance= }
function api.assignment(t)
	if type(t) ~= "table" then fail("assignment{} expects a table") end
	if spec.name then fail("assignment{} is given twice") end
	spec.name = want(t, "assignment", "name", "string")
	spec.program = t.program and true or false
	if spec.program then
		-- a whole-program assignment: the submission has its own main()
		if t.kernel ~= nil then fail("assignment{}: program = true grades main(); leave kernel out") end
		spec.file = want(t, "assignment", "file", "string", true) or "program.cu"
	else
		spec.kernel = want(t, "assignment", "kernel", "string")
		spec.file = want(t, "assignment", "file", "string", true) or (spec.kernel .. ".cu")
	end
	spec.reference = want(t, "assignment", "reference", "string", true)
	spec.max_steps = want(t, "assignment", "max_steps", "number", true) or 20000000
	spec.tolerance = want(t, "assignment", "tolerance", "number", true) or 0
end

-- test{ name=, points=, grid=, block=, shared=, setup=function(m) -> args, outputs,
--       expect=function(outputs) -> ok, message }
function api.test(t)
	if type(t) ~= "table" then fail("test{} expects a table") end
	if spec.program then
		-- test{ name=, points=, args={...}, stdin=, stdout= | expect=function(run) }
		local args = want(t, "test", "args", "table", true) or {}
		for i, a in ipairs(args) do
			if type(a) ~= "string" and type(a) ~= "number" then
				fail("test{}: args[%d] must be a string or a number", i)
			end
			args[i] = tostring(a)
		end
		spec.tests[#spec.tests + 1] = {
			name = want(t, "test", "name", "string"),
			points = want(t, "test", "points", "number", true) or 1,
			args = args,
			stdin = want(t, "test", "stdin", "string", true),
			stdout = want(t, "test", "stdout", "string", true),
			status = want(t, "test", "status", "number", true),
			expect = want(t, "test", "expect", "function", true),
		}
		return
	end
	local x = {
		name = want(t, "test", "name", "string"),
		points = want(t, "test", "points", "number", true) or 1,
		setup = want(t, "test", "setup", "function"),
		expect = want(t, "test", "expect", "function", true),
		grid = t.grid or 1,
		block = t.block or 32,
		shared = want(t, "test", "shared", "number", true),
		tolerance = want(t, "test", "tolerance", "number", true),
	}
	spec.tests[#spec.tests + 1] = x
end

local checks = {}

-- constraint{ name=, points=, check="no_findings"|"no_bank_conflicts"|"coalesced"|
--             "uses_shared"|"no_shared"|"no_atomics"|function(stats) -> ok, message }
function api.constraint(t)
	if type(t) ~= "table" then fail("constraint{} expects a table") end
	local c = t.check
	if type(c) == "string" and not checks[c] then
		fail("constraint{}: unknown check '%s'", c)
	elseif type(c) ~= "string" and type(c) ~= "function" then
		fail("constraint{}: check must be a name or a function, got %s", type(c))
	end
	spec.constraints[#spec.constraints + 1] = {
		name = want(t, "constraint", "name", "string", true) or (type(c) == "string" and c or "constraint"),
		points = want(t, "constraint", "points", "number", true) or 1,
		check = c,
		max = want(t, "constraint", "max", "number", true),
	}
end

local watch_memory -- (m, stats): record shared/global accesses for the constraints

-- What every run of the submission did, for the constraints.
local function new_stats()
	return { findings = {}, conflicts = {}, uncoalesced = {}, shared_accesses = 0, steps = 0, ran = 0 }
end

checks.no_findings = function(st)
	local f = st.findings[1]
	if not f then return true end
	return false, string.format("%s:%d: %s: %s", f.file or "?", f.line or 0, f.kind or "?", f.message or "")
end

checks.no_bank_conflicts = function(st, c)
	local worst
	for _, e in ipairs(st.conflicts) do
		if not worst or e.degree > worst.degree then worst = e end
	end
	local allowed = c.max or 1
	if not worst or worst.degree <= allowed then return true end
	return false, string.format("line %d: %d-way shared-memory bank conflict", worst.line, worst.degree)
end

-- a warp's global access is coalesced when it touches no more 32-byte
-- sectors than its bytes need (4-byte elements: 4 sectors for 32 lanes)
checks.coalesced = function(st)
	local e = st.uncoalesced[1]
	if not e then return true end
	return false, string.format("line %d: a warp's access touched %d sectors where %d would do",
		e.line, e.sectors, e.need)
end

checks.uses_shared = function(st)
	if st.shared_accesses > 0 then return true end
	return false, (spec.program and "the program's kernels never read or write" or "the kernel never reads or writes") .. " shared memory"
end

checks.no_shared = function(st)
	if st.shared_accesses == 0 then return true end
	return false, (spec.program and "the program's kernels use" or "the kernel uses") .. " shared memory"
end

-- from the source: a call of any atomic function (comments and strings aside)
checks.no_atomics = function(st)
	local code = st.source:gsub("//[^\n]*", ""):gsub("/%*.-%*/", ""):gsub('"[^"\n]*"', '""')
	local name = code:match("(atomic%w*)%s*%(")
	if not name then return true end
	return false, (spec.program and "the program calls " or "the kernel calls ") .. name
end

-- compile(src, name): the program, or nil and the first errors at their
-- place in NAME (the student's file)
local function compile(src, name)
	local p, err, diags = ws.compile(src, name)
	if p then return p end
	local lines = {}
	for _, d in ipairs(diags or {}) do
		if d.level == "error" and #lines < 3 then
			local file = (d.file and d.file ~= "") and d.file or name
			lines[#lines + 1] = string.format("%s:%d:%d: error: %s", file, d.line, d.col, d.message)
		end
	end
	return nil, #lines > 0 and table.concat(lines, "\n") or (name .. ": " .. tostring(err))
end

-- Outputs as returned by setup: { name = { buf, type, count } } or a list of them.
local function read_outputs(outs)
	local r = {}
	for k, o in pairs(outs or {}) do
		if type(o) ~= "table" or not o[1] then
			error("setup must return outputs as { name = { buffer, type, count } }", 0)
		end
		r[k] = o[1]:read(0, o[2] or "i32", o[3] or 1)
	end
	return r
end

watch_memory = function(m, stats)
		m:on("mem", function(ev)
			if ev.space == "shared" then
				stats.shared_accesses = stats.shared_accesses + 1
				if ev.degree and ev.degree > 1 then
					stats.conflicts[#stats.conflicts + 1] = { line = ev.line, degree = ev.degree }
				end
			elseif ev.space == "global" and ev.sectors and ev.mask then
				local lanes, mask = 0, ev.mask
				while mask > 0 do
					lanes = lanes + (mask & 1)
					mask = mask >> 1
				end
				local need = (lanes * (ev.size or 4) + 31) // 32
				if ev.sectors > need + 1 and #stats.uncoalesced < 8 then
					stats.uncoalesced[#stats.uncoalesced + 1] = { line = ev.line, sectors = ev.sectors, need = need }
				end
			end
		end)
end

local function run_one(p, t, stats, record)
	local m = ws.machine(p, { sched = "rr", max_steps = spec.max_steps })
	if record then watch_memory(m, stats) end
	local args, outs = t.setup(m)
	if type(args) ~= "table" then
		error("setup must return the kernel's arguments as a list", 0)
	end
	local ok, e = m:launch(spec.kernel, { grid = t.grid, block = t.block, shared = t.shared, args = args })
	if not ok then
		return nil, "the launch failed: " .. tostring(e)
	end
	local s = m:run()
	while s.reason == "finding" do s = m:run() end
	if record then
		for _, f in ipairs(m:findings()) do
			stats.findings[#stats.findings + 1] = f
		end
		stats.steps = stats.steps + (s.steps or 0)
		stats.ran = stats.ran + 1
	end
	if s.reason == "step-limit" then
		return nil, string.format("did not finish within %d steps (an endless loop, or far too slow)", spec.max_steps)
	end
	local st = m:status()
	if st.error and st.error ~= "" then
		return nil, "the kernel failed: " .. st.error
	end
	return read_outputs(outs)
end

-- a whole program: main() with the test's arguments and stdin; its output
local function run_program(p, t, stats, record)
	local m = assert(ws.machine(p, { sched = "rr", max_steps = spec.max_steps, capture = true, stdin = t.stdin }))
	if record then watch_memory(m, stats) end
	local ok, status, why = pcall(m.run_main, m, table.unpack(t.args))
	if record then
		for _, f in ipairs(m:findings()) do
			stats.findings[#stats.findings + 1] = f
		end
		stats.steps = stats.steps + (m:status().steps or 0)
		stats.ran = stats.ran + 1
	end
	if not ok then
		return nil, "the program failed: " .. tostring(status)
	end
	if status == nil then
		if tostring(why):match("ran more than") then
			return nil, string.format("did not finish within %d steps (an endless loop, or far too slow)", spec.max_steps)
		end
		return nil, tostring(why)
	end
	local out = m:output()
	return { stdout = out.stdout, stderr = out.stderr, status = status }
end

-- the first line where two outputs differ, for the student
local function first_diff(got, want_)
	local n = 1
	local gi, wi = got:gmatch("([^\n]*)\n?"), want_:gmatch("([^\n]*)\n?")
	while true do
		local g, w = gi(), wi()
		if g == nil and w == nil then return nil end
		if g ~= w then
			return string.format("line %d of the output is %q, expected %q", n, g or "(end of output)",
				w or "(end of output)")
		end
		n = n + 1
	end
end

local function judge_program(got, t, ref)
	if t.expect then
		local eok, good, why = pcall(t.expect, got)
		if not eok then error("test '" .. t.name .. "': expect failed: " .. tostring(good), 0) end
		return good, not good and (why or "wrong output") or nil
	end
	local want_out, want_status = t.stdout, t.status
	if ref then
		want_out = want_out or ref.stdout
		want_status = want_status or ref.status
	end
	if not want_out and not want_status then
		error("test '" .. t.name .. "' has no stdout=, status= or expect=, and the assignment no reference=", 0)
	end
	if want_status and got.status ~= want_status then
		return false, string.format("exit status %d, expected %d%s", got.status, want_status,
			got.stderr ~= "" and ("; stderr: " .. got.stderr:sub(1, 200)) or "")
	end
	if want_out and got.stdout ~= want_out then
		return false, first_diff(got.stdout, want_out) or "the output differs"
	end
	return true
end

local function same(a, b, tol)
	if a == b then return true end
	if type(a) ~= "number" or type(b) ~= "number" then return false end
	if a ~= a and b ~= b then return true end -- both NaN
	local d = math.abs(a - b)
	return d <= tol * math.max(1, math.abs(b))
end

local function compare(got, want_, tol)
	for k, w in pairs(want_) do
		local g = got[k] or {}
		for i = 1, #w do
			if not same(g[i], w[i], tol) then
				return false, string.format("%s[%d] is %s, expected %s", tostring(k), i - 1,
					tostring(g[i]), tostring(w[i]))
			end
		end
	end
	return true
end

function rt.env()
	local env = setmetatable({}, { __index = _G })
	for k, v in pairs(api) do env[k] = v end
	return env
end

-- Check the spec once it ran: it must have declared something to grade.
function rt.check()
	if not spec.name then error("the spec declares no assignment{}", 0) end
	if #spec.tests == 0 then error("the spec declares no test{}", 0) end
	local max = 0
	for _, t in ipairs(spec.tests) do max = max + t.points end
	for _, c in ipairs(spec.constraints) do max = max + c.points end
	return spec.name, max
end

function rt.grade(name, src)
	local res = { name = name, score = 0, max = 0, items = {} }
	local function add(kind, iname, points, ok, message)
		res.items[#res.items + 1] = { kind = kind, name = iname, max = points, points = ok and points or 0,
					      ok = ok and true or false, message = message }
		res.max = res.max + points
		if ok then res.score = res.score + points end
	end
	local p, err = compile(src, spec.file)
	local ref
	if spec.reference then
		ref = compile(spec.reference, "reference.cu")
		if not ref then error("the spec's reference " .. (spec.program and "program" or "kernel") .. " does not compile", 0) end
	end
	local stats = new_stats()
	stats.source = src
	for _, t in ipairs(spec.tests) do
		if budget_reset then budget_reset() end
		if not p then
			add("test", t.name, t.points, false, "does not compile")
		elseif spec.program then
			local ok, got, msg = pcall(run_program, p, t, stats, true)
			if not ok then
				add("test", t.name, t.points, false, tostring(got))
			elseif not got then
				add("test", t.name, t.points, false, msg)
			else
				local r
				if ref then
					local why
					r, why = run_program(ref, t, new_stats(), false)
					if not r then error("test '" .. t.name .. "': the reference failed: " .. tostring(why), 0) end
				end
				add("test", t.name, t.points, judge_program(got, t, r))
			end
		else
			local ok, got, msg = pcall(run_one, p, t, stats, true)
			if not ok then
				add("test", t.name, t.points, false, tostring(got))
			elseif not got then
				add("test", t.name, t.points, false, msg)
			elseif t.expect then
				local eok, good, why = pcall(t.expect, got)
				if not eok then error("test '" .. t.name .. "': expect failed: " .. tostring(good), 0) end
				add("test", t.name, t.points, good, not good and (why or "wrong result") or nil)
			elseif ref then
				local want_, why = run_one(ref, t, new_stats(), false)
				if not want_ then error("test '" .. t.name .. "': the reference failed: " .. tostring(why), 0) end
				local good, why2 = compare(got, want_, t.tolerance or spec.tolerance)
				add("test", t.name, t.points, good, why2)
			else
				error("test '" .. t.name .. "' has neither expect= nor an assignment reference=", 0)
			end
		end
	end
	-- constraints earn points only for a kernel that passes a test (an
	-- empty kernel has no findings and no bank conflicts)
	local passed = 0
	for _, it in ipairs(res.items) do
		if it.ok then passed = passed + 1 end
	end
	for _, c in ipairs(spec.constraints) do
		if not p or stats.ran == 0 then
			add("constraint", c.name, c.points, false, p and "not judged: no test ran" or "does not compile")
		else
			local f = type(c.check) == "function" and c.check or checks[c.check]
			local ok, good, why = pcall(f, stats, c)
			if not ok then error("constraint '" .. c.name .. "': " .. tostring(good), 0) end
			if passed == 0 then
				-- still say what the check saw: a race is the best hint
				add("constraint", c.name, c.points, false, "not judged: no test passed" ..
					(not good and ("; and " .. (why or "not met")) or ""))
			else
				add("constraint", c.name, c.points, good, not good and (why or "not met") or nil)
			end
		end
	end
	res.compile_error = err
	return res
end

return rt
