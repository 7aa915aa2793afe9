#!/bin/sh
# litmus_gpu.t - litmus --gpu without a GPU (docs/gpu.md "litmus --gpu"):
# tests/gpu/fakecuda.c runs tests/litmus/SB_fence_gpu.cu's kernel as a GPU
# that leaves the three allowed outcomes in turn; the histogram counts
# each next to the model's set (explore, relaxed model) and exits 0; with
# $FAKECUDA_PLANT the fake leaves r0=0 r1=0, which the model forbids, in 1
# run of 500: it is reported loudly and the exit status is 1. Without a
# driver: exit 3, as --gpu.
. tests/tap.sh

CC=${CC:-cc}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/ws-litmus-gpu.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
if ! "$CC" -shared -fPIC -o "$tmp/libfakecuda.so" tests/gpu/fakecuda.c 2>"$tmp/err"; then
	tap_diag <"$tmp/err"
	tap_skip "litmus --gpu on the fake driver" "cannot build a shared library with $CC"
	tap_done
fi
export WARPSTEP_LIBCUDA=$tmp/libfakecuda.so
prog=tests/litmus/SB_fence_gpu.cu

env -u FAKECUDA_PLANT "$WARPSTEP" litmus --gpu $prog --runs 3000 >"$tmp/out" 2>"$tmp/err"
st=$?
[ $st -eq 0 ] || { echo "status $st"; cat "$tmp/err"; } | tap_diag
tap_result $st "litmus --gpu, only allowed outcomes: exit 0"
grep -q "^litmus --gpu $prog on Fake GPU: 3000 runs (seed 0) in " "$tmp/out"
tap_result $? "the header: program, GPU, runs, seed"
grep -q "^model: 3 outcomes under the relaxed model (every execution explored)$" "$tmp/out"
tap_result $? "the model's set beside it"
grep -qx "allowed         1000   33.3333%  r0=0 r1=1" "$tmp/out" &&
	grep -qx "allowed         1000   33.3333%  r0=1 r1=0" "$tmp/out" &&
	grep -qx "allowed         1000   33.3333%  r0=1 r1=1" "$tmp/out"
tap_result $? "each outcome's count and rate, as the program prints it"
! grep -q "FORBIDDEN" "$tmp/out" && [ ! -s "$tmp/err" ]
tap_result $? "nothing forbidden, nothing on stderr"

FAKECUDA_PLANT=1 "$WARPSTEP" litmus --gpu $prog --runs 3000 >"$tmp/out" 2>"$tmp/err"
st=$?
tap_result "$([ $st -eq 1 ]; echo $?)" "a forbidden outcome observed: exit 1 (got $st)"
grep -qx "FORBIDDEN          6    0.2000%  r0=0 r1=0" "$tmp/out"
tap_result $? "it is in the histogram, marked FORBIDDEN"
grep -q "^warpstep: litmus --gpu: THE GPU PRODUCED AN OUTCOME THE MODEL FORBIDS (6 of 3000 runs): a bug of the model or of the hardware: r0=0 r1=0$" "$tmp/err"
tap_result $? "and loudly on stderr"

WARPSTEP_LIBCUDA=$tmp/none.so "$WARPSTEP" litmus --gpu $prog --runs 10 >/dev/null 2>"$tmp/err"
[ $? -eq 3 ] && grep -q "^warpstep: litmus --gpu: no CUDA driver" "$tmp/err"
tap_result $? "litmus --gpu without a driver: exit 3"
"$WARPSTEP" explore --gpu $prog >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && grep -q "works with run, debug, trace and litmus only" "$tmp/err"
tap_result $? "explore --gpu is a usage error"
tap_done
