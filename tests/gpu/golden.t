#!/bin/sh
# golden.t - golden PTX (docs/gpu.md): `warpstep ptx` of a few small
# programs and of tests/gpu/constructs.cu (one kernel per group of IR
# constructs) must equal tests/gpu/golden/NAME.ptx. Regenerate after an
# intended change with WS_UPDATE_GOLDEN=1 and read the diff. Also: the
# target follows --arch, an instruction the target lacks is refused with
# its source line, and the command's errors.
. tests/tap.sh

PTXAS=${PTXAS:-$(command -v ptxas 2>/dev/null)}
[ -n "$PTXAS" ] || [ ! -x /usr/local/cuda/bin/ptxas ] || PTXAS=/usr/local/cuda/bin/ptxas
tmp=$(mktemp -d "${TMPDIR:-/tmp}/ws-golden.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT

for src in tests/programs/hello_block.cu tests/programs/vecadd.cu tests/programs/reduce_shfl.cu \
	tests/programs/atomics_block.cu tests/gpu/constructs.cu; do
	name=$(basename "$src" .cu)
	gold=tests/gpu/golden/$name.ptx
	"$WARPSTEP" ptx "$src" >"$tmp/$name.ptx" 2>"$tmp/err"
	st=$?
	if [ -n "$WS_UPDATE_GOLDEN" ] && [ $st -eq 0 ]; then
		cp "$tmp/$name.ptx" "$gold"
	fi
	diff -u "$gold" "$tmp/$name.ptx" >"$tmp/diff" 2>&1
	r=$?
	[ $st -eq 0 ] || cat "$tmp/err" >>"$tmp/diff"
	[ $r -eq 0 ] && [ $st -eq 0 ] || head -40 "$tmp/diff" | tap_diag
	tap_result $((r + st)) "$name: the PTX equals $gold"
done

# the constructs assemble (when ptxas is here), for sm_90 and sm_80
if [ -n "$PTXAS" ]; then
	"$PTXAS" -arch=sm_90 "$tmp/constructs.ptx" -o "$tmp/c90.cubin" 2>&1 | tap_diag
	[ -s "$tmp/c90.cubin" ]
	tap_result $? "constructs.ptx assembles for sm_90"
	"$WARPSTEP" ptx tests/gpu/constructs.cu --arch sm_80 -o "$tmp/c80.ptx" &&
		grep -q '^\.target sm_80$' "$tmp/c80.ptx" &&
		"$PTXAS" -arch=sm_80 "$tmp/c80.ptx" -o "$tmp/c80.cubin"
	tap_result $? "ptx --arch sm_80 targets sm_80 and assembles"
else
	tap_skip "constructs.ptx assembles" "ptxas not installed"
	tap_skip "ptx --arch sm_80 assembles" "ptxas not installed"
fi

# sm_70 has no redux.sync: refused, with the line of __reduce_add_sync
printf '%s\n' '__global__ void k(int *o)' '{' '	*o = __reduce_add_sync(0xffffffffu, 1);' '}' \
	'int main(void) { return 0; }' >"$tmp/redux.cu"
"$WARPSTEP" ptx "$tmp/redux.cu" --arch sm_70 >/dev/null 2>"$tmp/err"
st=$?
grep -q 'redux.cu:3:[0-9]*: __reduce_\*_sync needs sm_80' "$tmp/err"
r=$?
[ $st -eq 2 ] && [ $r -eq 0 ] || tap_diag <"$tmp/err"
[ $st -eq 2 ] && [ $r -eq 0 ]
tap_result $? "ptx --arch sm_70: __reduce_add_sync is refused with its source position, exit 2"

"$WARPSTEP" ptx tests/programs/vecadd.cu --arch sm_60 >/dev/null 2>"$tmp/err"
st=$?
grep -q "bad --arch 'sm_60'" "$tmp/err"
[ $? -eq 0 ] && [ $st -eq 2 ]
tap_result $? "ptx --arch sm_60: a usage error"

# without --arch the target is the emulated device's
"$WARPSTEP" ptx --device a100 tests/programs/vecadd.cu | grep -q '^\.target sm_80$'
tap_result $? "ptx --device a100: the target is sm_80, the A100's"

# -o writes the file whole; .loc lines point at the program
"$WARPSTEP" ptx tests/programs/vecadd.cu -o "$tmp/v.ptx"
cmp -s "$tmp/v.ptx" tests/gpu/golden/vecadd.ptx
tap_result $? "ptx -o FILE writes the same PTX"
grep -q '^\.file 1 "tests/programs/vecadd.cu"$' "$tmp/v.ptx" && grep -q '^	\.loc 1 [0-9]* [0-9]*$' "$tmp/v.ptx"
tap_result $? "the PTX names the source in .file and its lines in .loc"
tap_done
