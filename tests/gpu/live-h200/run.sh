#!/bin/sh
# on the device machine, in the extracted tree: build, then drive debug --gpu --live headless
O=${OUT:-/tmp/out}
W=./warpstep
D=dev
nvidia-smi --query-gpu=name,driver_version --format=csv > $O/gpu.txt 2>&1
run() { # name, program, commands (printf format), extra env
	name=$1; prog=$2; cmds=$3
	start=$(date +%s.%N)
	printf "$cmds" | timeout 90 $W debug --gpu --live $prog > $O/$name.out 2> $O/$name.err
	echo "rc=$? secs=$(awk "BEGIN{print $(date +%s.%N) - $start}")" >> $O/$name.err
}
run diverge tests/gpu/trace/diverge.cu 'info\nstep 0\nstep 0\nstep 0\nstep 0\nstep 0\ninfo 0\nuntil 1 14\nstep 3 3\ninfo\nstep 0\nstep 0\nstep 0\ncontinue\n'
run sync $D/sync.cu 'step 0\nstep 0\nstep 0\nstep 0\nstep 0\ninfo\nstep 1\nstep 1\nstep 1\nstep 1\ninfo 0\nstep 0\ninfo\ncontinue\n'
run loop $D/loop.cu 'step 0 300\ninfo\ncontinue\n'
run big $D/big.cu 'continue\n'
run nowarp tests/gpu/trace/diverge.cu 'step 9\nstep\ncontinue\n'
# a gate's timeout: the host stays silent longer than WARPSTEP_LIVE_TIMEOUT
start=$(date +%s.%N)
(printf 'step 0\n'; sleep 8; printf 'info\nstep 0\ncontinue\n') | WARPSTEP_LIVE_TIMEOUT=3 timeout 90 $W debug --gpu --live tests/gpu/trace/diverge.cu > $O/timeout.out 2> $O/timeout.err
echo "rc=$? secs=$(awk "BEGIN{print $(date +%s.%N) - $start}")" >> $O/timeout.err
# the host killed mid-session: the kernel must end by itself (the gates' timeout)
(printf 'step 0\n'; sleep 8) | WARPSTEP_LIVE_TIMEOUT=4 timeout -s KILL 3 $W debug --gpu --live tests/gpu/trace/diverge.cu > $O/killed.out 2> $O/killed.err
echo "rc=$?" >> $O/killed.err
sleep 6
nvidia-smi --query-compute-apps=pid,name --format=csv > $O/after-kill.txt 2>&1
timeout 60 $W run --gpu tests/gpu/trace/diverge.cu > $O/after-run.out 2>&1; echo "rc=$?" >> $O/after-run.out
timeout 60 $W ptx --live tests/gpu/trace/diverge.cu > $O/diverge-live.ptx 2>&1
