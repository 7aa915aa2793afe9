#!/bin/sh
# ldbchk.t - a checked run's byte load whose value indexes an atomicAdd of a constant in one
# dispatch (docs/PERFORMANCE.md, s22-hist: interp.c ldb_atom_chk, F_LDB_ATOM's checked form,
# off with WS_NO_LDBCHK=1; WS_NO_LDBATOM=1 turns F_LDB_ATOM off in both modes, WS_NO_LANEX=1
# its reading of 32 consecutive bytes by the first lane's offset, LDB_LANES): the
# checkers' calls of the load and of the atomic as their own classes make them, with the
# steps and pc of each. Histograms whose byte loads race with another block's stores
# (chk_ldb_race_1), whose global bins a plain store races with (chk_ldb_race_2), whose
# shared bins the atomics alone initialize (chk_ldb_uninit_1: a finding only where no
# atomic wrote), whose last warp reads past the data (chk_ldb_oob_1: the load's own class
# reports it; its --fast run too), and histogram, hist_bytes and hist_warp, checked, under the
# default and a random schedule and with step limits that end inside the runs: stdout, stderr (every
# finding's kind, line and text, in order; --stats's steps) and the exit status must be
# the same with each switch.
. tests/tap.sh

tmp=$(mktemp -d "${TMPDIR:-/tmp}/ws-ldbchk.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT

switches="WS_NO_LDBCHK WS_NO_LDBATOM WS_NO_LANEX"
. tests/switches.sh
run() { switch_run "$@"; }

for n in chk_ldb_race_1 chk_ldb_race_2 chk_ldb_uninit_1 chk_ldb_oob_1; do
	run "$n" tests/findings "$n.cu" ""
	run "$n" tests/findings "$n.cu" "--sched random:7"
	run "$n" tests/findings "$n.cu" "--fast"
done
# stops inside the atomics' runs (chk_ldb_uninit_1's kernel from step 2,339, its
# barriers' phase of the atomics about 2,340 to 2,480)
for s in $(seq 2331 4 2481); do
	run chk_ldb_uninit_1 tests/findings chk_ldb_uninit_1.cu "--max-steps $s"
done
run histogram bench histogram.cu "" "1 14"
run histogram bench histogram.cu "--sched random:7" "1 12"
run hist_bytes tests/programs hist_bytes.cu ""
run hist_bytes tests/programs hist_bytes.cu "--simt its"
run hist_warp tests/programs hist_warp.cu ""

# the findings themselves (the .expect files; findings.t checks them too): a fused run
# that dropped the load's or the atomic's calls would lose them, or report bins the
# atomics wrote, with every switch on
for n in chk_ldb_race_1 chk_ldb_race_2 chk_ldb_uninit_1 chk_ldb_oob_1; do
	(cd tests/findings && "$ws" check --report "$tmp/r.json" "$n.cu") > "$tmp/c.out" 2> "$tmp/c.err" < /dev/null
	sed -n 's/^ *{"kind": "\([^"]*\)".*"line": \([0-9]*\),.*/\1:\2/p' "$tmp/r.json" | sort -u > "$tmp/got"
	r=0
	cmp -s "$tmp/got" "tests/findings/$n.expect" || { r=1; diff "tests/findings/$n.expect" "$tmp/got" | tap_diag; }
	tap_result $r "$n: the expected findings (kind, line)"
done
(cd tests/findings && "$ws" run chk_ldb_uninit_1.cu) > "$tmp/u.out" 2> "$tmp/u.err" < /dev/null
r=0
grep -q 'offset 640 that no thread' "$tmp/u.err" && grep -q 'seen 3 times' "$tmp/u.err" || r=1
[ "$r" -eq 0 ] || head -12 "$tmp/u.err" | tap_diag
tap_result $r "chk_ldb_uninit_1: the first bin no atomic wrote (160) is the first uninitialized read"
tap_done
