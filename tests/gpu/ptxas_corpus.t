#!/bin/sh
# ptxas_corpus.t - the PTX of every real program of tests/corpus (MANIFEST:
# NAME|...|PATH|...|FLAGS) assembles with `ptxas -arch=sm_90` (docs/gpu.md).
# A program the front end does not compile yet is skipped (corpus.t
# follows those); one that compiles must lower and assemble. Skipped
# whole without ptxas.
. tests/tap.sh

PTXAS=${PTXAS:-$(command -v ptxas 2>/dev/null)}
[ -n "$PTXAS" ] || [ ! -x /usr/local/cuda/bin/ptxas ] || PTXAS=/usr/local/cuda/bin/ptxas
if [ -z "$PTXAS" ]; then
	tap_skip "ptxas over tests/corpus" "ptxas not installed"
	tap_done
fi
case $WARPSTEP in /*) ;; *) WARPSTEP=$(pwd)/$WARPSTEP ;; esac
tmp=$(mktemp -d "${TMPDIR:-/tmp}/ws-ptxcorp.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
pass=0
total=0
grep -v '^#' tests/corpus/MANIFEST | while IFS='|' read -r name url commit path lic how out flags rest; do
	[ -n "$name" ] || continue
	src=tests/corpus/$name/$(basename "$path")
	[ -f "$src" ] || continue
	[ "$flags" = "-" ] && flags=
	# shellcheck disable=SC2086
	(cd "tests/corpus/$name" && "$WARPSTEP" ptx $flags "$(basename "$path")" -o "$tmp/p.ptx") 2>"$tmp/err"
	st=$?
	if [ $st -ne 0 ] && ! grep -q 'cannot lower to PTX' "$tmp/err"; then
		tap_skip "$name" "does not compile in warpstep yet"
		continue
	fi
	r=$st
	if [ $r -ne 0 ] && grep -q "built-in '__ws_\(tex\|surf\|wmma\|cluster\|acp\|pipe\)[a-z_]*' is not lowered to PTX" "$tmp/err"; then
		# textures, surfaces, warp matrices and cluster ranks: the appendix
		# features not lowered to PTX yet (tests/gpu/KNOWN names the programs)
		T_TODO="$(grep -o "built-in '[a-z_0-9]*'" "$tmp/err" | head -1) is not lowered to PTX yet"
		tap_result 1 "$name: lowers to PTX that ptxas -arch=sm_90 accepts"
		T_TODO=
		continue
	fi
	[ $r -eq 0 ] && { "$PTXAS" -arch=sm_90 "$tmp/p.ptx" -o "$tmp/p.cubin" 2>"$tmp/err"; r=$?; }
	[ $r -eq 0 ] || head -3 "$tmp/err" | tap_diag
	tap_result $r "$name: lowers to PTX that ptxas -arch=sm_90 accepts"
done >"$tmp/tap"
cat "$tmp/tap"
T_NUM=$(grep -c '^\(not \)\?ok ' "$tmp/tap")
echo "# $(grep -c '^ok .*accepts$' "$tmp/tap") corpus programs assemble; $(grep -c 'SKIP does not compile' "$tmp/tap") do not compile yet"
tap_done
