#!/bin/sh
# reports.t - what a finding says about a broken program: the right kind,
# the place that matters (file:line), and what the GPU's runtime returns.
. tests/tap.sh
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

# check DESC CMD...: one test; CMD is a shell condition over $T/out, $T/err, $st
check() {
	_d=$1
	shift
	if eval "$*" && ! grep -q "Sanitizer\|runtime error" "$T/err"; then
		tap_result 0 "$_d"
	else
		tap_result 1 "$_d"
		{ echo "stdout:"; head -c 800 "$T/out"; echo "stderr:"; head -c 2000 "$T/err"; } | tap_diag
	fi
}
ws_run() {
	(cd "$T" && timeout 60 $WARPSTEP run "$@" >"$T/out" 2>"$T/err")
	st=$?
}

# A wild host pointer is the host's own fault (a segfault), not global
# memory: its kind and hint say nothing about cudaMalloc.
cat >"$T/wild.cu" <<'CU'
#include <cstdio>
int main()
{
	int *p = (int *)0x1234;
	*p = 1;
	printf("not reached\n");
	return 0;
}
CU
ws_run --report "$T/wild.json" wild.cu
check "a wild host write: invalid-host-access at its line, status 139" \
	'[ $st -eq 139 ] && grep -q "^wild.cu:5:[0-9]*: error\[invalid-host-access\]" "$T/err" && ! grep -q "not reached" "$T/out"'
check "a wild host write: no cudaMalloc hint, no oob-global kind" \
	'! grep -q "cudaMalloc\|oob-global" "$T/err"'
check "a wild host write: the JSON report has the kind" \
	'grep -q "\"kind\": \"invalid-host-access\"" "$T/wild.json"'

# strcpy past the end of a stack buffer: the finding is at the call.
cat >"$T/strcpy.cu" <<'CU'
#include <cstdio>
#include <cstring>
int main()
{
	char small[4];
	strcpy(small, "a string much longer than four bytes, and longer than the host stack");
	printf("%s\n", small);
	return 0;
}
CU
ws_run strcpy.cu
check "strcpy overflow: a finding with strcpy's file:line, status 139" \
	'[ $st -eq 139 ] && grep -q "^strcpy.cu:6:[0-9]*: error\[invalid-host-access\]: strcpy writes" "$T/err"'
check "strcpy overflow: no finding without a place" '! grep -q "^warpstep: error" "$T/err"'

# An endless loop in a kernel: the step limit shows where the warps are.
cat >"$T/spin.cu" <<'CU'
__global__ void spin(int *o)
{
	int i = 0;
	while (o[0] >= 0)
		i = i * 3 + 1;
	o[1] = i;
}
int main()
{
	int *d;
	cudaMalloc(&d, 8);
	cudaMemset(d, 0, 8);
	spin<<<2, 64>>>(d);
	cudaDeviceSynchronize();
	return 0;
}
CU
ws_run --max-steps 200000 spin.cu
check "endless kernel loop: step-limit at the loop (line 4 or 5), status 124" \
	'[ $st -eq 124 ] && grep -Eq "^spin.cu:[45]:[0-9]+: error\[step-limit\]" "$T/err" && grep -q "= thread: block" "$T/err"'

# An endless loop on the host: the step limit shows the host's line.
cat >"$T/hspin.cu" <<'CU'
int main()
{
	volatile int x = 1;
	while (x)
		x = x * 3 + 1;
	return 0;
}
CU
ws_run --max-steps 200000 hspin.cu
check "endless host loop: step-limit inside the loop, not at main" \
	'[ $st -eq 124 ] && grep -Eq "^hspin.cu:[45]:[0-9]+: error\[step-limit\]" "$T/err"'

# A stream handle that no cudaStreamCreate returned: cudaErrorInvalidResourceHandle
# (400), as the H100's runtime answers; the launch does not run.
cat >"$T/stream.cu" <<'CU'
#include <cstdio>
__global__ void k(int *o) { o[0] = 42; }
int main()
{
	int *d, h = 0;
	cudaMalloc(&d, 4);
	cudaMemset(d, 0, 4);
	cudaStream_t bad = (cudaStream_t)0x1234, s;
	cudaStreamCreate(&s);
	printf("sync %d\n", (int)cudaStreamSynchronize(bad));
	printf("query %d\n", (int)cudaStreamQuery(bad));
	k<<<1, 1, 0, bad>>>(d);
	printf("launch %d\n", (int)cudaGetLastError());
	printf("async %d\n", (int)cudaMemcpyAsync(&h, d, 4, cudaMemcpyDeviceToHost, bad));
	printf("memset %d\n", (int)cudaMemsetAsync(d, 0, 4, bad));
	cudaEvent_t e;
	cudaEventCreate(&e);
	printf("record %d\n", (int)cudaEventRecord(e, bad));
	printf("destroy %d\n", (int)cudaStreamDestroy(bad));
	printf("%s %s\n", cudaGetErrorName(cudaStreamSynchronize(bad)), cudaGetErrorString(cudaGetLastError()));
	cudaMemcpy(&h, d, 4, cudaMemcpyDeviceToHost);
	printf("not run %d\n", h);
	k<<<1, 1, 0, s>>>(d);
	printf("good launch %d\n", (int)cudaGetLastError());
	printf("good sync %d %d\n", (int)cudaStreamSynchronize(s), (int)cudaStreamSynchronize(0));
	printf("good async %d\n", (int)cudaMemcpyAsync(&h, d, 4, cudaMemcpyDeviceToHost, s));
	cudaDeviceSynchronize();
	printf("ran %d\n", h);
	printf("good destroy %d\n", (int)cudaStreamDestroy(s));
	return 0;
}
CU
ws_run stream.cu
cat >"$T/stream.want" <<'OUT'
sync 400
query 400
launch 400
async 400
memset 400
record 400
destroy 400
cudaErrorInvalidResourceHandle invalid resource handle
not run 0
good launch 0
good sync 0 0
good async 0
ran 42
good destroy 0
OUT
check "a bogus stream handle: 400 from every call that takes it; valid streams work" \
	'[ $st -eq 0 ] && cmp -s "$T/stream.want" "$T/out"'
check "a launch on a bogus stream: an invalid-launch finding at the launch" \
	'grep -q "^stream.cu:12:[0-9]*: warning\[invalid-launch\].*invalid resource handle" "$T/err"'

# A double free says where the memory was freed first.
cat >"$T/dfree.cu" <<'CU'
#include <cstdlib>
int main()
{
	int *d;
	cudaMalloc(&d, 64);
	cudaFree(d);
	cudaFree(d);
	char *p = (char *)malloc(16);
	free(p);
	free(p);
	return 0;
}
CU
ws_run --report "$T/dfree.json" dfree.cu
check "cudaFree twice: a note at the first cudaFree" \
	'grep -q "^dfree.cu:7:[0-9]*: error\[double-free\]: cudaFree" "$T/err" && grep -q "= note: first freed here: dfree.cu:6:" "$T/err"'
check "free twice: a note at the first free, status 134" \
	'[ $st -eq 134 ] && grep -q "^dfree.cu:10:[0-9]*: error\[double-free\]: free" "$T/err" && grep -q "= note: first freed here: dfree.cu:9:" "$T/err"'
check "double free: the JSON report has the note" \
	'grep -q "\"note\": {\"message\": \"first freed here\", \"file\": \"dfree.cu\", \"line\": 6" "$T/dfree.json"'

tap_done
