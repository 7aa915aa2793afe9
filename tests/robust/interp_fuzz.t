#!/bin/sh
# interp_fuzz.t - the interpreter bugs fuzz/fuzz_interp.c found, each as a
# small program. (Its reproducers, in fuzz/corpus/interp/, also replay in
# tests/fuzz.t; these say what was wrong in words.)
. tests/tap.sh
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

# An atomic on shared memory whose index is -1 for one lane: the fast path's
# range check computed (addr - window start) + 4 <= window length, which
# wraps for an address below the window, so the atomic wrote 4 bytes before
# the block's shared memory (heap corruption, no finding).
cat >"$T/shatom.cu" <<'CU'
#include <cstdio>
__global__ void k(int *out)
{
	__shared__ int sh[8];
	sh[threadIdx.x] = 1;
	__syncthreads();
	int i = threadIdx.x == 1 ? -1 : 0;
	out[threadIdx.x] = atomicAdd(&sh[i], 1);
}
int main(void)
{
	int *d;
	cudaMalloc(&d, 8 * sizeof(int));
	k<<<1, 8>>>(d);
	printf("%d\n", (int)cudaDeviceSynchronize());
	cudaFree(d);
	return 0;
}
CU
timeout 60 $WARPSTEP check "$T/shatom.cu" >"$T/out" 2>"$T/err"
st=$?
ok=0
[ $st -eq 1 ] || ok=1
grep -q 'shatom.cu:8:.*error\[oob-' "$T/err" || ok=1
grep -q "Sanitizer\|runtime error" "$T/err" && ok=1
tap_result $ok "a shared atomic below the shared window is an out-of-bounds finding (exit $st)"
[ $ok -eq 0 ] || head -c 2000 "$T/err" | tap_diag

# One warp, lanes on both sides of an allocation's start: the cross-block
# race checker's range check wrapped the same way for the lane below and
# read its shadow before the allocation (seen by the sanitizer build).
cat >"$T/grace.cu" <<'CU'
#include <cstdio>
__global__ void k(int *b, int *out)
{
	out[threadIdx.x] = b[1 - (int)threadIdx.x];
}
int main(void)
{
	int *b, *out;
	cudaMalloc(&b, 4 * sizeof(int));
	cudaMalloc(&out, 32 * sizeof(int));
	cudaMemset(b, 0, 4 * sizeof(int));
	k<<<2, 32>>>(b, out);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
CU
timeout 60 $WARPSTEP check "$T/grace.cu" >"$T/out" 2>"$T/err"
st=$?
ok=0
[ $st -eq 1 ] || ok=1
grep -q "Sanitizer\|runtime error" "$T/err" && ok=1
tap_result $ok "a warp reading on both sides of an allocation's start is checked without overrun (exit $st)"
[ $ok -eq 0 ] || head -c 2000 "$T/err" | tap_diag
tap_done
