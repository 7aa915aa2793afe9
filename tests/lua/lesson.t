#!/bin/sh
# lesson.t - lessons played headless: the transcript of a correct playthrough
# (golden), hints on wrong answers, progress saved atomically and resumed,
# and a corrupt or half-written progress file never stops a lesson.
. tests/tap.sh

tmp=$(mktemp -d "${TMPDIR:-/tmp}/ws-lesson.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
W=$WARPSTEP
case $W in /*) ;; *) W=$PWD/$W ;; esac
L=tests/lua
export XDG_STATE_HOME="$tmp/state"
# play ANSWERS [ARGS]: run the sample lesson from tests/lua; status in $st
play() {
	a=$1
	shift
	(cd $L && "$W" lesson sample_lesson.lua --answers "$a" "$@") >"$tmp/out" 2>"$tmp/err"
	st=$?
}
show() { { echo "status $st; stdout:"; cat "$tmp/out"; echo "stderr:"; cat "$tmp/err"; } | tap_diag; }
expect() { eval "$1"; r=$?; [ "$r" -eq 0 ] || show; tap_result "$r" "$2"; }
prog() { ls "$XDG_STATE_HOME"/warpstep/progress/sample_lesson-*.progress 2>/dev/null | head -1; }

play sample_good.answers --fresh
diff -u $L/sample_good.transcript "$tmp/out" | tap_diag
expect '[ $st -eq 0 ] && cmp -s $L/sample_good.transcript $tmp/out' "correct answers: golden transcript, exit 0"

rm -rf "$XDG_STATE_HOME"
play sample_wrong.answers
expect '[ $st -eq 1 ] && grep -q "hint: Count the threads" $tmp/out && grep -q "hint: It is a power of two" $tmp/out && grep -q "lesson incomplete" $tmp/out' \
	"wrong answers: hints shown, exit 1"

# Resume: two answers now, the rest later.
rm -rf "$XDG_STATE_HOME"
printf 'answer: 32\nanswer: 6\n' >"$tmp/part1"
play "$tmp/part1"
p=$(prog)
expect '[ $st -eq 1 ] && [ -f "$p" ] && grep -q "^steps 2$" "$p" && tail -1 "$p" | grep -q "^end$"' \
	"progress saved after each answer (2 steps, complete file)"
expect '! ls "$XDG_STATE_HOME"/warpstep/progress/*.tmp >/dev/null 2>&1' "no temporary file left behind"
sed -n '/^state:/,$p' $L/sample_good.answers >"$tmp/part2"
play "$tmp/part2"
expect '[ $st -eq 0 ] && grep -q "^(resuming: 2 steps done" $tmp/out && ! grep -q "^Q1\." $tmp/out && grep -q "lesson complete (4 steps)" $tmp/out' \
	"resumed from the saved progress, replaying silently, and completed"

# A crash between writing the temporary file and renaming it keeps the old progress.
rm -rf "$XDG_STATE_HOME"
play "$tmp/part1"
cp "$(prog)" "$tmp/before"
printf 'answer: 32\nanswer: 6\nstate: line=3\n' >"$tmp/part3"
{ WS_TEST_CRASH_BEFORE_RENAME=1 play "$tmp/part3"; } 2>/dev/null # the shell says "Killed"
expect '[ $st -ne 0 ] && [ $st -ne 1 ] && cmp -s "$tmp/before" "$(prog)"' \
	"killed before the rename: the old progress file is intact"
play "$tmp/part2"
expect '[ $st -eq 0 ] && grep -q "^(resuming: 2 steps done" $tmp/out && ! grep -q warning $tmp/err' \
	"after the crash the old progress loads and the lesson completes"

# A truncated temporary file next to good progress changes nothing.
rm -rf "$XDG_STATE_HOME"
play "$tmp/part1"
head -c 40 "$(prog)" >"$(prog).tmp"
play "$tmp/part2"
expect '[ $st -eq 0 ] && grep -q "^(resuming: 2 steps done" $tmp/out' "a truncated temporary file is ignored"

# A corrupt progress file: a warning and a fresh start.
rm -rf "$XDG_STATE_HOME"
play "$tmp/part1"
head -c 60 "$(prog)" >"$tmp/trunc" && cp "$tmp/trunc" "$(prog)"
play sample_good.answers
expect '[ $st -eq 0 ] && grep -q "warning: ignoring the progress.*starting fresh" $tmp/err && cmp -s $L/sample_good.transcript $tmp/out' \
	"a truncated progress file: warning, fresh start, lesson completes"
printf 'garbage\n\001\002' >"$(prog)"
play sample_good.answers
expect '[ $st -eq 0 ] && grep -q "not a warpstep progress file" $tmp/err' "a garbage progress file: warning, fresh start"

# Malformed answers, lesson errors.
printf 'answer: 32\nwhat: 6\n' >"$tmp/bad"
play "$tmp/bad" --fresh
expect '[ $st -eq 2 ] && grep -q ":2: error: expected .answer:" $tmp/err' "a malformed answers file: file:line: error, exit 2"
printf 'state: line=12\n' >"$tmp/kind"
play "$tmp/kind" --fresh
expect '[ $st -eq 1 ] && grep -q "question 1 wants .answer:" $tmp/out' "an answer of the wrong kind stops the lesson, exit 1"
printf 'page{ title = "x", text = "y" }\nask{ q = 5 }\n' >"$tmp/badlesson.lua"
printf 'answer: 1\n' >"$tmp/one"
"$W" lesson "$tmp/badlesson.lua" --answers "$tmp/one" >"$tmp/out" 2>"$tmp/err"
st=$?
expect '[ $st -eq 1 ] && grep -q "badlesson.lua:2: error: ask{}: q must be a string, got number" $tmp/err && grep -q "stack traceback" $tmp/err' \
	"a lesson's mistake is a diagnostic at its line with a traceback, exit 1"
tap_done
