#!/bin/sh
# launch_quick.t - kernels that only return (an empty kernel: its launch is all overhead)
# have their warps visited in batches and their blocks started lazily (engine/machine/
# machine.c sched_quick, docs/PERFORMANCE.md); WS_NO_QUICK=1 turns that off. Each program's
# stdout, stderr (findings and the step count of --stats) and exit status must be the same
# both ways: with checkers and --fast, both SIMT policies, a random schedule, and step
# limits that stop the program in the middle of a batch. tests/cli/launch_quick.cu prints
# SM clocks read after the empty launches and registers never written (a frame's last
# values), which count every step and every reused frame.
. tests/tap.sh

tmp=${TMPDIR:-/tmp}/ws-launch-quick.$$
mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT

# run NAME FILE OPTS ARGS: both ways (the switch SW names, WS_NO_QUICK unless set); kernel_ms
# (wall time) is left out
run() {
	name=$1 file=$2 opts=$3 args=$4
	for e in 0 1; do
		# shellcheck disable=SC2086 # options and arguments are word lists
		env "${SW:-WS_NO_QUICK}=$e" timeout 120 "$WARPSTEP" run --stats $opts "$file" $args > "$tmp/out.$e" 2> "$tmp/err.$e" < /dev/null
		echo "status $?" >> "$tmp/out.$e"
		sed 's/kernel_ms [0-9.]*/kernel_ms -/' "$tmp/err.$e" >> "$tmp/out.$e"
	done
	if cmp -s "$tmp/out.0" "$tmp/out.1" && grep -q 'steps [1-9]' "$tmp/out.0"; then
		tap_result 0 "$name $opts $args: the same output, findings, status and steps ($(grep -o 'steps [0-9][0-9]*$' "$tmp/out.0"))"
	else
		tap_result 1 "$name $opts $args: ${SW:-WS_NO_QUICK}=0 and =1 differ"
		diff "$tmp/out.0" "$tmp/out.1" | head -20 | tap_diag
	fi
}

f=tests/cli/launch_quick.cu
run launch_quick $f "" ""
run launch_quick $f "--fast" ""
run launch_quick $f "--fast --simt its" ""
run launch_quick $f "--sched random:2" "1"
# stopped by the step limit inside the first empty launch, and later
run launch_quick $f "--fast --max-steps 20011" "1"
run launch_quick $f "--fast --max-steps 250003" "1"
run launch_quick $f "--max-steps 150001" "1"
run launches bench/launches.cu "--fast" "3"
run launches bench/launches.cu "" "3"
# sched_quick's whole blocks (block_quick_whole; WS_NO_QBLOCK=1 turns them off) want a stash
# grid, which launch_quick.cu's stale register read rules out: bench/launches.cu's empty
# kernel (blocks of 8 warps), stopped by the step limit inside a block, at a block's edge and
# past the counting launch, checked, and the random schedule (which takes none)
for o in "--fast" "" "--fast --simt its" "--sched random:2" "--fast --max-steps 20011" \
	"--fast --max-steps 114583" "--fast --max-steps 110580" "--max-steps 130005" \
	"--fast --max-steps 151693"; do
	SW=WS_NO_QBLOCK run launches bench/launches.cu "$o" "2"
done
# the numbers themselves: what the general path printed before the quick visits existed.
# The clocks count the instructions run's IR runs: recorded before run's common
# subexpressions (engine/ir/cse.c), so with WS_NO_CSE=1 (the runs above compare both ways
# with it)
WS_NO_CSE=1 WS_NO_QUICK=0 "$WARPSTEP" run --fast $f 1 > "$tmp/lq" 2>&1 < /dev/null
want='round 0 clocks 1699658 max 435'
[ "$(head -1 "$tmp/lq")" = "$want" ]
tap_result $? "launch_quick prints the clocks of before ($want)"
tap_done
