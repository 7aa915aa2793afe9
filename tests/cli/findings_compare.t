#!/bin/sh
# findings_compare.t - tools/findings-compare.sh, the check that a faster checker finds
# the same things: a binary against itself agrees; a binary whose findings differ (a
# wrapper that runs `run --fast` instead, the checkers off) is caught, and
# the program named with what differs.
. tests/tap.sh
WARPSTEP=${WARPSTEP:-./warpstep}
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
ws=$(cd "$(dirname "$WARPSTEP")" && pwd)/$(basename "$WARPSTEP")
progs="tests/findings/global_race_1.cu tests/findings/uninit_global_1.cu"
out=$(sh tools/findings-compare.sh "$ws" "$ws" $progs 2>&1)
st=$?
[ $st = 0 ]
tap_result $? "a binary agrees with itself (status $st)"
[ "$out" = "2 programs, 0 differ" ]
tap_result $? "it counts the programs: $out"
{
	echo '#!/bin/sh'
	echo 'cmd=$1'
	echo 'shift'
	echo "exec \"$ws\" run --fast \"\$@\""
} >"$tmp/fastws"
chmod +x "$tmp/fastws"
out=$(sh tools/findings-compare.sh "$ws" "$tmp/fastws" $progs 2>&1)
st=$?
[ $st = 1 ]
tap_result $? "findings that differ fail it (status $st)"
echo "$out" | grep -q '^differs: tests/findings/global_race_1.cu (.* json .*rc )$'
tap_result $? "it names the program and what differs: $(echo "$out" | head -1)"
sh tools/findings-compare.sh "$ws" >/dev/null 2>&1
[ $? = 2 ]
tap_result $? "one binary only: a usage error"
tap_done
