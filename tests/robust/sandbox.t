#!/bin/sh
# sandbox.t - a script cannot escape its budgets (docs/lua-api.md, "Sandbox"):
# every loop, pattern, library call and engine run it causes stops with the
# budget error well within 2 s; its Lua heap, programs and machines share one
# memory limit; reading options through metamethods cannot free what the
# API still uses. Each case runs under a timeout and must not trip a
# sanitizer.
. tests/tap.sh
T=$(mktemp -d "${TMPDIR:-/tmp}/ws-sandbox.XXXXXX") || exit 1
trap 'rm -rf "$T"' EXIT

now_ms() { echo $(($(date +%s%N) / 1000000)); }
# RUN: a prefix for the command (lim.sh N: under an address-space limit of N KiB)
RUN=
printf 'ulimit -v "$1" || exit 99\nshift\nexec "$@"\n' >"$T/lim.sh"

# case NAME WANT_RC STDERR_ERE STDOUT_ERE MAX_MS ARGS...: warpstep ARGS under a
# 60 s timeout; MAX_MS 0: no time bound
case_() {
	_n=$1 _rc=$2 _err=$3 _out=$4 _ms=$5
	shift 5
	_t0=$(now_ms)
	timeout 60 $RUN "$WARPSTEP" "$@" >"$T/out" 2>"$T/err" </dev/null
	_got=$?
	_dt=$(($(now_ms) - _t0))
	_ok=0
	[ "$_got" -eq "$_rc" ] || _ok=1
	[ -z "$_err" ] || grep -Eq "$_err" "$T/err" || _ok=1
	[ -z "$_out" ] || grep -Eq "$_out" "$T/out" || _ok=1
	[ "$_ms" -eq 0 ] || [ "$_dt" -lt "$_ms" ] || _ok=1
	grep -q "Sanitizer\|runtime error" "$T/err" && _ok=1
	tap_result $_ok "$_n (exit $_got, want $_rc; $_dt ms)"
	[ $_ok -eq 0 ] || { echo "stdout:"; head -c 1000 "$T/out"; echo "stderr:"; head -c 2000 "$T/err"; } | tap_diag
}

B="--budget 2000000"
BUDGET="script exceeded its instruction budget of 2000000 instructions"
# engine cases compile first, which the budget charges by its time (slow
# under the sanitizers): 20 million units, 0.2 s of processor time at most
BE="--budget 20000000"
BUDGET_E="script exceeded its instruction budget of 20000000 instructions"
# an address-space limit (ulimit -v) cannot hold a sanitizer build
if sh "$T/lim.sh" 3000000 "$WARPSTEP" --version >/dev/null 2>&1; then LIM=1; else LIM=0; fi

# --- values read through metamethods stay alive while the API uses them

# The option reader used to pop the string __index made; the collector
# then freed it (a long string's bytes reused by the garbage below) before
# ws.machine read it.
cat >"$T/uaf_opts.lua" <<'LUA'
local p = assert(ws.compile("int main() { return 0; }"))
local junk
local mt = { __index = function(t, k)
	local v
	if k == "simt" then v = string.rep("x", 64) .. "-simt" end
	for i = 1, 20000 do junk = { string.rep("y", 64) .. i } end
	return v
end }
print(ws.machine(p, setmetatable({}, mt)))
LUA
case_ "ws.machine options made by __index stay alive" 0 "" "policy 'x{64}-simt'" 0 script "$T/uaf_opts.lua"

cat >"$T/uaf_name.lua" <<'LUA'
local p = assert(ws.compile("__device__ int vals[4]; int main() { return 0; }"))
local m = ws.machine(p)
local junk
local mt = { __index = function(t, k)
	local v
	if k == "name" then v = string.rep("z", 64) .. "-name" end
	for i = 1, 20000 do junk = { string.rep("y", 64) .. i } end
	return v
end }
print(m:query("global", setmetatable({}, mt)))
LUA
case_ "m:query's name made by __index stays alive" 0 "" "named 'z{64}-name'" 0 script "$T/uaf_name.lua"

cat >"$T/uaf_free.lua" <<'LUA'
local p = assert(ws.compile("__global__ void k() {} int main() { return 0; }"))
print(pcall(ws.machine, p, setmetatable({}, { __index = function(t, k) if k == "seed" then p:free() end end })))
local m = ws.machine(assert(ws.compile("__global__ void k() {}")))
print(pcall(m.launch, m, "k", setmetatable({}, { __index = function(t, k) if k == "grid" then m:free() end end })))
print(pcall(m.query, m, "vars", setmetatable({}, { __index = function(t, k) m:free() end })))
LUA
case_ "a metamethod that frees the handle being used: an error, no crash" 0 "" \
	"false	program handle used after free" 0 script "$T/uaf_free.lua"

# --- the instruction budget cannot be escaped

echo 'print(xpcall(error, function() while true do end end))' >"$T/xpcall.lua"
case_ "xpcall's handler cannot loop after the budget error" 1 "xpcall.lua:1: error: $BUDGET" "" 2000 \
	script $B "$T/xpcall.lua"

echo 'setmetatable({}, { __gc = function() while true do end end })' >"$T/gc.lua"
case_ "a __gc metamethod (run with hooks off) is refused" 1 "gc.lua:1: error: __gc metamethods are not allowed" "" 2000 \
	script $B "$T/gc.lua"
echo 'local mt = { __gc = true } local t = setmetatable({}, mt) mt.__gc = function() while true do end end' >"$T/gc2.lua"
case_ "a placeholder __gc filled in later is refused too" 1 "__gc metamethods are not allowed" "" 2000 \
	script $B "$T/gc2.lua"

echo 'error(setmetatable({}, { __tostring = function() while true do end end }))' >"$T/tostr.lua"
case_ "an error object whose __tostring loops" 1 "$BUDGET" "" 2000 script $B "$T/tostr.lua"

printf 'local s = ("a"):rep(4e4)\nprint(s:find(".-b"))\n' >"$T/pat1.lua"
case_ "a quadratic pattern (.-b on 40000 characters) is charged and stopped" 1 "pat1.lua:2: error: $BUDGET" "" 2000 \
	script $B "$T/pat1.lua"
printf 'local s = ("a"):rep(2e4)\nwhile true do pcall(string.find, s, ".-.-b") end\n' >"$T/pat2.lua"
case_ "a cubic pattern retried under pcall" 1 "$BUDGET" "" 2000 script $B "$T/pat2.lua"
printf 'local s = ("a"):rep(2e4)\nfor w in s:gmatch("a-.-b") do end\nprint(s:gsub(".-.-b", ""))\n' >"$T/pat3.lua"
case_ "gmatch and gsub are charged too" 1 "pat3.lua:2: error: $BUDGET" "" 2000 script $B "$T/pat3.lua"
printf 'local s = ("a"):rep(1e6)\nlocal t = ("a"):rep(5e5) .. "b"\nprint(s:find(t, 1, true))\n' >"$T/plain.lua"
case_ "a plain find's quadratic worst case is charged" 1 "$BUDGET" "" 2000 script $B "$T/plain.lua"

echo 'table.move({}, 1, 1e15, 2)' >"$T/move.lua"
case_ "table.move over 10^15 indices" 1 "move.lua:1: error: $BUDGET" "" 2000 script $B "$T/move.lua"
echo 'print(table.concat(setmetatable({}, { __len = function() return 1e15 end, __index = tostring })))' >"$T/concat.lua"
case_ "table.concat of a table whose __len claims 10^15" 1 "$BUDGET" "" 2000 script $B "$T/concat.lua"
echo 'table.sort(setmetatable({}, { __len = function() return 2^31 - 2 end, __index = tostring }))' >"$T/sort.lua"
case_ "table.sort of a table whose __len claims 2^31" 1 "$BUDGET" "" 2000 script $B "$T/sort.lua"

printf 'local src = ("x = 1 "):rep(2e6)\nwhile true do load(src) end\n' >"$T/load.lua"
case_ "compiling a 12 MB chunk over and over" 1 "load.lua:2: error: $BUDGET" "" 2000 script $B "$T/load.lua"
printf 'local s = ("x"):rep(5e7)\nwhile true do local _ = s:upper() end\n' >"$T/upper.lua"
case_ "upper-casing a 50 MB string over and over" 1 "upper.lua:2: error: $BUDGET_E" "" 2000 script $BE "$T/upper.lua"

printf 'local a = ("x"):rep(1e7 - 1) .. "x"\nlocal b = ("x"):rep(1e7)\nwhile true do local _ = a == b end\n' >"$T/cmp.lua"
case_ "comparing 10 MB strings forever: charged by its time" 1 "$BUDGET" "" 2000 script $B "$T/cmp.lua"

cat >"$T/kernel.lua" <<'LUA'
local p = assert(ws.compile([[__global__ void busy(long *a) { for (long i = 0; ; i++) a[0] = i; }]], "busy.cu"))
local m = ws.machine(p, { max_steps = 1e12 })
m:launch("busy", { grid = 1, block = 1, args = { m:alloc(8) } })
while true do m:run() end
LUA
case_ "engine steps count: m:run() on an endless kernel in a loop" 1 "kernel.lua:4: error: $BUDGET_E" "" 2000 \
	script $BE "$T/kernel.lua"
cat >"$T/main.lua" <<'LUA'
local p = assert(ws.compile("int main() { volatile int x = 0; while (x == 0) { } return 0; }", "spin.cu"))
print(ws.machine(p, { max_steps = math.maxinteger }):run_main())
LUA
case_ "max_steps = math.maxinteger does not lift the budget" 1 "main.lua:2: error: $BUDGET_E" "" 2000 \
	script $BE "$T/main.lua"
cat >"$T/explore.lua" <<'LUA'
local p = assert(ws.compile("int main() { volatile int x = 0; while (x == 0) { } return 0; }", "spin.cu"))
print(ws.machine(p):explore{ max_runs = 1e12, max_steps = 1e15 })
LUA
case_ "explore of an endless program is charged" 1 "explore.lua:2: error: $BUDGET_E" "" 2000 \
	script $BE "$T/explore.lua"
cat >"$T/step.lua" <<'LUA'
local p = assert(ws.compile([[__global__ void busy(long *a) { for (long i = 0; ; i++) a[0] = i; }]], "busy.cu"))
local m = ws.machine(p, { max_steps = 1e12 })
m:launch("busy", { grid = 1, block = 64, args = { m:alloc(8) } })
while true do pcall(m.step, m, "barrier", 1000) end
LUA
case_ "single steps under pcall are charged" 1 "$BUDGET_E" "" 2000 script $BE "$T/step.lua"

# --- one memory limit for the Lua heap, programs and machines

cat >"$T/hog.lua" <<'LUA'
local p = assert(ws.compile([[
#include <cstdio>
#include <cstring>
int main() {
	int n = 0;
	for (;;) {
		char *d;
		if (cudaMalloc(&d, 1 << 20) != cudaSuccess) break;
		cudaMemset(d, 1, 1 << 20);
		char *h = (char *)malloc(1 << 20);
		if (!h) break;
		memset(h, 1, 1 << 20);
		n += 2;
	}
	printf("MiB %d\n", n);
	return 0;
}
]], "hog.cu"))
local a, b = ws.machine(p), ws.machine(p)
a:run_main()
b:run_main()
LUA
[ $LIM -eq 1 ] && RUN="sh $T/lim.sh 3000000"
# (32 MiB: each machine also holds the device printf FIFO, 8.25 MiB as on an H100)
case_ "--memory 32 holds across two machines" 0 "" "MiB" 0 script --memory 32 "$T/hog.lua"
total=$(awk '/^MiB/ { s += $2 } END { print s + 0 }' "$T/out")
[ "$total" -ge 1 ] && [ "$total" -le 32 ]
tap_result $? "the two machines' memory stays within --memory 32 ($total MiB)"

cat >"$T/many.lua" <<'LUA'
local p = assert(ws.compile("__global__ void k(int *a) { a[threadIdx.x] = 1; }"))
local t = {}
for i = 1, 20000 do t[i] = ws.machine(p) end
LUA
case_ "thousands of idle machines count against --memory 16" 1 "script exceeded its memory limit of 16 MiB" "" 0 \
	script --memory 16 "$T/many.lua"
RUN=

cat >"$T/alloc.lua" <<'LUA'
local p = assert(ws.compile("__global__ void k() {}", "k.cu"))
local m = ws.machine(p)
print(m:alloc(1 << 32))
print(m:alloc(1 << 40))
print(m:alloc(1024))
LUA
if [ $LIM -eq 1 ]; then
	RUN="sh $T/lim.sh 4000000"
	case_ "m:alloc(4 GiB) under a 4 GB address-space limit: nil, message" 0 "" \
		"cannot allocate 4294967296 bytes of device memory" 0 script --memory 65536 "$T/alloc.lua"
	grep -q "^ws.buffer" "$T/out"
	tap_result $? "the machine stays usable after a failed m:alloc"
else
	tap_skip "m:alloc(4 GiB) under a 4 GB address-space limit" "ulimit -v and the sanitizers do not mix"
	tap_skip "the machine stays usable after a failed m:alloc" "ulimit -v and the sanitizers do not mix"
fi
case_ "m:alloc past --memory: the limit is named" 0 "" \
	"past the script's memory limit" 0 script --memory 32 "$T/alloc.lua"
RUN=

tap_done
