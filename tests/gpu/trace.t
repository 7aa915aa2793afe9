#!/bin/sh
# trace.t - trace --gpu and debug --trace without a GPU (docs/gpu.md
# "Traces"): on tests/gpu/fakecuda.c (the stand-in libcuda, whose scale
# writes two records as two warps' probes would) trace writes a version-1
# file with the launch's shape and the records, mapped to source lines;
# the launch asked for must run; usage errors; debug --trace refuses a bad
# file before the interface opens; debug --gpu without a GPU (exit 3, as
# run --gpu) and with a launch that never runs. The replay itself, and
# debug --gpu opening the interface on the fake driver's trace:
# unit_trace.c and tests/tui/e2e_trace.t.
. tests/tap.sh

CC=${CC:-cc}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/ws-trace.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
prog=tests/gpu/compare_prog.cu

# debug --gpu without a GPU: run --gpu's message and status, before any
# interface opens, and no temporary trace left behind
mkdir "$tmp/tt"
WARPSTEP_LIBCUDA=$tmp/none.so TMPDIR=$tmp/tt "$WARPSTEP" debug --gpu $prog </dev/null >/dev/null 2>"$tmp/err"
st=$?
[ $st -eq 3 ] && grep -q "^warpstep: --gpu: no CUDA driver" "$tmp/err" && [ -z "$(ls "$tmp/tt")" ]
tap_result $? "debug --gpu without a driver: exit 3 and why, as run --gpu (status $st)"
"$WARPSTEP" debug --gpu --trace tests/gpu/trace/diverge.hand.trace $prog </dev/null >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && grep -q "^warpstep: --gpu records a trace and --trace replays one: give one of them" "$tmp/err"
tap_result $? "debug --gpu with --trace is a usage error"

if ! "$CC" -shared -fPIC -o "$tmp/libfakecuda.so" tests/gpu/fakecuda.c 2>"$tmp/err"; then
	tap_diag <"$tmp/err"
	tap_skip "trace --gpu on the fake driver" "cannot build a shared library with $CC"
	tap_done
fi
export WARPSTEP_LIBCUDA=$tmp/libfakecuda.so

"$WARPSTEP" trace --gpu $prog -o "$tmp/t" --kernel scale >"$tmp/out" 2>"$tmp/err"
st=$?
[ $st -eq 0 ] || cat "$tmp/err" | tap_diag
tap_result $st "trace --gpu PROG -o FILE --kernel scale: exit 0"
grep -qx "scaled: 3 6 12 24" "$tmp/out"
tap_result $? "the program runs as with run --gpu"
grep -q "^warpstep: trace: wrote $tmp/t$" "$tmp/err"
tap_result $? "it says where the trace went"
printf 'warpstep-trace 1\nprogram compare_prog.cu\ndevice Fake GPU\narch sm_90\nkernel scale\nlaunch 1\ngrid 2 1 1\nblock 4 1 1\nrecords 2\ndropped 0\n' >"$tmp/want"
head -10 "$tmp/t" | diff "$tmp/want" - | tap_diag
head -10 "$tmp/t" | cmp -s "$tmp/want" -
tap_result $? "the header: version, program, device, kernel, launch, shape, record count"
grep -qx "0 40 0 0 1 0 0x0000000f 6 0 scale" "$tmp/t" && grep -qx "1 0 2 1 0 0 0x0000000f 6 0 scale" "$tmp/t"
tap_result $? "the records in the probes' order, time from the earliest, the statement as its line"

"$WARPSTEP" trace --gpu $prog -o "$tmp/t2" --kernel scale --launch 2 >/dev/null 2>"$tmp/err"
st=$?
[ $st -eq 2 ] && grep -q "^warpstep: trace: launch 2 of kernel 'scale' did not run (1 did)$" "$tmp/err" && [ ! -e "$tmp/t2" ]
tap_result $? "a launch that never runs: exit 2, said, no file"
"$WARPSTEP" trace $prog -o "$tmp/t3" >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && grep -q "give --gpu" "$tmp/err"
tap_result $? "trace without --gpu is a usage error"
"$WARPSTEP" trace --gpu $prog >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && grep -q "trace needs -o FILE" "$tmp/err"
tap_result $? "trace without -o is a usage error"
WARPSTEP_LIBCUDA=$tmp/none.so "$WARPSTEP" trace --gpu $prog -o "$tmp/t4" >/dev/null 2>"$tmp/err"
[ $? -eq 3 ] && grep -q "^warpstep: trace --gpu: no CUDA driver" "$tmp/err"
tap_result $? "trace --gpu without a driver: exit 3"
"$WARPSTEP" ptx --probes $prog | grep -q "activemask.b32 %wsm" &&
	"$WARPSTEP" ptx --probes $prog | grep -q "^.visible .global .align 8 .u64 __ws_trace_buf;" &&
	! "$WARPSTEP" ptx $prog | grep -q "__ws_trace"
tap_result $? "ptx --probes shows the probes; plain ptx has none"

# the probes assemble (ptxas, when installed) for programs with divergence,
# loops, recursion, shared memory and barriers
PTXAS=${PTXAS:-$(command -v ptxas 2>/dev/null)}
[ -n "$PTXAS" ] || [ ! -x /usr/local/cuda/bin/ptxas ] || PTXAS=/usr/local/cuda/bin/ptxas
for p in tests/gpu/trace/diverge.cu tests/programs/reduce_tree.cu tests/programs/recursion.cu \
	tests/programs/nested_divergence.cu tests/programs/reduce_shfl.cu; do
	[ -f "$p" ] || continue
	if [ -z "$PTXAS" ]; then
		tap_skip "ptx --probes $p assembles" "no ptxas"
		continue
	fi
	"$WARPSTEP" ptx --probes "$p" -o "$tmp/p.ptx" 2>"$tmp/err" &&
		"$PTXAS" -arch=sm_90 "$tmp/p.ptx" -o "$tmp/p.cubin" 2>>"$tmp/err"
	r=$?
	[ $r -eq 0 ] || tap_diag <"$tmp/err"
	tap_result $r "ptx --probes $p: ptxas accepts the probes"
done

TMPDIR=$tmp/tt "$WARPSTEP" debug --gpu $prog --kernel scale --launch 2 </dev/null >/dev/null 2>"$tmp/err"
st=$?
[ $st -eq 2 ] && grep -q "^warpstep: trace: launch 2 of kernel 'scale' did not run (1 did)$" "$tmp/err" &&
	[ -z "$(ls "$tmp/tt")" ]
tap_result $? "debug --gpu PROG --kernel scale --launch 2: the launch never runs: exit 2, said, nothing left (status $st)"

printf 'warpstep-trace 9\n' >"$tmp/bad"
"$WARPSTEP" debug --trace "$tmp/bad" tests/gpu/trace/diverge.cu </dev/null >/dev/null 2>"$tmp/err"
st=$?
[ $st -eq 2 ] && grep -q "^warpstep: --trace: $tmp/bad: trace version '9' is not one this warpstep reads (1)$" "$tmp/err"
tap_result $? "debug --trace with a bad file: exit 2 and why (status $st)"
"$WARPSTEP" debug --trace "$tmp/none" tests/gpu/trace/diverge.cu </dev/null >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && grep -q "^warpstep: --trace: cannot read '$tmp/none'" "$tmp/err"
tap_result $? "debug --trace with no file: exit 2"
"$WARPSTEP" run --trace tests/gpu/trace/diverge.hand.trace tests/gpu/trace/diverge.cu >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && grep -q "works with debug only" "$tmp/err"
tap_result $? "--trace with run is a usage error"
tap_done
