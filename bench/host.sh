#!/bin/sh
# bench/host.sh: the host part of each bench program, warpstep against its native twin
# (docs/PERFORMANCE.md, "The host part against native code", seventh session).
#
# The host part is what `warpstep run --fast bench/NAME.cu 0` does beyond start-up: the
# argument 0 skips the launch, so what is left is filling the inputs, cudaMemcpy/cudaMemset,
# and the CPU checks; start-up is `warpstep run --fast bench/hello.cu` (the compilation of
# the five programs costs within 1% of hello's). The native twin is the same file compiled
# by g++ (-O2 and -O0) with bench/native/cuda_host.h standing in for CUDA and the launch
# removed, run with 0, less an empty program's run. Two measures:
#   Ir: callgrind instruction counts (stable on a loaded machine);
#   ms: task-clock (user + system), the least of REPS runs (default 7).
# Environment: WARPSTEP (default ./warpstep), KERNELS, REPS, CXX (default g++),
#   BENCH_BUILD (default build/bench), HOST_NO_IR=1 skips callgrind.
WS=${WARPSTEP:-./warpstep}
KERNELS=${KERNELS:-"vecadd reduce_smem reduce_shfl matmul_tiled histogram"}
REPS=${REPS:-7}
CXX=${CXX:-g++}
B=${BENCH_BUILD:-build/bench}
mkdir -p "$B" || exit 1

# ir CMD...: the callgrind instruction count of one run
ir() {
	valgrind --tool=callgrind --callgrind-out-file="$B/host.cg" "$@" >/dev/null 2>&1 || { echo FAIL; return; }
	callgrind_annotate "$B/host.cg" 2>/dev/null | awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1 }'
}

# ms CMD...: the least task-clock (ms) of REPS runs
ms() {
	i=0 best=
	while [ $i -lt "$REPS" ]; do
		t=$(perf stat -x, -e task-clock "$@" 2>&1 >/dev/null | awk -F, '/task-clock/ { print $1 }')
		[ -z "$t" ] && { echo FAIL; return; }
		best=$(awk -v a="$best" -v b="$t" 'BEGIN { print (a == "" || b < a) ? b : a }')
		i=$((i + 1))
	done
	echo "$best"
}

printf 'int main(void) { return 0; }\n' >"$B/host_empty.c"
cc -O2 -o "$B/host_empty" "$B/host_empty.c" || exit 1
for k in $KERNELS; do
	sed 's/<<<.*>>>//' "bench/$k.cu" >"$B/host_$k.cpp"
	for o in O2 O0; do
		$CXX -$o -w -include bench/native/cuda_host.h -o "$B/host_${k}_$o" "$B/host_$k.cpp" || exit 1
	done
done

e_ms=$(ms "$B/host_empty")
h_ms=$(ms "$WS" run --fast bench/hello.cu)
if [ -z "$HOST_NO_IR" ]; then
	e_ir=$(ir "$B/host_empty")
	h_ir=$(ir "$WS" run --fast bench/hello.cu)
fi
echo "host part: warpstep run --fast NAME.cu 0 less hello; native: g++ -O2 / -O0 twin less an empty program"
printf '%-13s %9s %9s %9s %8s %8s | %9s %9s %9s %8s %8s\n' kernel "ws ms" "-O2 ms" "-O0 ms" "ws/O2" "ws/O0" \
	"ws MIr" "-O2 MIr" "-O0 MIr" "ws/O2" "ws/O0"
for k in $KERNELS; do
	w=$(ms "$WS" run --fast "bench/$k.cu" 0)
	n2=$(ms "$B/host_${k}_O2" 0)
	n0=$(ms "$B/host_${k}_O0" 0)
	if [ -z "$HOST_NO_IR" ]; then
		wi=$(ir "$WS" run --fast "bench/$k.cu" 0)
		i2=$(ir "$B/host_${k}_O2" 0)
		i0=$(ir "$B/host_${k}_O0" 0)
	fi
	awk -v k="$k" -v w="$w" -v h="$h_ms" -v n2="$n2" -v n0="$n0" -v e="$e_ms" \
		-v wi="$wi" -v hi="$h_ir" -v i2="$i2" -v i0="$i0" -v ei="$e_ir" 'BEGIN {
		w -= h; n2 -= e; n0 -= e
		printf "%-13s %9.2f %9.2f %9.2f %7.1fx %7.1fx", k, w, n2, n0, w / n2, w / n0
		if (wi != "") {
			wi = (wi - hi) / 1e6; i2 = (i2 - ei) / 1e6; i0 = (i0 - ei) / 1e6
			printf " | %9.1f %9.1f %9.1f %7.1fx %7.1fx", wi, i2, i0, wi / i2, wi / i0
		}
		printf "\n" }'
done
