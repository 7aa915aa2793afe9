#!/bin/sh
# tests/tex/probe.t - the texture unit against an H200, fetch by fetch.
# tools/hw/tex_probe.cu prints raw fetch results (hex bits) over sweeps of
# coordinates and levels of detail; tools/hw/tex_probe.h200/SECTION.txt is
# its recording on an H200. warpstep runs the same program and each kind of
# line (the tag: srgb, border2d, imp3d ...) must equal the recording: the
# sRGB decode table, the block-floating-point filter of sRGB and half
# texels, the 9-bit corner weights of 2D and 3D linear filtering
# with the coordinate clamped under clamp, the 1D filter's y row under
# border, rounding halves away from zero, 16-bit normalized filtering, the
# level of detail truncated to 1/256, the Grad forms' log2, the blend of
# two mipmap levels (docs/textures.md). The few known differences are
# counted, so that a change that makes them worse fails too.
. tests/tap.sh
probe=tools/hw/tex_probe.cu
rec=tools/hw/tex_probe.h200
tmp=${TMPDIR:-/tmp}/ws-texprobe.$$
mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT
# lines of tag in file a that differ from file b, where both have them
ndiff() {
	grep "^$1 " "$2" >"$tmp/a"
	grep "^$1 " "$3" >"$tmp/b"
	[ -s "$tmp/b" ] || { echo 99999; return; }
	diff "$tmp/a" "$tmp/b" | grep -c '^>'
}
for sec in srgb border tri mip misc more; do
	"$WARPSTEP" run "$probe" "$sec" >"$tmp/$sec.txt" 2>&1
	tap_result $? "tex_probe $sec runs"
done
# tag section: must match every line
for ts in srgb:srgb srgblin:srgb unormlin:srgb border1d:border border2d:border back:tri point3d:tri tri:tri \
	imp3d:tri rand3d:tri rand2d:tri lod:mip blend:mip snorm16:misc half:misc halfmix:more; do
	t=${ts%%:*}
	s=${ts#*:}
	n=$(ndiff "$t" "$tmp/$s.txt" "$rec/$s.txt")
	[ "$n" -eq 0 ]
	tap_result $? "tex_probe $t: every fetch equals the H200's ($n differ)"
done
# the Grad forms with one gradient along an axis (grad1 with dy 0, grad2's
# first 128 lines: axis-aligned gradients) equal the H200
grep '^grad1 [0-9a-f]* 00000000:' "$tmp/mip.txt" >"$tmp/a"
grep '^grad1 [0-9a-f]* 00000000:' "$rec/mip.txt" >"$tmp/b"
[ -s "$tmp/b" ] && cmp -s "$tmp/a" "$tmp/b"
tap_result $? "tex_probe grad1: the level of detail of one gradient equals the H200's"
grep '^grad2 ' "$tmp/mip.txt" | head -128 >"$tmp/a"
grep '^grad2 ' "$rec/mip.txt" | head -128 >"$tmp/b"
[ -s "$tmp/b" ] && cmp -s "$tmp/a" "$tmp/b"
tap_result $? "tex_probe grad2: axis-aligned gradients give the H200's level of detail"
# known differences (docs/textures.md): no more than recorded
for tk in snorm8:misc:27 grad1:mip:298 grad2:mip:884 gradmore:more:443; do
	t=${tk%%:*}
	r=${tk#*:}
	s=${r%%:*}
	k=${r#*:}
	n=$(ndiff "$t" "$tmp/$s.txt" "$rec/$s.txt")
	[ "$n" -le "$k" ]
	tap_result $? "tex_probe $t: at most $k known differences from the H200 ($n)"
done
# hostile texels: an infinity next to the texel a fetch reads whole (the
# neighbour's weight 0) does not turn the result into NaN, in the float
# filter and in the half filter (whose block would not hold it); warpstep's
# choice, docs/textures.md (not recorded on a GPU)
cat >"$tmp/inf.cu" <<'EOF2'
#include <cstdio>
#include <cstring>
#include <cuda_fp16.h>
__global__ void k(cudaTextureObject_t t, float *o)
{
	o[threadIdx.x] = tex1D<float>(t, threadIdx.x * 2 + 0.5f);
}
template <class T> static void one(const T *h, cudaChannelFormatDesc c)
{
	cudaArray_t a;
	cudaMallocArray(&a, &c, 4);
	cudaMemcpy2DToArray(a, 0, 0, h, 4 * sizeof(T), 4 * sizeof(T), 1, cudaMemcpyHostToDevice);
	cudaResourceDesc rd;
	memset(&rd, 0, sizeof(rd));
	rd.resType = cudaResourceTypeArray;
	rd.res.array.array = a;
	cudaTextureDesc td;
	memset(&td, 0, sizeof(td));
	td.filterMode = cudaFilterModeLinear;
	cudaTextureObject_t t;
	cudaCreateTextureObject(&t, &rd, &td, NULL);
	float *d, r[2];
	cudaMalloc(&d, sizeof(r));
	k<<<1, 2>>>(t, d);
	cudaMemcpy(r, d, sizeof(r), cudaMemcpyDeviceToHost);
	printf("%g %g\n", r[0], r[1]);
}
int main()
{
	float f[4] = { 1.0f, __builtin_inff(), 0.25f, -__builtin_inff() };
	unsigned short h[4] = { 0x3c00, 0x7c00, 0x0001, 0x7bff };
	one(f, cudaCreateChannelDesc<float>());
	one(h, cudaCreateChannelDescHalf());
	return 0;
}
EOF2
"$WARPSTEP" run "$tmp/inf.cu" >"$tmp/inf.out" 2>&1
printf '1 0.25\n1 5.96046e-08\n' | cmp -s - "$tmp/inf.out"
tap_result $? "an infinite texel without weight leaves the fetch finite (float and half filters)"
[ -s "$tmp/inf.out" ] && tap_diag <"$tmp/inf.out"
tap_done
