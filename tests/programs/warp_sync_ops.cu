// __syncthreads and its count/and/or forms, every __shfl_*_sync (uniform and per-lane offsets and
// sources, widths 32 and 16, offsets past the segment, int, unsigned, float, long long, double),
// __all_sync, __any_sync, __ballot_sync and atomicAdd (int, unsigned, float; shared and global; the
// returned values), by whole warps naming every lane, by half warps and by the odd lanes, and by a
// warp the block leaves short; each result checked against the same computation done on the host
// from the Programming Guide's rules. The emulator runs whole warps that name every lane through a
// separate path; a path that computed differently shows up here as a mismatch.
#include <stdio.h>
#include <string.h>

#define NT 80     /* threads per block: warps 0 and 1 whole, warp 2 has 16 lanes */
#define NB 2      /* blocks */
#define NR 24     /* results per thread */
#define NSH 16    /* of them, the shuffles */
#define UNSET 0x5a5a5a5a

static const char *names[NR] = {
	"down.1", "down.2", "down.16", "up.1", "up.4", "xor.1", "xor.4", "idx.5",
	"idx.lane^6", "down.lane", "down.40", "idx.37", "down.f32", "xor.s64", "up.f64", "down.u32",
	"all", "any", "ballot.odd", "ballot.pos", "xor-sum", "bar.count", "bar.and", "bar.or",
};

__host__ __device__ int value_of(int b, int t)
{
	return ((b * NT + t) * 37 + 11) % 101 - 50;
}

/* the lanes taking part in each mode: all, the first 16, the odd ones */
__host__ __device__ int active(int mode, int lane)
{
	return mode == 0 || (mode == 1 && lane < 16) || (mode == 2 && (lane & 1));
}

__host__ __device__ unsigned mode_mask(int mode, int short_warp)
{
	unsigned m = mode == 0 ? 0xffffffffu : mode == 1 ? 0x0000ffffu : 0xaaaaaaaau;
	return short_warp ? m & 0xffffu : m;
}

__device__ int fbits(float f)
{
	int u;
	memcpy(&u, &f, 4);
	return u;
}

__global__ void collectives(int *out, int *gcount, float *gfsum, unsigned *gsum, int *tickets, int mode)
{
	__shared__ int s[NT];
	__shared__ int bins[8];
	__shared__ float fsum;
	__shared__ int ticket;
	int t = threadIdx.x, lane = t & 31, b = blockIdx.x;
	int sw = t / 32 == NT / 32; /* the short warp */
	int *r = out + (b * NT + t) * NR;
	int v = value_of(b, t);
	if (t < 8)
		bins[t] = 0;
	if (t == 0) {
		fsum = 0.0f;
		ticket = 0;
	}
	__syncthreads();
	if (active(mode, lane)) {
		unsigned m = mode_mask(mode, sw);
		int w = mode == 1 || sw ? 16 : 32, sc = mode == 2 ? 2 : 1;
		r[0] = __shfl_down_sync(m, v, 1 * sc, w);
		r[1] = __shfl_down_sync(m, v, 2 * sc, w);
		r[2] = __shfl_down_sync(m, v, 16, w);
		r[3] = __shfl_up_sync(m, v, 1 * sc, w);
		r[4] = __shfl_up_sync(m, v, 4 * sc, w);
		r[5] = __shfl_xor_sync(m, v, 1 * sc, w);
		r[6] = __shfl_xor_sync(m, v, 4 * sc, w);
		r[7] = __shfl_sync(m, v, 5, w);
		r[8] = __shfl_sync(m, v, lane ^ 6, w);
		r[9] = __shfl_down_sync(m, v, (lane & 3) * sc, w);
		r[10] = __shfl_down_sync(m, v, 40, w);
		r[11] = __shfl_sync(m, v, 37, w);
		r[12] = fbits(__shfl_down_sync(m, (float)v * 0.25f, 2 * sc, w));
		long long q = __shfl_xor_sync(m, (long long)v * 1000000007ll, 2 * sc, w);
		r[13] = (int)(q % 1000003);
		double d = __shfl_up_sync(m, (double)v / 8.0, 2 * sc, w);
		r[14] = (int)(d * 64.0);
		r[15] = (int)(__shfl_down_sync(m, (unsigned)v * 2654435761u, 3 * sc, w) >> 7);
		r[16] = __all_sync(m, v > -45);
		r[17] = __any_sync(m, v > 40);
		r[18] = (int)__ballot_sync(m, v & 1);
		r[19] = (int)__ballot_sync(m, v > 0);
		int acc = v;
		for (int off = w / 2; off >= sc; off >>= 1)
			acc += __shfl_xor_sync(m, acc, off, w);
		r[20] = acc;
		/* atomics: counts per bin, an exact float sum, tickets handed out once each */
		atomicAdd(&bins[(v + 50) & 7], 1);
		atomicAdd(&fsum, (float)v);
		atomicAdd(gsum, (unsigned)v * 3u);
		atomicAdd(&gcount[(v + 50) % 5], 1);
		atomicAdd(gfsum, (float)v * 0.5f);
		int my = atomicAdd(&ticket, 1);
		tickets[b * NT + t] = my;
	}
	/* the whole block: a tree sum through shared memory, then the counting barriers */
	s[t] = v;
	__syncthreads();
	for (int stride = 64; stride > 0; stride >>= 1) {
		if (t < stride && t + stride < NT)
			s[t] += s[t + stride];
		__syncthreads();
	}
	r[21] = __syncthreads_count(v > 0) * 1000 + s[0];
	r[22] = __syncthreads_and(v > -50);
	r[23] = __syncthreads_or(v > 49);
	__syncthreads();
	if (t < 8)
		out[NB * NT * NR + b * 10 + t] = bins[t];
	if (t == 0)
		out[NB * NT * NR + b * 10 + 8] = (int)fsum;
}

/* the source lane of a shuffle (Programming Guide, Warp Shuffle Functions): kind 0 idx, 1 up,
 * 2 down, 3 xor; a source outside the lane's segment of width w reads the lane itself. The
 * lane or offset is its low five bits (PTX shfl.sync: bval = b[4:0]): down by 40 is down by 8,
 * as the H200 shows */
static int src_lane(int kind, int lane, long long x, int w)
{
	int lo = lane & ~(w - 1), hi = lo + w - 1;
	long long j;
	x &= 31;
	switch (kind) {
	case 0: return lo + (int)(x & (w - 1));
	case 1: j = lane - x; return j < lo ? lane : (int)j;
	case 2: j = lane + x; return j > hi ? lane : (int)j;
	default: j = lane ^ x; return j > hi ? lane : (int)j;
	}
}

static int hfbits(float f)
{
	int u;
	memcpy(&u, &f, 4);
	return u;
}

/* the host's results for warp wi of block b in this mode */
static void reference(int b, int wi, int mode, int *ref, int *bins, float *fsum)
{
	int nl = (wi + 1) * 32 <= NT ? 32 : NT - wi * 32, sw = nl < 32;
	unsigned m = mode_mask(mode, sw);
	int w = mode == 1 || sw ? 16 : 32, sc = mode == 2 ? 2 : 1;
	int v[32];
	for (int l = 0; l < nl; l++)
		v[l] = value_of(b, wi * 32 + l);
	for (int l = 0; l < nl; l++) {
		int *r = ref + (wi * 32 + l) * NR;
		if (!active(mode, l))
			continue;
		r[0] = v[src_lane(2, l, 1 * sc, w)];
		r[1] = v[src_lane(2, l, 2 * sc, w)];
		r[2] = v[src_lane(2, l, 16, w)];
		r[3] = v[src_lane(1, l, 1 * sc, w)];
		r[4] = v[src_lane(1, l, 4 * sc, w)];
		r[5] = v[src_lane(3, l, 1 * sc, w)];
		r[6] = v[src_lane(3, l, 4 * sc, w)];
		r[7] = v[src_lane(0, l, 5, w)];
		r[8] = v[src_lane(0, l, l ^ 6, w)];
		r[9] = v[src_lane(2, l, (l & 3) * sc, w)];
		r[10] = v[src_lane(2, l, 40, w)];
		r[11] = v[src_lane(0, l, 37, w)];
		r[12] = hfbits((float)v[src_lane(2, l, 2 * sc, w)] * 0.25f);
		r[13] = (int)((long long)v[src_lane(3, l, 2 * sc, w)] * 1000000007ll % 1000003);
		r[14] = (int)((double)v[src_lane(1, l, 2 * sc, w)] / 8.0 * 64.0);
		r[15] = (int)(((unsigned)v[src_lane(2, l, 3 * sc, w)] * 2654435761u) >> 7);
		unsigned odd = 0, pos = 0;
		int all = 1, any = 0;
		for (int k = 0; k < nl; k++) {
			if (!(m >> k & 1))
				continue;
			all &= v[k] > -45;
			any |= v[k] > 40;
			odd |= (unsigned)(v[k] & 1) << k;
			pos |= (unsigned)(v[k] > 0) << k;
		}
		r[16] = all;
		r[17] = any;
		r[18] = (int)odd;
		r[19] = (int)pos;
		/* the butterfly sum: every lane ends with the sum of its segment's lanes in the mask */
		int acc = 0;
		for (int k = l & ~(w - 1); k < (l & ~(w - 1)) + w && k < nl; k++)
			if (m >> k & 1)
				acc += v[k];
		r[20] = acc;
		bins[(v[l] + 50) & 7]++;
		*fsum += (float)v[l];
	}
}

int main(void)
{
	static int out[NB * NT * NR + NB * 10], ref[NT * NR];
	static int tickets[NB * NT];
	int *dout, *dcount, *dtickets;
	float *dfsum;
	unsigned *dsum;
	cudaMalloc(&dout, sizeof out);
	cudaMalloc(&dcount, 5 * sizeof(int));
	cudaMalloc(&dfsum, sizeof(float));
	cudaMalloc(&dsum, sizeof(unsigned));
	cudaMalloc(&dtickets, sizeof tickets);
	int bad[3][NR], total = 0;
	memset(bad, 0, sizeof bad);
	for (int mode = 0; mode < 3; mode++) {
		int gcount[5], want_count[5] = { 0, 0, 0, 0, 0 };
		float gfsum, want_gfsum = 0.0f;
		unsigned gsum, want_gsum = 0;
		cudaMemset(dout, 0x5a, sizeof out);
		cudaMemset(dcount, 0, 5 * sizeof(int));
		cudaMemset(dfsum, 0, sizeof(float));
		cudaMemset(dsum, 0, sizeof(unsigned));
		cudaMemset(dtickets, 0xff, sizeof tickets);
		collectives<<<NB, NT>>>(dout, dcount, dfsum, dsum, dtickets, mode);
		cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
		cudaMemcpy(gcount, dcount, sizeof gcount, cudaMemcpyDeviceToHost);
		cudaMemcpy(&gfsum, dfsum, sizeof gfsum, cudaMemcpyDeviceToHost);
		cudaMemcpy(&gsum, dsum, sizeof gsum, cudaMemcpyDeviceToHost);
		cudaMemcpy(tickets, dtickets, sizeof tickets, cudaMemcpyDeviceToHost);
		int bad_bins = 0, bad_tickets = 0, nactive_all = 0;
		for (int b = 0; b < NB; b++) {
			int bins[8] = { 0 }, sum = 0, cnt = 0, band = 1, bor = 0, nactive = 0;
			float fsum = 0.0f;
			for (int k = 0; k < NT * NR; k++)
				ref[k] = UNSET;
			for (int wi = 0; wi * 32 < NT; wi++)
				reference(b, wi, mode, ref, bins, &fsum);
			for (int t = 0; t < NT; t++) {
				int v = value_of(b, t);
				sum += v;
				cnt += v > 0;
				band &= v > -50;
				bor |= v > 49;
				if (active(mode, t & 31)) {
					nactive++;
					want_count[(v + 50) % 5]++;
					want_gfsum += (float)v * 0.5f;
					want_gsum += (unsigned)v * 3u;
				}
			}
			for (int t = 0; t < NT; t++) {
				ref[t * NR + 21] = cnt * 1000 + sum;
				ref[t * NR + 22] = band;
				ref[t * NR + 23] = bor;
				for (int k = 0; k < NR; k++)
					bad[mode][k] += out[(b * NT + t) * NR + k] != ref[t * NR + k];
			}
			for (int k = 0; k < 8; k++)
				bad_bins += out[NB * NT * NR + b * 10 + k] != bins[k];
			bad_bins += out[NB * NT * NR + b * 10 + 8] != (int)fsum;
			/* each active thread got one ticket of 0 .. nactive-1, each ticket once */
			int seen[NT];
			memset(seen, 0, sizeof seen);
			for (int t = 0; t < NT; t++) {
				int k = tickets[b * NT + t];
				if (!active(mode, t & 31))
					bad_tickets += k != -1;
				else if (k < 0 || k >= nactive || seen[k]++)
					bad_tickets++;
			}
			nactive_all += nactive;
			if (mode == 0 && b == 1)
				for (int k = 0; k < NR; k++) /* a whole warp's lane 3, the short warp's lane 9 */
					printf("%-10s thread 35: %11d  thread 73: %11d\n", names[k],
					       out[(b * NT + 35) * NR + k], out[(b * NT + 73) * NR + k]);
		}
		for (int k = 0; k < 5; k++)
			bad_bins += gcount[k] != want_count[k];
		bad_bins += gfsum != want_gfsum;
		bad_bins += gsum != want_gsum;
		printf("mode %d: %d threads active, global sum %u, float sum %.1f, %d atomic totals and %d tickets wrong\n",
		       mode, nactive_all, gsum, gfsum, bad_bins, bad_tickets);
		total += bad_bins + bad_tickets;
	}
	for (int k = 0; k < NR; k++)
		for (int mode = 0; mode < 3; mode++) {
			if (bad[mode][k])
				printf("%s: %d results differ from the host in mode %d\n", names[k], bad[mode][k], mode);
			total += bad[mode][k];
		}
	printf("%d results x 3 masks x %d threads: %d differ from the host\n", NR, NB * NT, total);
	return total != 0;
}
