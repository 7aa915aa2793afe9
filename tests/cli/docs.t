#!/bin/sh
# docs.t - the documentation keeps up with the command line: every command
# and option that `warpstep --help` lists appears in the man page and the
# README; the README's quick start shows `make run` and `make check` first;
# every finding kind is documented and completed by the debugger.
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
# every finding kind (the hints table of engine/findings.c) is documented in
# docs/findings.md and offered by the debugger's `break finding` completion
kinds=$(sed -n 's/^[[:space:]]*{ "\([a-z-]*\)", ".*/\1/p' engine/findings.c)
[ "$(printf '%s\n' "$kinds" | wc -l)" -ge 20 ]
tap_result $? "engine/findings.c lists the finding kinds"
for k in $kinds; do
	grep -q "\`$k\`" docs/findings.md
	tap_result $? "docs/findings.md documents $k"
	grep -q "\"$k\"" tui/cmd.c
	tap_result $? "tui/cmd.c completes break finding $k"
done
tap_done
