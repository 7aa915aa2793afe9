#!/bin/sh
# bench/run.sh: build and run the five bench kernels side by side and print a table:
#   kernel | native ms | warpstep --fast ms | warpstep ms (checkers on) | oclgrind ms |
#   fast/native | oclgrind/warpstep
# native: bench/native/NAME.c (gcc -O2, one thread, kernel part timed inside the program).
# warpstep: `warpstep run [--fast] bench/NAME.cu`, wall time of the full run minus a baseline
#   run (`bench/NAME.cu 0`, everything but the launch), so host set-up and compilation cancel.
# oclgrind: `oclgrind build/bench/runner bench/ocl NAME` (kernel part timed inside the runner),
#   built only when the OpenCL headers exist; n/a when oclgrind or the .cl file is missing.
# Every program verifies its result; a failed check shows as FAIL in its column.
# Environment: WARPSTEP (default ./warpstep), CC (default cc), REPS (runs per cell, the
#   minimum is kept; default 1), KERNELS (default all five), BENCH_BUILD (default build/bench).
# Run from the repository root (make bench does).
WS=${WARPSTEP:-./warpstep}
CC=${CC:-cc}
REPS=${REPS:-1}
KERNELS=${KERNELS:-"vecadd reduce_smem reduce_shfl matmul_tiled histogram"}
B=${BENCH_BUILD:-build/bench}
CFLAGS_BENCH="-std=c11 -D_POSIX_C_SOURCE=200809L -O2"
mkdir -p "$B" || exit 1

$CC $CFLAGS_BENCH -o "$B/walltime" bench/native/walltime.c || exit 1
for k in $KERNELS; do
	$CC $CFLAGS_BENCH -o "$B/native_$k" "bench/native/$k.c" || exit 1
done
have_ocl=no
if command -v oclgrind >/dev/null 2>&1; then
	if $CC $CFLAGS_BENCH -o "$B/runner" bench/ocl/runner.c -lOpenCL 2>"$B/runner.log" ||
		$CC $CFLAGS_BENCH -o "$B/runner" bench/ocl/runner.c /usr/lib/oclgrind/liboclgrind-rt.so 2>>"$B/runner.log"; then
		have_ocl=yes
	else
		echo "note: OpenCL headers or library missing, oclgrind column is n/a (see $B/runner.log)" >&2
	fi
fi
have_ws=no
[ -x "$WS" ] && have_ws=yes || echo "note: no warpstep binary at $WS, its columns are n/a" >&2

# min A B: the smaller number (or the other one when one is empty)
min() {
	if [ -z "$1" ]; then echo "$2"; elif [ -z "$2" ]; then echo "$1"; else
		awk -v a="$1" -v b="$2" 'BEGIN { print (a < b) ? a : b }'; fi
}

# kernel_ms CMD...: run, print the kernel_ms the program reports, or FAIL
kernel_ms() {
	out=$("$@" 2>/dev/null) || { echo FAIL; return; }
	echo "$out" | grep -q ' ok$' || { echo FAIL; return; }
	echo "$out" | sed -n 's/^kernel_ms //p'
}

# ws_ms NAME [OPTS]: warpstep time of the launch (full run minus baseline run), or FAIL / n/a
ws_ms() {
	name=$1
	shift
	full=$("$B/walltime" "$B/ws.out" "$WS" run "$@" "bench/$name.cu" 2>"$B/ws.err") || { echo FAIL; return; }
	grep -q ' ok$' "$B/ws.out" || { echo FAIL; return; }
	base=$("$B/walltime" "$B/ws.base" "$WS" run "$@" "bench/$name.cu" 0 2>/dev/null) || base=0
	awk -v f="$full" -v b="$base" 'BEGIN { d = f - b; if (d < 0.001) d = 0.001; printf "%.1f\n", d }'
}

# best CMD...: the minimum over REPS runs of a timing function
best() {
	r=0 m=
	while [ $r -lt "$REPS" ]; do
		v=$("$@")
		case $v in FAIL|n/a) echo "$v"; return ;; esac
		m=$(min "$m" "$v")
		r=$((r + 1))
	done
	echo "$m"
}

ratio() {
	case "$1$2" in *FAIL*|*n/a*|"") echo n/a; return ;; esac
	awk -v a="$1" -v b="$2" 'BEGIN { if (b <= 0) print "n/a"; else printf "%.1fx\n", a / b }'
}

printf '%-13s %11s %13s %13s %12s %12s %12s\n' kernel "native ms" "ws --fast ms" "ws ms" "oclgrind ms" "fast/native" "ocl/ws"
logsum=0 nlog=0
for k in $KERNELS; do
	nat=$(best kernel_ms "$B/native_$k")
	if [ $have_ws = yes ]; then
		fast=$(best ws_ms "$k" --fast)
		full=$(best ws_ms "$k")
	else
		fast=n/a full=n/a
	fi
	if [ $have_ocl = yes ] && [ -f "bench/ocl/$k.cl" ]; then
		ocl=$(best kernel_ms oclgrind "$B/runner" bench/ocl "$k")
	else
		ocl=n/a
	fi
	r1=$(ratio "$fast" "$nat")
	r2=$(ratio "$ocl" "$full")
	printf '%-13s %11s %13s %13s %12s %12s %12s\n' "$k" "$nat" "$fast" "$full" "$ocl" "$r1" "$r2"
	case $r1 in *x) logsum=$(awk -v s="$logsum" -v r="${r1%x}" 'BEGIN { print s + log(r) }'); nlog=$((nlog + 1)) ;; esac
done
if [ $nlog -gt 0 ]; then
	awk -v s="$logsum" -v n="$nlog" 'BEGIN { printf "geometric mean fast/native over %d kernels: %.1fx (target: within 20x)\n", n, exp(s / n) }'
fi
exit 0
