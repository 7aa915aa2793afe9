#!/bin/sh
# grade.t - `warpstep grade` on the example assignment and its sample class
# (examples/assignment): every student's score, the feedback that names what
# went wrong (finding with its line, compile error, wrong value, endless
# loop), the CSV, JSON and TAP outputs, determinism, and what a broken spec,
# a hostile spec or an unreadable submission does.
. tests/tap.sh

tmp=$(mktemp -d "${TMPDIR:-/tmp}/ws-grade.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
A=examples/assignment
C=$A/class

"$WARPSTEP" grade $A/block_sum.lua $C/*.cu --csv "$tmp/g.csv" --json "$tmp/g.json" \
	--feedback "$tmp/fb" >"$tmp/out" 2>"$tmp/err"
tap_result $? "grading the sample class exits 0"
tap_diag <"$tmp/err"

# scores OUT DIR WHAT NAME:SCORE...: each student's score of 11 in the summary
score() { sed -n "s|^  $2/$3 *\([0-9]*\) / 11\$|\1|p" "$1"; }
scores() {
	out=$1 dir=$2 what=$3
	shift 3
	for s in "$@"; do
		n=${s%%:*} want=${s#*:}
		[ "$(score "$out" "$dir" "$n")" = "$want" ]
		tap_result $? "$what$n scores $want of 11 (got $(score "$out" "$dir" "$n"))"
	done
}
scores "$tmp/out" $C "" good:11 interleaved:10 atomic:9 noguard:9 nosync:0 offbyone:0 endless:0 typo:0

grep -q "FAIL constraint no shared-memory bank conflicts (0/1): line 12: 8-way shared-memory bank conflict" "$tmp/out"
tap_result $? "interleaved: the bank conflict with its line and degree"
grep -q "block_sum.cu:6: oob-global-read" "$tmp/out"
tap_result $? "noguard: the out-of-bounds finding with its line"
grep -q "block_sum.cu:11: shared-race" "$tmp/out"
tap_result $? "nosync: wrong sums, and the race still named with its line"
grep -q "block_sum.cu:7:5: error: use of undeclared identifier '__syncthread'" "$tmp/out"
tap_result $? "typo: the compile error at its line in the student's file"
grep -q "did not finish within 5000000 steps" "$tmp/out"
tap_result $? "endless: the endless loop fails its tests, the grader goes on"
grep -q "FAIL constraint no atomics (0/1): the kernel calls atomicAdd" "$tmp/out"
tap_result $? "atomic: the forbidden atomic is named"
grep -q "out\[0\] is 36, expected 45" "$tmp/out"
tap_result $? "offbyone: the first wrong element, got and expected"

head -1 "$tmp/g.csv" | grep -q '^student,score,max,one block (n = 256),' &&
	grep -q '^examples/assignment/class/good,11,11,2,2,2,2,1,1,1,$' "$tmp/g.csv" &&
	[ "$(wc -l <"$tmp/g.csv")" -eq 9 ]
tap_result $? "the CSV grade book: a header, one row per student"
perl -MJSON::PP -e 'local $/; my $j = decode_json(<STDIN>); exit !($j->{max} == 11 &&
	@{$j->{submissions}} == 8 && $j->{submissions}[2]{score} == 11 &&
	!defined $j->{submissions}[2]{compile_error} && $j->{submissions}[7]{compile_error} =~ /__syncthread/)' \
	<"$tmp/g.json"
tap_result $? "the JSON grade book parses and holds scores and compile errors"
[ "$(ls "$tmp/fb" | wc -l)" -eq 8 ] && grep -q "^== examples/assignment/class/good: 11/11 ==" \
	"$tmp/fb/examples_assignment_class_good.txt"
tap_result $? "--feedback writes one file per student"

"$WARPSTEP" grade $A/block_sum.lua $C/*.cu >"$tmp/out2" 2>/dev/null
cmp -s "$tmp/out" "$tmp/out2"
tap_result $? "grading is deterministic: a second run prints the same"

"$WARPSTEP" grade $A/block_sum.lua $C/good.cu $C/typo.cu --tap >"$tmp/tap"
prove --verbose - <"$tmp/tap" >/dev/null 2>&1
[ $? -ne 0 ] && grep -q "^ok 1 - $C/good: test one block" "$tmp/tap" &&
	grep -q "^not ok 8 - $C/typo: test one block" "$tmp/tap" && head -2 "$tmp/tap" | grep -q "^1\.\.14$"
tap_result $? "--tap: TAP 13, one test per item (prove parses it, and fails on typo)"

# broken specs: a clear message, exit 1
printf 'assignment{ name = "x" }\n' >"$tmp/nokernel.lua"
"$WARPSTEP" grade "$tmp/nokernel.lua" $C/good.cu >"$tmp/o" 2>"$tmp/e"
[ $? -eq 1 ] && grep -q "nokernel.lua:1: error: assignment{}: kernel must be a string" "$tmp/e"
tap_result $? "a spec without a kernel name: exit 1, says which field"
tap_diag <"$tmp/e"
printf 'assignment{ name = "x", kernel = "k" }\n' >"$tmp/notest.lua"
"$WARPSTEP" grade "$tmp/notest.lua" $C/good.cu >"$tmp/o" 2>"$tmp/e"
[ $? -eq 1 ] && grep -q "declares no test" "$tmp/e"
tap_result $? "a spec without tests: exit 1"
printf 'assignment{ name = "x", kernel = "k" }\nwhile true do end\n' >"$tmp/loop.lua"
"$WARPSTEP" grade --budget 2000000 "$tmp/loop.lua" $C/good.cu >"$tmp/o" 2>"$tmp/e"
[ $? -eq 1 ] && grep -q "instruction budget" "$tmp/e"
tap_result $? "a spec that loops forever stops at its budget: exit 1"
printf 'local f = io.open("/etc/passwd")\n' >"$tmp/io.lua"
"$WARPSTEP" grade "$tmp/io.lua" $C/good.cu >"$tmp/o" 2>"$tmp/e"
[ $? -eq 1 ]
tap_result $? "a spec cannot use io (sandbox): exit 1"

# a submission that cannot read the spec's data: #include of the spec fails
printf '#include "%s"\n__global__ void block_sum(int *o, const int *i, int n) {}\n' "$(pwd)/$A/block_sum.lua" >"$tmp/peek.cu"
"$WARPSTEP" grade $A/block_sum.lua "$tmp/peek.cu" >"$tmp/o" 2>"$tmp/e"
grep -q "0 / 11" "$tmp/o" && grep -q "block_sum.cu:1:10: error: cannot read" "$tmp/o" && ! grep -qi "hidden inputs" "$tmp/o"
tap_result $? "a submission that #includes the spec does not compile (it cannot read it)"
tap_diag <"$tmp/o"

"$WARPSTEP" grade $A/block_sum.lua "$tmp/nosuch.cu" $C/good.cu >"$tmp/o" 2>"$tmp/e"
[ $? -eq 2 ] && grep -q "cannot open '$tmp/nosuch.cu'" "$tmp/o" && grep -q "good *11 / 11" "$tmp/o"
tap_result $? "an unreadable submission: exit 2, named, the others still graded"
"$WARPSTEP" grade $A/block_sum.lua >"$tmp/o" 2>"$tmp/e"
[ $? -eq 2 ] && grep -q "no submission to grade" "$tmp/e"
tap_result $? "no submission: a usage error"
# whole-program assignments: each submission has its own main(), run on the
# spec's stdin and arguments and judged on its output and exit status
H=$A/histogram
"$WARPSTEP" grade $A/histogram.lua $H/*.cu >"$tmp/hout" 2>"$tmp/herr"
tap_result $? "grading a whole-program class exits 0"
tap_diag <"$tmp/herr"
scores "$tmp/hout" $H "program " good:11 nocheck:10 nozero:9 format:4 racy:3
grep -q 'line 1 of the output is "0 1", expected "bin 0: 1"' "$tmp/hout"
tap_result $? "format: the first differing line of the output, got and expected"
grep -q "exit status 134, expected 1; stderr: terminate called after throwing an instance of 'std::bad_alloc'" "$tmp/hout"
tap_result $? "nocheck: the exit status and the program's stderr"
grep -q "histogram.cu:15: uninitialized-read" "$tmp/hout"
tap_result $? "nozero: atomics on bins no cudaMemset cleared are an uninitialized read, with its line"
grep -q "histogram.cu:12: shared-race" "$tmp/hout"
tap_result $? "racy: wrong counts and the shared race with its line"
cat >"$tmp/endless.cu" <<'EOF2'
#include <cstdio>
int main() { for (;;) printf("spam spam spam spam spam spam spam spam spam spam\n"); }
EOF2
cat >"$tmp/files.cu" <<'EOF2'
#include <cstdio>
int main() { FILE *f = fopen("examples/assignment/histogram.lua", "r"); printf("%s\n", f ? "read the spec" : "no file"); return 0; }
EOF2
"$WARPSTEP" grade $A/histogram.lua "$tmp/endless.cu" "$tmp/files.cu" >"$tmp/hout2" 2>&1
st=$?
[ $st -eq 0 ] && grep -q "did not finish within 20000000 steps" "$tmp/hout2" &&
	grep -q 'line 1 of the output is "no file", expected "bin 0: 1"' "$tmp/hout2"
tap_result $? "an endless printer fails its tests (its output capped), a submission cannot read the spec"
printf 'assignment{ name = "x", program = true, kernel = "k" }\ntest{ name = "t", stdin = "" }\n' >"$tmp/bad1.lua"
"$WARPSTEP" grade "$tmp/bad1.lua" $H/good.cu >"$tmp/b1" 2>&1
[ $? -eq 1 ] && grep -q "program = true grades main(); leave kernel out" "$tmp/b1"
tap_result $? "a whole-program spec that names a kernel: exit 1 and why"
printf 'assignment{ name = "x", program = true }\ntest{ name = "t", args = { {} } }\n' >"$tmp/bad2.lua"
"$WARPSTEP" grade "$tmp/bad2.lua" $H/good.cu >"$tmp/b2" 2>&1
[ $? -eq 1 ] && grep -q "args\[1\] must be a string or a number" "$tmp/b2"
tap_result $? "an argument that is not a string: exit 1 and why"
printf 'assignment{ name = "x", program = true }\ntest{ name = "t", stdin = "1 2" }\n' >"$tmp/bad3.lua"
"$WARPSTEP" grade "$tmp/bad3.lua" $H/good.cu >"$tmp/b3" 2>&1
[ $? -eq 1 ] && grep -q "has no stdout=, status= or expect=" "$tmp/b3"
tap_result $? "a test with nothing to compare against: exit 1 and why"

tap_done
