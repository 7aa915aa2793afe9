#!/bin/sh
# findings.t - misuse of cooperative groups and cuda::barrier (engine/machine/cg.c):
# each tests/cg/NAME.cu runs and the sorted KIND:LINE pairs of its findings
# must equal NAME.expect. With `warpstep check --report FILE.json` (the
# findings checkers) the report is read; otherwise tests/cg/findings.lua
# lists them through the Lua API. Run from the repository root.
WARPSTEP=${WARPSTEP:-./warpstep}
dir=tests/cg
echo "TAP version 13"
if [ ! -x "$WARPSTEP" ]; then
	echo "Bail out! warpstep binary not found at '$WARPSTEP'"
	exit 1
fi
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
to=
command -v timeout >/dev/null 2>&1 && to="timeout 60"
report=0
"$WARPSTEP" check --report "$tmp/probe.json" "$dir/grid_not_coop.cu" >/dev/null 2>&1
[ -s "$tmp/probe.json" ] && report=1
names=$(cd "$dir" && ls *.cu | sed 's/\.cu$//')
num=0
fails=0
for n in $names; do
	num=$((num + 1))
	if [ $report -eq 1 ]; then
		rm -f "$tmp/r.json"
		$to "$WARPSTEP" check --report "$tmp/r.json" "$dir/$n.cu" >/dev/null 2>"$tmp/err" </dev/null
		sed -n 's/^ *{"kind": "\([^"]*\)".*"line": \([0-9]*\),.*/\1:\2/p' "$tmp/r.json" 2>/dev/null |
			sort -u >"$tmp/got"
	else
		$to "$WARPSTEP" script "$dir/findings.lua" "$dir/$n.cu" 2>"$tmp/err" </dev/null |
			grep -E '^[a-z-]+:[0-9]+$' | sort -u >"$tmp/got"
	fi
	if cmp -s "$tmp/got" "$dir/$n.expect"; then
		echo "ok $num - $n"
	else
		echo "not ok $num - $n: findings differ"
		diff "$dir/$n.expect" "$tmp/got" | sed 's/^/# /'
		head -5 "$tmp/err" | sed 's/^/# /'
		fails=$((fails + 1))
	fi
done
echo "1..$num"
[ $fails -eq 0 ]
