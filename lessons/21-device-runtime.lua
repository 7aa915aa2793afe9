-- 21-device-runtime.lua - printf, assert and __trap in kernels; malloc and free on the device heap.
local src = [[
#include <cstdio>
#include <cassert>

__global__ void scale(int *out, const int *in, int n)
{
    int t = threadIdx.x;
    int *tmp = (int *)malloc(n * sizeof(int));   // a per-thread heap buffer
    for (int i = 0; i < n; i++)
        tmp[i] = in[i] * t;
    int s = 0;
    for (int i = 0; i < n; i++)
        s += tmp[i];
    free(tmp);
    assert(s >= 0);
    if (t == 0)
        printf("thread %d: s = %d\n", t, s);
    out[t] = s;
}
]]
page{ title = "printf, assert and the device heap", text = [[
Kernels can call a few C library functions:
- printf writes into a buffer on the device; the host prints it at the
  next synchronization (cudaDeviceSynchronize, a blocking copy, ...). One
  call is one piece of output, but the order between threads is not
  specified.
- assert(cond) in a kernel: when cond is false the thread reports the
  failed assertion and the kernel stops; every later CUDA call of the
  program returns cudaErrorAssert. __trap() aborts the kernel at once
  (cudaErrorLaunchFailure).
- malloc and free work on a device heap (8 MB unless the host raises
  cudaLimitMallocHeapSize): a thread's buffer lives until someone frees it,
  and malloc returns NULL when the heap is full.
warpstep reports each of them as it happens: the assertion, the trap, a
write past a heap buffer, a double free.]] }

local function run1(code, block, opts)
	local p = assert(compile(code, "k.cu"))
	local m = ws.machine(p, opts or { sched = "rr" })
	local o = m:alloc(128 * 4)
	m:launch("k", { grid = 1, block = block or 32, args = { o } })
	finish(m)
	return m, o:read(0, "i32", 4)
end
local ma = run1([[
#include <cassert>
__global__ void k(int *out) { assert(threadIdx.x != 5); out[threadIdx.x] = 1; }
]])
local mt = run1([[
__global__ void k(int *out) { if (threadIdx.x == 7) __trap(); out[threadIdx.x] = 1; }
]])
local _, big = run1([[
__global__ void k(int *out) { int *p = (int *)malloc(100 << 20); out[threadIdx.x] = p == NULL; free(p); }
]])
local md = run1([[
__global__ void k(int *out) { int *p = (int *)malloc(64); p[0] = 1; out[threadIdx.x] = p[0]; free(p); free(p); }
]])
local names = { [710] = "cudaErrorAssert", [719] = "cudaErrorLaunchFailure" }
local ea, et = ma:status().error, mt:status().error

ask{ q = "A kernel of 2 blocks of 32 threads calls printf(\"%d\\n\", threadIdx.x) once per thread. How many lines does the host print?",
     answer = 64 }
ask{ q = "Do the lines come out in threadIdx order, guaranteed? (yes/no)", answer = "no",
     hints = { "the order between threads is not specified" } }
ask{ q = "assert(threadIdx.x != 5) fails in thread 5. What error do the program's later CUDA calls return? (its name)",
     answer = { names[ea] or tostring(ea), tostring(ea) }, hints = { "cudaError..." } }
ask{ q = "And after __trap() in thread 7?", answer = { names[et] or tostring(et), tostring(et) },
     hints = { "a launch that failed" } }
ask{ q = "malloc(100 << 20), 100 MB, on the default heap: what does it return? (a pointer or NULL)",
     answer = big[1] == 1 and { "NULL", "0", "nullptr" } or { "a pointer", "pointer" },
     hints = { "the default heap is 8 MB" } }
ask{ q = "A thread frees the same buffer twice. What finding does warpstep report? (its kind)",
     answer = md:findings()[1] and md:findings()[1].kind or "none" }

local p = assert(compile(src, "scale.cu"))
local m = ws.machine(p, { sched = "rr" })
local inb = m:alloc(16)
inb:write(0, "i32", { 1, 2, -5, 1 })
m:launch("scale", { grid = 1, block = 32, args = { m:alloc(128), inb, 4 } })
task{ text = [[
In the debugger (scale is loaded, n = 4, in = {1, 2, -5, 1}), step until
the focused thread reaches line 13, the free: print its heap buffer with
:p tmp[0]@4.]],
      until_ = function(s) return s.kind == "line" and s.line == 13 end }
task{ text = [[
Continue (c) until warpstep stops at the failed assertion: which threads
fail it, and why? (their s is t * (1 + 2 - 5 + 1))]],
      until_ = function(s) return s.kind == "finding" and s.finding == "assert-failure" end }

local starter = [[
__global__ void prefix(int *out, const int *in)
{
    int t = threadIdx.x;
    int n = t + 1;
    int *buf = (int *)malloc(n * sizeof(int));
    for (int i = 0; i <= n; i++)
        buf[i] = in[i];
    int s = 0;
    for (int i = 0; i < n; i++)
        s += buf[i];
    free(buf);
    out[t] = s;
    free(buf);
}
]]
exercise{ text = [[
prefix: thread t copies in[0..t] into its own heap buffer and writes their
sum to out[t]. It has two heap bugs; fix them (keep malloc and free). It
runs on 3 hidden inputs (one block of 32 threads) with the checkers on.]],
          file = "prefix.cu", source = starter,
          check = function(code)
                  return judge({ kernel = "prefix", grid = 1, block = 32,
                          arrays = {
                                  { name = "out", type = "i32", size = 32, out = true },
                                  { name = "in", type = "i32", size = 33, init = function(i, c) return (i * 5 + c) % 9 - 4 end },
                          },
                          args = { "out", "in" },
                          want = function(A)
                                  local r, s = {}, 0
                                  for t = 0, 31 do s = s + A["in"][t + 1] r[t + 1] = s end
                                  return { out = r }
                          end,
                          explain = {
                                  ["oob-global-write"] = "A thread wrote one element past the end of its heap buffer: malloc(n * sizeof(int)) holds buf[0] .. buf[n - 1].",
                                  ["double-free"] = "A thread freed its buffer a second time: free each malloc exactly once.",
                                  ["uninitialized-read"] = "A thread read an element of its heap buffer it never wrote: malloc'd memory starts undefined.",
                          } }, code)
          end }
page{ title = "Done", text = [[
printf prints at the next synchronization; a failed assert or a __trap
stops the kernel and every later CUDA call fails; the device heap needs
the same care as the host's.]] }
