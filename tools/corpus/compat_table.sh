#!/bin/sh
# compat_table.sh - the table of docs/compat.md "Why each program fails": survey.sh's
# summary grouped by cause, most programs first, each with one exact diagnostic and the
# programs it blocks, as Markdown.
#
#   sh tools/corpus/compat_table.sh [SUMMARY.tsv]   (default /tmp/warpstep-survey/summary.tsv)
f=${1:-/tmp/warpstep-survey/summary.tsv}
if [ ! -f "$f" ]; then
	echo "compat_table.sh: no survey summary '$f' (run tools/corpus/survey.sh)" >&2
	exit 2
fi
total=$(wc -l <"$f")
pass=$(awk -F '\t' '$2 == "pass"' "$f" | wc -l)
echo "$pass of $total programs match the GPU."
echo
echo "| # | cause (the first diagnostic) | programs | example diagnostic | programs blocked |"
echo "|---|---|---|---|---|"
awk -F '\t' '$2 != "pass" {
	c = $5; n[c]++
	p[c] = p[c] (p[c] == "" ? "" : ", ") $1
	if (!(c in ex)) { d = $4; sub(/^[^ ]*: /, "", d); gsub(/\|/, "\\|", d); ex[c] = d }
}
END { for (c in n) printf "%d\t%s\t%s\t%s\n", n[c], c, ex[c], p[c] }' "$f" |
	sort -t "$(printf '\t')" -k1,1nr -k2,2 |
	awk -F '\t' '{ gsub(/\|/, "\\|", $2); printf "| %d | %s | %d | `%s` | %s |\n", NR, $2, $1, $3, $4 }'
