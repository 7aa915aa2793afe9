#!/bin/sh
# import.sh - take the GPU's record (written by tools/hw/record_corpus.sh) into the corpus:
# DIR/NAME.out and DIR/NAME.rc become tests/corpus/NAME/expected.out and expected.rc. When
# DIR/NAME.raw (the unfiltered stdout) exists, the MANIFEST filter is applied to it afresh.
# A program that did not compile (rc "build") or timed out on the GPU (rc 124) is not
# imported, with a message; its old expected files, if any, are removed so that the test
# does not compare against a stale record.
#
#   sh tools/corpus/import.sh DIR [NAME...]
#
# Run from the repository root.
if [ $# -lt 1 ] || [ ! -d "$1" ]; then
	echo "usage: sh tools/corpus/import.sh DIR [NAME...] (DIR: the \$OUT of record_corpus.sh)" >&2
	exit 2
fi
dir=$1
shift
. tools/corpus/lib.sh || exit 2
n=0
corpus_lines "$@" | while read -r line; do
	corpus_parse "$line"
	if [ ! -f "$dir/$c_name.rc" ]; then
		echo "import.sh: $c_name: no record in $dir" >&2
		continue
	fi
	rc=$(cat "$dir/$c_name.rc")
	case $rc in
	build|124)
		echo "import.sh: $c_name: not imported (exit '$rc' on the GPU)" >&2
		rm -f "$c_exp/expected.out" "$c_exp/expected.rc"
		continue ;;
	esac
	mkdir -p "$c_exp" || exit 2
	if [ -f "$dir/$c_name.raw" ]; then
		cp "$dir/$c_name.raw" "$c_exp/expected.out" || exit 2
		corpus_filter "$c_exp/expected.out"
	else
		cp "$dir/$c_name.out" "$c_exp/expected.out" || exit 2
	fi
	echo "$rc" >"$c_exp/expected.rc"
	n=$((n + 1))
	echo "import.sh: $c_name: exit $rc, $(wc -l <"$c_exp/expected.out") lines"
done
