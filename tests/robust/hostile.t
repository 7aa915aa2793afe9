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
	timeout "${HOSTILE_WALL:-60}" "$@" >"$T/out" 2>"$T/err"
	_got=$?
	_ok=0
	[ "$_got" -eq "$_rc" ] || _ok=1
	[ -z "$_pat" ] || grep -Eq "$_pat" "$T/err" || _ok=1
	grep -q "Sanitizer\|runtime error" "$T/err" && _ok=1
	tap_result $_ok "$_n (exit $_got, want $_rc)"
	[ $_ok -eq 0 ] || head -c 2000 "$T/err" | tap_diag
}

# Textures and surfaces given garbage: absurd array extents, wild
# descriptor pointers, a forged array handle, NaN and infinite coordinates,
# a surface access of an absurd size: error codes, zeros or a finding, never
# a crash.
cat >"$T/tex.cu" <<'CU'
#include <cstdio>
#include <cstring>
__global__ void k(cudaTextureObject_t t, cudaSurfaceObject_t s, float *out)
{
	float nan = __int_as_float(0x7fc00000), inf = __int_as_float(0x7f800000);
	out[0] = tex2D<float>(t, nan, inf);
	out[1] = tex2D<float>(t, -inf, 1e30f);
	out[2] = tex2Dgather<float4>(t, nan, -1e38f, 99).x;
	out[3] = surf2Dread<float>(s, 0x7ffffff0, -5, cudaBoundaryModeZero);
	/* cube, layer and 3D fetches from a plain 2D array */
	out[0] += texCubemapLayered<float>(t, 0.0f, 0.0f, -1.0f, 9) + tex2DLayered<float>(t, 1.0f, 1.0f, 5);
	out[1] += tex3D<float>(t, 0.5f, 0.5f, 7.0f) + texCubemap<float>(t, -1.0f, 0.2f, 0.1f);
	surf2Dwrite(1.0f, s, -2147483647 - 1, 2147483647, cudaBoundaryModeClamp);
}
int main()
{
	cudaChannelFormatDesc ch = cudaCreateChannelDesc<float>();
	cudaArray_t a;
	printf("huge %d\n", (int)cudaMalloc3DArray(&a, &ch, make_cudaExtent(16384, 16384, 16384)));
	printf("wrap %d\n", (int)cudaMallocArray(&a, &ch, ~0UL, ~0UL));
	printf("wild desc %d\n", (int)cudaMallocArray(&a, (cudaChannelFormatDesc *)0x1234, 4, 4));
	cudaTextureObject_t t;
	cudaTextureDesc td;
	memset(&td, 0, sizeof(td));
	printf("wild res %d\n", (int)cudaCreateTextureObject(&t, (cudaResourceDesc *)0x1234, &td, NULL));
	cudaResourceDesc rd;
	memset(&rd, 0, sizeof(rd));
	rd.resType = cudaResourceTypeArray;
	rd.res.array.array = (cudaArray_t)0x7b0000000010;
	printf("forged array %d\n", (int)cudaCreateTextureObject(&t, &rd, &td, NULL));
	rd.resType = (cudaResourceType)77;
	printf("bad type %d\n", (int)cudaCreateTextureObject(&t, &rd, &td, NULL));
	printf("free forged %d\n", (int)cudaFreeArray((cudaArray_t)0x1234));
	cudaMipmappedArray_t mip;
	printf("mipmapped %d\n", (int)cudaMallocMipmappedArray(&mip, &ch, make_cudaExtent(4, 4, 0), 2));
	cudaArray_t lev;
	printf("level forged %d\n", (int)cudaGetMipmappedArrayLevel(&lev, (cudaMipmappedArray_t)0x7c0000000ff0, 0));
	printf("level wild %d\n", (int)cudaGetMipmappedArrayLevel(&lev, (cudaMipmappedArray_t)0x1234, 0));
	printf("level huge %d\n", (int)cudaGetMipmappedArrayLevel(&lev, mip, 4000000000u));
	printf("level null %d\n", (int)cudaGetMipmappedArrayLevel(NULL, mip, 0));
	cudaGetMipmappedArrayLevel(&lev, mip, 1);
	printf("free level %d\n", (int)cudaFreeArray(lev));
	cudaMipmappedArray_t m0, mz;
	printf("levels 0 and 4e9 %d %d\n", (int)cudaMallocMipmappedArray(&m0, &ch, make_cudaExtent(8, 8, 0), 0),
	       (int)cudaMallocMipmappedArray(&m0, &ch, make_cudaExtent(8, 8, 0), 4000000000u));
	printf("mip empty %d\n", (int)cudaMallocMipmappedArray(&mz, &ch, make_cudaExtent(0, 0, 0), 3));
	printf("mip huge %d\n", (int)cudaMallocMipmappedArray(&mz, &ch, make_cudaExtent(16384, 16384, 16384), 15));
	printf("free mip forged %d\n", (int)cudaFreeMipmappedArray((cudaMipmappedArray_t)0x1234));
	rd.resType = cudaResourceTypeMipmappedArray;
	rd.res.mipmap.mipmap = (cudaMipmappedArray_t)0x7c0000000ff0;
	printf("forged mipmap %d\n", (int)cudaCreateTextureObject(&t, &rd, &td, NULL));
	printf("free mip %d twice %d\n", (int)cudaFreeMipmappedArray(m0), (int)cudaFreeMipmappedArray(m0));
	cudaMallocArray(&a, &ch, 4, 4, cudaArraySurfaceLoadStore);
	rd.resType = cudaResourceTypeArray;
	rd.res.array.array = a;
	td.filterMode = cudaFilterModeLinear;
	td.addressMode[0] = td.addressMode[1] = cudaAddressModeMirror;
	td.normalizedCoords = 1;
	cudaCreateTextureObject(&t, &rd, &td, NULL);
	cudaSurfaceObject_t s;
	cudaCreateSurfaceObject(&s, &rd);
	float *o;
	cudaMalloc(&o, 16);
	k<<<1, 1>>>(t, s, o);
	printf("kernel %d\n", (int)cudaDeviceSynchronize());
	return 0;
}
CU
hostile "textures and surfaces given garbage" 0 "" ./warpstep run "$T/tex.cu"
grep -q '^huge 2$' "$T/out" && grep -q '^wild res 1$' "$T/out" && grep -q '^forged array 400$' "$T/out" &&
	grep -q '^kernel 0$' "$T/out" && grep -q '^mipmapped 0$' "$T/out" && grep -q '^level forged 1$' "$T/out" &&
	grep -q '^level wild 1$' "$T/out" && grep -q '^level huge 1$' "$T/out" && grep -q '^level null 1$' "$T/out" &&
	grep -q '^free level 1$' "$T/out" && grep -q '^levels 0 and 4e9 0 0$' "$T/out" && grep -q '^mip empty 1$' "$T/out" &&
	grep -q '^mip huge 2$' "$T/out" && grep -q '^free mip forged 1$' "$T/out" && grep -q '^forged mipmap 400$' "$T/out" &&
	grep -q '^free mip 0 twice 1$' "$T/out"
tap_result $? "garbage textures: out of memory, invalid value, invalid handle; the kernel runs; forged, freed and absurd mipmapped arrays are refused"

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

# Unreadable or meaningless programs: a clear message, exit 2.
head -c 4096 /dev/urandom >"$T/garbage.cu"
: >"$T/empty.cu"
mkdir "$T/dir.cu"
for c in run check; do
	hostile "$c: binary garbage" 2 "error" $WARPSTEP $c "$T/garbage.cu"
	hostile "$c: an empty file has no main (a link error)" 2 "no main function" $WARPSTEP $c "$T/empty.cu"
	hostile "$c: a directory" 2 "Is a directory" $WARPSTEP $c "$T/dir.cu"
	hostile "$c: a missing file" 2 "No such file" $WARPSTEP $c "$T/missing.cu"
done

for c in explore "litmus --runs 3"; do
	hostile "$c: an empty file has no main" 2 "no main function" $WARPSTEP $c "$T/empty.cu"
	hostile "$c: a directory" 2 "Is a directory" $WARPSTEP $c "$T/dir.cu"
done

# A script or lesson that is a directory is unreadable input too: exit 2, as
# for a missing file (it used to exit 1, the status of a script error).
for c in script lesson; do
	hostile "$c: a directory" 2 "Is a directory" $WARPSTEP $c "$T/dir.cu"
done

# 100 000-deep nesting: a nesting-limit error, not a stack overflow.
python3 - "$T" <<'PY'
import sys
t, d = sys.argv[1], 100000
open(t + '/paren.cu', 'w').write('int main(){ int x = ' + '(' * d + '1' + ')' * d + '; return x; }\n')
open(t + '/brace.cu', 'w').write('int main(){ ' + '{' * d + '}' * d + ' return 0; }\n')
open(t + '/if.cu', 'w').write('int main(){ int x = 0; ' + 'if (x) ' * d + 'x = 1; return 0; }\n')
open(t + '/cast.cu', 'w').write('int main(){ int x = ' + '(int)' * d + '1; return 0; }\n')
open(t + '/ppif.cu', 'w').write('#if 1\n' * d + 'int main(){ return 0; }\n' + '#endif\n' * d)
# 100 000 functions: the lowering's name lookups were quadratic (minutes)
with open(t + '/funcs.cu', 'w') as f:
    f.write('#include <cstdio>\n')
    for i in range(100000):
        f.write('int f%d(int x) { return x * %d + 1; }\n' % (i, i))
    f.write('int main() { printf("%d\\n", f1(2)); return 0; }\n')
PY
for n in paren brace if cast; do
	hostile "100 000-deep $n nesting" 2 "nesting too deep" $WARPSTEP run "$T/$n.cu"
done
hostile "100 000-deep #if nesting" 0 "" $WARPSTEP run "$T/ppif.cu"
# (quadratic was minutes of processor time; linear is about 5 s, 7 s under
# the sanitizers: the limit is on processor time, so a loaded machine's
# slower wall clock does not fail it)
HOSTILE_WALL=600
hostile "100 000 functions (3 MB) compile in linear time" 0 "" \
	sh -c 'ulimit -t 60; exec "$0" run "$1"' $WARPSTEP "$T/funcs.cu"
HOSTILE_WALL=60

# A launch of 2^31-1 blocks allocates nothing per block up front: it runs
# until the step limit stops it (exit 124).
cat >"$T/blocks.cu" <<'CU'
__global__ void k(int *o) { if (blockIdx.x == 0) o[0] = 1; }
int main() { int *d; cudaMalloc(&d, 4); k<<<2147483647, 1>>>(d); cudaDeviceSynchronize(); return 0; }
CU
hostile "a launch of 2^31-1 blocks stops at --max-steps" 124 "step-limit" $WARPSTEP run --max-steps 1000000 "$T/blocks.cu"

# Lua: runaway scripts stop at the memory limit or the instruction budget.
printf 'local t = {} local i = 0\nwhile true do i = i + 1; t[i] = string.rep("x", 1000) .. i end\n' >"$T/alloc.lua"
printf 'while true do end\n' >"$T/loop.lua"
hostile "script: allocating forever hits the memory limit" 1 "memory limit" $WARPSTEP script --memory 32 "$T/alloc.lua"
hostile "script: looping forever hits the budget" 1 "instruction budget" $WARPSTEP script --budget 1000000 "$T/loop.lua"
cat >"$T/coro.lua" <<'LUA'
local p = assert(ws.compile([[
__global__ void k(int *o) { o[threadIdx.x] = threadIdx.x; }
int main() { int *d; cudaMalloc(&d, 128); k<<<1, 32>>>(d); cudaDeviceSynchronize(); return 0; }
]]))
local m = ws.machine(p)
m:on("line", function(ev)
	local co = coroutine.wrap(function() error("boom inside coroutine") end)
	co()
end)
m:run()
LUA
hostile "script: an error in a coroutine in an event callback" 1 "coro.lua:7: error: boom inside coroutine" $WARPSTEP script "$T/coro.lua"
# A backtracking string pattern runs inside one C call; the sandbox's matcher
# charges its steps to the instruction budget, which stops it.
printf 'local s = string.rep("a", 100000)\nwhile true do s:find(".-.-.-.-.-.-.-.-b") end\n' >"$T/pattern.lua"
hostile "script: a pathological string pattern stops" 1 "instruction budget" timeout 10 $WARPSTEP script --budget 1000000 "$T/pattern.lua"
T_TODO=

# A host thread that waits on a condition variable nobody will signal: the
# host threads deadlock, which is a finding and exit 134, not a hang.
cat >"$T/condwait.cu" <<'CU'
#include <cstdio>
#include <pthread.h>
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static int ready = 0;
static void *waiter(void *)
{
	pthread_mutex_lock(&m);
	while (!ready)
		pthread_cond_wait(&c, &m);
	pthread_mutex_unlock(&m);
	return NULL;
}
int main()
{
	pthread_t t;
	printf("start\n");
	pthread_create(&t, NULL, waiter, NULL);
	pthread_join(t, NULL);
	printf("done\n");
	return 0;
}
CU
hostile "pthread_cond_wait that nobody signals" 134 "error\\[host-deadlock\\]" $WARPSTEP run "$T/condwait.cu"

tap_done
