#!/bin/sh
# docs.t - the documentation keeps up with the command line: every command
# and option that `warpstep --help` lists appears in the man page and the
# README; the README's quick start shows `make run` and `make check` first.
. tests/tap.sh

help=$("$WARPSTEP" --help)
cmds=$(printf '%s\n' "$help" | sed -n '/^Commands:/,/^$/s/^  \([a-z-]*\) .*/\1/p')
opts=$(printf '%s\n' "$help" | sed -n '/^Options:/,/^$/p' | grep -o -- '--[a-z-]*\|-[A-Z]' | sort -u)
for w in $cmds $opts; do
	pat=$(printf '%s' "$w" | sed 's/-/\\\\-/g')
	grep -q -e "$pat" -e "$w" docs/warpstep.1
	tap_result $? "warpstep.1 documents $w"
done
for w in $cmds; do
	grep -q -- "$w" README.md
	tap_result $? "README.md mentions $w"
done
first=$(sed -n '/^## Quick start/,/^## /p' README.md | grep -m2 '^make ' | tr '\n' ' ')
[ "$first" = "make run make check " ]
tap_result $? "README quick start: make run, then make check"
grep -q 'EXIT STATUS' docs/warpstep.1
tap_result $? "warpstep.1 has an EXIT STATUS section"
tap_done
