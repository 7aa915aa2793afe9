#!/bin/sh
# bench/check.sh: the performance regression guard behind `make bench-check`.
#
# Wall times on a shared machine swing by 2x between runs; instruction counts do not.
# For each bench kernel, in --fast and with the checkers on, this runs
#   valgrind --tool=callgrind warpstep run [--fast] bench/NAME.cu
# and takes two counts: the instructions of the whole process (start-up, host code and
# device), and those spent running grids (the inclusive cost of sched_device_step).
# They are compared with bench/baseline.tsv; a count more than BENCH_TOLERANCE percent
# (default 10) above its baseline fails the check. A count well below it (more than the
# tolerance) is reported as a gain: record it with BENCH_UPDATE=1, which rewrites
# bench/baseline.tsv with this run's counts (commit it with the change that earned it).
#
# Environment: WARPSTEP (default ./warpstep), KERNELS (default the five kernels, launches and hello), BENCH_TOLERANCE,
#   BENCH_UPDATE, BENCH_BUILD (default build/bench), BENCH_RATIO (above), CC (default cc).
# The five kernels' native twins (bench/native/NAME.c, built as bench/run.sh builds them) are
# counted too, as mode "native": the whole run with the kernel, and as "device" the kernel's
# own instructions, that run less the run that skips it (argument 0); native rows never fail
# the check (they measure the compiler, not warpstep). Last come two lines of issue 13's
# ratios by these counts, where timings on a shared machine swing more than the gaps they
# measure: checked / --fast (target 1.5x) and --fast / native with its geometric mean (the
# target, 10x, is on time: native code runs more instructions a cycle than warpstep, so the
# timed ratio reads higher than the counted one; the counted one is the progress that repeats).
# Exit status: 0 no regression, 1 a regression or a failed run, 77 valgrind missing.
# Run from the repository root (make bench-check builds warpstep first and does).
WS=${WARPSTEP:-./warpstep}
# launches: 21 launches of 2^20 threads (bench/launches.cu); hello: start-up (bench/hello.cu)
KERNELS=${KERNELS:-"vecadd reduce_smem reduce_shfl matmul_tiled histogram launches hello"}
TOL=${BENCH_TOLERANCE:-10}
B=${BENCH_BUILD:-build/bench}
BASE=bench/baseline.tsv

# ratio TSV: the two ratio lines of a file of baseline.tsv's form: checked / --fast of the five
# kernels' device counts, and --fast against their native twins' (the launches and hello have
# no target; a kernel without both counts is left out)
ratio() {
	awk '$1 ~ /^(vecadd|reduce_smem|reduce_shfl|matmul_tiled|histogram)$/ { d[$1, $2] = $4; if (!($1 in seen)) { seen[$1]; order[n++] = $1 } }
		function line(num, den, head, target, geo,   i, k, r, s, worst, wk, lg, nl) {
			s = ""; worst = 0; lg = 0; nl = 0
			for (i = 0; i < n; i++) {
				k = order[i]
				if (d[k, num] <= 0 || d[k, den] <= 0)
					continue
				r = d[k, num] / d[k, den]
				s = s sprintf("%s%s %.2fx", s == "" ? "" : ", ", k, r)
				lg += log(r); nl++
				if (r > worst) { worst = r; wk = k }
			}
			if (s == "")
				return
			if (geo)
				printf "%s: %s; geometric mean %.2fx (the target, %s, is on time)\n", head, s, exp(lg / nl), target
			else
				printf "%s: %s; worst %.2fx (%s), target %s: %s\n", head, s, worst, wk, target,
					worst <= target + 0 ? "met" : "NOT met"
		}
		END {
			line("checked", "fast", "checked / --fast, device instructions", "1.5x", 0)
			line("fast", "native", "--fast / native, device instructions", "10x", 1)
		}' "$1"
}

# BENCH_RATIO=TSV: only the ratio line of that file (tests/cli/bench.t reads the baseline's)
if [ -n "$BENCH_RATIO" ]; then
	ratio "$BENCH_RATIO"
	exit 0
fi

if ! command -v valgrind >/dev/null 2>&1 || ! command -v callgrind_annotate >/dev/null 2>&1; then
	echo "bench-check: valgrind (callgrind) is not installed; Debian: apt-get install valgrind" >&2
	exit 77
fi
[ -x "$WS" ] || { echo "bench-check: no warpstep binary at $WS" >&2; exit 1; }
mkdir -p "$B" || exit 1

# count NAME MODE: print "whole device" instruction counts of one run, or FAIL
count() {
	opt=
	[ "$2" = fast ] && opt=--fast
	out=$B/cg.$1.$2
	rm -f "$out"
	valgrind --tool=callgrind --callgrind-out-file="$out" "$WS" run $opt "bench/$1.cu" \
		>"$B/check.out" 2>"$B/check.err" || { echo FAIL; return; }
	grep -q ' ok$' "$B/check.out" || { echo FAIL; return; }
	callgrind_annotate --inclusive=yes --threshold=100 "$out" 2>/dev/null | awk '
		/PROGRAM TOTALS/ { gsub(",", "", $1); whole = $1 }
		/:sched_device_step / && dev == "" { gsub(",", "", $1); dev = $1 }
		END { if (whole == "" || dev == "") print "FAIL"; else print whole, dev }'
}

# native NAME: "whole kernel" instruction counts of the native twin (kernel: the run less the
# run that skips it), or FAIL; nothing where the kernel has no twin
native() {
	[ -f "bench/native/$1.c" ] || return
	${CC:-cc} -std=c11 -D_POSIX_C_SOURCE=200809L -O2 -o "$B/native_$1" "bench/native/$1.c" 2>"$B/check.err" ||
		{ echo FAIL; return; }
	for a in 1 0; do
		valgrind --tool=callgrind --callgrind-out-file="$B/cg.$1.native$a" "$B/native_$1" $a >"$B/check.out" 2>&1 ||
			{ echo FAIL; return; }
		callgrind_annotate "$B/cg.$1.native$a" 2>/dev/null | awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1 }'
	done | awk 'NR == 1 { a = $1 } NR == 2 { b = $1 } END { if (a == "" || b == "" || a <= b) print "FAIL"; else print a, a - b }'
}

# baseline NAME MODE FIELD: the recorded count (FIELD 3: whole, 4: device), or empty
baseline() {
	[ -f "$BASE" ] && awk -v k="$1" -v m="$2" -v f="$3" '$1 == k && $2 == m { print $f }' "$BASE"
}

# verdict NOW BASE: "+N.N%" and whether it regressed
verdict() {
	awk -v a="$1" -v b="$2" -v t="$TOL" 'BEGIN {
		if (b == "" || b <= 0) { print "new"; exit }
		d = (a - b) * 100 / b
		printf "%+.1f%%%s\n", d, (d > t) ? " REGRESSION" : (d < -t) ? " gain" : "" }'
}

status=0
new=$B/baseline.new
printf '# bench/baseline.tsv: callgrind instruction counts (bench/check.sh): kernel mode whole device\n' >"$new"
printf '%-13s %-7s %15s %9s %15s %9s\n' kernel mode "whole Ir" "vs base" "device Ir" "vs base"
for k in $KERNELS; do
	for mode in fast checked native; do
		if [ $mode = native ]; then
			c=$(native "$k")
			[ -n "$c" ] || continue
		else
			c=$(count "$k" "$mode")
		fi
		if [ "$c" = FAIL ]; then
			printf '%-13s %-7s run failed (see %s)\n' "$k" "$mode" "$B/check.err"
			status=1
			continue
		fi
		set -- $c
		whole=$1 dev=$2
		vw=$(verdict "$whole" "$(baseline "$k" "$mode" 3)")
		vd=$(verdict "$dev" "$(baseline "$k" "$mode" 4)")
		printf '%-13s %-7s %15s %9s %15s %9s\n' "$k" "$mode" "$whole" "${vw%% *}" "$dev" "${vd%% *}"
		[ $mode = native ] || case "$vw$vd" in *REGRESSION*) status=1 ;; esac
		printf '%s\t%s\t%s\t%s\n' "$k" "$mode" "$whole" "$dev" >>"$new"
	done
done
ratio "$new"
if [ -n "$BENCH_UPDATE" ]; then
	cp "$new" "$BASE" && echo "bench-check: $BASE rewritten with this run's counts"
	exit 0
fi
[ $status = 0 ] && echo "bench-check: no count more than $TOL% above bench/baseline.tsv" ||
	echo "bench-check: FAILED (a count more than $TOL% above bench/baseline.tsv, or a failed run)"
exit $status
