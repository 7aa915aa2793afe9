#!/bin/sh
# compare_gpu.t - every tests/programs program under `warpstep run
# --compare` (docs/gpu.md): each kernel on the GPU and in the emulator from
# the same memory; a program passes when no launch differs. Without a GPU
# (`--compare` exits 3) the whole file is skipped. Programs in
# tests/gpu/KNOWN (not lowered) and tests/gpu/COMPARE-DIFF (known to differ,
# with the reason: races, timing, the GPU's own values) are TODO.
# Environment: PROGRAMS (names, default all), PROG_TIMEOUT (seconds per
# run, default 120), WS_COMPARE_RESULTS=FILE writes "NAME same|differ|error
# SECONDS" per program (tools/gpu-check.sh).
. tests/tap.sh

case $WARPSTEP in /*) ;; *) WARPSTEP=$(pwd)/$WARPSTEP ;; esac
dir=tests/programs
PROG_TIMEOUT=${PROG_TIMEOUT:-120}
to=
command -v timeout >/dev/null 2>&1 && to="timeout $PROG_TIMEOUT"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/ws-cmpgpu.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM

"$WARPSTEP" run --compare $dir/hello_block.cu >"$tmp/out" 2>"$tmp/err"
if [ $? -eq 3 ]; then
	tap_diag <"$tmp/err"
	tap_skip "run --compare over tests/programs" "no GPU"
	tap_done
fi

listed() {
	grep -q "^$1:" "$2" 2>/dev/null && grep "^$1:" "$2" | head -1 | cut -d: -f2- | cut -c2-
}

names=$PROGRAMS
[ -n "$names" ] || names=$(cd "$dir" && ls *.cu | sed 's/\.cu$//')
same=0
total=0
[ -n "$WS_COMPARE_RESULTS" ] && : >"$WS_COMPARE_RESULTS"
for n in $names; do
	grep -q "^$n:" $dir/MANIFEST 2>/dev/null || continue
	total=$((total + 1))
	args=
	[ -f "$dir/$n.args" ] && args=$(cat "$dir/$n.args")
	t0=$(date +%s.%N 2>/dev/null || date +%s)
	# shellcheck disable=SC2086
	(cd "$dir" && $to "$WARPSTEP" run --compare "$n.cu" $args >"$tmp/out" 2>"$tmp/err" </dev/null)
	st=$?
	t1=$(date +%s.%N 2>/dev/null || date +%s)
	secs=$(echo "$t0 $t1" | awk '{ printf "%.2f", $2 - $1 }')
	line=$(grep '^warpstep: --compare: [0-9]* of [0-9]* launches differ' "$tmp/err" | tail -1)
	res=error
	case $line in
	*": 0 of "*) res=same ;;
	?*) res=differ ;;
	esac
	r=1
	[ $res = same ] && r=0 && same=$((same + 1))
	if [ $r -ne 0 ]; then
		{
			echo "status $st: ${line:-no summary line}"
			grep 'error\[gpu-differs\]' "$tmp/err" | head -3
			[ -n "$line" ] || tail -3 "$tmp/err"
		} | tap_diag
	fi
	why=$(listed "$n" tests/gpu/KNOWN || listed "$n" tests/gpu/COMPARE-DIFF)
	if [ -n "$why" ]; then
		T_TODO=$why
		tap_result $r "$n: run --compare finds no difference"
		T_TODO=
	else
		tap_result $r "$n: run --compare finds no difference (${secs}s)"
	fi
	[ -n "$WS_COMPARE_RESULTS" ] && echo "$n $res $secs" >>"$WS_COMPARE_RESULTS"
done
echo "# $same of $total programs: no launch differs between the GPU and the emulator"
tap_done
