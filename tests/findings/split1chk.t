#!/bin/sh
# split1chk.t - split1 in checked runs (docs/PERFORMANCE.md, s23-chk: interp.c split1 and
# interp_split1_arm; off in checked runs with WS_NO_SPLIT1CHK=1, everywhere with
# WS_NO_SPLIT1=1): at an `if` without `else` whose body is a short straight region the
# taken lanes run the body while the others wait at its end without a group or token of
# their own, with the checkers listening. Programs whose findings fall inside such a body
# and right after its join (chk_split1_1: shared memory, an uninitialized read and races;
# chk_split1_2: global races and an out-of-bounds read; chk_split1_3: barrier divergence
# and threads that exit past a barrier, after a join), and split1_shapes, hist_lanes,
# histogram, reduce_shfl and reduce_smem, checked, under the default and a random
# schedule, with a checker subset and with step limits that end inside the bodies: stdout,
# stderr (every finding's kind, line, text and count, in order; --stats's steps) and the
# exit status must be the same with each switch.
. tests/tap.sh

tmp=$(mktemp -d "${TMPDIR:-/tmp}/ws-split1chk.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT

switches="WS_NO_SPLIT1CHK WS_NO_SPLIT1"
. tests/switches.sh
run() { switch_run "$@"; }

for n in chk_split1_1 chk_split1_2 chk_split1_3; do
	run "$n" tests/findings "$n.cu" ""
	run "$n" tests/findings "$n.cu" "--sched random:7"
done
# stops inside the bodies and at their joins (chk_split1_2's kernel)
for s in $(seq 1580 3 1800); do
	run chk_split1_2 tests/findings chk_split1_2.cu "--max-steps $s"
done
run split1_shapes tests/programs split1_shapes.cu ""
run hist_lanes tests/programs hist_lanes.cu ""
run histogram bench histogram.cu "" "1 12"
run reduce_shfl bench reduce_shfl.cu "" "1 12"
run reduce_smem bench reduce_smem.cu "" "1 12"

# the findings themselves (the .expect files; findings.t checks them too), with each switch
for n in chk_split1_1 chk_split1_2 chk_split1_3; do
	for e in plain $switches; do
		(cd tests/findings && env "$e=1" "$ws" check --report "$tmp/r.json" "$n.cu") > "$tmp/c.out" 2> "$tmp/c.err" < /dev/null
		sed -n 's/^ *{"kind": "\([^"]*\)".*"line": \([0-9]*\),.*/\1:\2/p' "$tmp/r.json" | sort -u > "$tmp/got"
		r=0
		cmp -s "$tmp/got" "tests/findings/$n.expect" || { r=1; diff "tests/findings/$n.expect" "$tmp/got" | tap_diag; }
		tap_result $r "$n ($e): the expected findings (kind, line)"
	done
done
tap_done
