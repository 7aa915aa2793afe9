#!/bin/sh
# gpu_run.sh OUTDIR - on a machine with a GPU and nvcc: build and run every
# tests/findings/*.cu natively, keeping NAME.gpu-out (stdout) and NAME.gpu-status,
# to compare the CUDA error codes the programs see with warpstep's.
out=${1:-gpu-out}
mkdir -p "$out"
cd "$(dirname "$0")" || exit 1
for f in *.cu; do
	n=${f%.cu}
	nvcc -arch=sm_90 -o "$out/$n" "$f" 2>/dev/null || { echo "build failed" >"$out/$n.gpu-out"; continue; }
	timeout 10 "$out/$n" >"$out/$n.gpu-out" 2>"$out/$n.gpu-err" </dev/null
	echo $? >"$out/$n.gpu-status"
	rm -f "$out/$n"
done
