#!/bin/sh
# survey.sh - run every corpus program through warpstep and say, for each, whether it
# matches the GPU's record and otherwise why not: the first diagnostic warpstep gave. It is
# the measurement behind docs/compat.md.
#
#   sh tools/corpus/survey.sh [NAME...]
#
# Prints one line per program: NAME <tab> RESULT <tab> SECONDS <tab> FIRST-DIAGNOSTIC <tab>
# CAUSE, where SECONDS is how long warpstep took, CAUSE names the first diagnostic's kind
# (tools/corpus/causes.sed) and RESULT is
#   pass        stdout (filtered) and exit status equal the GPU's
#   differs     it ran, but stdout or the exit status differ from the GPU's
#   ran         it ran (exit status shown), and there is no GPU record to compare with yet
#   compile     warpstep refused it at compile time (exit 2 with an error diagnostic)
#   runtime     it stopped with a warpstep error while running
#   timeout     it did not finish within SURVEY_TIMEOUT seconds (default 60)
#   step-limit  warpstep stopped it at its instruction limit (--max-steps)
#   missing     the source is absent (a fetched program: run tools/corpus/fetch.sh)
# and a last line with the counts. The outputs stay in SURVEY_OUT (default
# /tmp/warpstep-survey): NAME.out, NAME.err, NAME.rc, summary.tsv (the lines above) and
# KNOWN.new (`NAME: cause` for every program that does not pass, in the form of
# tests/corpus/KNOWN).
# Environment: WARPSTEP (default ./warpstep), SURVEY_TIMEOUT, SURVEY_OUT.
# Run from the repository root.
. tools/corpus/lib.sh || exit 2
WARPSTEP=${WARPSTEP:-./warpstep}
case $WARPSTEP in /*) ;; *) WARPSTEP=$PWD/$WARPSTEP ;; esac
if [ ! -x "$WARPSTEP" ]; then
	echo "survey.sh: warpstep not found at '$WARPSTEP' (build it with make, or set WARPSTEP)" >&2
	exit 2
fi
SURVEY_TIMEOUT=${SURVEY_TIMEOUT:-60}
SURVEY_OUT=${SURVEY_OUT:-/tmp/warpstep-survey}
mkdir -p "$SURVEY_OUT" || exit 2
root=$PWD
tab=$(printf '\t')
corpus_lines "$@" | while read -r line; do
	corpus_parse "$line"
	o=$SURVEY_OUT/$c_name
	if [ ! -f "$c_dir/$c_src" ]; then
		echo "$c_name${tab}missing${tab}0${tab}no source $c_dir/$c_src"
		continue
	fi
	t0=$(date +%s.%N)
	# shellcheck disable=SC2086
	(cd "$c_dir" && timeout "$SURVEY_TIMEOUT" "$WARPSTEP" run $c_flags "$c_src" </dev/null >"$o.out" 2>"$o.err")
	rc=$?
	secs=$(echo "$t0 $(date +%s.%N)" | awk '{ printf "%.1f", $2 - $1 }')
	echo "$rc" >"$o.rc"
	corpus_filter "$o.out"
	diag=$(grep -m 1 -E '(error|warpstep):' "$o.err" | tr '\t' ' ')
	[ -n "$diag" ] || diag=$(head -n 1 "$o.err" | tr '\t' ' ')
	if grep -q 'error\[step-limit\]' "$o.err"; then
		res=step-limit
	elif [ "$rc" = 124 ]; then
		res=timeout
		diag="no end after ${SURVEY_TIMEOUT}s"
	elif [ "$rc" = 2 ] && grep -q ' error: ' "$o.err"; then
		res=compile
	elif [ -f "$c_exp/expected.rc" ]; then
		if cmp -s "$o.out" "$c_exp/expected.out" && [ "$rc" = "$(cat "$c_exp/expected.rc")" ]; then
			res=pass
			diag=
		elif grep -q '^warpstep: ' "$o.err"; then
			res=runtime
		else
			res=differs
			[ -n "$diag" ] || diag="exit $rc, expected $(cat "$c_exp/expected.rc"); stdout: $(diff "$c_exp/expected.out" "$o.out" | sed -n 2p | tr '\t' ' ')"
		fi
	elif grep -q '^warpstep: ' "$o.err"; then
		res=runtime
	else
		res=ran
		diag="exit $rc${diag:+; stderr: $diag}"
	fi
	case $res in
	pass) cause= ;;
	ran) cause="not compared yet (no GPU record)" ;;
	step-limit) cause="stopped at the instruction limit (--max-steps 500000000) though it ends on a GPU" ;;
	differs) cause="output differs from the GPU: $diag" ;;
	runtime) cause="stops at run time: $(echo "$diag" | sed 's/^[^ ]*: //')" ;;
	*) cause=$(echo "$diag" | sed -f tools/corpus/causes.sed) ;;
	esac
	echo "$c_name${tab}$res${tab}$secs${tab}$diag${tab}$cause"
done | tee "$SURVEY_OUT/summary.tsv"
awk -F '\t' '$2 != "pass" && $2 != "ran" && $2 != "missing" { print $1 ": " $5 }' \
	"$SURVEY_OUT/summary.tsv" >"$SURVEY_OUT/KNOWN.new"
cut -f 2 "$SURVEY_OUT/summary.tsv" | sort | uniq -c | tr '\n' ' ' | sed 's/  */ /g; s/^/# /; s/$/\n/'
