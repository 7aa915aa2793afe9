#!/bin/sh
# corpus_harness.t - tests/corpus.t itself keeps its promises, on a small corpus of our own
# (CORPUS_DIR): a program that matches passes; one that differs and is not in KNOWN fails the
# run (a regression); one in KNOWN is a TODO; one in KNOWN that passes fails the run (KNOWN
# must stay true); SKIP and a missing GPU record skip; the MANIFEST filter is applied; a
# folder the MANIFEST does not name is caught; the time budget holds.
. tests/tap.sh
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
c=$tmp/corpus
mkdir -p "$c"
cat >"$tmp/hi.cu" <<'EOF'
#include <cstdio>

__global__ void fill(int *p) { p[threadIdx.x] = threadIdx.x; }

int main()
{
	int *d, h[4];
	cudaMalloc(&d, sizeof h);
	fill<<<1, 4>>>(d);
	cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
	printf("sum %d\n", h[0] + h[1] + h[2] + h[3]);
	printf("Time= 1.5 msec\n");
	return 3;
}
EOF
# prog NAME STDOUT RC [FILTER]: a committed program with its GPU record
prog() {
	mkdir -p "$c/$1"
	cp "$tmp/hi.cu" "$c/$1/hi.cu"
	printf '%b' "$2" >"$c/$1/expected.out"
	echo "$3" >"$c/$1/expected.rc"
	echo "$1|https://example.org/x|0000|hi.cu|MIT|committed|-|-|${4:--}" >>"$c/MANIFEST"
}
echo "# a corpus for the harness's own test" >"$c/MANIFEST"
prog p_pass 'sum 6\nTime= 1.5 msec\n' 3
prog p_filter 'sum 6\n' 3 '/Time=/d'
prog p_regress 'sum 7\nTime= 1.5 msec\n' 3
prog p_status 'sum 6\nTime= 1.5 msec\n' 0
prog p_known 'sum 7\nTime= 1.5 msec\n' 3
prog p_knownpass 'sum 6\nTime= 1.5 msec\n' 3
prog p_skip 'anything\n' 0
prog p_norecord '' 0
rm "$c/p_norecord/expected.out" "$c/p_norecord/expected.rc"
printf '# known\np_known: needs a bigger sum\np_knownpass: was broken once\n' >"$c/KNOWN"
echo "p_skip: too slow for the emulator" >"$c/SKIP"

CORPUS_DIR=$c sh tests/corpus.t >"$tmp/tap" 2>&1
tap_diag <"$tmp/tap"
# has PATTERN DESC: the harness's output has a line matching PATTERN
has() {
	grep -q -e "$1" "$tmp/tap"
	tap_result $? "$2"
}
has '^ok [0-9]* - MANIFEST names' "consistency checks pass on a consistent corpus"
has '^ok [0-9]* - p_pass$' "a program that matches passes"
has '^ok [0-9]* - p_filter$' "the MANIFEST filter is applied before comparing"
has '^not ok [0-9]* - p_regress: stdout differs (not in tests/corpus/KNOWN: a regression)$' \
	"a program that differs and is not in KNOWN fails"
has '^not ok [0-9]* - p_status: exit status 3, expected 0 (not in' "a different exit status fails"
has '^not ok [0-9]* - p_known: stdout differs # TODO needs a bigger sum$' \
	"a program in KNOWN that differs is a TODO with its cause"
has '^not ok [0-9]* - p_knownpass passes but tests/corpus/KNOWN says' \
	"a program in KNOWN that passes fails (KNOWN stays true)"
has '^ok [0-9]* - p_skip # SKIP too slow for the emulator$' "SKIP skips with its reason"
has '^ok [0-9]* - p_norecord # SKIP no GPU record' "a program without a GPU record is skipped"
n=$(grep -c '^not ok' "$tmp/tap")
[ "$n" -eq 4 ]
tap_result $? "exactly the four failing programs are 'not ok' ($n)"

CORPUS_DIR=$c CORPUS_BUDGET=0 sh tests/corpus.t >"$tmp/tap" 2>&1
has '^ok [0-9]* - p_pass # SKIP corpus time budget of 0s spent' \
	"once the time budget is spent the remaining programs are skipped, saying so"

mkdir "$c/p_stray"
echo "p_gone: no such program" >>"$c/KNOWN"
CORPUS_DIR=$c sh tests/corpus.t >"$tmp/tap" 2>&1
has '^not ok [0-9]* - every folder, KNOWN and SKIP entry is a MANIFEST program' \
	"a folder or KNOWN entry the MANIFEST does not name fails"
has '^# p_stray$' "... naming the stray folder"
has '^# p_gone (in KNOWN)$' "... and the stray KNOWN entry"
tap_done
