# tests/switches.sh - sourced by the tests that run a program with a fast path and without
# (tests/findings/ldchk.t, ldbchk.t, split1chk.t, tests/ir/hist_warp.t), after tests/tap.sh.
# The caller sets switches (the environment variables, each turning one path off) and tmp
# (a scratch directory). It sets ws, the warpstep binary's absolute path.
ws=$(cd "$(dirname "$WARPSTEP")" && pwd)/$(basename "$WARPSTEP")

# switch_run NAME DIR FILE OPTS [ARGS]: `warpstep run --stats OPTS FILE ARGS` from DIR (the
# findings name their file), as is and with each switch set to 1; stdout, the exit status
# and stderr (kernel_ms left out) must be the same every time, and some steps must have run.
switch_run() {
	name=$1 dir=$2 file=$3 opts=$4 args=$5
	for e in plain $switches; do
		# shellcheck disable=SC2086 # options and arguments are word lists
		(cd "$dir" && env "$e=1" timeout 120 "$ws" run --stats $opts "$file" $args) \
			> "$tmp/out.$e" 2> "$tmp/err.$e" < /dev/null
		echo "status $?" >> "$tmp/out.$e"
		sed 's/kernel_ms [0-9.]*/kernel_ms -/' "$tmp/err.$e" >> "$tmp/out.$e"
	done
	r=0
	for e in $switches; do
		cmp -s "$tmp/out.plain" "$tmp/out.$e" || { r=1; diff "$tmp/out.plain" "$tmp/out.$e" | head -10 | tap_diag; }
	done
	grep -q 'steps [1-9]' "$tmp/out.plain" || r=1
	tap_result $r "$name $opts: the same output, findings, status and steps with $switches"
}
