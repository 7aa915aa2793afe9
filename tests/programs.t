#!/bin/sh
# programs.t - whole CUDA programs (tests/programs/NAME.cu) run through `warpstep run`:
# stdout must equal NAME.expected and the exit status NAME.status (0 when absent).
# Each program runs under five configurations: --simt stack, --simt its, and three random
# schedules (its + random:1, stack + random:2, its + random:3). A program that contains the
# line `// warpstep-test: no-random` runs only the first two. A program that contains the line
# `// warpstep-test: todo REASON` is a known gap: its NAME.expected is what the GPU prints, and
# each run is reported with the TAP directive `# TODO REASON` (a failure does not fail the suite). Optional files: NAME.args
# (program arguments, one line), NAME.opts (extra warpstep options, e.g. `--simt its`).
# Environment: WARPSTEP (default ./warpstep), PROGRAMS (a space-separated list of names to run,
# default all), PROG_TIMEOUT (seconds per run, default 120), PROG_OPTS (warpstep options for
# every run, e.g. --fast: tests/programs_fast.t).
# Run from the repository root: prove tests/programs.t
WARPSTEP=${WARPSTEP:-./warpstep}
PROG_TIMEOUT=${PROG_TIMEOUT:-120}
dir=tests/programs
echo "TAP version 13"
if [ ! -x "$WARPSTEP" ]; then
	echo "Bail out! warpstep binary not found at '$WARPSTEP' (build it with make, or set WARPSTEP)"
	exit 1
fi
if [ ! -d "$dir" ]; then
	echo "Bail out! $dir not found: run from the repository root"
	exit 1
fi
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
to=
command -v timeout >/dev/null 2>&1 && to="timeout $PROG_TIMEOUT"

names=$PROGRAMS
[ -n "$names" ] || names=$(cd "$dir" && ls *.cu | sed 's/\.cu$//')
num=0
fails=0
for n in $names; do
	src=$dir/$n.cu
	if [ ! -f "$src" ]; then
		num=$((num + 1))
		echo "not ok $num - $n: no such program $src"
		fails=$((fails + 1))
		continue
	fi
	want_status=0
	[ -f "$dir/$n.status" ] && want_status=$(cat "$dir/$n.status")
	args=
	[ -f "$dir/$n.args" ] && args=$(cat "$dir/$n.args")
	opts=
	[ -f "$dir/$n.opts" ] && opts=$(cat "$dir/$n.opts")
	todo=$(sed -n 's|^.*warpstep-test: todo *||p' "$src" | head -n 1)
	tododir=
	[ -n "$todo" ] && tododir=" # TODO $todo"
	configs="--simt=stack --simt=its"
	if ! grep -q 'warpstep-test: no-random' "$src"; then
		configs="$configs --simt=its,--sched=random:1 --simt=stack,--sched=random:2 --simt=its,--sched=random:3"
	fi
	for c in $configs; do
		copts=$(echo "$c" | tr ',=' '  ')
		num=$((num + 1))
		# shellcheck disable=SC2086
		$to "$WARPSTEP" run $copts $PROG_OPTS $opts "$src" $args >"$tmp/out" 2>"$tmp/err" </dev/null
		st=$?
		if [ "$st" -eq 124 ] && [ -n "$to" ]; then
			echo "not ok $num - $n [$copts${PROG_OPTS:+ $PROG_OPTS}]: timed out after ${PROG_TIMEOUT}s$tododir"
			[ -n "$todo" ] || fails=$((fails + 1))
			continue
		fi
		why=
		cmp -s "$tmp/out" "$dir/$n.expected" || why="stdout differs"
		[ "$st" = "$want_status" ] || why="${why:+$why, }exit status $st, expected $want_status"
		if [ -z "$why" ]; then
			echo "ok $num - $n [$copts${PROG_OPTS:+ $PROG_OPTS}]$tododir"
		else
			echo "not ok $num - $n [$copts${PROG_OPTS:+ $PROG_OPTS}]: $why$tododir"
			[ -n "$todo" ] || fails=$((fails + 1))
			diff -u "$dir/$n.expected" "$tmp/out" | sed -n '3,22p' | sed 's/^/#   /'
			if [ -s "$tmp/err" ]; then
				echo "#   stderr:"
				head -n 8 "$tmp/err" | sed 's/^/#   /'
			fi
		fi
	done
done
echo "1..$num"
[ "$fails" -eq 0 ] && echo "# all $num runs passed" || echo "# $fails of $num runs failed"
exit 0
