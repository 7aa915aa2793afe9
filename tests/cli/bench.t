#!/bin/sh
# bench.t - the bench's programs and scripts still work (make bench and make bench-check
# are not part of make check: they take minutes). bench/run.sh and bench/check.sh parse;
# bench/launches.cu (the launch-overhead program) and bench/hello.cu (start-up) run and say
# ok, and --stats prints the grid time and step count that bench/run.sh reads; the launch
# program's steps grow by one RET per warp per further launch (32768 warps of 2^20 threads)
# and the host loop's few steps: a launch of reused blocks runs every warp once, no more.
# The bench programs take their size (argv[2]) and refuse one out of range; a native twin
# prints the same checksum as its .cu under warpstep; bench/run.sh at tiny sizes prints its
# tables (kernel only, whole programs' wall and CPU time) with a row per size and every cell verified, says FAIL for a run whose checksum is not
# native's, and fills the Oclgrind columns when oclgrind is installed (SKIP otherwise);
# bench/check.sh's ratio lines by device counts (checked / --fast, --fast / native) compute
# the ratios, the verdict and the geometric mean.
. tests/tap.sh

tmp=${TMPDIR:-/tmp}/ws-bench.$$
mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT

sh -n bench/run.sh && sh -n bench/check.sh
tap_result $? "bench/run.sh and bench/check.sh parse"

# bench/compare.sh: two binaries side by side (here the same one twice, tiny size, two
# rounds): a line per kernel with the paired median and quartiles; bad arguments exit 2
sh -n bench/compare.sh &&
	ROUNDS=2 LG=10 KERNELS="vecadd reduce_shfl" timeout 120 sh bench/compare.sh "$WARPSTEP" "$WARPSTEP" >"$tmp/cmp" 2>&1 &&
	[ "$(grep -c -E '^(vecadd|reduce_shfl) +[-+][0-9.]+% \[ *[-+][0-9.]+%, +[-+][0-9.]+%\] +old [0-9.]+ ms +new [0-9.]+ ms$' "$tmp/cmp")" = 2 ]
r=$?
[ $r = 0 ] || tap_diag <"$tmp/cmp"
tap_result $r "bench/compare.sh times two binaries in alternating paired rounds"
sh bench/compare.sh "$WARPSTEP" >"$tmp/cmp" 2>&1
[ $? = 2 ] && grep -q '^usage: bench/compare.sh OLD NEW' "$tmp/cmp" && ROUNDS=0 sh bench/compare.sh "$WARPSTEP" "$WARPSTEP" 2>/dev/null
[ $? = 2 ]
tap_result $? "bench/compare.sh refuses one binary and ROUNDS=0 (exit 2)"

steps() {
	timeout 120 "$WARPSTEP" run --fast --stats bench/launches.cu "$1" >"$tmp/out" 2>"$tmp/err" </dev/null || return 1
	grep -q "^launches $(($1 + 1)) threads 1048576 ok$" "$tmp/out" || return 1
	grep -q '^warpstep: kernel_ms [0-9.]* steps' "$tmp/err" || return 1
	sed -n 's/.* steps \([0-9]*\).*/\1/p' "$tmp/err"
}
s0=$(steps 0) && s2=$(steps 2)
tap_result $? "bench/launches.cu runs (0 and 2 further launches) and --stats reports grid time and steps"
[ -n "$s0" ] && [ -n "$s2" ] && [ $((s2 - s0)) -ge $((2 * 32768)) ] && [ $((s2 - s0)) -lt $((2 * 32768 + 100)) ]
tap_result $? "each further launch of 2^20 threads runs its 32768 warps once (steps $s0 -> $s2)"

timeout 60 "$WARPSTEP" run bench/hello.cu >"$tmp/out" 2>"$tmp/err" </dev/null &&
	[ "$(tail -n 1 "$tmp/out")" = "hello ok" ] && [ "$(grep -c '^hello from thread' "$tmp/out")" = 4 ]
tap_result $? "bench/hello.cu runs"

# sizes: every program refuses a size out of range with a message, not a crash
bad=0
for k in vecadd reduce_smem reduce_shfl histogram; do
	timeout 60 "$WARPSTEP" run "bench/$k.cu" 1 30 >"$tmp/out" 2>"$tmp/err" </dev/null
	[ $? = 2 ] && grep -q "^$k: size 30 out of range" "$tmp/out" "$tmp/err" || { echo "# $k" ; bad=1; }
done
timeout 60 "$WARPSTEP" run bench/matmul_tiled.cu 1 100 >"$tmp/out" 2>"$tmp/err" </dev/null
[ $? = 2 ] && grep -q "^matmul_tiled: side 100 out of range" "$tmp/out" "$tmp/err" || bad=1
tap_result $bad "the bench programs refuse a size out of range (exit 2, a message)"

# a native twin and its .cu agree at a size other than the default (and "0" still skips)
CFLAGS_BENCH="-std=c11 -D_POSIX_C_SOURCE=200809L -O2"
ok=1
for k in vecadd matmul_tiled; do
	a=10
	[ $k = matmul_tiled ] && a=48
	${CC:-cc} $CFLAGS_BENCH -o "$tmp/native_$k" "bench/native/$k.c" &&
		"$tmp/native_$k" 1 $a >"$tmp/nat" &&
		timeout 60 "$WARPSTEP" run --fast "bench/$k.cu" 1 $a >"$tmp/ws" </dev/null &&
		n=$(grep ' ok$' "$tmp/nat") && [ -n "$n" ] && [ "$n" = "$(cat "$tmp/ws")" ] &&
		[ "$(timeout 60 "$WARPSTEP" run "bench/$k.cu" 0 $a </dev/null)" = "$k skipped" ] || { echo "# $k: ${n:-no checksum} / $(cat "$tmp/ws")"; ok=0; }
done
[ $ok = 1 ]
tap_result $? "native twins print the .cu's checksum at size 2^10 (matmul 48x48), argument 0 skips"

# bench/run.sh at two tiny sizes, vecadd only
runbench() {
	SIZES="10 11" EXTRA_SIZES="" KERNELS=vecadd REPS=1 BENCH_EXTRAS=0 BENCH_BUILD="$tmp/b$1" \
		timeout 120 sh bench/run.sh >"$tmp/table$1" 2>"$tmp/log$1" </dev/null
}
WARPSTEP=$WARPSTEP runbench 1
rc=$?
cat "$tmp/table1" | tap_diag
# a row: kernel size then numbers; "ko" and "wh" are the rows of the two tables
ko=$(sed -n '/^kernel only/,/^$/p' "$tmp/table1" | grep -E '^vecadd +2\^1[01] +[0-9.]+ +[0-9.]+ +[0-9.]+ +([0-9.]+|n/a) +\| +[0-9.]+x +[0-9.]+x +([0-9.]+x|n/a)$' | wc -l)
wh=$(sed -n '/^whole programs/,/^$/p' "$tmp/table1" | grep -E '^vecadd +2\^1[01] +[0-9.]+ +[0-9.]+ +[0-9.]+ +([0-9.]+|n/a) +\|.* \| +[0-9]+ +[0-9]+ +[0-9]+ +([0-9]+|n/a)$' | wc -l)
cpu=$(sed -n '/^whole programs, CPU ms/,/^$/p' "$tmp/table1" | grep -E '^vecadd +2\^1[01] +[0-9.]+ +[0-9.]+ +[0-9.]+ +([0-9.]+|n/a) +\| +([0-9.]+x|n/a) +([0-9.]+x|n/a)$' | wc -l)
[ $rc = 0 ] && [ "$ko" = 2 ] && [ "$wh" = 2 ] && [ "$cpu" = 2 ] && ! grep -q FAIL "$tmp/table1" &&
	grep -q '^targets (issue 13)$' "$tmp/table1" && grep -q '^  checked/fast kernel only.*: \(met\|NOT met\)$' "$tmp/table1"
tap_result $? "bench/run.sh at 2^10 and 2^11: the three tables have a verified row per size, and the targets block"

if command -v oclgrind >/dev/null 2>&1; then
	sed -n '/^whole programs/,/^$/p' "$tmp/table1" | grep -E '^vecadd +2\^10 .*[0-9.]+x +[0-9.]+x \|' >/dev/null &&
		grep -q '^  Oclgrind whole / warpstep whole.*: \(met\|NOT met\)$' "$tmp/table1"
	tap_result $? "bench/run.sh: Oclgrind's kernel and whole runs verified, with their ratios"
else
	tap_skip "bench/run.sh: Oclgrind's columns" "oclgrind not installed"
fi

# a warpstep that prints another checksum than native fails its cells
cat >"$tmp/fake" <<'EOS'
#!/bin/sh
echo "vecadd checksum 1 ok"
echo "warpstep: kernel_ms 1.000 steps 1" >&2
EOS
chmod +x "$tmp/fake"
WARPSTEP=$tmp/fake runbench 2
sed -n '/^kernel only/,/^$/p' "$tmp/table2" | grep -Eq '^vecadd +2\^10 +[0-9.]+ +FAIL +FAIL ' &&
	grep -q '^FAIL: 2 rows' "$tmp/table2"
tap_result $? "bench/run.sh says FAIL where a run's checksum is not native's"

# bench/host.sh (the host part against its native twin): it parses; the twins of the five
# programs compile with bench/native/cuda_host.h and skip their launch like warpstep; one
# quick row (no callgrind, one run) has its numbers
sh -n bench/host.sh
tap_result $? "bench/host.sh parses"
# bench/check.sh's last line: checked / --fast by device counts, each of the five kernels and
# the worst against issue 13's 1.5x (BENCH_RATIO reads a file of baseline.tsv's form)
printf '# c\nvecadd\tfast\t9\t200\nvecadd\tchecked\t9\t300\nvecadd\tnative\t9\t10\nhello\tfast\t9\t10\nhello\tchecked\t9\t90\nhistogram\tfast\t9\t100\nhistogram\tchecked\t9\t120\nhistogram\tnative\t9\t20\n' >"$tmp/r.tsv"
r1=$(BENCH_RATIO="$tmp/r.tsv" sh bench/check.sh)
sed -i 's/\t300$/\t302/' "$tmp/r.tsv"
r2=$(BENCH_RATIO="$tmp/r.tsv" sh bench/check.sh)
r3=$(BENCH_RATIO=bench/baseline.tsv sh bench/check.sh)
nl='
'
fn="--fast / native, device instructions: vecadd 20.00x, histogram 5.00x; geometric mean 10.00x (the target, 10x, is on time)"
k='[0-9.]+x'
[ "$r1" = "checked / --fast, device instructions: vecadd 1.50x, histogram 1.20x; worst 1.50x (vecadd), target 1.5x: met$nl$fn" ] &&
	[ "$r2" = "checked / --fast, device instructions: vecadd 1.51x, histogram 1.20x; worst 1.51x (vecadd), target 1.5x: NOT met$nl$fn" ] &&
	echo "$r3" | head -n 1 | grep -Eq "^checked / --fast, device instructions: vecadd $k, reduce_smem $k, reduce_shfl $k, matmul_tiled $k, histogram $k; worst $k \\([a-z_]+\\), target 1.5x: (met|NOT met)\$" &&
	echo "$r3" | sed -n 2p | grep -Eq "^--fast / native, device instructions: vecadd $k, reduce_smem $k, reduce_shfl $k, matmul_tiled $k, histogram $k; geometric mean $k \\(the target, 10x, is on time\\)\$" &&
	[ "$(echo "$r3" | wc -l)" = 2 ]
tap_result $? "bench/check.sh's ratio lines by device counts, checked / --fast and --fast / native (the baseline's: $(echo "$r3" | sed 's/.*instructions: //' | tr '\n' ' '))"

if command -v g++ >/dev/null 2>&1 && command -v perf >/dev/null 2>&1 &&
	perf stat -x, -e task-clock true >/dev/null 2>&1; then
	good=1
	for k in vecadd reduce_smem reduce_shfl matmul_tiled histogram; do
		sed 's/<<<.*>>>//' "bench/$k.cu" >"$tmp/$k.cpp" &&
			g++ -O0 -w -include bench/native/cuda_host.h -o "$tmp/$k" "$tmp/$k.cpp" &&
			[ "$("$tmp/$k" 0)" = "$k skipped" ] || { good=0; echo "# $k: the native twin fails"; }
	done
	[ $good = 1 ]
	tap_result $? "the native twins of the five bench programs compile and skip their launch"
	KERNELS=vecadd REPS=1 HOST_NO_IR=1 BENCH_BUILD="$tmp/hb" sh bench/host.sh >"$tmp/host" 2>&1 &&
		grep -Eq '^vecadd +[0-9.]+ +[0-9.]+ +[0-9.]+ +[0-9.]+x' "$tmp/host"
	tap_result $? "bench/host.sh measures a row ($(grep '^vecadd' "$tmp/host"))"
else
	tap_skip "bench/host.sh's native twins" "g++ or perf stat is missing"
	tap_skip "bench/host.sh measures a row" "g++ or perf stat is missing"
fi
tap_done
