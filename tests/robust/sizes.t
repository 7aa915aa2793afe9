#!/bin/sh
# sizes.t - bogus sizes given to the C library and the CUDA runtime. A
# native program would die of SIGSEGV where the C library runs off a buffer
# (a finding with the line, status 139), and the CUDA runtime refuses what
# it cannot do with an error code; warpstep itself never crashes, aborts or
# corrupts its heap (each size once wrapped a bounds check `a + n > b`).
. tests/tap.sh
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

# variant NAME WANT_RC STDOUT STDERR_ERE BODY: BODY runs in main() after
#   int h[16] (host stack), char buf[8], int *hp (64 bytes of malloc),
#   int *d (64 bytes of cudaMalloc, zeroed), size_t big = (size_t)-1,
#   int neg = -8, and the __device__ array sym[16];
# then main prints "done". STDOUT is the whole expected output.
variant() {
	_n=$1 _rc=$2 _out=$3 _pat=$4
	cat >"$T/$_n.cu" <<CU
#include <cstdio>
#include <cstring>
#include <cstdlib>
__device__ int sym[16];
int main()
{
	int h[16] = {0};
	char buf[8] = {0};
	int *hp = (int *)calloc(16, sizeof(int));
	int *d;
	cudaMalloc(&d, 64);
	cudaMemset(d, 0, 64);
	size_t big = (size_t)-1;
	int neg = -8;
	(void)h; (void)buf; (void)hp; (void)big; (void)neg;
	$5
	printf("done\n");
	return 0;
}
CU
	(cd "$T" && timeout 60 $WARPSTEP run "$_n.cu" >"$T/out" 2>"$T/err")
	_got=$?
	_ok=0
	[ "$_got" -eq "$_rc" ] || _ok=1
	printf '%b' "$_out" | cmp -s - "$T/out" || _ok=1
	[ -z "$_pat" ] || grep -Eq "$_pat" "$T/err" || _ok=1
	grep -q "Sanitizer\|runtime error\|out of memory" "$T/err" && _ok=1
	tap_result $_ok "$_n (exit $_got, want $_rc)"
	[ $_ok -eq 0 ] || { echo "stdout:"; head -c 500 "$T/out"; echo "stderr:"; head -c 1500 "$T/err"; } | tap_diag
}

# a host access out of bounds: the finding at the call, status 139
host() {
	variant "$1" 139 "" "^$1\\.cu:$2:[0-9]+: error\\[$3\\]" "$4"
}
L=16   # the line of BODY in the generated program
host memset_m1 $L invalid-host-access 'memset(h, 0, (size_t)-1);'
host memset_minus64 $L invalid-host-access 'memset(h, 0, (size_t)-64);'
host memset_1s63 $L invalid-host-access 'memset(h, 0, (size_t)1 << 63);'
host memset_negint $L invalid-host-access 'memset(h, 0, neg);'
host memset_heap_m1 $L invalid-host-access 'memset(hp, 0, big);'
host memset_heap_past $L invalid-host-access 'memset(hp, 0, 65);'
host memcpy_m1 $L invalid-host-access 'memcpy(h, hp, big);'
host memcpy_src_m1 $L invalid-host-access 'memcpy(hp, h, (size_t)-4);'
host memcpy_wrap $L invalid-host-access 'memcpy(hp + 8, h, (size_t)-16);'
host memcpy_heap_past $L invalid-host-access 'memcpy(hp, h, 65);'
host memcpy_negint $L invalid-host-access 'memcpy(h, hp, neg);'
host memmove_m1 $L invalid-host-access 'memmove(h + 1, h, big);'
host memcmp_m1 $L invalid-host-access 'printf("%d\n", memcmp(h, hp, big));'
host memcmp_1s63 $L invalid-host-access 'printf("%d\n", memcmp(h, hp, (size_t)1 << 63));'
host strncpy_m1 $L invalid-host-access 'strncpy(buf, "xyz", big);'
host strncpy_heap_past $L invalid-host-access 'strncpy((char *)hp, "xyz", 65);'
host strcpy_heap $L invalid-host-access 'char *s = (char *)malloc(8); strcpy(s, "far too long for eight");'
host strncat_m1 $L invalid-host-access 'strcpy(buf, "ab"); strncat((char *)hp, "0123456789", big); strncat(buf, "0123456789abcdef0123456789", big);'
host snprintf_m1 $L invalid-host-access 'snprintf((char *)hp, big, "%s%s%s", "0123456789012345678901234567890", "0123456789012345678901234567890", "0123456789");'
host sprintf_heap $L invalid-host-access 'char *s = (char *)malloc(4); sprintf(s, "%d", 123456);'
host wild_write $L invalid-host-access 'int *p = (int *)0x1234; *p = 1;'
host wild_read $L invalid-host-access 'int *p = (int *)0x7fff12345678; printf("%d\n", *p);'
host big_local 16 stack-overflow 'int bigarr[1 << 28]; bigarr[5] = 1; printf("%d\n", bigarr[5]);'
host huge_local 16 stack-overflow 'int bigarr[1 << 30]; bigarr[5] = 1; printf("%d\n", bigarr[5]);'

# what the C library does without running off: nothing to report
variant memcmp_differs 0 '-1\ndone\n' "" 'printf("%d\n", memcmp("ab", "ac", big));'
variant snprintf_fits 0 '5\ndone\n' "" 'snprintf(buf, big, "%d", 5); printf("%s\n", buf);'
variant strncat_fits 0 'abcd\ndone\n' "" 'strcpy(buf, "ab"); strncat(buf, "cdef", 2); printf("%s\n", buf);'
variant memmove_overlap 0 'aabcdf\ndone\n' "" 'strcpy(buf, "abcdef"); memmove(buf + 1, buf, 4); printf("%s\n", buf);'

# the CUDA runtime: the error code of the H100's runtime, the program runs on
cuda() {
	variant "$1" 0 "$2\\ndone\\n" "$3" "printf(\"%d\\n\", (int)$4);"
}
OOB='error\[oob-global-(read|write)\]'
cuda cm_d2h_m1 1 "$OOB" 'cudaMemcpy(h, d, big, cudaMemcpyDeviceToHost)'
cuda cm_h2d_m1 1 "$OOB" 'cudaMemcpy(d, h, big, cudaMemcpyHostToDevice)'
cuda cm_d2d_m1 1 "$OOB" 'cudaMemcpy(d, d + 4, big, cudaMemcpyDeviceToDevice)'
cuda cm_h2h_m1 1 "$OOB" 'cudaMemcpy(h, hp, big, cudaMemcpyHostToHost)'
cuda cm_default_1s63 1 "$OOB" 'cudaMemcpy(d, hp, (size_t)1 << 63, cudaMemcpyDefault)'
cuda cm_d2h_past 1 "$OOB" 'cudaMemcpy(h, d, 65, cudaMemcpyDeviceToHost)'
cuda cm_d2h_wrap 1 "$OOB" 'cudaMemcpy(h, d + 8, (size_t)-32, cudaMemcpyDeviceToHost)'
cuda cm_negint 1 "$OOB" 'cudaMemcpy(h, d, neg, cudaMemcpyDeviceToHost)'
cuda cma_m1 1 "$OOB" 'cudaMemcpyAsync(h, d, big, cudaMemcpyDeviceToHost, 0)'
cuda cms_m1 1 "$OOB" 'cudaMemset(d, 0, big)'
cuda cms_wrap 1 "$OOB" 'cudaMemset(d + 8, 0, (size_t)-32)'
cuda cms_past 1 "cudaMemset of 65 bytes runs 1 bytes past the end of a 64-byte allocation" 'cudaMemset(d, 0, 65)'
cuda cmsa_1s63 1 "$OOB" 'cudaMemsetAsync(d, 0, (size_t)1 << 63, 0)'
cuda sym_to_m1 1 "" 'cudaMemcpyToSymbol(sym, h, big)'
cuda sym_to_offset_wraps 1 "" 'cudaMemcpyToSymbol(sym, h, 8, (size_t)-4)'
cuda sym_from_offset_wraps 1 "" 'cudaMemcpyFromSymbol(h, sym, 16, (size_t)-8)'
cuda sym_from_m1 1 "" 'cudaMemcpyFromSymbol(h, sym, big)'
cuda sym_from_past 1 "" 'cudaMemcpyFromSymbol(h, sym, 4, 61)'
cuda m2d_height_m1 1 "" 'cudaMemcpy2D(h, 16, d, 16, 16, big, cudaMemcpyDeviceToHost)'
cuda m2d_pitch_m1 12 "" 'cudaMemcpy2D(h, big, d, big, 16, 2, cudaMemcpyDeviceToHost)'
cuda m2d_width_0 0 "" 'cudaMemcpy2D(h, 16, d, 16, 0, big, cudaMemcpyDeviceToHost)'
cuda pitch_width_m1 2 "" 'cudaMallocPitch((void **)&hp, (size_t *)h, big, 2)'
cuda pitch_wraps 2 "" 'cudaMallocPitch((void **)&hp, (size_t *)h, 1 << 20, (size_t)1 << 50)'
cuda stack_limit_huge 2 "" 'cudaDeviceSetLimit(cudaLimitStackSize, (size_t)1 << 40)'

# A huge stack limit made the local-memory window arithmetic wrap: a far
# local index then hung warpstep growing a 32-bit size forever.
cat >"$T/stack.cu" <<'CU'
#include <cstdio>
__global__ void k(int *o, int idx)
{
	int a[4];
	a[idx & 3] = 1;
	a[idx] = 2;
	o[0] = a[idx & 3];
}
int main()
{
	int *d;
	cudaMalloc(&d, 4);
	printf("%d\n", (int)cudaDeviceSetLimit(cudaLimitStackSize, (size_t)1 << 40));
	k<<<1, 1>>>(d, 1 << 30);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
CU
(cd "$T" && timeout 20 $WARPSTEP run stack.cu >"$T/out" 2>"$T/err")
st=$?
_ok=0
[ $st -eq 0 ] && printf '2\n700\n' | cmp -s - "$T/out" && grep -q "error\[oob-local\]" "$T/err" || _ok=1
tap_result $_ok "a 1 TiB stack limit is refused; a far local index faults with 700 (exit $st)"

# A progress file whose record length is (size_t)-1: `n + 1` wrapped to 0,
# the record passed its bounds check and was copied with strndup(SIZE_MAX)
# (heap overflow, abort). It is a corrupt file: a warning, a fresh start.
W=$WARPSTEP
case $W in /*) ;; *) W=$PWD/$W ;; esac
printf 'answer: 32\n' >"$T/answers"
(cd tests/lua && XDG_STATE_HOME="$T/state" timeout 60 "$W" lesson sample_lesson.lua --answers "$T/answers" >/dev/null 2>&1)
for f in "$T"/state/warpstep/progress/*.progress; do
	sed 's/^answer [0-9]*$/answer 18446744073709551615/' "$f" >"$T/p" && cp "$T/p" "$f"
done
(cd tests/lua && XDG_STATE_HOME="$T/state" timeout 60 "$W" lesson sample_lesson.lua --answers "$T/answers" >"$T/out" 2>"$T/err")
st=$?
_ok=0
[ $st -eq 1 ] && grep -q "warning: ignoring the progress.*bad input record" "$T/err" || _ok=1
grep -q "Sanitizer\|runtime error" "$T/err" && _ok=1
tap_result $_ok "a progress record of length (size_t)-1: warning, fresh start (exit $st)"
[ $_ok -eq 0 ] || head -c 1000 "$T/err" | tap_diag

# The same programs from a Lua script (ws.compile + m:run_main): the script
# sees the status and the finding; warpstep goes on and exits 0.
cat >"$T/sizes.lua" <<'LUA'
local pre = [[
#include <cstdio>
#include <cstring>
int main()
{
	int h[16] = {0};
	char buf[8] = {0};
	int *d;
	cudaMalloc(&d, 64);
	size_t big = (size_t)-1;
	(void)h; (void)buf; (void)big;
]]
local bodies = {
	{ "memset(h, 0, (size_t)-1);", 139, "invalid-host-access" },
	{ "strncpy(buf, \"xyz\", big);", 139, "invalid-host-access" },
	{ "int big2[1 << 28]; big2[3] = 1; return big2[3];", 139, "stack-overflow" },
	{ "return (int)cudaMemset(d, 0, big);", 1, "oob-global-write" },
	{ "return (int)cudaMemcpy(h, d, big, cudaMemcpyDeviceToHost);", 1, "oob-global-read" },
	{ "return (int)cudaMemcpy(d, d + 4, big, cudaMemcpyDeviceToDevice);", 1, "oob-global-read" },
	{ "return (int)cudaMemcpy(d, h, (size_t)1 << 63, cudaMemcpyHostToDevice);", 1, "oob-global-read" },
}
for i, b in ipairs(bodies) do
	local p = assert(ws.compile(pre .. b[1] .. "\n\treturn 0;\n}\n"))
	local m = ws.machine(p)
	local st = m:run_main()
	local kinds = {}
	for _, f in ipairs(m:findings()) do kinds[#kinds + 1] = f.kind .. ":" .. f.line end
	print(i, st, table.concat(kinds, " "))
end
print("still here")
LUA
timeout 60 $WARPSTEP script "$T/sizes.lua" >"$T/out" 2>"$T/err"
st=$?
cat >"$T/want" <<'OUT'
1	139	invalid-host-access:11
2	139	invalid-host-access:11
3	139	stack-overflow:11
4	1	oob-global-write:11
5	1	oob-global-read:11
6	1	oob-global-read:11
7	1	oob-global-read:11
still here
OUT
_ok=0
[ $st -eq 0 ] && cmp -s "$T/want" "$T/out" || _ok=1
grep -q "Sanitizer\|runtime error" "$T/err" && _ok=1
tap_result $_ok "lua: the bogus sizes through ws.compile + m:run_main (exit $st)"
[ $_ok -eq 0 ] || { diff "$T/want" "$T/out"; head -c 1500 "$T/err"; } | tap_diag

tap_done
