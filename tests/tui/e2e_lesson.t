#!/bin/sh
# e2e_lesson.t - lessons and scenarios in the interface, driven in tmux: the
# lesson menu of a plain warpstep, lesson 01 (a page, a wrong answer and its
# hint, the right answer), leaving and coming back (progress resumed), a
# task reached by stepping in the debugger, the lesson completed; an
# exercise in the built-in editor; a task whose machine has finished, and r
# for a fresh one; a scenario run with --script and with :script, stepped
# forward and back (p, :previous, :scenario next). Skips when tmux is missing.
. tests/tap.sh
. tests/tui/e2e_lib.sh

e2e_init e2e-lesson "lessons in the interface end to end"

# start NAME W H COMMAND...: warpstep with its own progress folder and no $EDITOR
start() {
	_n=$1 _w=$2 _h=$3
	shift 3
	e2e_session "$_n" "$_w" "$_h" \
		"env -u EDITOR TERM=xterm-256color XDG_STATE_HOME=$tmp/state $bin $*"
}


# answer NAME TEXT: Enter opens the answer line; type it
answer() { keys "$1" Enter; sleep 0.2; keys "$1" -l "$2"; keys "$1" Enter; }

start menu 80 24
waitfor menu "Pick a lesson"
tap_result $? "plain warpstep opens the lesson menu"
screen menu | sed -n 4p | grep -q '\[ \] 01-threads.lua'
tap_result $? "lessons come first, marked not started"
# on a wide screen every file name is whole and ends before its summary
# (16-cooperative-groups.lua used to run into it)
start wide 120 40
waitfor wide "22-launch-and-streams.lua"
screen wide | grep -E '(lesson|puzzle) +\[.\] ' >"$tmp/rows"
[ "$(wc -l <"$tmp/rows")" -ge 20 ] && ! grep -vqE '\[.\] [0-9a-z_-]+\.lua +[^ ]' "$tmp/rows"
r=$?
tap_result $r "the menu keeps every lesson's file name whole, then a space, then its summary"
[ $r -eq 0 ] || tap_diag <"$tmp/rows"
keys wide q
for _l in lessons/*.lua; do keys menu j; done
waitfor menu "puzzle  [ ] p01-map.lua"
tap_result $? "the puzzles follow the lessons"
for _l in puzzles/*.lua; do keys menu j; done
waitfor menu "hello.cu"
tap_result $? "the examples come last (the list scrolls)"
for _l in lessons/*.lua puzzles/*.lua; do keys menu k; done
waitfor menu "[ ] 01-threads.lua"
keys menu Enter
waitfor menu "== Threads, blocks and grids =="
tap_result $? "Enter on lesson 01 opens its first page in the lesson pane"
waitfor menu "Space: next page"
tap_result $? "the page says how to go on"
keys menu Space
waitfor menu "Q1. The block is 8 x 4 x 2"
tap_result $? "Space: the first question"
answer menu 50
waitfor menu "hint: t = x + y * blockDim.x"
tap_result $? "a wrong answer: not quite, and the first hint"
screen menu | grep -q "not quite"
tap_result $? "the feedback says it is wrong"
answer menu 51
waitfor menu "Warps are consecutive linear ids"
tap_result $? "the right answer: correct, and the next page"
keys menu k k k k
waitfor menu "  correct"
tap_result $? "k scrolls the lesson back: the feedback said correct"
keys menu q
waitfor menu "[~] 01-threads.lua"
tap_result $? "q leaves the lesson: back on the menu, marked in progress"
keys menu Enter
waitfor menu "(resumed: 1 steps done, 2 saved answers replayed)"
tap_result $? "reopening resumes the lesson where it was"
keys menu Space
answer menu 1
waitfor menu "Q3. And which lane?"
answer menu 19
waitfor menu "Q4."
answer menu 192
waitfor menu "Task 1."
tap_result $? "three more answers reach the task"
waitfor menu "Source: ids.cu"
tap_result $? "the task shows the debugger on the lesson's kernel, the task in the strip"
_i=0
while [ $_i -lt 12 ] && ! screen menu | grep -q "ids<<<(2,2,1)"; do
	keys menu s
	sleep 0.3
	_i=$((_i + 1))
done
keys menu : "cuda block (1,1,0) thread (0,0,0)" Enter
waitfor menu "blk (1,1,0)"
tap_result $? "focus block (1,1,0) once the kernel runs"
keys menu : "p threadIdx.x + 40" Enter
waitfor menu "(ws) p threadIdx.x + 40"
tap_result $? "a command's output shows in the lesson strip (the console's place)"
screen menu | grep -q "= 40"
tap_result $? "... its value too"
_i=0
while [ $_i -lt 10 ] && ! screen menu | grep -q "check them against the formulas"; do
	keys menu s
	sleep 0.4
	_i=$((_i + 1))
done
waitfor menu "check them against the formulas"
tap_result $? "stepping to line 6 completes the task: task 2 follows"
screen menu | grep -q "Source: ids.cu"
tap_result $? "what follows the task stays beside the machine (strip, not full screen)"
grep -q "^line=6 block=3" "$tmp"/state/warpstep/progress/01-threads-*.progress
tap_result $? "the state that passed is saved in the progress file"
keys menu : "cuda block (1,1,0) thread (7,3,1)" Enter
_i=0
while [ $_i -lt 10 ] && ! screen menu | grep -q "(file: index2d.cu)"; do
	keys menu s
	sleep 0.4
	_i=$((_i + 1))
done
waitfor menu "(file: index2d.cu)"
tap_result $? "task 2: the last thread of the grid steps to line 8; the exercise follows"
keys menu Enter
waitfor menu "Edit index2d.cu"
keys menu Down Down Down Down
keys menu -l "    if (x < width && y < height)"
keys menu Enter
keys menu C-x
waitfor menu "== Done =="
tap_result $? "the exercise: a bounds check typed in the editor passes on the hidden launches"
screen menu | grep -q "Space: next"
tap_result $? "the last page waits for Space"
keys menu Space
waitfor menu "== lesson complete (7 steps) =="
tap_result $? "Space: the lesson is complete"
keys menu q
waitfor menu "[x] 01-threads.lua"
tap_result $? "back on the menu, lesson 01 is marked done"
screen menu | grep -Eq '(▶|>) +lesson +\[ \] 02-divergence'
tap_result $? "the menu cursor moves on to the next lesson"
keys menu q
waitfor menu "EXITED 0"
tap_result $? "q on the menu quits with 0"

start ex 80 24 lesson lessons/12-finding-bugs.lua
waitfor ex "== Finding bugs =="
tap_result $? "warpstep lesson FILE on a terminal opens the lesson in the interface"
keys ex Space
answer ex none
waitfor ex "Q2."
answer ex oob-global-read
waitfor ex "Q3."
answer ex 4
waitfor ex "Task 1."
_i=0
while [ $_i -lt 6 ] && ! screen ex | grep -q "Exercise 1."; do
	keys ex c
	sleep 0.5
	_i=$((_i + 1))
done
waitfor ex "Exercise 1."
tap_result $? "answers, then c in the debugger stops at the finding the task waits for: the exercise"
keys ex Enter
waitfor ex "Edit scale.cu"
tap_result $? "without \$EDITOR, Enter opens the built-in editor on the kernel"
keys ex Down Down Down
keys ex -l "    if (i < n)"
keys ex Enter
waitfor ex "   4     if (i < n)"
tap_result $? "typing edits the kernel"
keys ex C-x
waitfor ex "Q4. rotate"
tap_result $? "Ctrl-X saves and checks: the check passes, the lesson goes on"
keys ex q
waitfor ex "EXITED 0"
tap_result $? "q leaves"

start big 200 60 lessons/02-divergence.lua
waitfor big "== Divergence =="
tap_result $? "warpstep LESSON.lua opens the lesson, here at 200x60"
keys big L
waitfor big "1 Source: "
tap_result $? "L shows the debugger with the lesson strip"
keys big q
waitfor big "EXITED 0"

start sc 80 24 debug --script scripts/scenarios/shuffles.lua
waitfor sc "Scenario shuffles.lua"
tap_result $? "debug --script runs a scenario in the interface"
waitfor sc "any key: next step"
tap_result $? "it pauses after a narrated step"
keys sc Space
waitfor sc "before: v = 0:0 1:10"
tap_result $? "any key: the next narrated step"
waitfor sc "@bcast"
screen sc | grep -q "▶ *5 .*@bcast"
tap_result $? "the debugger stops where the scenario stopped"
screen sc | grep -q "p: previous step"
tap_result $? "from the second step on, the pause offers the previous step"
keys sc Space
waitfor sc "after:  b = 0:50"
tap_result $? "Space: the third step's narration"
keys sc p
sleep 1
waitfor sc "before: v = 0:0 1:10"
! screen sc | grep -q "after:  b = 0:50"
tap_result $? "p: back to the previous narrated step (the scenario runs again to it)"
keys sc : previous Enter
waitfor sc "any key: next step --"
! screen sc | grep -q "before: v = 0:0"
tap_result $? ":previous goes back one more step"
keys sc p
waitfor sc "this is the first step"
tap_result $? "p on the first step says so"
keys sc : "scenario next" Enter
waitfor sc "before: v = 0:0 1:10"
tap_result $? ":scenario next: the next narrated step"
keys sc q
waitfor sc "EXITED 0"
tap_result $? "q quits"

# A task whose machine has finished can never pass: the lesson says so and
# r gives it a fresh machine (the lesson replays its saved answers to it).
mkdir -p "$tmp/stuck"
cat >"$tmp/stuck/stuck.lua" <<'LUA'
local src = [[
__global__ void k(int *out)
{
    int t = threadIdx.x;
    out[t] = t;
}
]]
page{ title = "Stuck", text = "a question, then a task" }
ask{ q = "How many lanes in a warp?", answer = 32 }
launch_kernel(src, "k", 32, 1, 32)
task{ text = "Step until line 4.", until_ = function(s) return s.kind == "line" and s.line == 4 end }
page{ title = "Done", text = "the task passed" }
LUA
start stuck 100 30 lesson "$tmp/stuck/stuck.lua"
waitfor stuck "== Stuck =="
keys stuck Space
answer stuck 32
waitfor stuck "Task 1. Step until line 4."
keys stuck c
waitfor stuck "this task can no longer be reached"
tap_result $? "continue runs the task's machine to its end: the lesson says the task cannot pass now"
screen stuck | grep -q "press r (or :restart) for a fresh machine"
tap_result $? "... and offers a fresh machine"
keys stuck r
waitfor stuck "a fresh machine: the task can be done again"
tap_result $? "r: the lesson is opened again at the task, on a fresh machine"
_i=0
while [ $_i -lt 6 ] && ! screen stuck | grep -q "== Done =="; do
	keys stuck s
	sleep 0.4
	_i=$((_i + 1))
done
waitfor stuck "== Done =="
tap_result $? "stepping the fresh machine completes the task"
keys stuck q
waitfor stuck "EXITED 0"

start cmd 80 24 debug tests/tui/cu/diverge.cu
waitfor cmd "host: before main()"
keys cmd : "script scripts/scenarios/divergence.lua" Enter
waitfor cmd "Scenario divergence.lua"
tap_result $? ":script FILE runs a scenario from a debugging session"
keys cmd q
waitfor cmd "EXITED 0"

# A scenario reads only its own folder, whether started with --script or
# with :script in a session that had none (docs/lua-api.md, Sandbox).
mkdir -p "$tmp/sc"
cat >"$tmp/sc/peek.lua" <<LUA
local p, err, d = ws.compile_file("$PWD/tests/tui/cu/diverge.cu")
print(p and "peek compiled" or ("peek refused: " .. ((d and d[1] and d[1].message) or "")))
LUA
start peek 100 30 debug tests/tui/cu/diverge.cu
waitfor peek "host: before main()"
keys peek : "script $tmp/sc/peek.lua" Enter
waitfor peek "peek refused: cannot read"
tap_result $? ":script: the scenario cannot read a file outside its folder"
keys peek q
waitfor peek "EXITED 0"
start peek2 100 30 --allow-read "$PWD/tests/tui/cu" debug --script "$tmp/sc/peek.lua"
waitfor peek2 "peek compiled"
tap_result $? "--script with --allow-read DIR: it can"
keys peek2 q
waitfor peek2 "EXITED 0"
tap_done
