#!/bin/sh
# host_rr.t - the host threads' schedules (engine/machine/hthread.c) are
# the same whether the program runs or is stepped one instruction at a
# time, and the round robin makes progress.
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
# Progress under rr whatever the loops' lengths: tests/cli/host_rr_progress.cu
# in every MODE with 0 to 5 steps of DELAY, 0 to 12 of EXTRA and 0, 2 or 4 of
# AFTER must end within the step limit. Before, turns of exactly 1000
# instructions ended at the same place of main's polling loop each time
# when its length divided 1000 (or nearly): with main holding the lock
# there, the waiters found it taken at each of their turns, for ever
# (mode 0 with AFTER 2 and mode 1: main took the mutex back in the same
# turn it released it, since a yield did not end the turn and an unlock
# only woke the waiters; modes 2 and 3: a spinner finds a lock taken
# whenever its holder's turn always ends inside the critical section).
pprog=tests/cli/host_rr_progress.cu
for mode in 0 1 2 3; do
	bad=
	for after in 0 2 4; do
		for delay in 0 1 2 3 4 5; do
			for extra in 0 1 2 3 4 5 6 7 8 9 10 11 12; do
				out=$("$WARPSTEP" run --max-steps 400000 "$pprog" $mode $delay $extra $after 2>/dev/null </dev/null)
				[ "$out" = "mode $mode: waiting 3, woken 3" ] || bad="$bad ($delay $extra $after)"
			done
		done
	done
	[ -z "$bad" ] || echo "mode $mode: (delay extra after) not ending:$bad" | tap_diag
	[ -z "$bad" ]
	tap_result $? "rr: mode $mode of $pprog ends whatever the lengths of main's loops"
done

# The hand-over makes the longest waiter the owner of the mutex: of a
# recursive one with a count of 1, of an error-checking one that it alone
# may unlock (tests/cli/host_handoff.cu checks every return value).
hprog=tests/cli/host_handoff.cu
for sched in rr random:1 random:2; do
	out=$("$WARPSTEP" run --sched "$sched" "$hprog" 2>&1 </dev/null)
	echo "$sched: $out" | tap_diag
	[ "$out" = "recursive 450, error-checking 450, failures 0" ]
	tap_result $? "--sched $sched: a mutex handed over is owned by the waiter that takes it"
done

run=$("$WARPSTEP" run "$yprog" 2>"$tmp/err" </dev/null)
[ "$run" = "aabababababb" ]
tap_result $? "rr: after each sched_yield the other thread has the turn ($run)"

for p in "$yprog" "$pprog" "$hprog"; do
	if [ -x "$NVCC" ]; then
		"$NVCC" -arch=sm_90 -o "$tmp/a.out" "$p" >"$tmp/nvcc.log" 2>&1
		r=$?
		tap_diag <"$tmp/nvcc.log"
		tap_result $r "nvcc accepts $p"
	else
		tap_skip "nvcc accepts $p" "no nvcc"
	fi
done
tap_done
