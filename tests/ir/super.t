#!/bin/sh
# super.t - the device fast path's superinstructions (interp.c fast_pairs, fastrun.h:
# docs/PERFORMANCE.md, "Issue 13 item 2, seventh session"): indexing folded into the
# load or store that follows it, a loop counter's increment with its compare-and-branch,
# and 32-bit division and remainder by a divisor the same in every lane (multiply-high).
# Each program runs with them and without (WS_NO_SUPER=1), --fast and with the checkers,
# and under a step limit that stops a kernel mid-loop: stdout, stderr (findings, the step
# count of --stats), exit status must be the same; the programs print what their CPU
# reference computes.
. tests/tap.sh

tmp=$(mktemp -d "${TMPDIR:-/tmp}/ws-super.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT

# run NAME FILE OPTS [ARGS]: both ways; kernel_ms (wall time) is left out
run() {
	name=$1 file=$2 opts=$3 args=$4
	for e in 0 1; do
		# shellcheck disable=SC2086 # options and arguments are word lists
		WS_NO_SUPER=$e timeout 120 "$WARPSTEP" run --stats $opts "$file" $args > "$tmp/out.$e" 2> "$tmp/err.$e" < /dev/null
		echo "status $?" >> "$tmp/out.$e"
		sed 's/kernel_ms [0-9.]*/kernel_ms -/' "$tmp/err.$e" >> "$tmp/out.$e"
	done
	if cmp -s "$tmp/out.0" "$tmp/out.1" && grep -q 'steps [1-9]' "$tmp/out.0"; then
		tap_result 0 "$name $opts: the same output, findings, status and steps ($(grep -o 'steps [0-9][0-9]*$' "$tmp/out.0" | tail -1))"
	else
		tap_result 1 "$name $opts: with and without superinstructions differ"
		diff "$tmp/out.0" "$tmp/out.1" | head -20 | tap_diag
	fi
}

for p in fold_ops matmul_tiled matmul_naive vecadd reduce_tree hist_shared lane_ops; do
	f=tests/programs/$p.cu
	[ -f "$f" ] || { tap_result 1 "$f is missing"; continue; }
	run "$p" "$f" "--fast"
	run "$p" "$f" ""
done
run fold_ops tests/programs/fold_ops.cu "--fast --max-steps 20011"
run fold_ops tests/programs/fold_ops.cu "--fast --simt its"
run super_edge tests/ir/super_edge.cu "--fast"
run super_edge tests/ir/super_edge.cu ""
# the fourteenth session's shuffles, diverged groups, byte loads, narrow indices (decode's
# rewrites of run's code are off with WS_NO_SUPER too); and against the CPU
run narrow_shfl tests/ir/narrow_shfl.cu "--fast"
run narrow_shfl tests/ir/narrow_shfl.cu ""
run narrow_shfl tests/ir/narrow_shfl.cu "--fast --simt its"
run narrow_shfl tests/ir/narrow_shfl.cu "--fast --max-steps 9000"
"$WARPSTEP" run --fast tests/ir/narrow_shfl.cu > "$tmp/narrow" 2>&1 < /dev/null
r=0
[ "$(grep -c ': 0 wrong$' "$tmp/narrow")" -eq 6 ] || r=1
[ "$r" -eq 0 ] || head -20 "$tmp/narrow" | tap_diag
tap_result "$r" "narrow_shfl --fast: every result as the CPU's"
# tile reads and writes as blocks (pair_load, pair_store): rows and words at the end of
# their window, overlapping and mixed halves, and a row one word past the end (reported)
for a in 0 1; do
	run "super_tiles $a" tests/ir/super_tiles.cu "--fast" "$a"
	run "super_tiles $a" tests/ir/super_tiles.cu "" "$a"
done

# fold_ops prints the CPU's numbers (written from the C semantics: a native build)
"$WARPSTEP" run --fast tests/programs/fold_ops.cu > "$tmp/fold" 2>&1 < /dev/null
cmp -s "$tmp/fold" tests/programs/fold_ops.expected
tap_result $? "fold_ops --fast prints fold_ops.expected"
# super_edge: lanes storing to one word (the highest lane's value stays), a division by
# zero under a uniform divisor (the finding, once), loads across the window's end
"$WARPSTEP" run --fast tests/ir/super_edge.cu > "$tmp/edge" 2> "$tmp/edge.err" < /dev/null
st=$?
cat > "$tmp/want" <<'EOW'
same word: 31 31 15
zero: 7
end: 2016
past end: cudaSuccess
EOW
r=0
cmp -s "$tmp/edge" "$tmp/want" || r=1
grep -q 'integer division by zero' "$tmp/edge.err" || r=1
[ "$r" -eq 0 ] || { cat "$tmp/edge" "$tmp/edge.err" | head -20 | tap_diag; }
tap_result "$r" "super_edge: the highest lane's store stays, division by zero is reported"
# super_tiles 1: the row whose last lane is past the allocation's end is reported there
"$WARPSTEP" run --fast tests/ir/super_tiles.cu 1 > "$tmp/tiles" 2> "$tmp/tiles.err" < /dev/null
grep -q 'oob-global-read.*0 bytes past the end of a 4000-byte allocation' "$tmp/tiles.err"
r=$?
[ "$r" -eq 0 ] || head -20 "$tmp/tiles.err" | tap_diag
tap_result "$r" "super_tiles 1: a tile row one word past the allocation's end is reported"
tap_done
