#!/bin/sh
# record_corpus.sh - record what the corpus programs (tests/corpus/MANIFEST) print on a real
# GPU: each is compiled with nvcc -arch=sm_90 (plus its MANIFEST flags) and run once with a
# 60 s timeout, as `./PROG` (PROG: the source's name without .cu, which is what a student
# types and what argv[0] shows) with its own folder as the working directory and stdin from
# /dev/null.
# Writes, under $OUT (default ./corpus-out):
#   NAME.out    stdout, after the program's MANIFEST filter
#   NAME.raw    stdout as the program printed it (import.sh filters it again, so that a
#               filter changed later needs no new run on the GPU)
#   NAME.rc     exit status (124: timed out; "build" when nvcc refused it)
#   NAME.err    stderr (not compared; for the record)
#   NAME.build  nvcc's messages
#   DEVICE      nvidia-smi -L, nvcc --version and the date
# Then `sh tools/corpus/import.sh DIR` copies NAME.out/NAME.rc into tests/corpus/NAME/.
#
#   sh tools/hw/record_corpus.sh [--compile-only] [NAME...]
#
# --compile-only checks that every program compiles (no GPU needed) and runs nothing.
# Compiles run in parallel (JOBS, default the number of CPUs); the programs run one at a time.
# Fetched programs must be present (sh tools/corpus/fetch.sh; on a machine without network
# carry tests/corpus/fetched along). Environment: NVCC (default /usr/local/cuda/bin/nvcc,
# else nvcc on PATH), JOBS, RUN_TIMEOUT (seconds, default 60).
# Run from the repository root.
compile_only=0
if [ "$1" = --compile-only ]; then
	compile_only=1
	shift
fi
. tools/corpus/lib.sh || exit 2
NVCC=${NVCC:-/usr/local/cuda/bin/nvcc}
[ -x "$NVCC" ] || NVCC=$(command -v nvcc)
if [ -z "$NVCC" ]; then
	echo "record_corpus.sh: nvcc not found (set NVCC)" >&2
	exit 2
fi
JOBS=${JOBS:-$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)}
RUN_TIMEOUT=${RUN_TIMEOUT:-60}
OUT=${OUT:-$PWD/corpus-out}
mkdir -p "$OUT" || exit 2
OUT=$(cd "$OUT" && pwd)
bin=$(mktemp -d) || exit 2
trap 'rm -rf "$bin"' EXIT INT TERM
root=$PWD

# Compile in parallel: one line per program goes to a small sh that builds it.
corpus_lines "$@" >"$bin/lines"
if [ ! -s "$bin/lines" ]; then
	echo "record_corpus.sh: no programs to record" >&2
	exit 2
fi
export NVCC OUT bin root
tr '\n' '\0' <"$bin/lines" | xargs -0 -n 1 -P "$JOBS" sh -c '
	cd "$root" && . tools/corpus/lib.sh && corpus_parse "$1"
	if [ ! -f "$c_dir/$c_src" ]; then
		echo "missing source $c_dir/$c_src (run tools/corpus/fetch.sh)" >"$OUT/$c_name.build"
		exit 0
	fi
	# shellcheck disable=SC2086
	(cd "$c_dir" && "$NVCC" -arch=sm_90 $c_flags -o "$bin/$c_name" "$c_src") \
		>"$OUT/$c_name.build" 2>&1 || rm -f "$bin/$c_name"
' sh

built=0
failed=0
while read -r line; do
	corpus_parse "$line"
	if [ ! -x "$bin/$c_name" ]; then
		echo "record_corpus.sh: $c_name: does not compile:" >&2
		head -n 5 "$OUT/$c_name.build" >&2
		echo build >"$OUT/$c_name.rc"
		failed=$((failed + 1))
		continue
	fi
	built=$((built + 1))
	[ "$compile_only" = 1 ] && continue
	# Run it as a student would, `./prog` in its folder (samples print argv[0]); the
	# binary is put there for the run only, unless a file of that name is in the way.
	exe=${c_src%.cu}
	if [ -e "$c_dir/$exe" ]; then
		run=$bin/$c_name
	else
		cp "$bin/$c_name" "$c_dir/$exe" || exit 2
		run=./$exe
	fi
	(cd "$c_dir" && timeout "$RUN_TIMEOUT" "$run" </dev/null >"$OUT/$c_name.raw" 2>"$OUT/$c_name.err")
	echo $? >"$OUT/$c_name.rc"
	[ "$run" = "./$exe" ] && rm -f "$c_dir/$exe"
	cp "$OUT/$c_name.raw" "$OUT/$c_name.out"
	corpus_filter "$OUT/$c_name.out"
	echo "$c_name: exit $(cat "$OUT/$c_name.rc"), $(wc -l <"$OUT/$c_name.out") lines"
done <"$bin/lines"
{
	command -v nvidia-smi >/dev/null 2>&1 && nvidia-smi -L
	"$NVCC" --version | tail -n 2
	date -u
} >"$OUT/DEVICE" 2>&1
echo "record_corpus.sh: $built compiled, $failed did not; results in $OUT"
[ "$failed" = 0 ]
