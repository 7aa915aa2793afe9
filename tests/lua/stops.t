#!/bin/sh
# stops.t - the Lua API's breakpoints go through the same session as the
# interface (docs/debugging.md): a breakpoint in a divergent branch stops
# once per group of lanes that starts it, with that group's mask, for
# m:run() and for m:step("line") alike, under both SIMT policies.
. tests/tap.sh

tmp=$(mktemp -d "${TMPDIR:-/tmp}/ws-stops.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT

cat >"$tmp/stops.lua" <<'LUA'
local src = [[
__global__ void k(int *out)
{
	int t = threadIdx.x;
	if (t % 2 == 0)
		out[t] = t;
	else
		out[t] = -t;
	out[64 + t] = 1;
}
]]
local p = assert(ws.compile(src, "k.cu"))
for _, simt in ipairs({ "stack", "its" }) do
	for _, how in ipairs({ "run", "line" }) do
		local m = ws.machine(p, { simt = simt })
		local a = m:alloc(128 * 4)
		m:launch("k", { grid = 1, block = 64, args = { a } })
		m:break_at(7)
		for _ = 1, 1000 do
			local s = how == "run" and m:run() or m:step("line")
			if s.reason == "done" then break end
			if s.reason == "breakpoint" then
				print(simt, how, s.warp, string.format("0x%08x", s.mask), s.line)
			end
		end
	end
end
LUA
cat >"$tmp/want" <<'EOF2'
stack	run	0	0xaaaaaaaa	7
stack	run	1	0xaaaaaaaa	7
stack	line	0	0xaaaaaaaa	7
stack	line	1	0xaaaaaaaa	7
its	run	0	0xaaaaaaaa	7
its	run	1	0xaaaaaaaa	7
its	line	0	0xaaaaaaaa	7
its	line	1	0xaaaaaaaa	7
EOF2
"$WARPSTEP" script "$tmp/stops.lua" >"$tmp/out" 2>"$tmp/err"
st=$?
cmp -s "$tmp/out" "$tmp/want"
r=$?
[ $st -eq 0 ] && [ $r -eq 0 ] || { echo "status $st"; diff "$tmp/want" "$tmp/out"; cat "$tmp/err"; } | tap_diag
[ $st -eq 0 ] && [ $r -eq 0 ]
tap_result $? "a breakpoint in the else stops warp 0 and warp 1 once each, odd lanes, via m:run and m:step"
tap_done
