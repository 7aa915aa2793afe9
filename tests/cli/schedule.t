#!/bin/sh
# schedule.t - --schedule takes a witness as explore prints it: anything else is
# a usage error (exit 2) with the form to use; a well-formed witness of another
# program still runs (the choices that cannot be made take the first option).
. tests/tap.sh
WARPSTEP=${WARPSTEP:-./warpstep}
out=$("$WARPSTEP" run --model relaxed --schedule garbage tests/litmus/SB.cu 2>&1)
st=$?
[ $st -eq 2 ] && echo "$out" | grep -q "bad --schedule 'garbage' (a witness as explore prints it"
tap_result $? "a malformed witness: exit 2 and the form to use"
"$WARPSTEP" run --model relaxed --schedule relaxed:99.99.99.99.99 tests/litmus/SB.cu >/dev/null 2>&1
tap_result $? "a witness whose choices do not exist: the run still ends (exit 0)"
w=$("$WARPSTEP" explore --model relaxed tests/litmus/SB.cu | sed -n 's/.*witness: --schedule //p' | head -n 1)
[ -n "$w" ] && "$WARPSTEP" run --schedule "$w" tests/litmus/SB.cu >/dev/null 2>&1
tap_result $? "a witness explore printed is accepted ($w)"
tap_done
