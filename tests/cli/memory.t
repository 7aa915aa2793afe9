#!/bin/sh
# memory.t - the memory a run touches (docs/PERFORMANCE.md, eighth session).
# - WS_NO_HUGEPAGES=1 leaves the compile arena and the warp pool to small
#   pages: the same output, findings, status and steps either way; where
#   transparent huge pages are on for madvise'd memory only, it takes many
#   more page faults (the default asks for huge pages).
# - A resident warp's memory: reduce_smem at 2^20 keeps 8448 warps resident
#   on the H100 profile (132 SMs x 8 blocks of 8 warps); the launch's peak
#   RSS (run with the launch minus run without it, small pages) stays under
#   52 MiB, about 6.3 KiB a warp for its struct and a 15-row frame (it was
#   77 MiB when a warp held 33 groups inline).
# - The checkers' own page faults: checked histogram at 2^17 (512 resident
#   blocks, each with its slot in the shared and global race checkers) takes
#   under 800 more than --fast (1122 more when each slot's deferred-read log
#   started at 256 entries and its warp table at 32 warps; ninth session),
#   and with --fast under 620 (a warp's token table starts at 2 entries).
# - cudaMalloc's and malloc's memory committed at the call: vecadd 2^20 under
#   1500 faults.
# - Start-up's page faults and peak RSS: hello world under 235 faults (253
#   before the host prelude came from tables made at build time, 200-210
#   after: the tables' tokens take the arena's huge-page chunks from the
#   first) and 23 MiB where huge pages are on (the compile arena's chunks).
. tests/tap.sh

tmp=${TMPDIR:-/tmp}/ws-memory.$$
mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT

# same NAME FILE ARGS: both ways, output, status and --stats steps equal
same() {
	for e in 0 1; do
		# shellcheck disable=SC2086 # arguments are a word list
		WS_NO_HUGEPAGES=$e timeout 120 "$WARPSTEP" run --stats "$2" $3 > "$tmp/out.$e" 2> "$tmp/err.$e" < /dev/null
		echo "status $?" >> "$tmp/out.$e"
		sed 's/kernel_ms [0-9.]*/kernel_ms -/' "$tmp/err.$e" >> "$tmp/out.$e"
	done
	if cmp -s "$tmp/out.0" "$tmp/out.1" && grep -q 'steps [1-9]' "$tmp/out.0"; then
		tap_result 0 "$1: huge pages or not, the same output, status and steps"
	else
		tap_result 1 "$1: WS_NO_HUGEPAGES changes the run"
		diff "$tmp/out.0" "$tmp/out.1" | head -20 | tap_diag
	fi
}
same reduce_smem bench/reduce_smem.cu "1 14"
same pthread_condvar tests/programs/pthread_condvar.cu ""
same cluster_dsmem tests/programs/cluster_dsmem.cu ""

TIME=/usr/bin/time
# rusage FIELD ENV ARGS...: GNU time's FIELD (%R minor faults, %M peak RSS KiB) of one run
rusage() {
	f=$1 e=$2
	shift 2
	WS_NO_HUGEPAGES=$e "$TIME" -o "$tmp/time" -f "$f" "$WARPSTEP" run --fast "$@" > /dev/null 2>&1 < /dev/null
	tail -n 1 "$tmp/time"
}

thp=$(cat /sys/kernel/mm/transparent_hugepage/enabled 2>/dev/null)
why=
"$TIME" -f %R true > /dev/null 2>&1 || why="no GNU time at $TIME"
# the sanitizer build (make check SANITIZE=1) adds its shadow's faults and redzones
case ${WS_BUILD:-} in */san) why="the sanitizer build's memory is not the program's" ;; esac
if [ -n "$why" ]; then
	tap_skip "huge pages save page faults" "$why"
	tap_skip "a resident warp's memory" "$why"
	tap_skip "hello world's page faults" "$why"
	tap_skip "the checkers' page faults" "$why"
	tap_skip "histogram's page faults" "$why"
	tap_skip "vecadd's page faults" "$why"
	tap_skip "hello world's peak RSS" "$why"
	tap_done
fi
case $thp in
*"[madvise]"*)
	huge=$(rusage %R 0 bench/reduce_smem.cu 1 17)
	small=$(rusage %R 1 bench/reduce_smem.cu 1 17)
	if [ "$huge" -gt 0 ] && [ "$small" -gt $((huge * 3)) ]; then
		tap_result 0 "huge pages save page faults: reduce_smem 2^17 takes $huge, $small with WS_NO_HUGEPAGES=1"
	else
		tap_result 1 "huge pages save page faults: reduce_smem 2^17 takes $huge, $small with WS_NO_HUGEPAGES=1"
	fi
	chk=$(WS_NO_HUGEPAGES=0 "$TIME" -o "$tmp/time" -f %R "$WARPSTEP" run bench/histogram.cu 1 17 > /dev/null 2>&1 < /dev/null &&
		tail -n 1 "$tmp/time")
	fast=$(rusage %R 0 bench/histogram.cu 1 17)
	# a warp's reconvergence tokens: a table of 2 to start with (8 before:
	# histogram's 4096 warps diverge once each; 681 faults, 554 after)
	if [ "${fast:-0}" -gt 0 ] && [ "$fast" -lt 620 ]; then
		tap_result 0 "histogram 2^17 with --fast takes $fast page faults, under 620"
	else
		tap_result 1 "histogram 2^17 with --fast takes $fast page faults, not under 620"
	fi
	if [ "${chk:-0}" -gt 0 ] && [ "${fast:-0}" -gt 0 ] && [ $((chk - fast)) -lt 800 ]; then
		tap_result 0 "the checkers add $((chk - fast)) page faults to histogram 2^17 ($chk, $fast with --fast), under 800"
	else
		tap_result 1 "the checkers add $((${chk:-0} - ${fast:-0})) page faults to histogram 2^17 ($chk, $fast with --fast), not under 800"
	fi
	# cudaMalloc's memory is committed when it returns (huge pages from
	# 2 MiB up), as the GPU's is, and so is the host's malloc: vecadd
	# 2^20's arrays are not faulted page by page, in host code or inside
	# the kernel (6479 faults before, 3414 with cudaMalloc's, 338 with both)
	va=$(rusage %R 0 bench/vecadd.cu 1 20)
	if [ "${va:-0}" -gt 0 ] && [ "$va" -lt 1500 ]; then
		tap_result 0 "vecadd 2^20 with --fast takes $va page faults, under 1500"
	else
		tap_result 1 "vecadd 2^20 with --fast takes $va page faults, not under 1500"
	fi
	# the compile arena: a header's tokens (enter_file asks for a whole file's
	# at once, up to ~1 MiB) go to a huge chunk, not to a calloc'd piece of
	# small pages faulted one by one (688 faults for hello world before, 231 after)
	# (ninth session: 230-255 faults here, smaller tokens and nodes)
	hello=$(rusage %R 0 bench/hello.cu)
	if [ "$hello" -gt 0 ] && [ "$hello" -lt 235 ]; then
		tap_result 0 "hello world takes $hello page faults, under 235"
	else
		tap_result 1 "hello world takes $hello page faults, not under 235"
	fi
	# the compile arena's huge chunks are most of hello world's memory: 14.9 MB
	# of tokens, nodes and symbols made 24.1 MiB of peak RSS; 11.9 MB, 20.6 MiB
	# (docs/PERFORMANCE.md, start-up, ninth session)
	rss=$(rusage %M 0 bench/hello.cu)
	if [ "$rss" -gt 0 ] && [ "$rss" -lt $((23 * 1024)) ]; then
		tap_result 0 "hello world's peak RSS is $rss KiB, under 23 MiB"
	else
		tap_result 1 "hello world's peak RSS is $rss KiB, not under 23 MiB"
	fi ;;
*)
	tap_skip "huge pages save page faults" "transparent huge pages are not madvise-only here ($thp)"
	tap_skip "hello world's page faults" "transparent huge pages are not madvise-only here ($thp)"
	tap_skip "the checkers' page faults" "transparent huge pages are not madvise-only here ($thp)"
	tap_skip "histogram's page faults" "transparent huge pages are not madvise-only here ($thp)"
	tap_skip "vecadd's page faults" "transparent huge pages are not madvise-only here ($thp)"
	tap_skip "hello world's peak RSS" "transparent huge pages are not madvise-only here ($thp)" ;;
esac

without=$(rusage %M 1 bench/reduce_smem.cu 0 20)
with=$(rusage %M 1 bench/reduce_smem.cu 1 20)
launch=$((with - without))
if [ "$without" -gt 0 ] && [ "$launch" -lt $((52 * 1024)) ]; then
	tap_result 0 "a launch of 8448 resident warps (reduce_smem 2^20) adds $launch KiB of peak RSS, under 52 MiB"
else
	tap_result 1 "a launch of 8448 resident warps (reduce_smem 2^20) adds $launch KiB of peak RSS ($without without it), not under 52 MiB"
fi
tap_done
