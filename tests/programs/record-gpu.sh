#!/bin/sh
# record-gpu.sh [NAME...]: compile each tests/programs/NAME.cu with nvcc and run it on the
# real GPU of this machine, writing NAME.gpu-out (stdout), NAME.gpu-err (stderr) and
# NAME.gpu-status (exit status) next to it. Then run compare-gpu.sh.
# Environment: NVCC (default nvcc, else /usr/local/cuda/bin/nvcc), ARCH (default sm_90),
# PREBUILT=DIR to use DIR/NAME binaries instead of compiling, TIMEOUT (seconds, default 60).
dir=$(cd "$(dirname "$0")" && pwd)
NVCC=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
ARCH=${ARCH:-sm_90}
TIMEOUT=${TIMEOUT:-60}
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
if [ $# -eq 0 ]; then
	set -- $(cd "$dir" && ls *.cu | sed 's/\.cu$//')
fi
fail=0
for n in "$@"; do
	if [ -n "$PREBUILT" ] && [ -x "$PREBUILT/$n" ]; then
		bin=$PREBUILT/$n
	else
		bin=$tmp/$n
		if ! "$NVCC" -arch="$ARCH" -o "$bin" "$dir/$n.cu" 2>"$dir/$n.gpu-err"; then
			echo "$n: compile failed (see $n.gpu-err)"
			fail=1
			continue
		fi
	fi
	args=
	[ -f "$dir/$n.args" ] && args=$(cat "$dir/$n.args")
	# shellcheck disable=SC2086
	(cd "$dir" && timeout "$TIMEOUT" "$bin" $args >"$n.gpu-out" 2>"$n.gpu-err")
	echo $? >"$dir/$n.gpu-status"
	echo "$n: status $(cat "$dir/$n.gpu-status")"
done
exit $fail
