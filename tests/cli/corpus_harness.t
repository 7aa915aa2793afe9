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
prog p_sort 'Time= 1.5 msec\nsum 6\n' 3 'sort:-'
prog p_sedsort 'Time= 1.5 msec\nsum 7\n' 3 'sort:s/sum 6/sum 7/'
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
has '^ok [0-9]* - p_sort$' "a sort: filter compares the lines in any order"
has '^ok [0-9]* - p_sedsort$' "a sort: filter applies its sed script first"
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

CORPUS_DIR=$c CORPUS_LIST="p_pass p_nosuch" sh tests/corpus.t >"$tmp/tap" 2>&1
has '^not ok [0-9]* - p_nosuch: no such program in' "a name in CORPUS_LIST that the MANIFEST lacks fails"
has '^ok [0-9]* - p_pass$' "... and the names it has still run"

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

# The recording pipeline on a fresh corpus, without a GPU: a stand-in nvcc (NVCC) that, for
# `-o OUT SRC`, checks SRC with warpstep and writes a script OUT running `warpstep run SRC`.
r=$tmp/rec
mkdir -p "$r/corpus/q_one" "$r/corpus/q_bad" "$r/out"
cp "$tmp/hi.cu" "$r/corpus/q_one/hi.cu"
echo 'int main( {' >"$r/corpus/q_bad/bad.cu"
{
	echo "q_one|https://example.org/x|0000|hi.cu|MIT|committed|-|-|/Time=/d"
	echo "q_bad|https://example.org/x|0000|bad.cu|MIT|committed|-|-|-"
} >"$r/corpus/MANIFEST"
cat >"$r/nvcc" <<'NVCC'
#!/bin/sh
out=
src=
while [ $# -gt 0 ]; do
	case $1 in
	-o) out=$2; shift ;;
	-*) ;;
	*) src=$1 ;;
	esac
	shift
done
"$HARNESS_WARPSTEP" dump-diags "$src" >/dev/null 2>&1 || { echo "$src: error: refused" >&2; exit 1; }
printf '#!/bin/sh\nexec "%s" run "%s"\n' "$HARNESS_WARPSTEP" "$PWD/$src" >"$out"
chmod +x "$out"
NVCC
chmod +x "$r/nvcc"
case $WARPSTEP in /*) ws=$WARPSTEP ;; *) ws=$PWD/$WARPSTEP ;; esac
HARNESS_WARPSTEP=$ws CORPUS_DIR=$r/corpus NVCC=$r/nvcc OUT=$r/out JOBS=2 \
	sh tools/hw/record_corpus.sh >"$r/log" 2>&1
st=$?
tap_diag <"$r/log"
[ "$st" -ne 0 ] && [ "$(cat "$r/out/q_bad.rc")" = build ]
tap_result $? "record_corpus.sh: a program that does not compile is recorded as 'build', status non-zero"
[ "$(cat "$r/out/q_one.rc")" = 3 ] && [ "$(cat "$r/out/q_one.out")" = "sum 6" ] &&
	[ "$(sed -n 2p "$r/out/q_one.raw")" = "Time= 1.5 msec" ]
tap_result $? "record_corpus.sh: exit status, filtered stdout and raw stdout are recorded"
[ ! -e "$r/corpus/q_one/hi" ] && [ -f "$r/corpus/q_one/hi.cu" ]
tap_result $? "record_corpus.sh: the binary run as ./hi is removed from the program's folder"
sed 's#|/Time=/d$#|s/sum/total/#' "$r/corpus/MANIFEST" >"$r/m" && mv "$r/m" "$r/corpus/MANIFEST"
CORPUS_DIR=$r/corpus sh tools/corpus/import.sh "$r/out" >"$r/log" 2>&1
tap_diag <"$r/log"
[ "$(cat "$r/corpus/q_one/expected.rc")" = 3 ] &&
	printf 'total 6\nTime= 1.5 msec\n' | cmp -s - "$r/corpus/q_one/expected.out"
tap_result $? "import.sh: expected.rc copied, expected.out filtered afresh from the raw stdout"
[ ! -f "$r/corpus/q_bad/expected.out" ] && grep -q "q_bad: not imported" "$r/log"
tap_result $? "import.sh: a program that did not compile is not imported, saying so"
CORPUS_DIR=$r/corpus sh tests/corpus.t >"$tmp/tap" 2>&1
has '^ok [0-9]* - q_one$' "corpus.t passes on what was just recorded and imported"

# fetch.sh from a local bare mirror (WS_CORPUS_MIRROR), and offline for a commit it lacks.
if command -v git >/dev/null 2>&1; then
	f=$tmp/fetch
	mkdir -p "$f/src/lib" "$f/corpus"
	cp "$tmp/hi.cu" "$f/src/hi.cu"
	echo '/* helper */' >"$f/src/lib/h.h"
	(cd "$f/src" && git init -q && git add . &&
		git -c user.name=t -c user.email=t@t commit -qm one) >/dev/null 2>&1
	commit=$(git -C "$f/src" rev-parse HEAD)
	mkdir -p "$f/mirror/someone+things"
	git clone -q --bare "$f/src" "$f/mirror/someone+things/repo" >/dev/null 2>&1
	{
		echo "f_one|https://github.com/someone/things|$commit|hi.cu|none|fetched|lib/h.h>../common/h.h|-|-"
		echo "f_gone|https://github.com/someone/things|0123456789012345678901234567890123456789|hi.cu|none|fetched|-|-|-"
	} >"$f/corpus/MANIFEST"
	CORPUS_DIR=$f/corpus WS_CORPUS_MIRROR=$f/mirror sh tools/corpus/fetch.sh >"$f/log" 2>&1
	st=$?
	tap_diag <"$f/log"
	cmp -s "$tmp/hi.cu" "$f/corpus/fetched/f_one/hi.cu" && [ -f "$f/corpus/fetched/common/h.h" ]
	tap_result $? "fetch.sh brings a program and its extra files at the pinned commit"
	[ "$st" -eq 0 ] && [ ! -e "$f/corpus/fetched/f_gone/hi.cu" ] && grep -q 'skipped f_gone' "$f/log"
	tap_result $? "fetch.sh skips what it cannot fetch with a message, exit status 0"
else
	tap_skip "fetch.sh from a mirror" "git not installed"
fi
tap_done
