#!/bin/sh
# e2e_gdb.t - gdb's and cuda-gdb's commands in `warpstep debug`, in tmux, on
# tests/tui/cu/gdb.cu: break FUNC / FILE:LINE, tbreak, condition,
# disable/enable, watch (old and new value, the writing lane), bt/up/down
# in a device function call, p/x, x/8d, p *p@4, $lane, until, list, info
# cuda warps/kernels, cuda focus, run's restart question, Ctrl-C that does
# not quit, q that asks; on tests/tui/cu/gdb2.cu the value history, set
# var and its undo, a local watchpoint's scope, advance out of a call and
# enable once. Skips when tmux is missing.
. tests/tap.sh
. tests/tui/e2e_lib.sh

e2e_init e2e-gdb "gdb commands end to end"

start() {
	_n=$1 _w=$2 _h=$3
	shift 3
	e2e_session "$_n" "$_w" "$_h" "env TERM=xterm-256color $bin $*"
}
# cmd NAME TEXT: type a command line and Enter
cmd() { keys "$1" : ; tm send-keys -t "$1" -l "$2"; keys "$1" Enter; }

start g 200 60 debug tests/tui/cu/gdb.cu
waitfor g "host: before main()"
tap_result $? "debug opens gdb.cu before main()"
cmd g "break helper"
waitfor g "breakpoint 1 at helper: line 9"
tap_result $? "break FUNCTION"
cmd g "b gdb.cu:22"
waitfor g "breakpoint 2 at line 22"
tap_result $? "break FILE:LINE"
cmd g "tbreak 24"
waitfor g "temporary breakpoint 3 at line 24"
tap_result $? "tbreak LINE"
cmd g "condition 1 x == 5"
cmd g "disable 2 3"
cmd g "info breakpoints"
waitfor g "stop only if x == 5" && screen g | grep -q "2       breakpoint      keep n"
tap_result $? "condition and disable show in info breakpoints"
cmd g "run"
waitfor g "lanes 0xffffffff if x == 5"
tap_result $? "run stops at helper where x == 5"
cmd g 'p $lane'
waitfor g '$1 = 5'
tap_result $? '$lane is the lane the condition held in'
cmd g "bt"
waitfor g "#0  helper (x=5, scale=2) at gdb.cu:9" && waitfor g "#1  kernel (data="
tap_result $? "bt in a device function call"
keys g u
waitfor g "kernel [frame #1]"
tap_result $? "u (up): the caller's frame, in the thread pane too"
cmd g "p/x tid"
waitfor g "\$2 = 0x5"
tap_result $? "p/x in the caller's frame"
keys g d
waitfor g "#0  helper (x=5"
tap_result $? "d (down): back in helper"
cmd g "up"
cmd g "p *data@4"
waitfor g "\$3 = {0, 0, 0, 0}"
tap_result $? "p *data@4"
cmd g "x/8d data"
waitfor g "(ws) x/8d data" && sleep 0.3 && screen g | grep -q "^0x[0-9a-f]*: *0 *0 *0 *0 "
tap_result $? "x/8d data: two lines of four"
cmd g "info cuda warps"
waitfor g "active, 1 group"
tap_result $? "info cuda warps"
cmd g "info cuda kernels"
waitfor g "kernel()"
tap_result $? "info cuda kernels"
cmd g "cuda warp 1 lane 3"
waitfor g "[Switching focus to CUDA kernel kernel, block (0,0,0), thread (35,0,0)" &&
	waitfor g "threadIdx (35,0,0)"
tap_result $? "cuda warp 1 lane 3 switches the focus"
cmd g "cuda thread"
waitfor g "thread (35,0,0)"
tap_result $? "a bare cuda thread prints the focus"
cmd g "delete"
cmd g "enable"
cmd g "list 18"
waitfor g "13  __global__ void kernel(int *data, int n)"
tap_result $? "list LINE"
cmd g "run"
waitfor g "Start it from the beginning? (y or n)"
tap_result $? "run while the program runs asks"
keys g n
waitfor g "Not confirmed."
tap_result $? "n: not restarted"
cmd g "start"
keys g y
waitfor g "temporary breakpoint 4 at main: line 36" && waitfor g "temporary breakpoint 4, line 36"
tap_result $? "start, y: from the beginning, at main's first line (a tbreak hit)"
cmd g "b 18"
cmd g "c"
waitfor g "breakpoint 5, line 18"
cmd g "delete 5"
cmd g "until"
cmd g "until"
waitfor g "▶  20"
tap_result $? "until twice: into the loop, then past it (line 20, not back to 18)"
cmd g "watch s[0]"
waitfor g "hardware watchpoint 6: s[0]"
tap_result $? "watch s[0]"
keys g c
waitfor g "watchpoint 6: s[0], old = 0, new = 1 (warp 0 lane 0 wrote)"
tap_result $? "the watchpoint stops with old and new value and the writing lane"
keys g C-c
waitfor g "to leave warpstep"
tap_result $? "Ctrl-C at the prompt does not quit, says how to"
keys g q
waitfor g "Quit anyway? (y or n)"
tap_result $? "q while the program runs asks"
keys g n
waitfor g "Not confirmed."
keys g q y
waitfor g "EXITED 0"
tap_result $? "q, y: quits with status 0"

# gdb2.cu: the value history, set var (and undo of it), advance out of a
# call, a local watchpoint's scope, enable once
start h 200 60 debug tests/tui/cu/gdb2.cu
waitfor h "host: before main()"
cmd h "b 11"
cmd h "run"
waitfor h "breakpoint 1, line 11"
cmd h "cuda thread 5"
cmd h "p x"
waitfor h '$1 = 5'
tap_result $? "print numbers its value (\$1 = 5)"
cmd h 'p $1 * 3 + $'
waitfor h '$2 = 20'
tap_result $? "history values in an expression"
cmd h "set var x = 9"
cmd h "p x"
waitfor h '$3 = 9' && waitfor h "int    x    = 9"
tap_result $? "set var x = 9: print and the thread pane show it"
cmd h "undo"
cmd h "p x"
waitfor h '$4 = 5'
tap_result $? "undo takes the assignment back"
cmd h "watch tmp[1]"
waitfor h "local memory of the focused thread"
cmd h "delete 1"
cmd h "c"
cmd h "c"
cmd h "c"
waitfor h "Watchpoint 2 deleted because the program has left the block in which its expression is valid."
tap_result $? "a local's watchpoint is deleted when its frame returns"
cmd h "b fill"
cmd h "enable once 3"
cmd h "run"
keys h y
waitfor h "breakpoint 3, line 10"
cmd h "advance 29"
waitfor h "Run till exit from fill: back in kernel, line 24"
tap_result $? "advance 29 inside fill stops when fill returns"
cmd h "info breakpoints"
waitfor h "3       breakpoint      dis  n"
tap_result $? "enable once: disabled after its stop"
keys h q y
waitfor h "EXITED 0"
tap_done
