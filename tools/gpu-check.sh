#!/bin/sh
# gpu-check.sh - `make check-gpu`: on a machine with an NVIDIA GPU and its
# driver, build warpstep, run the GPU tests (tests/gpu/*.t: driver, ptxas,
# golden, the unit tests, run_gpu.t: every tests/programs program under
# `run --gpu` against its recorded NAME.gpu-out, and compare_gpu.t: every
# program under `run --compare`), and write tests/gpu/results.txt ("NAME
# pass|fail|todo SECONDS" per program) with the pass count at the end, and
# tests/gpu/compare-results.txt ("NAME same|differ|error SECONDS").
# docs/gpu.md. Without a usable GPU it says so and exits 0 (skipped).
# Usage, from the repository root:
#     sh tools/gpu-check.sh            (PROGRAMS="a b" for some programs)
cd "$(dirname "$0")/.." || exit 1
make -j"$(nproc 2>/dev/null || echo 2)" warpstep test-bins >/dev/null || { echo "gpu-check: the build failed"; exit 1; }
export WARPSTEP="$PWD/warpstep" WS_BUILD="$PWD/build"
export WS_GPU_RESULTS="$PWD/tests/gpu/results.txt"
export WS_COMPARE_RESULTS="$PWD/tests/gpu/compare-results.txt"
"$WARPSTEP" run --gpu tests/programs/hello_block.cu >/dev/null
if [ $? -eq 3 ]; then
	echo "gpu-check: SKIP: no usable GPU here (the line above says why)"
	exit 0
fi
PROGRAMS=${PROGRAMS:-} prove -v tests/gpu/driver.t tests/gpu/ptxas.t tests/gpu/golden.t tests/gpu/run_gpu.t \
	>tests/gpu/results.log 2>&1
st=$?
PROGRAMS=${PROGRAMS:-} prove -v tests/gpu/compare_gpu.t >tests/gpu/compare-results.log 2>&1 || st=1
same=$(grep -c ' same ' "$WS_COMPARE_RESULTS")
echo "# $same same of $(grep -c . "$WS_COMPARE_RESULTS") (tests/gpu/COMPARE-DIFF)" >>"$WS_COMPARE_RESULTS"
"$WS_BUILD/tests/gpu/unit_gpu" >>tests/gpu/results.log 2>&1 || st=1
pass=$(grep -c ' pass ' "$WS_GPU_RESULTS")
fail=$(grep -c ' fail ' "$WS_GPU_RESULTS")
todo=$(grep -c ' todo ' "$WS_GPU_RESULTS")
echo "# $pass pass, $fail fail, $todo todo (tests/gpu/GPU-DIFF, tests/gpu/KNOWN)" >>"$WS_GPU_RESULTS"
grep '^not ok' tests/gpu/results.log
tail -1 "$WS_GPU_RESULTS"
tail -1 "$WS_COMPARE_RESULTS"
echo "gpu-check: details in tests/gpu/results.log, results.txt, compare-results.log and compare-results.txt"
exit $st
