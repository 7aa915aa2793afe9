# lib.sh - shared by the corpus scripts (tools/corpus/*.sh, tools/hw/record_corpus.sh,
# tests/corpus.t). Source it from the repository root.
#
#   corpus_lines [NAMES]      the MANIFEST lines (comments dropped), only NAMES when given
#                             (a name not in the MANIFEST is reported on stderr)
#   corpus_parse LINE         sets c_name c_url c_commit c_path c_licence c_mode c_extra
#                             c_flags c_filter, c_dir (the folder the program runs in),
#                             c_src (its .cu, relative to c_dir) and c_exp (the folder of
#                             its expected.out/expected.rc)
#   corpus_filter FILE        applies c_filter to FILE in place: a sed script ('-' for none),
#                             optionally prefixed with `sort:` to sort the lines afterwards
#                             (for output whose order the GPU does not define: device printf
#                             from several warps or blocks)
# CORPUS_DIR (default tests/corpus) lets the harness's own test use a corpus of its own.
CORPUS=${CORPUS_DIR:-tests/corpus}
CORPUS_MANIFEST=$CORPUS/MANIFEST

corpus_lines() {
	if [ $# -eq 0 ]; then
		grep -v -e '^#' -e '^[[:space:]]*$' "$CORPUS_MANIFEST"
	else
		for _n in "$@"; do
			grep "^$_n|" "$CORPUS_MANIFEST" ||
				echo "no program named '$_n' in $CORPUS_MANIFEST" >&2
		done
	fi
}

corpus_parse() {
	IFS='|' read -r c_name c_url c_commit c_path c_licence c_mode c_extra c_flags c_filter <<EOF_LINE
$1
EOF_LINE
	c_exp=$CORPUS/$c_name
	if [ "$c_mode" = fetched ]; then
		c_dir=$CORPUS/fetched/$c_name
	else
		c_dir=$CORPUS/$c_name
	fi
	c_src=$(basename "$c_path")
	[ "$c_flags" = - ] && c_flags=
	return 0
}

corpus_filter() {
	_script=$c_filter
	_sort=0
	case $_script in sort:*) _sort=1; _script=${_script#sort:} ;; esac
	if [ -n "$_script" ] && [ "$_script" != - ]; then
		sed "$_script" "$1" >"$1.f" && mv "$1.f" "$1" || return 1
	fi
	if [ "$_sort" = 1 ]; then
		LC_ALL=C sort "$1" >"$1.f" && mv "$1.f" "$1"
	fi
}
