#!/bin/sh
# ptxas.t - the PTX of every program in tests/programs (warpstep ptx,
# docs/gpu.md): each lowers, and when ptxas is installed (on the PATH, in
# $PTXAS or /usr/local/cuda/bin) each assembles with `ptxas -arch=sm_90`.
# Programs not lowered yet are listed in tests/gpu/KNOWN with the reason;
# one of them that lowers and assembles is an error (remove it from KNOWN).
# The count of programs that assemble is printed as a comment.
. tests/tap.sh

PTXAS=${PTXAS:-$(command -v ptxas 2>/dev/null)}
[ -n "$PTXAS" ] || [ ! -x /usr/local/cuda/bin/ptxas ] || PTXAS=/usr/local/cuda/bin/ptxas
tmp=$(mktemp -d "${TMPDIR:-/tmp}/ws-ptxas.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT

known() {
	grep -q "^$1:" tests/gpu/KNOWN
}

pass=0
total=0
for src in tests/programs/*.cu; do
	name=$(basename "$src" .cu)
	total=$((total + 1))
	ok=0
	why=
	if "$WARPSTEP" ptx "$src" -o "$tmp/$name.ptx" 2>"$tmp/err"; then
		if [ -z "$PTXAS" ]; then
			ok=1
		elif "$PTXAS" -arch=sm_90 "$tmp/$name.ptx" -o "$tmp/$name.cubin" 2>"$tmp/err"; then
			ok=1
		else
			why="ptxas: $(head -3 "$tmp/err")"
		fi
	else
		why=$(tail -1 "$tmp/err")
	fi
	[ $ok -eq 1 ] && pass=$((pass + 1))
	if known "$name"; then
		if [ $ok -eq 1 ] && [ -n "$PTXAS" ]; then
			tap_result 1 "$name: listed in tests/gpu/KNOWN but lowers and assembles now: remove it"
		else
			tap_result 0 "$name: known not to lower yet ($(grep "^$name:" tests/gpu/KNOWN | cut -d: -f2- | cut -c2-60)...)"
		fi
		continue
	fi
	[ $ok -eq 1 ] || echo "$why" | tap_diag
	if [ -n "$PTXAS" ]; then
		tap_result $((1 - ok)) "$name: lowers to PTX that ptxas -arch=sm_90 accepts"
	else
		tap_result $((1 - ok)) "$name: lowers to PTX (ptxas not installed: not assembled)"
	fi
done
if [ -n "$PTXAS" ]; then
	echo "# $pass of $total programs assemble with ptxas -arch=sm_90"
else
	tap_skip "ptxas -arch=sm_90 on the PTX" "ptxas not installed"
	echo "# $pass of $total programs lower to PTX"
fi
tap_done
