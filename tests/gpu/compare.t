#!/bin/sh
# compare.t - run --compare without a GPU: tests/gpu/fakecuda.c stands in
# for libcuda (as in fake_driver.t), and with $FAKECUDA_PLANT it is a wrong
# GPU (scale leaves p[3] one too large; hello's last line says 7). The
# comparison must find the planted difference with its allocation, index,
# both values and the emulator's last store (line and thread), show the
# device printf difference as a diff, and exit 1; a faithful fake gives
# exit 0; without a driver --compare exits 3 as --gpu does (docs/gpu.md).
. tests/tap.sh

CC=${CC:-cc}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/ws-compare.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
if ! "$CC" -shared -fPIC -o "$tmp/libfakecuda.so" tests/gpu/fakecuda.c 2>"$tmp/err"; then
	tap_diag <"$tmp/err"
	tap_skip "run --compare on the fake driver" "cannot build a shared library with $CC"
	tap_done
fi
prog=tests/gpu/compare_prog.cu

# a faithful GPU: nothing differs
env -u FAKECUDA_PLANT WARPSTEP_LIBCUDA=$tmp/libfakecuda.so "$WARPSTEP" run --compare $prog >"$tmp/out" 2>"$tmp/err"
st=$?
[ $st -eq 0 ] || { echo "status $st"; cat "$tmp/err"; } | tap_diag
tap_result $st "run --compare, engines that agree: exit 0"
grep -q "^warpstep: --compare: 0 of 2 launches differ on Fake GPU$" "$tmp/err"
tap_result $? "it says how many launches it compared and on which GPU"
! grep -q "gpu-differs" "$tmp/err"
tap_result $? "no finding when the engines agree"
grep -qx "scaled: 3 6 12 24" "$tmp/out" && grep -qx "hello from 2" "$tmp/out"
tap_result $? "the program's output is the emulator's"

# a wrong GPU: the planted difference is found
FAKECUDA_PLANT=1 WARPSTEP_LIBCUDA=$tmp/libfakecuda.so "$WARPSTEP" run --compare $prog >"$tmp/out" 2>"$tmp/err"
st=$?
[ $st -eq 1 ] || { echo "status $st"; cat "$tmp/err"; } | tap_diag
tap_result "$([ $st -eq 1 ]; echo $?)" "run --compare, a planted difference: exit 1"
has() {
	grep -qF -- "$1" "$tmp/err"
	r=$?
	[ $r -eq 0 ] || tap_diag <"$tmp/err"
	tap_result $r "$2"
}
has "compare_prog.cu:10:3: error[gpu-differs]: device block 1[3] (4-byte elements; byte 12 of 32" \
	"the finding is at the line of the emulator's last store, and names the allocation and the index"
has "after launch 1 of scale: emulator 12 (0x0000000c), GPU 13 (0x0000000d)" "both values, and the launch"
has "the emulator's last store to it: line 10, block (0,0,0) thread (3,0,0)" "the thread of the last store"
has "= thread: block (0,0,0), thread (3,0,0), warp 0, lane 3" "the finding's thread is that writer"
has "launch 2 of hello: device printf output differs" "differing device printf is a finding too"
sed -n '/^--- emulator$/,/^warpstep: --compare/p' "$tmp/err" >"$tmp/diff"
printf -- '--- emulator\n+++ GPU\n hello from 0\n hello from 1\n-hello from 2\n+hello from 7\nwarpstep: --compare: 2 of 2 launches differ on Fake GPU\n' >"$tmp/want"
diff "$tmp/want" "$tmp/diff" | tap_diag
cmp -s "$tmp/want" "$tmp/diff"
tap_result $? "the printf difference as a diff, then the count of launches that differ"

# no driver: exit 3 and one line
WARPSTEP_LIBCUDA=$tmp/nonexistent.so "$WARPSTEP" run --compare $prog >"$tmp/out" 2>"$tmp/err"
st=$?
tap_result "$([ $st -eq 3 ]; echo $?)" "run --compare without a driver: exit 3 (got $st)"
grep -q "^warpstep: --compare: no CUDA driver" "$tmp/err"
tap_result $? "with a one-line reason"
"$WARPSTEP" explore --compare $prog >/dev/null 2>"$tmp/err"
st=$?
tap_result "$([ $st -eq 2 ] && grep -q "^warpstep: --compare works with run only" "$tmp/err"; echo $?)" \
	"--compare with another command is a usage error"
tap_done
