// host_count.cu - host code over the host engine's counters and stores read
// back (engine/machine/hostvm.c: HV_INCS, HV_SLS): `c[k]++`, `c[k] -= v` and
// `a[i] += v` on counters of every integer type and float and double, on the
// stack and in malloc'd blocks, through pointers that alias, across a free
// and a new block; `p[i] = v; ... p[i]` on byte arrays read back as signed
// and unsigned chars, as 16-, 32- and 64-bit values through byte offsets, on
// the stack and the heap, and the near misses the engine must leave alone: a
// load through another pointer, of another width or another sign, at an
// overlapping address, with a store or an index change between. Each result
// goes into a checksum, printed with a few values. Host code only: the
// expected output is the program's own, built natively by g++ and run.
#include <cstdio>
#include <cstdlib>
#include <cstring>

typedef unsigned long long u64;
typedef long long s64;

static u64 mix(u64 h, u64 v)
{
	h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
	return h;
}

/* a byte stream: the bench programs' generator */
static unsigned lcg(unsigned *x)
{
	*x = *x * 1103515245u + 12345u;
	return *x >> 16;
}

/* counters of each type, incremented, decremented and summed into */
static u64 counters_stack(u64 h)
{
	unsigned cu[64];
	int cs[64];
	s64 cl[64];
	u64 cul[64];
	float cf[64];
	double cd[64];
	unsigned char cc[64];
	short csh[64];
	for (int b = 0; b < 64; b++) {
		cu[b] = 0xfffffff0u + (unsigned)b; /* wraps past 2^32 */
		cs[b] = -1000 + b;
		cl[b] = -((s64)1 << 40);
		cul[b] = ~0ull - 3;
		cf[b] = 0.5f;
		cd[b] = -0.25;
		cc[b] = 250;
		csh[b] = -32760;
	}
	unsigned x = 7;
	for (int i = 0; i < 5000; i++) {
		unsigned k = lcg(&x) & 63;
		int v = (int)(lcg(&x) & 255) - 128;
		s64 lv = v;
		float fv = 0.1f * (float)v;
		double dv = 0.001 * v;
		cu[k]++;
		cs[k] += v;
		cl[k] -= lv;
		cl[(k + 5) & 63] += 7;
		cul[k] += 3;
		cul[(k + 9) & 63] -= lv;
		cf[k] += fv;
		cf[(k + 3) & 63] -= fv;
		cf[(k + 4) & 63] += 0.375f;
		cd[k] -= dv;
		cd[(k + 2) & 63] += dv;
		cd[(k + 6) & 63] -= 0.125;
		cc[k]++;
		csh[k] -= 1;
		cu[(k + 1) & 63] -= 2;
		cs[k] -= 1;
	}
	for (int b = 0; b < 64; b++) {
		h = mix(h, cu[b]);
		h = mix(h, (unsigned)cs[b]);
		h = mix(h, (u64)cl[b]);
		h = mix(h, cul[b]);
		h = mix(h, (u64)(s64)(cf[b] * 1000.0f));
		h = mix(h, (u64)(s64)(cd[b] * 1e6));
		h = mix(h, cc[b]);
		h = mix(h, (unsigned short)csh[b]);
	}
	printf("stack counters: cu[0] %u cs[1] %d cl[2] %lld cul[3] %llu cf[4] %.4f cd[5] %.6f cc[6] %u csh[7] %d\n",
	       cu[0], cs[1], cl[2], cul[3], cf[4], cd[5], cc[6], csh[7]);
	return h;
}

/* the same in malloc'd blocks, freed and made anew between rounds (a
 * counter remembers its block), and through a second pointer to it */
static u64 counters_heap(u64 h)
{
	for (int round = 0; round < 3; round++) {
		unsigned *cu = (unsigned *)malloc(256 * sizeof(unsigned));
		int *cs = (int *)malloc(256 * sizeof(int));
		s64 *cl = (s64 *)malloc(256 * sizeof(s64));
		float *cf = (float *)malloc(256 * sizeof(float));
		double *cd = (double *)malloc(256 * sizeof(double));
		unsigned *alias = cu;
		for (int b = 0; b < 256; b++) {
			cu[b] = (unsigned)round;
			cs[b] = 0x7fffff00 + b;
			cl[b] = b;
			cf[b] = 1.0f;
			cd[b] = 1.0 / (b + 1);
		}
		unsigned x = 1 + round;
		for (int i = 0; i < 20000; i++) {
			unsigned k = lcg(&x) & 255;
			cu[k]++;
			alias[k] += 2;
			cs[k] -= 3;
			cl[k] += (s64)k * 1000000007;
			cf[k] += 0.25f;
			double dn = cd[(k + 7) & 255];
			cd[k] += dn;
			cd[(k + 11) & 255] -= 0.5;
			cf[(k + 1) & 255] -= 0.125f;
			alias[(k * 3) & 255]--;
		}
		for (int b = 0; b < 256; b++) {
			h = mix(h, cu[b]);
			h = mix(h, (unsigned)cs[b]);
			h = mix(h, (u64)cl[b]);
			h = mix(h, (u64)(s64)cf[b]);
			u64 bits;
			memcpy(&bits, &cd[b], sizeof(bits));
			h = mix(h, bits);
		}
		printf("heap counters %d: cu[0] %u cs[9] %d cl[17] %lld cf[33] %.2f cd[65] %.6g\n", round, cu[0], cs[9],
		       cl[17], cf[33], cd[65]);
		free(cu);
		free(cs);
		free(cl);
		free(cf);
		free(cd);
	}
	return h;
}

/* p[i] = v; ... p[i]: bytes stored and read back, signed and unsigned */
static u64 readback_bytes(u64 h, unsigned char *u, signed char *s, int n)
{
	unsigned x = 3;
	unsigned want[256] = { 0 };
	int sum = 0;
	for (int i = 0; i < n; i++) {
		u[i] = (unsigned char)lcg(&x);
		want[u[i]]++;
		s[i] = (signed char)lcg(&x);
		sum += s[i];
	}
	for (int b = 0; b < 256; b++)
		h = mix(h, want[b]);
	h = mix(h, (unsigned)sum);
	/* 16-, 32- and 64-bit values at byte offsets, read back */
	for (int i = 0; i + 8 <= n; i += 8) {
		*(unsigned short *)(u + i) = (unsigned short)(i * 40503u);
		unsigned short ru16 = *(unsigned short *)(u + i);
		*(short *)(u + i) = (short)(i * -40503);
		short rs16 = *(short *)(u + i);
		*(unsigned *)(u + i) = i * 2654435761u;
		unsigned ru32 = *(unsigned *)(u + i);
		*(int *)(u + i) = i * -26543;
		int rs32 = *(int *)(u + i);
		*(u64 *)(u + i) = (u64)i * 0x9e3779b97f4a7c15ull;
		u64 r64 = *(u64 *)(u + i);
		h = mix(h, ru16);
		h = mix(h, (u64)(s64)rs16);
		h = mix(h, ru32);
		h = mix(h, (u64)(s64)rs32);
		h = mix(h, r64);
	}
	return h;
}

/* near misses: the load goes through another pointer, has another width or
 * sign, overlaps the store, or something comes between */
static u64 near_misses(u64 h, unsigned char *u, int n)
{
	signed char *s = (signed char *)u;
	for (int i = 0; i + 2 < n; i++) {
		u[i] = (unsigned char)(i * 37 + 200);
		h = mix(h, (u64)(s64)s[i]);          /* another pointer, another sign */
		u[i] = (unsigned char)(i * 11);
		h = mix(h, u[i + 1]);                /* the next byte */
		u[i + 1] = (unsigned char)(i + 1);
		u[i] = (unsigned char)(i * 3);
		h = mix(h, u[i + 1]);                /* a store between */
		int e = i & ~1;
		*(unsigned short *)(u + e) = (unsigned short)(i * 515);
		h = mix(h, u[e]);                    /* a narrower load of the first byte */
		h = mix(h, u[e + 1]);                /* and of the second */
		u[i] = 0x80;
		int j = i + 1;
		h = mix(h, u[j - 1]);                /* another index register */
		u[i] = (unsigned char)(i ^ 0x5a);
		i++;
		h = mix(h, u[i]);                    /* the index changed between */
		i--;
	}
	return h;
}

int main()
{
	u64 h = 1;
	h = counters_stack(h);
	printf("checksum after stack counters %016llx\n", h);
	h = counters_heap(h);
	printf("checksum after heap counters %016llx\n", h);
	int n = 4096;
	unsigned char *hu = (unsigned char *)malloc(n);
	signed char *hs = (signed char *)malloc(n);
	h = readback_bytes(h, hu, hs, n);
	printf("checksum after heap bytes read back %016llx\n", h);
	alignas(8) unsigned char lu[512];
	signed char ls[512];
	h = readback_bytes(h, lu, ls, 512);
	printf("checksum after stack bytes read back %016llx\n", h);
	h = near_misses(h, hu, n);
	h = near_misses(h, lu, 512);
	printf("checksum after near misses %016llx\n", h);
	/* the heap block freed and a new one in its place: stores read back
	 * find their memory again */
	free(hu);
	hu = (unsigned char *)malloc(n);
	h = readback_bytes(h, hu, hs, n);
	printf("checksum after a new block %016llx\n", h);
	free(hu);
	free(hs);
	return 0;
}
