-- findings.lua - run a program's main() and print each finding as
-- "KIND LINE" (the fallback of tests/cg/findings.t when `warpstep check
-- --report` is not available). usage: warpstep script findings.lua PROG.cu
local path = arg and arg[1] or (...)
local p, err, diags = ws.compile_file(path)
if not p then
	print("compile-error " .. tostring(err))
	return
end
local m = ws.machine(p, { max_steps = 20000000 })
m:run_main()
for _, f in ipairs(m:findings()) do
	print(f.kind .. " " .. f.line .. (os and "" or "") .. " " .. tostring(f.file) .. " " .. tostring(f.message))
end
