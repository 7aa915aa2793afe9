#!/bin/sh
# stops_nvcc.t - every program of the statement-rule corpus (tests/session/stops,
# checked by unit_stops.c) is valid CUDA: nvcc -arch=sm_90 -c compiles it.
# nvcc takes 2-4 s a file (about 2 minutes for the corpus on the 2-core build
# machine), so it runs when WS_CHECK_NVCC=1 is set and nvcc is found (NVCC, default
# /usr/local/cuda/bin/nvcc); otherwise each file is a SKIP that says why.
. tests/tap.sh

nvcc=${NVCC:-/usr/local/cuda/bin/nvcc}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/ws-stops-nvcc.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
for f in tests/session/stops/*.cu; do
	if [ ! -x "$nvcc" ]; then
		tap_skip "$f compiles with nvcc" "no nvcc at $nvcc"
	elif [ "${WS_CHECK_NVCC:-}" != 1 ]; then
		tap_skip "$f compiles with nvcc" "set WS_CHECK_NVCC=1 to run nvcc (about 3 s a file)"
	else
		"$nvcc" -arch=sm_90 -c "$f" -o "$tmp/x.o" >"$tmp/log" 2>&1
		r=$?
		[ $r -eq 0 ] || tap_diag <"$tmp/log"
		tap_result $r "$f compiles with nvcc -arch=sm_90 -c"
	fi
done
tap_done
