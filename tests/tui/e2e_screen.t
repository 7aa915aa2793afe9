#!/bin/sh
# e2e_screen.t - the screen tells the truth, in tmux on the real engine: a
# cuda::barrier wait named as one, the active mask in every warp row, the
# value a shuffle delivered, NO_COLOR in export svg, a terminal shrunk below
# the minimum and back. Skips when tmux is missing.
. tests/tap.sh
. tests/tui/e2e_lib.sh

e2e_init e2e-scr "screen end to end"

start() {
	_n=$1 _w=$2 _h=$3
	shift 3
	e2e_session "$_n" "$_w" "$_h" "env TERM=xterm-256color NO_COLOR=1 $bin $*"
}

start bar 120 40 debug tests/tui/cu/cubar.cu
waitfor bar "before main()"
tap_result $? "debug opens cubar.cu"
keys bar : "b 19" Enter
waitfor bar "breakpoint 1 at line 19"
keys bar c
waitfor bar "breakpoint 1, line 19"
tap_result $? "continue stops at the wait on line 19"
keys bar : "stepi 14" Enter
waitfor bar "waits: cuda::barrier bar phase 0"
tap_result $? "the warps pane: warp 0 waits at cuda::barrier bar, phase 0"
screen bar | grep -q "warp 0 waits at cuda::barrier bar, phase 0 (line 19)"
tap_result $? "the status line names the barrier and its line (not __syncthreads, line 0)"
screen bar | grep -q "0xffffffff"
tap_result $? "warp 1's row shows its active mask"
keys bar : "export svg $tmp/bar.svg" Enter
waitfor bar "wrote $tmp/bar.svg"
grep -q "<svg" "$tmp/bar.svg" && ! grep -q "#50d050" "$tmp/bar.svg"
tap_result $? "NO_COLOR=1: export svg has no colors"
tm resize-window -t bar -x 20 -y 5
waitfor bar "terminal too small"
tap_result $? "shrunk to 20x5: a clear message"
tm resize-window -t bar -x 120 -y 40
waitfor bar "2 Warps"
tap_result $? "back to 120x40: the panes again"
keys bar q
waitfor bar "Quit anyway? (y or n)" && keys bar y
waitfor bar "EXITED 0"
tap_result $? "q asks while the program runs, y quits"

start shfl 120 40 debug tests/tui/cu/shfl.cu
waitfor shfl "before main()"
keys shfl : "b 9" Enter c
waitfor shfl "breakpoint 1, line 9"
keys shfl s
waitfor shfl "__shfl_xor_sync (line 9): width 8, laneMask 1"
tap_result $? "after the shuffle: its row, with the width and the lane mask"
screen shfl | grep -q " 0: 10←1 "
tap_result $? "lane 0 received 10 from lane 1"
keys shfl q
waitfor shfl "EXITED 0"

start wit 200 50 --schedule sc:0.0.0.0.0.0.0.0.0.0.0.1.0.0 debug tests/tui/cu/race.cu
waitfor wit "sched witness sc:0.0.0.0.0.0.0.0.0.0.0.1.0.0"
tap_result $? "--schedule: the status line names the witness replayed, not sched rr"
keys wit q
waitfor wit "EXITED 0"
tap_done
