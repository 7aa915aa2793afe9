#!/bin/sh
# handles.t - a machine keeps its program alive and a buffer its machine:
# a script that keeps only the machine (the program handle was a local of
# a helper function) can still run it and read its buffers after the
# collector has run. (The lessons' run_kernel helper does exactly this.)
. tests/tap.sh

tmp=$(mktemp -d "${TMPDIR:-/tmp}/ws-handles.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
cat >"$tmp/keep.lua" <<'LUA'
local src = [[
__global__ void fill(int *o) { o[threadIdx.x] = threadIdx.x * 3; }
]]
local function churn()
	local t = {}
	for i = 1, 300000 do t[i] = { i } end
	return #t
end
local function make(seed)
	local p = assert(ws.compile(src, "fill.cu"))   -- dropped on return
	local m = ws.machine(p, { sched = "random", seed = seed })
	return m, m:alloc(32 * 4)
end
local sum = 0
for seed = 1, 4 do
	local m, out = make(seed)
	churn()
	assert(m:launch("fill", { grid = 1, block = 32, args = { out } }))
	churn()
	m:run()
	churn()
	sum = sum + out:read(31 * 4, "i32", 1)[1]
end
print("sum " .. sum)
-- only a buffer kept: its machine stays
local function buf()
	local m, out = make(9)
	assert(m:launch("fill", { grid = 1, block = 32, args = { out } }))
	m:run()
	return out
end
local b = buf()
churn()
print("kept " .. b:read(4, "i32", 1)[1])
LUA
"$WARPSTEP" script "$tmp/keep.lua" >"$tmp/out" 2>&1
st=$?
[ $st -eq 0 ] && grep -qx "sum 372" "$tmp/out" && grep -qx "kept 3" "$tmp/out"
tap_result $? "a machine whose program handle was collected still runs and reads"
tap_diag <"$tmp/out"
# programs and machines a script drops are collected before the memory
# limit refuses a new one (their memory is outside the Lua heap, so it never
# pushes the collector); kept past the limit they end in a clear
# memory-limit error, never an abort while the error is described
cat >"$tmp/many.lua" <<'LUA'
local src = [[
#include <cstdio>
__global__ void k(int *o) { o[threadIdx.x] = threadIdx.x; }
]]
local sum = 0
for i = 1, N or 60 do
	local p = assert(ws.compile(src, "k.cu"))
	local m = ws.machine(p)
	if KEEP then keep = keep or {} keep[i] = m end
	local b = m:alloc(64 * 4)
	m:launch("k", { grid = 1, block = 64, args = { b } })
	m:run()
	sum = sum + b:read(63 * 4, "i32", 1)[1]
end
print("sum " .. sum)
LUA
"$WARPSTEP" script --memory 64 "$tmp/many.lua" >"$tmp/out" 2>&1
st=$?
[ $st -eq 0 ] && grep -qx "sum 3780" "$tmp/out"
tap_result $? "60 dropped programs and machines under a 64 MiB limit: collected, the script ends"
tap_diag <"$tmp/out"
# (a program and its machine take about half a MiB: 240 of them are well past 64 MiB)
(echo "KEEP = true N = 240"; cat "$tmp/many.lua") >"$tmp/keep.lua"
"$WARPSTEP" script --memory 64 "$tmp/keep.lua" >"$tmp/out" 2>&1
st=$?
[ $st -eq 1 ] && grep -q "exceeded its memory limit of 64 MiB" "$tmp/out"
tap_result $? "kept past the limit: a memory-limit error, exit 1 (not an abort: status $st)"
tap_diag <"$tmp/out"
tap_done
