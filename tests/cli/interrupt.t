#!/bin/sh
# interrupt.t - run and check have no step limit by default: Ctrl-C (SIGINT)
# stops them with an "interrupted" finding that says where the host thread
# and the warps were, and status 130. A spin-wait is still caught without a
# limit (tests/findings/deadlock_nonresident.cu).
. tests/tap.sh

t=$(mktemp -d) || exit 1
trap 'rm -rf "$t"' EXIT INT TERM
cat >"$t/long.cu" <<'CU'
#include <cstdio>
__global__ void work(unsigned *out)
{
	unsigned x = threadIdx.x;
	for (unsigned long long i = 0; i < 100000000000ull; i++)
		x = x * 1664525u + 1013904223u;
	out[threadIdx.x] = x;
}
int main(void)
{
	unsigned *d;
	cudaMalloc(&d, 64 * sizeof(unsigned));
	printf("started\n");
	fflush(stdout);
	work<<<2, 64>>>(d);
	cudaDeviceSynchronize();
	printf("done\n");
	return 0;
}
CU
for cmd in run check; do
	"$WARPSTEP" $cmd "$t/long.cu" >"$t/out" 2>"$t/err" </dev/null &
	pid=$!
	sleep 3
	kill -INT $pid
	wait $pid
	st=$?
	[ $st -eq 130 ]
	tap_result $? "$cmd: Ctrl-C stops it with status 130 (status $st)"
	grep -q "interrupted\]: interrupted after [0-9]* instructions: the host thread lanes 0x00000001 at line 16; work block (0,0,0) warp 0 lanes 0xffffffff at line" "$t/err"
	tap_result $? "$cmd: the interrupted finding says where the host and the warps were"
	grep -q "; block (1,0,0) warp 1 lanes 0xffffffff at line [56]" "$t/err"
	tap_result $? "$cmd: every resident warp is listed"
	[ "$(cat "$t/out")" = "started" ]
	tap_result $? "$cmd: the program's output so far is kept"
done
tap_done
