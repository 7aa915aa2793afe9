#!/bin/sh
# trace_compare.t - a GPU trace replayed from Lua, beside the emulator
# (docs/lua-api.md, docs/gpu.md "Beside the emulator"): ws.machine(p,
# {trace = TEXT}) replays tests/gpu/trace/diverge.h200.trace with
# m:step("trace"); m:compare("v") gives one row per warp: the H200 ran the
# else side of the if first (line 13, lanes 0x55555555) where the emulator
# runs the if side (line 11, 0xaaaaaaaa), so the statements and the values
# of v differ; the planted trace's mask difference shows as "lanes"; a
# machine without a trace and a bad trace are refused.
. tests/tap.sh

tmp=$(mktemp -d "${TMPDIR:-/tmp}/ws-trcmp.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT

{
	printf 'local src = [==[\n'
	cat tests/gpu/trace/diverge.cu
	printf ']==]\nlocal h200 = [==[\n'
	cat tests/gpu/trace/diverge.h200.trace
	printf ']==]\nlocal its = [==[\n'
	cat tests/gpu/trace/diverge.its.trace
	printf ']==]\n'
	cat <<'LUA'
local p = assert(ws.compile(src, "diverge.cu"))
local function rows(m, what)
	for _, r in ipairs(assert(m:compare(what))) do
		print(string.format("row b%d w%d n%d gpu %d 0x%08x sm %d #%d emu %d 0x%08x sm %d #%d v %s|%s [%s]",
			r.block[1], r.warp, r.n, r.gpu.line, r.gpu.mask, r.gpu.sm, r.gpu.rank, r.emulator.line,
			r.emulator.mask, r.emulator.sm, r.emulator.rank, r.gpu.value or "-", r.emulator.value or "-",
			r.differs))
	end
end
local m = ws.machine(p, { trace = h200 })
local st = m:step("trace")
print("first", st.text)
st = m:step("trace", 17)
print("at", st.text)
rows(m, "v")
st = m:step("trace", 100)
print("end", st.reason)
local m2 = ws.machine(p, { trace = its })
m2:step("trace", 20)
rows(m2)
local plain = ws.machine(p, {})
print("plain", select(2, plain:compare()))
print("plainstep", select(2, plain:step("trace")))
print("bad", select(2, ws.machine(p, { trace = "warpstep-trace 7\n" })))
LUA
} >"$tmp/t.lua"
WARPSTEP=${WARPSTEP:-./warpstep}
out=$("$WARPSTEP" script "$tmp/t.lua" 2>&1)
echo "$out" | sed 's/^/# /'
echo "$out" | grep -q '^first	kernel diverge started: replaying 28 steps recorded on NVIDIA H200$'
tap_result $? "m:step(\"trace\") runs the host to the traced launch"
echo "$out" | grep -q '^at	GPU step 18 of 28: SM 124 warp slot 1: block (0,0,0) warp 1, lanes 0x55555555, line 13'
tap_result $? "then the warps in the hardware's order; the stop's text says the record"
echo "$out" | grep -qx 'row b0 w0 n5 gpu 13 0x55555555 sm 124 #1 emu 11 0xaaaaaaaa sm 0 #1 v 100|0 \[path value\]'
tap_result $? "m:compare(\"v\"): block 0 warp 0 ran the else side on the GPU, the if side in the emulator; v differs"
echo "$out" | grep -qx 'row b1 w1 n4 gpu 10 0xffffffff sm 126 #4 emu 10 0xffffffff sm 1 #4 v 97|97 \[\]'
tap_result $? "a warp still before the if is the same on both sides"
echo "$out" | grep -qx 'end	trace-over'
tap_result $? "after the last record: trace-over"
echo "$out" | grep -qx 'row b1 w1 n5 gpu 11 0xaaaaaaa8 sm 126 #4 emu 11 0xaaaaaaaa sm 1 #4 v -|- \[lanes\]'
tap_result $? "the planted trace: the same statement with other lanes is 'lanes'"
echo "$out" | grep -qx 'plain	m:compare() needs a machine made with trace = TEXT'
tap_result $? "m:compare on a machine without a trace: nil and why"
echo "$out" | grep -qx 'plainstep	m:step("trace") needs a machine made with trace = TEXT'
tap_result $? "m:step(\"trace\") without a trace: nil and why"
echo "$out" | grep -q "^bad	bad trace: trace version '7' is not one this warpstep reads (1)"
tap_result $? "a bad trace: ws.machine returns nil and why"
tap_done
