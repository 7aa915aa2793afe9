#!/bin/sh
# lessons.t - every lesson in lessons/ played headless on the real engine
# with tests/lua/lessons/NAME.answers: exit 0 and the golden transcript
# NAME.transcript (regenerate with WS_REGOLD=1 after a reviewed change).
# The engine computes most expected answers, so a golden that still passes
# after an engine change means the lesson's predictions still hold.
. tests/tap.sh

tmp=$(mktemp -d "${TMPDIR:-/tmp}/ws-lessons.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
export XDG_STATE_HOME="$tmp/state"
G=tests/lua/lessons
for f in lessons/*.lua; do
	n=$(basename "$f" .lua)
	"$WARPSTEP" lesson "$f" --answers "$G/$n.answers" --fresh >"$tmp/$n.out" 2>"$tmp/$n.err" </dev/null
	st=$?
	[ -n "$WS_REGOLD" ] && cp "$tmp/$n.out" "$G/$n.transcript"
	diff -u "$G/$n.transcript" "$tmp/$n.out" | tap_diag
	[ -s "$tmp/$n.err" ] && tap_diag <"$tmp/$n.err"
	[ $st -eq 0 ] && cmp -s "$G/$n.transcript" "$tmp/$n.out"
	tap_result $? "lesson $n: complete, golden transcript"
done
[ "$(ls lessons/*.lua | wc -l)" -ge 20 ]
tap_result $? "at least 20 lessons"
tap_done
