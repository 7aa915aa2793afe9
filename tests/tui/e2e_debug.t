#!/bin/sh
# e2e_debug.t - `warpstep debug` on the real engine in tmux: open, step into
# the kernel, break at a line, continue, resize, interrupt a long run with
# Ctrl-C, quit; the start screen; --record. Skips when tmux is missing.
. tests/tap.sh
. tests/tui/e2e_lib.sh

e2e_init e2e-dbg "debug interface end to end"

# start NAME W H COMMAND...: a session running warpstep
start() {
	_n=$1 _w=$2 _h=$3
	shift 3
	e2e_session "$_n" "$_w" "$_h" "env TERM=xterm-256color $bin $*"
}


start dbg 80 24 debug tests/tui/cu/diverge.cu
waitfor dbg "host: before main()"
tap_result $? "debug opens at 80x24, stopped before main()"
keys dbg s s s
waitfor dbg "k<<<1,64>>>"
tap_result $? "three steps: the kernel launch, stepping continues into it"
waitfor dbg "launched"
tap_result $? "the launch is an event in the console"
keys dbg : "b 17" Enter
waitfor dbg "breakpoint 1 at line 17"
tap_result $? "break 17"
keys dbg c
waitfor dbg "breakpoint 1, line 17"
tap_result $? "continue stops at the breakpoint"
screen dbg | grep -q "▶  17"
tap_result $? "the source pane marks line 17 as the current line"
tm resize-window -t dbg -x 200 -y 60
waitfor dbg "5 Memory"
tap_result $? "resized to 200x60: the memory pane appears"
waitfor dbg "buf[64]"
tap_result $? "the memory pane shows the __shared__ array"
keys dbg : "print w @ lanes" Enter
waitfor dbg "shown across the warp"
tap_result $? "print w @ lanes"
keys dbg :
tm send-keys -t dbg -l "delete" # literally: tmux reads "delete" as the Delete key
keys dbg Enter c
waitfor dbg "exited with status 0"
tap_result $? "continue runs to the end"
waitfor dbg "done"
tap_result $? "the program's output is in the console"
keys dbg R
waitfor dbg "reverse-step: line"
tap_result $? "reverse step (R) from the end"
keys dbg q
waitfor dbg "Quit anyway? (y or n)"
tap_result $? "q asks while the program runs"
keys dbg y
waitfor dbg "EXITED 0"
tap_result $? "y quits with status 0"

start spin 80 24 debug tests/tui/cu/spin.cu
waitfor spin "before main()"
keys spin c
waitfor spin "running..." 100
tap_result $? "a long continue shows progress"
keys spin C-c
waitfor spin "interrupted (Ctrl-C)"
tap_result $? "Ctrl-C stops the run and keeps the session"
keys spin q y
waitfor spin "EXITED 0"
tap_result $? "then q, y quits"

start menu 80 24 --record "$tmp/s.cast"
waitfor menu "Pick a lesson"
tap_result $? "plain warpstep opens the start screen"
for _l in lessons/*.lua puzzles/*.lua; do keys menu j; done
waitfor menu "divergence.cu"
screen menu | grep -q "example     divergence.cu" && screen menu | grep -q "example     hello.cu"
tap_result $? "it lists the bundled examples (after the lessons and the puzzles)"
keys menu Enter
waitfor menu "Source: divergence.cu"
tap_result $? "Enter on the first example opens it in the interface"
keys menu s q y
waitfor menu "Pick a lesson"
tap_result $? "quitting the example comes back to the list"
keys menu q
waitfor menu "EXITED 0"
tap_result $? "q on the list quits"
head -1 "$tmp/s.cast" | grep -q '"version": 2'
tap_result $? "--record writes an asciicast v2 header"
[ "$(wc -l < "$tmp/s.cast")" -ge 3 ] && sed -n 2p "$tmp/s.cast" | grep -q '^\[[0-9.]*, "o", '
tap_result $? "followed by output frames"
tap_done
