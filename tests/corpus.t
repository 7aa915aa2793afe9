#!/bin/sh
# corpus.t - the corpus of real CUDA programs written by others (tests/corpus/MANIFEST,
# docs/compat.md): each program with a GPU record (tests/corpus/NAME/expected.out and
# expected.rc, made by tools/hw/record_corpus.sh and tools/corpus/import.sh) is run with
# `warpstep run` in its own folder, and its stdout (after the MANIFEST filter) and exit
# status must equal the GPU's.
#
# tests/corpus/KNOWN lists the programs known not to match yet (`NAME: cause`): such a
# program is reported `# TODO cause` and does not fail the run, but a KNOWN program that
# passes fails it (remove it from KNOWN), as does any other program that does not match (a
# regression). tests/corpus/SKIP lists programs not run here (`NAME: reason`, for example
# too slow for the emulator). A program without a GPU record, or a fetched one that is
# absent (tools/corpus/fetch.sh), is skipped with the reason.
# Environment: WARPSTEP, CORPUS_LIST (space-separated names, default all), CORPUS_TIMEOUT
# (seconds per program, default 20), CORPUS_BUDGET (seconds for all the programs, default
# 150: make check must stay fast on a small machine; once spent, the remaining programs are
# skipped with a message saying so, and the slow ones belong in SKIP).
# Run from the repository root.
. tests/tap.sh
. tools/corpus/lib.sh
CORPUS_TIMEOUT=${CORPUS_TIMEOUT:-20}
CORPUS_BUDGET=${CORPUS_BUDGET:-150}
# the sanitizer build (make check SANITIZE=1, build/san) runs about 3x slower
case ${WS_BUILD:-} in */san) CORPUS_TIMEOUT=$((CORPUS_TIMEOUT * 4)) CORPUS_BUDGET=$((CORPUS_BUDGET * 4)) ;; esac
case $WARPSTEP in /*) ;; *) WARPSTEP=$PWD/$WARPSTEP ;; esac
known=$CORPUS/KNOWN
skipf=$CORPUS/SKIP
if [ ! -f "$CORPUS_MANIFEST" ] || [ ! -x "$WARPSTEP" ]; then
	echo "Bail out! need $CORPUS_MANIFEST and the warpstep binary ($WARPSTEP); run from the repository root"
	exit 1
fi
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM

# reason_in FILE NAME: the text after `NAME:` in FILE (KNOWN or SKIP), empty when absent.
reason_in() {
	[ -f "$1" ] || return 0
	sed -n "s/^$2:[[:space:]]*//p" "$1" | head -n 1
}

# The corpus is consistent: names unique and well formed, every committed program present,
# every folder and every KNOWN/SKIP entry named in the MANIFEST.
corpus_lines | cut -d '|' -f 1 | sort >"$tmp/names"
bad=$(uniq -d "$tmp/names"; grep -v -E '^[A-Za-z0-9_]+$' "$tmp/names")
[ -z "$bad" ]
tap_result $? "MANIFEST names are unique identifiers${bad:+: $(echo $bad)}"
bad=
corpus_lines | while read -r line; do
	corpus_parse "$line"
	case $c_mode in committed|fetched) ;; *) echo "$c_name: mode '$c_mode'" ;; esac
	if [ "$c_mode" = committed ] && [ ! -f "$c_dir/$c_src" ]; then
		echo "$c_name: $c_dir/$c_src missing"
	fi
	[ -n "$c_commit" ] && [ -n "$c_licence" ] && [ -n "$c_filter" ] || echo "$c_name: empty field"
done >"$tmp/bad"
[ ! -s "$tmp/bad" ]
tap_result $? "every MANIFEST line is complete and every committed program is present"
tap_diag <"$tmp/bad"
for d in "$CORPUS"/*/; do
	d=$(basename "$d")
	case $d in common|fetched|LICENSES) continue ;; esac
	grep -qx "$d" "$tmp/names" || echo "$d"
done >"$tmp/bad"
for f in "$known" "$skipf"; do
	[ -f "$f" ] || continue
	grep -v -e '^#' -e '^[[:space:]]*$' "$f" | cut -d : -f 1 | while read -r n; do
		grep -qx "$n" "$tmp/names" || echo "$n (in $(basename "$f"))"
	done
done >>"$tmp/bad"
[ ! -s "$tmp/bad" ]
tap_result $? "every folder, KNOWN and SKIP entry is a MANIFEST program"
tap_diag <"$tmp/bad"

pass=0
todo=0
corpus_lines $CORPUS_LIST >"$tmp/lines" 2>/dev/null
for n in $CORPUS_LIST; do
	grep -qx "$n" "$tmp/names" || tap_result 1 "$n: no such program in $CORPUS_MANIFEST"
done
start=$(date +%s)
while read -r line; do
	corpus_parse "$line"
	if [ $(($(date +%s) - start)) -ge "$CORPUS_BUDGET" ]; then
		tap_skip "$c_name" "corpus time budget of ${CORPUS_BUDGET}s spent (list slow programs in $skipf)"
		continue
	fi
	why=$(reason_in "$skipf" "$c_name")
	if [ -n "$why" ]; then
		tap_skip "$c_name" "$why"
		continue
	fi
	if [ ! -f "$c_exp/expected.out" ] || [ ! -f "$c_exp/expected.rc" ]; then
		tap_skip "$c_name" "no GPU record yet (tools/hw/record_corpus.sh, tools/corpus/import.sh)"
		continue
	fi
	if [ ! -f "$c_dir/$c_src" ]; then
		tap_skip "$c_name" "not fetched (sh tools/corpus/fetch.sh)"
		continue
	fi
	# shellcheck disable=SC2086
	(cd "$c_dir" && timeout "$CORPUS_TIMEOUT" "$WARPSTEP" run $c_flags "$c_src" \
		</dev/null >"$tmp/out" 2>"$tmp/err")
	rc=$?
	corpus_filter "$tmp/out"
	want=$(cat "$c_exp/expected.rc")
	fail=
	if [ "$rc" = 124 ]; then
		fail="no end after ${CORPUS_TIMEOUT}s"
	else
		cmp -s "$tmp/out" "$c_exp/expected.out" || fail="stdout differs"
		[ "$rc" = "$want" ] || fail="${fail:+$fail, }exit status $rc, expected $want"
	fi
	cause=$(reason_in "$known" "$c_name")
	if [ -z "$fail" ] && [ -n "$cause" ]; then
		tap_result 1 "$c_name passes but tests/corpus/KNOWN says '$cause': remove it from KNOWN"
	elif [ -z "$fail" ]; then
		tap_result 0 "$c_name"
		pass=$((pass + 1))
	elif [ -n "$cause" ]; then
		T_TODO=$cause
		tap_result 1 "$c_name: $fail"
		T_TODO=
		todo=$((todo + 1))
	else
		tap_result 1 "$c_name: $fail (not in tests/corpus/KNOWN: a regression)"
		diff "$c_exp/expected.out" "$tmp/out" | head -n 10 | tap_diag
		head -n 5 "$tmp/err" | tap_diag
	fi
done <"$tmp/lines"
echo "# corpus: $pass matched the GPU, $todo known not to yet, $(($(date +%s) - start))s"
tap_done
