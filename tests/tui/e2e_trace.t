#!/bin/sh
# e2e_trace.t - debug --trace in the interface, in tmux (docs/gpu.md
# "Traces"): tests/gpu/trace/diverge.hand.trace, a trace written in the
# format trace --gpu records, replayed on tests/gpu/trace/diverge.cu
# without a GPU: the first step runs the host to the traced launch, each
# next one steps the warp the GPU ran next (block 1 first, on SM 2), the
# focus follows it, `info trace` lists the records to come, and after the
# last one stepping goes on in the emulator's order; :compare (G) shows
# the emulator's own run beside the H200's trace; debug --gpu records on
# the fake driver and replays. Skips when tmux is missing.
. tests/tap.sh
. tests/tui/e2e_lib.sh

e2e_init e2e-trace "debug --trace end to end"

start() {
	_n=$1 _w=$2 _h=$3
	shift 3
	e2e_session "$_n" "$_w" "$_h" "env TERM=xterm-256color $bin $*"
}
cmd() { keys "$1" : ; tm send-keys -t "$1" -l "$2"; keys "$1" Enter; }

start t 200 60 debug --trace tests/gpu/trace/diverge.hand.trace tests/gpu/trace/diverge.cu
waitfor t "replaying the GPU trace tests/gpu/trace/diverge.hand.trace"
tap_result $? "debug --trace opens and says it replays the trace"
keys t s
waitfor t "kernel diverge started: replaying 28 steps recorded on NVIDIA H100"
tap_result $? "the first step runs the host to the traced launch"
keys t s
waitfor t "GPU step 1 of 28: SM 2 warp slot 0: block (1,0,0) warp 0, lanes 0xffffffff, line 6"
tap_result $? "the next runs the warp the GPU ran first: block 1, on SM 2"
waitfor t "blockIdx  (1,0,0)"
tap_result $? "the focus follows that warp"
cmd t "info trace"
waitfor t "-> 1  SM 2 warp slot 1: block (1,0,0) warp 1, lanes 0xffffffff, line 6"
tap_result $? "info trace lists the records to come"
for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15; do keys t s; sleep 0.1; done
waitfor t "lanes 0xaaaaaaaa, line 11"
tap_result $? "a step shows the lanes the hardware ran at the if"
for i in 1 2 3 4 5 6 7 8 9 10 11 12; do keys t s; sleep 0.1; done
waitfor t "the trace is over (28 GPU steps): stepping goes on in the emulator's order"
tap_result $? "after the last record the replay says it is over"
keys t q y
waitfor t "EXITED 0"
tap_result $? "quit"

# :compare (key G) beside the H200's trace: the GPU pane, the emulator's
# own run of the launch beside the hardware's, the if's sides apart
start c 200 60 debug --trace tests/gpu/trace/diverge.h200.trace tests/gpu/trace/diverge.cu
waitfor c "replaying the GPU trace tests/gpu/trace/diverge.h200.trace"
keys c G
waitfor c "G GPU: step 0 of 28 beside the emulator"
tap_result $? "G turns compare on: the GPU pane takes its place"
waitfor c "blocks first ran on the GPU: (0,0,0) SM 124, (1,0,0)"
tap_result $? "the pane says the blocks' order and SMs on the GPU"
for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18; do keys c s; sleep 0.1; done
waitfor c "(0,0,0) w0 5  l13 0x55555555  l11 0xaaaaaaaa  path"
tap_result $? "at the if: the GPU ran the else side, the emulator the if side (path)"
cmd c "compare off"
waitfor c "compare off"
tap_result $? ":compare off"
keys c q y
waitfor c "EXITED 0"

# debug --gpu in one step, on tests/gpu/fakecuda.c (the stand-in libcuda,
# whose scale writes two records: block 1 first): it records the launch,
# then the interface replays it; the temporary trace goes when it closes
CC=${CC:-cc}
mkdir -p "$tmp/gpu/tt"
if "$CC" -shared -fPIC -o "$tmp/gpu/libfakecuda.so" tests/gpu/fakecuda.c 2>/dev/null; then
	e2e_session g 200 60 "env TERM=xterm-256color WARPSTEP_LIBCUDA=$tmp/gpu/libfakecuda.so TMPDIR=$tmp/gpu/tt $bin debug --gpu tests/gpu/compare_prog.cu --kernel scale"
	waitfor g "replaying the GPU trace $tmp/gpu/tt/warpstep-trace-"
	tap_result $? "debug --gpu records the launch and opens the interface on its trace"
	keys g s
	waitfor g "kernel scale started: replaying 2 steps recorded on Fake GPU"
	tap_result $? "the first step runs the host to the launch recorded"
	keys g s
	waitfor g "GPU step 1 of 2: SM 0 warp slot 0: block (1,0,0) warp 0, lanes 0x0000000f, line 6"
	tap_result $? "the next runs the warp the GPU ran first"
	keys g q y
	waitfor g "EXITED 0"
	[ -z "$(ls "$tmp/gpu/tt")" ]
	tap_result $? "the temporary trace is removed when the interface closes"
else
	tap_skip "debug --gpu on the fake driver" "cannot build a shared library with $CC"
fi
tap_done
