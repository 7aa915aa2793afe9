#!/bin/sh
# bench.t - the bench's programs and scripts still work (make bench and make bench-check
# are not part of make check: they take minutes). bench/run.sh and bench/check.sh parse;
# bench/launches.cu (the launch-overhead program) and bench/hello.cu (start-up) run and say
# ok, and --stats prints the grid time and step count that bench/run.sh reads; the launch
# program's steps grow by one RET per warp per further launch (32768 warps of 2^20 threads)
# and the host loop's few steps: a launch of reused blocks runs every warp once, no more.
. tests/tap.sh

tmp=${TMPDIR:-/tmp}/ws-bench.$$
mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT

sh -n bench/run.sh && sh -n bench/check.sh
tap_result $? "bench/run.sh and bench/check.sh parse"

steps() {
	timeout 120 "$WARPSTEP" run --fast --stats bench/launches.cu "$1" >"$tmp/out" 2>"$tmp/err" </dev/null || return 1
	grep -q "^launches $(($1 + 1)) threads 1048576 ok$" "$tmp/out" || return 1
	grep -q '^warpstep: kernel_ms [0-9.]* steps' "$tmp/err" || return 1
	sed -n 's/.* steps \([0-9]*\).*/\1/p' "$tmp/err"
}
s0=$(steps 0) && s2=$(steps 2)
tap_result $? "bench/launches.cu runs (0 and 2 further launches) and --stats reports grid time and steps"
[ -n "$s0" ] && [ -n "$s2" ] && [ $((s2 - s0)) -ge $((2 * 32768)) ] && [ $((s2 - s0)) -lt $((2 * 32768 + 100)) ]
tap_result $? "each further launch of 2^20 threads runs its 32768 warps once (steps $s0 -> $s2)"

timeout 60 "$WARPSTEP" run bench/hello.cu >"$tmp/out" 2>"$tmp/err" </dev/null &&
	[ "$(tail -n 1 "$tmp/out")" = "hello ok" ] && [ "$(grep -c '^hello from thread' "$tmp/out")" = 4 ]
tap_result $? "bench/hello.cu runs"

# bench/host.sh (the host part against its native twin): it parses; the twins of the five
# programs compile with bench/native/cuda_host.h and skip their launch like warpstep; one
# quick row (no callgrind, one run) has its numbers
sh -n bench/host.sh
tap_result $? "bench/host.sh parses"
if command -v g++ >/dev/null 2>&1 && command -v perf >/dev/null 2>&1 &&
	perf stat -x, -e task-clock true >/dev/null 2>&1; then
	good=1
	for k in vecadd reduce_smem reduce_shfl matmul_tiled histogram; do
		sed 's/<<<.*>>>//' "bench/$k.cu" >"$tmp/$k.cpp" &&
			g++ -O0 -w -include bench/native/cuda_host.h -o "$tmp/$k" "$tmp/$k.cpp" &&
			[ "$("$tmp/$k" 0)" = "$k skipped" ] || { good=0; echo "# $k: the native twin fails"; }
	done
	[ $good = 1 ]
	tap_result $? "the native twins of the five bench programs compile and skip their launch"
	KERNELS=vecadd REPS=1 HOST_NO_IR=1 BENCH_BUILD="$tmp/hb" sh bench/host.sh >"$tmp/host" 2>&1 &&
		grep -Eq '^vecadd +[0-9.]+ +[0-9.]+ +[0-9.]+ +[0-9.]+x' "$tmp/host"
	tap_result $? "bench/host.sh measures a row ($(grep '^vecadd' "$tmp/host"))"
else
	tap_skip "bench/host.sh's native twins" "g++ or perf stat is missing"
	tap_skip "bench/host.sh measures a row" "g++ or perf stat is missing"
fi
tap_done
