#!/bin/sh
# script.t - `warpstep script FILE.lua [ARGS]`: output, arguments, exit
# status 0 on success and 1 on a script error, with a diagnostic.
. tests/tap.sh

tmp=$(mktemp -d "${TMPDIR:-/tmp}/ws-script.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
ws() { "$WARPSTEP" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null; st=$?; }
show() { { echo "status $st; stdout:"; cat "$tmp/out"; echo "stderr:"; cat "$tmp/err"; } | tap_diag; }
expect() { eval "$1"; r=$?; [ "$r" -eq 0 ] || show; tap_result "$r" "$2"; }

printf 'print("hello", ...)\nprint(arg[0] ~= nil, #arg)\n' >"$tmp/ok.lua"
ws script "$tmp/ok.lua" a b
expect '[ $st -eq 0 ] && [ "$(sed -n 1p $tmp/out)" = "hello	a	b" ] && [ "$(sed -n 2p $tmp/out)" = "true	2" ] && [ ! -s $tmp/err ]' \
	"a script runs: print, ... and arg; exit 0"

printf 'local function f()\n  error("boom")\nend\nf()\n' >"$tmp/err.lua"
ws script "$tmp/err.lua"
expect '[ $st -eq 1 ] && grep -q "err.lua:2: error: boom" $tmp/err && grep -q "^stack traceback:" $tmp/err && grep -q "err.lua:4: in main chunk" $tmp/err' \
	"a runtime error: file:line: error: message + traceback, exit 1"

printf 'local x = = 1\n' >"$tmp/syn.lua"
ws script "$tmp/syn.lua"
expect '[ $st -eq 1 ] && grep -q "syn.lua:1: error: unexpected symbol" $tmp/err' "a syntax error, exit 1"

printf 'print(io, os, debug, package, require, dofile, loadfile)\n' >"$tmp/libs.lua"
ws script "$tmp/libs.lua"
expect '[ $st -eq 0 ] && grep -q "^nil	nil	nil	nil	nil	nil	nil$" $tmp/out' "no io, os, debug, package, require, dofile, loadfile"

printf 'local p = assert(ws.compile("int main() { return 3; }"))\nprint(ws.machine(p):run_main(), ws.available("explore"))\n' >"$tmp/ws.lua"
ws script "$tmp/ws.lua"
expect '[ $st -eq 0 ] && grep -q "^3	true$" $tmp/out' "ws runs on the engine: run_main returns main's status; explore is available"

printf 'local n = 0\nwhile true do n = n + 1 end\n' >"$tmp/spin.lua"
ws script --budget 50000 "$tmp/spin.lua"
expect '[ $st -eq 1 ] && grep -q "spin.lua:2: error: script exceeded its instruction budget of 50000 instructions" $tmp/err && grep -q "^stack traceback:" $tmp/err' \
	"--budget N: the instruction budget, a diagnostic with traceback, exit 1"

printf 'local t = {}\nfor i = 1, 1e9 do t[i] = string.rep("x", 100) .. i end\n' >"$tmp/hog.lua"
ws script --memory 4 "$tmp/hog.lua"
expect '[ $st -eq 1 ] && grep -q "error: script exceeded its memory limit of 4 MiB" $tmp/err' \
	"--memory MiB: the memory limit, exit 1"

ws script --budget 0 "$tmp/ok.lua"
expect '[ $st -eq 2 ] && grep -q "bad --budget" $tmp/err' "--budget 0 is a usage error"

printf 'page{ text = "x" }\nlocal n = 0\nwhile true do n = n + 1 end\n' >"$tmp/spin_lesson.lua"
: >"$tmp/none.answers"
XDG_STATE_HOME="$tmp/state" ws lesson --budget 50000 "$tmp/spin_lesson.lua" --answers "$tmp/none.answers" --fresh
expect '[ $st -eq 1 ] && grep -q "spin_lesson.lua:3: error: script exceeded its instruction budget of 50000 instructions" $tmp/err' \
	"lesson --budget N: the budget per learner action"

cat >"$tmp/cb.lua" <<'EOF2'
local p = assert(ws.compile([[__global__ void k(int *a) { a[threadIdx.x] = 1; }]], "k.cu"))
local m = ws.machine(p)
local a = m:alloc(128)
m:on("mem", function(ev)
	local t = nil
	return t.field
end)
m:launch("k", { grid = 1, block = 32, args = { a } })
m:run()
EOF2
ws script "$tmp/cb.lua"
expect '[ $st -eq 1 ] && grep -q "cb.lua:6: error: attempt to index a nil value" $tmp/err && grep -q "in method .run." $tmp/err && grep -q "cb.lua:9: in main chunk" $tmp/err' \
	"an error in an event callback: diagnostic with the callback's traceback, exit 1"

printf 'local co = coroutine.wrap(function()\n  coroutine.yield(1)\n  error("in the coroutine")\nend)\nco()\nco()\n' >"$tmp/co.lua"
ws script "$tmp/co.lua"
expect '[ $st -eq 1 ] && grep -q "co.lua:3: error: in the coroutine" $tmp/err && grep -q "co.lua:3: in function" $tmp/err && grep -q "co.lua:6: in main chunk" $tmp/err' \
	"an error inside coroutine.wrap: its own location and the coroutine's traceback"

# m:query("frames"): the session's call stack, the same as the interface's bt
cp tests/tui/cu/gdb.cu "$tmp/gdb.cu"
cat >"$tmp/fr.lua" <<'EOF2'
local m = ws.machine(assert(ws.compile_file("gdb.cu")))
m:break_at(9)
print(m:run().reason)
for _, f in ipairs(m:query("frames", { thread = 5 })) do
  print(f.level, f.func, f.line, f.args.x, f.args.scale, f.locals.tid, f.locals.acc)
end
print(m:query("eval", { name = "x * 10 + $lane", thread = 5 }).value)
print(pcall(m.query, m, "eval", { name = "nosuch" })) -- nil, the message
EOF2
(cd "$tmp" && "$WARPSTEP" script fr.lua >out 2>err </dev/null); st=$?
expect '[ $st -eq 0 ] && [ "$(sed -n 2p $tmp/out)" = "0	helper	9	5	2	nil	nil" ] && [ "$(sed -n 3p $tmp/out)" = "1	kernel	20	nil	nil	5	3" ] && [ "$(sed -n 4p $tmp/out)" = "55" ] && grep -q "^true	nil	no symbol .nosuch. in this scope" $tmp/out' \
	"m:query(\"frames\"): helper called from kernel, each frame's args and locals; m:query(\"eval\")"

# 16-bit floating types (<cuda_fp16.h>, <cuda_bf16.h>) are structs over bits: the
# session shows the numbers they hold
cat >"$tmp/hv.cu" <<'EOF2'
#include <cstdio>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
__global__ void k(float *out)
{
	__half h = __float2half(1.5f);
	__half2 p = __floats2half2_rn(0.25f, -2.0f);
	__nv_bfloat16 b = __float2bfloat16(3.0f);
	out[threadIdx.x] = __half2float(h) + __low2float(p) + __bfloat162float(b);
}
int main() { float *o; cudaMalloc(&o, 128); k<<<1, 32>>>(o); cudaDeviceSynchronize(); printf("done\n"); return 0; }
EOF2
cat >"$tmp/hv.lua" <<'EOF2'
local m = ws.machine(assert(ws.compile_file("hv.cu")))
m:break_at(9)
print(m:run().reason)
local f = m:query("frames", { thread = 3 })[1]
print(f.locals.h, f.locals.p, f.locals.b)
EOF2
(cd "$tmp" && "$WARPSTEP" script hv.lua >out 2>err </dev/null); st=$?
expect '[ $st -eq 0 ] && [ "$(sed -n 2p $tmp/out)" = "1.5	(0.25, -2)	3" ]' \
	"a __half, a __half2 and a __nv_bfloat16 local are shown as their numbers"

# m:textures(): the last texture fetch, the same data as `info cuda textures`;
# lane 1's x = 2.25 lies past the last texel centre, and clamp moves the
# coordinate to 1.5 before the filter's fraction is taken, so texel 2 weighs 0
cp tests/tui/cu/tex.cu "$tmp/tex.cu"
cat >"$tmp/tex.lua" <<'EOF2'
local m = ws.machine(assert(ws.compile_file("tex.cu")))
print(#m:textures())
m:break_at(8)
m:run()
local t = m:textures()
print(#t, t[1].func, t[1].line, t[1].lane, t[1].x, #t[1].texels, t[1].texels[1].weight, t[1].result[1])
print(t[2].texels[2].x, t[2].texels[2].weight, t[2].texels[2].value)
EOF2
(cd "$tmp" && "$WARPSTEP" script tex.lua >out 2>err </dev/null); st=$?
expect '[ $st -eq 0 ] && [ "$(sed -n 1p $tmp/out)" = "0" ] && [ "$(sed -n 2p $tmp/out)" = "2	tex2D	7	0	1.25	4	0.1875	1.25" ] && [ "$(sed -n 3p $tmp/out)" = "2	0.0	1.0" ]' \
	"m:textures(): none before the fetch, then each lane's texels, weights and result"

# m:textures() of a mipmapped texture: the level of detail, the levels, each texel's level
cp tests/tui/cu/texmip.cu "$tmp/texmip.cu"
cat >"$tmp/texmip.lua" <<'EOF2'
local m = ws.machine(assert(ws.compile_file("texmip.cu")))
m:break_at(7)
m:run()
local t = m:textures()
print(t[1].lod, t[1].levels, #t[1].texels, t[1].texels[1].level, t[1].texels[1].weight, t[1].texels[2].level, t[1].texels[2].weight, t[1].result[1])
EOF2
(cd "$tmp" && "$WARPSTEP" script texmip.lua >out 2>err </dev/null); st=$?
expect '[ $st -eq 0 ] && [ "$(sed -n 1p $tmp/out)" = "0.25	2	2	0	0.75	1	0.25	5.0" ]' \
	"m:textures() of a mipmapped texture: lod, levels and each texel's level and weight"

# a machine keeps its program alive: a script may keep only the machine and
# the collector does not free the program (and the machine with it)
cat >"$tmp/gc.lua" <<'EOF2'
local function make()
	local p = assert(ws.compile([[__global__ void k(int *a) { a[threadIdx.x] = 7; }
int main() { return 0; }]], "gc.cu"))
	return ws.machine(p)
end
local m = make()
for i = 1, 300000 do local t = { i, tostring(i) } end -- garbage: the collector runs
local b = m:alloc(16)
assert(m:launch("k", { grid = 1, block = 4, args = { b } }))
m:run()
print(b:read(0, "i32", 4)[4])
EOF2
(cd "$tmp" && "$WARPSTEP" script gc.lua >out 2>err </dev/null); st=$?
expect '[ $st -eq 0 ] && [ "$(cat $tmp/out)" = "7" ]' \
	"a machine whose program handle was dropped and collected still runs"

ws script "$tmp/missing.lua"
expect '[ $st -eq 2 ] && grep -q "cannot open" $tmp/err' "a missing script file: exit 2"
ws script
expect '[ $st -eq 2 ] && grep -q "missing program file" $tmp/err' "no script file: usage, exit 2"
tap_done
