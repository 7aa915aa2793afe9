#!/bin/sh
# tools/dumps-compare.sh - whether two warpstep binaries compile programs the same way.
#
# Usage: sh tools/dumps-compare.sh OLD NEW [PROGRAM.cu...]
# Runs dump-pp, dump-pp-device, dump-ast, dump-ir, dump-run-ir and dump-diags of each
# program with each binary (in the program's folder, stdin empty, 120 s each) and
# compares stdout, stderr and exit status. Default programs: every one of tests/programs,
# tests/front/golden, tests/findings, examples and bench. A change that only makes the
# front end faster or smaller (docs/PERFORMANCE.md, start-up) must leave every dump the
# same: token spellings, spans and columns of diagnostics, the tree, the IR.
# Prints each program and dump that differs, then "N dumps of P programs, M differ".
# Exit status: 0 none differ, 1 some do, 2 bad usage. Run from the repository root.
[ $# -ge 2 ] || { echo "usage: sh tools/dumps-compare.sh OLD NEW [PROGRAM.cu...]" >&2; exit 2; }
abs() { case $1 in /*) echo "$1" ;; *) echo "$PWD/$1" ;; esac; }
old=$(abs "$1") new=$(abs "$2")
shift 2
for b in "$old" "$new"; do
	[ -x "$b" ] || { echo "dumps-compare: no warpstep binary at $b" >&2; exit 2; }
done
# shellcheck disable=SC2046 # find's output is a word list
[ $# -gt 0 ] || set -- tests/programs/*.cu tests/front/golden/*.cu tests/findings/*.cu \
	$(find examples -name '*.cu' | sort) bench/*.cu
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
to=
command -v timeout >/dev/null 2>&1 && to="timeout 120"
np=0 n=0 bad=0
for src in "$@"; do
	[ -f "$src" ] || { echo "dumps-compare: no program $src" >&2; exit 2; }
	np=$((np + 1))
	dir=$(dirname "$src") file=$(basename "$src")
	for d in dump-pp dump-pp-device dump-ast dump-ir dump-run-ir dump-diags; do
		n=$((n + 1))
		for side in old new; do
			eval bin=\$$side
			# shellcheck disable=SC2154 # bin is set by the eval
			(cd "$dir" && $to "$bin" $d "$file" </dev/null >"$tmp/$side.out" 2>"$tmp/$side.err"
				echo $? >"$tmp/$side.rc")
		done
		what=
		for x in out err rc; do
			cmp -s "$tmp/old.$x" "$tmp/new.$x" || what="$what $x"
		done
		if [ -n "$what" ]; then
			bad=$((bad + 1))
			echo "$src $d:$what"
		fi
	done
done
echo "$n dumps of $np programs, $bad differ"
[ "$bad" -eq 0 ]
