#!/bin/sh
# ldchk.t - the checked runs' fast paths of the twentieth session (docs/PERFORMANCE.md,
# "Issue 13 item 5, twentieth session: checked histogram (s20-chk)"): a diverged group's
# load with the checkers' calls made as do_ld makes them (interp.c ld_part_chk, off with
# WS_NO_LDCHK=1), its read of the block's shared memory on consecutive words logged as one
# entry with its mask (access_read_run, WS_NO_RUNLOG=1), and the global checker's offers of
# a warp's consecutive bytes and atomics without their event (check_race_global.c
# gaccess_lean, WS_NO_GACCESS=1), a diverged group's 4-byte loads and stores on one run of
# words with the checkers' calls as do_ld's and do_st's (run_load_chk, run_store_chk;
# WS_NO_LDCHK=1). Racy and near-miss programs (tests/findings/chk_* and the
# other global and shared races), histogram and hist_warp run with each turned off and
# with all on, checked, under the default and a random schedule: stdout, stderr (every
# finding's kind, line and text, in order; --stats's steps) and the exit status must be
# the same.
. tests/tap.sh

tmp=$(mktemp -d "${TMPDIR:-/tmp}/ws-ldchk.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT

switches="WS_NO_LDCHK WS_NO_RUNLOG WS_NO_GACCESS"
. tests/switches.sh
run() { switch_run "$@"; }

for f in tests/findings/chk_*.cu tests/findings/global_race_*.cu tests/findings/shared_race_*.cu \
	 tests/findings/shared_fresh_range_*.cu tests/findings/shared_init_prefix_*.cu; do
	n=$(basename "$f")
	run "$n" tests/findings "$n" ""
	case $n in chk_*) run "$n" tests/findings "$n" "--sched random:7" ;; esac
done
run histogram bench histogram.cu "" "1 14"
run histogram bench histogram.cu "--sched random:7" "1 12"
run hist_warp tests/programs hist_warp.cu ""

# the races themselves (the .expect files say where; findings.t checks them too): a fast
# path that dropped its event would lose them with every switch on
for n in chk_bytes_race_1 chk_bytes_race_3 chk_atomic_plain_1 chk_atomic_plain_2 chk_atomic_plain_3 \
	 chk_shared_run_1 chk_shared_run_2 chk_run_group_1 chk_run_group_2; do
	(cd tests/findings && "$ws" check --report "$tmp/r.json" "$n.cu") > /dev/null 2>&1 < /dev/null
	sed -n 's/^ *{"kind": "\([^"]*\)".*"line": \([0-9]*\),.*/\1:\2/p' "$tmp/r.json" | sort -u > "$tmp/got"
	r=0
	cmp -s "$tmp/got" "tests/findings/$n.expect" || { r=1; diff "tests/findings/$n.expect" "$tmp/got" | tap_diag; }
	tap_result $r "$n: the expected race (kind, line)"
done
tap_done
