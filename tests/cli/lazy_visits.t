#!/bin/sh
# lazy_visits.t - under machine_run the device's visits follow one another inside one
# scheduling call, and a kernel whose warps' start touches nothing but the warp has each
# warp started when the round robin first reaches it instead of at its block's admission
# (engine/machine/machine.c sched_device_step, lazy_visit_ok; docs/PERFORMANCE.md, eighth
# session); WS_NO_QUICK=1 turns both off. Each program's stdout, stderr (findings, and the
# step count of --stats) and exit status must be the same both ways: --fast and checked,
# both SIMT policies, a random schedule, step limits that stop a kernel in the middle, and
# kernels with barriers, divergence, atomics, shuffles, clock() readings and deadlocks; the
# chains' common visits (sched_chain) with WS_NO_QUICK=1's one visit a call, and the fast
# path's own chaining from one warp at a barrier to the next (sched_hop) with WS_NO_HOP=1's
# return to the scheduler after each.
. tests/tap.sh

tmp=${TMPDIR:-/tmp}/ws-lazy-visits.$$
mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT

# run FILE OPTS ARGS: the three ways (h: chains whose visits all return to the
# scheduler, WS_NO_HOP=1); kernel_ms (wall time) is left out
run() {
	file=$1 opts=$2 args=$3
	for e in 0 1 h; do
		q=$e hop=0
		[ "$e" = h ] && q=0 hop=1
		# shellcheck disable=SC2086 # options and arguments are word lists
		WS_NO_QUICK=$q WS_NO_HOP=$hop timeout 120 "$WARPSTEP" run --stats $opts "$file" $args > "$tmp/out.$e" 2> "$tmp/err.$e" < /dev/null
		echo "status $?" >> "$tmp/out.$e"
		sed 's/kernel_ms [0-9.]*/kernel_ms -/' "$tmp/err.$e" >> "$tmp/out.$e"
	done
	if cmp -s "$tmp/out.0" "$tmp/out.1" && cmp -s "$tmp/out.0" "$tmp/out.h" && grep -q 'steps [1-9]' "$tmp/out.0"; then
		tap_result 0 "$(basename "$file") $opts $args: the same output, findings, status and steps ($(grep -o 'steps [0-9][0-9]*$' "$tmp/out.0"))"
	else
		tap_result 1 "$(basename "$file") $opts $args: batched and lazy visits differ from one visit a call"
		diff "$tmp/out.0" "$tmp/out.1" | head -20 | tap_diag
		diff "$tmp/out.0" "$tmp/out.h" | head -20 | tap_diag
	fi
}

for k in vecadd reduce_smem reduce_shfl histogram; do
	run bench/$k.cu "--fast" "1 13"
	run bench/$k.cu "" "1 12"
done
run bench/matmul_tiled.cu "--fast" "1 48"
run bench/reduce_smem.cu "--fast --simt its" "1 12"
run bench/reduce_smem.cu "--sched random:3" "1 10"
# stopped by the step limit in the middle of the kernel
run bench/reduce_smem.cu "--fast --max-steps 180001" "1 14"
run bench/histogram.cu "--max-steps 150007" "1 13"
for p in clock_sleep; do
	run tests/programs/$p.cu "--fast" ""
done
for p in barrier_div_1 barrier_div_2 deadlock_1 deadlock_2 deadlock_3 ok_spinlock \
	shared_race_1 shared_race_deferred_1 global_race_1 collective_mask_1 ok_shfl_divergent; do
	run tests/findings/$p.cu "" ""
	run tests/findings/$p.cu "--fast" ""
done
# barrier phases visited in one call, then a deadlock and a launch after it
run tests/cli/lazy_visits_deadlock.cu "--fast" ""
run tests/cli/lazy_visits_deadlock.cu "" ""
# barrier phases of every kind in chains of visits (sched_chain): _count/_and/_or, partial
# warps, threads that left before the barriers (1), divergence between barriers; the
# program's tickets and clock readings show the order of the visits
for a in 0 1; do
	run tests/cli/lazy_visits_barriers.cu "--fast" "$a"
	run tests/cli/lazy_visits_barriers.cu "" "$a"
	run tests/cli/lazy_visits_barriers.cu "--fast --simt its" "$a"
done
run tests/cli/lazy_visits_barriers.cu "--fast --max-steps 300007" "1"
# the fast path going on from a warp at a barrier to the next warp of its block (sched_hop)
# and the visits it hands back (a warp not started, a printf or a return after a barrier)
for a in 0 1; do
	run tests/cli/lazy_visits_hop.cu "--fast" "$a"
	run tests/cli/lazy_visits_hop.cu "" "$a"
	run tests/cli/lazy_visits_hop.cu "--fast --simt its" "$a"
done
run tests/cli/lazy_visits_hop.cu "--fast --max-steps 40009" "1"
run tests/cli/lazy_visits_hop.cu "--fast --sched random:5" "0"
# blocks that wait for blocks not yet resident: the spin checker's deadlock after 60 M steps
run tests/findings/deadlock_nonresident.cu "--fast" ""
tap_done
