#!/bin/sh
# hist_warp.t - histogram's warp (docs/PERFORMANCE.md, "Issue 13 item 1, nineteenth session:
# histogram's warp (s19-hist)"; s21-hist: a CONST and the atomicAdd of it, F_CONST_ATOM, off with
# WS_NO_CONSTATOM=1, tests/programs/atom_const.cu; a byte load whose value indexes the
# atomicAdd of a constant, F_LDB_ATOM, off with WS_NO_LDBATOM=1, tests/programs/hist_bytes.cu,
# also stopped by step limits inside its runs; s22-hist: its bytes at an index on lanes read by
# the first lane's offset, off with WS_NO_LANEX=1, tests/programs/hist_lanes.cu): an atomic whose
# old value nothing reads writes no row
# (decode.c atomdead, off with WS_NO_SUPER=1), a diverged group's loads without do_ld
# (interp.c ld_part), and a group's 4-byte loads and integer atomicAdd on consecutive words
# eight lanes a step (run4_at, run4_avx2; off with WS_NO_RUN4=1). tests/programs/hist_warp.cu
# (loads of every shape and width, atomics kept, dropped, signed, on few words) and
# tests/ir/hist_edge.cu (a group's run past the allocation's end, a misaligned short, one
# lane in another allocation) run with them and without, --fast, checked and --simt its:
# stdout, stderr (findings, --stats's steps), exit status must be the same.
. tests/tap.sh

tmp=$(mktemp -d "${TMPDIR:-/tmp}/ws-histwarp.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT

# run NAME FILE OPTS [ARGS]: from the top, as is and with each switch (tests/switches.sh)
switches="WS_NO_RUN4 WS_NO_SUPER WS_NO_CONSTATOM WS_NO_LDBATOM WS_NO_LANEX"
. tests/switches.sh
run() { switch_run "$1" . "$2" "$3" "$4"; }

for o in "--fast" "" "--fast --simt its"; do
	run hist_warp tests/programs/hist_warp.cu "$o"
done
run hist_warp tests/programs/hist_warp.cu "--fast --max-steps 30011"
for o in "--fast" "" "--fast --simt its" "--fast --sched random:5"; do
	run atom_const tests/programs/atom_const.cu "$o"
	run hist_bytes tests/programs/hist_bytes.cu "$o"
	run hist_lanes tests/programs/hist_lanes.cu "$o"
done
run atom_const tests/programs/atom_const.cu "--fast --max-steps 4001"
# stops inside the kernel's atomics (its steps about 66,450 to 66,800)
for s in $(seq 66451 9 66800); do
	run hist_bytes tests/programs/hist_bytes.cu "--fast --max-steps $s"
done
for a in 0 1 2 3 4 5 6; do
	run "hist_edge $a" tests/ir/hist_edge.cu "--fast" "$a"
	run "hist_edge $a" tests/ir/hist_edge.cu "" "$a"
done

# the CPU's results
for f in tests/programs/atom_const.cu tests/programs/hist_bytes.cu tests/programs/hist_lanes.cu bench/histogram.cu; do
	"$WARPSTEP" run --fast "$f" > "$tmp/ac" 2>&1 < /dev/null
	r=$?
	grep -q ': 0 wrong;\|checksum .* ok' "$tmp/ac" || r=1
	! grep -q ' [1-9][0-9]* wrong' "$tmp/ac" || r=1
	[ "$r" -eq 0 ] || head -5 "$tmp/ac" | tap_diag
	tap_result "$r" "$f --fast: every atomicAdd of a constant as the CPU's"
done
"$WARPSTEP" run --fast tests/programs/hist_warp.cu > "$tmp/hw" 2>&1 < /dev/null
r=$?
[ "$(grep -c ': 0 wrong;' "$tmp/hw")" -eq 2 ] || r=1
[ "$r" -eq 0 ] || head -5 "$tmp/hw" | tap_diag
tap_result "$r" "hist_warp --fast: every load and atomic as the CPU's"

# the edges: what the lanes one by one report
edge() {
	"$WARPSTEP" run --fast tests/ir/hist_edge.cu "$1" > "$tmp/e.out" 2> "$tmp/e.err" < /dev/null
	r=0
	grep -q "$2" "$tmp/e.out" || r=1
	[ -z "$3" ] || grep -q "$3" "$tmp/e.err" || r=1
	[ "$r" -eq 0 ] || cat "$tmp/e.out" "$tmp/e.err" | head -10 | tap_diag
	tap_result "$r" "hist_edge $1: $4"
}
edge 0 'out 1040 1063 ' '' "24 lanes' consecutive words read"
edge 1 'mode 1: cudaSuccess' 'oob-global-read.*0 bytes past the end' "the run past the end is reported at its first lane out"
edge 2 'mode 2: cudaSuccess' 'oob-global-write.*0 bytes past the end' "the atomicAdd past the end is reported"
edge 3 'cudaErrorMisalignedAddress' 'error\[misaligned\].*not a multiple of 2' "the odd short address is an error"
edge 4 'mode 4: cudaSuccess' 'oob-global-read' "the bytes past the end are reported"
edge 5 'out 1008 1031 ' '' "the lane in another allocation reads there"
edge 6 'a\[40\] 1041' '' "24 lanes' atomicAdd on consecutive words"
tap_done
