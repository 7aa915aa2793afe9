#!/usr/bin/env python3
"""gen.py - writes tests/findings/NAME.cu and NAME.expect from the table
below. A line marked `//@KIND` must be flagged with KIND (several marks:
`//@KIND1 //@KIND2`); NAME.expect lists `KIND:LINE`, sorted; empty = a
near miss that must not be flagged. `// warpstep-opts: ...` adds options.
Rerun after editing: python3 tests/findings/gen.py"""
import os, re
D = os.path.dirname(os.path.abspath(__file__))
P = {}
HDR = "#include <cstdio>\n#include <cstdlib>\n#include <cassert>\n"

def prog(name, body):
    P[name] = HDR + body.lstrip("\n")

# ---------------- memcheck
prog("oob_global_read_1", r'''
__global__ void k(const int *in, int *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i <= n)
		out[i % n] = in[i];	//@oob-global-read //@global-race
}
int main()
{
	int n = 64, *in, *out;
	cudaMalloc(&in, n * sizeof(int));
	cudaMalloc(&out, n * sizeof(int));
	cudaMemset(in, 0, n * sizeof(int));
	k<<<1, 128>>>(in, out, n);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
''')
prog("oob_global_read_2", r'''
__global__ void k(const float *in, float *out)
{
	int i = threadIdx.x;
	out[i] = in[i - 1];	//@oob-global-read
}
int main()
{
	float *in, *out;
	cudaMalloc(&in, 32 * sizeof(float));
	cudaMalloc(&out, 32 * sizeof(float));
	cudaMemset(in, 0, 32 * sizeof(float));
	k<<<1, 32>>>(in, out);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
''')
prog("oob_global_write_1", r'''
__global__ void k(int *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	out[i] = i;	//@oob-global-write
}
int main()
{
	int n = 100, *out;
	cudaMalloc(&out, n * sizeof(int));
	k<<<(n + 63) / 64, 64>>>(out, n);
	printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
	return 0;
}
''')
prog("oob_global_write_2", r'''
__global__ void k(double *a)
{
	a[threadIdx.x + 8] = 1.0;	//@oob-global-write
}
int main()
{
	double *a;
	cudaMalloc(&a, 32 * sizeof(double));
	k<<<1, 32>>>(a);
	cudaError_t e = cudaDeviceSynchronize();
	printf("%d %d\n", (int)e, (int)cudaGetLastError());
	return 0;
}
''')
prog("oob_memcpy", r'''
int main()
{
	int h[32] = {0}, *d;
	cudaMalloc(&d, 16 * sizeof(int));
	cudaError_t e = cudaMemcpy(d, h, sizeof(h), cudaMemcpyHostToDevice);	//@oob-global-write
	printf("%d\n", (int)e);
	return 0;
}
''')
prog("oob_shared_1", r'''
__global__ void k(int *out)
{
	__shared__ int s[64];
	int t = threadIdx.x;
	s[t] = t;
	__syncthreads();
	out[t] = s[t + 1];	//@oob-shared
}
int main()
{
	int *out;
	cudaMalloc(&out, 64 * sizeof(int));
	k<<<1, 64>>>(out);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
''')
prog("oob_shared_2", r'''
__global__ void k(float *out, int n)
{
	extern __shared__ float buf[];
	buf[threadIdx.x] = 1.0f;	//@oob-shared
	__syncthreads();
	out[threadIdx.x] = buf[threadIdx.x];
}
int main()
{
	float *out;
	cudaMalloc(&out, 128 * sizeof(float));
	k<<<1, 128, 64 * sizeof(float)>>>(out, 128);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
''')
prog("oob_local_1", r'''
__device__ int *escape(void)
{
	int a[8];
	for (int i = 0; i < 8; i++)
		a[i] = i;
	return a;
}
__global__ void k(int *out)
{
	int *p = escape();
	out[threadIdx.x] = p[threadIdx.x];	//@oob-local
}
int main()
{
	int *out;
	cudaMalloc(&out, 8 * sizeof(int));
	k<<<1, 8>>>(out);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
''')
prog("oob_local_2", r'''
__global__ void k(int *out, int j)
{
	int a[4];
	for (int i = 0; i < 4; i++)
		a[i] = i * threadIdx.x;
	out[threadIdx.x] = a[j];	//@oob-local
}
int main()
{
	int *out;
	cudaMalloc(&out, 32 * sizeof(int));
	k<<<1, 32>>>(out, 100000);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
''')
prog("misaligned_1", r'''
__global__ void k(char *buf, int *out)
{
	int *p = (int *)(buf + 1);
	out[threadIdx.x] = p[threadIdx.x];	//@misaligned
}
int main()
{
	char *buf;
	int *out;
	cudaMalloc(&buf, 256);
	cudaMemset(buf, 0, 256);
	cudaMalloc(&out, 32 * sizeof(int));
	k<<<1, 32>>>(buf, out);
	printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
	return 0;
}
''')
prog("misaligned_2", r'''
__global__ void k(int *a)
{
	double *d = (double *)(a + 1);
	d[threadIdx.x] = 2.0;	//@misaligned
}
int main()
{
	int *a;
	cudaMalloc(&a, 1024);
	k<<<1, 4>>>(a);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
''')
prog("use_after_free_1", r'''
__global__ void k(int *a)
{
	a[threadIdx.x] = 1;	//@use-after-free
}
int main()
{
	int *a;
	cudaMalloc(&a, 32 * sizeof(int));
	cudaFree(a);
	k<<<1, 32>>>(a);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
''')
prog("use_after_free_2", r'''
__global__ void k(int *out)
{
	int *p = (int *)malloc(4 * sizeof(int));
	p[0] = 7;
	free(p);
	out[threadIdx.x] = p[0];	//@use-after-free
}
int main()
{
	int *out;
	cudaMalloc(&out, sizeof(int));
	k<<<1, 1>>>(out);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
''')
prog("double_free_1", r'''
int main()
{
	int *a;
	cudaMalloc(&a, 64);
	cudaFree(a);
	cudaError_t e = cudaFree(a);	//@double-free
	printf("%d\n", (int)e);
	return 0;
}
''')
prog("double_free_2", r'''
__global__ void k(void)
{
	int *p = (int *)malloc(16);
	free(p);
	free(p);	//@double-free
}
int main()
{
	k<<<1, 1>>>();
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
''')
prog("invalid_free_1", r'''
int main()
{
	int *a;
	cudaMalloc(&a, 64 * sizeof(int));
	cudaError_t e = cudaFree(a + 4);	//@invalid-free
	printf("%d\n", (int)e);
	return 0;
}
''')
prog("invalid_free_2", r'''
int main()
{
	int *h = (int *)malloc(64);
	cudaError_t e = cudaFree(h);	//@invalid-free
	printf("%d\n", (int)e);
	free(h);
	return 0;
}
''')
prog("host_ptr_1", r'''
__global__ void k(int *a)
{
	a[threadIdx.x] *= 2;	//@host-pointer-in-kernel
}
int main()
{
	int *h = (int *)malloc(32 * sizeof(int));
	for (int i = 0; i < 32; i++)
		h[i] = i;
	k<<<1, 32>>>(h);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
''')
prog("host_ptr_2", r'''
__global__ void k(const float *x, float *y)
{
	y[threadIdx.x] = x[threadIdx.x];	//@host-pointer-in-kernel
}
int main()
{
	float x[16] = {1}, *y;
	cudaMalloc(&y, sizeof(x));
	k<<<1, 16>>>(x, y);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
''')
prog("dev_ptr_on_host_1", r'''
int main()
{
	int *d;
	cudaMalloc(&d, 16 * sizeof(int));
	cudaMemset(d, 0, 16 * sizeof(int));
	printf("%d\n", d[0]);	//@device-pointer-on-host
	return 0;
}
''')
prog("dev_ptr_on_host_2", r'''
int main()
{
	float *d;
	cudaMalloc(&d, 16 * sizeof(float));
	for (int i = 0; i < 16; i++)
		d[i] = 0.0f;	//@device-pointer-on-host
	return 0;
}
''')

# ---------------- racecheck
prog("shared_race_1", r'''
__global__ void k(int *out)
{
	__shared__ int s[64];
	int t = threadIdx.x;
	s[t] = t;	//@shared-race
	out[t] = s[63 - t];	//@shared-race //@uninitialized-read
}
int main()
{
	int *out;
	cudaMalloc(&out, 64 * sizeof(int));
	k<<<1, 64>>>(out);
	cudaDeviceSynchronize();
	return 0;
}
''')
prog("shared_race_2", r'''
__global__ void reduce(const int *in, int *out)
{
	__shared__ int s[128];
	int t = threadIdx.x;
	s[t] = in[t];
	__syncthreads();
	for (int d = 64; d > 0; d /= 2) {
		if (t < d)
			s[t] += s[t + d];	//@shared-race
	}
	if (t == 0)
		*out = s[0];
}
int main()
{
	int h[128], *in, *out, r;
	for (int i = 0; i < 128; i++)
		h[i] = 1;
	cudaMalloc(&in, sizeof(h));
	cudaMalloc(&out, sizeof(int));
	cudaMemcpy(in, h, sizeof(h), cudaMemcpyHostToDevice);
	reduce<<<1, 128>>>(in, out);
	cudaMemcpy(&r, out, sizeof(int), cudaMemcpyDeviceToHost);
	printf("%d\n", r);
	return 0;
}
''')
prog("shared_race_its", r'''
// warpstep-opts: --simt its
__global__ void k(int *out)
{
	__shared__ int s[32];
	int l = threadIdx.x;
	if (l < 16)
		s[l] = l;
	else
		out[l] = s[l - 16];	//@shared-race
}
int main()
{
	int *out;
	cudaMalloc(&out, 32 * sizeof(int));
	k<<<1, 32>>>(out);
	cudaDeviceSynchronize();
	return 0;
}
''')
prog("global_race_1", r'''
__global__ void k(int *count)
{
	if (threadIdx.x == 0)
		*count = *count + 1;	//@global-race
}
int main()
{
	int *c, h = 0;
	cudaMalloc(&c, sizeof(int));
	cudaMemset(c, 0, sizeof(int));
	k<<<8, 32>>>(c);
	cudaMemcpy(&h, c, sizeof(int), cudaMemcpyDeviceToHost);
	printf("%d\n", h > 0);
	return 0;
}
''')
prog("global_race_2", r'''
__global__ void smooth(float *a, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i > 0 && i < n - 1)
		a[i] = (a[i - 1] + a[i + 1]) / 2;	//@global-race
}
int main()
{
	int n = 256;
	float *a;
	cudaMalloc(&a, n * sizeof(float));
	cudaMemset(a, 0, n * sizeof(float));
	smooth<<<n / 64, 64>>>(a, n);
	cudaDeviceSynchronize();
	return 0;
}
''')
prog("global_race_block", r'''
__global__ void k(int *a)
{
	int t = threadIdx.x;
	a[t] = t;	//@global-race
	a[t] += a[(t + 32) % 64];	//@global-race
}
int main()
{
	int *a;
	cudaMalloc(&a, 64 * sizeof(int));
	cudaMemset(a, 0, 64 * sizeof(int));
	k<<<1, 64>>>(a);
	cudaDeviceSynchronize();
	return 0;
}
''')

# A warp whose half-warps each touch 16 consecutive words of two rows (a
# 16x16 block on a row-major array, matmul_tiled's tile loads) takes one
# pass over both rows in the global checker: a write of rows another block
# read, and of rows another warp of the block read, are still races; rows
# read by several blocks, and a thread's own word read then written, not.
prog("global_race_fast_rows", r"""
#define N 64
__global__ void k(float *a, float *out)
{
	int i = threadIdx.y * N + threadIdx.x;
	if (blockIdx.x == 0)
		out[i] = a[i];
	else
		a[i] = 1.0f;	//@global-race
}
int main()
{
	float *a, *out, h[16 * N];
	cudaMalloc(&a, 16 * N * sizeof(float));
	cudaMalloc(&out, 16 * N * sizeof(float));
	cudaMemset(a, 0, 16 * N * sizeof(float));
	k<<<2, dim3(16, 16)>>>(a, out);
	cudaMemcpy(h, a, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%g\n", h[16 * N - 1]);	/* the writer's: not racy */
	return 0;
}
""")
prog("global_race_fast_rows_block", r"""
#define N 64
__global__ void k(float *a, float *out)
{
	int tx = threadIdx.x, ty = threadIdx.y;
	out[ty * N + tx] = a[ty * N + tx];	//@global-race
	a[((ty + 2) % 16) * N + tx] = 2.0f;	//@global-race
}
int main()
{
	float *a, *out, h[16 * N];
	cudaMalloc(&a, 16 * N * sizeof(float));
	cudaMalloc(&out, 16 * N * sizeof(float));
	cudaMemset(a, 0, 16 * N * sizeof(float));
	k<<<1, dim3(16, 16)>>>(a, out);
	cudaMemcpy(h, a, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%g\n", h[0]);	/* every writer wrote 2 */
	return 0;
}
""")
prog("global_race_fast_rows_ok", r"""
#define N 64
__global__ void k(const float *a, float *b, float *out)
{
	int i = threadIdx.y * N + threadIdx.x;
	out[blockIdx.x * 16 * N + i] = a[i];	/* a's rows read by every block */
	b[blockIdx.x * 16 * N + i] += a[i];	/* each thread's own word, read then written */
}
int main()
{
	float *a, *b, *out, h[4 * 16 * N];
	cudaMalloc(&a, 16 * N * sizeof(float));
	cudaMalloc(&b, 4 * 16 * N * sizeof(float));
	cudaMalloc(&out, 4 * 16 * N * sizeof(float));
	cudaMemset(a, 0, 16 * N * sizeof(float));
	cudaMemset(b, 0, 4 * 16 * N * sizeof(float));
	k<<<4, dim3(16, 16)>>>(a, b, out);
	cudaMemcpy(h, b, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%g\n", h[4 * 16 * N - 1]);
	return 0;
}
""")

# A full warp's weak 4-byte access of consecutive words of a cudaMalloc'd
# array is offered to the global checker before its event is built (struct
# checker's global_warp, docs/PERFORMANCE.md, tenth session); its edges:
# another warp of the block with no barrier between (_1; _2 with one: a near
# miss), a partial warp beside full ones (_3), a warp's own words read and
# its neighbours' written by the same warp, and another launch (_4, a near
# miss), readers of several blocks met by a writer warp (_5).
prog("global_race_warp_offer_1", r"""
__global__ void k(int *a, int *out)
{
	int t = threadIdx.x;
	out[t] = a[t];	//@global-race
	a[(t + 32) % 64] = t;	//@global-race
}
int main()
{
	int *a, *out, h[64];
	cudaMalloc(&a, 64 * sizeof(int));
	cudaMalloc(&out, 64 * sizeof(int));
	cudaMemset(a, 0, 64 * sizeof(int));
	k<<<1, 64>>>(a, out);
	cudaMemcpy(h, a, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d %d\n", h[0], h[32]);	/* each written by one thread */
	return 0;
}
""")
prog("global_race_warp_offer_2", r"""
__global__ void k(int *a, int *out)
{
	int t = threadIdx.x;
	out[t] = a[t];
	__syncthreads();
	a[(t + 32) % 64] = t;
}
int main()
{
	int *a, *out, h[64];
	cudaMalloc(&a, 64 * sizeof(int));
	cudaMalloc(&out, 64 * sizeof(int));
	cudaMemset(a, 0, 64 * sizeof(int));
	k<<<1, 64>>>(a, out);
	cudaMemcpy(h, a, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d %d\n", h[0], h[32]);
	return 0;
}
""")
prog("global_race_warp_offer_3", r"""
__global__ void k(int *a)
{
	a[threadIdx.x] = blockIdx.x;	//@global-race
}
int main()
{
	int *a, h[48];
	cudaMalloc(&a, 48 * sizeof(int));
	k<<<2, 48>>>(a);
	cudaMemcpy(h, a, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d\n", h[0] >= 0 && h[47] >= 0);
	return 0;
}
""")
prog("global_race_warp_offer_4", r"""
__global__ void k(int *a, int *out)
{
	int t = blockIdx.x * blockDim.x + threadIdx.x;
	out[t] = a[t];
	a[t ^ 1] = out[t] + 1;	/* the same warp: its lanes are not told apart */
	out[t] = a[t];
}
__global__ void w(int *a)
{
	int t = blockIdx.x * blockDim.x + threadIdx.x;
	a[t] = t;	/* another launch */
}
int main()
{
	int *a, *out, h[128];
	cudaMalloc(&a, 128 * sizeof(int));
	cudaMalloc(&out, 128 * sizeof(int));
	cudaMemset(a, 0, 128 * sizeof(int));
	k<<<2, 64>>>(a, out);
	w<<<2, 64>>>(a);
	cudaMemcpy(h, a, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d %d\n", h[0], h[127]);
	return 0;
}
""")
prog("global_race_warp_offer_5", r"""
__global__ void k(int *a, int *out)
{
	int t = threadIdx.x;
	out[blockIdx.x * 64 + t] = a[t];
	if (blockIdx.x == 2 && t >= 32)
		a[t] = 7;	//@global-race
}
int main()
{
	int *a, *out, h[64];
	cudaMalloc(&a, 64 * sizeof(int));
	cudaMalloc(&out, 3 * 64 * sizeof(int));
	cudaMemset(a, 0, 64 * sizeof(int));
	k<<<3, 64>>>(a, out);
	cudaMemcpy(h, a, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d %d\n", h[0], h[63]);
	return 0;
}
""")

# A whole warp's words kept as one run record (check_race_global.c, runs):
# another block's whole warp on the same run meets the record.
prog("global_race_run_1", r"""
__global__ void k(int *a, int *out)
{
	int t = threadIdx.x;
	if (blockIdx.x == 0)
		a[t] = t;
	else
		out[t] = a[t];	//@global-race
}
int main()
{
	int *a, *out, h[32];
	cudaMalloc(&a, 32 * sizeof(int));
	cudaMalloc(&out, 32 * sizeof(int));
	cudaMemset(a, 0, 32 * sizeof(int));
	k<<<2, 32>>>(a, out);
	cudaMemcpy(h, a, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d %d\n", h[0], h[31]);
	return 0;
}
""")

# A run written by a whole warp, then one lane of another warp of the block
# (no barrier) reads a word of its second half: the run is written out and
# the lane's word holds the writer, lane 20 (golden stderr). And the other way: one lane's write, then a whole
# warp's read of the run.
prog("global_race_run_2", r"""
__global__ void k(int *a, int *b, int *out)
{
	int t = threadIdx.x;
	if (t < 32)
		a[t] = t;
	else if (t == 52)
		out[0] = a[20];	//@global-race
	if (t == 40)
		b[8] = 1;	//@global-race
	else if (t < 32)
		out[32 + t] = b[t];
}
int main()
{
	int *a, *b, *out, h[32];
	cudaMalloc(&a, 32 * sizeof(int));
	cudaMalloc(&b, 32 * sizeof(int));
	cudaMalloc(&out, 64 * sizeof(int));
	cudaMemset(b, 0, 32 * sizeof(int));
	k<<<1, 64>>>(a, b, out);
	cudaMemcpy(h, a, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d %d\n", h[20], h[31]);
	return 0;
}
""")

# Partial warps: 16 lanes' writes (the run written out), a whole warp's
# reads of the same run in another block; a whole warp's run, then 16 lanes
# of another block.
prog("global_race_run_3", r"""
__global__ void k(int *a, int *b, int *out)
{
	int t = threadIdx.x;
	if (blockIdx.x == 0) {
		if (t < 16)
			a[t] = t;	//@global-race
		b[t] = t;	//@global-race
	} else {
		out[t] = a[t];
		if (t >= 16)
			out[32 + t] = b[t];
	}
}
int main()
{
	int *a, *b, *out, h[32];
	cudaMalloc(&a, 32 * sizeof(int));
	cudaMalloc(&b, 32 * sizeof(int));
	cudaMalloc(&out, 64 * sizeof(int));
	cudaMemset(a, 0, 32 * sizeof(int));
	cudaMemset(b, 0, 32 * sizeof(int));
	k<<<2, 32>>>(a, b, out);
	cudaMemcpy(h, b, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d %d\n", h[0], h[31]);
	return 0;
}
""")

# A warp's 32 words across two runs (a[t + 16]), then another block's two
# whole warps each on one run: both runs' halves race.
prog("global_race_run_4", r"""
__global__ void k(int *a, int *out)
{
	int t = threadIdx.x;
	if (blockIdx.x == 0) {
		if (t < 32)
			a[t + 16] = t;
	} else {
		out[t] = a[t];	//@global-race
	}
}
int main()
{
	int *a, *out, h[64];
	cudaMalloc(&a, 64 * sizeof(int));
	cudaMalloc(&out, 64 * sizeof(int));
	cudaMemset(a, 0, 64 * sizeof(int));
	k<<<2, 64>>>(a, out);
	cudaMemcpy(h, a, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d %d %d\n", h[0], h[16], h[47]);
	return 0;
}
""")

# Atomics against plain accesses on runs: a whole warp's atomics then
# another block's plain stores, plain stores then atomics (both race), and
# atomics of two blocks (no race).
prog("global_race_run_5", r"""
__global__ void k(int *a, int *b, int *c)
{
	int t = threadIdx.x;
	if (blockIdx.x == 0) {
		atomicAdd(&a[t], 1);
		b[t] = t;
		atomicAdd(&c[t], 1);
	} else {
		a[t] = 0;	//@global-race
		atomicAdd(&b[t], 1);	//@global-race
		atomicAdd(&c[t], 2);
	}
}
int main()
{
	int *a, *b, *c, h[32];
	cudaMalloc(&a, 32 * sizeof(int));
	cudaMalloc(&b, 32 * sizeof(int));
	cudaMalloc(&c, 32 * sizeof(int));
	cudaMemset(a, 0, 32 * sizeof(int));
	cudaMemset(c, 0, 32 * sizeof(int));
	k<<<2, 32>>>(a, b, c);
	cudaMemcpy(h, c, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d %d\n", h[0], h[31]);
	return 0;
}
""")

# A run written by warp 0 and read by warp 1 of the block: a race with no
# __syncthreads() between, none after one.
prog("global_race_run_6", r"""
__global__ void k(int *a, int *b, int *out)
{
	int t = threadIdx.x;
	if (t < 32) {
		a[t] = t;
		b[t] = t;
	} else {
		out[t] = b[t - 32];	//@global-race
	}
	__syncthreads();
	if (t >= 32)
		out[t - 32] = a[t - 32];
}
int main()
{
	int *a, *b, *out, h[32];
	cudaMalloc(&a, 32 * sizeof(int));
	cudaMalloc(&b, 32 * sizeof(int));
	cudaMalloc(&out, 64 * sizeof(int));
	k<<<1, 64>>>(a, b, out);
	cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d %d\n", h[0], h[31]);
	return 0;
}
""")

# Read-read is not a race: two blocks' whole warps read the same runs
# (left as one record of readers of several blocks); a third block's
# write of one of them races with them.
prog("global_race_run_7", r"""
__global__ void k(int *a, int *b, int *out)
{
	int t = threadIdx.x;
	if (blockIdx.x < 2) {
		out[blockIdx.x * 32 + t] = a[t] + b[t];
	} else {
		b[t] = t;	//@global-race
	}
}
int main()
{
	int *a, *b, *out, h[64];
	cudaMalloc(&a, 32 * sizeof(int));
	cudaMalloc(&b, 32 * sizeof(int));
	cudaMalloc(&out, 64 * sizeof(int));
	cudaMemset(a, 0, 32 * sizeof(int));
	cudaMemset(b, 0, 32 * sizeof(int));
	k<<<3, 32>>>(a, b, out);
	cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d %d\n", h[0], h[63] >= 0);
	return 0;
}
""")

# Two rows of a 16-wide tile (lanes 0..15 on one row, 16..31 on the next:
# two runs apart, one record each) read by block 0, then written by block
# 1: a race; block 2's writes of two other rows' halves race with nothing.
prog("global_race_run_8", r"""
__global__ void k(int *a, int *out)
{
	int tx = threadIdx.x & 15, ty = threadIdx.x >> 4;
	if (blockIdx.x == 0)
		out[threadIdx.x] = a[ty * 32 + tx];
	else if (blockIdx.x == 1)
		a[ty * 32 + tx] = threadIdx.x;	//@global-race
	else
		a[(ty + 2) * 32 + 16 + tx] = 1;
}
int main()
{
	int *a, *out, h[128];
	cudaMalloc(&a, 128 * sizeof(int));
	cudaMalloc(&out, 32 * sizeof(int));
	cudaMemset(a, 0, 128 * sizeof(int));
	k<<<3, 32>>>(a, out);
	cudaMemcpy(h, a, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d %d %d\n", h[0] >= 0, h[48], h[127]);
	return 0;
}
""")

# A full table of descriptors (2^19 warp phases: 64 blocks of 1024 threads,
# 385 phases) is collected in the middle of the launch: the records made
# before it (block 0's read of b[0], block 5's run of c) still name their
# blocks after it (golden stderr).
prog("global_race_desc_collect_1", r"""
__global__ void k(const int *a, int *b, int *c, int *out, int phases)
{
	int t = threadIdx.x, s = 0;
	if (blockIdx.x == 0 && t == 0)
		s += b[0];
	if (blockIdx.x == 5 && t < 32)
		c[t] = t;
	for (int i = 0; i < phases; i++) {
		s += a[t];
		__syncthreads();
	}
	if (blockIdx.x == gridDim.x - 1 && t == 0)
		b[0] = s;	//@global-race
	if (blockIdx.x == gridDim.x - 1 && t >= 32 && t < 64)
		s += c[t - 32];	//@global-race
	out[blockIdx.x * blockDim.x + t] = s;
}
int main()
{
	int *a, *b, *c, *out, h[2];
	const int blocks = 64, threads = 1024, phases = 384;
	cudaMalloc(&a, threads * sizeof(int));
	cudaMalloc(&b, sizeof(int));
	cudaMalloc(&c, 32 * sizeof(int));
	cudaMalloc(&out, blocks * threads * sizeof(int));
	cudaMemset(a, 0, threads * sizeof(int));
	cudaMemset(b, 0, sizeof(int));
	k<<<blocks, threads>>>(a, b, c, out, phases);
	cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d %d\n", h[0], h[1]);
	return 0;
}
""")

# A warp's atomics of some lanes on their own consecutive words, offered
# to the global checker before their event (global_access), leave their
# records: another block's later plain store to those words still races.
prog("global_race_atomic_masked_3", r"""
__global__ void k(unsigned *bins, unsigned *out)
{
	int t = threadIdx.x;
	unsigned v = 0;
	if (blockIdx.x == 0) {
		if (t & 1)
			atomicAdd(&bins[t], 1u);
	} else {
		for (int i = 0; i < 2000; i++)
			v += i * t;
		if (t & 1)
			bins[t] = 5;	//@global-race
	}
	out[blockIdx.x * 32 + t] = v;
}
int main()
{
	unsigned *bins, *out, h[64];
	cudaMalloc(&bins, 32 * sizeof(unsigned));
	cudaMalloc(&out, 64 * sizeof(unsigned));
	cudaMemset(bins, 0, 32 * sizeof(unsigned));
	cudaMemset(out, 0, 64 * sizeof(unsigned));	/* every allocation written: the offer is made */
	k<<<2, 32>>>(bins, out);
	cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%u\n", h[33]);
	return 0;
}
""")
prog("global_race_atomic_1", r"""
__global__ void count(int *counter)
{
	if (blockIdx.x == 0 && threadIdx.x == 0)
		*counter = 0;	//@global-race
	atomicAdd(counter, 1);
}
int main()
{
	int *c, h = 0;
	cudaMalloc(&c, sizeof(int));
	cudaMemset(c, 0, sizeof(int));
	count<<<4, 64>>>(c);
	cudaMemcpy(&h, c, sizeof(int), cudaMemcpyDeviceToHost);
	printf("%d\n", h > 0);
	return 0;
}
""")
prog("global_race_atomic_2", r"""
__global__ void hist(const int *in, int *bins, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	int b = in[i] % 8;
	if (b == 0)
		bins[0] = bins[0] + 1;	//@global-race
	else
		atomicAdd(&bins[b], 1);
}
int main()
{
	int h[256], *in, *bins, r[8];
	for (int i = 0; i < 256; i++)
		h[i] = i;
	cudaMalloc(&in, sizeof(h));
	cudaMalloc(&bins, sizeof(r));
	cudaMemcpy(in, h, sizeof(h), cudaMemcpyHostToDevice);
	cudaMemset(bins, 0, sizeof(r));
	hist<<<4, 64>>>(in, bins, 256);
	cudaMemcpy(r, bins, sizeof(r), cudaMemcpyDeviceToHost);
	printf("%d\n", r[1]);
	return 0;
}
""")
prog("global_race_atomic_block", r"""
__global__ void k(int *c)
{
	if (threadIdx.x == 0)
		*c = 0;	//@global-race
	atomicAdd(c, 1);
}
int main()
{
	int *c, h = 0;
	cudaMalloc(&c, sizeof(int));
	cudaMemset(c, 0, sizeof(int));
	k<<<1, 64>>>(c);
	cudaMemcpy(&h, c, sizeof(int), cudaMemcpyDeviceToHost);
	printf("%d\n", h > 0);
	return 0;
}
""")
# The global race checker's fast paths (docs/PERFORMANCE.md, "Cheap checkers"):
# words whose record a warp's access leaves as it is, or updates with no test,
# must still meet a later conflicting access, and an epoch's end must reset them.
# Atomics of some lanes of a warp, each on its own word of 32 consecutive
# ones (histogram's bins[threadIdx.x] under an if), are checked in one pass
# when every word they update is fresh or holds atomics: a plain store of
# another block still meets them (_1), atomics of several blocks do not (_2).
prog("global_race_atomic_masked_1", r"""
__global__ void k(unsigned *bins, unsigned *out)
{
	int t = threadIdx.x;
	unsigned v = 0;
	if (blockIdx.x == 0) {
		if (t & 1)
			bins[t] = 5;
	} else {
		for (int i = 0; i < 2000; i++)
			v += i * t;
		if (t & 1)
			atomicAdd(&bins[t], 1u);	//@global-race
	}
	out[blockIdx.x * 32 + t] = v;
}
int main()
{
	unsigned *bins, *out, h[64];
	cudaMalloc(&bins, 32 * sizeof(unsigned));
	cudaMalloc(&out, 64 * sizeof(unsigned));
	cudaMemset(bins, 0, 32 * sizeof(unsigned));
	k<<<2, 32>>>(bins, out);
	cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%u\n", h[33]);
	return 0;
}
""")
prog("global_race_atomic_masked_2", r"""
__global__ void k(unsigned *bins)
{
	int t = threadIdx.x;
	if ((t & 1) || blockIdx.x == 1)
		atomicAdd(&bins[t], 1u);
}
int main()
{
	unsigned *bins, h[32];
	cudaMalloc(&bins, 32 * sizeof(unsigned));
	cudaMemset(bins, 0, 32 * sizeof(unsigned));
	k<<<3, 32>>>(bins);
	cudaMemcpy(h, bins, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%u %u\n", h[0], h[1]);
	return 0;
}
""")
# The global checker makes an allocation's shadow with the allocation (its
# CEV_UNDEFINED), not at the first kernel that touches it: 40 launches and
# fences between cudaMalloc and the first access age the shadow's epoch tags
# past their 30-epoch window, and the race is still found (_1) and a
# block-private pattern still is not (_2) (docs/PERFORMANCE.md, ninth session).
prog("global_race_early_shadow_1", r"""
__global__ void idle(int *p) { __threadfence(); }
__global__ void k(int *g)
{
	g[threadIdx.x & 7] = blockIdx.x;	//@global-race
}
int main()
{
	int *g, *other, h[8];
	cudaMalloc(&g, 8 * sizeof(int));
	cudaMalloc(&other, 8 * sizeof(int));
	for (int i = 0; i < 40; i++)
		idle<<<1, 1>>>(other);
	k<<<2, 32>>>(g);
	cudaMemcpy(h, g, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d\n", h[0] >= 0);
	return 0;
}
""")
prog("global_race_early_shadow_2", r"""
__global__ void idle(int *p) { __threadfence(); }
__global__ void k(int *g)
{
	g[blockIdx.x * 32 + threadIdx.x] = blockIdx.x;
}
int main()
{
	int *g, *other, h[64];
	cudaMalloc(&g, 64 * sizeof(int));
	cudaMalloc(&other, 8 * sizeof(int));
	for (int i = 0; i < 40; i++)
		idle<<<1, 1>>>(other);
	k<<<2, 32>>>(g);
	cudaMemcpy(h, g, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d %d\n", h[0], h[63]);
	return 0;
}
""")
prog("global_race_fast_read_shared", r"""
__global__ void k(int *a, int *out)
{
	int i = threadIdx.x;
	out[blockIdx.x * 32 + i] = a[i] + a[0];
	if (blockIdx.x == 3)
		a[i] = i;	//@global-race
}
int main()
{
	int *a, *out, h[128];
	cudaMalloc(&a, 32 * sizeof(int));
	cudaMalloc(&out, 128 * sizeof(int));
	cudaMemset(a, 0, 32 * sizeof(int));
	k<<<4, 32>>>(a, out);
	cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d\n", h[127]);
	return 0;
}
""")
prog("global_race_fast_own_rw", r"""
__global__ void k(int *a)
{
	int i = threadIdx.x % 32;
	if (threadIdx.x < 32) {
		a[i] = i;
		a[i] += a[i];
	} else {
		a[i] = 2 * i;	//@global-race
	}
}
__global__ void blocks(int *a)
{
	int i = threadIdx.x;
	if (blockIdx.x == 0) {
		a[i] = i;
		a[i] += a[i];
	} else {
		a[i] = 1;	//@global-race
	}
}
int main()
{
	int *a, h[32];
	cudaMalloc(&a, 32 * sizeof(int));
	cudaMemset(a, 0, 32 * sizeof(int));
	k<<<1, 64>>>(a);
	blocks<<<2, 32>>>(a);
	cudaMemcpy(h, a, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d\n", h[0] >= 0);
	return 0;
}
""")
prog("global_race_fast_bytes", r"""
__global__ void k(unsigned char *d, int *out)
{
	int i = threadIdx.x;
	out[blockIdx.x * 32 + i] = d[i];
	if (blockIdx.x == 3)
		d[i] = 1;	//@global-race
}
__global__ void put_get(unsigned char *d, int *out)
{
	if (blockIdx.x == 0)
		d[threadIdx.x] = 3;
	else
		out[threadIdx.x] = d[threadIdx.x];	//@global-race
}
__global__ void count(int *c)
{
	atomicAdd(&c[threadIdx.x], 1);	//@global-race
	if (blockIdx.x == 0)
		c[threadIdx.x] = 0;
}
int main()
{
	unsigned char *d;
	int *out, *c, h[128];
	cudaMalloc(&d, 32);
	cudaMalloc(&out, 128 * sizeof(int));
	cudaMalloc(&c, 32 * sizeof(int));
	cudaMemset(d, 2, 32);
	cudaMemset(c, 0, 32 * sizeof(int));
	k<<<4, 32>>>(d, out);
	put_get<<<2, 32>>>(d, out);
	count<<<4, 32>>>(c);
	cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d\n", h[0]);
	return 0;
}
""")
prog("global_race_fast_epoch", r"""
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void put(int *a)
{
	a[threadIdx.x] = threadIdx.x;
	a[threadIdx.x] += 1;
}
__global__ void get(const int *a, int *out)
{
	out[blockIdx.x * 32 + threadIdx.x] = a[threadIdx.x] + a[5];
}
__global__ void phases(int *a, int *b, int n)
{
	cg::grid_group grid = cg::this_grid();
	int i = (int)grid.thread_rank();
	a[i] = i;
	a[i] += 1;
	grid.sync();
	b[i] = a[(i + 64) % n];
	if (blockIdx.x == 3 && threadIdx.x < 32)
		a[i - 128] = 0;	//@global-race
}
int main()
{
	int *a, *b, h[256], n = 256;
	cudaMalloc(&a, 256 * sizeof(int));
	cudaMalloc(&b, 256 * sizeof(int));
	put<<<1, 32>>>(a);
	get<<<8, 32>>>(a, b);
	cudaMemcpy(h, b, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d %d\n", h[0], h[127]);
	void *args[] = { &a, &b, &n };
	cudaLaunchCooperativeKernel((void *)phases, dim3(4), dim3(64), args, 0, 0);
	cudaMemcpy(h, b, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d %d\n", h[0], h[255]);
	return 0;
}
""")
prog("global_race_fast_fence", r"""
__global__ void k(int *a, volatile int *flag, int *out)
{
	int i = threadIdx.x;
	if (blockIdx.x == 0) {
		a[i] = i;
		a[i] += 1;
		__threadfence();
		if (i == 0)
			*flag = 1;
	} else {
		while (*flag == 0)
			;
		out[i] = a[i];
	}
}
int main()
{
	int *a, *flag, *out, h[32];
	cudaMalloc(&a, 32 * sizeof(int));
	cudaMalloc(&flag, sizeof(int));
	cudaMalloc(&out, 32 * sizeof(int));
	cudaMemset(flag, 0, sizeof(int));
	k<<<2, 32>>>(a, flag, out);
	cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d %d\n", h[0], h[31]);
	return 0;
}
""")
prog("uninitialized_read_warp", r"""
__global__ void fill(int *a)
{
	if (threadIdx.x != 20)
		a[threadIdx.x] = 1;
}
__global__ void use(const int *a, int *out)
{
	out[threadIdx.x] = a[threadIdx.x];	//@uninitialized-read
}
int main()
{
	int *a, *out, h[32];
	cudaMalloc(&a, 32 * sizeof(int));
	cudaMalloc(&out, 32 * sizeof(int));
	fill<<<1, 32>>>(a);
	use<<<1, 32>>>(a, out);
	cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d\n", h[0]);
	return 0;
}
""")
# The shared checker's half-warp paths: a row read by both half-warps, a
# word broadcast to each half-warp; a writer recorded on such a word, or one
# that comes later from another warp, is still a race.
prog("shared_race_half_1", r"""
__global__ void k(int *out)
{
	__shared__ int s[16];
	int t = threadIdx.x;
	if (t < 16)
		s[t] = t;
	__syncthreads();
	int v = s[t % 16] + s[t / 16];
	if (t >= 32 && t < 48)
		s[t - 32] = v;	//@shared-race
	out[t] = v;
}
int main()
{
	int *out, h[64];
	cudaMalloc(&out, 64 * sizeof(int));
	k<<<1, 64>>>(out);
	cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d\n", h[0]);
	return 0;
}
""")
prog("shared_race_half_2", r"""
__global__ void k(int *out)
{
	__shared__ int s[32];
	int t = threadIdx.x;
	s[t] = t;
	__syncthreads();
	if (t < 16)
		s[t] = 2 * t;
	if (t == 0)
		s[20] = 1;
	out[t] = s[t % 16];	//@shared-race
	out[t] += s[20 + t / 16];	//@shared-race
}
int main()
{
	int *out, h[64];
	cudaMalloc(&out, 64 * sizeof(int));
	k<<<1, 32>>>(out);
	cudaMemcpy(h, out, 32 * sizeof(int), cudaMemcpyDeviceToHost);
	printf("%d\n", h[0]);
	return 0;
}
""")
# The shared checker defers reads made after a barrier, while no write of
# that phase was checked and the block's memory is all initialized (tile
# reads, matmul_tiled), and applies them before the next write: a write
# of the same phase by another warp still meets them (the reader named, or
# "threads of other warps"), and a barrier between them is not a race.
prog("shared_race_deferred_1", r"""
__global__ void k(int *out)
{
	__shared__ int s[64];
	int t = threadIdx.x;
	s[t] = t;
	__syncthreads();
	int v = 0;
	if (t < 32)
		v = s[t + 32];
	if (t >= 32)
		s[t] = -t;	//@shared-race
	out[t] = v;
}
int main()
{
	int *out, h[64];
	cudaMalloc(&out, 64 * sizeof(int));
	k<<<1, 64>>>(out);
	cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d\n", h[63]);	/* a writer's: not racy */
	return 0;
}
""")
prog("shared_race_deferred_2", r"""
__global__ void k(int *out)
{
	__shared__ int s[32];
	int t = threadIdx.x;
	if (t < 32)
		s[t] = t;
	__syncthreads();
	int v = 0;
	if (t < 64)
		v = s[t % 32];
	if (t >= 64)
		s[t - 64] = 1;	//@shared-race
	out[t] = v;
}
int main()
{
	int *out, h[96];
	cudaMalloc(&out, 96 * sizeof(int));
	k<<<1, 96>>>(out);
	cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d\n", h[95]);	/* a writer's: not racy */
	return 0;
}
""")
prog("shared_race_deferred_3", r"""
__global__ void k(int *out)
{
	__shared__ int s[64];
	int t = threadIdx.x;
	s[t] = t;
	__syncthreads();
	int v = 0;
	if (t < 32)
		v = s[t + 32];
	__syncthreads();
	if (t >= 32)
		s[t] = -t;
	out[t] = v;
}
int main()
{
	int *out, h[64];
	cudaMalloc(&out, 64 * sizeof(int));
	k<<<1, 64>>>(out);
	cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d\n", h[0]);
	return 0;
}
""")
prog("shared_race_deferred_4", r"""
__global__ void k(int *out)
{
	__shared__ int s[64];
	int t = threadIdx.x;
	s[t] = t;
	__syncthreads();
	int v = 0;
	if (t < 32)
		for (int i = 0; i < 300; i++)
			v += s[32 + (t + i) % 32];
	else
		for (int i = 0; i < 3000; i++)
			v += i * t;
	if (t >= 32)
		s[t] = v;	//@shared-race
	out[t] = v;
}
int main()
{
	int *out, h[64];
	cudaMalloc(&out, 64 * sizeof(int));
	k<<<1, 64>>>(out);
	cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d\n", h[63]);	/* a writer's: not racy */
	return 0;
}
""")
# The deferred reads are logged by pattern (check_race_shared.c, struct
# rlog): a row both half-warps read (each word's reader is the first lane,
# 5 not 21) and a word broadcast to each half-warp (the second half's
# first lane, 16), applied when another warp writes: each reader named.
prog("shared_race_deferred_5", r"""
__global__ void k(int *out)
{
	__shared__ int s[64];
	int t = threadIdx.x;
	s[t] = t;
	__syncthreads();
	int v = 0;
	if (t < 32)
		v = s[t % 16] + s[32 + t / 16];
	else
		for (int i = 0; i < 3000; i++)
			v += i * t;
	if (t == 35)
		s[5] = v;	//@shared-race
	if (t == 49)
		s[33] = v;	//@shared-race
	out[t] = v;
}
int main()
{
	int *out, h[64];
	cudaMalloc(&out, 64 * sizeof(int));
	k<<<1, 64>>>(out);
	cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d\n", h[0]);	/* a reader's: not racy */
	return 0;
}
""")
prog("host_device_race_1", r"""
__global__ void fill(int *a, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		a[i] = 7;
}
int main()
{
	int n = 256, *a;
	cudaMallocManaged(&a, n * sizeof(int));
	for (int i = 0; i < n; i++)
		a[i] = 0;
	fill<<<n / 64, 64>>>(a, n);
	int v = a[10];	//@host-device-race
	cudaDeviceSynchronize();
	printf("%d %d\n", v == 0 || v == 7, a[10]);
	cudaFree(a);
	return 0;
}
""")
prog("host_device_race_2", r"""
__managed__ int hits;
__global__ void count(const int *in, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n && in[i] > 0)
		atomicAdd(&hits, 1);
}
int main()
{
	int n = 128, *in;
	cudaMallocManaged(&in, n * sizeof(int));
	for (int i = 0; i < n; i++)
		in[i] = i % 3;
	hits = 0;
	count<<<2, 64>>>(in, n);
	hits = 0;	//@host-device-race
	cudaDeviceSynchronize();
	printf("%d\n", hits >= 0 && hits <= n);
	cudaFree(in);
	return 0;
}
""")
# A full warp's weak 4-byte write of 32 consecutive shared words is offered
# to the shared checker before its event is built (shared_write), a read
# that cannot be deferred likewise, a deferred read on 32 consecutive words
# is replayed without its event, and a partial warp's consecutive words
# take one pass (docs/PERFORMANCE.md, tenth session). Their edges: another
# warp's words written with no barrier (_1: both writes race), reads deferred then met by
# another warp's write in the same epoch (_2), a partial warp reading words
# its own lanes wrote with no __syncwarp (_3), and the same with one and
# two warps reading the same words (_4, a near miss).
prog("shared_race_offer_1", r"""
__global__ void k(int *out)
{
	__shared__ int s[64];
	int t = threadIdx.x;
	s[t] = t;	//@shared-race
	s[(t + 32) % 64] = -t;	//@shared-race
	__syncthreads();
	out[t] = s[t];
}
int main()
{
	int *out;
	cudaMalloc(&out, 64 * sizeof(int));
	k<<<1, 64>>>(out);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
""")
prog("shared_race_offer_2", r"""
__global__ void k(int *out)
{
	__shared__ int s[64];
	int t = threadIdx.x;
	s[t] = t;
	__syncthreads();
	int v = s[t];	//@shared-race
	s[(t + 32) % 64] = v;	//@shared-race
	out[t] = v;
}
int main()
{
	int *out;
	cudaMalloc(&out, 64 * sizeof(int));
	k<<<1, 64>>>(out);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
""")
prog("shared_race_offer_3", r"""
__global__ void k(const int *in, int *out)
{
	__shared__ int s[64];
	int t = threadIdx.x;
	s[t] = in[t];
	__syncthreads();
	if (t < 32)
		s[t] += s[t + 32];
	if (t < 16)
		s[t] += s[t + 16];	//@shared-race
	if (t == 0)
		*out = s[0];
}
int main()
{
	int h[64], *in, *out;
	for (int i = 0; i < 64; i++)
		h[i] = 1;
	cudaMalloc(&in, sizeof(h));
	cudaMalloc(&out, sizeof(int));
	cudaMemcpy(in, h, sizeof(h), cudaMemcpyHostToDevice);
	k<<<1, 64>>>(in, out);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
""")
prog("shared_race_offer_4", r"""
__global__ void k(const int *in, int *out)
{
	__shared__ int s[64];
	int t = threadIdx.x;
	s[t] = in[t];
	__syncthreads();
	int both = s[t % 32] + s[32 + t % 32];	/* read by both warps: no race */
	__syncthreads();
	for (int stride = 32; stride > 0; stride >>= 1) {
		if (t < stride)
			s[t] += s[t + stride];
		__syncwarp();
	}
	if (t == 0)
		out[0] = s[0];
	out[1 + t] = both;
}
int main()
{
	int h[64], *in, *out, r[65];
	for (int i = 0; i < 64; i++)
		h[i] = 1;
	cudaMalloc(&in, sizeof(h));
	cudaMalloc(&out, sizeof(r));
	cudaMemcpy(in, h, sizeof(h), cudaMemcpyHostToDevice);
	k<<<1, 64>>>(in, out);
	cudaMemcpy(r, out, sizeof(r), cudaMemcpyDeviceToHost);
	printf("%d %d %d\n", r[0], r[1], r[64]);
	return 0;
}
""")
# Partial warps' shared accesses from the general loop go to the same
# cheap ways in: a partial warp's reads are deferred (_5: 8 lanes' reads,
# then another warp's write of those words), and a write of 16 lanes or
# more takes masked_warp (_6: the write meets another warp's reads).
prog("shared_race_offer_5", r"""
__global__ void k(int *out)
{
	__shared__ int s[64];
	int t = threadIdx.x;
	s[t] = t;
	__syncthreads();
	int v = 0;
	if (t < 8)
		v = s[t + 32];
	else
		for (int i = 0; i < 3000; i++)
			v += i * t;
	if (t >= 32)
		s[t] = -t;	//@shared-race
	out[t] = t < 8 ? v : 0;
}
int main()
{
	int *out;
	cudaMalloc(&out, 64 * sizeof(int));
	k<<<1, 64>>>(out);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
""")
prog("shared_race_offer_6", r"""
__global__ void k(int *out)
{
	__shared__ int s[64];
	int t = threadIdx.x;
	s[t] = t;
	__syncthreads();
	int v = s[(t + 32) % 64];
	if ((t & 31) < 16)
		s[t] = v;	//@shared-race
	out[t] = v;
}
int main()
{
	int *out;
	cudaMalloc(&out, 64 * sizeof(int));
	k<<<1, 64>>>(out);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
""")
# Shared atomics go to the shared checker before their event
# (shared_atomic), which takes them only when the block's memory is all
# initialized; else their event marks what they update as initialized
# (here the words no thread wrote): no uninitialized read (a near miss).
prog("uninitialized_shared_atomic_offer", r"""
__global__ void k(unsigned *out)
{
	__shared__ unsigned s[64];
	if (threadIdx.x < 32)
		s[threadIdx.x] = 0;
	__syncthreads();
	atomicAdd(&s[threadIdx.x], 1u);
	__syncthreads();
	out[threadIdx.x] = s[threadIdx.x];
}
int main()
{
	unsigned *out, h[64];
	cudaMalloc(&out, 64 * sizeof(unsigned));
	k<<<1, 64>>>(out);
	cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%u\n", h[0]);	/* written, then updated once */
	return 0;
}
""")
# A deferred read replayed without race_check (replay_read) drops, as
# race_word does, its warp's own record made before a __syncwarp: lane t
# reads word t ^ 1, then after the __syncwarp word t, then writes word t
# (a near miss); without the __syncwarp (_2) the write races with lane
# t ^ 1 of the same warp.
prog("shared_race_deferred_syncwarp_1", r"""
__global__ void k(int *out)
{
	__shared__ int s[64];
	int t = threadIdx.x;
	s[t] = t;
	__syncthreads();
	int v = 0;
	if (t < 32) {
		v = s[t ^ 1];
		__syncwarp();
		v += s[t];
		s[t] = v;
	}
	out[t] = v;
}
int main()
{
	int *out, h[64];
	cudaMalloc(&out, 64 * sizeof(int));
	k<<<1, 64>>>(out);
	cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d %d\n", h[0], h[5]);
	return 0;
}
""")
prog("shared_race_deferred_syncwarp_2", r"""
__global__ void k(int *out)
{
	__shared__ int s[64];
	int t = threadIdx.x;
	s[t] = t;
	__syncthreads();
	int v = 0;
	if (t < 32) {
		v = s[t ^ 1];
		v += s[t];
		s[t] = v;	//@shared-race
	}
	out[t] = v;
}
int main()
{
	int *out;
	cudaMalloc(&out, 64 * sizeof(int));
	k<<<1, 64>>>(out);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
""")
# Deferred reads (check_race_shared.c, struct rlog: 16-byte entries, their high half per slot, the
# warp's pointer per log, logs lent from one pool and given back at each epoch's end): 3 blocks of
# 32 warps, 40 epochs of tile-like reads each, then warp 31's read of words 78 KB into the block's
# dynamic shared memory (past 16 bits of offset), after 40 __syncwarp()s, met by its own lane 0's
# write: the race names lane 3 (golden stderr), which only holds when the entry kept the offset,
# the warp (31) and its collective count (a count recorded wrong drops the warp's own reader).
# Warp 30 does the same with a __syncwarp() between: no race.
prog("shared_race_log_pack_1", r"""
#define N 20000
__global__ void k(int *out)
{
	extern __shared__ int s[];
	int t = threadIdx.y * 32 + threadIdx.x, w = threadIdx.y, l = threadIdx.x;
	for (int i = t; i < N; i += 1024)
		s[i] = i;
	__syncthreads();
	int v = 0;
	for (int e = 0; e < 40; e++) {
		v += s[(e * 293 + w * 16 + (l & 15)) % (N - 64)];
		v += s[N - 64 + w + (l >> 4)];
		__syncwarp();
		__syncthreads();
	}
	if (w == 31) {
		v += s[N - 16 + (l & 15)];
		if (l == 0)
			s[N - 13] = v;	//@shared-race
	}
	if (w == 30) {
		v += s[N - 48 + (l & 15)];
		__syncwarp();
		if (l == 0)
			s[N - 45] = v;
	}
	out[blockIdx.x * 1024 + t] = v;
}
int main()
{
	int *out;
	cudaMalloc(&out, 3 * 1024 * sizeof(int));
	cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, N * sizeof(int));
	k<<<3, dim3(32, 32), N * sizeof(int)>>>(out);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
""")
prog("shared_race_log_machine_1", r"""
#define TILE 16
__global__ void k(const int *in, int *out)
{
	__shared__ int as[TILE][TILE];
	__shared__ int bs[TILE][TILE];
	int tx = threadIdx.x, ty = threadIdx.y, w = ty / 2;
	as[ty][tx] = in[ty * TILE + tx];
	bs[ty][tx] = in[TILE * TILE + ty * TILE + tx];
	__syncthreads();
	int v = 0;
	for (int k = 0; k < TILE; k++)
		v += as[ty][k] * bs[k][tx];
	if (w == 7) {
		for (int i = 0; i < 3000; i++)
			v += i * tx;
		if (ty == 14 && tx == 0)
			as[2][9] = v;	//@shared-race
	}
	__syncthreads();
	if (w == 0 && tx == 4 && ty == 0)
		bs[9][4] = v;
	if (w == 3) {
		for (int i = 0; i < 3000; i++)
			v += i * tx;
		for (int k = 0; k < TILE; k++)
			v += as[ty][k] * bs[k][tx];	//@shared-race
	}
	__syncthreads();
	__syncwarp();
	for (int k = 0; k < TILE; k++)
		v += as[ty][k] * bs[k][tx];
	if (w == 2) {
		__syncwarp();
		if (ty == 4 && tx == 0)
			as[5][9] = v;
	}
	if (w == 5 && ty == 10 && tx == 0)
		as[11][9] = v;	//@shared-race
	out[blockIdx.x * TILE * TILE + ty * TILE + tx] = v;
}
int main()
{
	int *in, *out, h[TILE * TILE];
	cudaMalloc(&in, 2 * TILE * TILE * sizeof(int));
	cudaMalloc(&out, 2 * TILE * TILE * sizeof(int));
	cudaMemset(in, 0, 2 * TILE * TILE * sizeof(int));
	k<<<2, dim3(TILE, TILE)>>>(in, out);
	cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d\n", h[0]);
	return 0;
}
""")
prog("shared_race_warp_its", r"""
// warpstep-opts: --simt its
__global__ void k(int *out)
{
	__shared__ int s[32];
	int l = threadIdx.x;
	s[l] = l * l;
	out[l] = s[l ^ 1];	//@shared-race
}
int main()
{
	int *out;
	cudaMalloc(&out, 32 * sizeof(int));
	k<<<1, 32>>>(out);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
""")
prog("shared_race_warp_reduce", r"""
__global__ void reduce(const int *in, int *out)
{
	__shared__ int s[64];
	int t = threadIdx.x;
	s[t] = in[t];
	__syncthreads();
	if (t < 32) {
		s[t] += s[t + 32];
		s[t] += s[t + 16];	//@shared-race
		s[t] += s[t + 8];	//@shared-race
		s[t] += s[t + 4];	//@shared-race
		s[t] += s[t + 2];	//@shared-race
		s[t] += s[t + 1];	//@shared-race
	}
	if (t == 0)
		*out = s[0];
}
int main()
{
	int h[64], *in, *out, r = 0;
	for (int i = 0; i < 64; i++)
		h[i] = 1;
	cudaMalloc(&in, sizeof(h));
	cudaMalloc(&out, sizeof(int));
	cudaMemcpy(in, h, sizeof(h), cudaMemcpyHostToDevice);
	reduce<<<1, 64>>>(in, out);
	cudaMemcpy(&r, out, sizeof(int), cudaMemcpyDeviceToHost);
	printf("%d\n", r > 0);
	return 0;
}
""")

# ---------------- synccheck
prog("barrier_div_1", r'''
__global__ void k(int *out, int n)
{
	__shared__ int s[64];
	int t = threadIdx.x;
	if (t >= n)
		return;
	s[t] = t;
	__syncthreads();	//@barrier-divergence
	out[t] = s[n - 1 - t];
}
int main()
{
	int *out;
	cudaMalloc(&out, 64 * sizeof(int));
	k<<<1, 64>>>(out, 40);
	cudaDeviceSynchronize();
	return 0;
}
''')
prog("barrier_div_2", r'''
__global__ void k(int *out)
{
	int t = threadIdx.x;
	if (t < 32) {
		out[t] = 1;
		__syncthreads();	//@barrier-divergence
	} else {
		out[t] = 2;
		__syncthreads();
	}
}
int main()
{
	int *out;
	cudaMalloc(&out, 64 * sizeof(int));
	k<<<1, 64>>>(out);
	cudaDeviceSynchronize();
	return 0;
}
''')
prog("syncwarp_mask_1", r'''
__global__ void k(int *out)
{
	int l = threadIdx.x;
	__syncwarp(0xfffffffe);	//@invalid-syncwarp-mask
	out[l] = l;
}
int main()
{
	int *out;
	cudaMalloc(&out, 32 * sizeof(int));
	k<<<1, 32>>>(out);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
''')
prog("syncwarp_mask_2", r'''
__global__ void k(int *out)
{
	int l = threadIdx.x;
	if (l < 16) {
		out[l] = l;
		__syncwarp(0x0000ffff);
	} else {
		out[l] = -l;
		__syncwarp(0xffff0001);	//@invalid-syncwarp-mask
	}
}
int main()
{
	int *out;
	cudaMalloc(&out, 32 * sizeof(int));
	k<<<1, 32>>>(out);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
''')
prog("collective_mask_1", r'''
__global__ void k(int *out)
{
	int l = threadIdx.x;
	out[l] = __shfl_sync(0x0000ffff, l, 0);	//@invalid-collective-mask
}
int main()
{
	int *out;
	cudaMalloc(&out, 32 * sizeof(int));
	k<<<1, 32>>>(out);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
''')
prog("collective_mask_2", r'''
__global__ void k(unsigned *out)
{
	int l = threadIdx.x;
	if (l % 2)
		out[l] = __ballot_sync(0xffffffff, l > 10);	//@invalid-collective-mask
}
int main()
{
	unsigned *out;
	cudaMalloc(&out, 32 * sizeof(unsigned));
	k<<<1, 32>>>(out);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
''')
prog("shfl_inactive_1", r'''
__global__ void k(int *out)
{
	int l = threadIdx.x;
	if (l < 16)
		out[l] = __shfl_sync(0x0000ffff, l, l + 16);	//@shfl-inactive-source
}
int main()
{
	int *out;
	cudaMalloc(&out, 32 * sizeof(int));
	k<<<1, 32>>>(out);
	cudaDeviceSynchronize();
	return 0;
}
''')
prog("shfl_inactive_2", r'''
__global__ void k(float *out)
{
	int l = threadIdx.x;
	float v = l;
	if (l < 16)
		v += __shfl_down_sync(0x0000ffff, v, 8);	//@shfl-inactive-source
	out[l] = v;
}
int main()
{
	float *out;
	cudaMalloc(&out, 32 * sizeof(float));
	k<<<1, 32>>>(out);
	cudaDeviceSynchronize();
	return 0;
}
''')

# ---------------- initcheck
prog("uninit_global_1", r'''
__global__ void k(const int *in, int *out)
{
	out[threadIdx.x] = in[threadIdx.x] * 2;	//@uninitialized-read
}
int main()
{
	int *in, *out;
	cudaMalloc(&in, 32 * sizeof(int));
	cudaMalloc(&out, 32 * sizeof(int));
	k<<<1, 32>>>(in, out);
	cudaDeviceSynchronize();
	return 0;
}
''')
prog("uninit_global_2", r'''
int main()
{
	int *d, h[8];
	cudaMalloc(&d, sizeof(h));
	cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);	//@uninitialized-read
	return 0;
}
''')
# The init checker stops listening to accesses while every allocation it
# tracked is written (none left to check) and listens again when a new one
# arrives: a cudaMalloc between two launches, a device malloc in a kernel.
prog("uninit_global_quiet", r'''
__global__ void k(const int *in, int *out)
{
	int i = threadIdx.x;
	out[i] = in[i] + 1;	//@uninitialized-read
}
int main()
{
	int *in, *out, *fresh;
	cudaMalloc(&in, 32 * sizeof(int));
	cudaMalloc(&out, 32 * sizeof(int));
	cudaMemset(in, 0, 32 * sizeof(int));
	cudaMemset(out, 0, 32 * sizeof(int));
	k<<<1, 32>>>(in, out);	/* everything written: nothing to check */
	cudaDeviceSynchronize();
	cudaMalloc(&fresh, 32 * sizeof(int));
	k<<<1, 32>>>(fresh, out);
	cudaDeviceSynchronize();
	return 0;
}
''')
prog("uninit_global_quiet_heap", r'''
__global__ void k(int *out)
{
	__shared__ int *p;
	if (threadIdx.x == 0)
		p = (int *)malloc(32 * sizeof(int));
	__syncthreads();
	out[threadIdx.x] = p[threadIdx.x];	//@uninitialized-read
	__syncthreads();
	if (threadIdx.x == 0)
		free(p);
}
int main()
{
	int *out;
	cudaMalloc(&out, 32 * sizeof(int));
	cudaMemset(out, 0, 32 * sizeof(int));
	k<<<1, 32>>>(out);
	cudaDeviceSynchronize();
	return 0;
}
''')
# Strided accesses (a[i * s]: each lane on a word of its own, as in the
# coalescing examples) of allocations written in part: the init checker's
# lanes one by one. The report names the first lane in lane order whose
# bytes are unwritten (golden stderr), for 1-, 2-, 4- and 8-byte elements;
# two strided writes that complete an allocation leave every byte written
# (a linear read, a strided one and a copy back find nothing); a strided
# atomic reads unwritten words.
prog("uninit_strided_1", r'''
#define N 4096
__global__ void rd_int(const int *a, int *out, int s)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	out[i] = a[i * s];	//@uninitialized-read
}
__global__ void wr_int(int *a, int s, int o)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	a[i * s + o] = i;
}
__global__ void rd_all(const int *a, int *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	out[i] = a[i] + a[(i * 7) % N];
}
__global__ void rd_char(const char *c, int *out, int s)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	out[i] = c[i * s];	//@uninitialized-read
}
__global__ void rd_short(const short *h, int *out, int s)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	out[i] = h[i * s];	//@uninitialized-read
}
__global__ void rd_double(const double *d, double *out, int s)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	out[i] = d[i * s];	//@uninitialized-read
}
__global__ void at_int(int *a, int s)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	atomicAdd(&a[i * s], 1);	//@uninitialized-read
}
__global__ void rd_int0(const int *a, int *out, int s)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	out[i] = a[i * s];	//@uninitialized-read
}
int main()
{
	int *a, *b, *out, *fresh;
	char *c;
	short *h;
	double *d, *dout;
	cudaMalloc(&a, N * sizeof(int));
	cudaMalloc(&b, N * sizeof(int));
	cudaMalloc(&out, N * sizeof(int));
	cudaMalloc(&fresh, N * sizeof(int));
	cudaMalloc(&c, N);
	cudaMalloc(&h, N * sizeof(short));
	cudaMalloc(&d, N * sizeof(double));
	cudaMalloc(&dout, N * sizeof(double));
	cudaMemset(out, 0, N * sizeof(int));
	cudaMemset(dout, 0, N * sizeof(double));
	cudaMemset(a, 0, N / 2 * sizeof(int));
	rd_int<<<N / 3 / 64, 64>>>(a, out, 3);
	wr_int<<<N / 2 / 64, 64>>>(b, 2, 0);
	wr_int<<<N / 2 / 64, 64>>>(b, 2, 1);
	rd_all<<<N / 64, 64>>>(b, out);
	int *hb = (int *)malloc(N * sizeof(int));
	cudaMemcpy(hb, b, N * sizeof(int), cudaMemcpyDeviceToHost);
	cudaMemset(c, 1, N / 2);
	rd_char<<<N / 5 / 32, 32>>>(c, out, 5);
	cudaMemset(h, 1, N / 2 * sizeof(short));
	rd_short<<<N / 3 / 64, 64>>>(h, out, 3);
	cudaMemset(d, 0, N / 2 * sizeof(double));
	rd_double<<<N / 3 / 64, 64>>>(d, dout, 3);
	at_int<<<N / 2 / 64, 64>>>(fresh, 2);
	rd_int0<<<N / 2 / 64, 64>>>(a, out, 2);	/* the first unwritten word at lane 0 */
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
''')
# Strided accesses of global memory (a[i * s]: each lane on a word of its
# own) by several blocks: the global checker's lanes one by one, its common
# cases (a word empty in this epoch, this thread's own read then write,
# readers of several blocks) up to the first lane that races (golden stderr:
# which lane and which other block each report names).
prog("global_race_strided_1", r'''
__global__ void bump(int *a, int s)
{
	int i = (31 - threadIdx.x) * s + blockIdx.x * 60;
	a[i] = a[i] + 1;	//@global-race
}
__global__ void rd(const int *a, int *out, int s)
{
	int i = threadIdx.x;
	out[blockIdx.x * blockDim.x + i] = a[i * s] + a[i * s + 1];
}
__global__ void rd_then_wr(int *a, int *out, int s)
{
	int i = threadIdx.x;
	out[blockIdx.x * blockDim.x + i] = a[i * s];
	if (blockIdx.x == 1 && i >= 17)
		a[i * s] = i;	//@global-race
}
__global__ void own(int *a, int s)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int v = a[i * s];
	a[i * s] = v + 1;
	a[i * s] = a[i * s] * 2;
}
int main()
{
	int *a, *out;
	cudaMalloc(&a, 4096 * sizeof(int));
	cudaMalloc(&out, 4096 * sizeof(int));
	cudaMemset(a, 0, 4096 * sizeof(int));
	cudaMemset(out, 0, 4096 * sizeof(int));
	/* block 1's lanes 0-19 on words of their own, lane 20 and on on block 0's */
	bump<<<2, 32>>>(a, 3);
	cudaDeviceSynchronize();
	rd<<<4, 32>>>(a, out, 5);
	rd_then_wr<<<2, 32>>>(a, out, 7);
	cudaDeviceSynchronize();
	own<<<4, 32>>>(a, 9);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
''')
# A naive matrix product's loads in 16 x 16 blocks (sgemm's A[row * K + i]:
# one word for each half-warp; B[i * K + col]: the same 16 words for both
# halves): words several blocks read, which the global checker's first pass
# passes over lane after lane (a lane on the word of the lane before it
# without a look), and which a later write meets (golden stderr: which
# readers it names).
prog("global_race_broadcast_1", r'''
#define W 32
__global__ void mm(const float *A, const float *B, float *C)
{
	int col = blockIdx.x * blockDim.x + threadIdx.x;
	int row = blockIdx.y * blockDim.y + threadIdx.y;
	float sum = 0.f;
	for (int i = 0; i < W; ++i)
		sum += A[row * W + i] * B[i * W + col];
	C[row * W + col] = sum;
}
__global__ void rd_then_wr(float *B, float *C)
{
	int col = threadIdx.x, row = blockIdx.x * blockDim.y + threadIdx.y;
	C[row * W + col] = B[col] + B[16 + col];
	if (blockIdx.x == 1 && threadIdx.y == 15)
		B[col] = 1.f;	//@global-race
	if (blockIdx.x == 0 && threadIdx.y == 15)
		B[16 + col] = 2.f;	//@global-race
}
int main()
{
	float *A, *B, *C;
	cudaMalloc(&A, W * W * sizeof(float));
	cudaMalloc(&B, W * W * sizeof(float));
	cudaMalloc(&C, W * W * sizeof(float));
	cudaMemset(A, 0, W * W * sizeof(float));
	cudaMemset(B, 0, W * W * sizeof(float));
	mm<<<dim3(2, 2), dim3(16, 16)>>>(A, B, C);
	cudaDeviceSynchronize();
	rd_then_wr<<<2, dim3(16, 16)>>>(B, C);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
''')
prog("uninit_atomic_1", r'''
#include <cstdio>
// a histogram whose bins no cudaMemset cleared: the atomics read them
__global__ void hist(const int *v, unsigned *bins)
{
	atomicAdd(&bins[v[threadIdx.x] & 3], 1u);	//@uninitialized-read
}
int main()
{
	int h[32], *v;
	unsigned *bins, out[4];
	for (int i = 0; i < 32; i++)
		h[i] = i;
	cudaMalloc(&v, sizeof(h));
	cudaMalloc(&bins, sizeof(out));
	cudaMemcpy(v, h, sizeof(h), cudaMemcpyHostToDevice);
	hist<<<1, 32>>>(v, bins);
	cudaMemcpy(out, bins, sizeof(out), cudaMemcpyDeviceToHost);
	return 0;
}
''')
prog("ok_atomic_after_memset", r'''
#include <cstdio>
__global__ void hist(const int *v, unsigned *bins)
{
	atomicAdd(&bins[v[threadIdx.x] & 3], 1u);
}
int main()
{
	int h[32], *v;
	unsigned *bins, out[4];
	for (int i = 0; i < 32; i++)
		h[i] = i;
	cudaMalloc(&v, sizeof(h));
	cudaMalloc(&bins, sizeof(out));
	cudaMemcpy(v, h, sizeof(h), cudaMemcpyHostToDevice);
	cudaMemset(bins, 0, sizeof(out));
	hist<<<1, 32>>>(v, bins);
	cudaMemcpy(out, bins, sizeof(out), cudaMemcpyDeviceToHost);
	printf("%u %u %u %u\n", out[0], out[1], out[2], out[3]);
	return 0;
}
''')
prog("uninit_shared_1", r'''
__global__ void k(int *out)
{
	__shared__ int s[64];
	int t = threadIdx.x;
	if (t < 32)
		s[t] = t;
	__syncthreads();
	out[t] = s[t];	//@uninitialized-read
}
int main()
{
	int *out;
	cudaMalloc(&out, 64 * sizeof(int));
	k<<<1, 64>>>(out);
	cudaDeviceSynchronize();
	return 0;
}
''')
prog("uninit_shared_2", r'''
__global__ void k(float *out)
{
	__shared__ float acc;
	acc += 1.0f;	//@uninitialized-read
	out[0] = acc;
}
int main()
{
	float *out;
	cudaMalloc(&out, sizeof(float));
	k<<<1, 1>>>(out);
	cudaDeviceSynchronize();
	return 0;
}
''')

# ---------------- deadlock, limits
prog("syncwarp_mask_3", r'''
__global__ void k(int *out)
{
	int l = threadIdx.x;
	if (l < 16)
		__syncwarp();	//@invalid-syncwarp-mask
	out[l] = l;
}
int main()
{
	int *out;
	cudaMalloc(&out, 32 * sizeof(int));
	k<<<1, 32>>>(out);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
''')
prog("deadlock_1", r"""
__global__ void k(int *out)
{
	int l = threadIdx.x;
	if (l < 16)
		__syncwarp();	//@deadlock
	else
		__syncthreads();
	out[l] = l;
}
int main()
{
	int *out;
	cudaMalloc(&out, 32 * sizeof(int));
	k<<<1, 32>>>(out);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
""")
prog("deadlock_2", r'''
__global__ void k(volatile int *flag)
{
	if (threadIdx.x == 0)
		while (*flag == 0)	//@deadlock
			;
}
int main()
{
	int *flag;
	cudaMalloc(&flag, sizeof(int));
	cudaMemset(flag, 0, sizeof(int));
	k<<<1, 32>>>(flag);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
''')
prog("deadlock_3", r'''
__global__ void k(int *lock)
{
	if (threadIdx.x == 0)
		while (atomicCAS(lock, 0, 1) != 0)	//@deadlock
			;
}
int main()
{
	int *lock;
	cudaMalloc(&lock, sizeof(int));
	cudaMemset(lock, 0xff, sizeof(int));
	k<<<2, 32>>>(lock);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
''')
prog("step_limit_1", r'''
// warpstep-opts: --max-steps 100000
__global__ void k(int *out)
{
	int x = 0;
	for (unsigned i = 0; ; i++)	//@step-limit
		x += i;
	out[0] = x;
}
int main()
{
	int *out;
	cudaMalloc(&out, sizeof(int));
	k<<<1, 1>>>(out);
	cudaDeviceSynchronize();
	return 0;
}
''')
prog("step_limit_2", r'''
// warpstep-opts: --max-steps 50000
int main()
{
	volatile unsigned long long x = 0;
	for (;;)
		x++;	//@step-limit
	return 0;
}
''')
prog("div_zero_1", r'''
__global__ void k(const int *a, int *out, int d)
{
	out[threadIdx.x] = a[threadIdx.x] / d;	//@integer-divide-by-zero
}
int main()
{
	int *a, *out;
	cudaMalloc(&a, 32 * sizeof(int));
	cudaMalloc(&out, 32 * sizeof(int));
	cudaMemset(a, 0, 32 * sizeof(int));
	k<<<1, 32>>>(a, out, 0);
	cudaDeviceSynchronize();
	return 0;
}
''')
prog("div_zero_2", r'''
__global__ void k(int *out)
{
	int t = threadIdx.x;
	out[t] = 100 % (t - 5);	//@integer-divide-by-zero
}
int main()
{
	int *out;
	cudaMalloc(&out, 32 * sizeof(int));
	k<<<1, 32>>>(out);
	cudaDeviceSynchronize();
	return 0;
}
''')
prog("unreachable_1", r"""
__device__ int pick(int x)
{
	switch (x & 3) {
	case 0: return 10;
	case 1: return 11;
	case 2: return 12;
	}
	__builtin_unreachable();	//@unreachable
}
__global__ void k(int *out)
{
	out[threadIdx.x] = pick(threadIdx.x);
}
int main()
{
	int *out;
	cudaMalloc(&out, 32 * sizeof(int));
	k<<<1, 32>>>(out);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
""")
prog("unreachable_2", r"""
__device__ int pick(int x)
{
	switch (x & 3) {
	case 0: return 10;
	case 1: return 11;
	case 2: return 12;
	case 3: return 13;
	}
	__builtin_unreachable();
}
__global__ void k(int *out)
{
	out[threadIdx.x] = pick(threadIdx.x);
}
int main()
{
	int *out, h[32];
	cudaMalloc(&out, 32 * sizeof(int));
	k<<<1, 32>>>(out);
	cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d %d\n", (int)cudaDeviceSynchronize(), h[31]);
	return 0;
}
""")
prog("assume_1", r"""
__global__ void k(int *out, int n)
{
	int i = threadIdx.x;
	__builtin_assume(i < n);	//@assume-violated
	out[i] = i;
}
int main()
{
	int *out;
	cudaMalloc(&out, 64 * sizeof(int));
	k<<<1, 64>>>(out, 48);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
""")
prog("assume_2", r"""
__global__ void k(int *out, int n)
{
	int i = threadIdx.x;
	__builtin_assume(i < n);
	__builtin_assume(n % 32 == 0);
	out[i] = i;
}
int main()
{
	int *out;
	cudaMalloc(&out, 64 * sizeof(int));
	k<<<1, 64>>>(out, 64);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
""")
prog("assert_1", r'''
__global__ void k(const int *a)
{
	assert(a[threadIdx.x] >= 0);	//@assert-failure
}
int main()
{
	int h[32], *a;
	for (int i = 0; i < 32; i++)
		h[i] = i == 7 ? -1 : i;
	cudaMalloc(&a, sizeof(h));
	cudaMemcpy(a, h, sizeof(h), cudaMemcpyHostToDevice);
	k<<<1, 32>>>(a);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
''')
prog("assert_2", r'''
__device__ int checked(int x)
{
	assert(x < 10);	//@assert-failure
	return x;
}
__global__ void k(int *out)
{
	out[threadIdx.x] = checked(threadIdx.x);
}
int main()
{
	int *out;
	cudaMalloc(&out, 16 * sizeof(int));
	k<<<1, 16>>>(out);
	printf("%d\n", (int)cudaDeviceSynchronize());
	printf("%d\n", (int)cudaMemcpy(out, out, 4, cudaMemcpyDeviceToDevice));
	return 0;
}
''')
prog("trap_1", r'''
__global__ void k(int *a)
{
	if (a[threadIdx.x] < 0)
		__trap();	//@trap
}
int main()
{
	int *a;
	cudaMalloc(&a, 32 * sizeof(int));
	cudaMemset(a, 0xff, 32 * sizeof(int));
	k<<<1, 32>>>(a);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
''')
prog("trap_2", r'''
__device__ void fail(void)
{
	__trap();	//@trap
}
__global__ void k(void)
{
	if (blockIdx.x == 3)
		fail();
}
int main()
{
	k<<<4, 32>>>();
	printf("%d\n", (int)cudaDeviceSynchronize());
	printf("%d\n", (int)cudaGetLastError());
	return 0;
}
''')
prog("stack_overflow_1", r'''
__device__ int depth(int n)
{
	int pad[64];
	pad[n % 64] = n;
	return depth(n + 1) + pad[n % 64];	//@stack-overflow
}
__global__ void k(int *out)
{
	out[0] = depth(0);
}
int main()
{
	int *out;
	cudaMalloc(&out, sizeof(int));
	k<<<1, 1>>>(out);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
''')
prog("stack_overflow_2", r'''
__device__ unsigned long long fact(unsigned long long n)
{
	return n * fact(n - 1);	//@stack-overflow
}
__global__ void k(unsigned long long *out)
{
	out[threadIdx.x] = fact(threadIdx.x + 5);
}
int main()
{
	unsigned long long *out;
	cudaMalloc(&out, 32 * sizeof(*out));
	k<<<1, 32>>>(out);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
''')
prog("invalid_launch_1", r'''
__global__ void k(int *out)
{
	out[threadIdx.x] = 1;
}
int main()
{
	int *out;
	cudaMalloc(&out, 2048 * sizeof(int));
	k<<<1, 2048>>>(out);	//@invalid-launch
	printf("%s\n", cudaGetErrorString(cudaGetLastError()));
	return 0;
}
''')
prog("invalid_launch_2", r'''
__global__ void k(float *out)
{
	extern __shared__ float s[];
	s[threadIdx.x] = 0;
	out[threadIdx.x] = s[threadIdx.x];
}
int main()
{
	float *out;
	cudaMalloc(&out, 32 * sizeof(float));
	k<<<1, 32, 1 << 20>>>(out);	//@invalid-launch
	printf("%d\n", (int)cudaGetLastError());
	return 0;
}
''')

# ---------------- near misses: must not be flagged
prog("ok_sync_reads", r'''
__global__ void k(const int *in, int *out)
{
	__shared__ int s[128];
	int t = threadIdx.x;
	s[t] = in[t];
	__syncthreads();
	for (int d = 64; d > 0; d /= 2) {
		if (t < d)
			s[t] += s[t + d];
		__syncthreads();
	}
	out[t] = s[127 - t] + s[0];
}
int main()
{
	int h[128], *in, *out;
	for (int i = 0; i < 128; i++)
		h[i] = i;
	cudaMalloc(&in, sizeof(h));
	cudaMalloc(&out, sizeof(h));
	cudaMemcpy(in, h, sizeof(h), cudaMemcpyHostToDevice);
	k<<<1, 128>>>(in, out);
	cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d\n", h[127]);
	cudaFree(in);
	cudaFree(out);
	return 0;
}
''')
prog("ok_atomics", r'''
__global__ void hist(const int *in, int *bins, int n)
{
	__shared__ int local[16];
	int t = threadIdx.x;
	if (t < 16)
		local[t] = 0;
	__syncthreads();
	for (int i = blockIdx.x * blockDim.x + t; i < n; i += gridDim.x * blockDim.x)
		atomicAdd(&local[in[i] % 16], 1);
	__syncthreads();
	if (t < 16)
		atomicAdd(&bins[t], local[t]);
}
int main()
{
	int n = 4096, *h = (int *)malloc(n * sizeof(int)), *in, *bins, out[16];
	for (int i = 0; i < n; i++)
		h[i] = i * 7;
	cudaMalloc(&in, n * sizeof(int));
	cudaMalloc(&bins, 16 * sizeof(int));
	cudaMemcpy(in, h, n * sizeof(int), cudaMemcpyHostToDevice);
	cudaMemset(bins, 0, 16 * sizeof(int));
	hist<<<8, 128>>>(in, bins, n);
	cudaMemcpy(out, bins, sizeof(out), cudaMemcpyDeviceToHost);
	printf("%d\n", out[3]);
	free(h);
	return 0;
}
''')
prog("ok_disjoint", r'''
__global__ void k(float *a, const float *b, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		a[i] = a[i] * 2.0f + b[i];
}
int main()
{
	int n = 1000;
	float *a, *b;
	cudaMalloc(&a, n * sizeof(float));
	cudaMalloc(&b, n * sizeof(float));
	cudaMemset(a, 0, n * sizeof(float));
	cudaMemset(b, 0, n * sizeof(float));
	k<<<(n + 255) / 256, 256>>>(a, b, n);
	k<<<(n + 255) / 256, 256>>>(a, b, n);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
''')
prog("ok_syncwarp", r'''
// warpstep-opts: --simt its
__global__ void k(int *out)
{
	__shared__ int s[64];
	int t = threadIdx.x, l = t % 32;
	s[t] = t;
	__syncwarp();
	for (int d = 16; d > 0; d /= 2) {
		int v = 0;
		if (l < d)
			v = s[t + d];
		__syncwarp();
		if (l < d)
			s[t] += v;
		__syncwarp();
	}
	if (l == 0)
		out[t / 32] = s[t];
}
int main()
{
	int *out, h[2];
	cudaMalloc(&out, 2 * sizeof(int));
	k<<<1, 64>>>(out);
	cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d %d\n", h[0], h[1]);
	return 0;
}
''')
prog("ok_shfl_divergent", r'''
__global__ void k(int *out)
{
	int l = threadIdx.x;
	int v = l;
	if (l < 16) {
		unsigned m = __activemask();
		for (int d = 8; d > 0; d /= 2)
			v += __shfl_down_sync(m, v, d, 16);
	} else {
		v = __shfl_sync(0xffff0000, v, 16);
	}
	out[l] = v;
}
int main()
{
	int *out, h[32];
	cudaMalloc(&out, sizeof(h));
	k<<<1, 32>>>(out);
	cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d %d\n", h[0], h[20]);
	return 0;
}
''')
prog("ok_spinlock", r'''
__device__ int lock;
__device__ int total;
__global__ void k(void)
{
	if (threadIdx.x == 0) {
		while (atomicCAS(&lock, 0, 1) != 0)
			;
		__threadfence();
		total = total + 1;
		__threadfence();
		atomicExch(&lock, 0);
	}
}
int main()
{
	int h = 0;
	cudaMemcpyToSymbol(total, &h, sizeof(int));
	cudaMemcpyToSymbol(lock, &h, sizeof(int));
	k<<<8, 32>>>();
	cudaMemcpyFromSymbol(&h, total, sizeof(int));
	printf("%d\n", h);
	return 0;
}
''')
prog("ok_last_block", r'''
__device__ unsigned done;
__global__ void sum(const int *in, int *partial, int *result)
{
	__shared__ bool last;
	int b = blockIdx.x;
	if (threadIdx.x == 0) {
		partial[b] = in[b] * 2;
		__threadfence();
		unsigned t = atomicInc(&done, gridDim.x);
		last = (t == gridDim.x - 1);
	}
	__syncthreads();
	if (last && threadIdx.x == 0) {
		int s = 0;
		for (int i = 0; i < gridDim.x; i++)
			s += partial[i];
		*result = s;
	}
}
int main()
{
	int h[16], *in, *partial, *result, r;
	unsigned z = 0;
	for (int i = 0; i < 16; i++)
		h[i] = i;
	cudaMalloc(&in, sizeof(h));
	cudaMalloc(&partial, sizeof(h));
	cudaMalloc(&result, sizeof(int));
	cudaMemcpy(in, h, sizeof(h), cudaMemcpyHostToDevice);
	cudaMemcpyToSymbol(done, &z, sizeof(z));
	sum<<<16, 32>>>(in, partial, result);
	cudaMemcpy(&r, result, sizeof(int), cudaMemcpyDeviceToHost);
	printf("%d\n", r);
	return 0;
}
''')
prog("ok_flag_fence", r'''
__device__ volatile int flag;
__device__ int data;
__global__ void k(int *out)
{
	if (blockIdx.x == 0 && threadIdx.x == 0) {
		data = 42;
		__threadfence();
		flag = 1;
	}
	if (blockIdx.x == 1 && threadIdx.x == 0) {
		while (flag == 0)
			;
		__threadfence();
		*out = data;
	}
}
int main()
{
	int *out, h = 0;
	cudaMalloc(&out, sizeof(int));
	cudaMemcpyToSymbol(flag, &h, sizeof(int));
	k<<<2, 32>>>(out);
	cudaMemcpy(&h, out, sizeof(int), cudaMemcpyDeviceToHost);
	printf("%d\n", h);
	return 0;
}
''')
prog("ok_atomic_reset", r"""
__global__ void reset(int *c)
{
	if (blockIdx.x == 0 && threadIdx.x == 0)
		*c = 0;
}
__global__ void add(int *c)
{
	atomicAdd(c, 1);
}
__global__ void one_block(int *c)
{
	if (threadIdx.x == 0)
		*c = 0;
	__syncthreads();
	atomicAdd(c, 1);
	__syncthreads();
	if (threadIdx.x == 0)
		c[1] = *c;
}
int main()
{
	int *c, h[2];
	cudaMalloc(&c, 2 * sizeof(int));
	reset<<<4, 64>>>(c);
	add<<<4, 64>>>(c);
	cudaMemcpy(h, c, sizeof(int), cudaMemcpyDeviceToHost);
	printf("%d\n", h[0]);
	one_block<<<1, 128>>>(c);
	cudaMemcpy(h, c, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d %d\n", h[0], h[1]);
	return 0;
}
""")
prog("ok_cas_loop", r"""
__device__ double atomic_add_double(double *address, double val)
{
	unsigned long long *p = (unsigned long long *)address;
	unsigned long long old = *p, assumed;
	do {
		assumed = old;
		old = atomicCAS(p, assumed, __double_as_longlong(val + __longlong_as_double(assumed)));
	} while (assumed != old);
	return __longlong_as_double(old);
}
__global__ void k(const int *in, double *sum, int *max)
{
	int v = in[blockIdx.x * blockDim.x + threadIdx.x];
	atomic_add_double(sum, v);
	if (v > *max)
		atomicMax(max, v);
}
int main()
{
	int h[256], *in, *max, m;
	double *sum, s;
	for (int i = 0; i < 256; i++)
		h[i] = i;
	cudaMalloc(&in, sizeof(h));
	cudaMalloc(&sum, sizeof(double));
	cudaMalloc(&max, sizeof(int));
	cudaMemcpy(in, h, sizeof(h), cudaMemcpyHostToDevice);
	cudaMemset(sum, 0, sizeof(double));
	cudaMemset(max, 0, sizeof(int));
	k<<<4, 64>>>(in, sum, max);
	cudaMemcpy(&s, sum, sizeof(double), cudaMemcpyDeviceToHost);
	cudaMemcpy(&m, max, sizeof(int), cudaMemcpyDeviceToHost);
	printf("%.0f %d\n", s, m);
	return 0;
}
""")
prog("ok_last_block_reset", r"""
__device__ unsigned retired;
__global__ void sum(const int *in, int *partial, int *result)
{
	__shared__ bool last;
	if (threadIdx.x == 0) {
		partial[blockIdx.x] = in[blockIdx.x] * 2;
		__threadfence();
		unsigned t = atomicInc(&retired, gridDim.x);
		last = (t == gridDim.x - 1);
	}
	__syncthreads();
	if (last && threadIdx.x == 0) {
		int s = 0;
		for (int i = 0; i < gridDim.x; i++)
			s += partial[i];
		*result = s;
		retired = 0;
	}
}
int main()
{
	int h[16], *in, *partial, *result, r1, r2;
	for (int i = 0; i < 16; i++)
		h[i] = i;
	cudaMalloc(&in, sizeof(h));
	cudaMalloc(&partial, sizeof(h));
	cudaMalloc(&result, sizeof(int));
	cudaMemcpy(in, h, sizeof(h), cudaMemcpyHostToDevice);
	sum<<<16, 32>>>(in, partial, result);
	cudaMemcpy(&r1, result, sizeof(int), cudaMemcpyDeviceToHost);
	sum<<<16, 32>>>(in, partial, result);
	cudaMemcpy(&r2, result, sizeof(int), cudaMemcpyDeviceToHost);
	printf("%d %d\n", r1, r2);
	return 0;
}
""")
prog("ok_managed_sync", r"""
__global__ void fill(int *a, int n)
{
	int i = threadIdx.x;
	if (i < n)
		a[i] = a[i] + i * 2;
}
__global__ void total(const int *a, int n, int *out)
{
	if (threadIdx.x == 0) {
		int s = 0;
		for (int i = 0; i < n; i++)
			s += a[i];
		*out = s;
	}
}
int main()
{
	int n = 64, *a, *b, *out;
	cudaMallocManaged(&a, n * sizeof(int));
	cudaMallocManaged(&b, n * sizeof(int));
	cudaMallocManaged(&out, sizeof(int));
	for (int i = 0; i < n; i++)
		a[i] = 1;
	fill<<<1, 64>>>(a, n);
	for (int i = 0; i < n; i++)
		b[i] = i;
	cudaDeviceSynchronize();
	int s = 0;
	for (int i = 0; i < n; i++)
		s += a[i] + b[i];
	total<<<1, 32>>>(a, n, out);
	int first = a[0];
	cudaDeviceSynchronize();
	printf("%d %d %d\n", s, first, *out);
	cudaFree(a);
	cudaFree(b);
	cudaFree(out);
	return 0;
}
""")
prog("ok_syncwarp_exchange", r"""
__global__ void k(int *out)
{
	__shared__ int s[32];
	int l = threadIdx.x;
	s[l] = l * l;
	__syncwarp();
	int v = s[l ^ 1];
	__syncwarp();
	s[l] = v + s[l];
	__syncwarp();
	out[l] = s[31 - l];
}
int main()
{
	int *out, h[32];
	cudaMalloc(&out, sizeof(h));
	k<<<1, 32>>>(out);
	cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d %d\n", h[0], h[31]);
	return 0;
}
""")
prog("ok_syncwarp_exchange_its", r"""
// warpstep-opts: --simt its
__global__ void k(int *out)
{
	__shared__ int s[32];
	int l = threadIdx.x;
	s[l] = l * l;
	__syncwarp();
	int v = s[l ^ 1];
	__syncwarp();
	s[l] = v + s[l];
	__syncwarp();
	out[l] = s[31 - l];
}
int main()
{
	int *out, h[32];
	cudaMalloc(&out, sizeof(h));
	k<<<1, 32>>>(out);
	cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d %d\n", h[0], h[31]);
	return 0;
}
""")
prog("ok_guarded", r'''
__global__ void k(const int *in, int *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		out[i] = in[i] / (in[i] + 1);
}
int main()
{
	int n = 100, *in, *out;
	cudaMalloc(&in, n * sizeof(int));
	cudaMalloc(&out, n * sizeof(int));
	cudaMemset(in, 0, n * sizeof(int));
	k<<<(n + 63) / 64, 64>>>(in, out, n);
	printf("%d\n", (int)cudaDeviceSynchronize());
	cudaFree(in);
	cudaFree(out);
	return 0;
}
''')

prog("uninit_local_1", r"""
__global__ void k(int *out)
{
	int a[8];
	for (int i = 0; i < 4; i++)
		a[i] = i * threadIdx.x;
	int s = 0;
	for (int i = 0; i < 8; i++)
		s += a[i];	//@uninitialized-read
	out[threadIdx.x] = s;
}
int main()
{
	int *out;
	cudaMalloc(&out, 32 * sizeof(int));
	k<<<1, 32>>>(out);
	cudaDeviceSynchronize();
	return 0;
}
""")
# Bytes of local memory by ranges that start and end inside a byte of the
# checker's bits (a char, a short after three chars, a double): a by-value
# struct's fields (written by the launch), a local struct written in part, a
# local array written at even places (golden stderr: which reads report).
prog("uninit_local_bytes_1", r"""
struct S { char c[3]; short h; int x; double d; char t[5]; };
__device__ int use(const S *q, int j)
{
	return q->c[j] + q->x + (int)q->t[j];
}
__device__ int use_h(const S *q)
{
	return q->h;	//@uninitialized-read
}
__device__ int use_d(const S *q)
{
	return (int)q->d;	//@uninitialized-read
}
__device__ int use_t(const S *q, int j)
{
	return q->t[j + 2];	//@uninitialized-read
}
__global__ void k(S p, int *out, int j)
{
	int buf[12];
	for (int i = 0; i < 12; i += 2)
		buf[i] = i;
	S q;
	q.c[0] = 1;
	q.c[1] = 2;
	q.c[2] = 3;
	q.x = 4;
	q.t[0] = 5;
	q.t[1] = 6;
	q.t[2] = 7;
	int v = p.c[1] + p.h + p.x + (int)p.d + p.t[4] + use(&q, j);
	v += buf[2 * j] + buf[2 * j + 1];	//@uninitialized-read
	if (threadIdx.x == 1)
		v += use_h(&q);
	if (threadIdx.x == 2)
		v += use_d(&q);
	if (threadIdx.x == 3)
		v += use_t(&q, j);
	out[threadIdx.x] = v;
}
int main()
{
	S p = { { 1, 2, 3 }, 4, 5, 6.0, { 7, 8, 9, 10, 11 } };
	int *out;
	cudaMalloc(&out, 32 * sizeof(int));
	k<<<1, 32>>>(p, out, 1);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
""")
prog("uninit_local_2", r"""
struct point { float x, y, z; };
__device__ float norm2(const point *p)
{
	return p->x * p->x + p->y * p->y + p->z * p->z;	//@uninitialized-read
}
__global__ void k(float *out)
{
	point p;
	p.x = threadIdx.x;
	p.y = 1.0f;
	out[threadIdx.x] = norm2(&p);
}
int main()
{
	float *out;
	cudaMalloc(&out, 32 * sizeof(float));
	k<<<1, 32>>>(out);
	cudaDeviceSynchronize();
	return 0;
}
""")
# the second launch of loc reuses the first one's blocks and lane stacks, whose a[2] the
# first launch wrote: it must still read as never written (and the first launch, which
# wrote every element, as a near miss); a kernel with another block shape runs between
prog("uninit_local_relaunch", r"""
struct coef { int a, b; };
__global__ void lin(int *out, coef k)
{
	out[blockIdx.x * blockDim.x + threadIdx.x] = k.a * threadIdx.x + k.b;
}
__global__ void loc(int *out, int n, int skip)
{
	int a[8];
	for (int j = 0; j < 8; j++)
		if (j != skip)
			a[j] = j * n;
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (skip < 0)
		out[i] = a[threadIdx.x % 8];
	else
		out[i] = a[skip];	//@uninitialized-read
}
int main()
{
	int *out;
	cudaMalloc(&out, 1024 * sizeof(int));
	coef k = { 2, 1 };
	loc<<<2, 96>>>(out, 3, -1);
	lin<<<4, 64>>>(out, k);
	loc<<<2, 96>>>(out, 5, 2);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
""")
prog("ok_local_init", r"""
struct point { float x, y, z; };
__device__ float dot(point a, point b)
{
	return a.x * b.x + a.y * b.y + a.z * b.z;
}
__global__ void k(float *out, point q)
{
	int a[8] = {0};
	float b[4];
	for (int i = 0; i < 4; i++)
		b[i] = i;
	point p = {1.0f, 2.0f, 3.0f};
	for (int i = 0; i < 8; i++)
		a[i] += i;
	out[threadIdx.x] = a[threadIdx.x % 8] + b[threadIdx.x % 4] + dot(p, q);
}
int main()
{
	float *out;
	point q = {1, 1, 1};
	cudaMalloc(&out, 32 * sizeof(float));
	k<<<1, 32>>>(out, q);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
""")

prog("deadlock_nonresident", r"""
__device__ volatile int ready;
__global__ void k(int *out)
{
	if (blockIdx.x == gridDim.x - 1) {
		if (threadIdx.x == 0)
			ready = 1;
	} else {
		while (ready == 0)	//@deadlock
			;
		out[blockIdx.x] = 1;
	}
}
int main()
{
	int *out, z = 0;
	cudaMalloc(&out, 4096 * sizeof(int));
	cudaMemcpyToSymbol(ready, &z, sizeof(int));
	k<<<4096, 1024>>>(out);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
""")

prog("syncwarp_mask_4", r"""
__global__ void k(int *out)
{
	int l = threadIdx.x;
	if (l < 16) {
		out[l] = l;
		__syncwarp(0xffffffff);	//@invalid-syncwarp-mask
	} else {
		out[l] = -l;
		__syncwarp(0xffff0001);
	}
}
int main()
{
	int *out;
	cudaMalloc(&out, 32 * sizeof(int));
	k<<<1, 32>>>(out);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
""")
prog("collective_mask_3", r"""
__global__ void k(int *out)
{
	int l = threadIdx.x, v;
	if (l < 16)
		v = __shfl_sync(0xffffffff, l, 3);	//@invalid-collective-mask
	else
		v = __ballot_sync(0xffffffff, l > 20);
	out[l] = v;
}
int main()
{
	int *out;
	cudaMalloc(&out, 32 * sizeof(int));
	k<<<1, 32>>>(out);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
""")

# ---------------- new/delete pairing
prog("mismatched_delete_1", r"""
struct P {
	int v;
};
__global__ void k()
{
	int *a = new int[4];
	delete a;	//@mismatched-delete
}
int main()
{
	int *a = new int[4];
	delete a;	//@mismatched-delete
	P *b = new P;
	delete[] b;	//@mismatched-delete
	int *c = (int *)malloc(8);
	delete c;	//@mismatched-delete
	int *d = new int(3);
	free(d);	//@mismatched-delete
	k<<<1, 1>>>();
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
""")

prog("mismatched_delete_2", r"""
struct P {
	int v;
	~P() { v = 0; }
};
__global__ void k()
{
	int *a = new int[4];
	delete[] a;
}
int main()
{
	int *a = new int[4];
	delete[] a;
	P *b = new P[3];
	delete[] b;
	P *c = new P;
	delete c;
	int *d = (int *)malloc(8);
	free(d);
	k<<<1, 1>>>();
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
""")

prog("host_deadlock_1", r'''
#include <pthread.h>
// two host threads take two mutexes in opposite orders; the barrier makes
// sure each holds its first before it asks for the second
static pthread_mutex_t a = PTHREAD_MUTEX_INITIALIZER, b = PTHREAD_MUTEX_INITIALIZER;
static pthread_barrier_t both;
static void *other(void *)
{
	pthread_mutex_lock(&b);
	pthread_barrier_wait(&both);
	pthread_mutex_lock(&a);
	pthread_mutex_unlock(&a);
	pthread_mutex_unlock(&b);
	return NULL;
}
int main()
{
	pthread_t t;
	pthread_barrier_init(&both, NULL, 2);
	pthread_create(&t, NULL, other, NULL);
	pthread_mutex_lock(&a);
	pthread_barrier_wait(&both);
	pthread_mutex_lock(&b);	//@host-deadlock
	printf("never\n");
	return 0;
}
''')
prog("host_deadlock_2", r'''
#include <pthread.h>
// a near miss: the same two mutexes, always taken in one order
static pthread_mutex_t a = PTHREAD_MUTEX_INITIALIZER, b = PTHREAD_MUTEX_INITIALIZER;
static int n = 0;
static void *work(void *)
{
	for (int i = 0; i < 50; i++) {
		pthread_mutex_lock(&a);
		pthread_mutex_lock(&b);
		n++;
		pthread_mutex_unlock(&b);
		pthread_mutex_unlock(&a);
	}
	return NULL;
}
int main()
{
	pthread_t t[3];
	for (int i = 0; i < 3; i++)
		pthread_create(&t[i], NULL, work, NULL);
	for (int i = 0; i < 3; i++)
		pthread_join(t[i], NULL);
	printf("%d\n", n);
	return 0;
}
''')

# ---------------- textures and surfaces
prog("surface_oob_1", r'''
#include <cstring>
__global__ void k(cudaSurfaceObject_t s)
{
	/* x counts bytes: 2 * threadIdx.x is not a multiple of sizeof(float)
	 * (the H100 faults with a misaligned address before the row ends) */
	surf2Dwrite(1.0f, s, threadIdx.x * 2, 0);	//@misaligned
}
int main()
{
	cudaChannelFormatDesc ch = cudaCreateChannelDesc<float>();
	cudaArray_t a;
	cudaMallocArray(&a, &ch, 8, 2, cudaArraySurfaceLoadStore);
	cudaResourceDesc rd;
	memset(&rd, 0, sizeof(rd));
	rd.resType = cudaResourceTypeArray;
	rd.res.array.array = a;
	cudaSurfaceObject_t s;
	cudaCreateSurfaceObject(&s, &rd);
	k<<<1, 32>>>(s);
	printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
	return 0;
}
''')
prog("surface_oob_3", r'''
#include <cstring>
__global__ void k(cudaSurfaceObject_t s)
{
	/* x in bytes, aligned, but lanes 8..31 are past the 8-float row */
	surf2Dwrite(1.0f, s, threadIdx.x * 4, 0);	//@surface-out-of-bounds
}
int main()
{
	cudaChannelFormatDesc ch = cudaCreateChannelDesc<float>();
	cudaArray_t a;
	cudaMallocArray(&a, &ch, 8, 2, cudaArraySurfaceLoadStore);
	cudaResourceDesc rd;
	memset(&rd, 0, sizeof(rd));
	rd.resType = cudaResourceTypeArray;
	rd.res.array.array = a;
	cudaSurfaceObject_t s;
	cudaCreateSurfaceObject(&s, &rd);
	k<<<1, 32>>>(s);
	printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
	return 0;
}
''')
prog("surface_oob_2", r'''
#include <cstring>
__global__ void k(cudaSurfaceObject_t s)
{
	/* the same access with byte coordinates and a clamp at the edge */
	surf2Dwrite(1.0f, s, threadIdx.x * 4, 0, cudaBoundaryModeClamp);
	surf2Dwrite(2.0f, s, (threadIdx.x % 8) * 4, 1);
}
int main()
{
	cudaChannelFormatDesc ch = cudaCreateChannelDesc<float>();
	cudaArray_t a;
	cudaMallocArray(&a, &ch, 8, 2, cudaArraySurfaceLoadStore);
	cudaResourceDesc rd;
	memset(&rd, 0, sizeof(rd));
	rd.resType = cudaResourceTypeArray;
	rd.res.array.array = a;
	cudaSurfaceObject_t s;
	cudaCreateSurfaceObject(&s, &rd);
	k<<<1, 8>>>(s);
	printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
	return 0;
}
''')
prog("texture_object_1", r'''
#include <cstring>
__global__ void k(cudaTextureObject_t t, float *out)
{
	out[threadIdx.x] = tex1Dfetch<float>(t, threadIdx.x);	//@invalid-texture-object
}
int main()
{
	float *d, *out;
	cudaMalloc(&d, 32 * sizeof(float));
	cudaMalloc(&out, 32 * sizeof(float));
	cudaMemset(d, 0, 32 * sizeof(float));
	cudaResourceDesc rd;
	memset(&rd, 0, sizeof(rd));
	rd.resType = cudaResourceTypeLinear;
	rd.res.linear.devPtr = d;
	rd.res.linear.desc = cudaCreateChannelDesc<float>();
	rd.res.linear.sizeInBytes = 32 * sizeof(float);
	cudaTextureDesc td;
	memset(&td, 0, sizeof(td));
	cudaTextureObject_t t;
	cudaCreateTextureObject(&t, &rd, &td, NULL);
	cudaDestroyTextureObject(t);	/* destroyed before the kernel runs */
	k<<<1, 32>>>(t, out);
	printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
	return 0;
}
''')
prog("texture_object_2", r'''
#include <cstring>
__global__ void k(cudaTextureObject_t t, float *out)
{
	out[threadIdx.x] = tex1Dfetch<float>(t, threadIdx.x + 16);
}
int main()
{
	float *d, *out;
	cudaMalloc(&d, 32 * sizeof(float));
	cudaMalloc(&out, 32 * sizeof(float));
	cudaMemset(d, 0, 32 * sizeof(float));
	cudaResourceDesc rd;
	memset(&rd, 0, sizeof(rd));
	rd.resType = cudaResourceTypeLinear;
	rd.res.linear.devPtr = d;
	rd.res.linear.desc = cudaCreateChannelDesc<float>();
	rd.res.linear.sizeInBytes = 32 * sizeof(float);
	cudaTextureDesc td;
	memset(&td, 0, sizeof(td));
	cudaTextureObject_t t;
	cudaCreateTextureObject(&t, &rd, &td, NULL);
	k<<<1, 32>>>(t, out);	/* past the end reads zero: no finding */
	printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
	cudaDestroyTextureObject(t);
	return 0;
}
''')

# ---------------- no finding: lanes of a warp on neighbouring bytes of one
# shared word are separate memory locations (a char array indexed by lane)
prog("ok_shared_bytes", r'''
#include <cstdio>
__global__ void k(int *o)
{
	__shared__ unsigned char s[32];
	int t = threadIdx.x;
	s[t] = t;
	s[t] = s[t] + 1;
	__syncthreads();
	o[t] = s[31 - t];
}
int main()
{
	int *d, h[32];
	cudaMalloc(&d, sizeof(h));
	k<<<1, 32>>>(d);
	cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d %d\n", h[0], h[31]);
	return 0;
}
''')

# ---------------- asynchronous copies (engine/machine/async.c)
prog("async_read_before_wait_1", r'''
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
namespace cg = cooperative_groups;
// the copy lands at cg::wait: reading the destination before it sees the old bytes
__global__ void k(const int *in, int *out)
{
	__shared__ int s[64];
	cg::thread_block tb = cg::this_thread_block();
	s[tb.thread_rank()] = 0;
	s[tb.thread_rank() + 32] = 0;
	tb.sync();
	cg::memcpy_async(tb, s, in, sizeof(int) * 64);
	int early = s[tb.thread_rank()];	//@async-copy-read-before-wait
	cg::wait(tb);
	out[tb.thread_rank()] = early + s[tb.thread_rank() + 32];
}
int main()
{
	int *in, *out;
	cudaMalloc(&in, 64 * sizeof(int));
	cudaMalloc(&out, 32 * sizeof(int));
	cudaMemset(in, 1, 64 * sizeof(int));
	k<<<1, 32>>>(in, out);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
''')
prog("async_read_before_wait_2", r'''
#include <cuda_pipeline.h>
// __pipeline_wait_prior(1) leaves the newest batch in flight: its destination is not ready
__global__ void k(const int4 *in, int *out)
{
	__shared__ int4 s[2][32];
	int t = threadIdx.x;
	__pipeline_memcpy_async(&s[0][t], &in[t], sizeof(int4));
	__pipeline_commit();
	__pipeline_memcpy_async(&s[1][t], &in[32 + t], sizeof(int4));
	__pipeline_commit();
	__pipeline_wait_prior(1);
	int a = s[0][t].x;
	int b = s[1][t].y;	//@async-copy-read-before-wait
	__pipeline_wait_prior(0);
	out[t] = a + b;
}
int main()
{
	int4 *in;
	int *out;
	cudaMalloc(&in, 64 * sizeof(int4));
	cudaMalloc(&out, 32 * sizeof(int));
	cudaMemset(in, 0, 64 * sizeof(int4));
	k<<<1, 32>>>(in, out);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
''')
prog("async_read_before_wait_3", r'''
#include <cooperative_groups.h>
#include <cuda/pipeline>
// near miss: every read comes after the consumer_wait of its stage
__global__ void k(const int *in, int *out)
{
	__shared__ int s[2][32];
	__shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 2> st;
	auto block = cooperative_groups::this_thread_block();
	auto pipe = cuda::make_pipeline(block, &st);
	int acc = 0;
	for (int b = 0; b < 4; b++) {
		pipe.producer_acquire();
		cuda::memcpy_async(block, s[b % 2], in + 32 * b, sizeof(int) * 32, pipe);
		pipe.producer_commit();
		pipe.consumer_wait();
		acc += s[b % 2][31 - block.thread_rank()];
		pipe.consumer_release();
	}
	out[block.thread_rank()] = acc;
}
int main()
{
	int *in, *out;
	cudaMalloc(&in, 128 * sizeof(int));
	cudaMalloc(&out, 32 * sizeof(int));
	cudaMemset(in, 0, 128 * sizeof(int));
	k<<<1, 32>>>(in, out);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
''')
prog("async_write_in_flight_1", r'''
#include <cuda/barrier>
#include <cuda/pipeline>
// the destination is written while the copy is in flight: which write wins is undefined
__global__ void k(const int *in, int *out)
{
	__shared__ int s[32];
	__shared__ cuda::barrier<cuda::thread_scope_block> bar;
	int t = threadIdx.x;
	if (t == 0)
		init(&bar, blockDim.x);
	__syncthreads();
	if (t == 0)
		cuda::memcpy_async(s, in, sizeof(int) * 32, bar);
	s[t] = -t;	//@async-copy-write-in-flight
	bar.arrive_and_wait();
	out[t] = s[t];
}
int main()
{
	int *in, *out;
	cudaMalloc(&in, 32 * sizeof(int));
	cudaMalloc(&out, 32 * sizeof(int));
	cudaMemset(in, 0, 32 * sizeof(int));
	k<<<1, 32>>>(in, out);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
''')
prog("async_write_in_flight_2", r'''
#include <cuda_pipeline.h>
// the source is overwritten before the wait: the copy may read either value
__global__ void k(int *in, int *out)
{
	__shared__ int s[32];
	int t = threadIdx.x;
	__pipeline_memcpy_async(&s[t], &in[t], sizeof(int));
	__pipeline_commit();
	in[t] = 7;	//@async-copy-write-in-flight
	__pipeline_wait_prior(0);
	out[t] = s[t];
}
int main()
{
	int *in, *out;
	cudaMalloc(&in, 32 * sizeof(int));
	cudaMalloc(&out, 32 * sizeof(int));
	cudaMemset(in, 0, 32 * sizeof(int));
	k<<<1, 32>>>(in, out);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
''')
prog("async_misaligned_1", r'''
#include <cuda_pipeline.h>
// __pipeline_memcpy_async copies 4, 8 or 16 bytes: 12 is not allowed
__global__ void k(const int *in, int *out)
{
	__shared__ int s[96];
	int t = threadIdx.x;
	__pipeline_memcpy_async(&s[3 * t], &in[3 * t], 12);	//@async-copy-misaligned
	__pipeline_commit();
	__pipeline_wait_prior(0);
	out[t] = s[3 * t];
}
int main()
{
	int *in, *out;
	cudaMalloc(&in, 96 * sizeof(int));
	cudaMalloc(&out, 32 * sizeof(int));
	cudaMemset(in, 0, 96 * sizeof(int));
	k<<<1, 32>>>(in, out);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
''')
prog("async_misaligned_2", r'''
#include <cooperative_groups.h>
#include <cuda/barrier>
#include <cuda/pipeline>
// cuda::aligned_size_t<16> promises 16-byte aligned pointers: in + 1 is not
__global__ void k(const int *in, int *out)
{
	__shared__ __align__(16) int s[64];
	__shared__ cuda::barrier<cuda::thread_scope_block> bar;
	auto block = cooperative_groups::this_thread_block();
	if (block.thread_rank() == 0)
		init(&bar, block.size());
	block.sync();
	cuda::memcpy_async(block, s, in + 1, cuda::aligned_size_t<16>(sizeof(int) * 32), bar);	//@async-copy-misaligned
	bar.arrive_and_wait();
	out[block.thread_rank()] = s[block.thread_rank()];
}
int main()
{
	int *in, *out;
	cudaMalloc(&in, 64 * sizeof(int));
	cudaMalloc(&out, 32 * sizeof(int));
	cudaMemset(in, 0, 64 * sizeof(int));
	k<<<1, 32>>>(in, out);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
''')
prog("async_diverged_commit_1", r'''
#include <cuda_pipeline.h>
// the two halves of the warp commit separately (warp entanglement)
__global__ void k(const int *in, int *out)
{
	__shared__ int s[32];
	int t = threadIdx.x;
	if (t < 16) {
		__pipeline_memcpy_async(&s[t], &in[t], sizeof(int));
		__pipeline_commit();
	} else {
		__pipeline_memcpy_async(&s[t], &in[t], sizeof(int));
		__pipeline_commit();	//@async-copy-diverged-commit
	}
	__pipeline_wait_prior(0);
	out[t] = s[t];
}
int main()
{
	int *in, *out;
	cudaMalloc(&in, 32 * sizeof(int));
	cudaMalloc(&out, 32 * sizeof(int));
	cudaMemset(in, 0, 32 * sizeof(int));
	k<<<1, 32>>>(in, out);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
''')

# blocks admitted late (4096 blocks of 256 threads; 1056 resident on the
# H100): checked `run` without shared memory gives them warps that earlier
# blocks gave back (machine.c wlazy_ok), with shared memory their slots' own
prog("late_block_1", r"""
__global__ void k(const int *in, int *out, int *flag, int *small)
{
	int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
	out[i] = in[i] + 1;
	if ((blockIdx.x == 3000 && t == 5) || (blockIdx.x == 3001 && t == 37))
		flag[0] = 1;	//@global-race
	if (blockIdx.x == 4000 && t == 17)
		small[100] = 2;	//@oob-global-write
}
int main()
{
	int n = 4096 * 256, *in, *out, *flag, *small;
	cudaMalloc(&small, 100 * sizeof(int));
	cudaMalloc(&flag, sizeof(int));
	cudaMalloc(&in, n * sizeof(int));
	cudaMalloc(&out, n * sizeof(int));
	cudaMemset(in, 0, n * sizeof(int));
	k<<<4096, 256>>>(in, out, flag, small);
	printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
	int *h = (int *)malloc(n * sizeof(int)), bad = 0;
	cudaMemcpy(h, out, n * sizeof(int), cudaMemcpyDeviceToHost);
	for (int j = 0; j < n; j++)
		bad += h[j] != 1;
	printf("bad %d\n", bad);
	return 0;
}
""")
prog("late_block_2", r"""
__global__ void k(const int *in, int *out, int *small)
{
	__shared__ int s[256];
	int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
	s[t] = in[i];
	__syncthreads();
	int v = s[255 - t];
	if (blockIdx.x == 3500 && t == 3)
		s[200] = v;	//@shared-race
	if (blockIdx.x == 3900 && t == 17)
		small[100] = v;	//@oob-global-write
	out[i] = v + 1;
}
int main()
{
	int n = 4096 * 256, *in, *out, *small;
	cudaMalloc(&small, 100 * sizeof(int));
	cudaMalloc(&in, n * sizeof(int));
	cudaMalloc(&out, n * sizeof(int));
	cudaMemset(in, 0, n * sizeof(int));
	k<<<4096, 256>>>(in, out, small);
	printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
	int *h = (int *)malloc(n * sizeof(int)), bad = 0;
	cudaMemcpy(h, out, n * sizeof(int), cudaMemcpyDeviceToHost);
	for (int j = 0; j < n; j++)
		bad += h[j] != 1;
	printf("bad %d\n", bad);
	return 0;
}
""")

# flag protocols inside a block (cuda::atomic_ref): a release store and an
# acquire load, or a block fence and a relaxed flag, order the data (the
# checkers take a release, and every fence, as the end of an epoch);
# relaxed on both sides, they do not. The writer waits for the reader's
# acknowledgement, so the reader runs while the writer is still at it.
prog("flag_release_1", r"""
#include <cuda/atomic>
__global__ void k(int *out)
{
	__shared__ int payload[4];
	__shared__ int flag, ack;
	cuda::atomic_ref<int, cuda::thread_scope_block> f(flag), a(ack);
	if (threadIdx.x == 0) {
		f.store(0, cuda::memory_order_relaxed);
		a.store(0, cuda::memory_order_relaxed);
	}
	__syncthreads();
	if (threadIdx.x == 0) {
		for (int j = 0; j < 4; j++)
			payload[j] = (int)blockIdx.x * 10 + j;
		f.store(1, cuda::memory_order_release);
		while (a.load(cuda::memory_order_acquire) == 0)
			;
	} else if (threadIdx.x == 32) {
		while (f.load(cuda::memory_order_acquire) == 0)
			;
		int s = 0;
		for (int j = 0; j < 4; j++)
			s += payload[j];
		out[blockIdx.x] = s;
		a.store(1, cuda::memory_order_release);
	}
}
int main()
{
	int *out, h[2];
	cudaMalloc(&out, sizeof h);
	k<<<2, 64>>>(out);
	cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
	printf("%d %d\n", h[0], h[1]);
	return 0;
}
""")
prog("flag_release_2", r"""
#include <cuda/atomic>
__global__ void k(int *out)
{
	__shared__ int payload[4];
	__shared__ int flag, ack;
	cuda::atomic_ref<int, cuda::thread_scope_block> f(flag), a(ack);
	if (threadIdx.x == 0) {
		f.store(0, cuda::memory_order_relaxed);
		a.store(0, cuda::memory_order_relaxed);
	}
	__syncthreads();
	if (threadIdx.x == 0) {
		for (int j = 0; j < 4; j++)
			payload[j] = (int)blockIdx.x * 10 + j;
		f.store(1, cuda::memory_order_relaxed);
		while (a.load(cuda::memory_order_relaxed) == 0)
			;
	} else if (threadIdx.x == 32) {
		while (f.load(cuda::memory_order_relaxed) == 0)
			;
		int s = 0;
		for (int j = 0; j < 4; j++)
			s += payload[j];	//@shared-race
		out[blockIdx.x] = s;
		a.store(1, cuda::memory_order_relaxed);
	}
}
int main()
{
	int *out, h[2];
	cudaMalloc(&out, sizeof h);
	k<<<2, 64>>>(out);
	cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
	printf("%d %d\n", h[0], h[1]);
	return 0;
}
""")
prog("flag_fence_block_1", r"""
#include <cuda/atomic>
__global__ void k(int *data, int *out)
{
	__shared__ int flag, ack;
	cuda::atomic_ref<int, cuda::thread_scope_block> f(flag), a(ack);
	if (threadIdx.x == 0) {
		f.store(0, cuda::memory_order_relaxed);
		a.store(0, cuda::memory_order_relaxed);
	}
	__syncthreads();
	if (threadIdx.x == 0) {
		data[blockIdx.x] = 7 + (int)blockIdx.x;
		cuda::atomic_thread_fence(cuda::memory_order_release, cuda::thread_scope_block);
		f.store(1, cuda::memory_order_relaxed);
		while (a.load(cuda::memory_order_relaxed) == 0)
			;
	} else if (threadIdx.x == 32) {
		while (f.load(cuda::memory_order_relaxed) == 0)
			;
		cuda::atomic_thread_fence(cuda::memory_order_acquire, cuda::thread_scope_block);
		out[blockIdx.x] = data[blockIdx.x];
		a.store(1, cuda::memory_order_relaxed);
	}
}
int main()
{
	int *data, *out, h[2];
	cudaMalloc(&data, sizeof h);
	cudaMalloc(&out, sizeof h);
	k<<<2, 64>>>(data, out);
	cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
	printf("%d %d\n", h[0], h[1]);
	return 0;
}
""")
prog("flag_fence_block_2", r"""
#include <cuda/atomic>
__global__ void k(int *data, int *out)
{
	__shared__ int flag, ack;
	cuda::atomic_ref<int, cuda::thread_scope_block> f(flag), a(ack);
	if (threadIdx.x == 0) {
		f.store(0, cuda::memory_order_relaxed);
		a.store(0, cuda::memory_order_relaxed);
	}
	__syncthreads();
	if (threadIdx.x == 0) {
		data[blockIdx.x] = 7 + (int)blockIdx.x;
		f.store(1, cuda::memory_order_relaxed);
		while (a.load(cuda::memory_order_relaxed) == 0)
			;
	} else if (threadIdx.x == 32) {
		while (f.load(cuda::memory_order_relaxed) == 0)
			;
		out[blockIdx.x] = data[blockIdx.x];	//@global-race
		a.store(1, cuda::memory_order_relaxed);
	}
}
int main()
{
	int *data, *out, h[2];
	cudaMalloc(&data, sizeof h);
	cudaMalloc(&out, sizeof h);
	k<<<2, 64>>>(data, out);
	cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
	printf("%d %d\n", h[0], h[1]);
	return 0;
}
""")

# s17-chk: reads checked at once (not deferred) in a slot whose epoch flushed
# its log for a write (epoch 1: each warp reads, then writes); words with no
# record taken in one pass (fresh_words); partial warps of up to 8 lanes lane
# by lane (few_words). Each epoch after the first is in that mode (the block's
# memory all written: else no read is deferred); warp 1's loops make warp 0
# run first. The near misses are shared_race_eager_2.
prog("shared_race_eager_1", r"""
__global__ void k(const int *in, int *out)
{
	__shared__ int s[128];
	int t = threadIdx.x, v = 0;
	s[t] = in[t];
	s[t + 64] = in[t + 64];
	__syncthreads();
	s[t] += s[t + 64];
	__syncthreads();
	if (t >= 32) {
		for (int i = 0; i < 3000; i++)
			v += i * t;
		v += s[t - 1];	//@shared-race
	} else {
		s[t] = t;
	}
	__syncthreads();
	if (t < 32) {
		for (int i = 0; i < 3000; i++)
			v += i * t;
		s[t + 32] = v;	//@shared-race
	} else {
		v += s[t];
	}
	__syncthreads();
	if (t < 4)
		s[t] += s[t + 4];
	if (t >= 36 && t < 40) {
		for (int i = 0; i < 3000; i++)
			v += i * t;
		v += s[t - 36];	//@shared-race
	}
	__syncthreads();
	if (t < 4)
		s[t + 8] = t;
	else if (t < 8)
		v += s[t + 4];	//@shared-race
	__syncthreads();
	if (t < 2)
		v += s[t + 1];
	if (t < 2)
		s[t] = v;	//@shared-race
	out[t] = v;
}
int main()
{
	int *in, *out, h[64];
	cudaMalloc(&in, 128 * sizeof(int));
	cudaMalloc(&out, 64 * sizeof(int));
	cudaMemset(in, 0, 128 * sizeof(int));
	k<<<1, 64>>>(in, out);
	cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d\n", h[0]);
	return 0;
}
""")
prog("shared_race_eager_2", r"""
__global__ void k(const int *in, int *out)
{
	__shared__ int s[128];
	int t = threadIdx.x, v = 0;
	s[t] = in[t];
	s[t + 64] = in[t + 64];
	__syncthreads();
	s[t] += s[t + 64];
	__syncthreads();
	if (t >= 32) {
		for (int i = 0; i < 3000; i++)
			v += i * t;
		v += s[t - 1];
	}
	__syncthreads();
	if (t < 32)
		s[t] = t;
	else
		v += s[t];
	__syncthreads();
	if (t < 32)
		s[t + 32] = v;
	__syncthreads();
	if (t < 4)
		s[t] += s[t + 4];
	__syncwarp();
	if (t < 2)
		s[t] += s[t + 2];
	s[t + 64] += t;
	__syncthreads();
	if (t >= 36 && t < 40)
		v += s[t - 36];
	if (t < 4)
		s[t + 8] = t;
	__syncwarp();
	if (t >= 4 && t < 8)
		v += s[t + 4];
	__syncthreads();
	if (t < 2)
		v += s[t];
	if (t < 2)
		s[t] = v;
	out[t] = v;
}
int main()
{
	int *in, *out, h[64];
	cudaMalloc(&in, 128 * sizeof(int));
	cudaMalloc(&out, 64 * sizeof(int));
	cudaMemset(in, 0, 128 * sizeof(int));
	k<<<1, 64>>>(in, out);
	cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d\n", h[0]);
	return 0;
}
""")

# s17-chk2: a whole warp's read of two runs that one other warp read (each
# lane its own word) takes them at the run records (run_words): readers of
# several blocks when that warp is of another block, this thread's when of
# this block. Each must still meet a later write: a lane of a third block
# on 32 consecutive words and on a tile's two rows (lanes 0..15 on row 0,
# 16..31 on row 1, 64 words apart), and another block's lane after two
# warps of block 0 read (the report names the later reader, block 0's
# thread 41: golden stderr). The near misses are global_race_run_read_2.
prog("global_race_run_read_1", r"""
__global__ void k(int *a, int *b, int *c, int *out)
{
	int t = threadIdx.x, w = t / 32, tile = (t % 32) / 16 * 64 + t % 16;
	if (blockIdx.x < 2 && w == 0) {
		out[blockIdx.x * 64 + t] = a[t];
		out[blockIdx.x * 64 + 32 + t] = c[tile];
	}
	if (blockIdx.x == 0)
		out[128 + t] = b[t % 32];
	int v = 0;
	for (int j = 0; j < 200 * (int)blockIdx.x; j++)
		v += j & t;
	if (t == 0)
		out[256 + blockIdx.x] = v;
	if (blockIdx.x == 2 && t == 7)
		a[7] = 1;	//@global-race
	if (blockIdx.x == 2 && t == 20)
		c[68] = 1;	//@global-race
	if (blockIdx.x == 1 && t == 9)
		b[9] = 2;	//@global-race
}
int main()
{
	int *a, *b, *c, *out;
	cudaMalloc(&a, 64 * sizeof(int));
	cudaMalloc(&b, 64 * sizeof(int));
	cudaMalloc(&c, 128 * sizeof(int));
	cudaMalloc(&out, 512 * sizeof(int));
	cudaMemset(a, 0, 64 * sizeof(int));
	cudaMemset(b, 0, 64 * sizeof(int));
	cudaMemset(c, 0, 128 * sizeof(int));
	k<<<3, 64>>>(a, b, c, out);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
""")

# The near misses of global_race_run_read_1: the same reads by three blocks
# (runs and a tile's rows), with no write; two warps of block 0 read, then
# after a barrier a lane of warp 0 writes a word both read (ordered); the
# writes of a second launch.
prog("global_race_run_read_2", r"""
__global__ void k(int *a, int *b, int *c, int *out)
{
	int t = threadIdx.x, w = t / 32, tile = (t % 32) / 16 * 64 + t % 16;
	if (w == 0) {
		out[blockIdx.x * 64 + t] = a[t];
		out[blockIdx.x * 64 + 32 + t] = c[tile];
	}
	if (blockIdx.x == 0)
		out[256 + t] = b[t % 32];
	__syncthreads();
	if (blockIdx.x == 0 && t == 9)
		b[9] = 2;
}
__global__ void k2(int *a, int *c)
{
	if (threadIdx.x == 7) {
		a[7] = 1;
		c[68] = 1;
	}
}
int main()
{
	int *a, *b, *c, *out, h;
	cudaMalloc(&a, 64 * sizeof(int));
	cudaMalloc(&b, 64 * sizeof(int));
	cudaMalloc(&c, 128 * sizeof(int));
	cudaMalloc(&out, 512 * sizeof(int));
	cudaMemset(a, 0, 64 * sizeof(int));
	cudaMemset(b, 0, 64 * sizeof(int));
	cudaMemset(c, 0, 128 * sizeof(int));
	k<<<3, 64>>>(a, b, c, out);
	k2<<<1, 32>>>(a, c);
	cudaMemcpy(&h, b + 9, sizeof h, cudaMemcpyDeviceToHost);
	printf("%d %d\n", (int)cudaDeviceSynchronize(), h);
	return 0;
}
""")

# s17-chk2: the machine's offers of bytes and atomics (global_access) with
# the instruction's offset (d[t + 4], bins[t + 1]): a byte race inside a
# word another warp of the block read (no barrier), a whole warp's atomics
# and then another block's plain store of one of their words (a race), a
# partial warp's atomics against another block's plain store. The near
# misses are global_race_offer_imm_2.
prog("global_race_offer_imm_1", r"""
__global__ void k(unsigned char *d, unsigned *bins, unsigned *part, int *out)
{
	int t = threadIdx.x;
	if (blockIdx.x == 0) {
		if (t < 32)
			out[t] = d[t + 4];
		else if (t == 35)
			d[6] = 1;	//@global-race
		if (t < 32)
			atomicAdd(&bins[t + 1], 1u);
		if (t < 32 && t % 3)
			atomicAdd(&part[t + 2], 1u);
	} else {
		int v = 0;
		for (int j = 0; j < 200; j++)
			v += j & t;
		out[64 + t] = v;
		if (t == 3)
			bins[4] = 0;	//@global-race
		if (t == 5)
			part[7] = 0;	//@global-race
	}
}
int main()
{
	unsigned char *d;
	unsigned *bins, *part;
	int *out;
	cudaMalloc(&d, 64);
	cudaMalloc(&bins, 64 * sizeof(unsigned));
	cudaMalloc(&part, 64 * sizeof(unsigned));
	cudaMalloc(&out, 128 * sizeof(int));
	cudaMemset(d, 0, 64);
	cudaMemset(bins, 0, 64 * sizeof(unsigned));
	cudaMemset(part, 0, 64 * sizeof(unsigned));
	k<<<2, 64>>>(d, bins, part, out);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
""")

# The near misses of global_race_offer_imm_1: bytes read by two warps and
# two blocks; whole and partial warps' atomics of both blocks on the same
# words; a plain load of a word the other block updates atomically (loads
# are not reported against atomics).
prog("global_race_offer_imm_2", r"""
__global__ void k(unsigned char *d, unsigned *bins, unsigned *part, int *out)
{
	int t = threadIdx.x;
	out[blockIdx.x * 64 + t] = d[t % 32 + 4];
	atomicAdd(&bins[t % 32 + 1], 1u);
	if (t % 3)
		atomicAdd(&part[t % 32 + 2], 1u);
	if (blockIdx.x == 1 && t == 0)
		out[200] = (int)bins[5];
}
int main()
{
	unsigned char *d;
	unsigned *bins, *part, h[64];
	int *out;
	cudaMalloc(&d, 64);
	cudaMalloc(&bins, 64 * sizeof(unsigned));
	cudaMalloc(&part, 64 * sizeof(unsigned));
	cudaMalloc(&out, 256 * sizeof(int));
	cudaMemset(d, 0, 64);
	cudaMemset(bins, 0, 64 * sizeof(unsigned));
	cudaMemset(part, 0, 64 * sizeof(unsigned));
	k<<<2, 64>>>(d, bins, part, out);
	cudaMemcpy(h, bins, sizeof h, cudaMemcpyDeviceToHost);
	printf("%d %u %u\n", (int)cudaDeviceSynchronize(), h[1], h[32]);
	return 0;
}
""")

# The initialized prefix of a block's shared memory (check_race_shared.c,
# struct slot's initw) grows over a warp's write when the write touches
# it: a whole warp's, or a partial warp's lanes l0..l1 all on (the
# eighteenth session). Reads are deferred unchecked only when the whole
# memory is initialized, so a prefix grown over a hole hides the read of
# the hole. Each block leaves one word of 128 unwritten, the warps writing
# in order: block 0 word 41 (warp 1's lanes not all on), block 1 word 32
# (warp 1's lanes 1..31: not from the prefix's end), block 2 word 0 (warp
# 0's lanes 1..31, then whole warps past the prefix). They fail when the
# masked case ignores the lanes' holes, when either case ignores where
# the prefix ends. The near misses (holes filled in another epoch) are
# shared_init_prefix_2.
prog("shared_init_prefix_1", r"""
__global__ void k(int *out)
{
	__shared__ int s[128];
	int t = threadIdx.x, b = blockIdx.x, v = 0;
	if (t != (b == 0 ? 41 : b == 1 ? 32 : 0))
		s[t] = t;
	__syncthreads();
	if (b == 0 && t >= 32 && t < 64)
		v = s[t];	//@uninitialized-read
	if (b == 1 && t >= 32 && t < 64)
		v = s[t];	//@uninitialized-read
	if (b == 2 && t < 32)
		v = s[t];	//@uninitialized-read
	out[b * 128 + t] = v;
}
int main()
{
	int *out, h[384];
	cudaMalloc(&out, 384 * sizeof(int));
	k<<<3, 128>>>(out);
	cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d %d %d\n", h[40], h[128 + 33], h[256 + 1]);	/* written words */
	return 0;
}
""")
prog("shared_init_prefix_2", r"""
__global__ void k(int *out)
{
	__shared__ int s[128];
	int t = threadIdx.x, b = blockIdx.x, v = 0;
	int hole = b == 0 ? 41 : b == 1 ? 32 : 0;
	if (t != hole)
		s[t] = t;
	__syncthreads();
	if (t == hole)
		s[t] = -t;
	__syncthreads();
	v = s[t] + s[127 - t];
	out[b * 128 + t] = v;
}
int main()
{
	int *out, h[384];
	cudaMalloc(&out, 384 * sizeof(int));
	k<<<3, 128>>>(out);
	cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d %d %d %d\n", h[41], h[128 + 32], h[256], h[383]);
	return 0;
}
""")

# A whole warp's write to 32 words none of which was touched since the
# epoch began (check_race_shared.c offer_words: [wb, wb + 32) outside the
# slot's [lo, hi)) is stored without fresh_words' test (the eighteenth
# session). A read of one word by another warp in the same epoch, at each
# edge of the write's words (word 31 of 0..31, word 1 of 1..32: warp 0's
# loop lets warp 1 read first), must still make the write a race. They
# fail when either end of the test is off by one. The near misses (the
# word just outside: 32, 0) are shared_fresh_range_2.
prog("shared_fresh_range_1", r"""
__global__ void k(int *out)
{
	__shared__ int s[64];
	int t = threadIdx.x, b = blockIdx.x, v = 0;
	s[t] = t;
	__syncthreads();
	if (t == 37)
		v = s[b == 0 ? 31 : 1];
	if (t < 32) {
		for (int i = 0; i < 3000; i++)
			v += i * t;
		if (b == 0)
			s[t] = v;	//@shared-race
		else
			s[t + 1] = v;	//@shared-race
	}
	out[b * 64 + t] = v;
}
int main()
{
	int *out, h[128];
	cudaMalloc(&out, 128 * sizeof(int));
	k<<<2, 64>>>(out);
	cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d %d\n", h[3], h[64 + 3]);	/* the writers': not racy */
	return 0;
}
""")
prog("shared_fresh_range_2", r"""
__global__ void k(int *out)
{
	__shared__ int s[64];
	int t = threadIdx.x, b = blockIdx.x, v = 0;
	s[t] = t;
	__syncthreads();
	if (t == 37)
		v = s[b == 0 ? 32 : 0];
	if (t < 32) {
		for (int i = 0; i < 3000; i++)
			v += i * t;
		if (b == 0)
			s[t] = v;
		else
			s[t + 1] = v;
	}
	out[b * 64 + t] = v;
}
int main()
{
	int *out, h[128];
	cudaMalloc(&out, 128 * sizeof(int));
	k<<<2, 64>>>(out);
	cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d %d %d %d\n", h[3], h[37], h[64 + 3], h[64 + 37]);
	return 0;
}
""")

prog("epoch_quiet_1", r"""
__device__ int g[64];
__global__ void k(int *out, int w)
{
	__shared__ int s[64];
	int t = threadIdx.x, v = 0;
	s[t] = t;
	__syncthreads();
	/* a write of another warp later in the epoch: the reads are logged */
	v = s[t & 31];
	v += s[(t & 31) + 32];
	if (t >= 32)
		s[t] = v;	//@shared-race
	out[t] = v;
}
int main()
{
	int *out, h[64];
	cudaMalloc(&out, 64 * sizeof(int));
	k<<<1, 64>>>(out, 1);
	cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d %d\n", h[0], h[63]);
	return 0;
}
""")
prog("epoch_quiet_2", r"""
__device__ int g[64];
__global__ void k(int *out, int w)
{
	__shared__ int s[64];
	int t = threadIdx.x, v = 0;
	s[t] = t;
	__syncthreads();
	/* the same through a generic pointer */
	int *p = w ? s : g;
	v = s[t & 31];
	v += s[(t & 31) + 32];
	if (t >= 32)
		p[t] = v;	//@shared-race
	out[t] = v;
}
int main()
{
	int *out, h[64];
	cudaMalloc(&out, 64 * sizeof(int));
	k<<<1, 64>>>(out, 1);
	cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d %d\n", h[0], h[63]);
	return 0;
}
""")
prog("epoch_quiet_3", r"""
__device__ int g[64];
__global__ void k(int *out, int w)
{
	__shared__ int s[64];
	int t = threadIdx.x, v = 0;
	s[t] = t;
	__syncthreads();
	/* an atomic after the reads: not a race, and the reads are logged */
	v = s[t & 31];
	v += s[(t & 31) + 32];
	if (t >= 32)
		atomicAdd(&s[t], v);
	out[t] = v;
}
int main()
{
	int *out, h[64];
	cudaMalloc(&out, 64 * sizeof(int));
	k<<<1, 64>>>(out, 1);
	cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d %d\n", h[0], h[63]);
	return 0;
}
""")
prog("epoch_quiet_4", r"""
__device__ int g[64];
__global__ void k(int *out, int w)
{
	__shared__ int s[64];
	int t = threadIdx.x, v = 0;
	s[t] = t;
	__syncthreads();
	/* warps at different barriers: warp 1's write is in warp 0's epoch
	 * though no path joins them (uniform.c's barriers not aligned) */
	if (t < 32) {
		__syncthreads();	//@barrier-divergence
		v = s[t & 31];
		v += s[(t & 31) + 32];
		v += s[(t & 31) + 32];
		v += s[(t & 31) + 32];
		__syncthreads();	//@barrier-divergence
	} else {
		__syncthreads();
		s[t] = t;	//@shared-race
		__syncthreads();
	}
	out[t] = v;
}
int main()
{
	int *out, h[64];
	cudaMalloc(&out, 64 * sizeof(int));
	k<<<1, 64>>>(out, 1);
	cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d %d\n", h[0], h[63]);
	return 0;
}
""")
prog("epoch_quiet_5", r"""
__device__ int g[64];
__global__ void k(int *out, int w)
{
	__shared__ int s[64];
	int t = threadIdx.x, v = 0;
	s[t] = t;
	__syncthreads();
	/* a named barrier (bar.sync 1: the block's) ends the epoch */
	v = s[t & 31];
	v += s[(t & 31) + 32];
	asm volatile("bar.sync 1;" ::: "memory");
	if (t >= 32)
		s[t] = v;
	out[t] = v;
}
int main()
{
	int *out, h[64];
	cudaMalloc(&out, 64 * sizeof(int));
	k<<<1, 64>>>(out, 1);
	cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d %d\n", h[0], h[63]);
	return 0;
}
""")
prog("epoch_quiet_6", r"""
__device__ int g[64];
__global__ void k(int *out, int w)
{
	__shared__ int s[64];
	int t = threadIdx.x, v = 0;
	s[t] = t;
	__syncthreads();
	/* a write before the reads in the epoch */
	if (t >= 32)
		s[t] = 5;	//@shared-race
	v = s[t & 31];
	v += s[(t & 31) + 32];
	out[t] = v;
}
int main()
{
	int *out, h[64];
	cudaMalloc(&out, 64 * sizeof(int));
	k<<<1, 64>>>(out, 1);
	cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d %d\n", h[0], h[63]);
	return 0;
}
""")
prog("epoch_quiet_7", r"""
__device__ int g[64];
__global__ void k(int *out, int w)
{
	__shared__ int s[64];
	int t = threadIdx.x, v = 0;
	s[t] = t;
	__syncthreads();
	/* tiles read between barriers, written before them: no finding, the
	 * reads need no log entry */
	for (int i = 0; i < 4; i++) {
		if (i)
			s[t] = t + i;
		__syncthreads();
		for (int j = 0; j < 32; j++)
			v += s[j] * s[(t & 31) + 32];
		__syncthreads();
	}
	out[t] = v;
}
int main()
{
	int *out, h[64];
	cudaMalloc(&out, 64 * sizeof(int));
	k<<<1, 64>>>(out, 1);
	cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d %d\n", h[0], h[63]);
	return 0;
}
""")

# s20-chk (docs/PERFORMANCE.md, "Issue 13 item 5, twentieth session"): the checked
# fast paths that take a warp's accesses without their event (check_race_global.c
# gaccess_lean, interp.c ld_part_chk and access_read_run; off with WS_NO_GACCESS,
# WS_NO_LDCHK, WS_NO_RUNLOG: tests/check/ldchk.t) must keep every race. Block 1 (or
# warp 1) waits in a loop so that the other side's access comes first.
prog("chk_bytes_race_1", r"""
__global__ void k(unsigned char *data, int *out)
{
	int t = threadIdx.x, b = blockIdx.x, v = 0;
	if (b == 0) {
		data[t + 8] = (unsigned char)t;
	} else {
		for (int i = 0; i < 3000; i++)
			v += i * t;
		v += data[t];	//@global-race
	}
	out[b * 32 + t] = v;
}
int main()
{
	unsigned char *d;
	int *out, h[64];
	cudaMalloc(&d, 64);
	cudaMemset(d, 0, 64);
	cudaMalloc(&out, 64 * sizeof(int));
	cudaMemset(out, 0, 64 * sizeof(int));
	k<<<2, 32>>>(d, out);
	cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d\n", h[0]);
	return 0;
}
""")
prog("chk_bytes_race_2", r"""
__global__ void k(unsigned char *data, int *out)
{
	int t = threadIdx.x, b = blockIdx.x, v = 0;
	if (b == 0) {
		data[t + 32] = (unsigned char)t;
	} else {
		for (int i = 0; i < 3000; i++)
			v += i * t;
		v += data[t];
	}
	out[b * 32 + t] = v;
}
int main()
{
	unsigned char *d;
	int *out, h[64];
	cudaMalloc(&d, 64);
	cudaMemset(d, 0, 64);
	cudaMalloc(&out, 64 * sizeof(int));
	cudaMemset(out, 0, 64 * sizeof(int));
	k<<<2, 32>>>(d, out);
	cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d\n", h[32 + 1]);
	return 0;
}
""")
prog("chk_bytes_race_3", r"""
__global__ void k(unsigned char *data, int *out)
{
	int t = threadIdx.x, b = blockIdx.x, v = 0;
	if (b == 0) {
		if (t == 20)
			data[t] = 7;
	} else {
		for (int i = 0; i < 3000; i++)
			v += i * t;
		if (t % 3 != 0)
			v += data[t];	//@global-race
	}
	out[b * 32 + t] = v;
}
int main()
{
	unsigned char *d;
	int *out, h[64];
	cudaMalloc(&d, 64);
	cudaMemset(d, 0, 64);
	cudaMalloc(&out, 64 * sizeof(int));
	cudaMemset(out, 0, 64 * sizeof(int));
	k<<<2, 32>>>(d, out);
	cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d\n", h[0]);
	return 0;
}
""")
prog("chk_atomic_plain_1", r"""
__global__ void k(unsigned *bins, int *out)
{
	int t = threadIdx.x, b = blockIdx.x, v = 0;
	if (b == 0) {
		if (t == 10)
			bins[t] = 5;
	} else {
		for (int i = 0; i < 3000; i++)
			v += i * t;
		if (t % 3 != 0)
			atomicAdd(&bins[t], 1u);	//@global-race
	}
	out[b * 32 + t] = v;
}
int main()
{
	unsigned *bins;
	int *out, h[64];
	cudaMalloc(&bins, 32 * sizeof(unsigned));
	cudaMemset(bins, 0, 32 * sizeof(unsigned));
	cudaMalloc(&out, 64 * sizeof(int));
	cudaMemset(out, 0, 64 * sizeof(int));
	k<<<2, 32>>>(bins, out);
	cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d\n", h[0]);
	return 0;
}
""")
prog("chk_atomic_plain_2", r"""
__global__ void k(unsigned *bins, int *out)
{
	int t = threadIdx.x, b = blockIdx.x, v = 0;
	if (b == 0) {
		if (t % 3 != 0)
			atomicAdd(&bins[t], 1u);
	} else {
		for (int i = 0; i < 3000; i++)
			v += i * t;
		if (t == 9)
			bins[t] = 1;
		if (t == 10)
			bins[t] = 5;	//@global-race
	}
	out[b * 32 + t] = v;
}
int main()
{
	unsigned *bins;
	int *out, h[64];
	cudaMalloc(&bins, 32 * sizeof(unsigned));
	cudaMemset(bins, 0, 32 * sizeof(unsigned));
	cudaMalloc(&out, 64 * sizeof(int));
	cudaMemset(out, 0, 64 * sizeof(int));
	k<<<2, 32>>>(bins, out);
	cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d\n", h[0]);
	return 0;
}
""")
prog("chk_atomic_plain_3", r"""
__global__ void k(unsigned *bins, int *out)
{
	int t = threadIdx.x, b = blockIdx.x, v = 0;
	if (b == 0) {
		if (t == 15)
			bins[t] = 5;
	} else {
		for (int i = 0; i < 3000; i++)
			v += i * t;
		atomicAdd(&bins[(t * 5) % 32], 1u);	//@global-race
	}
	out[b * 32 + t] = v;
}
int main()
{
	unsigned *bins;
	int *out, h[64];
	cudaMalloc(&bins, 32 * sizeof(unsigned));
	cudaMemset(bins, 0, 32 * sizeof(unsigned));
	cudaMalloc(&out, 64 * sizeof(int));
	cudaMemset(out, 0, 64 * sizeof(int));
	k<<<2, 32>>>(bins, out);
	cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d\n", h[0]);
	return 0;
}
""")
prog("chk_shared_run_1", r"""
__global__ void k(int *out)
{
	__shared__ int s[64];
	int t = threadIdx.x, v = 0;
	s[t] = t;
	__syncthreads();
	if (t < 32) {
		v = s[32 + t];
		if (t % 4 != 0)
			v += s[t + 1];
	} else {
		for (int i = 0; i < 3000; i++)
			v += i * t;
		if (t == 32)
			s[5] = v;
		if (t == 33)
			s[6] = v;	//@shared-race
	}
	out[t] = v;
}
int main()
{
	int *out, h[64];
	cudaMalloc(&out, 64 * sizeof(int));
	cudaMemset(out, 0, 64 * sizeof(int));
	k<<<1, 64>>>(out);
	cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d %d\n", h[1], h[63]);
	return 0;
}
""")
prog("chk_shared_run_2", r"""
__global__ void k(int *out)
{
	__shared__ int s[64];
	int t = threadIdx.x, v = 0;
	s[t] = t;
	__syncthreads();
	if (t < 32) {
		v = s[32 + t];
		if (t > 4 && t != 9 && t < 30)
			v += s[t - 2];
	} else {
		for (int i = 0; i < 3000; i++)
			v += i * t;
		if (t == 32)
			s[7] = v;
		if (t == 33)
			s[3] = v;	//@shared-race
		if (t == 34)
			s[28] = v;
		if (t == 35)
			s[2] = v;
	}
	out[t] = v;
}
int main()
{
	int *out, h[64];
	cudaMalloc(&out, 64 * sizeof(int));
	cudaMemset(out, 0, 64 * sizeof(int));
	k<<<1, 64>>>(out);
	cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d %d\n", h[1], h[63]);
	return 0;
}
""")
prog("chk_run_group_1", r"""
__global__ void k(int *out)
{
	__shared__ int s[64];
	int t = threadIdx.x, v = 0;
	s[t] = t;
	__syncthreads();
	if (t < 32) {
		if (t < 12)
			s[t + 4] = t;
	} else {
		for (int i = 0; i < 3000; i++)
			v += i * t;
		if (t >= 38 && t < 42)
			v += s[t - 30];	//@shared-race
		if (t >= 33 && t < 36)
			v += s[t - 33];
	}
	out[t] = v;
}
int main()
{
	int *out, h[64];
	cudaMalloc(&out, 64 * sizeof(int));
	cudaMemset(out, 0, 64 * sizeof(int));
	k<<<1, 64>>>(out);
	cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d %d\n", h[1], h[63]);
	return 0;
}
""")
prog("chk_run_group_2", r"""
__global__ void k(int *data, int *out)
{
	int t = threadIdx.x, b = blockIdx.x, v = 0;
	if (b == 0) {
		if (t >= 3 && t < 10)
			data[t] = t;
	} else {
		for (int i = 0; i < 3000; i++)
			v += i * t;
		if (t >= 12 && t < 20)
			v += data[t];
		if (t >= 9 && t < 12)
			v += data[t];	//@global-race
	}
	out[b * 32 + t] = v;
}
int main()
{
	int *d, *out, h[64];
	cudaMalloc(&d, 32 * sizeof(int));
	cudaMemset(d, 0, 32 * sizeof(int));
	cudaMalloc(&out, 64 * sizeof(int));
	cudaMemset(out, 0, 64 * sizeof(int));
	k<<<2, 32>>>(d, out);
	cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d\n", h[32 + 10]);
	return 0;
}
""")

def main():
    for name, src in sorted(P.items()):
        exp = []
        for i, line in enumerate(src.split("\n"), 1):
            for k in re.findall(r"//@([a-z-]+)", line):
                exp.append("%s:%d" % (k, i))
        with open(os.path.join(D, name + ".cu"), "w") as f:
            f.write(src)
        with open(os.path.join(D, name + ".expect"), "w") as f:
            f.write("".join(e + "\n" for e in sorted(exp)))

main()
