#!/bin/sh
# spec.t - kernels specialised at launch (engine/machine/machine.c spec_of, engine/ir/inline.c
# ir_specialize; docs/PERFORMANCE.md "Issue 13 item 2, sixteenth session"): in run and check,
# a kernel that reads blockDim or gridDim runs a copy of its IR in which they are the launch's
# constants, one copy per kernel and shape.
# - golden: the copies `WS_DUMP_SPEC=1 warpstep run tests/ir/spec.cu` prints equal
#   tests/ir/spec.spec-ir (WS_UPDATE_GOLDEN=1 rewrites it): two copies for 101 launches of
#   two shapes, blockDim.x / 2 a constant, no read of ntid or nctaid left;
# - WS_NO_SPECIALIZE=1, --no-inline and --model relaxed make none; the output is the same,
#   and the copies run fewer steps;
# - tests/programs/spec_shapes.cu (one kernel under several 1-D, 2-D and 3-D shapes, loops,
#   divisions and compares by blockDim, a grid-stride loop) prints its .expected with and
#   without, --fast and checked;
# - a shared-memory race inside a blockDim loop (spec_race.cu): the same findings (the whole
#   report and stderr) with and without.
. tests/tap.sh

tmp=$(mktemp -d "${TMPDIR:-/tmp}/ws-spec.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
ws() { "$WARPSTEP" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null; st=$?; }
show() { { echo "status $st; stdout:"; head -40 "$tmp/out"; echo "stderr:"; head -20 "$tmp/err"; } | tap_diag; }
expect() { eval "$1"; r=$?; [ "$r" -eq 0 ] || show; tap_result "$r" "$2"; }
steps() { "$WARPSTEP" run --stats "$@" 2>&1 >/dev/null </dev/null | sed -n 's/^warpstep: kernel_ms .* steps \([0-9]*\)$/\1/p'; }

# --- golden
WS_DUMP_SPEC=1 ws run tests/ir/spec.cu
[ -n "$WS_UPDATE_GOLDEN" ] && cp "$tmp/err" tests/ir/spec.spec-ir
r=0
cmp -s "$tmp/err" tests/ir/spec.spec-ir || { r=1; diff tests/ir/spec.spec-ir "$tmp/err" | head -40 | tap_diag; }
tap_result "$r" "the copies of tests/ir/spec.cu's kernel equal the golden tests/ir/spec.spec-ir"
cp "$tmp/out" "$tmp/want"
expect '[ $st -eq 0 ] && [ "$(grep -c "^specialised" $tmp/err)" -eq 2 ]' \
	"101 launches of two shapes: two copies (the first shape's made once, at its first launch)"
expect '! grep -E -q "SREG\.u32 (3|4|5|9|10|11) " $tmp/err && grep -q "= CONST.u32 32 " $tmp/err && grep -q "= CONST.u32 64 " $tmp/err' \
	"no read of ntid or nctaid is left; blockDim.x / 2 is the constant 32, then 64"

# --- off
for how in "WS_NO_SPECIALIZE=1 run" "run --no-inline" "run --model relaxed"; do
	off=0
	case $how in WS_NO_SPECIALIZE=1*) off=1 ;; esac
	# shellcheck disable=SC2086
	WS_NO_SPECIALIZE=$off WS_DUMP_SPEC=1 ws ${how#WS_NO_SPECIALIZE=1 } tests/ir/spec.cu
	expect '[ $st -eq 0 ] && ! grep -q "^specialised" $tmp/err && cmp -s $tmp/out $tmp/want' \
		"$how: no copy, the same output"
done
a=$(steps tests/ir/spec.cu)
b=$(WS_NO_SPECIALIZE=1 steps tests/ir/spec.cu)
expect '[ -n "$a" ] && [ -n "$b" ] && [ "$a" -lt "$b" ]' "the copies run fewer steps ($a against $b)"

# --- shapes
for mode in "run" "run --fast" "check"; do
	for e in 0 1; do
		# shellcheck disable=SC2086
		WS_NO_SPECIALIZE=$e ws $mode tests/programs/spec_shapes.cu
		expect '[ $st -eq 0 ] && cmp -s $tmp/out tests/programs/spec_shapes.expected' \
			"spec_shapes.cu, $mode, WS_NO_SPECIALIZE=$e: its .expected"
	done
done

# --- findings
( cd tests/ir && WS_NO_SPECIALIZE=1 "$WARPSTEP" check --report "$tmp/r1.json" spec_race.cu >"$tmp/o1" 2>&1 </dev/null; echo "$?" >>"$tmp/o1" )
( cd tests/ir && "$WARPSTEP" check --report "$tmp/r0.json" spec_race.cu >"$tmp/o0" 2>&1 </dev/null; echo "$?" >>"$tmp/o0" )
r=0
cmp -s "$tmp/o0" "$tmp/o1" && cmp -s "$tmp/r0.json" "$tmp/r1.json" || { r=1; diff "$tmp/o1" "$tmp/o0" | head -20 | tap_diag; }
tap_result "$r" "spec_race.cu: the same report, stderr and exit status with and without"
expect 'grep -q "spec_race.cu:15:4: error\[shared-race\]" $tmp/o0 && [ "$(tail -n 1 $tmp/o0)" = 1 ]' \
	"spec_race.cu: the race inside the loop is found at its line"

tap_done
