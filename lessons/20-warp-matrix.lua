-- 20-warp-matrix.lua - warp matrix functions (wmma): fragments, mma_sync, and who holds what.
local src = [[
#include <mma.h>
#include <cuda_fp16.h>
using namespace nvcuda;

__global__ void mm(float *d, const float *a, const float *b)
{
    __shared__ half ha[256], hb[256];
    for (int i = threadIdx.x; i < 256; i += 32) {
        ha[i] = __float2half(a[i]);
        hb[i] = __float2half(b[i]);
    }
    __syncwarp();
    wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::row_major> fb;
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc;
    wmma::fill_fragment(fc, 0.0f);
    wmma::load_matrix_sync(fa, ha, 16);
    wmma::load_matrix_sync(fb, hb, 16);
    wmma::mma_sync(fc, fa, fb, fc);
    wmma::store_matrix_sync(d, fc, 16, wmma::mem_row_major);
}

__global__ void where(float *x0, const float *m)
{
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc;
    wmma::load_matrix_sync(fc, m, 16, wmma::mem_row_major);
    x0[threadIdx.x] = fc.x[0];
    if (threadIdx.x == 0)
        x0[32] = fc.num_elements;
}
]]
page{ title = "Warp matrix functions", text = [[
Tensor cores multiply small matrices in one warp-wide operation. In
nvcuda::wmma (<mma.h>) a FRAGMENT is a tile of a matrix spread over the 32
lanes of a warp, each lane holding a few elements in its x[] array:
matrix_a (M x K), matrix_b (K x N) and the accumulator (M x N), here
16 x 16 x 16 with half inputs and a float accumulator.
load_matrix_sync(frag, ptr, ld) loads a tile (ld: the row length in
memory), mma_sync(d, a, b, c) computes d = a * b + c, store_matrix_sync
writes a tile back. These calls are warp collectives: all 32 lanes must
call them together, with the same arguments. Which lane holds which
element is not specified by CUDA; warpstep uses the layout of sm_80 and
later GPUs (docs/wmma.md) and `info cuda wmma` draws it.

mm converts two 16 x 16 float matrices to half in shared memory and
multiplies them with one warp: a[i][k] = 1, b[k][j] = j.]] }

local p = assert(compile(src, "mm.cu"))
local function launched(q, a, b)
	local m = ws.machine(q, { sched = "rr" })
	local d, ab, bb = m:alloc(256 * 4), m:alloc(256 * 4), m:alloc(256 * 4)
	ab:write(0, "f32", a)
	bb:write(0, "f32", b)
	m:launch("mm", { grid = 1, block = 32, args = { d, ab, bb } })
	return m, d
end
local A, B = {}, {}
for i = 0, 255 do A[i + 1] = 1.0 B[i + 1] = (i % 16) * 1.0 end
local m, d = launched(p, A, B)
finish(m)
local D = d:read(0, "f32", 256)

-- which element x[0] of each lane holds
local mw = ws.machine(p, { sched = "rr" })
local x0, mat = mw:alloc(33 * 4), mw:alloc(256 * 4)
local M = {}
for i = 0, 255 do M[i + 1] = i * 1.0 end
mat:write(0, "f32", M)
mw:launch("where", { grid = 1, block = 32, args = { x0, mat } })
finish(mw)
local X = x0:read(0, "f32", 33)

ask{ q = "Predict d[0][3] = sum over k of a[0][k] * b[k][3].", answer = D[4],
     hints = { "16 terms of 1 * 3" } }
ask{ q = "How many lanes take part in one mma_sync?", answer = 32 }
ask{ q = "A 16 x 16 float accumulator over 32 lanes: how many elements does each lane hold (fc.num_elements)?",
     answer = X[33], hints = { "256 elements / 32 lanes" } }
ask{ q = "The where kernel loads the matrix m[r][c] = 16 r + c into an accumulator. Lane 5's x[0] holds which value? (docs/wmma.md: row g = lane / 4, column 2 (lane % 4))",
     answer = X[6], hints = { "lane 5: g = 1, t = 1: row 1, column 2" } }

local guarded = src:gsub("    wmma::mma_sync%(fc, fa, fb, fc%);", "    if (threadIdx.x < 16)\n        wmma::mma_sync(fc, fa, fb, fc);")
local mg = launched(assert(compile(guarded, "mm.cu")), A, B)
finish(mg)
local fg = mg:findings()[1]
ask{ q = "Put the mma_sync under if (threadIdx.x < 16): only half the warp calls it. What finding does warpstep report? (its kind)",
     answer = fg and fg.kind or "none",
     hints = { "the warp's lanes must reach a wmma call together: wmma-not-..." } }

launched(p, A, B) -- fresh, not run: the debugger shows it
task{ text = [[
In the debugger (mm is loaded), step until the warp reaches line 19, the
mma_sync. Type :info cuda wmma: it lists the focused lane's fragment
elements and draws which lane holds each element of the tile.]],
      until_ = function(s) return s.kind == "line" and s.line == 19 end }
task{ text = [[
Step once more, to line 20: fc now holds a * b. Print a lane's part of it
with :p fc.x and compare with your prediction for d[0][3].]],
      until_ = function(s) return s.kind == "line" and s.line == 20 end }

local starter = [[
#include <mma.h>
#include <cuda_fp16.h>
using namespace nvcuda;

// d = a * b + c for 16 x 16 matrices (a and b are converted to half)
__global__ void mma(float *d, const float *a, const float *b, const float *c)
{
    __shared__ half ha[256], hb[256];
    for (int i = threadIdx.x; i < 256; i += 32) {
        ha[i] = __float2half(a[i]);
        hb[i] = __float2half(b[i]);
    }
    __syncwarp();
    wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::row_major> fb;
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc;
    wmma::fill_fragment(fc, 0.0f);
    if (threadIdx.x < 16) {
        wmma::load_matrix_sync(fa, ha, 16);
        wmma::load_matrix_sync(fb, hb, 16);
        wmma::mma_sync(fc, fa, fb, fc);
    }
    wmma::store_matrix_sync(d, fc, 16, wmma::mem_row_major);
}
]]
exercise{ text = [[
mma must compute d = a * b + c (16 x 16, one warp), but it leaves c out
and only half the warp multiplies. Fix both. It runs on 3 hidden matrices
of small integers (exact in half) with the checkers on.]],
          file = "mma.cu", source = starter,
          check = function(code)
                  return judge({ kernel = "mma", grid = 1, block = 32,
                          arrays = {
                                  { name = "d", type = "f32", size = 256, out = true },
                                  { name = "a", type = "f32", size = 256, init = function(i, c) return ((i * 7 + c) % 5) - 2.0 end },
                                  { name = "b", type = "f32", size = 256, init = function(i, c) return ((i * 3 + 2 * c) % 7) - 3.0 end },
                                  { name = "c", type = "f32", size = 256, init = function(i, c) return (i + c) % 4 * 1.0 end },
                          },
                          args = { "d", "a", "b", "c" },
                          want = function(X)
                                  local r = {}
                                  for i = 0, 15 do for j = 0, 15 do
                                          local s = X.c[i * 16 + j + 1]
                                          for k = 0, 15 do s = s + X.a[i * 16 + k + 1] * X.b[k * 16 + j + 1] end
                                          r[i * 16 + j + 1] = s
                                  end end
                                  return { d = r }
                          end,
                          explain = {
                                  ["wmma-not-converged"] = "A wmma call was reached by only part of the warp: load_matrix_sync, mma_sync and store_matrix_sync are warp collectives, every lane must call them, outside any condition on the lane.",
                          } }, code)
          end }
page{ title = "Done", text = [[
A fragment is a matrix tile spread over a warp; load, mma and store are
warp collectives that every lane calls together.]] }
