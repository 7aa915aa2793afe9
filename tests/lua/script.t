#!/bin/sh
# script.t - `warpstep script FILE.lua [ARGS]`: output, arguments, exit
# status 0 on success and 1 on a script error, with a diagnostic.
. tests/tap.sh

tmp=$(mktemp -d "${TMPDIR:-/tmp}/ws-script.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
ws() { "$WARPSTEP" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null; st=$?; }
show() { { echo "status $st; stdout:"; cat "$tmp/out"; echo "stderr:"; cat "$tmp/err"; } | tap_diag; }
expect() { eval "$1"; r=$?; [ "$r" -eq 0 ] || show; tap_result "$r" "$2"; }

printf 'print("hello", ...)\nprint(arg[0] ~= nil, #arg)\n' >"$tmp/ok.lua"
ws script "$tmp/ok.lua" a b
expect '[ $st -eq 0 ] && [ "$(sed -n 1p $tmp/out)" = "hello	a	b" ] && [ "$(sed -n 2p $tmp/out)" = "true	2" ] && [ ! -s $tmp/err ]' \
	"a script runs: print, ... and arg; exit 0"

printf 'local function f()\n  error("boom")\nend\nf()\n' >"$tmp/err.lua"
ws script "$tmp/err.lua"
expect '[ $st -eq 1 ] && grep -q "err.lua:2: error: boom" $tmp/err && grep -q "^stack traceback:" $tmp/err && grep -q "err.lua:4: in main chunk" $tmp/err' \
	"a runtime error: file:line: error: message + traceback, exit 1"

printf 'local x = = 1\n' >"$tmp/syn.lua"
ws script "$tmp/syn.lua"
expect '[ $st -eq 1 ] && grep -q "syn.lua:1: error: unexpected symbol" $tmp/err' "a syntax error, exit 1"

printf 'print(io, os, debug, package, require, dofile, loadfile)\n' >"$tmp/libs.lua"
ws script "$tmp/libs.lua"
expect '[ $st -eq 0 ] && grep -q "^nil	nil	nil	nil	nil	nil	nil$" $tmp/out' "no io, os, debug, package, require, dofile, loadfile"

printf 'local p = assert(ws.compile("int main() { return 3; }"))\nprint(ws.machine(p):run_main(), ws.available("explore"))\n' >"$tmp/ws.lua"
ws script "$tmp/ws.lua"
expect '[ $st -eq 0 ] && grep -q "^3	true$" $tmp/out' "ws runs on the engine: run_main returns main's status; explore is available"

ws script "$tmp/missing.lua"
expect '[ $st -eq 2 ] && grep -q "cannot open" $tmp/err' "a missing script file: exit 2"
ws script
expect '[ $st -eq 2 ] && grep -q "missing program file" $tmp/err' "no script file: usage, exit 2"
tap_done
