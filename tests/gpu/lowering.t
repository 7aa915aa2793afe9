#!/bin/sh
# lowering.t - the PTX that particular constructs become (docs/gpu.md), checked
# by the instructions in `warpstep ptx`'s output; ptxas.t assembles them.
. tests/tap.sh

tmp=$(mktemp -d "${TMPDIR:-/tmp}/ws-lowering.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT

# has PROG PATTERN WHAT: the PTX of tests/programs/PROG.cu matches the
# extended regular expression PATTERN
has() {
	if [ ! -f "$tmp/$1.ptx" ]; then
		"$WARPSTEP" ptx "tests/programs/$1.cu" -o "$tmp/$1.ptx" 2>"$tmp/$1.err" || cat "$tmp/$1.err" | tap_diag
	fi
	grep -Eq -- "$2" "$tmp/$1.ptx" 2>/dev/null
	tap_result $? "$1: $3"
}
hasnt() {
	if [ ! -f "$tmp/$1.ptx" ]; then
		"$WARPSTEP" ptx "tests/programs/$1.cu" -o "$tmp/$1.ptx" 2>"$tmp/$1.err" || cat "$tmp/$1.err" | tap_diag
	fi
	[ -f "$tmp/$1.ptx" ] && ! grep -Eq -- "$2" "$tmp/$1.ptx"
	tap_result $? "$1: $3"
}

# the address-space predicates and conversions are PTX's, not the emulator's
# address tags (0x72 << 40 is the emulator's shared memory)
has addr_space 'isspacep\.global' "__isGlobal is isspacep.global"
has addr_space 'isspacep\.shared' "__isShared is isspacep.shared"
has addr_space 'isspacep\.const' "__isConstant is isspacep.const"
has addr_space 'isspacep\.local' "__isLocal is isspacep.local"
has addr_space 'cvta\.to\.shared\.u64' "__cvta_generic_to_shared is cvta.to.shared"
has addr_space 'cvta\.shared\.u64 %rd[0-9]+, %rd' "__cvta_shared_to_generic is cvta.shared"
hasnt addr_space 'call \(rv\), __(is|cvta)' "no call of the emulator's helpers remains"

# asynchronous copies: each thread copies its share when it issues it (the
# waits have nothing left to wait for); pipelines count commits and releases
# in their shared state, each thread's cursor in the backend's table
has async_primitives 'mbarrier\.test_wait\.parity\.b64' "__mbarrier_test_wait_parity reads the phase's parity"
has async_primitives 'ld\.u8 .*' "__pipeline_memcpy_async copies at once"
has async_pipeline_stages '__ws_pipe_ht' "a pipeline's thread keeps its cursor in __ws_pipe_ht"
has async_pipeline_stages 'atom\.release\.cta\.add\.u64' "producer_commit and consumer_release are release additions"
has async_pipeline_roles 'ld\.acquire\.cta\.u64' "producer_acquire and consumer_wait spin on acquire loads"
hasnt async_cg_memcpy '__ws_acp' "cooperative_groups::memcpy_async leaves no built-in behind"

# textures and surfaces: the emulator's handle indexes the backend's table
# of the GPU's objects; the instruction follows the function and the type
has tex_fetch1d '__ws_texmap' "a fetch looks its object up in __ws_texmap"
has tex_fetch1d 'tex\.1d\.v4\.s32\.s32' "tex1Dfetch<int> is tex.1d.v4.s32.s32"
has tex_fetch1d 'tex\.1d\.v4\.u32\.s32' "tex1Dfetch<uchar4> is tex.1d.v4.u32.s32"
has tex_layered 'tex\.a2d\.v4\.f32\.f32' "tex2DLayered is tex.a2d"
has tex_3d_cube 'tex\.acube\.v4' "texCubemapLayered is tex.acube"
has tex_gather 'tld4\.g\.2d' "tex2Dgather of component 1 is tld4.g"
has tex_3d_cube 'tex\.grad\.3d\.v4\.f32\.f32 .*\], \{[^}]*, [^}]*, [^}]*, [^}]*\}, \{' "tex3DGrad passes the gradients as 4-vectors"
has tex_mipmap 'tex\.level\.2d' "tex2DLod is tex.level.2d"
has surf_rw 'sust\.b\.2d\.b32\.(zero|clamp|trap)' "surf2Dwrite of 4 bytes is sust.b.2d.b32 with its boundary mode"
has surf_rw 'suld\.b\.a2d\.b16' "a 2-byte surf2DLayeredread is suld.b.a2d.b16"

# cudaGraphSetConditional: the graph is warpstep's, so the handle is the
# emulator's: the call appends to a log the backend applies after the launch
has graph_conditional 'atom\.global\.add\.u64 .*\[__ws_setcond_n\]' "cudaGraphSetConditional appends to __ws_setcond"
hasnt graph_conditional '^\.extern .*cudaGraphSetConditional' "the device runtime's cudaGraphSetConditional is not called"

# warp matrix functions: x[] is laid out as wmma's registers (wmma.c), so
# mma_sync packs it into registers for wmma.mma.sync; __ws_wmma_rc is the
# mapping computed for the constant fragment code
has wmma_gemm 'wmma\.mma\.sync\.aligned\.row\.col\.m16n16k16\.f32\.f32 \{[^}]*\}, \{%[a-z]*[0-9]*(, %[a-z]*[0-9]*){7}\}' "a half m16n16k16 mma_sync passes A as 8 registers"
has wmma_gemm 'wmma\.mma\.sync\.aligned\.row\.col\.m16n16k16\.s32\.u8\.u8\.s32\.satfinite' "mma_sync(..., true) of uint8 saturates"
has wmma_shapes 'wmma\.mma\.and\.popc' "bmma_sync with bmmaBitOpAND is wmma.mma.and.popc"
has wmma_gemm 'wmma\.mma\.sync\.aligned\.row\.col\.m8n8k4\.f64' "double m8n8k4"
has wmma_fragments 'bfe\.u32 .*, 2, 1;' "a fragment element's row and column come from its index's bits"
hasnt wmma_fragments '__ws_wmma' "no wmma built-in is left"

# sinf and cosf: libdevice's algorithm in a PTX subroutine (bit for bit), not
# the approximate instructions
has math_sincosf_bits 'call \(rv\), __ws_sincosf' "sinf and cosf call __ws_sincosf"
has math_sincosf_bits 'mad\.wide\.u32' "large arguments take the Payne-Hanek reduction"
hasnt math_sincosf_bits '(sin|cos)\.approx' "no approximate instruction"
has fast_math 'sin\.approx\.f32' "__sinf keeps sin.approx"

# double-precision functions: PTX subroutines (tools/gen-dmath.py)
has math_double 'call \(rv\), __ws_dsin' "sin(double) calls __ws_dsin"
has math_double 'call \(rv\), __ws_derf' "erf(double) calls __ws_derf"
has math_double '^\.func \(\.param \.f64 __ws_dpow_rv\) __ws_dpow' "the subroutines are in the module"

# clusters: the special registers, mapa for map_shared_rank, getctarank
has cluster_dsmem 'mov\.u32 %[a-z]*[0-9]*, %cluster_ctarank' "block_rank() reads %cluster_ctarank"
has cluster_dsmem 'mapa\.u64' "map_shared_rank is mapa"
has cluster_dsmem 'barrier\.cluster\.wait' "cluster.sync() is barrier.cluster"
hasnt cluster_dsmem '__ws_cluster' "no cluster built-in is left"

tap_done
