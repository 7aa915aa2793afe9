#!/bin/sh
# allocfail.t - allocation-failure injection, as SQLite does it: run a
# command with allocation N of warpstep's funnel made to fail (util.h), for
# N over the whole run, and check that every failure ends the documented way:
# exit status 125 and "warpstep: out of memory" as the last line on stderr,
# no signal, no sanitizer report, no half-written --report file; or, when N
# is past the run's last allocation, the normal result.
#
# The binary is $WS_BUILD/tests/warpstep-failalloc (main.c built with
# -DWS_TEST_FAIL_ALLOC; the installed warpstep has no such hook).
# A run makes about 5000 allocations (most in the front end, for the
# built-in headers), so `make check` tries N = 0..39 and 60 more spread
# over the rest of each run; ALLOCFAIL_FULL=1 tries every N (minutes).
. tests/tap.sh
BIN=$WS_BUILD/tests/warpstep-failalloc
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
if [ ! -x "$BIN" ]; then
	tap_result 1 "not built: $BIN"
	tap_done
fi

cat >"$T/script.lua" <<'LUA'
local p = assert(ws.compile([[
__global__ void k(int *a, int n)
{
	__shared__ int s[32];
	int i = threadIdx.x;
	s[i] = i * n;
	__syncthreads();
	a[i] = s[31 - i];
}
]]))
local m = ws.machine(p)
local b = m:alloc(32 * 4)
m:launch("k", { grid = 1, block = 32, args = { b, 3 } })
m:run()
print(b:read(0, "i32", 32)[1], #m:findings())
LUA

# sweep NAME REPORT CMD...: REPORT is the --report file CMD writes, or "-"
sweep() {
	_name=$1 _rep=$2
	shift 2
	rm -f "$T/ref.json"
	WS_COUNT_ALLOCS=1 timeout 60 "$@" >"$T/ref.out" 2>"$T/ref.err"
	_refst=$?
	[ "$_rep" = - ] || mv "$_rep" "$T/ref.json" 2>/dev/null
	_total=$(sed -n 's/^warpstep-failalloc: \([0-9]*\) allocations$/\1/p' "$T/ref.err")
	if [ -z "$_total" ]; then
		tap_result 1 "$_name: counting the allocations (exit $_refst)"
		tail -n 5 "$T/ref.err" | tap_diag
		return
	fi
	if [ -n "$ALLOCFAIL_FULL" ]; then
		_ns=$(seq 0 "$_total")
	else
		_stride=$((_total / 60 + 1))
		_ns="$(seq 0 39) $(seq 40 "$_stride" "$_total") $_total"
	fi
	_bad=0 _runs=0 _fails=0
	for _n in $_ns; do
		_runs=$((_runs + 1))
		[ "$_rep" = - ] || rm -f "$_rep"
		WS_FAIL_ALLOC_AFTER=$_n timeout 60 "$@" >"$T/out" 2>"$T/err"
		_st=$?
		_why=
		if grep -q "Sanitizer\|runtime error" "$T/err"; then
			_why="sanitizer report"
		elif [ $_st -eq 125 ]; then
			_fails=$((_fails + 1))
			[ "$(tail -n 1 "$T/err")" = "warpstep: out of memory" ] ||
				_why="exit 125 without the message"
			[ "$_rep" = - ] || [ ! -e "$_rep" ] || _why="a half-written $_rep was left"
		elif [ $_st -ne "$_refst" ]; then
			_why="exit $_st (normal: $_refst; out of memory: 125)"
		elif ! cmp -s "$T/out" "$T/ref.out"; then
			_why="exit $_st but stdout differs from the normal run"
		fi
		if [ -n "$_why" ]; then
			_bad=$((_bad + 1))
			if [ $_bad -le 3 ]; then
				echo "# N=$_n: $_why"
				tail -n 5 "$T/err" | tap_diag
			fi
		fi
	done
	[ $_bad -eq 0 ]
	tap_result $? "$_name: $_total allocations, $_runs runs, $_fails out of memory, $_bad bad"
}

sweep "run hello_block.cu" - "$BIN" run tests/programs/hello_block.cu
sweep "check atomics_int.cu --report" "$T/rep.json" "$BIN" check --report "$T/rep.json" tests/programs/atomics_int.cu
sweep "run err_memcpy.cu" - "$BIN" run tests/programs/err_memcpy.cu
sweep "run reduce_shfl.cu" - "$BIN" run tests/programs/reduce_shfl.cu
sweep "script (ws.compile, machine, launch)" - "$BIN" script "$T/script.lua"
tap_done
