#!/bin/sh
# licm.t - loop-invariant code motion in run's pipeline (engine/ir/licm.c) and the
# registers renumbered after it (ir_compact_regs): docs/PERFORMANCE.md, "Issue 13 item 2,
# sixth session".
# - golden IR: `warpstep dump-run-ir tests/ir/hoist.cu` equals tests/ir/hoist.run-ir
#   (WS_UPDATE_GOLDEN=1 rewrites it): the row of as[ty] and the column of bs[k][tx] are
#   computed before the k loop, the address of C[i*n+j] and i*n before the CPU loop's;
# - licm.cu prints what the semantics say (loads a store of the loop changes, shared
#   memory another thread changes between barriers, division by negative constants,
#   signed remainders, a division by zero in a loop that runs no iteration, a value that
#   changes on one iteration, a loop entered by a goto, swapped pointers, host loads a
#   store of the loop changes or only a later iteration would run), the same as
#   with --no-inline (ir_optimize only), and `check` reports nothing;
# - a host loop spinning on another thread's plain store still ends;
# - fewer interpreted steps, fewer registers.
# The dumps are made with WS_NO_UNROLL=1: unrolling (tests/ir/unroll.t) leaves no loop in
# the kernels looked at here.
. tests/tap.sh

tmp=$(mktemp -d "${TMPDIR:-/tmp}/ws-licm.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
ws() { "$WARPSTEP" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null; st=$?; }
show() { { echo "status $st; stdout:"; head -40 "$tmp/out"; echo "stderr:"; head -20 "$tmp/err"; } | tap_diag; }
expect() { eval "$1"; r=$?; [ "$r" -eq 0 ] || show; tap_result "$r" "$2"; }
# the loops this test looks at are written out by run's unrolling (engine/ir/unroll.c):
# its dumps are made without it, so that licm's work on them stays visible
wsl() { WS_NO_UNROLL=1 "$WARPSTEP" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null; st=$?; }
steps() { "$WARPSTEP" run --stats "$@" 2>&1 >/dev/null </dev/null | sed -n 's/^warpstep: kernel_ms .* steps \([0-9]*\)$/\1/p'; }

# --- golden
wsl dump-run-ir tests/ir/hoist.cu
[ -n "$WS_UPDATE_GOLDEN" ] && cp "$tmp/out" tests/ir/hoist.run-ir
r=0
cmp -s "$tmp/out" tests/ir/hoist.run-ir || { r=1; diff tests/ir/hoist.run-ir "$tmp/out" | head -40 | tap_diag; }
tap_result "$r" "dump-run-ir tests/ir/hoist.cu equals its golden tests/ir/hoist.run-ir"

# the k loop of the kernel (from the first instruction after its test's CBR to the
# branch back): two loads, the fmaf, the counter, the test; no address of a row or a
# column is computed inside it (one indexing per load: CVT, CONST, MUL, ADD.ptr)
awk '/ kernel "tile/ { f = 1 } f && /CBR.pred .* @[0-9]+ @[0-9]+/ { n++ } f { print } /^$/ { f = 0 }' \
	"$tmp/out" >"$tmp/tile"
back=$(sed -n 's/.* \([0-9]*\)  CBR.pred r[0-9]* @\([0-9]*\) @.*/\2 \1/p' "$tmp/tile" | awk '$1 < $2 { print; exit }')
set -- $back
body=$(awk -v a="$1" -v b="$2" '{ for (i = 1; i <= NF; i++) if ($i ~ /^[0-9]+$/) { n = $i; break } } n >= a && n <= b && !/NOP/' "$tmp/tile")
expect '[ "$(echo "$body" | grep -c "ADD.ptr")" -eq 2 ] && [ "$(echo "$body" | grep -c " LD")" -eq 2 ] &&
	! echo "$body" | grep -q "GADDR\|MUL.s64 r[0-9]* r[0-9]*.*18:13"' \
	"hoist.cu: the k loop computes one address per load (rows and columns before it)"
# threadIdx.x and threadIdx.y: read once each, at the kernel's entry (before its second
# statement)
awk '/ kernel "tile/ { f = 1; next } f && /^  \*/ && ++n == 2 { exit } f' "$tmp/out" >"$tmp/entry"
expect '[ "$(grep -c "SREG.u32 [01] " $tmp/tile)" -eq 2 ] && [ "$(grep -c "SREG.u32 [01] " $tmp/entry)" -eq 2 ]' \
	"hoist.cu: threadIdx.x and .y are read once, at the kernel's entry"
# the CPU loop: i*n is computed before the j loop, C's element before the k loop
awk '/ host "reference/,/^$/' "$tmp/out" >"$tmp/ref"
expect '[ "$(grep -c "MUL.s32 r4 r3" $tmp/ref)" -eq 2 ] &&
	[ "$(grep -n "MUL.s32 r4 r3" $tmp/ref | head -1 | cut -d: -f1)" -lt "$(grep -n "26:17" $tmp/ref | head -1 | cut -d: -f1)" ]' \
	"hoist.cu: i*n moves out of the j and k loops"

# fields: q->z and q->y are loads and stores at [q + 8] and [q + 4], with no ADD
ws dump-run-ir tests/ir/licm.cu
awk '/ kernel "fields/,/^$/' "$tmp/out" >"$tmp/fields"
expect '[ "$(grep -c "[LS][DT].f32 \[generic\] r[0-9]*+8" $tmp/fields)" -eq 3 ] &&
	[ "$(grep -c "LD.s32 \[generic\] r[0-9]*+4" $tmp/fields)" -eq 1 ]' \
	"licm.cu: constant field offsets are the loads' and stores' own offsets"

# --- semantics
ws run tests/ir/licm.cu
cat >"$tmp/want" <<'EOW'
tiles: c[0][0]=7 c[3][5]=89 c[7][7]=119, 0 differ from the CPU
loads: 12460 20460 28460 36460
divs thread 0: q=9 r=-6 u=4294967292 z=0
divs thread 1: q=15 r=0 u=4294967277 z=0
ids: 1 31 301 331
fields: 210 421 633, host 13042
host loads: alias_sum 8, guarded 18
host: late_change 79, two_entries 39 126, swaps 21212
EOW
expect '[ $st -eq 0 ] && cmp -s $tmp/out $tmp/want' "licm.cu prints what the semantics say"
cp "$tmp/out" "$tmp/a"
ws run --no-inline tests/ir/licm.cu
expect '[ $st -eq 0 ] && cmp -s $tmp/out $tmp/a' "licm.cu prints the same without run's pipeline"
ws check tests/ir/licm.cu
expect '[ $st -eq 0 ] && [ ! -s $tmp/err ] && cmp -s $tmp/out $tmp/a' "check licm.cu: no finding"
ws run tests/ir/hoist.cu
expect '[ $st -eq 0 ] && [ "$(cat $tmp/out)" = "c[1][2]=14 c[3][3]=29, 0 differ" ]' "hoist.cu: the kernel agrees with the CPU"

# --- a host loop waiting for another thread's plain store: the load its exit depends on
# stays in the loop (moved, the loop would never end: --max-steps stops it)
ws run --sched rr --max-steps 3000000 tests/ir/spin_host.cu
expect '[ $st -eq 0 ] && [ "$(cat $tmp/out)" = "flag 1 k 7" ]' "spin_host.cu: the spinning loop sees the other thread's store"

# --- steps and registers (before this pass: hoist.cu 1944 steps, licm.cu 34454,
# vec_loop.cu 20 136678, matmul_tiled's kernel 140 registers)
s=$(steps tests/ir/hoist.cu)
expect '[ -n "$s" ] && [ "$s" -le 1680 ]' "hoist.cu: at most 1680 steps ($s; 1944 before)"
s=$(steps tests/ir/licm.cu)
expect '[ -n "$s" ] && [ "$s" -le 23500 ]' "licm.cu: at most 23500 steps ($s; 34454 before)"
# the data pointers of the std::vectors: read once per loop of a CPU reference (a loop
# that writes no memory), not on every access
s=$(steps tests/ir/vec_loop.cu 20)
expect '[ -n "$s" ] && [ "$s" -le 120000 ]' "vec_loop.cu 20: at most 120000 steps ($s; 136678 before)"
wsl dump-run-ir bench/matmul_tiled.cu
n=$(sed -n 's/^func .* kernel "matmul_tiled.* regs=\([0-9]*\) .*/\1/p' "$tmp/out")
expect '[ -n "$n" ] && [ "$n" -le 106 ]' "bench matmul_tiled: at most 106 registers per thread ($n; 140 before)"

# the shuffle loop of bench/reduce_shfl.cu: the mask and the width, CONSTs that only the
# SHFL reads, are made before the loop, not at every iteration of every warp; the CONSTs a
# compare or an add takes as its constant operand stay beside it (decode.c folds them;
# tenth session). Host code keeps its CONSTs (the host engine fuses them with their readers).
wsl dump-run-ir bench/reduce_shfl.cu
awk '/ kernel "reduce_shfl/,/^$/' "$tmp/out" >"$tmp/shfl"
back=$(sed -n 's/.* \([0-9]*\)  CBR.pred r[0-9]* @\([0-9]*\) @.*/\2 \1/p' "$tmp/shfl" | awk '$1 < $2 { print; exit }')
set -- $back
body=$(awk -v a="$1" -v b="$2" '{ for (i = 1; i <= NF; i++) if ($i ~ /^[0-9]+$/) { n = $i; break } } n >= a && n <= b && !/NOP/' "$tmp/shfl")
expect '[ -n "$back" ] && echo "$body" | grep -q " SHFL" && ! echo "$body" | grep -q "CONST.u32 4294967295\|CONST.s32 32 "' \
	"reduce_shfl.cu: the shuffle's mask and width are made before its loop"
s=$(steps bench/reduce_shfl.cu 1 14)
expect '[ -n "$s" ] && [ "$s" -le 221000 ]' "reduce_shfl.cu 1 14: at most 221000 steps ($s; 224349 before)"

tap_done
