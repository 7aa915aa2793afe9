// indices on lanes (uniform.c UNI_BX, issue 13 item 1, s19-vec): a uniform base plus
// threadIdx.x, through 32-bit adds, conversions and a 64-bit index, loaded and stored
// under block shapes where a warp's threadIdx.x runs on (1-D blocks, blockDim.x a multiple
// of 32) and where it wraps (2-D and 3-D blocks of 48, 16, 33 and 8 threads a row), a
// partial last warp, a pointer one element on, an unsigned index that wraps past 2^32
// and back, a signed one past 2^31 and back. Every value is checked against the host's.
#include <cstdio>
__global__ void k(const int *a, const int *a1, int *c, int *d, int *e, unsigned big)
{
	unsigned t = threadIdx.x;
	int i = blockIdx.x * blockDim.x + t;
	int g = ((blockIdx.x * blockDim.z + threadIdx.z) * blockDim.y + threadIdx.y) * blockDim.x + t;
	unsigned u = t + big;                           // past 2^32 for big near it
	int w = a[(int)(u + (0u - big)) + blockIdx.x * blockDim.x];
	int s = (int)t + (int)(big >> 1);               // past 2^31 for big near 2^32
	int x = a1[s + -(int)(big >> 1) + (int)(blockIdx.x * blockDim.x)];
	long long li = i;
	c[g] = a[i] * 3 + w + x * 7 + (int)a[li];
	if (threadIdx.y == 0 && threadIdx.z == 0)      // a full warp where blocks are 1-D
		d[i] = a[i] + 1;
	e[g] = i;
}
int main()
{
	static const unsigned shapes[][4] = {
		{ 80, 1, 1, 3 }, { 96, 1, 1, 2 }, { 48, 3, 1, 3 }, { 16, 4, 1, 3 }, { 32, 3, 1, 2 },
		{ 8, 4, 2, 3 }, { 64, 2, 1, 2 }, { 33, 2, 1, 3 }, { 1024, 1, 1, 2 }, { 40, 1, 1, 1 },
	};
	const int N = 2 * 1024 + 64;
	static int a[N], c[N * 4], d[N], e[N * 4];
	int *da, *dc, *dd, *de;
	for (int j = 0; j < N; j++)
		a[j] = j * 7 + (j >> 3);
	cudaMalloc(&da, sizeof a);
	cudaMalloc(&dc, sizeof c);
	cudaMalloc(&dd, sizeof d);
	cudaMalloc(&de, sizeof e);
	cudaMemcpy(da, a, sizeof a, cudaMemcpyHostToDevice);
	int bad = 0;
	long long sum = 0;
	for (unsigned sh = 0; sh < sizeof shapes / sizeof shapes[0]; sh++) {
		unsigned bx = shapes[sh][0], by = shapes[sh][1], bz = shapes[sh][2], gx = shapes[sh][3];
		unsigned big = sh % 2 ? 0xfffffff0u : 5u;
		cudaMemset(dc, 0, sizeof c);
		cudaMemset(dd, 0, sizeof d);
		cudaMemset(de, 0, sizeof e);
		k<<<gx, dim3(bx, by, bz)>>>(da, da + 1, dc, dd, de, big);
		cudaMemcpy(c, dc, sizeof c, cudaMemcpyDeviceToHost);
		cudaMemcpy(d, dd, sizeof d, cudaMemcpyDeviceToHost);
		cudaMemcpy(e, de, sizeof e, cudaMemcpyDeviceToHost);
		int b0 = bad;
		for (unsigned bi = 0; bi < gx; bi++)
			for (unsigned tz = 0; tz < bz; tz++)
				for (unsigned ty = 0; ty < by; ty++)
					for (unsigned tx = 0; tx < bx; tx++) {
						int i = (int)(bi * bx + tx);
						int g = (int)(((bi * bz + tz) * by + ty) * bx + tx);
						int want = a[i] * 3 + a[i] + a[i + 1] * 7 + a[i];
						bad += c[g] != want || (!ty && !tz && d[i] != a[i] + 1) || e[g] != i;
						sum += c[g] + d[i];
					}
		printf("block (%u,%u,%u) grid %u: %s\n", bx, by, bz, gx, bad == b0 ? "ok" : "FAIL");
	}
	printf("lanex %s sum %lld\n", bad ? "FAIL" : "ok", sum);
	return bad != 0;
}
