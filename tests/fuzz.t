#!/bin/sh
# fuzz.t - replay fuzz/corpus/ through every fuzz target (fuzz/fuzz_NAME.c),
# built without libFuzzer as $WS_BUILD/fuzz/run_NAME. A target passes when
# it gets through every input without crashing (the sanitizer build,
# `make check SANITIZE=1`, also catches memory errors) within the time limit.
. tests/tap.sh

tmp=${TMPDIR:-/tmp}/ws-fuzz.$$
trap 'rm -f "$tmp"' EXIT
found=0
for src in fuzz/fuzz_*.c; do
	[ -f "$src" ] || continue
	found=1
	name=${src#fuzz/fuzz_}
	name=${name%.c}
	bin=$WS_BUILD/fuzz/run_$name
	if [ ! -x "$bin" ]; then
		tap_result 1 "$name: not built ($bin)"
		continue
	fi
	if [ ! -d fuzz/corpus ]; then
		tap_skip "$name corpus" "no fuzz/corpus"
		continue
	fi
	if command -v timeout >/dev/null 2>&1; then
		timeout 600 "$bin" fuzz/corpus >"$tmp" 2>&1
	else
		"$bin" fuzz/corpus >"$tmp" 2>&1
	fi
	st=$?
	tail -n 1 "$tmp" | tap_diag
	if [ "$st" -ne 0 ]; then
		echo "# exit status $st; last inputs and messages:"
		tail -n 20 "$tmp" | tap_diag
	fi
	tap_result "$st" "fuzz target $name survives the corpus"
done
[ "$found" = 1 ] || tap_skip "fuzz targets" "none"
tap_done
