#!/bin/sh
# litmus.t - the litmus catalogue (tests/litmus/NAME.cu, ../shared/litmus/CATALOGUE.md) under
# `warpstep explore --model relaxed --json`: the exploration must be exhaustive, every
# 'allowed' outcome of NAME.outcomes reached, no 'forbidden' one, no outcome outside the
# allowed set, each outcome's witness must replay it with `warpstep run --schedule`,
# every execution must satisfy the PTX axioms (engine/explore/axioms.c), and each
# exploration must take under LITMUS_SECS seconds of CPU (default 5: issue 18, every test of up
# to four threads explores in under 5 s).
# A line '# options: OPTS' in NAME.outcomes gives explore more options (--shared-sc).
# A test whose NAME.outcomes says '# needs: cuda/atomic' is a TODO while <cuda/atomic> is missing.
WARPSTEP=${WARPSTEP:-./warpstep}
LITMUS_SECS=${LITMUS_SECS:-5}
dir=tests/litmus
echo "TAP version 13"
[ -x "$WARPSTEP" ] || { echo "Bail out! $WARPSTEP not built"; exit 1; }
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
num=0
for o in "$dir"/*.outcomes; do
	name=$(basename "$o" .outcomes)
	num=$((num + 1))
	todo=
	if grep -q '^# needs: cuda/atomic' "$o" && ! "$WARPSTEP" dump-diags "$dir/$name.cu" >/dev/null 2>&1; then
		todo=" # TODO needs <cuda/atomic> (cooperative groups / atomics issue)"
	fi
	# a '# options: ...' line: more options for explore (--shared-sc)
	opts=$(sed -n 's/^# options: //p' "$o")
	"$WARPSTEP" explore --model relaxed $opts --json "$dir/$name.cu" >"$tmp/out" 2>"$tmp/err"
	grep -o '"stdout":"[^"]*"' "$tmp/out" | sed 's/^"stdout":"//; s/\\n"$//; s/"$//' >"$tmp/got"
	why=
	grep -q '"exhaustive":true' "$tmp/out" || why="$why; not exhaustive"
	grep -q '"axiom_violations":0' "$tmp/out" || why="$why; executions violate the PTX axioms"
	secs=$(sed -n 's/.*"cpu_seconds":\([0-9.]*\).*/\1/p' "$tmp/out")
	[ -n "$secs" ] && awk "BEGIN { exit !($secs < $LITMUS_SECS) }" || why="$why; took ${secs:-?} s"
	while read -r kind outcome; do
		case "$kind" in
		allowed) grep -qxF "$outcome" "$tmp/got" || why="$why; allowed '$outcome' never reached" ;;
		forbidden) ! grep -qxF "$outcome" "$tmp/got" || why="$why; forbidden '$outcome' reached" ;;
		esac
	done <"$o"
	while read -r got; do
		grep -qxF "allowed $got" "$o" || why="$why; unexpected outcome '$got'"
	done <"$tmp/got"
	# every witness replays its outcome exactly (warpstep run --schedule)
	grep -o '"witness":"[^"]*"' "$tmp/out" | sed 's/^"witness":"//; s/"$//' >"$tmp/wit"
	i=0
	while read -r wit; do
		i=$((i + 1))
		want=$(sed -n "${i}p" "$tmp/got")
		got=$("$WARPSTEP" run --schedule "$wit" "$dir/$name.cu" 2>/dev/null)
		[ "$got" = "$want" ] || why="$why; --schedule $wit gave '$got', not '$want'"
	done <"$tmp/wit"
	if [ -z "$why" ]; then
		echo "ok $num - $name (${secs} s cpu)$todo"
	else
		echo "not ok $num - $name${why}$todo"
		sed 's/^/# /' "$tmp/err" | head -5
	fi
done
# warpstep litmus: random executions; the weak MP outcome shows up, the fenced one never
num=$((num + 1))
if "$WARPSTEP" litmus "$dir/MP.cu" --runs 400 --seed 1 | grep -q '| r0=1 r1=0'; then
	echo "ok $num - litmus MP: the weak outcome appears in 400 random runs"
else
	echo "not ok $num - litmus MP: the weak outcome appears in 400 random runs"
fi
num=$((num + 1))
if "$WARPSTEP" litmus "$dir/MP_fence_gpu.cu" --runs 400 --seed 1 | grep -q '| r0=1 r1=0'; then
	echo "not ok $num - litmus MP+fence.gpu: never the weak outcome"
else
	echo "ok $num - litmus MP+fence.gpu: never the weak outcome"
fi
num=$((num + 1))
"$WARPSTEP" run --model bogus "$dir/MP.cu" >/dev/null 2>&1
[ $? -eq 2 ] && echo "ok $num - --model bogus: usage error" || echo "not ok $num - --model bogus: usage error"
num=$((num + 1))
out=$("$WARPSTEP" explore "$dir/MP.cu")
echo "$out" | grep -q 'model sc' && ! echo "$out" | grep -q '| r0=1 r1=0' &&
	echo "ok $num - explore under sc: MP never shows the weak outcome" ||
	echo "not ok $num - explore under sc: MP never shows the weak outcome"
# both ways (issue 18): on small tests, every candidate execution the PTX axioms allow over the
# program's events is reached by the operational model (explore --both-ways)
for name in MP SB LB MP_fence_cta_diff MP_fence_cta_same LB_fence_cta_diff LB_fence_cta_same SB_fence_gpu \
	LB_fence_gpu WRC_fence_gpu MP_host_gpu MP_host_sys LB_host_gpu SB_shared MP_syncwarp IRIW; do
	num=$((num + 1))
	out=$("$WARPSTEP" explore --model relaxed --both-ways --max-executions 40000 "$dir/$name.cu" 2>&1)
	if echo "$out" | grep -q '^axioms both ways: the [0-9]* candidate executions the PTX axioms allow are all reached'; then
		echo "ok $num - $name: both ways, $(echo "$out" | sed -n 's/^axioms both ways: the \([0-9]*\) .*/\1/p') candidate executions, all reached"
	else
		echo "not ok $num - $name: both ways: $(echo "$out" | grep '^axioms both ways')"
	fi
done
# the reduction: the runs cut at a known state stand for the executions below it (WRC: the
# whole tree has 1026 executions; dedup runs a fifth of that)
num=$((num + 1))
out=$("$WARPSTEP" explore --model relaxed --json "$dir/WRC.cu")
tree=$(echo "$out" | sed -n 's/.*"tree_executions":\([0-9]*\).*/\1/p')
runs=$(echo "$out" | sed -n 's/.*"executions":\([0-9]*\),"pruned":\([0-9]*\).*/\1 \2/p' | awk '{ print $1 + $2 }')
[ "$tree" = 1026 ] && [ "$runs" -lt "$tree" ] && "$WARPSTEP" explore --model relaxed "$dir/WRC.cu" | grep -q '^reduction: the [0-9]* runs stand for 1026 executions' &&
	echo "ok $num - explore WRC: the reduction factor counts the whole tree ($runs runs for $tree executions)" ||
	echo "not ok $num - explore WRC: the reduction factor counts the whole tree (got '$tree' for '$runs' runs)"
echo "1..$num"
