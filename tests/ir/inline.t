#!/bin/sh
# inline.t - what `warpstep run` and `check` run: ir_optimize_run (engine/ir/inline.c):
# inlining of small leaf functions, the loop test copied to the latch, copies forwarded,
# results written straight into variables (docs/PERFORMANCE.md, docs/debugging.md).
# - golden IR: `warpstep dump-run-ir tests/ir/NAME.cu` must equal tests/ir/NAME.run-ir
#   (WS_UPDATE_GOLDEN=1 rewrites the goldens);
# - interpreted steps (run --stats) drop by the stated amount, and --no-inline and
#   WS_NO_INLINE=1 give the old pipeline back;
# - what the program prints and every finding (kind, line, message, threads: the whole
#   --report, stderr and the exit status) of tests/findings/*.cu are the same with and
#   without inlining;
# - a session that steps (Lua) still sees the call that run inlines.
. tests/tap.sh

tmp=$(mktemp -d "${TMPDIR:-/tmp}/ws-inline.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
ws() { "$WARPSTEP" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null; st=$?; }
show() { { echo "status $st; stdout:"; head -40 "$tmp/out"; echo "stderr:"; head -20 "$tmp/err"; } | tap_diag; }
expect() { eval "$1"; r=$?; [ "$r" -eq 0 ] || show; tap_result "$r" "$2"; }
# steps of one run: steps PROG [ARGS...]
steps() { "$WARPSTEP" run --stats "$@" 2>&1 >/dev/null </dev/null | sed -n 's/^warpstep: kernel_ms .* steps \([0-9]*\)$/\1/p'; }

# --- golden IR
for src in tests/ir/leaf.cu tests/ir/loop.cu tests/ir/shared2d.cu; do
	gold=${src%.cu}.run-ir
	ws dump-run-ir "$src"
	if [ -n "$WS_UPDATE_GOLDEN" ]; then
		cp "$tmp/out" "$gold"
	fi
	r=0
	cmp -s "$tmp/out" "$gold" || { r=1; diff "$gold" "$tmp/out" | head -40 | tap_diag; }
	tap_result "$r" "dump-run-ir $src equals its golden $gold"
done

# leaf.cu: no call of sq or pick is left; mkpt (it has a frame) and rec (recursive) stay
# calls; dump-ir is the lowering
ws dump-run-ir tests/ir/leaf.cu
expect '[ $st -eq 0 ] && [ "$(grep -c " CALL" $tmp/out)" -eq 3 ]' \
	"leaf.cu: the calls of the small leaves are gone, mkpt and rec stay calls"
ws dump-ir tests/ir/leaf.cu
expect '[ $st -eq 0 ] && [ "$(grep -c " CALL" $tmp/out)" -eq 5 ]' "dump-ir still prints the IR as lowered (every call)"
WS_NO_INLINE=1 "$WARPSTEP" dump-run-ir tests/ir/leaf.cu >"$tmp/out" 2>"$tmp/err"; st=$?
expect '[ $st -eq 0 ] && [ "$(grep -c " CALL" $tmp/out)" -eq 5 ]' "WS_NO_INLINE=1: every call stays"

# --- the same output with and without inlining
for src in tests/ir/leaf.cu tests/ir/loop.cu tests/ir/shared2d.cu tests/ir/vec_loop.cu tests/ir/dev_helper.cu \
	tests/programs/inline_sem.cu; do
	ws run "$src"; cp "$tmp/out" "$tmp/a"; a=$st
	ws run --no-inline "$src"; cp "$tmp/out" "$tmp/b"; b=$st
	expect '[ $a -eq $b ] && cmp -s $tmp/a $tmp/b' "$src prints the same with and without inlining"
done

# fma contraction (issue 11 item 4) is decided when lowering, per expression: inlining
# copies the fused and the separate operations as they are, with and without --fmad
for o in --fmad=true --fmad=false; do
	ws run "$o" tests/programs/fmad.cu; cp "$tmp/out" "$tmp/a"; a=$st
	ws run --no-inline "$o" tests/programs/fmad.cu; cp "$tmp/out" "$tmp/b"; b=$st
	expect '[ $a -eq $b ] && cmp -s $tmp/a $tmp/b' "fmad.cu $o: the same results with and without inlining"
done

# --- interpreted steps: h1's CPU reference loop over std::vector (issue 13). Before this
# work 28 steps per inner iteration (two calls of operator[]), now 14: at n = 20 the whole
# run took 265976 steps and takes 136678.
s1=$(steps tests/ir/vec_loop.cu 20)
s0=$(steps --no-inline tests/ir/vec_loop.cu 20)
expect '[ -n "$s1" ] && [ -n "$s0" ] && [ "$s1" -le 140000 ] && [ "$s0" -ge 250000 ]' \
	"vec_loop.cu 20: at most 140000 steps inlined ($s1), at least 250000 without ($s0)"
a=$(steps tests/ir/vec_loop.cu 10)
expect '[ -n "$a" ] && [ $(( (s1 - a) / 7000 )) -le 17 ]' \
	"vec_loop.cu: at most 17 steps per inner iteration (n 10 -> 20: $(( (s1 - a) / 7000 )))"
WS_NO_INLINE=1 "$WARPSTEP" run --stats tests/ir/vec_loop.cu 20 2>"$tmp/err" >/dev/null
expect 'grep -q " steps $s0\$" $tmp/err' "WS_NO_INLINE=1 runs the old pipeline ($s0 steps)"
# device: a loop calling two small __device__ helpers: 8273 steps before, 3905 now
# (3392 with the device superinstructions, which decode.c leaves off since the device
# fast path runs the plain instructions for fewer host instructions)
d1=$(steps tests/ir/dev_helper.cu)
d0=$(steps --no-inline tests/ir/dev_helper.cu)
expect '[ -n "$d1" ] && [ -n "$d0" ] && [ "$d1" -le 4000 ] && [ "$d0" -ge 8000 ]' \
	"dev_helper.cu: at most 4000 steps inlined ($d1), at least 8000 without ($d0)"
# a tiled loop over __shared__ 2-D arrays: GADDR once, fmaf into sum: 994 -> 769
# (691 with XOP_IDX2 and XOP_IDXM, off: see dev_helper above)
d1=$(steps tests/ir/shared2d.cu)
d0=$(steps --no-inline tests/ir/shared2d.cu)
expect '[ -n "$d1" ] && [ -n "$d0" ] && [ "$d1" -le 800 ] && [ "$d0" -ge 980 ]' \
	"shared2d.cu: at most 800 steps inlined ($d1), at least 980 without ($d0)"
ws dump-run-ir tests/ir/shared2d.cu
# (the entry: the kernel's instructions before its second statement; hoist_gaddr puts
# threadIdx.x there too)
awk '/ kernel "k\(/ { f = 1; next } f && /^  \*/ && ++n == 2 { exit } f && / = / { print }' "$tmp/out" >"$tmp/entry"
expect '[ "$(grep -c "GADDR.ptr [01] " $tmp/out)" -eq 2 ] && [ "$(grep -c GADDR $tmp/entry)" -eq 2 ]' \
	"shared2d.cu: each __shared__ array's address is taken once, at the kernel's entry"

# --- findings: the same report, stderr and status with and without inlining
for src in tests/findings/*.cu; do
	opts=$(sed -n 's|^// warpstep-opts: ||p' "$src")
	# shellcheck disable=SC2086
	"$WARPSTEP" check $opts --report "$tmp/a.json" "$src" >"$tmp/a.out" 2>"$tmp/a.err" </dev/null
	a=$?
	# shellcheck disable=SC2086
	"$WARPSTEP" check --no-inline $opts --report "$tmp/b.json" "$src" >"$tmp/b.out" 2>"$tmp/b.err" </dev/null
	b=$?
	r=0
	if [ $a -ne $b ] || ! cmp -s "$tmp/a.json" "$tmp/b.json" || ! cmp -s "$tmp/a.out" "$tmp/b.out" ||
	   ! cmp -s "$tmp/a.err" "$tmp/b.err"; then
		r=1
		{ echo "status $a / $b"; diff "$tmp/b.json" "$tmp/a.json"; diff "$tmp/b.err" "$tmp/a.err"; } |
			head -20 | tap_diag
	fi
	tap_result "$r" "check $src: the same findings, output and status with inlining"
done

# --- a session sees the call run inlines: gdb.cu's helper is inlined by run, and a
# breakpoint inside it still stops in helper's own frame, called from kernel
ws dump-run-ir tests/tui/cu/gdb.cu
expect '[ $st -eq 0 ] && ! grep -q " CALL" $tmp/out' "run inlines gdb.cu's helper"
cp tests/tui/cu/gdb.cu "$tmp/gdb.cu"
cat >"$tmp/fr.lua" <<'EOF'
local m = ws.machine(assert(ws.compile_file("gdb.cu")))
m:break_at(9)
print(m:run().reason)
for _, f in ipairs(m:query("frames", { thread = 5 })) do
  print(f.level, f.func, f.line)
end
EOF
(cd "$tmp" && "$WARPSTEP" script fr.lua >out 2>err </dev/null); st=$?
expect '[ $st -eq 0 ] && [ "$(sed -n 2p $tmp/out)" = "0	helper	9" ] && [ "$(sed -n 3p $tmp/out)" = "1	kernel	20" ]' \
	"a Lua session stops in helper's frame, called from kernel"

tap_done
