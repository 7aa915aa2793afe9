#!/bin/sh
# mm_events.t - m:mm_events() (docs/lua-api.md): the relaxed model's memory
# events of the launch as the interface's Order pane shows them, replayed
# from an explore witness: store buffering's weak outcome, where both loads
# read the initial value (rf 0), each is fr-before the other thread's store,
# and the why of each stale read names the newer write it did not see.
. tests/tap.sh

tmp=$(mktemp -d "${TMPDIR:-/tmp}/ws-mmev.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT

cat >"$tmp/sb.lua" <<'LUA'
local src = [[
__device__ volatile int x = 0, y = 0;
__device__ int r[2];
__global__ void sb()
{
	if (blockIdx.x == 0) { x = 1; r[0] = y; }
	else { y = 1; r[1] = x; }
}
int main()
{
	int h[2];
	sb<<<2, 1>>>();
	cudaMemcpyFromSymbol(h, r, sizeof(h));
	printf("r0=%d r1=%d\n", h[0], h[1]);
	return 0;
}
]]
local p = assert(ws.compile("#include <cstdio>\n" .. src, "sb.cu"))
local sc = ws.machine(p, {})
sc:run_main(); sc:run()
print("sc", #sc:mm_events())
local m0 = ws.machine(p, { model = "relaxed" })
local res = m0:explore{}
local weak
for _, o in ipairs(res.outcomes) do
	if o.stdout == "r0=0 r1=0\n" then
		local m = ws.machine(p, { model = "relaxed", schedule = o.witness })
		m:run_main(); m:run()
		local ev = m:mm_events()
		local reads = {}
		for _, e in ipairs(ev) do
			if e.kind == "read" then reads[#reads + 1] = e end
		end
		if #reads == 2 and reads[1].value == 0 and reads[2].value == 0 then weak = ev end
	end
end
if not weak then print("no weak execution") return end
for _, e in ipairs(weak) do
	if e.kind ~= "barrier" then
		print(e.index, e.kind, e.block, e.thread, e.loc or "-", e.value or "-", e.rf or "-", e.co or "-",
		      e.scope, e.sem, e.line, e.newer or "-")
	end
end
for _, e in ipairs(weak) do
	if e.kind == "read" then print(e.index, e.why) end
end
LUA
WARPSTEP=${WARPSTEP:-./warpstep}
out=$("$WARPSTEP" script "$tmp/sb.lua" 2>&1)
echo "$out" | sed 's/^/# /'
echo "$out" | grep -q '^sc	0$'
tap_result $? "under sc there is no event log"
echo "$out" | grep -qE '^[0-9]+	read	0	0	y	0	0	-	sys	volatile	6	0$'
tap_result $? "block 0 reads y = 0 from the initial value (rf 0), performed before y = 1"
echo "$out" | grep -qE '^[0-9]+	read	1	0	x	0	0	-	sys	volatile	7	1$'
tap_result $? "block 1 reads x = 0 from the initial value although x = 1 was performed (one newer write)"
echo "$out" | grep -qE '^[0-9]+	write	0	0	x	1	-	1	sys	volatile	6	-$'
tap_result $? "x = 1 is the first write of x in coherence order (co 1)"
echo "$out" | grep -qE '^[0-9]+	write	0	0	r\[0\]	0	-	1	none	weak	6	-$'
tap_result $? "a plain store: weak, no scope, named r[0]"
echo "$out" | grep -q 'read x = 0 (the initial value), an older value: the newer write x = 1 by block 0 thread 0 was not visible'
tap_result $? "the why of the stale read names the write it missed"
echo "$out" | grep -q 'read y = 0 from the initial value, the only write of y so far'
tap_result $? "the why of the other read: nothing newer existed"
tap_done
