#!/bin/sh
# unroll.t - run's pipeline writes out loops whose passes the IR fixes (engine/ir/unroll.c,
# ir_unroll_loops; docs/PERFORMANCE.md "unrolling counted loops (s16-loop)"):
# - golden IR: `warpstep dump-run-ir tests/ir/unroll.cu` must equal tests/ir/unroll.run-ir
#   (WS_UPDATE_GOLDEN=1 rewrites it);
# - which loops go: the shuffle reduction, the tile loop, the loop with barriers, counting
#   down and up, shifts, trip counts 0 and 1; which stay (33 passes, the counter written in
#   the body, a break, an unknown bound); WS_NO_UNROLL=1 keeps them all;
# - what the program prints (tests/ir/unroll.expected) is the same with and without the
#   pass, in --fast, the general loop and random schedules, and fewer steps run;
# - findings inside written-out loops (tests/ir/unroll_findings.cu: a shared race, an
#   out-of-bounds store) are the same, at the same line, with and without the pass;
# - the IR a session steps (dump-ir) is not touched.
. tests/tap.sh

tmp=$(mktemp -d "${TMPDIR:-/tmp}/ws-unroll.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
ws() { "$WARPSTEP" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null; st=$?; }
show() { { echo "status $st; stdout:"; head -40 "$tmp/out"; echo "stderr:"; head -20 "$tmp/err"; } | tap_diag; }
expect() { eval "$1"; r=$?; [ "$r" -eq 0 ] || show; tap_result "$r" "$2"; }
# count FILE KERNEL OP: instructions OP in KERNEL's listing
count() { sed -n "/^func.*($2) /,/^\$/p" "$1" | grep -c " $3[. ]"; }
steps() { "$WARPSTEP" run --stats "$@" 2>&1 >/dev/null </dev/null | sed -n 's/^warpstep: kernel_ms .* steps \([0-9]*\)$/\1/p'; }

src=tests/ir/unroll.cu
gold=tests/ir/unroll.run-ir
ws dump-run-ir "$src"
[ -n "$WS_UPDATE_GOLDEN" ] && cp "$tmp/out" "$gold"
r=0
cmp -s "$tmp/out" "$gold" || { r=1; diff "$gold" "$tmp/out" | head -40 | tap_diag; }
tap_result "$r" "dump-run-ir $src equals its golden $gold"
cp "$tmp/out" "$tmp/on"
WS_NO_UNROLL=1 "$WARPSTEP" dump-run-ir "$src" >"$tmp/off" 2>/dev/null </dev/null

expect '[ "$(count $tmp/on shfl_sum SHFL)" -eq 5 ] && [ "$(count $tmp/off shfl_sum SHFL)" -eq 1 ] &&
	[ "$(count $tmp/on shfl_sum CBR)" -eq 1 ]' \
	"shfl_sum: five shuffles, no loop left (one shuffle and a loop under WS_NO_UNROLL=1)"
expect '[ "$(count $tmp/on shfl_sum SHR)" -eq 0 ] && [ "$(count $tmp/off shfl_sum SHR)" -ge 1 ]' \
	"shfl_sum: the counter's shifts are gone (its values are constants in the copies)"
expect '[ "$(count $tmp/on tile BAR)" -eq 7 ] && [ "$(count $tmp/off tile BAR)" -eq 3 ] &&
	[ "$(count $tmp/on tile CBR)" -eq 4 ]' \
	"tile: the loop with two barriers runs them three times written out; the tile loop goes"
expect '[ "$(count $tmp/on counts CBR)" -eq 8 ] && [ "$(count $tmp/off counts CBR)" -eq 13 ]' \
	"counts: the six loops go (down, shifts, trip counts 0 and 1, 64-bit, step 2); the branch of each pass stays"
sed -n '/^func.*(stays) /,/^$/p' "$tmp/on" >"$tmp/on.stays"
sed -n '/^func.*(stays) /,/^$/p' "$tmp/off" >"$tmp/off.stays"
expect '[ -s "$tmp/on.stays" ] && cmp -s "$tmp/on.stays" "$tmp/off.stays"' \
	"stays: 33 passes, a counter written in the body, a break, an unknown bound, a __syncwarp under divergence stay loops"
ws dump-ir "$src"
cp "$tmp/out" "$tmp/ir"
WS_NO_UNROLL=1 "$WARPSTEP" dump-ir "$src" >"$tmp/ir0" 2>/dev/null </dev/null
expect 'cmp -s "$tmp/ir" "$tmp/ir0" && [ "$(count $tmp/ir shfl_sum SHFL)" -eq 1 ]' \
	"dump-ir (what a session steps) keeps the loops"

# what it prints, with and without the pass
for o in "--fast" "" "--sched random:3" "--simt stack"; do
	for v in "" 1; do
		# shellcheck disable=SC2086
		WS_NO_UNROLL=$v "$WARPSTEP" run $o "$src" >"$tmp/out" 2>"$tmp/err" </dev/null; st=$?
		expect '[ $st -eq 0 ] && cmp -s "$tmp/out" tests/ir/unroll.expected && [ ! -s "$tmp/err" ]' \
			"run $o${v:+ WS_NO_UNROLL=1}: unroll.cu prints tests/ir/unroll.expected"
	done
done
on=$(steps --fast "$src")
off=$(WS_NO_UNROLL=1 steps --fast "$src")
expect '[ -n "$on" ] && [ -n "$off" ] && [ "$on" -lt "$off" ]' "fewer steps with the loops written out ($on < $off)"

# findings inside written-out loops: same kind, line, text, threads
f=tests/ir/unroll_findings.cu
for o in "--fast" ""; do
	# shellcheck disable=SC2086
	"$WARPSTEP" run $o "$f" >"$tmp/f1" 2>&1 </dev/null; s1=$?
	# shellcheck disable=SC2086
	WS_NO_UNROLL=1 "$WARPSTEP" run $o "$f" >"$tmp/f0" 2>&1 </dev/null; s0=$?
	r=0
	[ "$s1" -eq "$s0" ] && cmp -s "$tmp/f1" "$tmp/f0" || { r=1; diff "$tmp/f0" "$tmp/f1" | head -20 | tap_diag; }
	tap_result "$r" "run $o $f: the same report with and without the pass"
	expect '{ [ "$o" = --fast ] || grep -q "unroll_findings.cu:14:3: error\[shared-race\]" "$tmp/f1"; } &&
		grep -q "unroll_findings.cu:23:3: error\[oob-global-write\]" "$tmp/f1"' \
		"run $o $f: the out-of-bounds store at line 23 (and, with the checkers, the race at line 14)"
done
"$WARPSTEP" dump-run-ir "$f" >"$tmp/fo" 2>/dev/null </dev/null
WS_NO_UNROLL=1 "$WARPSTEP" dump-run-ir "$f" >"$tmp/fo0" 2>/dev/null </dev/null
expect '[ "$(count $tmp/fo racy BAR)" -eq 2 ] && [ "$(count $tmp/fo racy ST)" -eq 6 ] &&
	[ "$(count $tmp/fo0 racy ST)" -eq 3 ]' \
	"$f: both loops are written out"

tap_done
