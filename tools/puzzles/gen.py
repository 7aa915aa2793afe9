#!/usr/bin/env python3
"""gen.py - writes puzzles/pNN-*.lua and tests/lua/puzzles/pNN-*.answers (a wrong
attempt, the starter unchanged, then a solution) from the table below, so that the
puzzle and the solution that proves it solvable are written once. Run from the
repository root after changing a puzzle; the golden transcripts then come from
WS_REGOLD=1 prove tests/lua/puzzles.t."""
import os

P = []

def puzzle(name, title, text, kernel, sig, starter_body, grid, block, arrays, args, want, limits, solution_body, shared=None):
    P.append(dict(name=name, title=title, text=text, kernel=kernel, sig=sig, body=starter_body, grid=grid,
                  block=block, arrays=arrays, args=args, want=want, limits=limits, sol=solution_body, shared=shared))

puzzle("p01-map", "Map", """Each thread adds 10 to one element: out[i] = a[i] + 10 for the 4
elements, with 4 threads in one block.""", "map", "int *out, const int *a",
"    int i = threadIdx.x;\n    // your code here (1 line)\n", "1", "4",
'{ name = "a", type = "i32", size = 4, init = function(i) return i end },\n\t\t{ name = "out", type = "i32", size = 4, out = true },',
'"out", "a"', "local r = {} for i = 1, 4 do r[i] = A.a[i] + 10 end return { out = r }", "reads = 1, writes = 1",
"    int i = threadIdx.x;\n    out[i] = a[i] + 10;\n")

puzzle("p02-zip", "Zip", """Each thread adds one element of a and one of b: out[i] = a[i] + b[i],
4 elements, 4 threads.""", "zip", "int *out, const int *a, const int *b",
"    int i = threadIdx.x;\n    // your code here (1 line)\n", "1", "4",
'{ name = "a", type = "i32", size = 4, init = function(i) return i end },\n\t\t{ name = "b", type = "i32", size = 4, init = function(i) return 10 * i end },\n\t\t{ name = "out", type = "i32", size = 4, out = true },',
'"out", "a", "b"', "local r = {} for i = 1, 4 do r[i] = A.a[i] + A.b[i] end return { out = r }", "reads = 2, writes = 1",
"    int i = threadIdx.x;\n    out[i] = a[i] + b[i];\n")

puzzle("p03-guards", "Guards", """There are more threads (8) than elements (4): out[i] = a[i] + 10, and a
thread past the end must touch nothing.""", "map_guard", "int *out, const int *a, int size",
"    int i = threadIdx.x;\n    // your code here (2 lines)\n", "1", "8",
'{ name = "a", type = "i32", size = 4, init = function(i) return i end },\n\t\t{ name = "out", type = "i32", size = 4, out = true },',
'"out", "a", 4', "local r = {} for i = 1, 4 do r[i] = A.a[i] + 10 end return { out = r }", "reads = 1, writes = 1",
"    int i = threadIdx.x;\n    if (i < size)\n        out[i] = a[i] + 10;\n")

puzzle("p04-map-2d", "Map 2D", """a is a size x size matrix (2 x 2, row-major: a[row * size + col]); the
block is 3 x 3 threads, threadIdx.x the column and threadIdx.y the row.
out = a + 10; threads outside the matrix touch nothing.""", "map_2d", "int *out, const int *a, int size",
"    int col = threadIdx.x, row = threadIdx.y;\n    // your code here (2 lines)\n", "1", "{ 3, 3 }",
'{ name = "a", type = "i32", size = 4, width = 2, init = function(i) return i end },\n\t\t{ name = "out", type = "i32", size = 4, width = 2, out = true },',
'"out", "a", 2', "local r = {} for i = 1, 4 do r[i] = A.a[i] + 10 end return { out = r }", "reads = 1, writes = 1",
"    int col = threadIdx.x, row = threadIdx.y;\n    if (col < size && row < size)\n        out[row * size + col] = a[row * size + col] + 10;\n")

puzzle("p05-broadcast", "Broadcast", """a is a column (one value per row) and b a row (one value per column):
out[row * size + col] = a[row] + b[col] for a 2 x 2 out, with a 3 x 3 block.""", "broadcast",
"int *out, const int *a, const int *b, int size",
"    int col = threadIdx.x, row = threadIdx.y;\n    // your code here (2 lines)\n", "1", "{ 3, 3 }",
'{ name = "a", type = "i32", size = 2, init = function(i) return i end },\n\t\t{ name = "b", type = "i32", size = 2, init = function(i) return 10 * i end },\n\t\t{ name = "out", type = "i32", size = 4, width = 2, out = true },',
'"out", "a", "b", 2', "local r = {} for row = 0, 1 do for col = 0, 1 do r[row * 2 + col + 1] = A.a[row + 1] + A.b[col + 1] end end return { out = r }", "reads = 2, writes = 1",
"    int col = threadIdx.x, row = threadIdx.y;\n    if (col < size && row < size)\n        out[row * size + col] = a[row] + b[col];\n")

puzzle("p06-blocks", "Blocks", """Fewer threads per block (4) than elements (9): 3 blocks of 4 threads.
out[i] = a[i] + 10, where i counts threads across blocks.""", "map_blocks", "int *out, const int *a, int size",
"    int i = threadIdx.x;  // not enough: which block am I?\n    // your code here\n", "3", "4",
'{ name = "a", type = "i32", size = 9, init = function(i) return i end },\n\t\t{ name = "out", type = "i32", size = 9, out = true },',
'"out", "a", 9', "local r = {} for i = 1, 9 do r[i] = A.a[i] + 10 end return { out = r }", "reads = 1, writes = 1",
"    int i = blockIdx.x * blockDim.x + threadIdx.x;\n    if (i < size)\n        out[i] = a[i] + 10;\n")

puzzle("p07-blocks-2d", "Blocks 2D", """A 5 x 5 matrix, blocks of 3 x 3 threads in a 2 x 2 grid: out = a + 10.
Each thread finds its column and row from blockIdx, blockDim and threadIdx.""", "map_blocks_2d",
"int *out, const int *a, int size", "    // your code here\n", "{ 2, 2 }", "{ 3, 3 }",
'{ name = "a", type = "i32", size = 25, width = 5, init = function(i) return i end },\n\t\t{ name = "out", type = "i32", size = 25, width = 5, out = true },',
'"out", "a", 5', "local r = {} for i = 1, 25 do r[i] = A.a[i] + 10 end return { out = r }", "reads = 1, writes = 1",
"    int col = blockIdx.x * blockDim.x + threadIdx.x;\n    int row = blockIdx.y * blockDim.y + threadIdx.y;\n    if (col < size && row < size)\n        out[row * size + col] = a[row * size + col] + 10;\n")

puzzle("p08-shared", "Shared", """Each block of 4 threads copies its 4 elements into shared memory first,
then out[i] = cache[local index] + 10. 8 elements, 2 blocks.""", "shared_map", "int *out, const int *a, int size",
"    __shared__ int cache[4];\n    int i = blockIdx.x * blockDim.x + threadIdx.x;\n    int local = threadIdx.x;\n    // your code here\n", "2", "4",
'{ name = "a", type = "i32", size = 8, init = function(i) return i end },\n\t\t{ name = "out", type = "i32", size = 8, out = true },',
'"out", "a", 8', "local r = {} for i = 1, 8 do r[i] = A.a[i] + 10 end return { out = r }", "reads = 1, writes = 1, uses_shared = true",
"    __shared__ int cache[4];\n    int i = blockIdx.x * blockDim.x + threadIdx.x;\n    int local = threadIdx.x;\n    if (i < size)\n        cache[local] = a[i];\n    __syncthreads();\n    if (i < size)\n        out[i] = cache[local] + 10;\n")

puzzle("p09-pooling", "Pooling", """out[i] = a[i - 2] + a[i - 1] + a[i] (elements before 0 count as 0),
8 elements, 8 threads. Each thread may read global memory only once:
share the window through shared memory.""", "pool", "int *out, const int *a, int size",
"    __shared__ int cache[8];\n    int i = threadIdx.x;\n    // your code here\n", "1", "8",
'{ name = "a", type = "i32", size = 8, init = function(i) return i end },\n\t\t{ name = "out", type = "i32", size = 8, out = true },',
'"out", "a", 8', "local r = {} for i = 1, 8 do r[i] = A.a[i] + (A.a[i - 1] or 0) + (A.a[i - 2] or 0) end return { out = r }", "reads = 1, writes = 1, uses_shared = true",
"    __shared__ int cache[8];\n    int i = threadIdx.x;\n    if (i < size)\n        cache[i] = a[i];\n    __syncthreads();\n    if (i < size) {\n        int s = cache[i];\n        if (i >= 1) s += cache[i - 1];\n        if (i >= 2) s += cache[i - 2];\n        out[i] = s;\n    }\n")

puzzle("p10-dot", "Dot product", """out[0] = a[0] * b[0] + ... + a[7] * b[7], 8 threads: each thread reads
its a and b once, and only one thread writes out.""", "dot", "int *out, const int *a, const int *b, int size",
"    __shared__ int cache[8];\n    int i = threadIdx.x;\n    // your code here\n", "1", "8",
'{ name = "a", type = "i32", size = 8, init = function(i) return i end },\n\t\t{ name = "b", type = "i32", size = 8, init = function(i) return i + 1 end },\n\t\t{ name = "out", type = "i32", size = 1, out = true },',
'"out", "a", "b", 8', "local s = 0 for i = 1, 8 do s = s + A.a[i] * A.b[i] end return { out = { s } }", "reads = 2, writes = 1, uses_shared = true",
"    __shared__ int cache[8];\n    int i = threadIdx.x;\n    cache[i] = i < size ? a[i] * b[i] : 0;\n    __syncthreads();\n    if (i == 0) {\n        int s = 0;\n        for (int k = 0; k < 8; k++)\n            s += cache[k];\n        out[0] = s;\n    }\n")

puzzle("p11-convolution", "1D convolution", """out[i] = a[i] * b[0] + a[i + 1] * b[1] + a[i + 2] * b[2], where a has 6
elements (past the end counts as 0) and b 3; 8 threads. Each thread reads
global memory at most twice.""", "conv1d", "int *out, const int *a, const int *b, int a_size, int b_size",
"    __shared__ int sa[8];\n    __shared__ int sb[3];\n    int i = threadIdx.x;\n    // your code here\n", "1", "8",
'{ name = "a", type = "i32", size = 6, init = function(i) return i end },\n\t\t{ name = "b", type = "i32", size = 3, init = function(i) return i + 1 end },\n\t\t{ name = "out", type = "i32", size = 6, out = true },',
'"out", "a", "b", 6, 3', "local r = {} for i = 1, 6 do local s = 0 for j = 0, 2 do s = s + (A.a[i + j] or 0) * A.b[j + 1] end r[i] = s end return { out = r }", "reads = 2, writes = 1, uses_shared = true",
"    __shared__ int sa[8];\n    __shared__ int sb[3];\n    int i = threadIdx.x;\n    sa[i] = i < a_size ? a[i] : 0;\n    if (i < b_size)\n        sb[i] = b[i];\n    __syncthreads();\n    if (i < a_size) {\n        int s = 0;\n        for (int j = 0; j < b_size; j++)\n            if (i + j < 8)\n                s += sa[i + j] * sb[j];\n        out[i] = s;\n    }\n")

puzzle("p12-prefix-sum", "Prefix sum", """out[i] = a[0] + ... + a[i] for 8 elements, 8 threads, each reading
global memory once: add neighbours at distance 1, 2, 4 in shared memory,
with a barrier between the reads and the writes of each round.""", "prefix_sum", "int *out, const int *a, int size",
"    __shared__ int cache[8];\n    int i = threadIdx.x;\n    // your code here\n", "1", "8",
'{ name = "a", type = "i32", size = 8, init = function(i) return i + 1 end },\n\t\t{ name = "out", type = "i32", size = 8, out = true },',
'"out", "a", 8', "local r, s = {}, 0 for i = 1, 8 do s = s + A.a[i] r[i] = s end return { out = r }", "reads = 1, writes = 1, uses_shared = true",
"    __shared__ int cache[8];\n    int i = threadIdx.x;\n    cache[i] = i < size ? a[i] : 0;\n    __syncthreads();\n    for (int d = 1; d < 8; d *= 2) {\n        int v = i >= d ? cache[i - d] : 0;\n        __syncthreads();\n        cache[i] += v;\n        __syncthreads();\n    }\n    if (i < size)\n        out[i] = cache[i];\n")

puzzle("p13-axis-sum", "Axis sum", """a is 4 rows of 6; out[row] = the sum of the row. One block of 8 x 1
threads per row (gridDim.y = 4, blockIdx.y is the row); each thread reads
global memory once.""", "axis_sum", "int *out, const int *a, int size",
"    __shared__ int cache[8];\n    int i = threadIdx.x, row = blockIdx.y;\n    // your code here\n", "{ 1, 4 }", "{ 8, 1 }",
'{ name = "a", type = "i32", size = 24, width = 6, init = function(i) return i end },\n\t\t{ name = "out", type = "i32", size = 4, out = true },',
'"out", "a", 6', "local r = {} for row = 0, 3 do local s = 0 for c = 1, 6 do s = s + A.a[row * 6 + c] end r[row + 1] = s end return { out = r }", "reads = 1, writes = 1, uses_shared = true",
"    __shared__ int cache[8];\n    int i = threadIdx.x, row = blockIdx.y;\n    cache[i] = i < size ? a[row * size + i] : 0;\n    __syncthreads();\n    for (int d = 4; d > 0; d /= 2) {\n        if (i < d)\n            cache[i] += cache[i + d];\n        __syncthreads();\n    }\n    if (i == 0)\n        out[row] = cache[0];\n")

puzzle("p14-matmul", "Matrix multiply", """out = a x b for 3 x 3 matrices (row-major), one 3 x 3 block. Each thread
reads one element of a and one of b into shared memory, then computes
its element of out from the tiles.""", "matmul", "int *out, const int *a, const int *b, int size",
"    __shared__ int sa[3][3], sb[3][3];\n    int col = threadIdx.x, row = threadIdx.y;\n    // your code here\n", "1", "{ 3, 3 }",
'{ name = "a", type = "i32", size = 9, width = 3, init = function(i) return i end },\n\t\t{ name = "b", type = "i32", size = 9, width = 3, init = function(i) return (i % 3) + 1 end },\n\t\t{ name = "out", type = "i32", size = 9, width = 3, out = true },',
'"out", "a", "b", 3', "local r = {} for row = 0, 2 do for col = 0, 2 do local s = 0 for k = 0, 2 do s = s + A.a[row * 3 + k + 1] * A.b[k * 3 + col + 1] end r[row * 3 + col + 1] = s end end return { out = r }", "reads = 2, writes = 1, uses_shared = true",
"    __shared__ int sa[3][3], sb[3][3];\n    int col = threadIdx.x, row = threadIdx.y;\n    sa[row][col] = a[row * size + col];\n    sb[row][col] = b[row * size + col];\n    __syncthreads();\n    int s = 0;\n    for (int k = 0; k < size; k++)\n        s += sa[row][k] * sb[k][col];\n    out[row * size + col] = s;\n")

puzzle("p15-warp-sum", "Warp sum", """One warp sums 32 values: out[0] = a[0] + ... + a[31]. No shared memory
and no atomics: pass values between lanes with __shfl_down_sync.""", "warp_sum", "int *out, const int *a",
"    int lane = threadIdx.x;\n    int v = a[lane];\n    // your code here\n", "1", "32",
'{ name = "a", type = "i32", size = 32, init = function(i) return i end },\n\t\t{ name = "out", type = "i32", size = 1, out = true },',
'"out", "a"', "local s = 0 for i = 1, 32 do s = s + A.a[i] end return { out = { s } }", "reads = 1, writes = 1, no_shared = true, no_atomics = true",
"    int lane = threadIdx.x;\n    int v = a[lane];\n    for (int d = 16; d > 0; d /= 2)\n        v += __shfl_down_sync(0xffffffff, v, d);\n    if (lane == 0)\n        out[0] = v;\n")

puzzle("p16-compaction", "Ballot compaction", """Keep the positive values of a, in order, at the start of out, and write
how many there are to count[0]. One warp; no shared memory, no atomics:
__ballot_sync tells every lane which lanes keep a value, __popc counts.""", "compact",
"int *out, int *count, const int *a",
"    int lane = threadIdx.x;\n    int v = a[lane];\n    // your code here\n", "1", "32",
'{ name = "a", type = "i32", size = 32, init = function(i) return (i * 7) % 5 - 2 end },\n\t\t{ name = "out", type = "i32", size = 32, out = true },\n\t\t{ name = "count", type = "i32", size = 1, out = true },',
'"out", "count", "a"', "local r, n = {}, 0 for i = 1, 32 do if A.a[i] > 0 then n = n + 1 r[n] = A.a[i] end end for i = n + 1, 32 do r[i] = 0 end return { out = r, count = { n } }", "reads = 1, writes = 2, no_shared = true, no_atomics = true",
"    int lane = threadIdx.x;\n    int v = a[lane];\n    unsigned keep = __ballot_sync(0xffffffff, v > 0);\n    if (v > 0)\n        out[__popc(keep & ((1u << lane) - 1))] = v;\n    if (lane == 0)\n        count[0] = __popc(keep);\n")

puzzle("p17-match", "Same key", """out[i] = how many lanes of the warp hold the same key as lane i.
One warp, one read each, no shared memory: __match_any_sync returns the
mask of the lanes whose value equals yours.""", "same_key", "int *out, const int *a",
"    int lane = threadIdx.x;\n    int key = a[lane];\n    // your code here\n", "1", "32",
'{ name = "a", type = "i32", size = 32, init = function(i) return (i * i) % 7 end },\n\t\t{ name = "out", type = "i32", size = 32, out = true },',
'"out", "a"', "local r = {} for i = 1, 32 do local n = 0 for j = 1, 32 do if A.a[j] == A.a[i] then n = n + 1 end end r[i] = n end return { out = r }", "reads = 1, writes = 1, no_shared = true, no_atomics = true",
"    int lane = threadIdx.x;\n    int key = a[lane];\n    out[lane] = __popc(__match_any_sync(0xffffffff, key));\n")

puzzle("p18-warp-broadcast", "Warp broadcast", """Every lane writes a[0] to out[lane], but global memory may be read only
once in all: lane 0 reads it, and a shuffle hands it to the others.""", "warp_broadcast", "int *out, const int *a",
"    int lane = threadIdx.x;\n    int v = 0;\n    // your code here\n", "1", "32",
'{ name = "a", type = "i32", size = 1, init = function(i) return 42 end },\n\t\t{ name = "out", type = "i32", size = 32, out = true },',
'"out", "a"', "local r = {} for i = 1, 32 do r[i] = A.a[1] end return { out = r }", "reads_total = 1, writes = 1, no_shared = true",
"    int lane = threadIdx.x;\n    int v = 0;\n    if (lane == 0)\n        v = a[0];\n    v = __shfl_sync(0xffffffff, v, 0);\n    out[lane] = v;\n")

puzzle("p19-rotate", "Rotate", """out[lane] = a[(lane + 1) % 32]: each lane reads only its own element
and gets its neighbour's from a shuffle. No shared memory.""", "rotate", "int *out, const int *a",
"    int lane = threadIdx.x;\n    int v = a[lane];\n    // your code here\n", "1", "32",
'{ name = "a", type = "i32", size = 32, init = function(i) return 100 + i end },\n\t\t{ name = "out", type = "i32", size = 32, out = true },',
'"out", "a"', "local r = {} for i = 1, 32 do r[i] = A.a[i % 32 + 1] end return { out = r }", "reads = 1, writes = 1, no_shared = true",
"    int lane = threadIdx.x;\n    int v = a[lane];\n    out[lane] = __shfl_sync(0xffffffff, v, (lane + 1) % 32);\n")

puzzle("p20-histogram", "Histogram", """64 values between 0 and 7: bins[k] = how many equal k. One block of 64;
count in shared memory (atomicAdd on shared memory is allowed), then 8
threads write the 8 bins: each thread writes global memory at most once.""", "histogram", "int *bins, const int *a, int size",
"    __shared__ int local[8];\n    int i = threadIdx.x;\n    // your code here\n", "1", "64",
'{ name = "a", type = "i32", size = 64, init = function(i) return (i * 5 + i // 3) % 8 end },\n\t\t{ name = "bins", type = "i32", size = 8, out = true },',
'"bins", "a", 64', "local r = {} for k = 1, 8 do r[k] = 0 end for i = 1, 64 do r[A.a[i] + 1] = r[A.a[i] + 1] + 1 end return { bins = r }", "reads = 1, writes = 1, uses_shared = true",
"    __shared__ int local[8];\n    int i = threadIdx.x;\n    if (i < 8)\n        local[i] = 0;\n    __syncthreads();\n    if (i < size)\n        atomicAdd(&local[a[i]], 1);\n    __syncthreads();\n    if (i < 8)\n        bins[i] = local[i];\n")

puzzle("p21-transpose", "Transpose", """out[col * 8 + row] = a[row * 8 + col] for an 8 x 8 matrix, one block of
8 x 8 threads. Read a row-wise into a shared tile and write out row-wise
too (the tile is read column-wise): each thread reads and writes once.""", "transpose", "int *out, const int *a, int size",
"    __shared__ int tile[8][8];\n    int x = threadIdx.x, y = threadIdx.y;\n    // your code here\n", "1", "{ 8, 8 }",
'{ name = "a", type = "i32", size = 64, width = 8, init = function(i) return i end },\n\t\t{ name = "out", type = "i32", size = 64, width = 8, out = true },',
'"out", "a", 8', "local r = {} for row = 0, 7 do for col = 0, 7 do r[col * 8 + row + 1] = A.a[row * 8 + col + 1] end end return { out = r }", "reads = 1, writes = 1, uses_shared = true",
"    __shared__ int tile[8][8];\n    int x = threadIdx.x, y = threadIdx.y;\n    tile[y][x] = a[y * size + x];\n    __syncthreads();\n    out[y * size + x] = tile[x][y];\n")

os.makedirs("puzzles", exist_ok=True)
os.makedirs("tests/lua/puzzles", exist_ok=True)
for p in P:
    src = "__global__ void %s(%s)\n{\n%s}\n" % (p["kernel"], p["sig"], p["body"])
    sol = "__global__ void %s(%s)\n{\n%s}\n" % (p["kernel"], p["sig"], p["sol"])
    shared = ""
    lua = f"""-- {p['name']}.lua - {p['title']}
-- A puzzle (docs/teaching.md, "Puzzles"), written by tools/puzzles/gen.py with the
-- solution that tests/lua/puzzles.t plays.
puzzle{{
	title = "{p['title']}",
	text = [[
{p['text']}]],
	kernel = "{p['kernel']}",
	source = [[
{src}]],
	grid = {p['grid']}, block = {p['block']},
	arrays = {{
		{p['arrays']}
	}},
	args = {{ {p['args']} }},
	want = function(A) {p['want']} end,
	limits = {{ {p['limits']} }},
}}
"""
    open("puzzles/%s.lua" % p["name"], "w").write(lua)
    ans = "source: <<END\n%sEND\nsource: <<END\n%sEND\n" % (src, sol)
    open("tests/lua/puzzles/%s.answers" % p["name"], "w").write(ans)
print(len(P), "puzzles")
