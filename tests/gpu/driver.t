#!/bin/sh
# driver.t - `--gpu` without a usable GPU (docs/gpu.md, warpstep(1)): one
# line saying which step failed and exit status 3, the program not run;
# libcuda is looked for at run time only ($WARPSTEP_LIBCUDA names another
# file); --gpu with a command other than run is a usage error.
. tests/tap.sh

tmp=$(mktemp -d "${TMPDIR:-/tmp}/ws-driver.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT

WARPSTEP_LIBCUDA=/nonexistent/libcuda.so.1 "$WARPSTEP" run --gpu tests/programs/hello_block.cu \
	>"$tmp/out" 2>"$tmp/err"
st=$?
[ $st -eq 3 ] && [ ! -s "$tmp/out" ] &&
	grep -q "^warpstep: --gpu: no CUDA driver: /nonexistent/libcuda.so.1: " "$tmp/err" &&
	[ "$(wc -l <"$tmp/err")" -eq 1 ]
r=$?
[ $r -eq 0 ] || { echo "status $st"; cat "$tmp/err"; } | tap_diag
tap_result $r "no libcuda: one line naming the library, exit 3, the program does not run"

stub=/usr/local/cuda/lib64/stubs/libcuda.so
if [ -f "$stub" ]; then
	WARPSTEP_LIBCUDA=$stub "$WARPSTEP" run --gpu tests/programs/hello_block.cu >"$tmp/out" 2>"$tmp/err"
	st=$?
	[ $st -eq 3 ] && grep -q "^warpstep: --gpu: no CUDA device: cuInit failed: CUDA_ERROR_STUB_LIBRARY" "$tmp/err"
	r=$?
	[ $r -eq 0 ] || { echo "status $st"; cat "$tmp/err"; } | tap_diag
	tap_result $r "the toolkit's stub libcuda (every entry point found by its versioned name): cuInit fails, exit 3"
else
	tap_skip "the toolkit's stub libcuda" "no $stub"
fi

"$WARPSTEP" check --gpu tests/programs/hello_block.cu >/dev/null 2>"$tmp/err"
st=$?
[ $st -eq 2 ] && grep -q -- "--gpu works with run, debug, trace and litmus only" "$tmp/err"
tap_result $? "check --gpu: a usage error (exit 2)"

# without --gpu nothing of the driver is touched, even with a bad library named
WARPSTEP_LIBCUDA=/nonexistent/libcuda.so.1 "$WARPSTEP" run tests/programs/hello_block.cu >"$tmp/out" 2>&1
[ $? -eq 0 ] && cmp -s "$tmp/out" tests/programs/hello_block.expected
tap_result $? "run without --gpu: the emulator, as before"
tap_done
