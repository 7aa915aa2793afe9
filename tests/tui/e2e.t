#!/bin/sh
# e2e.t - the real interface in tmux: `warpstep debug-demo` (the scripted
# fake backend) in a detached session of a fixed size; keys are sent with
# send-keys and the screen is read back with capture-pane. Skips when tmux
# is missing.
. tests/tap.sh
. tests/tui/e2e_lib.sh

e2e_init e2e "interface end to end"
dargs=

# start NAME W H ENV...: a session running debug-demo
start() {
	_n=$1 _w=$2 _h=$3
	shift 3
	e2e_session "$_n" "$_w" "$_h" "env $* $bin debug-demo $dargs"
}

start ui 80 24 TERM=xterm-256color
waitfor ui "1 Source"
tap_result $? "opens at 80x24 with the source pane"
waitfor ui "host: before launch"
tap_result $? "starts in host code before the launch"
keys ui s s s s s
waitfor ui "w0:16"
tap_result $? "five steps: warp 0 diverged, half its lanes on each branch"
screen ui | grep -q "w0 .*○●○●\|w0 .*●○●○"
tap_result $? "the warps pane shows the diverged lanes"
keys ui J
waitfor ui "w1 lane 0"
tap_result $? "J focuses the next warp"
keys ui l l
waitfor ui "w1 lane 2"
tap_result $? "l focuses the next lane"
keys ui : "break 14" Enter
waitfor ui "breakpoint 1 at line 14"
tap_result $? ":break 14 sets a breakpoint"
keys ui c
waitfor ui "breakpoint 1, line 14"
tap_result $? "continue stops at it"
keys ui : "cuda block (0,0,0) thread (70,0,0)" Enter
waitfor ui "w2 lane 6"
tap_result $? "cuda block ... thread ... focuses thread 70"
tm resize-window -t ui -x 200 -y 60
waitfor ui "5 Memory"
tap_result $? "resized to 200x60: the memory pane appears"
waitfor ui "__syncthreads block (0,0,0)"
tap_result $? "and the sync pane shows the barrier"
tm resize-window -t ui -x 50 -y 12
waitfor ui "terminal too small (need 60x16, have 50x12)"
tap_result $? "resized below the minimum: a clear message"
tm resize-window -t ui -x 80 -y 24
waitfor ui "1 Source"
tap_result $? "back to 80x24"
keys ui '?'
waitfor ui "Commands (gdb / cuda-gdb style"
tap_result $? "? shows the help screen"
keys ui q q
waitfor ui "Quit anyway? (y or n)"
tap_result $? "q closes the help, then asks while the program runs"
keys ui y
waitfor ui "EXITED 0"
tap_result $? "y leaves with status 0"

dargs=ascii
start ascii 80 24 TERM=xterm
dargs=
keys ascii s s s s s
waitfor ascii "#o#o#o#o"
tap_result $? "debug-demo ascii draws lanes in ASCII"
screen ascii | grep -q "^- 1 Source: reduce.cu <---"
tap_result $? "and boxes in ASCII"
keys ascii q y

start asc 80 24 TERM=xterm LANG=C LC_ALL=C
keys asc s s s s s
waitfor asc "#o#o#o#o"
tap_result $? "a non-UTF-8 locale draws in ASCII"
keys asc q y

start badterm 80 24 TERM=no-such-terminal-xyz
waitfor badterm "1 Source"
tap_result $? "an unknown TERM still opens the interface"
keys badterm q y
waitfor badterm "unknown to ncurses"
tap_result $? "and says why it fell back"

start intr 80 24 TERM=xterm-256color
waitfor intr "1 Source"
keys intr : "ste"
waitfor intr "(ws) ste"
keys intr C-c
waitgone intr "(ws) ste"
tap_result $? "Ctrl-C in the command line cancels the line"
keys intr C-c
waitfor intr "to leave warpstep: q"
tap_result $? "Ctrl-C outside it does not quit: it says how to leave"
keys intr q y
waitfor intr "EXITED 0"
tap_result $? "q leaves cleanly (status 0)"

start color 80 24 TERM=xterm-256color
waitfor color "1 Source"
tm capture-pane -e -p -t color | grep -q "$(printf '\033')\[[0-9;]*3[1-6]m"
tap_result $? "colors by default"
keys color q y
start nocolor 80 24 TERM=xterm-256color NO_COLOR=1
waitfor nocolor "1 Source"
! tm capture-pane -e -p -t nocolor | grep -q "$(printf '\033')\[[0-9;]*3[1-6]m"
tap_result $? "NO_COLOR: no colors"
keys nocolor q y
tap_done
