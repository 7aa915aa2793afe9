#!/bin/sh
# lua_fuzz.t - the Lua API bugs fuzz/fuzz_lua.c found, each as a script.
# (Its reproducers, in fuzz/corpus/lua/, also replay in tests/fuzz.t.)
# Memory errors and leaks show only in the sanitizer build (make check
# SANITIZE=1), where a report fails the test.
. tests/tap.sh
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

# lua_case NAME WANT_STDOUT SCRIPT: the script's stdout must be WANT_STDOUT,
# its exit status 0, its stderr free of sanitizer reports.
lua_case() {
	printf '%s\n' "$3" >"$T/s.lua"
	timeout 60 $WARPSTEP script "$T/s.lua" >"$T/out" 2>"$T/err"
	st=$?
	ok=0
	[ $st -eq 0 ] || ok=1
	printf '%s\n' "$2" | cmp -s - "$T/out" || ok=1
	grep -q "Sanitizer\|runtime error" "$T/err" && ok=1
	tap_result $ok "$1 (exit $st)"
	[ $ok -eq 0 ] || { cat "$T/out"; head -c 2000 "$T/err"; } | tap_diag
}

# m:run_main() on a program without main() failed after copying argv and
# left the machine fresh; the next call copied argv again over the first.
lua_case "m:run_main() twice without a main() leaks nothing" \
"nil	the program has no main function
nil	the program has no main function" '
local p = assert(ws.compile("__global__ void k(int *a) { a[0] = 1; }"))
local m = ws.machine(p)
print(m:run_main())
print(m:run_main("x", "y"))'
tap_done
