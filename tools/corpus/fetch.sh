#!/bin/sh
# fetch.sh - bring the corpus programs whose licence does not let us commit them
# (MANIFEST lines marked `fetched`) from their public sources, at the pinned
# commits, into tests/corpus/fetched/NAME/ (git-ignored).
#
#   sh tools/corpus/fetch.sh            fetch what is missing
#   sh tools/corpus/fetch.sh --force    fetch everything again
#   sh tools/corpus/fetch.sh --all      also rewrite the committed copies
#                                       (tests/corpus/NAME/) from their sources
#
# Each file comes from, in order: a local bare mirror when WS_CORPUS_MIRROR is
# set (WS_CORPUS_MIRROR/OWNER+NAME/repo, read with git show COMMIT:PATH), then
# https://raw.githubusercontent.com/OWNER/NAME/COMMIT/PATH with curl or wget.
# Offline, a program that cannot be fetched is skipped with a message; the
# exit status is 0 unless the manifest itself is missing or malformed.
# CORPUS_DIR (default tests/corpus) names another corpus (the harness's test uses it).
# Run from the repository root.
corpus=${CORPUS_DIR:-tests/corpus}
manifest=$corpus/MANIFEST
force=0
all=0
for a in "$@"; do
	case $a in
	--force) force=1 ;;
	--all) all=1; force=1 ;;
	-h|--help) sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
	*) echo "fetch.sh: unknown option '$a'" >&2; exit 2 ;;
	esac
done
if [ ! -f "$manifest" ]; then
	echo "fetch.sh: $manifest not found: run from the repository root" >&2
	exit 2
fi

# get_file URL COMMIT PATH DEST: one file of the source repository into DEST.
get_file() {
	_repo=${1#https://github.com/}
	_tmp=$4.part
	mkdir -p "$(dirname "$4")" || return 1
	if [ -n "$WS_CORPUS_MIRROR" ]; then
		_m=$WS_CORPUS_MIRROR/$(echo "$_repo" | tr / +)/repo
		if [ -d "$_m" ] && git -C "$_m" show "$2:$3" >"$_tmp" 2>/dev/null; then
			mv "$_tmp" "$4"
			return 0
		fi
	fi
	_url=https://raw.githubusercontent.com/$_repo/$2/$3
	if command -v curl >/dev/null 2>&1; then
		curl -fsSL --connect-timeout 10 --max-time 60 -o "$_tmp" "$_url" 2>/dev/null && mv "$_tmp" "$4" && return 0
	elif command -v wget >/dev/null 2>&1; then
		wget -q -T 30 -O "$_tmp" "$_url" && mv "$_tmp" "$4" && return 0
	fi
	rm -f "$_tmp"
	return 1
}

got=0
skipped=0
have=0
while IFS='|' read -r name url commit path licence mode extra flags filter; do
	case $name in ''|'#'*) continue ;; esac
	case $mode in
	fetched) dir=$corpus/fetched/$name ;;
	committed) [ "$all" = 1 ] || continue; dir=$corpus/$name ;;
	*) echo "fetch.sh: $name: bad mode '$mode' in $manifest" >&2; exit 2 ;;
	esac
	main=$dir/$(basename "$path")
	if [ "$force" = 0 ] && [ -f "$main" ]; then
		have=$((have + 1))
		continue
	fi
	existed=0
	[ -f "$main" ] && existed=1
	ok=1
	get_file "$url" "$commit" "$path" "$main" || ok=0
	if [ "$ok" = 1 ] && [ "$extra" != - ]; then
		for e in $(echo "$extra" | tr , ' '); do
			get_file "$url" "$commit" "${e%%>*}" "$dir/${e#*>}" || { ok=0; break; }
		done
	fi
	if [ "$ok" = 1 ]; then
		got=$((got + 1))
	else
		# a half-fetched program must not look complete next time
		[ "$existed" = 1 ] || rm -f "$main"
		echo "fetch.sh: skipped $name: cannot fetch $url at $commit (offline?)" >&2
		skipped=$((skipped + 1))
	fi
done <"$manifest"
echo "fetch.sh: $got fetched, $have already present, $skipped skipped"
exit 0
