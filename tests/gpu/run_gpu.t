#!/bin/sh
# run_gpu.t - every tests/programs program under `warpstep run --gpu`
# (docs/gpu.md): its stdout must equal NAME.gpu-out and its exit status
# NAME.gpu-status, what the nvcc-built program printed on the H100
# (tests/programs/record-gpu.sh). Programs run from tests/programs, as
# record-gpu.sh runs them, with NAME.args. Without a GPU or driver (`--gpu`
# exits 3) the whole file is skipped. Programs in tests/gpu/KNOWN (not
# lowered to PTX yet) and tests/gpu/GPU-DIFF (known to differ on the GPU,
# with the reason) are TODO. Environment: PROGRAMS (names, default all),
# PROG_TIMEOUT (seconds per run, default 120), WS_GPU_RESULTS=FILE writes
# "NAME pass|fail|todo SECONDS" per program (tools/gpu-check.sh).
. tests/tap.sh

case $WARPSTEP in /*) ;; *) WARPSTEP=$(pwd)/$WARPSTEP ;; esac
dir=tests/programs
PROG_TIMEOUT=${PROG_TIMEOUT:-120}
to=
command -v timeout >/dev/null 2>&1 && to="timeout $PROG_TIMEOUT"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/ws-rungpu.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM

"$WARPSTEP" run --gpu $dir/hello_block.cu >"$tmp/out" 2>"$tmp/err"
if [ $? -eq 3 ]; then
	tap_diag <"$tmp/err"
	tap_skip "run --gpu over tests/programs" "no GPU"
	tap_done
fi

listed() {
	grep -q "^$1:" "$2" 2>/dev/null && grep "^$1:" "$2" | head -1 | cut -d: -f2- | cut -c2-
}

names=$PROGRAMS
[ -n "$names" ] || names=$(cd "$dir" && ls *.cu | sed 's/\.cu$//')
pass=0
total=0
[ -n "$WS_GPU_RESULTS" ] && : >"$WS_GPU_RESULTS"
for n in $names; do
	[ -f "$dir/$n.gpu-out" ] || continue
	total=$((total + 1))
	want=0
	[ -f "$dir/$n.gpu-status" ] && want=$(cat "$dir/$n.gpu-status")
	args=
	[ -f "$dir/$n.args" ] && args=$(cat "$dir/$n.args")
	t0=$(date +%s.%N 2>/dev/null || date +%s)
	# shellcheck disable=SC2086
	(cd "$dir" && $to "$WARPSTEP" run --gpu "$n.cu" $args >"$tmp/out" 2>"$tmp/err" </dev/null)
	st=$?
	t1=$(date +%s.%N 2>/dev/null || date +%s)
	secs=$(echo "$t0 $t1" | awk '{ printf "%.2f", $2 - $1 }')
	r=0
	cmp -s "$tmp/out" "$dir/$n.gpu-out" || r=1
	[ "$st" = "$want" ] || r=1
	why=$(listed "$n" tests/gpu/KNOWN || listed "$n" tests/gpu/GPU-DIFF)
	[ $r -eq 0 ] && pass=$((pass + 1))
	if [ $r -ne 0 ]; then
		{
			echo "status $st (GPU: $want)"
			diff "$dir/$n.gpu-out" "$tmp/out" | head -20
			head -5 "$tmp/err"
		} | tap_diag
	fi
	if [ -n "$why" ]; then
		T_TODO=$why
		tap_result $r "$n: run --gpu prints what the nvcc build printed"
		T_TODO=
		res=todo
	else
		tap_result $r "$n: run --gpu prints what the nvcc build printed (${secs}s)"
		res=pass
		[ $r -eq 0 ] || res=fail
	fi
	[ -n "$WS_GPU_RESULTS" ] && echo "$n $res $secs" >>"$WS_GPU_RESULTS"
done
echo "# $pass of $total programs: run --gpu output and status equal the nvcc build's on the GPU"
tap_done
