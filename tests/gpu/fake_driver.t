#!/bin/sh
# fake_driver.t - run --gpu end to end without a GPU: tests/gpu/fakecuda.c,
# built here as a shared library and named by WARPSTEP_LIBCUDA, stands in
# for libcuda (docs/gpu.md). It checks the loader (every entry point by its
# versioned name), the PTX module and its kernel and variable names,
# argument packing, device memory both ways (cudaMalloc'd at the driver's
# addresses, __device__ variables through cudaMemcpyToSymbol), the kernel
# time on the event clock, and a device fault as the sticky error.
. tests/tap.sh

CC=${CC:-cc}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/ws-fakecuda.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
if ! "$CC" -shared -fPIC -o "$tmp/libfakecuda.so" tests/gpu/fakecuda.c 2>"$tmp/err"; then
	tap_diag <"$tmp/err"
	tap_skip "run --gpu on the fake driver" "cannot build a shared library with $CC"
	tap_done
fi
WARPSTEP_LIBCUDA=$tmp/libfakecuda.so "$WARPSTEP" run --gpu tests/gpu/fake_prog.cu >"$tmp/out" 2>"$tmp/err"
st=$?
[ $st -eq 0 ] || { echo "status $st"; cat "$tmp/err"; } | tap_diag
tap_result $st "run --gpu on the fake driver: exit 0"
check() {
	grep -qx "$1" "$tmp/out"
	r=$?
	[ $r -eq 0 ] || tap_diag <"$tmp/out"
	tap_result $r "$2"
}
check "scaled: 3 6 9 12 15" "a kernel's arguments arrive packed; its writes come back through cudaMemcpy"
check "counter: 42" "a __device__ variable goes to the module's variable and back (cudaMemcpyToSymbol/FromSymbol)"
check "kernel time at least 2.5 ms: 1" "the kernel's time from the driver's events advances the event clock"
check "boom: cudaErrorIllegalAddress (700)" "a fault on the device is the launch's error at the next synchronization"
check "sticky: an illegal memory access was encountered" "and sticky, with the runtime's string"
tap_done
