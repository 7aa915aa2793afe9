#!/bin/sh
# fmad.t - --fmad=false turns off the contraction of a*b+c into a fused
# multiply-add in device code (tests/programs/fmad.cu checks the default);
# a bad value is a usage error.
. tests/tap.sh

out=$("$WARPSTEP" run --fmad=false tests/programs/fmad.cu 2>&1)
printf '%s\n' "$out" | grep -q '^device a\*a + c      0x1p-11$'
tap_result $? "--fmad=false: a*a + c is rounded twice in device code"
printf '%s\n' "$out" | grep -q '^device double       0x1p-26$'
tap_result $? "--fmad=false: the double too"
out=$("$WARPSTEP" run --fmad true tests/programs/fmad.cu 2>&1)
printf '%s\n' "$out" | grep -q '^device a\*a + c      0x1.0008p-11$'
tap_result $? "--fmad true: contracted, as by default"
"$WARPSTEP" run --fmad=maybe tests/programs/fmad.cu >/dev/null 2>"${TMPDIR:-/tmp}/fmad.$$"
st=$?
grep -q "bad --fmad 'maybe'" "${TMPDIR:-/tmp}/fmad.$$"
r=$?
rm -f "${TMPDIR:-/tmp}/fmad.$$"
[ $st -eq 2 ] && [ $r -eq 0 ]
tap_result $? "--fmad=maybe: exit 2 with a message"
tap_done
