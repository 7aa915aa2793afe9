#!/bin/sh
# measure.sh - run every corpus program (KNOWN and SKIP included) as tests/corpus.t does (its
# folder, its MANIFEST flags, stdin from /dev/null, the MANIFEST filter, stdout and exit
# status compared with the GPU record) but with a limit of LIMIT seconds each instead of
# corpus.t's 20, JOBS at a time, and print one line per program:
#     NAME pass|timeout|fail(rc=N)|absent PROCESSOR_SECONDS WALL_SECONDS
# This is how docs/compat.md counts the programs that print what the GPU printed when they
# are let run to their end. Run from the repository root, after `make` and
# `sh tools/corpus/fetch.sh`:
#     sh tools/corpus/measure.sh [LIMIT [JOBS [NAME...]]]      (defaults: 480 s, nproc)
# With MEASURE_KEEP=DIR the stdout and stderr of programs that fail are kept in DIR.
if [ "$1" = --one ]; then
	shift
	. tools/corpus/lib.sh || exit 2
	WARPSTEP=${WARPSTEP:-$PWD/warpstep}
	line=$(corpus_lines "$1" 2>/dev/null)
	corpus_parse "$line"
	if [ ! -f "$c_dir/$c_src" ] || [ ! -f "$c_exp/expected.out" ]; then
		echo "$c_name absent - -"
		exit 0
	fi
	t=$(mktemp -d) || exit 2
	tm=
	[ -x /usr/bin/time ] && tm="/usr/bin/time -f %U -o $t/time"
	s=$(date +%s.%N)
	# shellcheck disable=SC2086
	(cd "$c_dir" && $tm timeout "$2" "$WARPSTEP" run $c_flags "$c_src" </dev/null >"$t/out" 2>"$t/err")
	rc=$?
	e=$(date +%s.%N)
	u=$(tail -n 1 "$t/time" 2>/dev/null)
	corpus_filter "$t/out"
	want=$(cat "$c_exp/expected.rc")
	if [ "$rc" = 124 ]; then
		r=timeout
	elif cmp -s "$t/out" "$c_exp/expected.out" && [ "$rc" = "$want" ]; then
		r=pass
	else
		r="fail(rc=$rc)"
		if [ -n "$MEASURE_KEEP" ]; then
			mkdir -p "$MEASURE_KEEP"
			cp "$t/out" "$MEASURE_KEEP/$c_name.out"
			cp "$t/err" "$MEASURE_KEEP/$c_name.err"
		fi
	fi
	echo "$c_name $r ${u:--} $(echo "$s $e" | awk '{ printf "%.1f", $2 - $1 }')"
	rm -rf "$t"
	exit 0
fi
limit=${1:-480}
jobs=${2:-$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)}
[ $# -gt 2 ] && shift 2 || set --
. tools/corpus/lib.sh || exit 2
WARPSTEP=${WARPSTEP:-./warpstep}
case $WARPSTEP in /*) ;; *) WARPSTEP=$PWD/$WARPSTEP ;; esac
[ -x "$WARPSTEP" ] || { echo "measure.sh: build warpstep first (make)" >&2; exit 2; }
export WARPSTEP
corpus_lines "$@" | cut -d'|' -f1 | xargs -P "$jobs" -I{} sh "$0" --one {} "$limit"
