// licm.cu - loop-invariant code motion in `warpstep run` (engine/ir/licm.c):
// what may move out of a loop and what must stay. Each value printed would be
// wrong if the pass moved the wrong thing.
#include <stdio.h>

#define T 8

// a tiled product over 2-D and 3-D __shared__ arrays: the row address of
// as[ty] and the column part of bs[k][tx] move out of the k loop
__global__ void tiles(const int *a, const int *b, int *c, int n)
{
	__shared__ int as[T][T];
	__shared__ int bs[T][T];
	__shared__ int cube[2][T][T];
	int tx = threadIdx.x, ty = threadIdx.y;
	int sum = 0;
	for (int t = 0; t < n / T; t++) {
		as[ty][tx] = a[ty * n + t * T + tx];
		bs[ty][tx] = b[(t * T + ty) * n + tx];
		cube[t & 1][ty][tx] = t + tx;
		__syncthreads();
		for (int k = 0; k < T; k++)
			sum += as[ty][k] * bs[k][tx] + cube[t & 1][k][tx];
		__syncthreads();
	}
	c[ty * n + tx] = sum;
}

// loads that must stay in their loop: a store of the loop writes what they
// read, and another thread changes shared memory between the barriers
__global__ void loads(int *p, int *out)
{
	__shared__ int sh;
	int tid = threadIdx.x;
	if (tid == 0)
		sh = 100;
	__syncthreads();
	int acc = 0, seen = 0;
	for (int k = 0; k < 4; k++) {
		acc += p[tid];          // the store below changes it every iteration
		p[tid] = acc + k;
		seen += sh;             // thread 0 changes it between the barriers
		__syncthreads();
		if (tid == 0)
			sh += 10;
		__syncthreads();
	}
	out[tid] = acc * 1000 + seen;
}

// division: by negative constants and with signed remainders (invariant,
// they move and must round toward zero); by a variable that is zero, in a
// loop that runs no iteration and under a condition no iteration meets (must
// not move: no division happens)
__global__ void divs(int n, int d, int trips, int *out)
{
	int tid = threadIdx.x;
	int v = n - tid * 7;
	int q = 0, r = 0, z = 0;
	unsigned u = 0;
	for (int k = 0; k < 3; k++) {
		q += v / -4;
		r += v % -4 + v % 4;
		u += (unsigned)v / 3u + (unsigned)v % 5u;
	}
	for (int k = 0; k < trips; k++)
		z += n / d;
	for (int k = 0; k < 3; k++)
		if (k == trips + 7)
			z += n % d;
	out[tid * 4 + 0] = q;
	out[tid * 4 + 1] = r;
	out[tid * 4 + 2] = (int)u;
	out[tid * 4 + 3] = z;
}

// threadIdx and blockIdx are read once per function (at its entry, when
// read twice or in a loop); the clock is read where the program reads it
__global__ void ids(long long *out)
{
	long long t0 = clock64();
	int s = 0;
	for (int k = 0; k < 3; k++)
		s += threadIdx.x + blockIdx.x * 10;
	long long t1 = clock64();
	out[blockIdx.x * 2 + threadIdx.x] = s * 10 + (t1 > t0);
}

// fields at constant offsets: the offset goes into the load or store
// (p->y is [p + 4]), negative ones too (q[-1].x is [q - 12])
struct P {
	int x, y;
	float z;
};

__global__ void fields(P *p, int *out)
{
	int t = threadIdx.x;
	P *q = p + t;
	q->z = q->z + 0.5f;
	out[t] = q->y * 100 + (int)(q->z * 10.0f) + (t ? q[-1].x : 0);
}

static int host_fields(int n)
{
	P loc[3];
	for (int i = 0; i < 3; i++) {
		loc[i].x = i + n;
		loc[i].y = i * n;
		loc[i].z = 0.25f * i;
	}
	P *q = &loc[2];
	q->y += q[-1].x;
	return q->y * 1000 + q[-2].x * 10 + (int)(q->z * 4.0f);
}

// a value that changes inside the loop on one iteration only is not invariant
static int late_change(int n)
{
	int base = 1, s = 0;
	for (int k = 0; k < n; k++) {
		s += base * 3 + k;
		if (k == 2)
			base = 10;
	}
	return s;
}

// a goto into the loop's body: the loop has two entries, nothing may move
// into a place the second one skips (the second call would read m * 3 left
// in the register by the first)
static int two_entries(int n, int m)
{
	int s = 0, i = 0;
	if (n > 5)
		goto inside;
	while (i < n) {
		s += i;
inside:
		s += m * 3;
		i++;
	}
	return s;
}

// pointers swapped every iteration
static int swaps(int *x, int *y, int n)
{
	int s = 0;
	for (int k = 0; k < n; k++) {
		int *t = x;
		x = y;
		y = t;
		s = s * 10 + x[0];
	}
	return s;
}

// host loads: one a store of the loop changes (p and q are the same int),
// one only an iteration that never comes would run (bad is NULL)
static int alias_sum(const int *p, int *q, int n)
{
	int s = 0;
	for (int k = 0; k < n; k++) {
		s += *p;
		*q = k;
	}
	return s;
}

static int guarded(const int *bad, const int *good, int n)
{
	int s = 0;
	for (int k = 0; k < n; k++) {
		s += *good + k;
		if (k == n + 1)
			s += *bad;
	}
	return s;
}

int main(void)
{
	const int n = 16;
	int ha[n * n], hb[n * n], hc[n * n], ref[T * T];
	for (int i = 0; i < n * n; i++) {
		ha[i] = i % 7 - 3;
		hb[i] = i % 5 - 2;
	}
	int *a, *b, *c;
	cudaMalloc(&a, sizeof(ha));
	cudaMalloc(&b, sizeof(hb));
	cudaMalloc(&c, sizeof(hc));
	cudaMemcpy(a, ha, sizeof(ha), cudaMemcpyHostToDevice);
	cudaMemcpy(b, hb, sizeof(hb), cudaMemcpyHostToDevice);
	cudaMemset(c, 0, sizeof(hc));
	tiles<<<1, dim3(T, T)>>>(a, b, c, n);
	cudaMemcpy(hc, c, sizeof(hc), cudaMemcpyDeviceToHost);
	// the CPU reference: C[i*n+j] += A[i*n+k] * B[k*n+j], the invariant
	// address of the element and i*n move out of the k loop
	int bad = 0;
	for (int i = 0; i < T; i++)
		for (int j = 0; j < T; j++) {
			ref[i * T + j] = 0;
			for (int t = 0; t < n / T; t++)
				for (int k = 0; k < T; k++)
					ref[i * T + j] += ha[i * n + t * T + k] * hb[(t * T + k) * n + j] + t + j;
			if (ref[i * T + j] != hc[i * n + j])
				bad++;
		}
	printf("tiles: c[0][0]=%d c[3][5]=%d c[7][7]=%d, %d differ from the CPU\n", hc[0], hc[3 * n + 5],
	       hc[7 * n + 7], bad);

	int hp[4] = { 1, 2, 3, 4 }, ho[4];
	int *p, *o;
	cudaMalloc(&p, sizeof(hp));
	cudaMalloc(&o, sizeof(ho));
	cudaMemcpy(p, hp, sizeof(hp), cudaMemcpyHostToDevice);
	loads<<<1, 4>>>(p, o);
	cudaMemcpy(ho, o, sizeof(ho), cudaMemcpyDeviceToHost);
	printf("loads: %d %d %d %d\n", ho[0], ho[1], ho[2], ho[3]);

	int hd[8];
	int *dd;
	cudaMalloc(&dd, sizeof(hd));
	divs<<<1, 2>>>(-13, 0, 0, dd);
	cudaMemcpy(hd, dd, sizeof(hd), cudaMemcpyDeviceToHost);
	for (int t = 0; t < 2; t++)
		printf("divs thread %d: q=%d r=%d u=%u z=%d\n", t, hd[t * 4], hd[t * 4 + 1], (unsigned)hd[t * 4 + 2],
		       hd[t * 4 + 3]);

	long long hi[4], *di;
	cudaMalloc(&di, sizeof(hi));
	ids<<<2, 2>>>(di);
	cudaMemcpy(hi, di, sizeof(hi), cudaMemcpyDeviceToHost);
	printf("ids: %lld %lld %lld %lld\n", hi[0], hi[1], hi[2], hi[3]);
	cudaFree(di);

	P hpv[3] = { { 1, 2, 0.5f }, { 3, 4, 1.5f }, { 5, 6, 2.5f } };
	P *pv;
	int hf[3], *df;
	cudaMalloc(&pv, sizeof(hpv));
	cudaMalloc(&df, sizeof(hf));
	cudaMemcpy(pv, hpv, sizeof(hpv), cudaMemcpyHostToDevice);
	fields<<<1, 3>>>(pv, df);
	cudaMemcpy(hf, df, sizeof(hf), cudaMemcpyDeviceToHost);
	printf("fields: %d %d %d, host %d\n", hf[0], hf[1], hf[2], host_fields(4));
	cudaFree(pv);
	cudaFree(df);

	int x[1] = { 1 }, y[1] = { 2 }, v = 5, g = 3;
	printf("host loads: alias_sum %d, guarded %d\n", alias_sum(&v, &v, 4), guarded(0, &g, 4));
	printf("host: late_change %d, two_entries %d %d, swaps %d\n", late_change(5), two_entries(3, 4),
	       two_entries(7, 5), swaps(x, y, 5));
	cudaFree(a);
	cudaFree(b);
	cudaFree(c);
	cudaFree(p);
	cudaFree(o);
	cudaFree(dd);
	return 0;
}
