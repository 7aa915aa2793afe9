#!/bin/sh
# ldfma.t - the fast path's LD, LD, fmaf superinstruction (F_LDLD_FMAF: interp.c
# fast_pairs, llf_shape, llf_lanes; fastrun.h; docs/PERFORMANCE.md, s18-mm): a matrix
# product's dot-product steps in one dispatch, the address rows' shapes found once per run
# of steps. Each program runs with it and without (WS_NO_LDFMA=1), --fast and checked, under
# other policies and schedules, and under step limits that stop a kernel inside a run of
# steps: stdout (every result's bits, NaN payloads too), stderr (errors, findings, the step
# count of --stats) and exit status must be the same. Tiles of every shape the fused path
# takes or declines (tests/programs/ldfma_tiles.cu: broadcast words, rows, strided columns,
# mixed halves, a partial warp; NaN, infinite, -0.0 and denormal operands), and its declines
# (tests/engine/ldfma_edge.cu: reads past the end of shared memory, misaligned, a diverged
# warp).
. tests/tap.sh

tmp=$(mktemp -d "${TMPDIR:-/tmp}/ws-ldfma.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT

# run NAME FILE OPTS [ARGS]: both ways; kernel_ms (wall time) is left out
run() {
	name=$1 file=$2 opts=$3 args=$4
	for e in 0 1; do
		# shellcheck disable=SC2086 # options and arguments are word lists
		WS_NO_LDFMA=$e timeout 120 "$WARPSTEP" run --stats $opts "$file" $args > "$tmp/out.$e" 2> "$tmp/err.$e" < /dev/null
		echo "status $?" >> "$tmp/out.$e"
		sed 's/kernel_ms [0-9.]*/kernel_ms -/' "$tmp/err.$e" >> "$tmp/out.$e"
	done
	if cmp -s "$tmp/out.0" "$tmp/out.1" && grep -q 'steps [1-9]' "$tmp/out.0"; then
		tap_result 0 "$name $opts $args: the same output, errors, status and steps ($(grep -o 'steps [0-9][0-9]*$' "$tmp/out.0" | tail -1))"
	else
		tap_result 1 "$name $opts $args: with and without the superinstruction differ"
		diff "$tmp/out.0" "$tmp/out.1" | head -20 | tap_diag
	fi
}

t=tests/programs/ldfma_tiles.cu
for o in "--fast" "" "--fast --simt its" "--fast --sched random:7" "--fast --max-steps 12300" \
	 "--fast --max-steps 12301" "--fast --max-steps 12302" "--fast --max-steps 12500" "--fast --max-steps 12501" "--fast --max-steps 12502" "--fast --max-steps 12700"; do
	run ldfma_tiles "$t" "$o" raw
done
# the same bits as the GPU's (NaN as "nan")
WS_NO_LDFMA=0 "$WARPSTEP" run --fast "$t" > "$tmp/tiles" 2>&1 < /dev/null
if cmp -s "$tmp/tiles" tests/programs/ldfma_tiles.expected; then
	tap_result 0 "ldfma_tiles --fast: the GPU's output"
else
	tap_result 1 "ldfma_tiles --fast: not the GPU's output"
	diff "$tmp/tiles" tests/programs/ldfma_tiles.expected | head -20 | tap_diag
fi
ef=tests/engine/ldfma_edge.cu
for a in "0 0" "0 5" "1 2" "1 4" "2 9" "2 0"; do
	run ldfma_edge "$ef" "--fast" "$a"
	run ldfma_edge "$ef" "" "$a"
done
run ldfma_edge "$ef" "--fast --max-steps 2000" "0 5"
run ldfma_edge "$ef" "--fast --sched random:3" "0 0"
run ldfma_edge "$ef" "--sched random:3" "0 0"
run matmul_tiled bench/matmul_tiled.cu "--fast" "1 48"
run matmul_tiled bench/matmul_tiled.cu "" "1 32"
tap_done
