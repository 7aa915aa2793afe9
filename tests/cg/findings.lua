-- findings.lua - run a program's main() and print each finding as
-- "KIND:LINE" (what tests/cg/findings.t compares with NAME.expect when
-- `warpstep check --report` is not available).
-- usage: warpstep script tests/cg/findings.lua PROG.cu
local path = arg and arg[1] or (...)
local p, err = ws.compile_file(path)
if not p then
	print("compile-error:" .. tostring(err))
	return
end
local m = ws.machine(p, { max_steps = 20000000 })
m:run_main()
for _, f in ipairs(m:findings()) do
	print(f.kind .. ":" .. f.line)
end
