#!/bin/sh
# hostvm.t - the host engine (engine/machine/hostvm.c) against the
# general interpreter loop (WS_NO_HOSTVM=1): each program's stdout, stderr
# (findings, and the step count of --stats) and exit status must be the
# same, under the default schedule and a random one, and with a step limit
# that stops it mid-loop. The programs: host-heavy ones of tests/programs,
# host threads (their turns are budgets), and tests/cli/hostvm_*.cu: undefined
# behaviour, stack growth and overflow, memory freed under remembered accesses.
. tests/tap.sh

tmp=${TMPDIR:-/tmp}/ws-hostvm.$$
mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT

# run_env VAR NAME FILE OPTS ARGS: with VAR=0 and VAR=1; kernel_ms (wall
# time) is left out
run_env() {
	var=$1 name=$2 file=$3 opts=$4 args=$5
	for e in 0 1; do
		# shellcheck disable=SC2086 # options and arguments are word lists
		env "$var=$e" timeout 120 "$WARPSTEP" run --stats $opts "$file" $args > "$tmp/out.$e" 2> "$tmp/err.$e" < /dev/null
		echo "status $?" >> "$tmp/out.$e"
		sed 's/kernel_ms [0-9.]*/kernel_ms -/' "$tmp/err.$e" >> "$tmp/out.$e"
	done
	if cmp -s "$tmp/out.0" "$tmp/out.1" && grep -q 'steps [1-9]' "$tmp/out.0"; then
		tap_result 0 "$name $opts ($var): the same output, findings, status and steps ($(grep -o 'steps [0-9][0-9]*$' "$tmp/out.0"))"
	else
		tap_result 1 "$name $opts: $var=0 and $var=1 differ"
		diff "$tmp/out.0" "$tmp/out.1" | head -20 | tap_diag
	fi
}
# run NAME FILE OPTS ARGS: the host engine and the general loop
run() {
	run_env WS_NO_HOSTVM "$@"
}
# run_super NAME FILE OPTS ARGS: the host engine with and without its superinstructions
run_super() {
	run_env WS_NO_SUPER "$@"
}

for p in host_ops std_algorithm lambdas malloc_host argv pthread_mutex pthread_condvar std_thread; do
	f=tests/programs/$p.cu
	[ -f "$f" ] || { tap_result 1 "$f is missing"; continue; }
	args=
	[ -f "tests/programs/$p.args" ] && args=$(cat "tests/programs/$p.args")
	run "$p" "$f" "" "$args"
	run "$p" "$f" "--sched random:3" "$args"
done
run host_ops tests/programs/host_ops.cu "--max-steps 100000" ""
run host_ops tests/programs/host_ops.cu "--max-steps 4097" ""
run hostvm_edge tests/cli/hostvm_edge.cu "" ""
run hostvm_deep tests/cli/hostvm_deep.cu "" ""
run hostvm_free tests/cli/hostvm_free.cu "" ""
run hostvm_free tests/cli/hostvm_free.cu "--fast" ""
run hostvm_deep tests/cli/hostvm_deep.cu "--max-steps 150001" ""
# multiply-then-add pairs run as one instruction (int, int by a constant,
# float and double, the product first and second): the native program's
# numbers, bit for bit, also under a step limit
run hostvm_mad tests/cli/hostvm_mad.cu "" ""
# fused sequences (index + access, add + index + access, pointer + offset +
# access, loop counter + compare-and-branch): every width, every compare,
# heap and stack; a fault and a use after free inside a fused loop; frees
# between runs of the same loops; step limits that stop inside a sequence
for a in "" 1 2 3; do
	run hostvm_fuse tests/cli/hostvm_fuse.cu "" "$a"
done
run hostvm_fuse tests/cli/hostvm_fuse.cu "--sched random:5" "3"
for lim in 20001 20002 20003 33333 51234; do
	run hostvm_fuse tests/cli/hostvm_fuse.cu "--max-steps $lim" ""
done
# host built-ins made from inside the engine: memcpy/memset natively, the
# rest as the general loop makes them; a wait for a grid, a double free, a
# memset past a block, a memcpy into device memory, exit() in a loop, a
# read after free, all both ways; step limits
for a in "" 1 2 3 4 5; do
	run hostvm_calls tests/cli/hostvm_calls.cu "" "$a"
done
run hostvm_calls tests/cli/hostvm_calls.cu "--sched random:7" ""
run hostvm_calls tests/cli/hostvm_calls.cu "--fast" "5"
for lim in 4097 8193 12289; do
	run hostvm_calls tests/cli/hostvm_calls.cu "--max-steps $lim" ""
done
# pairs and divisions by constants (HV_PAIRS, KC_x): host_super both ways,
# unoptimised too (sessions run that), and under step limits that stop
# between the two of a pair
run host_super tests/programs/host_super.cu "" ""
run host_super tests/programs/host_super.cu "--no-opt" ""
for lim in 10001 10002 10003 77777 150001; do
	run host_super tests/programs/host_super.cu "--max-steps $lim" ""
done
# the host engine with and without its superinstructions (WS_NO_SUPER=1):
# the same output, findings, status and steps
run_super host_super tests/programs/host_super.cu "" ""
run_super host_super tests/programs/host_super.cu "--no-opt" ""
run_super host_super tests/programs/host_super.cu "--max-steps 20011" ""
run_super host_ops tests/programs/host_ops.cu "" ""
run_super hostvm_fuse tests/cli/hostvm_fuse.cu "" "3"
run_super hostvm_calls tests/cli/hostvm_calls.cu "" "5"
for b in vecadd reduce_smem histogram; do
	run_super "$b" "bench/$b.cu" "--fast" "1 12"
done
run_super matmul_tiled bench/matmul_tiled.cu "--fast" "1 48"
"$WARPSTEP" run tests/programs/host_super.cu > "$tmp/super" 2>&1 < /dev/null
cmp -s "$tmp/super" tests/programs/host_super.expected
tap_result $? "host_super prints what the native program prints (tests/programs/host_super.expected)"
"$WARPSTEP" run tests/cli/hostvm_fuse.cu 3 > "$tmp/fuse" 2>&1 < /dev/null
want='1254153263296 12625.500 11007 109801'
[ "$(cat "$tmp/fuse")" = "$want" ]
tap_result $? "hostvm_fuse prints what the native program prints ($want)"
run hostvm_mad tests/cli/hostvm_mad.cu "--max-steps 1000003" ""
# counters and stores read back (HV_INCS, HV_SLS): host_count and the
# histogram's input loop with and without them (WS_NO_HOSTINC=1,
# WS_NO_HOSTFWD=1), against the general loop, unoptimised, under step
# limits that stop inside the sequences, and the three host findings they
# must report as the general loop does (a counter past its block, after
# free, a store read back past its block)
for v in WS_NO_HOSTINC WS_NO_HOSTFWD; do
	run_env "$v" host_count tests/programs/host_count.cu "" ""
	run_env "$v" host_count tests/programs/host_count.cu "--no-opt" ""
	run_env "$v" histogram bench/histogram.cu "--fast" "1 12"
	for f in host_count_oob_1 host_count_uaf_1 host_readback_oob_1; do
		run_env "$v" "$f" "tests/findings/$f.cu" "" ""
	done
done
run host_count tests/programs/host_count.cu "" ""
for lim in 30001 30002 30003 1000001 2500007; do
	run host_count tests/programs/host_count.cu "--max-steps $lim" ""
done
for f in host_count_oob_1 host_count_uaf_1 host_readback_oob_1; do
	run "$f" "tests/findings/$f.cu" "" ""
done
"$WARPSTEP" run tests/cli/hostvm_mad.cu > "$tmp/mad" 2>&1 < /dev/null
want='0x1.89a3bap+30 0x1.33e82c7e8558p+21 -67667945 0x1.81ba6cp+17'
[ "$(cat "$tmp/mad")" = "$want" ]
tap_result $? "hostvm_mad prints what the native program prints ($want)"
tap_done
