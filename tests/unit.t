#!/bin/sh
# unit.t - run every C unit-test binary (tests/unit/*.c and tests/*/unit_*.c,
# built by `make check` into $WS_BUILD/tests/) and report one result per
# binary. A binary passes when it exits 0, prints a plan, runs as many tests
# as planned and has no failure outside a TODO. Its own TAP is shown as
# comments (prove -v).
. tests/tap.sh

# judge FILE: 0 when the TAP in FILE is a pass
judge() {
	awk '
	/^[ \t]*Bail out!/ { bail = 1 }
	/^1\.\.[0-9]+/ { plan = substr($1, 4) + 0; hasplan = 1 }
	/^(not )?ok( |$)/ { n++ }
	/^not ok/ && !/# *[Tt][Oo][Dd][Oo]/ { bad++ }
	END { exit !(hasplan && !bail && !bad && n == plan) }
	' "$1"
}

found=0
tmp=${TMPDIR:-/tmp}/ws-unit.$$
trap 'rm -f "$tmp"' EXIT
for src in tests/unit/*.c tests/*/unit_*.c; do
	[ -f "$src" ] || continue
	found=1
	bin=$WS_BUILD/${src%.c}
	if [ ! -x "$bin" ]; then
		tap_result 1 "$src: not built ($bin)"
		continue
	fi
	if command -v timeout >/dev/null 2>&1; then
		timeout 300 "$bin" >"$tmp" 2>&1
	else
		"$bin" >"$tmp" 2>&1
	fi
	st=$?
	tap_diag <"$tmp"
	[ "$st" -eq 0 ] && judge "$tmp"
	res=$?
	[ "$st" -eq 0 ] || echo "# $src exited with status $st"
	tap_result "$res" "$src"
done
[ "$found" = 1 ] || tap_skip "unit tests" "none yet"
tap_done
