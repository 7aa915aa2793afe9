// narrow_shfl.cu: what the fourteenth session's fast paths and decode rewrites touch
// (docs/PERFORMANCE.md, "fourteenth session ... (s14-atom)"), against the CPU: shuffles
// down by a loop counter's int offset (the CVT to unsigned folded), with per-lane offsets,
// a negative offset, width 16, the result in its own source register; arithmetic by
// diverged groups of 20 and 16 lanes (the other lanes keep their values); loads of
// consecutive and scattered signed and unsigned bytes; arrays indexed by signed and
// unsigned char and short (the index widened from 8 or 16 bits); a shared histogram on
// byte bins. super.t runs it with and without WS_NO_SUPER, --fast and checked.
#include <cstdio>
#define N 512
__global__ void k(const int *in, const signed char *sb, const unsigned char *ub, const short *ss,
		  const unsigned short *us, const int *tab, int *out, unsigned *gh)
{
	__shared__ unsigned h[256];
	int t = threadIdx.x + blockIdx.x * blockDim.x, lane = threadIdx.x & 31;
	h[threadIdx.x] = 0;
	__syncthreads();
	int v = in[t];
	for (int off = 16; off > 0; off >>= 1)
		v += __shfl_down_sync(0xffffffffu, v, off);
	int u = __shfl_up_sync(0xffffffffu, v, lane & 3);
	u += __shfl_up_sync(0xffffffffu, u, 5);
	u ^= __shfl_sync(0xffffffffu, u, 7);
	u += __shfl_down_sync(0xffffffffu, u, 3, 16);
	int neg = -lane;
	u += __shfl_down_sync(0xffffffffu, u, neg);
	u = __shfl_xor_sync(0xffffffffu, u, 1) - u;
	int x = v * 3 + lane;
	if (lane < 20)
		x = x * 5 - (lane << 2);
	if (lane & 1)
		x ^= 0x55;
	int b = sb[t] + ub[t] + sb[(t * 7) % N] + ub[(t * 3) % N];
	const int *tabm = tab + 128, *tabs = tab + 200;
	int ix = tabm[sb[t]] + tab[ub[t]] + tabs[ss[t]] + tab[us[t]];
	atomicAdd(&h[ub[t]], 1u);
	__syncthreads();
	if (h[threadIdx.x])
		atomicAdd(&gh[threadIdx.x], h[threadIdx.x]);
	out[t] = v;
	out[N + t] = u;
	out[2 * N + t] = x;
	out[3 * N + t] = b;
	out[4 * N + t] = ix;
}

static int in_h[N], tab_h[512], out_h[5 * N], want[5 * N];
static signed char sb_h[N];
static unsigned char ub_h[N];
static short ss_h[N];
static unsigned short us_h[N];
static unsigned gh_h[256], gw[256];

int main()
{
	for (int i = 0; i < N; i++) {
		in_h[i] = (i * 7) % 101 - 50;
		sb_h[i] = (signed char)((i * 37) % 256 - 128);
		ub_h[i] = (unsigned char)((i * 91 + 5) % 256);
		ss_h[i] = (short)((i * 13) % 256 - 200);
		us_h[i] = (unsigned short)((i * 29) % 256);
	}
	for (int i = 0; i < 512; i++)
		tab_h[i] = i * 3 - 700;
	for (int w = 0; w < N / 32; w++) {
		int v[32], u[32], c[32];
		for (int l = 0; l < 32; l++)
			v[l] = in_h[32 * w + l];
		for (int off = 16; off > 0; off >>= 1) {
			for (int l = 0; l < 32; l++)
				c[l] = v[l] + (l + off < 32 ? v[l + off] : v[l]);
			for (int l = 0; l < 32; l++)
				v[l] = c[l];
		}
		for (int l = 0; l < 32; l++)
			u[l] = v[l - (l & 3)];
		for (int l = 0; l < 32; l++)
			c[l] = u[l] + (l >= 5 ? u[l - 5] : u[l]);
		for (int l = 0; l < 32; l++)
			u[l] = c[l] ^ c[7];
		for (int l = 0; l < 32; l++)
			c[l] = u[l] + ((l % 16) + 3 < 16 ? u[l + 3] : u[l]);
		for (int l = 0; l < 32; l++) {
			int s = l + ((32 - l) & 31);
			u[l] = c[l] + (s < 32 ? c[s] : c[l]);
		}
		for (int l = 0; l < 32; l++)
			c[l] = u[l ^ 1] - u[l];
		for (int l = 0; l < 32; l++) {
			int t = 32 * w + l;
			int x = v[l] * 3 + l;
			if (l < 20)
				x = x * 5 - (l << 2);
			if (l & 1)
				x ^= 0x55;
			want[t] = v[l];
			want[N + t] = c[l];
			want[2 * N + t] = x;
			want[3 * N + t] = sb_h[t] + ub_h[t] + sb_h[(t * 7) % N] + ub_h[(t * 3) % N];
			want[4 * N + t] = tab_h[128 + sb_h[t]] + tab_h[ub_h[t]] + tab_h[200 + ss_h[t]] + tab_h[us_h[t]];
			gw[ub_h[t]]++;
		}
	}
	int *in, *tab, *out;
	signed char *sb;
	unsigned char *ub;
	short *ss;
	unsigned short *us;
	unsigned *gh;
	cudaMalloc(&in, sizeof in_h);
	cudaMalloc(&tab, sizeof tab_h);
	cudaMalloc(&out, sizeof out_h);
	cudaMalloc(&sb, sizeof sb_h);
	cudaMalloc(&ub, sizeof ub_h);
	cudaMalloc(&ss, sizeof ss_h);
	cudaMalloc(&us, sizeof us_h);
	cudaMalloc(&gh, sizeof gh_h);
	cudaMemcpy(in, in_h, sizeof in_h, cudaMemcpyHostToDevice);
	cudaMemcpy(tab, tab_h, sizeof tab_h, cudaMemcpyHostToDevice);
	cudaMemcpy(sb, sb_h, sizeof sb_h, cudaMemcpyHostToDevice);
	cudaMemcpy(ub, ub_h, sizeof ub_h, cudaMemcpyHostToDevice);
	cudaMemcpy(ss, ss_h, sizeof ss_h, cudaMemcpyHostToDevice);
	cudaMemcpy(us, us_h, sizeof us_h, cudaMemcpyHostToDevice);
	cudaMemset(gh, 0, sizeof gh_h);
	k<<<N / 256, 256>>>(in, sb, ub, ss, us, tab, out, gh);
	cudaMemcpy(out_h, out, sizeof out_h, cudaMemcpyDeviceToHost);
	cudaMemcpy(gh_h, gh, sizeof gh_h, cudaMemcpyDeviceToHost);
	const char *what[5] = { "shuffle down", "shuffles", "diverged groups", "bytes", "narrow indices" };
	long long sum = 0;
	for (int p = 0; p < 5; p++) {
		int bad = 0;
		for (int i = 0; i < N; i++) {
			bad += out_h[p * N + i] != want[p * N + i];
			sum = sum * 31 + out_h[p * N + i];
		}
		printf("%s: %d wrong\n", what[p], bad);
	}
	int hbad = 0;
	for (int i = 0; i < 256; i++)
		hbad += gh_h[i] != gw[i];
	printf("histogram: %d wrong\nchecksum %lld\n", hbad, sum);
	return 0;
}
