#!/bin/sh
# bench/run.sh: build and run the five bench kernels side by side and print a table:
#   kernel | native ms | warpstep --fast ms | warpstep ms (checkers on) | oclgrind ms |
#   fast/native | ocl/ws
# native: bench/native/NAME.c (gcc -O2, one thread, kernel part timed inside the program).
# warpstep: `warpstep run --stats [--fast] bench/NAME.cu`; --stats prints the wall time spent
#   running grids (launch to completion, host part and compilation excluded) to stderr.
# oclgrind: `oclgrind build/bench/runner bench/ocl NAME` (kernel part timed inside the runner),
#   built only when the OpenCL headers exist; n/a when oclgrind or the .cl file is missing.
# Every program verifies its result; a failed check shows as FAIL in its column.
# Each cell is the minimum over REPS runs (oclgrind: OCL_REPS runs, it is slow).
# Then the whole programs (compilation, host code and device, as a student runs them): wall
#   ms and peak RSS of `warpstep run [--fast] bench/NAME.cu`, native's whole run beside them;
# launches (bench/launches.cu: the first launch of 2^20 threads, each further one, launches
#   per second); start-up (bench/hello.cu, the whole run); the 2^24-thread launch's peak RSS.
# The callgrind regression guard is `make bench-check` (bench/check.sh), not this script.
# Environment: WARPSTEP (default ./warpstep), CC (default cc), REPS (default 3), OCL_REPS
#   (default 1), KERNELS (default all five), BENCH_BUILD (default build/bench).
# Run from the repository root (make bench builds warpstep first and does).
WS=${WARPSTEP:-./warpstep}
CC=${CC:-cc}
REPS=${REPS:-3}
OCL_REPS=${OCL_REPS:-1}
KERNELS=${KERNELS:-"vecadd reduce_smem reduce_shfl matmul_tiled histogram"}
B=${BENCH_BUILD:-build/bench}
CFLAGS_BENCH="-std=c11 -D_POSIX_C_SOURCE=200809L -O2"
mkdir -p "$B" || exit 1

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
else
	echo "note: oclgrind not installed, its column is n/a (Debian: apt-get install oclgrind ocl-icd-opencl-dev)" >&2
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

# ws_ms NAME [OPTS]: the time warpstep spent running the launch, or FAIL
ws_ms() {
	name=$1
	shift
	"$WS" run --stats "$@" "bench/$name.cu" >"$B/ws.out" 2>"$B/ws.err" || { echo FAIL; return; }
	grep -q ' ok$' "$B/ws.out" || { echo FAIL; return; }
	v=$(sed -n 's/^warpstep: kernel_ms \([0-9.]*\).*/\1/p' "$B/ws.err")
	[ -n "$v" ] && echo "$v" || echo FAIL
}

# best N CMD...: the minimum over N runs of a timing function
best() {
	n=$1 r=0 m=
	shift
	while [ $r -lt "$n" ]; do
		v=$("$@")
		case $v in FAIL|n/a) echo "$v"; return ;; esac
		m=$(min "$m" "$v")
		r=$((r + 1))
	done
	echo "$m"
}

ratio() {
	case "$1$2" in *FAIL*|*n/a*|"") echo n/a; return ;; esac
	awk -v a="$1" -v b="$2" 'BEGIN { if (b <= 0) print "n/a"; else if (a / b < 10) printf "%.2fx\n", a / b; else printf "%.1fx\n", a / b }'
}

echo "warpstep bench: kernel part in ms, minimum of $REPS runs (oclgrind: $OCL_REPS); $(uname -m), $(nproc 2>/dev/null || echo '?') cores, load $(cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo '?')"
printf '%-13s %10s %13s %10s %12s | %12s %9s %9s\n' kernel "native" "ws --fast" "ws" "oclgrind" "fast/native" "ocl/ws" "ocl/fast"
logsum=0 nlog=0 worst=
for k in $KERNELS; do
	nat=$(best "$REPS" kernel_ms "$B/native_$k")
	if [ $have_ws = yes ]; then
		fast=$(best "$REPS" ws_ms "$k" --fast)
		full=$(best "$REPS" ws_ms "$k")
	else
		fast=n/a full=n/a
	fi
	if [ $have_ocl = yes ] && [ -f "bench/ocl/$k.cl" ]; then
		ocl=$(best "$OCL_REPS" kernel_ms oclgrind "$B/runner" bench/ocl "$k")
	else
		ocl=n/a
	fi
	r1=$(ratio "$fast" "$nat")
	r2=$(ratio "$ocl" "$full")
	r3=$(ratio "$ocl" "$fast")
	printf '%-13s %10s %13s %10s %12s | %12s %9s %9s\n' "$k" "$nat" "$fast" "$full" "$ocl" "$r1" "$r2" "$r3"
	case $r1 in *x) logsum=$(awk -v s="$logsum" -v r="${r1%x}" 'BEGIN { print s + log(r) }'); nlog=$((nlog + 1)) ;; esac
	case $r2 in *x) worst=$(min "$worst" "${r2%x}") ;; esac
done
echo "targets: ocl/ws >= 20x on every kernel (issue 2: >= 10x); fast/native geometric mean <= 20x"
if [ $nlog -gt 0 ]; then
	awk -v s="$logsum" -v n="$nlog" 'BEGIN { printf "geometric mean fast/native over %d kernels: %.1fx\n", n, exp(s / n) }'
fi
[ -n "$worst" ] && echo "lowest ocl/ws: ${worst}x"
[ $have_ws = yes ] || exit 0

# now_ns: a monotonic-enough clock in nanoseconds (GNU date), or empty
now_ns() {
	t=$(date +%s%N 2>/dev/null)
	case $t in *N|"") echo "" ;; *) echo "$t" ;; esac
}

# whole CMD...: "ms rss_mib" of the whole run (wall time, peak RSS), or FAIL
whole() {
	t0=$(now_ns)
	if [ -x /usr/bin/time ]; then
		/usr/bin/time -f 'rss %M' -o "$B/time.out" "$@" >"$B/ws.out" 2>"$B/ws.err" || { echo FAIL; return; }
	else
		"$@" >"$B/ws.out" 2>"$B/ws.err" || { echo FAIL; return; }
	fi
	t1=$(now_ns)
	grep -q ' ok$' "$B/ws.out" || { echo FAIL; return; }
	rss=$(sed -n 's/^rss //p' "$B/time.out" 2>/dev/null)
	[ -n "$t0" ] && [ -n "$t1" ] || { echo FAIL; return; }
	awk -v a="$t0" -v b="$t1" -v r="${rss:-0}" 'BEGIN { printf "%.1f %.0f\n", (b - a) / 1e6, r / 1024 }'
}

# best_whole N CMD...: the run of least wall time among N (its "ms rss")
best_whole() {
	n=$1 r=0 m=
	shift
	while [ $r -lt "$n" ]; do
		v=$(whole "$@")
		[ "$v" = FAIL ] && { echo FAIL; return; }
		if [ -z "$m" ] || awk -v a="${v%% *}" -v b="${m%% *}" 'BEGIN { exit !(a < b) }'; then m=$v; fi
		r=$((r + 1))
	done
	echo "$m"
}

echo
echo "whole programs (compilation, host code and device): wall ms and peak RSS MiB, minimum of $REPS runs"
printf '%-13s %10s %13s %10s %9s %9s | %12s\n' kernel "native" "ws --fast" "ws" "RSS fast" "RSS ws" "fast/native"
for k in $KERNELS; do
	nat=$(best_whole "$REPS" "$B/native_$k")
	fast=$(best_whole "$REPS" "$WS" run --fast "bench/$k.cu")
	full=$(best_whole "$REPS" "$WS" run "bench/$k.cu")
	nms=${nat%% *} fms=${fast%% *} wms=${full%% *}
	frss=${fast#* } wrss=${full#* }
	[ "$fast" = FAIL ] && frss=FAIL
	[ "$full" = FAIL ] && wrss=FAIL
	printf '%-13s %10s %13s %10s %9s %9s | %12s\n' "$k" "$nms" "$fms" "$wms" "$frss" "$wrss" "$(ratio "$fms" "$nms")"
done

# launches: the grid time of bench/launches.cu with 0 and with 50 empty launches after the
# first (a counting kernel over the same 2^20 threads); the difference is 50 further launches
lt() {
	"$WS" run --fast --stats bench/launches.cu "$1" >"$B/ws.out" 2>"$B/ws.err" || { echo FAIL; return; }
	grep -q ' ok$' "$B/ws.out" || { echo FAIL; return; }
	v=$(sed -n 's/^warpstep: kernel_ms \([0-9.]*\).*/\1/p' "$B/ws.err")
	[ -n "$v" ] && echo "$v" || echo FAIL
}
l0=$(best "$REPS" lt 0)
l50=$(best "$REPS" lt 50)
case "$l0$l50" in
*FAIL*) echo "launches (bench/launches.cu): FAIL" ;;
*) awk -v a="$l0" -v b="$l50" 'BEGIN {
	per = (b - a) / 50; if (per <= 0) per = 0.001
	printf "launches of 2^20 threads (bench/launches.cu, --fast): first %.1f ms, each further %.2f ms, %.0f launches/s (target < 0.5 ms)\n", a, per, 1000 / per }' ;;
esac

# start-up: hello world, the whole run
h=$(best_whole "$REPS" "$WS" run bench/hello.cu)
[ "$h" = FAIL ] && echo "start-up (bench/hello.cu): FAIL" ||
	echo "start-up (bench/hello.cu, whole run): ${h%% *} ms, peak RSS ${h#* } MiB (target < 5 ms)"

# memory: a 2^24-thread launch (bench/launch24.cu), peak RSS of the whole run
if [ -x /usr/bin/time ]; then
	for mode in "" --fast; do
		rss=$(/usr/bin/time -f 'rss %M' "$WS" run $mode bench/launch24.cu 2>&1 >"$B/ws.out" | sed -n 's/^rss //p')
		grep -q ' ok$' "$B/ws.out" && [ -n "$rss" ] &&
			echo "2^24-thread launch (bench/launch24.cu, ${mode:-checkers on}): peak RSS $((rss / 1024)) MiB (target < 256 MiB)"
	done
fi
exit 0
