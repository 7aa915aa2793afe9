// Every common arithmetic, compare, select and conversion op of each register type (int, unsigned,
// long long, unsigned long long, float, double), computed by a whole warp, by part of a warp (two
// sparse masks) and by a warp a block leaves short, and checked against the same function run on the
// host. The emulator runs full and partial warps through separate lane loops; a lane loop that
// computed differently from the host shows up as a mismatch here.
#include <stdio.h>
#include <string.h>

#define NOPS 86
#define NT 48 /* threads: warp 0 full, warp 1 has 16 lanes */
#define SENTINEL 0x5a5a5a5a5a5a5a5aull

/* the bits of a result; every NaN as one (a GPU and the host's CPU give NaNs different bits) */
__host__ __device__ unsigned long long fbits(float f)
{
	unsigned u;
	memcpy(&u, &f, 4);
	return f != f ? 0x7fffffffu : u;
}

__host__ __device__ unsigned long long dbits(double d)
{
	unsigned long long u;
	memcpy(&u, &d, 8);
	return d != d ? 0x7fffffffffffffffull : u;
}

struct in {
	int a, b;
	unsigned ua, ub;
	long long la, lb;
	unsigned long long qa, qb;
	float fa, fb;
	double da, db;
	/* copies of a, ua, la, qa, fb, db: compares a whole warp agrees on */
	int a2;
	unsigned ua2;
	long long la2;
	unsigned long long qa2;
	float fb2;
	double db2;
};

/* op k of element x into r[k]; names[k] below */
__host__ __device__ void compute(const struct in *x, unsigned long long *r)
{
	int a = x->a, b = x->b;
	unsigned ua = x->ua, ub = x->ub;
	long long la = x->la, lb = x->lb;
	unsigned long long qa = x->qa, qb = x->qb;
	float fa = x->fa, fb = x->fb;
	double da = x->da, db = x->db;
	int k = 0;
	unsigned long long v;
	/* compares that branch, first, while the warp is whole: the warp splits
	 * and reconverges at each of the first six; it agrees on the others */
	if (a < b) v = 1; else v = 2;
	r[74] = v;
	if (ua >= ub) v = 3; else v = 4;
	r[75] = v;
	if (la != lb) v = 5; else v = 6;
	r[76] = v;
	if (qa <= qb) v = 7; else v = 8;
	r[77] = v;
	if (fa > fb) v = 9; else v = 10;
	r[78] = v;
	if (da == db) v = 11; else v = 12;
	r[79] = v;
	if (a < x->a2) v = 1; else v = 2;
	r[80] = v;
	if (ua >= x->ua2) v = 3; else v = 4;
	r[81] = v;
	if (la != x->la2) v = 5; else v = 6;
	r[82] = v;
	if (qa <= x->qa2) v = 7; else v = 8;
	r[83] = v;
	if (fb > x->fb2) v = 9; else v = 10;
	r[84] = v;
	if (db == x->db2) v = 11; else v = 12;
	r[85] = v;
	r[k++] = (unsigned long long)(a + b);
	r[k++] = (unsigned long long)(a - b);
	r[k++] = (unsigned long long)(a * b);
	r[k++] = (unsigned long long)(a & b);
	r[k++] = (unsigned long long)(a | b);
	r[k++] = (unsigned long long)(a ^ b);
	r[k++] = a < b;
	r[k++] = a <= b;
	r[k++] = a == b;
	r[k++] = a != b;
	r[k++] = a > b;
	r[k++] = a >= b;
	r[k++] = (unsigned long long)(a < b ? a : b + 7);
	r[k++] = (unsigned long long)(-a);
	r[k++] = (unsigned long long)(~a);
	r[k++] = (unsigned long long)(a >> (b & 31));
	r[k++] = (unsigned long long)((long long)a * 3);
	r[k++] = (unsigned long long)(a / b);
	r[k++] = (unsigned long long)(a % b);
	r[k++] = ua + ub;
	r[k++] = ua - ub;
	r[k++] = ua * ub;
	r[k++] = ua & ub;
	r[k++] = ua | ub;
	r[k++] = ua ^ ub;
	r[k++] = ua < ub;
	r[k++] = ua >= ub;
	r[k++] = ua << (ub & 31);
	r[k++] = ua >> (ub & 31);
	r[k++] = (unsigned long long)ua + 5;
	r[k++] = ua / (ub | 1);
	r[k++] = (unsigned long long)(la + lb);
	r[k++] = (unsigned long long)(la - lb);
	r[k++] = (unsigned long long)(la * lb);
	r[k++] = (unsigned long long)(la & lb);
	r[k++] = (unsigned long long)(la ^ lb);
	r[k++] = la < lb;
	r[k++] = la >= lb;
	r[k++] = (unsigned long long)(la >> (lb & 63));
	r[k++] = (unsigned long long)(int)la;
	r[k++] = (unsigned long long)(unsigned)la;
	r[k++] = qa + qb;
	r[k++] = qa * qb;
	r[k++] = qa < qb;
	r[k++] = qa >> (qb & 63);
	r[k++] = fbits(fa + fb);
	r[k++] = fbits(fa - fb);
	r[k++] = fbits(fa * fb);
	r[k++] = fa < fb;
	r[k++] = fa == fb;
	r[k++] = fa != fb;
	r[k++] = fa >= fb;
	r[k++] = fbits(-fa);
	r[k++] = (unsigned long long)(int)fb;
	r[k++] = fbits((float)a);
	r[k++] = dbits(da + db);
	r[k++] = dbits(da - db);
	r[k++] = dbits(da * db);
	r[k++] = da < db;
	r[k++] = da != db;
	r[k++] = dbits(-da);
	r[k++] = (unsigned long long)(long long)db;
	r[k++] = dbits((double)la);
	r[k++] = fbits(fmaf(fa, fb, (float)b));
	r[k++] = dbits(fma(da, db, (double)lb));
	r[k++] = (a < b) && (ua < ub);
	/* shifts by constant counts */
	r[k++] = (unsigned long long)((a & 0xfff) << 19);
	r[k++] = (unsigned long long)(a >> 3);
	r[k++] = ua << 7;
	r[k++] = ua >> 31;
	r[k++] = (unsigned long long)((la & 0xffffffffffll) << 20);
	r[k++] = (unsigned long long)(la >> 13);
	r[k++] = qa << 60;
	r[k++] = qa >> 33;
}

static const char *names[NOPS] = {
	"add.s32", "sub.s32", "mul.s32", "and.s32", "or.s32", "xor.s32", "lt.s32", "le.s32",
	"eq.s32", "ne.s32", "gt.s32", "ge.s32", "sel.s32", "neg.s32", "not.s32", "shr.s32",
	"s32>s64", "div.s32", "rem.s32", "add.u32", "sub.u32", "mul.u32", "and.u32", "or.u32",
	"xor.u32", "lt.u32", "ge.u32", "shl.u32", "shr.u32", "u32>u64", "div.u32", "add.s64",
	"sub.s64", "mul.s64", "and.s64", "xor.s64", "lt.s64", "ge.s64", "shr.s64", "s64>s32",
	"s64>u32", "add.u64", "mul.u64", "lt.u64", "shr.u64", "add.f32", "sub.f32", "mul.f32",
	"lt.f32", "eq.f32", "ne.f32", "ge.f32", "neg.f32", "f32>s32", "s32>f32", "add.f64",
	"sub.f64", "mul.f64", "lt.f64", "ne.f64", "neg.f64", "f64>s64", "s64>f64", "fma.f32",
	"fma.f64", "and.pred", "shl19.s32", "shr3.s32", "shl7.u32", "shr31.u32", "shl20.s64",
	"shr13.s64", "shl60.u64", "shr33.u64", "br.lt.s32", "br.ge.u32", "br.ne.s64", "br.le.u64",
	"br.gt.f32", "br.eq.f64", "bru.lt.s32", "bru.ge.u32", "bru.ne.s64", "bru.le.u64",
	"bru.gt.f32", "bru.eq.f64",
};

/* which threads compute in each mode: all, two thirds, a sparse few */
__host__ __device__ int active(int mode, int t)
{
	return mode == 0 || (mode == 1 && t % 3 != 0) || (mode == 2 && t % 11 == 5);
}

__global__ void kernel(const struct in *x, unsigned long long *out, int mode)
{
	int t = threadIdx.x;
	if (active(mode, t))
		compute(&x[t], out + (size_t)t * NOPS);
}

static void make_input(struct in *x, int i)
{
	unsigned h = 2654435761u * (unsigned)(i + 1);
	x->a = (int)(h % 40001) - 20000;
	x->b = (int)((h >> 7) % 30001) - 15000;
	if (x->b == 0)
		x->b = 3;
	if (i % 5 == 0)
		x->b = x->a; /* equal operands */
	x->ua = h * 40503u;
	x->ub = h ^ 0xdeadbeefu;
	x->la = ((long long)(h % 2000003) - 1000000) * 1000003;
	x->lb = ((long long)((h >> 5) % 3000017) - 1500000) * 999983;
	x->qa = (unsigned long long)h * 0x9e3779b97f4a7c15ull;
	x->qb = (unsigned long long)(h >> 3) * 0xc2b2ae3d27d4eb4full;
	x->fa = (float)x->a / 7.0f;
	x->fb = (float)x->b / 3.0f;
	if (i % 13 == 4 && i % 5 != 0) {
		x->fa = 0.0f / 0.0f; /* a NaN: every ordered compare is false, != true */
		x->da = 0.0 / 0.0;
	} else {
		x->da = (double)x->la / 11.0;
	}
	x->db = (double)x->lb / 5.0;
	if (i % 5 == 0) {
		x->fb = x->fa;
		x->db = x->da;
	}
	x->a2 = x->a;
	x->ua2 = x->ua;
	x->la2 = x->la;
	x->qa2 = x->qa;
	x->fb2 = x->fb;
	x->db2 = x->db;
}

int main(void)
{
	static struct in hx[NT];
	static unsigned long long ref[NT * NOPS], got[NT * NOPS];
	for (int i = 0; i < NT; i++)
		make_input(&hx[i], i);
	struct in *dx;
	unsigned long long *dout;
	cudaMalloc(&dx, sizeof hx);
	cudaMalloc(&dout, sizeof got);
	cudaMemcpy(dx, hx, sizeof hx, cudaMemcpyHostToDevice);
	int bad[3][NOPS];
	memset(bad, 0, sizeof bad);
	for (int mode = 0; mode < 3; mode++) {
		cudaMemset(dout, 0x5a, sizeof got);
		kernel<<<1, NT>>>(dx, dout, mode);
		cudaMemcpy(got, dout, sizeof got, cudaMemcpyDeviceToHost);
		for (int t = 0; t < NT; t++) {
			if (active(mode, t)) {
				compute(&hx[t], ref + (size_t)t * NOPS);
			} else {
				for (int k = 0; k < NOPS; k++)
					ref[t * NOPS + k] = SENTINEL;
			}
			for (int k = 0; k < NOPS; k++)
				bad[mode][k] += got[t * NOPS + k] != ref[t * NOPS + k];
		}
		if (mode == 1)
			for (int k = 0; k < NOPS; k++) /* threads of warp 1 (the short one) in mode 1; 43 has a NaN */
				printf("%-9s thread 41: %016llx  thread 43: %016llx\n", names[k], got[41 * NOPS + k],
				       got[43 * NOPS + k]);
	}
	int total = 0;
	for (int k = 0; k < NOPS; k++)
		for (int mode = 0; mode < 3; mode++) {
			if (bad[mode][k])
				printf("%s: %d threads differ from the host in mode %d\n", names[k], bad[mode][k], mode);
			total += bad[mode][k];
		}
	printf("%d ops x 3 masks x %d threads: %d differ from the host\n", NOPS, NT, total);
	cudaFree(dx);
	cudaFree(dout);
	return 0;
}
