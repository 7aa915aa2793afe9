#!/bin/sh
# spin_round.t - the spin checker (check_spin.c) does not hash the resident warps before a round
# of the round robin can have passed since the last progress (tenth session, docs/PERFORMANCE.md).
# tests/cli/spin_round.cu fills the H100 profile's 8448 resident warps with warps that diverge
# before their only store, so that the first round outlasts a sampling interval with nothing
# stored: the checker hashed all 8448 then (20 M host instructions, 15% of the run; reduce_shfl
# at 2^20 paid 30 M). Counted with callgrind (the calls of check_warp_hash); skipped without it.
# The deadlocks the checker must still find are tests/findings (deadlock_*) and lazy_visits.t's.
. tests/tap.sh

tmp=${TMPDIR:-/tmp}/ws-spin-round.$$
mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT

out=$(timeout 120 "$WARPSTEP" run --fast tests/cli/spin_round.cu 2>&1)
[ "$out" = "xor ac628000" ]
tap_result $? "spin_round.cu runs (--fast): its xor is the one the same loops give in C"
out=$(timeout 120 "$WARPSTEP" run tests/cli/spin_round.cu 2>&1)
[ "$out" = "xor ac628000" ]
tap_result $? "spin_round.cu runs (checkers on) with no finding"

if ! command -v valgrind >/dev/null 2>&1 || ! command -v callgrind_annotate >/dev/null 2>&1; then
	tap_skip "no warp hashed in the first round" "valgrind (callgrind) is not installed"
else
	timeout 300 valgrind --tool=callgrind --callgrind-out-file="$tmp/cg" "$WARPSTEP" run --fast \
		tests/cli/spin_round.cu > "$tmp/out" 2> "$tmp/err"
	n=$(callgrind_annotate --tree=caller "$tmp/cg" 2>/dev/null |
		awk '/=> .*check_warp_hash \(/ { s = $0; sub(/.*check_warp_hash \(/, "", s); sub(/x\).*/, "", s); gsub(",", "", s); n += s } END { print n + 0 }')
	grep -q 'ac628000' "$tmp/out" && [ "$n" -eq 0 ]
	tap_result $? "no warp hashed in the first round (check_warp_hash called $n times; 8448 before)"
fi
tap_done
