#!/bin/sh
# tools/findings-compare.sh - whether two warpstep binaries find the same things.
#
# Usage: sh tools/findings-compare.sh OLD NEW [PROGRAM.cu...]
# Runs `warpstep check --report R.json PROGRAM.cu` with each binary (options from a
# `// warpstep-opts: ...` line, in the program's folder, stdin empty, 120 s each) and
# compares the report, stdout, stderr and exit status. Default programs: every one of
# tests/findings, tests/programs and examples. A change that only makes the checkers
# faster must leave all four the same for every program (docs/PERFORMANCE.md).
# Prints each program that differs and what differs, then "N programs, M differ".
# Exit status: 0 none differ, 1 some do, 2 bad usage. Run from the repository root.
[ $# -ge 2 ] || { echo "usage: sh tools/findings-compare.sh OLD NEW [PROGRAM.cu...]" >&2; exit 2; }
abs() { case $1 in /*) echo "$1" ;; *) echo "$PWD/$1" ;; esac; }
old=$(abs "$1") new=$(abs "$2")
shift 2
for b in "$old" "$new"; do
	[ -x "$b" ] || { echo "findings-compare: no warpstep binary at $b" >&2; exit 2; }
done
[ $# -gt 0 ] || set -- tests/findings/*.cu tests/programs/*.cu $(find examples -name '*.cu' | sort)
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
to=
command -v timeout >/dev/null 2>&1 && to="timeout 120"
n=0 bad=0
for src in "$@"; do
	[ -f "$src" ] || { echo "findings-compare: no program $src" >&2; exit 2; }
	n=$((n + 1))
	opts=$(sed -n 's|^// warpstep-opts: ||p' "$src")
	dir=$(dirname "$src") file=$(basename "$src")
	for side in old new; do
		eval bin=\$$side
		rm -f "$tmp/$side.json"
		# shellcheck disable=SC2086
		(cd "$dir" && $to "$bin" check $opts --report "$tmp/$side.json" "$file" \
			</dev/null >"$tmp/$side.out" 2>"$tmp/$side.err"; echo $? >"$tmp/$side.rc")
		[ -f "$tmp/$side.json" ] || : >"$tmp/$side.json"
	done
	what=
	for x in json out err rc; do
		cmp -s "$tmp/old.$x" "$tmp/new.$x" || what="$what $x"
	done
	if [ -n "$what" ]; then
		echo "differs: $src ($what )"
		bad=$((bad + 1))
	fi
done
echo "$n programs, $bad differ"
[ "$bad" = 0 ]
