#!/bin/sh
# live.t - debug --gpu --live without a GPU (docs/gpu.md "Live stepping"):
# the gates in the PTX (ptx --live: a gate with its lock, its bounded spin on
# %globaltimer and the release word at each statement, the exit mask at the
# kernel's return; ptxas assembles it when installed); the refusals (no
# driver: exit 3 as debug --gpu; a grid whose blocks are not all resident
# at once: a clear error, exit 2, the program still runs; a launch that
# never runs; --live elsewhere); and the command loop end to end on
# tests/gpu/fakecuda.c, whose scale plays the gates' side in a thread. The
# host's protocol against a simulated device: unit_live.c.
. tests/tap.sh

CC=${CC:-cc}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/ws-live.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
prog=tests/gpu/compare_prog.cu

# the gates in the PTX
"$WARPSTEP" ptx --live tests/gpu/trace/diverge.cu -o "$tmp/d.ptx" 2>"$tmp/err"
tap_result $? "ptx --live writes the PTX with the gates"
grep -q "^.visible .global .align 8 .u64 __ws_live_buf;" "$tmp/d.ptx" &&
	grep -q "^.visible .global .align 8 .u64 __ws_live_lock;" "$tmp/d.ptx"
tap_result $? "the live area's and the locks' module globals"
# one gate per statement start: diverge's lines 8, 9, 10, 11, 13, 14 and the
# kernel's entry
n=$(grep -c "st.volatile.u32 \[%wgs+12\]" "$tmp/d.ptx")
[ "$n" -ge 6 ]
tap_result $? "a gate writes its line at every statement ($n)"
grep -q "atom.global.cas.b32 %wgf, \[%wgk\], 0, 1;" "$tmp/d.ptx" &&
	grep -q "mov.u64 %wgt, %globaltimer;" "$tmp/d.ptx" &&
	grep -q "setp.gt.u64 %wgp, %wgx, %wgo;" "$tmp/d.ptx" &&
	grep -q "ld.volatile.u32 %wgf, \[%wgs+4\];" "$tmp/d.ptx" &&
	grep -q "bar.warp.sync %wgm;" "$tmp/d.ptx"
tap_result $? "the gate: the warp's lock, the wait for go bounded by %globaltimer, the warp synchronized after"
grep -q "or.b32 %wgf, %wgf, %wgm;" "$tmp/d.ptx" && grep -q "st.volatile.u32 \[%wgs+28\], %wgf;" "$tmp/d.ptx"
tap_result $? "the kernel's return ors its lanes into the exit mask"
grep -q "st.volatile.u64 \[%wgs+40\]" "$tmp/d.ptx" && grep -q "st.volatile.u64 \[%wgs+48\]" "$tmp/d.ptx"
tap_result $? "the values of the variables in scope go into the slot"
"$WARPSTEP" ptx tests/gpu/trace/diverge.cu | grep -q "__ws_live"
[ $? -ne 0 ]
tap_result $? "plain ptx has no gates"
PTXAS=${PTXAS:-/usr/local/cuda/bin/ptxas}
if [ -x "$PTXAS" ]; then
	"$PTXAS" -arch=sm_90 "$tmp/d.ptx" -o "$tmp/d.cubin" 2>"$tmp/err"
	st=$?
	tap_diag <"$tmp/err"
	tap_result $st "ptxas -arch=sm_90 assembles the gates"
	# (ptxas of CUDA 13 knows sm_75 and later)
	"$WARPSTEP" ptx --live --arch sm_75 tests/gpu/trace/diverge.cu -o "$tmp/d75.ptx" &&
		"$PTXAS" -arch=sm_75 "$tmp/d75.ptx" -o "$tmp/d75.cubin" 2>"$tmp/err"
	st=$?
	tap_diag <"$tmp/err"
	tap_result $st "and for sm_75"
else
	tap_skip "ptxas assembles the gates" "no ptxas at $PTXAS"
	tap_skip "and for sm_75" "no ptxas at $PTXAS"
fi

# refusals without a GPU
WARPSTEP_LIBCUDA=$tmp/none.so "$WARPSTEP" debug --gpu --live $prog </dev/null >/dev/null 2>"$tmp/err"
st=$?
[ $st -eq 3 ] && grep -q "^warpstep: --gpu: no CUDA driver" "$tmp/err"
tap_result $? "debug --gpu --live without a driver: exit 3 and why, as debug --gpu (status $st)"
"$WARPSTEP" debug --live $prog </dev/null >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && grep -q "^warpstep: --live works with debug --gpu and ptx only" "$tmp/err"
tap_result $? "--live without --gpu is a usage error"
"$WARPSTEP" run --live $prog </dev/null >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && grep -q "^warpstep: --live works with debug --gpu and ptx only" "$tmp/err"
tap_result $? "--live with run is a usage error"

if ! "$CC" -shared -fPIC -o "$tmp/libfakecuda.so" tests/gpu/fakecuda.c -lpthread 2>"$tmp/err"; then
	tap_diag <"$tmp/err"
	tap_skip "debug --gpu --live on the fake driver" "cannot build a shared library with $CC"
	tap_done
fi
export WARPSTEP_LIBCUDA=$tmp/libfakecuda.so

# every block not resident at once: refused, said, and the program runs on
FAKECUDA_SMS=1 "$WARPSTEP" debug --gpu --live $prog </dev/null >"$tmp/out" 2>"$tmp/err"
st=$?
[ $st -eq 2 ] && grep -q "^warpstep: --live: launch 1 of kernel 'scale' has 2 blocks, but Fake GPU holds only 1 at once (1 per SM x 1 SMs): live stepping needs every block resident" "$tmp/err"
tap_result $? "a grid not all resident: exit 2 and why, from the device's occupancy (status $st)"
grep -qx "scaled: 3 6 12 24" "$tmp/out" && ! grep -q "^live:" "$tmp/out"
tap_result $? "the launch then runs as run --gpu's, without stepping"
"$WARPSTEP" debug --gpu --live $prog --kernel scale --launch 2 </dev/null >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && grep -q "^warpstep: --live: launch 2 of kernel 'scale' did not run (1 did)$" "$tmp/err"
tap_result $? "a launch that never runs: exit 2, said"

# the command loop
printf 'info 1\nstep 0\nstep 0\nuntil 1 10\nstep 5\nstep\nfly\nstep 1\nstep 1\nhelp\ncontinue\n' >"$tmp/cmds"
timeout 60 "$WARPSTEP" debug --gpu --live $prog --kernel scale <"$tmp/cmds" >"$tmp/out" 2>"$tmp/err"
st=$?
[ $st -eq 0 ] || tap_diag <"$tmp/err"
tap_result $st "debug --gpu --live on the fake driver: exit 0"
grep -qx "live: kernel scale, grid (2,1,1), block (4,1,1): 2 warps on the GPU, each at its first statement" "$tmp/out"
tap_result $? "it says the launch's shape and warps"
grep -qx "warp 0 (block 0 warp 0): at line 6 lanes 0x0000000f SM 40 slot 0 statements 1 in scale" "$tmp/out" &&
	grep -qx "(live) warp 1 (block 1 warp 0): at line 6 lanes 0x0000000f SM 41 slot 0 statements 1 in scale" "$tmp/out"
tap_result $? "each warp at its first statement, with its SM; info W shows one"
grep -qx "(live) warp 0 (block 0 warp 0): at line 8 lanes 0x0000000f SM 40 slot 0 statements 2 in scale: p=0x0 n=1 k=2" "$tmp/out" &&
	grep -qx "(live) warp 0 (block 0 warp 0): at line 9 lanes 0x0000000f SM 40 slot 0 statements 3 in scale: p=0x0 n=1 k=2 i=3" "$tmp/out"
tap_result $? "step 0: one statement of warp 0, with the values the GPU wrote, named"
grep -qx "(live) warp 1 (block 1 warp 0): at line 10 lanes 0x0000000f SM 41 slot 0 statements 4 in scale: p=0x64 n=101 k=102 i=103" "$tmp/out"
tap_result $? "until 1 10: warp 1 runs to line 10"
grep -qx "(live) error: step needs a warp number, 0 to 1" "$tmp/out" && [ "$(grep -c 'error: step needs a warp number' "$tmp/out")" -eq 2 ] &&
	grep -q "^(live) error: unknown command 'fly'" "$tmp/out"
tap_result $? "bad commands: said, nothing lost"
grep -q "^(live) error: warp 1 has finished" "$tmp/out"
tap_result $? "a finished warp is not stepped"
grep -q "live: every warp released$" "$tmp/out" && grep -qx "scaled: 3 6 12 24" "$tmp/out" && grep -qx "hello from 2" "$tmp/out"
tap_result $? "continue releases every warp; the program runs to its end"
# end of input in the middle: every warp released, no hang
printf 'step 0\n' | timeout 60 "$WARPSTEP" debug --gpu --live $prog >"$tmp/out" 2>"$tmp/err"
st=$?
[ $st -eq 0 ] && grep -qx "live: every warp released" "$tmp/out" && grep -qx "scaled: 3 6 12 24" "$tmp/out"
tap_result $? "end of input: every warp released, the program ends (status $st)"
# a gate's timeout: the host silent longer than WARPSTEP_LIVE_TIMEOUT
(printf 'step 0\n'; sleep 2; printf 'info 0\nstep 0\ncontinue\n') |
	WARPSTEP_LIVE_TIMEOUT=0.5 timeout 60 "$WARPSTEP" debug --gpu --live $prog >"$tmp/out" 2>"$tmp/err"
st=$?
[ $st -eq 0 ] && grep -q "^(live) live: a gate waited 0.5 s (WARPSTEP_LIVE_TIMEOUT): every warp was released" "$tmp/out" &&
	grep -q "^warpstep: --live: a warp waited 0.5 s at a statement: every warp was released$" "$tmp/err" &&
	grep -qx "scaled: 3 6 12 24" "$tmp/out"
tap_result $? "a gate that times out frees every warp, and warpstep says so (status $st)"
grep -q "^warp 0 (block 0 warp 0): finished line 8" "$tmp/out"
tap_result $? "the warps then show as finished"
tap_done
