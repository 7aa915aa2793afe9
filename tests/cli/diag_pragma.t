#!/bin/sh
# diag_pragma.t - #pragma nv_diag_suppress/warning/error/default/once, the
# older diag_* forms and nv_diagnostic push/pop act on warpstep's own
# warnings, named by code or by number (docs/diagnostics.md).
. tests/tap.sh

t=${TMPDIR:-/tmp}/diag_pragma.$$
"$WARPSTEP" run tests/cli/diag_pragma.cu >"$t.out" 2>"$t.err"
st=$?
[ $st -eq 0 ] && grep -q '^one two three four five six$' "$t.out"
tap_result $? "the program runs (status $st)"
lines=$(sed -n 's/^tests\/cli\/diag_pragma.cu:\([0-9]*\):[0-9]*: warning: conversion from a string literal.*/\1/p' "$t.err" | tr '\n' ' ')
[ "$lines" = "6 10 16 " ]
tap_result $? "warnings at 6, 10 and 16 only: suppressed by name (8), by number in push/pop (13), a repeat after once (17) [$lines]"
grep -q 'diag_pragma.cu:1[0-9]:.*pragma' "$t.err"
[ $? -ne 0 ]
tap_result $? "nvcc's numbers (177, 550) are accepted without a word"
"$WARPSTEP" run tests/cli/diag_pragma_error.cu >"$t.out" 2>"$t.err"
st=$?
[ $st -ne 0 ] && grep -q 'diag_pragma_error.cu:6:[0-9]*: error: conversion from a string literal' "$t.err"
tap_result $? "nv_diag_error makes the warning an error: no compile (status $st)"
grep -q 'diag_pragma_error.cu:4:[0-9]*: warning' "$t.err" && grep -q 'diag_pragma_error.cu:8:[0-9]*: warning' "$t.err"
tap_result $? "before nv_diag_error and after nv_diag_warning it is a warning"
printf '#pragma nv_diag_suppress\nint main() { return 0; }\n' >"$t.cu"
"$WARPSTEP" run "$t.cu" >/dev/null 2>"$t.err"
st=$?
[ $st -eq 0 ] && grep -q ':1:[0-9]*: warning: #pragma nv_diag_suppress names no diagnostic' "$t.err"
tap_result $? "a diagnostic pragma without a name is a warning (pp-diag-pragma) and the program runs"
rm -f "$t.out" "$t.err" "$t.cu"
tap_done
