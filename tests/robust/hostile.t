#!/bin/sh
# hostile.t - bad input gets a clear message and the documented exit status;
# it never crashes (signal, sanitizer report) or hangs the tool.
# Each case: a generated input, a command, the exit status and a stderr pattern.
. tests/tap.sh
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

# hostile NAME WANT_RC STDERR_ERE CMD...: runs CMD under a 60 s timeout
hostile() {
	_n=$1 _rc=$2 _pat=$3
	shift 3
	timeout 60 "$@" >"$T/out" 2>"$T/err"
	_got=$?
	_ok=0
	[ "$_got" -eq "$_rc" ] || _ok=1
	[ -z "$_pat" ] || grep -Eq "$_pat" "$T/err" || _ok=1
	grep -q "Sanitizer\|runtime error" "$T/err" && _ok=1
	tap_result $_ok "$_n (exit $_got, want $_rc)"
	[ $_ok -eq 0 ] || head -c 2000 "$T/err" | tap_diag
}

# Host malloc/calloc/realloc/cudaMalloc of absurd sizes return NULL or an
# error code, as on a machine without that memory; the tool does not abort.
cat >"$T/malloc.cu" <<'CU'
#include <cstdio>
#include <cstdlib>
int main()
{
	char *p = (char *)malloc(1UL << 40);
	printf("malloc %d\n", p == NULL);
	void *q = calloc(1UL << 33, 1UL << 33);
	printf("calloc %d\n", q == NULL);
	char *r = (char *)malloc(16);
	r[0] = 7;
	char *r2 = (char *)realloc(r, ~0UL);
	printf("realloc %d %d\n", r2 == NULL, r[0]);
	free(r);
	void *d;
	printf("cudaMalloc %d\n", (int)cudaMalloc(&d, ~0UL));
	void *h;
	printf("cudaMallocHost %d\n", (int)cudaMallocHost(&h, 1UL << 40));
	return 0;
}
CU
hostile "host malloc(1<<40) and friends give NULL" 0 "" $WARPSTEP run "$T/malloc.cu"
printf 'malloc 1\ncalloc 1\nrealloc 1 7\ncudaMalloc 2\ncudaMallocHost 2\n' | cmp -s - "$T/out"
tap_result $? "the program sees NULL / cudaErrorMemoryAllocation"

cat >"$T/devmalloc.cu" <<'CU'
#include <cstdio>
__global__ void k()
{
	void *p = malloc(~0UL);
	void *q = malloc(1UL << 40);
	printf("%d %d\n", p == NULL, q == NULL);
}
int main()
{
	cudaDeviceSetLimit(cudaLimitMallocHeapSize, ~0UL);
	k<<<1, 1>>>();
	cudaDeviceSynchronize();
	return 0;
}
CU
hostile "device malloc(~0) under a huge heap limit gives NULL" 0 "" $WARPSTEP run "$T/devmalloc.cu"
echo "1 1" | cmp -s - "$T/out"
tap_result $? "the kernel sees NULL"

tap_done
