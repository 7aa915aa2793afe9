#!/bin/sh
# scenarios.t - each scenario script in scripts/scenarios/ runs headless on
# the real engine and prints its narrated walk-through: the transcript must
# match tests/lua/scenarios/NAME.out (regenerate with WS_REGOLD=1 after a
# reviewed change) and the script must exit 0 with nothing on stderr.
. tests/tap.sh

tmp=$(mktemp -d "${TMPDIR:-/tmp}/ws-scen.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
G=tests/lua/scenarios
for f in scripts/scenarios/*.lua; do
	n=$(basename "$f" .lua)
	"$WARPSTEP" script "$f" >"$tmp/$n.out" 2>"$tmp/$n.err" </dev/null
	st=$?
	[ -n "$WS_REGOLD" ] && cp "$tmp/$n.out" "$G/$n.out"
	diff -u "$G/$n.out" "$tmp/$n.out" | tap_diag
	[ -s "$tmp/$n.err" ] && tap_diag <"$tmp/$n.err"
	[ $st -eq 0 ] && [ ! -s "$tmp/$n.err" ] && cmp -s "$G/$n.out" "$tmp/$n.out"
	tap_result $? "scenario $n: exit 0 and golden transcript"
done
tap_done
