#!/bin/sh
# corpus_measure.t - tools/corpus/measure.sh, the script docs/compat.md's counts come from:
# a committed corpus program that matches its GPU record is "pass", a name not in the
# MANIFEST is refused on stderr, and a program stopped by the limit is "timeout".
. tests/tap.sh

out=$(WARPSTEP="$WARPSTEP" sh tools/corpus/measure.sh 60 2 cs_vectorAdd nb_haxpy 2>&1 | sort)
case $out in
"cs_vectorAdd pass "*"nb_haxpy pass "*) r=0 ;;
*) r=1 ;;
esac
[ $r -eq 0 ] || echo "$out" | tap_diag
tap_result $r "two committed programs that match their GPU record are reported as pass"

err=$(WARPSTEP="$WARPSTEP" sh tools/corpus/measure.sh 60 1 no_such_program 2>&1 >/dev/null)
case $err in *"no program named 'no_such_program'"*) r=0 ;; *) r=1 ;; esac
tap_result $r "a name not in the MANIFEST is refused with a message"

out=$(WARPSTEP="$WARPSTEP" sh tools/corpus/measure.sh 1 1 cs_matrixMul 2>&1)
case $out in "cs_matrixMul timeout "*|"cs_matrixMul absent "*) r=0 ;; *) r=1 ;; esac
[ $r -eq 0 ] || echo "$out" | tap_diag
tap_result $r "a program stopped by the limit is reported as timeout"
tap_done
