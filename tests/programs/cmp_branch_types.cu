// Branches on integer compares of every width and signedness, by whole warps and by
// diverged groups: each lane's outcome is counted by the device and checked against
// the same compare on the host. Values near the edges of each type (0, -1, the
// minimum and maximum, 0x80000000u) show signed and unsigned orders apart.
#include <stdio.h>

#define N 256

template <typename T>
__device__ int outcome(T a, T b, int op)
{
	int r = 0;
	switch (op) {
	case 0: if (a < b) r = 1; else r = 2; break;
	case 1: if (a <= b) r = 1; else r = 2; break;
	case 2: if (a > b) r = 1; else r = 2; break;
	case 3: if (a >= b) r = 1; else r = 2; break;
	case 4: if (a == b) r = 1; else r = 2; break;
	default: if (a != b) r = 1; else r = 2; break;
	}
	return r;
}

template <typename T>
__global__ void cmp(const T *a, const T *b, int *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	for (int op = 0; op < 6; op++) {
		if (threadIdx.x % 3 != 1) /* two groups of lanes out of three */
			out[op * N + i] = outcome(a[i], b[i], op);
		else
			out[op * N + i] = 10 + outcome(a[i], b[i], op);
	}
}

template <typename T>
int host_outcome(T a, T b, int op)
{
	switch (op) {
	case 0: return a < b ? 1 : 2;
	case 1: return a <= b ? 1 : 2;
	case 2: return a > b ? 1 : 2;
	case 3: return a >= b ? 1 : 2;
	case 4: return a == b ? 1 : 2;
	default: return a != b ? 1 : 2;
	}
}

template <typename T>
void run(const char *name, const long long *edge, int nedge)
{
	T ha[N], hb[N];
	int hout[6 * N];
	unsigned s = 12345;
	for (int i = 0; i < N; i++) {
		s = s * 1103515245u + 12345u;
		long long x = i < nedge * nedge ? edge[i % nedge] : (long long)(s >> 3) - (1 << 28);
		long long y = i < nedge * nedge ? edge[i / nedge] : (long long)((s * 7u) >> 3) - (1 << 28);
		if (i >= nedge * nedge && i % 5 == 0)
			y = x;
		ha[i] = (T)x;
		hb[i] = (T)y;
	}
	T *da, *db;
	int *dout;
	cudaMalloc(&da, sizeof ha);
	cudaMalloc(&db, sizeof hb);
	cudaMalloc(&dout, sizeof hout);
	cudaMemcpy(da, ha, sizeof ha, cudaMemcpyHostToDevice);
	cudaMemcpy(db, hb, sizeof hb, cudaMemcpyHostToDevice);
	cmp<T><<<N / 64, 64>>>(da, db, dout);
	cudaMemcpy(hout, dout, sizeof hout, cudaMemcpyDeviceToHost);
	printf("%-18s", name);
	for (int op = 0; op < 6; op++) {
		int taken = 0, bad = 0;
		for (int i = 0; i < N; i++) {
			int want = host_outcome(ha[i], hb[i], op) + (i % 64 % 3 == 1 ? 10 : 0);
			taken += hout[op * N + i] % 10 == 1;
			bad += hout[op * N + i] != want;
		}
		printf(" %s %3d%s", op == 0 ? "<" : op == 1 ? "<=" : op == 2 ? ">" : op == 3 ? ">=" : op == 4 ? "==" : "!=",
		       taken, bad ? " WRONG" : "");
	}
	printf("\n");
	cudaFree(da);
	cudaFree(db);
	cudaFree(dout);
}

int main()
{
	const long long e32[] = { 0, 1, -1, 2147483647LL, -2147483647LL - 1, 0x80000000LL, 0xffffffffLL, 77, -77, 65536 };
	const long long e64[] = { 0, 1, -1, 0x7fffffffffffffffLL, -0x7fffffffffffffffLL - 1, 0x100000000LL,
				  0xffffffffLL, -0x100000000LL, 0x80000000LL, 5 };
	const long long e8[] = { 0, 1, -1, 127, -128, 128, 255, 32767, -32768, 65535 };
	run<int>("int", e32, 10);
	run<unsigned>("unsigned", e32, 10);
	run<long long>("long long", e64, 10);
	run<unsigned long long>("unsigned long long", e64, 10);
	run<short>("short", e8, 10);
	run<unsigned short>("unsigned short", e8, 10);
	run<signed char>("signed char", e8, 10);
	run<unsigned char>("unsigned char", e8, 10);
	return 0;
}
