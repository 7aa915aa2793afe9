#!/bin/sh
# cse.t - run's common subexpressions, index offsets and branches to the next instruction
# (engine/ir/cse.c, ir_cse; docs/PERFORMANCE.md "common subexpressions and address offsets
# (s17-ir)"):
# - golden IR: `warpstep dump-run-ir tests/ir/cse.cu` must equal tests/ir/cse.run-ir
#   (WS_UPDATE_GOLDEN=1 rewrites it);
# - what applies: an address reused across the written-out passes and from before a loop,
#   constant index offsets (shared and global, negative, 32-bit signed, 64-bit), BRs to the
#   next instruction inside divergence; what does not: a value whose operand is written in
#   between, one computed on one branch only, an unsigned `u - 1` (it wraps at u = 0);
#   WS_NO_CSE=1 keeps the code as before;
# - what the program prints (tests/ir/cse.expected) is the same with and without the pass,
#   in --fast, the general loop and a random schedule, and fewer steps run;
# - an out-of-bounds load through a folded offset (tests/ir/cse_findings.cu) is reported at
#   the same line, thread and address with and without the pass;
# - the IR a session steps (dump-ir) is not touched.
. tests/tap.sh

tmp=$(mktemp -d "${TMPDIR:-/tmp}/ws-cse.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
ws() { "$WARPSTEP" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null; st=$?; }
show() { { echo "status $st; stdout:"; head -40 "$tmp/out"; echo "stderr:"; head -20 "$tmp/err"; } | tap_diag; }
expect() { eval "$1"; r=$?; [ "$r" -eq 0 ] || show; tap_result "$r" "$2"; }
# count FILE KERNEL PATTERN: lines of KERNEL's listing matching PATTERN (grep -E)
count() { sed -n "/^func.*($2) /,/^\$/p" "$1" | grep -cE "$3"; }
steps() { "$WARPSTEP" run --stats "$@" 2>&1 >/dev/null </dev/null | sed -n 's/^warpstep: kernel_ms .* steps \([0-9]*\)$/\1/p'; }

src=tests/ir/cse.cu
gold=tests/ir/cse.run-ir
ws dump-run-ir "$src"
[ -n "$WS_UPDATE_GOLDEN" ] && cp "$tmp/out" "$gold"
r=0
cmp -s "$tmp/out" "$gold" || { r=1; diff "$gold" "$tmp/out" | head -40 | tap_diag; }
tap_result "$r" "dump-run-ir $src equals its golden $gold"
on=$tmp/on off=$tmp/off
cp "$tmp/out" "$on"
WS_NO_CSE=1 "$WARPSTEP" dump-run-ir "$src" >"$off" 2>/dev/null </dev/null

expect '[ "$(count $on rounds " LD\.s32 .*r[0-9]+\+[0-9]+ ")" -eq 6 ] && [ "$(count $off rounds " LD\.s32 .*\+")" -eq 0 ] &&
	[ "$(count $on rounds " ADD\.(u32|ptr) ")" -eq 2 ] && [ "$(count $off rounds " ADD\.ptr ")" -eq 14 ]' \
	"rounds: s[t + k] is s[t]'s address plus 4k in each of the six passes, s + t*4 computed once"
expect '[ "$(count $on rounds " BR ")" -eq 0 ] && [ "$(count $off rounds " BR ")" -eq 7 ] &&
	[ "$(count $on joins " BR ")" -eq 0 ] && [ "$(count $off joins " BR ")" -eq 5 ]' \
	"rounds, joins: the BRs to the next instruction (the ifs' joins) go"
expect '[ "$(count $on rounds_loop " ADD\.ptr ")" -eq 3 ] && [ "$(count $off rounds_loop " ADD\.ptr ")" -eq 4 ]' \
	"rounds_loop: s + t*4 of the loop's body is the one computed before the loop"
expect '[ "$(count $on redefined " MUL\.s32 ")" -eq 3 ] && [ "$(count $off redefined " MUL\.s32 ")" -eq 3 ]' \
	"redefined: t * 3 before and after t is written are two products"
expect '[ "$(count $on one_branch " MUL\.s32 ")" -eq 2 ]' \
	"one_branch: t * 7 on one branch is computed again after the join"
expect '[ "$(count $on offsets " (LD|ST)\.s32 .*r[0-9]+\+[0-9]+ ")" -ge 6 ] && [ "$(count $on offsets " SUB\.u32 ")" -eq 1 ] &&
	[ "$(count $on offsets " ADD\.ptr ")" -lt "$(count $off offsets " ADD\.ptr ")" ]' \
	"offsets: shared, global, negative, 64-bit offsets folded; the unsigned u - 1 stays"
ws dump-ir "$src"
cp "$tmp/out" "$tmp/ir"
WS_NO_CSE=1 "$WARPSTEP" dump-ir "$src" >"$tmp/ir0" 2>/dev/null </dev/null
expect 'cmp -s "$tmp/ir" "$tmp/ir0"' "dump-ir (what a session steps) is the same with WS_NO_CSE=1"

# what it prints, with and without the pass
for o in "--fast" "" "--sched random:7"; do
	for v in "" 1; do
		# shellcheck disable=SC2086
		WS_NO_CSE=$v "$WARPSTEP" run $o "$src" >"$tmp/out" 2>"$tmp/err" </dev/null; st=$?
		expect '[ $st -eq 0 ] && cmp -s "$tmp/out" tests/ir/cse.expected && [ ! -s "$tmp/err" ]' \
			"run $o${v:+ WS_NO_CSE=1}: cse.cu prints tests/ir/cse.expected"
	done
done
n1=$(steps --fast "$src")
n0=$(WS_NO_CSE=1 steps --fast "$src")
expect '[ -n "$n1" ] && [ -n "$n0" ] && [ "$n1" -lt "$n0" ]' "fewer steps with the pass ($n1 < $n0)"

# an out-of-bounds load through a folded offset: same line, thread, address
f=tests/ir/cse_findings.cu
for o in "--fast" "" "--sched random:7"; do
	# shellcheck disable=SC2086
	"$WARPSTEP" run $o "$f" >"$tmp/f1" 2>&1 </dev/null; s1=$?
	# shellcheck disable=SC2086
	WS_NO_CSE=1 "$WARPSTEP" run $o "$f" >"$tmp/f0" 2>&1 </dev/null; s0=$?
	r=0
	[ "$s1" -eq "$s0" ] && cmp -s "$tmp/f1" "$tmp/f0" || { r=1; diff "$tmp/f0" "$tmp/f1" | head -20 | tap_diag; }
	tap_result "$r" "run $o $f: the same report with and without the pass"
	expect 'grep -q "cse_findings.cu:11:9: error\[oob-global-read\]" "$tmp/f1" &&
		grep -q "thread (31,0,0)" "$tmp/f1" && grep -q "0 bytes after its end" "$tmp/f1"' \
		"run $o $f: thread 31's load one past the end, at line 11"
done
"$WARPSTEP" dump-run-ir "$f" >"$tmp/fo" 2>/dev/null </dev/null
WS_NO_CSE=1 "$WARPSTEP" dump-run-ir "$f" >"$tmp/fo0" 2>/dev/null </dev/null
expect '[ "$(count $tmp/fo past " LD\.s32 .*r[0-9]+\+4 ")" -eq 1 ] && [ "$(count $tmp/fo0 past " LD\.s32 .*\+")" -eq 0 ]' \
	"$f: the load's index offset is folded (+4)"

tap_done
