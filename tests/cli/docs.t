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
# the debugger's commands (tui/cmd.c's table, the one `help CMD` reads):
# each is on the help screen (tui/view.c), in the man page's DEBUGGER
# COMMANDS section and in the README
dcmds=$(sed -n '/^static const struct command commands\[\]/,/^};/s/^\t{ "\([a-z-]*\)", .*/\1/p' tui/cmd.c)
[ "$(printf '%s\n' "$dcmds" | wc -l)" -ge 40 ]
tap_result $? "tui/cmd.c lists the debugger's commands ($(printf '%s\n' "$dcmds" | wc -l))"
msec=$(sed -n '/^\.SH DEBUGGER COMMANDS/,/^\.SH OPTIONS/p' docs/warpstep.1)
hlp=$(sed -n '/view_help_lines\[\] = {/,/NULL/p' tui/view.c)
for w in $dcmds; do
	pat=$(printf '%s' "$w" | sed 's/-/\\\\-/g')
	printf '%s\n' "$msec" | grep -q -e "\\\\fB$pat" -e "^\\.B.* $w"
	tap_result $? "warpstep.1 DEBUGGER COMMANDS documents $w"
	printf '%s\n' "$hlp" | grep -q -- "$w"
	tap_result $? "the help screen lists $w"
	grep -q -- "\`$w" README.md
	tap_result $? "README.md documents the debugger command $w"
done
first=$(sed -n '/^## Quick start/,/^## /p' README.md | grep -m2 '^make ' | tr '\n' ' ')
[ "$first" = "make run make check " ]
tap_result $? "README quick start: make run, then make check"
grep -q 'EXIT STATUS' docs/warpstep.1
tap_result $? "warpstep.1 has an EXIT STATUS section"
# docs/FEATURES.md: every test a row names exists (programs.t, findings.t and
# the golden tests run them), every "supported" row names one, and no row
# says it is "in progress" or points at an issue instead of a test.
missing=$(grep -o 'tests/[A-Za-z0-9_./-]*\.[a-z]*' docs/FEATURES.md | sort -u |
	while read -r f; do [ -e "$f" ] || echo "$f"; done)
[ -z "$missing" ] || printf '%s\n' "$missing" | tap_diag
tap_result "$([ -z "$missing" ]; echo $?)" "every test named in docs/FEATURES.md exists"
bad=$(grep '^| ' docs/FEATURES.md | grep -v '^| construct' | awk -F'|' '$3 ~ /supported/ && $3 !~ /not yet/ && $4 !~ /tests\//')
[ -z "$bad" ] || printf '%s\n' "$bad" | head -5 | tap_diag
tap_result "$([ -z "$bad" ]; echo $?)" "every supported row of docs/FEATURES.md names its test"
bad=$(grep -n -i -E 'in progress|issue [0-9]+' docs/FEATURES.md)
[ -z "$bad" ] || printf '%s\n' "$bad" | head -5 | tap_diag
tap_result "$([ -z "$bad" ]; echo $?)" "no row of docs/FEATURES.md is 'in progress' or names an issue"
# a construct a test program calls is not "not yet": every `__name` and
# `cudaName` of a "not yet" row's construct column that a program in
# tests/programs calls (name followed by "(" or "<") is a row that lies
bad=$(grep '^| ' docs/FEATURES.md | awk -F'|' '$3 ~ /not yet/ { print $2 }' |
	grep -oE '`(__|cuda)[A-Za-z0-9_]*' | tr -d '`' | sort -u |
	while read -r i; do
		f=$(grep -lE "(^|[^A-Za-z0-9_])$i *[(<]" tests/programs/*.cu | head -1)
		[ -z "$f" ] || echo "$i is 'not yet' but $f calls it"
	done)
[ -z "$bad" ] || printf '%s\n' "$bad" | head -5 | tap_diag
tap_result "$([ -z "$bad" ]; echo $?)" "no construct a test program calls is 'not yet' in docs/FEATURES.md"
# every finding kind, listed once in engine/check/findings.def (the engine's
# enum, hints and severities, the debugger's `break finding`, its completion
# and the JSON report read that table; the compiler holds every call site to
# its FK_ names), is documented in docs/findings.md with the table's
# severity, and the docs' table of kinds lists no other kind
kinds=$(sed -n 's/^FINDING([A-Z_]*, "\([a-z-]*\)".*/\1/p' engine/check/findings.def)
[ "$(printf '%s\n' "$kinds" | wc -l)" -ge 20 ]
tap_result $? "engine/check/findings.def lists the finding kinds"
for k in $kinds; do
	sev=$(sed -n "s/^FINDING([A-Z_]*, \"$k\", \([A-Z]*\),.*/\1/p" engine/check/findings.def |
		tr 'A-Z' 'a-z')
	doc=$(sed -n "s/^| \`$k\` | \([a-z]*\).*/\1/p" docs/findings.md)
	[ -n "$doc" ] && [ "$doc" = "$sev" ]
	tap_result $? "docs/findings.md documents $k as the table does ($sev; docs: ${doc:-nothing})"
done
documented=$(sed -n '/^## The kinds/,/^## /s/^| `\([a-z-]*\)` |.*/\1/p' docs/findings.md)
bad=$(for k in $documented; do printf '%s\n' "$kinds" | grep -qx "$k" || echo "$k"; done)
[ -z "$bad" ] || printf 'documented but not in findings.def: %s\n' $bad | tap_diag
tap_result "$([ -z "$bad" ]; echo $?)" "docs/findings.md documents no kind findings.def lacks"
bad=$(grep -rnoE 'finding_add(_sev)?\([a-z>-]+, *"' engine)
[ -z "$bad" ] || printf '%s\n' "$bad" | tap_diag
tap_result "$([ -z "$bad" ]; echo $?)" "no finding is made with a kind as a string (the engine uses FK_ kinds)"
tap_done
