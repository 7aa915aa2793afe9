#!/bin/sh
# headers.t - the built-in headers are valid C++ in both of nvcc's passes:
# g++ checks them (with the CUDA keywords defined away) on a program that
# nvcc accepts, and checks the layouts the engine relies on.
cd "$(dirname "$0")/../.." || exit 1
echo "TAP version 13"
n=0
result() {
	n=$((n + 1))
	if [ "$1" -eq 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fi
}
skip() {
	n=$((n + 1))
	echo "ok $n - $1 # SKIP $2"
}
tmp=${TMPDIR:-/tmp}/ws-headers.$$
mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT

NVCC=${NVCC:-/usr/local/cuda/bin/nvcc}
if [ -x "$NVCC" ]; then
	"$NVCC" -arch=sm_90 -c tests/libs/headers_smoke.cu -o "$tmp/smoke.o" >"$tmp/nvcc.log" 2>&1
	r=$?
	sed 's/^/# /' "$tmp/nvcc.log"
	result $r "nvcc accepts the smoke program"
else
	skip "nvcc accepts the smoke program" "no nvcc"
fi

if ! command -v g++ >/dev/null 2>&1; then
	skip "host pass" "no g++"
	skip "device pass" "no g++"
	skip "layouts" "no g++"
	echo "1..$n"
	exit 0
fi

cat > "$tmp/builtins.h" <<'EOC'
extern uint3 threadIdx, blockIdx;
extern dim3 blockDim, gridDim;
extern int warpSize;
EOC
gxx() {
	g++ -std=c++17 -fsyntax-only -nostdinc -fno-builtin -I engine/front/include \
		-D__host__= -D__device__= -D__global__= '-D__ws_builtin(x)=' \
		'-D__align__(n)=__attribute__((aligned(n)))' \
		-include cuda_runtime.h "$@" >"$tmp/g.log" 2>&1
	r=$?
	sed 's/^/# /' "$tmp/g.log"
	return $r
}
gxx -include "$tmp/builtins.h" -x c++ tests/libs/headers_smoke.cu
result $? "host pass (no __CUDA_ARCH__)"
gxx -D__CUDA_ARCH__=900 -include "$tmp/builtins.h" -x c++ tests/libs/headers_smoke.cu
result $? "device pass (__CUDA_ARCH__=900)"

cat > "$tmp/layout.cu" <<'EOC'
#include <stdint.h>
#include <limits.h>
#include <float.h>
#define CHK(T, s, a) static_assert(sizeof(T) == s && alignof(T) == a, #T);
CHK(char1,1,1) CHK(char2,2,2) CHK(char3,3,1) CHK(char4,4,4) CHK(uchar4,4,4)
CHK(short2,4,4) CHK(short3,6,2) CHK(short4,8,8) CHK(ushort4,8,8)
CHK(int1,4,4) CHK(int2,8,8) CHK(int3,12,4) CHK(int4,16,16) CHK(uint4,16,16)
CHK(long2,16,16) CHK(long3,24,8) CHK(long4,32,16) CHK(ulong2,16,16)
CHK(longlong2,16,16) CHK(ulonglong4,32,16)
CHK(float2,8,8) CHK(float3,12,4) CHK(float4,16,16)
CHK(double1,8,8) CHK(double2,16,16) CHK(double3,24,8) CHK(double4,32,16)
CHK(dim3,12,4) CHK(uint3,12,4) CHK(cudaDeviceProp,1008,8)
CHK(size_t,8,8) CHK(int64_t,8,8) CHK(uintptr_t,8,8) CHK(cudaError_t,4,4)
static_assert(cudaSuccess == 0 && cudaErrorInvalidValue == 1 && cudaErrorMemoryAllocation == 2, "e");
static_assert(cudaErrorInvalidConfiguration == 9 && cudaErrorInvalidDevicePointer == 17, "e");
static_assert(cudaErrorLaunchFailure == 719 && cudaErrorAssert == 710 && cudaErrorIllegalAddress == 700, "e");
static_assert(cudaErrorNotReady == 600 && cudaErrorUnknown == 999, "e");
static_assert(cudaMemcpyHostToDevice == 1 && cudaMemcpyDeviceToHost == 2 && cudaMemcpyDefault == 4, "k");
static_assert(cudaDevAttrMultiProcessorCount == 16 && cudaDevAttrMaxSharedMemoryPerBlockOptin == 97, "a");
static_assert(cudaLimitMallocHeapSize == 2 && cudaFuncAttributeMaxDynamicSharedMemorySize == 8, "l");
static_assert(INT_MAX == 2147483647 && LONG_MAX == 9223372036854775807L && UINT64_MAX == 18446744073709551615UL, "lim");
static_assert(FLT_MAX == 3.40282346638528859811704183484516925e+38F && DBL_EPSILON == 2.2204460492503131e-16, "flt");
EOC
gxx -x c++ "$tmp/layout.cu"
result $? "layouts, enum values and limits"
echo "1..$n"
