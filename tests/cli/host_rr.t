#!/bin/sh
# host_rr.t - the host threads' schedules (engine/machine/hthread.c) are
# the same whether the program runs or is stepped one instruction at a
# time, and they make progress.
#
# sched_yield ends the turn: tests/cli/host_yield.cu's two threads yield
# after each letter they write; running it gave "aaaaaabbbbbb" under rr
# (the yield was ignored until the run's batch of instructions ended) while
# stepping gave "aabababababb".
. tests/tap.sh

tmp=$(mktemp -d "${TMPDIR:-/tmp}/ws-hostrr.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
NVCC=${NVCC:-/usr/local/cuda/bin/nvcc}

yprog=tests/cli/host_yield.cu
# a session's program (ws.compile: no inlining) run whole, then stepped
lua_run() { # SCHED GRANULARITY
	opts='{}'
	[ "$1" != rr ] && opts="{sched = \"random\", seed = ${1#random:}}"
	{
		echo 'local src = [==['
		cat "$yprog"
		echo ']==]'
		cat <<LUA
local p = assert(ws.compile(src, "host_yield.cu"))
local m = ws.machine(p, $opts)
local n, s = 0, nil
repeat
	s = m:step("$2")
	n = n + 1
until s.reason ~= "step" or n > 200000
print(s.reason, s.exit_status)
LUA
	} >"$tmp/step.lua"
	"$WARPSTEP" script "$tmp/step.lua" 2>&1 </dev/null
}
for sched in rr random:3 random:5; do
	whole=$(lua_run "$sched" all)
	step=$(lua_run "$sched" instruction)
	echo "$sched: run $(echo "$whole" | tr '\n' ' '); stepped $(echo "$step" | tr '\n' ' ')" | tap_diag
	[ "$(echo "$whole" | wc -l)" -eq 2 ] && [ "$step" = "$whole" ] &&
		[ "$(echo "$step" | tail -n 1)" = "done	0" ]
	tap_result $? "--sched $sched: running and stepping one instruction at a time interleave the yielding threads alike"
done
run=$("$WARPSTEP" run "$yprog" 2>"$tmp/err" </dev/null)
[ "$run" = "aabababababb" ]
tap_result $? "rr: after each sched_yield the other thread has the turn ($run)"

if [ -x "$NVCC" ]; then
	"$NVCC" -arch=sm_90 -o "$tmp/yield" "$yprog" >"$tmp/nvcc.log" 2>&1
	r=$?
	tap_diag <"$tmp/nvcc.log"
	tap_result $r "nvcc accepts $yprog"
else
	tap_skip "nvcc accepts $yprog" "no nvcc"
fi
tap_done
