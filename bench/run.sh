#!/bin/sh
# bench/run.sh: build and run the five bench programs at several sizes, side by side, and print
#   1. kernel only (ms): native C, warpstep --fast, warpstep (checkers on), Oclgrind, with
#      fast/native, checked/fast and ocl/ws;
#   2. whole programs (start-up, compilation, host code and kernel, as a student runs them) of
#      the same four: wall ms with ocl/ws and ocl/fast and peak RSS (MiB), then CPU ms (user +
#      system, which the other jobs on a shared machine barely move) with the same ratios;
#   3. launches, start-up and the 2^24-thread launch's memory (BENCH_EXTRAS=0 skips them);
#   4. a "targets" block: each of issue 13's targets, met or NOT met.
# Every number of a row comes from the same runs: a program prints its checksum line and its
# kernel time (native: bench/native/NAME.c, timed inside; warpstep: `run --stats` prints the
# time spent running grids; Oclgrind: bench/ocl/runner.c, enqueue to clFinish), and
# bench/timeit.c measures the whole run: wall time, CPU time and peak RSS. Each program checks
# its result and its checksum line must equal native's; otherwise the cell says FAIL. The
# runs of a row alternate between the configurations (see try below).
#
# Sizes: SIZES is a list of log2 element counts run for every kernel (default "14 17 20");
# EXTRA_SIZES adds kernel:log2 pairs (default "vecadd:24", the memory target's size; empty
# for none). matmul_tiled's size is its matrix side, n x n ~ 2^log2 rounded to a multiple of
# 16 (2^14: 128, 2^17: 368, 2^20: 1024). "Full size" (the fast/native target) is the largest of
# SIZES. Each cell is the minimum of REPS runs (default 5; Oclgrind OCL_REPS, default REPS); a
# configuration whose first run takes more than SLOW_MS (default 3000) ms of wall time runs
# once. Oclgrind runs with OCL_THREADS worker threads (default 1: warpstep and native use
# one). Oclgrind is skipped ("skip") where its run is estimated, from the CPU time of the
# kernel's smaller size, to take more than OCL_MAX_S seconds (default 40) of CPU.
# Environment: WARPSTEP (default ./warpstep), CC (default cc), KERNELS (default all five),
#   BENCH_BUILD (default build/bench), and the variables above.
# Run from the repository root (make bench builds warpstep first and does).
WS=${WARPSTEP:-./warpstep}
CC=${CC:-cc}
REPS=${REPS:-5}
# Oclgrind as many runs as the others: its time at 2^14 swings 63-119 ms from run to run, and
# one run against warpstep's least of five favoured warpstep (SLOW_MS still makes a slow one once)
OCL_REPS=${OCL_REPS:-$REPS}
OCL_THREADS=${OCL_THREADS:-1}
KERNELS=${KERNELS:-"vecadd reduce_smem reduce_shfl matmul_tiled histogram"}
SIZES=${SIZES:-"14 17 20"}
EXTRA_SIZES=${EXTRA_SIZES-"vecadd:24"}
SLOW_MS=${SLOW_MS:-3000}
OCL_MAX_S=${OCL_MAX_S:-40}
BENCH_EXTRAS=${BENCH_EXTRAS:-1}
B=${BENCH_BUILD:-build/bench}
CFLAGS_BENCH="-std=c11 -D_POSIX_C_SOURCE=200809L -O2"
mkdir -p "$B" || exit 1
for v in REPS OCL_REPS OCL_THREADS SLOW_MS OCL_MAX_S; do
	eval "x=\$$v"
	case $x in
	'' | *[!0-9]* | 0) echo "bench: $v=$x is not a positive whole number" >&2; exit 2 ;;
	esac
done
for s in $SIZES $EXTRA_SIZES; do
	case ${s#*:} in
	[0-9] | [0-9][0-9]) [ "${s#*:}" -ge 8 ] && [ "${s#*:}" -le 26 ] && continue ;;
	esac
	echo "bench: size $s out of range, want the log2 of an element count from 8 to 26 (EXTRA_SIZES: kernel:log2)" >&2
	exit 2
done

$CC $CFLAGS_BENCH -o "$B/timeit" bench/timeit.c || exit 1
for k in $KERNELS; do
	[ -f "bench/$k.cu" ] && [ -f "bench/native/$k.c" ] || { echo "bench: no kernel $k (bench/$k.cu, bench/native/$k.c)" >&2; exit 2; }
	$CC $CFLAGS_BENCH -o "$B/native_$k" "bench/native/$k.c" || exit 1
done
have_ocl=no
if command -v oclgrind >/dev/null 2>&1; then
	if $CC $CFLAGS_BENCH -o "$B/runner" bench/ocl/runner.c -lOpenCL 2>"$B/runner.log" ||
		$CC $CFLAGS_BENCH -o "$B/runner" bench/ocl/runner.c /usr/lib/oclgrind/liboclgrind-rt.so 2>>"$B/runner.log"; then
		have_ocl=yes
	else
		echo "note: OpenCL headers or library missing, the oclgrind columns are n/a (see $B/runner.log)" >&2
	fi
else
	echo "note: oclgrind not installed, its columns are n/a (Debian: apt-get install oclgrind ocl-icd-opencl-dev)" >&2
fi
have_ws=no
[ -x "$WS" ] && have_ws=yes || echo "note: no warpstep binary at $WS, its columns are n/a" >&2
# once CMD...: run one program; sets W (wall ms), U (CPU ms), M (peak RSS MiB), K (kernel
# ms), C (its checksum line); returns 1 when it fails, does not say ok or prints no kernel time
once() {
	"$B/timeit" "$B/time.out" "$@" >"$B/run.out" 2>"$B/run.err" </dev/null || return 1
	C=$(grep ' ok$' "$B/run.out" | head -n 1)
	[ -n "$C" ] || return 1
	K=$(sed -n 's/^\(warpstep: \)\{0,1\}kernel_ms \([0-9.]*\).*/\2/p' "$B/run.out" "$B/run.err" | head -n 1)
	[ -n "$K" ] || return 1
	set -- $(cat "$B/time.out")
	[ $# = 3 ] || return 1
	W=$1 U=$2
	M=$(awk -v k="$3" 'BEGIN { printf "%.0f", k / 1024 }')
	return 0
}

# Configurations are measured in rounds (native, --fast, checked, native, ...) so that a burst
# of load on this shared machine falls on all of them alike. For a configuration CFG:
# reset CFG...: forget its runs; try CFG CMD...: one more run (none once it failed, or after
# a first run slower than SLOW_MS); result CFG: sets RES to "ok wall rss kernel cpu" (the
# least wall, the largest RSS, the least kernel time, the least CPU) or "FAIL", and CHECK to
# its checksum line
reset() {
	for c in "$@"; do eval "bw_$c= bm_$c= bk_$c= bu_$c= ck_$c= st_$c="; done
}
try() {
	c=$1
	shift
	eval "st=\$st_$c"
	case $st in FAIL | done) return ;; esac
	once "$@" || { eval "st_$c=FAIL"; return; }
	eval "ck=\$ck_$c bw=\$bw_$c bm=\$bm_$c bk=\$bk_$c bu=\$bu_$c"
	[ -z "$ck" ] && eval "ck_$c=\$C" && ck=$C
	[ "$C" = "$ck" ] || { eval "st_$c=FAIL"; return; }
	set -- $(awk -v w="$W" -v m="$M" -v k="$K" -v u="$U" -v bw="$bw" -v bm="$bm" -v bk="$bk" -v bu="$bu" -v s="$SLOW_MS" 'BEGIN {
		if (bw == "" && w + 0 > s + 0) st = "done"
		if (bw == "" || w + 0 < bw + 0) bw = w
		if (bm == "" || m + 0 > bm + 0) bm = m
		if (bk == "" || k + 0 < bk + 0) bk = k
		if (bu == "" || u + 0 < bu + 0) bu = u
		print bw, bm, bk, bu, (st == "" ? "-" : st) }')
	eval "bw_$c=$1 bm_$c=$2 bk_$c=$3 bu_$c=$4"
	[ "$5" = done ] && eval "st_$c=done"
}
result() {
	eval "st=\$st_$1 CHECK=\$ck_$1 bw=\$bw_$1 bm=\$bm_$1 bk=\$bk_$1 bu=\$bu_$1"
	if [ "$st" = FAIL ] || [ -z "$bk" ]; then RES=FAIL; else RES="ok $bw $bm $bk $bu"; fi
}
# measure N CMD...: one configuration alone, up to N runs; sets RES and CHECK
measure() {
	n=$1 r=0
	shift
	reset one
	while [ $r -lt "$n" ]; do
		try one "$@"
		r=$((r + 1))
	done
	result one
}

# arg K LOG2: the size argument of kernel K (matmul_tiled: the side); work K LOG2: its work
# (elements, or side^3), for estimating a larger size's time; label K LOG2: the size column
arg() {
	if [ "$1" = matmul_tiled ]; then
		awk -v l="$2" 'BEGIN { s = int(2 ^ (l / 2) / 16 + 0.5) * 16; print (s < 16) ? 16 : s }'
	else
		echo "$2"
	fi
}
work() {
	a=$(arg "$1" "$2")
	[ "$1" = matmul_tiled ] && awk -v s="$a" 'BEGIN { print s * s * s }' || awk -v l="$a" 'BEGIN { print 2 ^ l }'
}
label() {
	[ "$1" = matmul_tiled ] && echo "$(arg "$1" "$2")^2" || echo "2^$2"
}

# the sizes of kernel K: SIZES and its EXTRA_SIZES, ascending, without repeats
sizes_of() {
	{
		for s in $SIZES; do echo "$s"; done
		for e in $EXTRA_SIZES; do [ "${e%%:*}" = "$1" ] && echo "${e#*:}"; done
	} | sort -n -u
}

# row CFG: append the result RES of configuration CFG of kernel k at size lg to RAW; FAIL
# when its checksum line (CHECK) is not native's (want)
row() {
	r=$RES
	case $r in ok*) [ "$CHECK" = "$want" ] || r=FAIL ;; esac
	printf '%s\t%s\t%s\t%s\t%s\n' "$k" "$lg" "$lab" "$1" "$r" >>"$RAW"
}

RAW=$B/results.tsv
: >"$RAW"
for k in $KERNELS; do
	prev_ms= prev_work=
	for lg in $(sizes_of "$k"); do
		a=$(arg "$k" "$lg")
		lab=$(label "$k" "$lg")
		echo "bench: $k $lab" >&2
		reset native fast checked
		r=0
		while [ $r -lt "$REPS" ]; do
			try native "$B/native_$k" 1 "$a"
			if [ $have_ws = yes ]; then
				try fast "$WS" run --stats --fast "bench/$k.cu" 1 "$a"
				try checked "$WS" run --stats "bench/$k.cu" 1 "$a"
			fi
			r=$((r + 1))
		done
		result native
		want=$CHECK
		row native
		for mode in fast checked; do
			RES=n/a
			[ $have_ws = yes ] && result $mode
			row $mode
		done
		RES=n/a
		if [ $have_ocl = yes ] && [ -f "bench/ocl/$k.cl" ]; then
			est=
			w=$(work "$k" "$lg")
			[ -n "$prev_ms" ] && est=$(awk -v t="$prev_ms" -v a="$prev_work" -v b="$w" 'BEGIN { printf "%.0f", t * b / a }')
			if [ -n "$est" ] && [ "$est" -gt $((OCL_MAX_S * 1000)) ]; then
				RES=skip
				echo "bench: oclgrind $k $lab skipped (estimated ${est} ms of CPU)" >&2
			else
				measure "$OCL_REPS" oclgrind --num-threads "$OCL_THREADS" "$B/runner" bench/ocl "$k" "$a"
				case $RES in ok*) set -- $RES; prev_ms=$5 prev_work=$w ;; esac
			fi
		fi
		row ocl
	done
done

# the tables, from the results: one line per kernel and size
FULL=$(for s in $SIZES; do echo "$s"; done | sort -n | tail -n 1)
echo "warpstep bench: $(uname -m), $(nproc 2>/dev/null || echo '?') cores, load average $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?'), $(date -u '+%Y-%m-%d %H:%M UTC')"
echo "each cell: the least of $REPS alternating runs (Oclgrind: $OCL_REPS, $OCL_THREADS worker thread(s); a configuration slower than $SLOW_MS ms runs once); ws = warpstep with its checkers on"
awk -F'\t' -v full="$FULL" -v ocl_max="$OCL_MAX_S" -v have_ocl="$have_ocl" -v extras="$BENCH_EXTRAS" '
function num(cfg, field,   v, f) {
	v = res[key, cfg]
	if (v == "" ) return "n/a"
	if (v !~ /^ok /) return v
	split(v, f, " ")
	return f[field]
}
function cell(v) {
	if (v !~ /^[0-9.]+$/) return v
	if (v < 0.1) return sprintf("%.3f", v)
	if (v < 10) return sprintf("%.2f", v)
	if (v < 1000) return sprintf("%.1f", v)
	return sprintf("%.0f", v)
}
function ratio(a, b) {
	if (a !~ /^[0-9.]+$/ || b !~ /^[0-9.]+$/ || b <= 0) return ""
	return a / b
}
function rcell(r) {
	if (r == "") return "n/a"
	return (r < 10) ? sprintf("%.2fx", r) : sprintf("%.1fx", r)
}
{
	key = $1 SUBSEP $2
	if (!(key in seen)) { seen[key] = 1; order[n++] = key; kname[key] = $1; lg[key] = $2; lab[key] = $3 }
	res[key, $4] = $5
}
END {
	print ""
	print "kernel only (ms): the launch, as each program times it"
	printf "%-13s %8s %10s %10s %10s %10s | %11s %12s %9s\n", "kernel", "size", "native", "ws --fast", "ws", "oclgrind", "fast/native", "checked/fast", "ocl/ws"
	for (i = 0; i < n; i++) {
		key = order[i]
		nk = num("native", 4); fk = num("fast", 4); ck = num("checked", 4); ok = num("ocl", 4)
		r1 = ratio(fk, nk); r2 = ratio(ck, fk); r3 = ratio(ok, ck)
		printf "%-13s %8s %10s %10s %10s %10s | %11s %12s %9s\n", kname[key], lab[key], cell(nk), cell(fk), cell(ck), cell(ok), rcell(r1), rcell(r2), rcell(r3)
		if (lg[key] == full && r1 != "") { logsum += log(r1); nlog++; fullk = fullk " " kname[key] }
		if (r2 != "") { nck++; if (r2 > worst_ck) { worst_ck = r2; worst_ck_at = kname[key] " " lab[key] } if (r2 > 1.5) bad_ck++ }
		if (nk == "FAIL" || fk == "FAIL" || ck == "FAIL" || ok == "FAIL") fails++
		if (ok == "skip") skips = skips " " kname[key] " " lab[key] ","
	}
	print ""
	print "whole programs (wall ms: start-up, compilation, host code and kernel; Oclgrind: its start-up, the OpenCL build, the runner) and peak RSS (MiB)"
	printf "%-13s %8s %10s %10s %10s %10s | %9s %9s | %8s %8s %8s %8s\n", "kernel", "size", "native", "ws --fast", "ws", "oclgrind", "ocl/ws", "ocl/fast", "RSS nat", "fast", "ws", "oclgrind"
	for (i = 0; i < n; i++) {
		key = order[i]
		nw = num("native", 2); fw = num("fast", 2); cw = num("checked", 2); ow = num("ocl", 2)
		r1 = ratio(ow, cw); r2 = ratio(ow, fw)
		printf "%-13s %8s %10s %10s %10s %10s | %9s %9s | %8s %8s %8s %8s\n", kname[key], lab[key], cell(nw), cell(fw), cell(cw), cell(ow), rcell(r1), rcell(r2), num("native", 3), num("fast", 3), num("checked", 3), num("ocl", 3)
		if (r1 != "") { nocl++; if (worst_ocl == "" || r1 < worst_ocl) { worst_ocl = r1; worst_ocl_at = kname[key] " " lab[key] } if (r1 < 20) bad_ocl++ }
		if (kname[key] == "vecadd" && lg[key] == 24) {
			rn = num("native", 3); rf = num("fast", 3); rc = num("checked", 3)
			rss_f = ratio(rf, rn); rss_c = ratio(rc, rn)
		}
	}
	print ""
	print "whole programs, CPU ms (user + system of the whole run: what the other jobs on a shared machine barely change)"
	printf "%-13s %8s %10s %10s %10s %10s | %9s %9s\n", "kernel", "size", "native", "ws --fast", "ws", "oclgrind", "ocl/ws", "ocl/fast"
	for (i = 0; i < n; i++) {
		key = order[i]
		nu = num("native", 5); fu = num("fast", 5); cu = num("checked", 5); ou = num("ocl", 5)
		r1 = ratio(ou, cu); r2 = ratio(ou, fu)
		printf "%-13s %8s %10s %10s %10s %10s | %9s %9s\n", kname[key], lab[key], cell(nu), cell(fu), cell(cu), cell(ou), rcell(r1), rcell(r2)
		if (r1 != "") { nocu++; if (worst_ocu == "" || r1 < worst_ocu) { worst_ocu = r1; worst_ocu_at = kname[key] " " lab[key] } if (r1 < 20) bad_ocu++ }
	}
	if (skips != "") printf "skip: Oclgrind not run where it was estimated (from the smaller size) to take over %d s of CPU:%s\n", ocl_max, substr(skips, 1, length(skips) - 1)
	if (fails) printf "FAIL: %d rows have a run that failed, did not say ok or printed another checksum than native (see bench/run.sh)\n", fails
	print ""
	print "targets (issue 13)"
	if (nlog) printf "  fast/native kernel only, geometric mean at 2^%s (%d kernels): %.1fx (target <= 10x): %s\n", full, nlog, exp(logsum / nlog), (exp(logsum / nlog) <= 10) ? "met" : "NOT met"
	else print "  fast/native kernel only, geometric mean at full size: not measured"
	if (nck) printf "  checked/fast kernel only, every kernel and size: worst %.2fx (%s), %d of %d above 1.5x (target <= 1.5x): %s\n", worst_ck, worst_ck_at, bad_ck, nck, bad_ck ? "NOT met" : "met"
	else print "  checked/fast kernel only: not measured"
	if (nocl) printf "  Oclgrind whole / warpstep whole (checkers on), wall time, every size Oclgrind ran: worst %.1fx (%s), %d of %d below 20x (target >= 20x): %s\n", worst_ocl, worst_ocl_at, bad_ocl, nocl, bad_ocl ? "NOT met" : "met"
	if (nocu) printf "  the same on CPU time: worst %.1fx (%s), %d of %d below 20x (target >= 20x): %s\n", worst_ocu, worst_ocu_at, bad_ocu, nocu, bad_ocu ? "NOT met" : "met"
	else print "  Oclgrind whole / warpstep whole: not measured" (have_ocl == "yes" ? "" : " (no oclgrind)")
	if (rss_f != "") printf "  vecadd 2^24 peak RSS against native: --fast %.2fx (target < 2x): %s; checked %.2fx (target < 4x): %s\n", rss_f, (rss_f < 2) ? "met" : "NOT met", rss_c, (rss_c < 4) ? "met" : "NOT met"
	else print "  vecadd 2^24 peak RSS against native: not measured (EXTRA_SIZES has no vecadd:24)"
}' "$RAW" >"$B/tables.txt"
# the targets block goes last: print the tables now, keep the targets for the end
sed '/^targets (issue 13)$/,$d' "$B/tables.txt"
sed -n '/^targets (issue 13)$/,$p' "$B/tables.txt" >"$B/targets.txt"

if [ $have_ws = yes ] && [ "$BENCH_EXTRAS" != 0 ]; then
	# launches: the grid time of bench/launches.cu with 0 and with 50 empty launches after the
	# first (a counting kernel over the same 2^20 threads); the difference is 50 further launches
	measure "$REPS" "$WS" run --fast --stats bench/launches.cu 0
	l0=$RES
	measure "$REPS" "$WS" run --fast --stats bench/launches.cu 50
	l50=$RES
	case "$l0$l50" in
	*FAIL*) echo "launches (bench/launches.cu): FAIL" ;;
	*)
		set -- $l0
		a=$4
		set -- $l50
		per=$(awk -v a="$a" -v b="$4" 'BEGIN { per = (b - a) / 50; printf "%.2f", (per <= 0) ? 0.001 : per }')
		awk -v a="$a" -v per="$per" 'BEGIN { printf "launches of 2^20 threads (bench/launches.cu, --fast): first %.1f ms, each further %.2f ms, %.0f launches/s\n", a, per, 1000 / per }'
		awk -v per="$per" 'BEGIN { printf "  launch overhead (2^20 threads, --fast): %.2f ms a launch (target < 0.5 ms): %s\n", per, (per < 0.5) ? "met" : "NOT met" }' >>"$B/targets.txt"
		;;
	esac
	# start-up: hello world, the whole run (checkers on)
	measure "$REPS" "$WS" run --stats bench/hello.cu
	if [ "$RES" = FAIL ]; then
		echo "start-up (bench/hello.cu): FAIL"
	else
		set -- $RES
		echo "start-up (bench/hello.cu, whole run): $2 ms wall, $5 ms CPU, peak RSS $3 MiB"
		awk -v w="$2" -v u="$5" 'BEGIN { printf "  start-up (hello world, whole run): %s ms wall, %s ms CPU (target < 5 ms, on CPU time): %s\n", w, u, (u + 0 < 5) ? "met" : "NOT met" }' >>"$B/targets.txt"
	fi
	# memory: a 2^24-thread launch (bench/launch24.cu), peak RSS of the whole run
	for mode in "" --fast; do
		measure 1 "$WS" run --stats $mode bench/launch24.cu
		[ "$RES" = FAIL ] && { echo "2^24-thread launch (bench/launch24.cu, ${mode:-checkers on}): FAIL"; continue; }
		set -- $RES
		echo "2^24-thread launch (bench/launch24.cu, ${mode:-checkers on}): peak RSS $3 MiB"
		awk -v m="$3" -v mode="${mode:-checkers on}" 'BEGIN { printf "  2^24-thread launch (%s): peak RSS %s MiB (target < 256 MiB): %s\n", mode, m, (m + 0 < 256) ? "met" : "NOT met" }' >>"$B/targets.txt"
	done
fi
echo
cat "$B/targets.txt"
exit 0
