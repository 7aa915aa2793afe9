#!/bin/sh
# puzzles.t - every puzzle in puzzles/ played headless with
# tests/lua/puzzles/NAME.answers (the starter unchanged, which must fail,
# then a solution, which must pass): exit 0 and the golden transcript
# NAME.transcript (regenerate with WS_REGOLD=1 after a reviewed change).
# Then wrong solutions that break each kind of rule, and the menu listing.
. tests/tap.sh

tmp=$(mktemp -d "${TMPDIR:-/tmp}/ws-puzzles.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
export XDG_STATE_HOME="$tmp/state"
G=tests/lua/puzzles
for f in puzzles/*.lua; do
	n=$(basename "$f" .lua)
	"$WARPSTEP" lesson "$f" --answers "$G/$n.answers" --fresh >"$tmp/$n.out" 2>"$tmp/$n.err" </dev/null
	st=$?
	[ -n "$WS_REGOLD" ] && cp "$tmp/$n.out" "$G/$n.transcript"
	diff -u "$G/$n.transcript" "$tmp/$n.out" | tap_diag
	[ -s "$tmp/$n.err" ] && tap_diag <"$tmp/$n.err"
	[ $st -eq 0 ] && cmp -s "$G/$n.transcript" "$tmp/$n.out" &&
		[ "$(grep -c '^  solved$' "$tmp/$n.out")" -eq 1 ] && grep -q "expected" "$tmp/$n.out"
	tap_result $? "puzzle $n: the starter fails, the solution passes, golden transcript"
done
[ "$(ls puzzles/*.lua | wc -l)" -ge 20 ]
tap_result $? "at least 20 puzzles"

# wrong: attempt FILE PUZZLE KERNEL-SOURCE: the feedback of one attempt
attempt() {
	printf 'source: <<END\n%s\nEND\n' "$2" >"$tmp/a"
	"$WARPSTEP" lesson "puzzles/$1.lua" --answers "$tmp/a" --fresh >"$tmp/w.out" 2>&1 </dev/null
}
attempt p09-pooling '__global__ void pool(int *out, const int *a, int size)
{
    int i = threadIdx.x;
    int s = a[i];
    if (i >= 1) s += a[i - 1];
    if (i >= 2) s += a[i - 2];
    out[i] = s;
}'
grep -q "thread 2 reads global memory 3 times (at most 1)" "$tmp/w.out" && grep -q "does not use shared memory" "$tmp/w.out"
tap_result $? "pooling without shared memory: right values, but the read limit and shared memory rules fail"
attempt p08-shared '__global__ void shared_map(int *out, const int *a, int size)
{
    __shared__ int cache[4];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int local = threadIdx.x;
    cache[local] = a[i];
    out[i] = cache[(local + 1) % 4] + 10;
}'
grep -q "shared-race" "$tmp/w.out"
tap_result $? "shared without a barrier: the race is reported with its line"
attempt p16-compaction '__global__ void compact(int *out, int *count, const int *a)
{
    int lane = threadIdx.x;
    int v = a[lane];
    if (v > 0)
        out[atomicAdd(count, 1)] = v;
}'
grep -q "the kernel calls atomicAdd" "$tmp/w.out"
tap_result $? "compaction with an atomic counter: the no-atomics rule fails"
attempt p18-warp-broadcast '__global__ void warp_broadcast(int *out, const int *a)
{
    out[threadIdx.x] = a[0];
}'
grep -q "global memory is read 32 times in all (at most 1)" "$tmp/w.out"
tap_result $? "broadcast by every lane reading: the total read limit fails"
attempt p03-guards '__global__ void map_guard(int *out, const int *a, int size)
{
    int i = threadIdx.x;
    out[i] = a[i] + 10;
}'
grep -q "oob-global" "$tmp/w.out" && grep -q "map_guard.cu:4" "$tmp/w.out"
tap_result $? "no guard: the out-of-bounds access is reported at the student's line"
attempt p15-warp-sum '__global__ void warp_sum(int *out, const int *a)
{
    int lane = threadIdx.x;
    int v = a[lane]
}'
grep -q "warp_sum.cu:5:1: error: expected ';' before '}'" "$tmp/w.out"
tap_result $? "a compile error points at the student's file and line"

"$WARPSTEP" </dev/null >"$tmp/list" 2>&1
grep -q "The puzzles (in .*puzzles)" "$tmp/list" && grep -q "p21-transpose.lua" "$tmp/list"
tap_result $? "a plain warpstep lists the puzzles after the lessons"
tap_done
