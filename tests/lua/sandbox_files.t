#!/bin/sh
# sandbox_files.t - the sandbox's file promise (docs/lua-api.md, "Sandbox",
# "Files"): a script or lesson reads only files under its own folder, the
# built-in headers and --allow-read folders, through ws.compile_file,
# #include (in a file or in ws.compile text) and m:source(); a refusal comes
# before the file is read, so nothing of it is echoed; no io, os, package,
# debug, require, dofile, loadfile, string.dump or binary chunks.
. tests/tap.sh

T=$(mktemp -d "${TMPDIR:-/tmp}/ws-sbfiles.XXXXXX") || exit 1
trap 'rm -rf "$T"' EXIT
W=$WARPSTEP
case $W in /*) ;; *) W=$PWD/$W ;; esac
run() { timeout 60 "$W" "$@" >"$T/out" 2>"$T/err" </dev/null; st=$?; }
show() { { echo "status $st; stdout:"; cat "$T/out"; echo "stderr:"; cat "$T/err"; } | tap_diag; }
expect() { eval "$1"; r=$?; grep -q "Sanitizer\|runtime error" "$T/err" && r=1; [ "$r" -eq 0 ] || show; tap_result "$r" "$2"; }
# no output may hold a byte of the secret files
leak() { grep -q "SECRET_MARKER" "$T/out" "$T/err"; }

mkdir -p "$T/les/sub" "$T/other"
printf 'int SECRET_MARKER_1 = 1;\n' >"$T/other/secret.h"
printf 'SECRET_MARKER_2 is not C++\n' >"$T/other/secret.cu"
printf '#include <cstdio>\n#include "sub/two.h"\nint main() { printf("%%d\\n", two()); return 0; }\n' >"$T/les/ok.cu"
printf 'inline int two() { return 2; }\n' >"$T/les/sub/two.h"
printf '#include "../other/secret.h"\nint main() { return 0; }\n' >"$T/les/escape.cu"
ln -s ../other/secret.cu "$T/les/link.cu"
cat >"$T/les/probe.lua" <<'LUA'
-- probe.lua WHAT: try one way of reading a file and print what came back
local dir = arg[0]:match("^(.*)/[^/]*$")
local function show(p, err, diags)
	local t = {}
	for _, d in ipairs(diags or {}) do t[#t + 1] = d.message end
	print(p ~= nil and "compiled" or "refused", err, table.concat(t, " | "))
	return p
end
local what = arg[1]
if what == "own" then
	local p = show(ws.compile_file(dir .. "/ok.cu"))
	local m = ws.machine(p)
	print(m:run_main())
	print(m:source()[3])
elseif what == "absolute" then
	show(ws.compile_file(dir .. "/../other/secret.cu"))
elseif what == "link" then
	show(ws.compile_file(dir .. "/link.cu"))
elseif what == "passwd" then
	show(ws.compile_file("/etc/passwd"))
elseif what == "include" then
	show(ws.compile('#include "/etc/passwd"\nint main() { return 0; }'))
elseif what == "include-relative" then
	show(ws.compile('#include "../other/secret.h"\nint main() { return 0; }', dir .. "/x.cu"))
elseif what == "include-angled" then
	show(ws.compile('#include <' .. dir .. '/../other/secret.h>\nint main() { return 0; }'))
elseif what == "include-in-file" then
	show(ws.compile_file(dir .. "/escape.cu"))
elseif what == "has-include" then
	show(ws.compile('#if __has_include("/etc/passwd")\n#error found\n#endif\nint main() { return 0; }'))
elseif what == "other" then
	local p = show(ws.compile_file(dir .. "/../other/secret.h"))
	if p then print(ws.machine(p):source()[1]) end
elseif what == "fifo" then
	show(ws.compile_file(dir .. "/pipe.cu"))
	show(ws.compile('#include "pipe.cu"\nint main() { return 0; }', dir .. "/x.cu"))
elseif what == "libs" then
	print(io, os, package, debug, require, dofile, loadfile, string.dump)
	print(load(string.char(27) .. "LuaT\0\25\147\r\n\26\n"))
	print(load(string.char(27) .. "LuaT", "x", "b"))
	print(collectgarbage("count") > 0, pcall(collectgarbage, "collect"))
	print(rawget(_G, "io"), rawget(_G, "os"), getmetatable("").__index.dump)
end
LUA

run script "$T/les/probe.lua" own
expect '[ $st -eq 0 ] && grep -q "^compiled" "$T/out" && grep -q "^2$" "$T/out" && grep -q "int main() { printf" "$T/out"' \
	"a file in the script's folder (and its subfolder's include) compiles; m:source() returns it"
for w in absolute link passwd include include-relative include-angled include-in-file; do
	run script "$T/les/probe.lua" $w
	expect '[ $st -eq 0 ] && grep -q "^refused.*outside the folders this script may read" "$T/out" && ! leak && ! grep -q "root:" "$T/out"' \
		"$w: refused before reading, nothing of the file echoed"
done
run script "$T/les/probe.lua" has-include
expect '[ $st -eq 0 ] && grep -q "^compiled" "$T/out"' "__has_include of a forbidden file is false"
run script "$T/les/probe.lua" other
expect '[ $st -eq 0 ] && grep -q "^refused" "$T/out" && ! leak' "a sibling folder is refused without --allow-read"
run --allow-read "$T/other" script "$T/les/probe.lua" other
expect '[ $st -eq 0 ] && grep -q "^compiled" "$T/out" && grep -q "SECRET_MARKER_1" "$T/out"' \
	"--allow-read DIR makes it readable (and m:source() returns it)"
run --allow-read "$T/missing" script "$T/les/probe.lua" other
expect '[ $st -eq 2 ] && grep -q "bad --allow-read" "$T/err"' "--allow-read of a missing folder is a usage error"
run -I "$T/other" script "$T/les/probe.lua" include-angled
expect '[ $st -eq 0 ] && grep -q "^refused" "$T/out" && ! leak' "-I does not make a folder readable to scripts"
mkfifo "$T/les/pipe.cu"
run script "$T/les/probe.lua" fifo
expect '[ $st -eq 0 ] && [ "$(grep -c "^refused.*not a regular file" "$T/out")" -eq 2 ]' \
	"a FIFO in the script's folder: compile_file and #include fail at once (no hang)"
run script "$T/les/probe.lua" libs
expect '[ $st -eq 0 ] && [ "$(sed -n 1p "$T/out")" = "nil	nil	nil	nil	nil	nil	nil	nil" ] &&
	[ "$(grep -c "^nil	attempt to load a binary chunk" "$T/out")" -eq 2 ] &&
	[ "$(sed -n 5p "$T/out")" = "nil	nil	nil" ]' \
	"no io, os, package, debug, require, dofile, loadfile, string.dump; no binary chunks"

# A lesson is held to the same promise (its folder, here les/).
cat >"$T/les/peek.lua" <<'LUA'
local p, err, diags = ws.compile_file("/etc/passwd")
page{ title = "Peek", text = "got " .. tostring(p) .. " " .. tostring(err) .. " " ..
      ((diags and diags[1] and diags[1].message) or "") }
LUA
: >"$T/none.answers"
run lesson "$T/les/peek.lua" --answers "$T/none.answers" --fresh
expect 'grep -q "got nil compilation failed.*outside the folders this script may read" "$T/out" && ! grep -q "root:" "$T/out"' \
	"a lesson: ws.compile_file of /etc/passwd is refused"
tap_done
