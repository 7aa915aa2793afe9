#!/bin/sh
# bench/compare.sh OLD NEW: two warpstep binaries timed side by side, `--fast` kernel time
# (kernel_ms of --stats) of each bench kernel, in rounds; each round runs both, the order
# alternating from round to round (a machine's drift and the cache or frequency state a run
# leaves fall on both alike), and the verdict is the median over rounds of NEW / OLD within
# a round, with its quartiles. Medians of each binary's own times swing with the load of a
# shared machine by more than the changes they are asked to show; the paired ratios do not,
# and alternating the order matters: with OLD always first, kernels whose code had not
# changed read 4-5% faster (docs/PERFORMANCE.md, the twenty-fifth session). Two binaries
# that run the same paths still differ by a few percent (their code lies at other
# addresses): compare a kernel's move with those of the kernels the change did not touch.
#
# Environment: ROUNDS (default 15), KERNELS (default the five), LG (the log2 of the element
# count, default the programs' own), PIN (a CPU number for taskset, default none), MODE
# (default --fast; "" for the checkers on). Output: per kernel, NEW / OLD as a percentage
# change with quartiles, and each binary's median kernel_ms. Exit status: 0, 1 when a run
# fails or prints no kernel time, 2 on bad arguments. Run from the repository root.
[ $# = 2 ] && [ -x "$1" ] && [ -x "$2" ] || { echo "usage: bench/compare.sh OLD NEW (two warpstep binaries)" >&2; exit 2; }
OLD=$1 NEW=$2
ROUNDS=${ROUNDS:-15}
KERNELS=${KERNELS:-"vecadd reduce_smem reduce_shfl matmul_tiled histogram"}
MODE=${MODE---fast}
case $ROUNDS in ''|*[!0-9]*|0) echo "bench/compare.sh: ROUNDS must be a positive number" >&2; exit 2;; esac
pin=
[ -n "$PIN" ] && command -v taskset >/dev/null 2>&1 && pin="taskset -c $PIN"
tmp=${TMPDIR:-/tmp}/ws-compare.$$
mkdir -p "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
# one BIN K: the kernel's time, or nothing when the run fails
one() {
	$pin "$1" run $MODE --stats "bench/$2.cu" 1 $LG >"$tmp/out" 2>"$tmp/err" </dev/null || return 1
	grep -q ' ok$' "$tmp/out" || return 1
	sed -n 's/^warpstep: kernel_ms \([0-9.]*\).*/\1/p' "$tmp/err" | head -n 1
}
: >"$tmp/times"
r=0
while [ $r -lt $ROUNDS ]; do
	for k in $KERNELS; do
		[ -f "bench/$k.cu" ] || { echo "bench/compare.sh: no kernel $k" >&2; exit 2; }
		if [ $((r % 2)) = 0 ]; then a=$OLD; b=$NEW; else a=$NEW; b=$OLD; fi
		ta=$(one "$a" "$k") && [ -n "$ta" ] || { echo "bench/compare.sh: $a failed on $k" >&2; exit 1; }
		tb=$(one "$b" "$k") && [ -n "$tb" ] || { echo "bench/compare.sh: $b failed on $k" >&2; exit 1; }
		if [ $a = "$OLD" ]; then echo "$k $ta $tb"; else echo "$k $tb $ta"; fi >>"$tmp/times"
	done
	r=$((r + 1))
done
echo "NEW / OLD, --fast kernel time: the median of $ROUNDS paired rounds [quartiles]; each binary's median ms"
for k in $KERNELS; do
	awk -v k="$k" '$1 == k && $2 > 0 { print $3 / $2, $2, $3 }' "$tmp/times" >"$tmp/k"
	n=$(wc -l <"$tmp/k")
	q() { sort -n -k"$1","$1" "$tmp/k" | awk -v i="$2" 'NR == i { print $'"$1"' }'; }
	mid=$(((n + 1) / 2)) lo=$(((n + 3) / 4)) hi=$(((3 * n + 3) / 4))
	awk -v k="$k" -v m="$(q 1 $mid)" -v l="$(q 1 $lo)" -v h="$(q 1 $hi)" -v a="$(q 2 $mid)" -v b="$(q 3 $mid)" \
		'BEGIN { printf "%-13s %+6.1f%% [%+6.1f%%, %+6.1f%%]  old %.2f ms  new %.2f ms\n", k, 100 * (m - 1), 100 * (l - 1), 100 * (h - 1), a, b }'
done
