// uniform values (uniform.c, issue 13 item 1): ALU ops, compares and loops on
// uniform operands inside divergent branches and in a partial warp (blocks of 80),
// whose lanes outside the branch keep their own values; shuffles by a uniform offset.
// Every lane's values are checked against the host's.
#include <cstdio>
__global__ void k(int *out, unsigned *uout, long long *lout, float *fout, int n, float f)
{
	int t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
	int x = t * 5;
	unsigned ux = (unsigned)t;
	long long lx = t;
	float fx = (float)t;
	if (t % 3 == 1) {
		x = n * 7 - (int)blockIdx.x;
		ux = (unsigned)n * 2654435761u >> 3;
		lx = (long long)n * 1000000007LL + blockIdx.x;
		fx = f * 3.5f + (float)n;
		for (int i = 0; i < n; i++)
			if (i * 2 > n)
				x += i ^ n;
	} else if (t & 4) {
		x = (n << 2) | (int)blockDim.x;
		ux = (unsigned)(n - 100) / 3u;
		lx = -(long long)n << 33;
	}
	out[g] = x;
	uout[g] = ux;
	lout[g] = lx;
	fout[g] = fx;
}
__global__ void s(int *out, int n)
{
	int g = blockIdx.x * blockDim.x + threadIdx.x, v = g * g;
	for (int off = n & 15; off > 0; off >>= 1)
		v += __shfl_down_sync(0xffffffffu, v, off);
	out[g] = v;
}
int main()
{
	const int nb = 3, bs = 80, N = nb * bs, n = 13;
	const float f = 1.25f;
	static int o[N];
	static unsigned uo[N];
	static long long lo[N];
	static float fo[N];
	int *d;
	unsigned *ud;
	long long *ld;
	float *fd;
	cudaMalloc(&d, sizeof o);
	cudaMalloc(&ud, sizeof uo);
	cudaMalloc(&ld, sizeof lo);
	cudaMalloc(&fd, sizeof fo);
	k<<<nb, bs>>>(d, ud, ld, fd, n, f);
	static int so[128];
	int *sd;
	cudaMalloc(&sd, sizeof so);
	s<<<2, 64>>>(sd, n);
	cudaMemcpy(so, sd, sizeof so, cudaMemcpyDeviceToHost);
	cudaMemcpy(o, d, sizeof o, cudaMemcpyDeviceToHost);
	cudaMemcpy(uo, ud, sizeof uo, cudaMemcpyDeviceToHost);
	cudaMemcpy(lo, ld, sizeof lo, cudaMemcpyDeviceToHost);
	cudaMemcpy(fo, fd, sizeof fo, cudaMemcpyDeviceToHost);
	int bad = 0;
	long long sum = 0;
	for (int g = 0; g < N; g++) {
		int t = g % bs, blk = g / bs, x = t * 5;
		unsigned ux = (unsigned)t;
		long long lx = t;
		float fx = (float)t;
		if (t % 3 == 1) {
			x = n * 7 - blk;
			ux = (unsigned)n * 2654435761u >> 3;
			lx = (long long)n * 1000000007LL + blk;
			fx = f * 3.5f + (float)n;
			for (int i = 0; i < n; i++)
				if (i * 2 > n)
					x += i ^ n;
		} else if (t & 4) {
			x = (n << 2) | bs;
			ux = (unsigned)(n - 100) / 3u;
			lx = -(long long)n << 33;
		}
		bad += o[g] != x || uo[g] != ux || lo[g] != lx || fo[g] != fx;
		sum = sum * 31 + o[g] + (long long)uo[g] + lo[g] + (long long)fo[g];
	}
	/* the shuffles down, each warp apart: a lane past the end reads its own */
	for (int w0 = 0; w0 < 128; w0 += 32) {
		int vv[32], nv[32];
		for (int l = 0; l < 32; l++)
			vv[l] = (w0 + l) * (w0 + l);
		for (int off = n & 15; off > 0; off >>= 1) {
			for (int l = 0; l < 32; l++)
				nv[l] = vv[l] + (l + off < 32 ? vv[l + off] : vv[l]);
			for (int l = 0; l < 32; l++)
				vv[l] = nv[l];
		}
		for (int l = 0; l < 32; l++) {
			bad += so[w0 + l] != vv[l];
			sum = sum * 7 + so[w0 + l];
		}
	}
	printf("uniform %s %d sum %lld\n", bad ? "FAIL" : "ok", bad, sum);
	return bad != 0;
}
