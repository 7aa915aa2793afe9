// Loads by diverged groups of lanes (some lanes of a warp, not all) of every scalar
// width, signed and unsigned, from global and shared memory: up to the last element
// of an allocation, with some lanes reading a second allocation, and shared and
// global memory in one load through a generic pointer; then atomicAdd
// by diverged groups on two allocations, adding zero in some lanes. Sums are checked
// against the host.
#include <stdio.h>

#define N 96

template <typename T>
__global__ void gather(const T *a, const T *b, long long *out)
{
	__shared__ T s[N];
	int t = threadIdx.x;
	s[t] = a[N - 1 - t];
	__syncthreads();
	long long acc = 0;
	if (t % 3 != 0) /* two lanes of three, up to the last element */
		acc += (long long)a[t];
	if (t % 4 == 1) /* a quarter of the lanes, from the shared copy */
		acc += 3 * (long long)s[(t * 5) % N];
	if (t & 1) /* odd lanes: half from a, half from b */
		acc += 7 * (long long)((t & 2) ? a[N - 1 - t / 2] : b[t / 2]);
	const T *p = (t & 4) ? &s[t / 2] : &a[t / 3]; /* shared and global in one load */
	if (t % 3 == 2)
		acc += 11 * (long long)*p;
	out[t] = acc;
}

__global__ void adds(unsigned *x, unsigned *y, int *z)
{
	int t = threadIdx.x;
	if (t % 3 != 2)
		atomicAdd(&x[t % 8], (unsigned)(t % 5)); /* some lanes add 0 */
	if (t & 1)
		atomicAdd((t & 2) ? &x[t % 8] : &y[t % 4], 1u); /* two allocations */
	if (t % 4 != 0)
		atomicAdd(&z[t % 7], t % 2 ? -t : t);
}

template <typename T>
void run(const char *name, long long scale)
{
	T ha[N], hb[N];
	for (int i = 0; i < N; i++) {
		ha[i] = (T)((i * 37 % 101 - 50) * scale);
		hb[i] = (T)((i * 11 % 23 - 11) * scale);
	}
	T *da, *db;
	long long *dout, hout[N];
	cudaMalloc(&da, sizeof ha);
	cudaMalloc(&db, sizeof hb);
	cudaMalloc(&dout, sizeof hout);
	cudaMemcpy(da, ha, sizeof ha, cudaMemcpyHostToDevice);
	cudaMemcpy(db, hb, sizeof hb, cudaMemcpyHostToDevice);
	gather<T><<<1, N>>>(da, db, dout);
	cudaMemcpy(hout, dout, sizeof hout, cudaMemcpyDeviceToHost);
	long long sum = 0, bad = 0;
	for (int t = 0; t < N; t++) {
		long long want = 0;
		if (t % 3 != 0)
			want += (long long)ha[t];
		if (t % 4 == 1)
			want += 3 * (long long)ha[N - 1 - (t * 5) % N];
		if (t & 1)
			want += 7 * (long long)((t & 2) ? ha[N - 1 - t / 2] : hb[t / 2]);
		if (t % 3 == 2)
			want += 11 * (long long)((t & 4) ? ha[N - 1 - t / 2] : ha[t / 3]);
		sum += hout[t];
		bad += hout[t] != want;
	}
	printf("%-14s sum %lld %s\n", name, sum, bad ? "WRONG" : "ok");
	cudaFree(da);
	cudaFree(db);
	cudaFree(dout);
}

int main()
{
	run<signed char>("signed char", 1);
	run<unsigned char>("unsigned char", 1);
	run<short>("short", 300);
	run<unsigned short>("unsigned short", 300);
	run<int>("int", 100000);
	run<unsigned>("unsigned", 100000);
	run<float>("float", 1);
	run<long long>("long long", 1000000000LL);
	run<double>("double", 1);
	unsigned *x, *y, hx[8], hy[4];
	int *z, hz[7];
	cudaMalloc(&x, sizeof hx);
	cudaMalloc(&y, sizeof hy);
	cudaMalloc(&z, sizeof hz);
	cudaMemset(x, 0, sizeof hx);
	cudaMemset(y, 0, sizeof hy);
	cudaMemset(z, 0, sizeof hz);
	adds<<<2, N>>>(x, y, z);
	cudaMemcpy(hx, x, sizeof hx, cudaMemcpyDeviceToHost);
	cudaMemcpy(hy, y, sizeof hy, cudaMemcpyDeviceToHost);
	cudaMemcpy(hz, z, sizeof hz, cudaMemcpyDeviceToHost);
	unsigned wx[8] = { 0 }, wy[4] = { 0 };
	int wz[7] = { 0 };
	for (int b = 0; b < 2; b++)
		for (int t = 0; t < N; t++) {
			if (t % 3 != 2)
				wx[t % 8] += t % 5;
			if (t & 1) {
				if (t & 2)
					wx[t % 8] += 1;
				else
					wy[t % 4] += 1;
			}
			if (t % 4 != 0)
				wz[t % 7] += t % 2 ? -t : t;
		}
	int bad = 0;
	printf("atomics x");
	for (int i = 0; i < 8; i++) {
		printf(" %u", hx[i]);
		bad += hx[i] != wx[i];
	}
	printf(" y");
	for (int i = 0; i < 4; i++) {
		printf(" %u", hy[i]);
		bad += hy[i] != wy[i];
	}
	printf(" z");
	for (int i = 0; i < 7; i++) {
		printf(" %d", hz[i]);
		bad += hz[i] != wz[i];
	}
	printf(" %s\n", bad ? "WRONG" : "ok");
	return 0;
}
