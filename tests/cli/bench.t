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
tap_done
