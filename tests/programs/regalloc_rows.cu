// regalloc_rows.cu - values that a wrong register allocation (engine/ir/regalloc.c,
// run's rows shared between registers whose live ranges never meet) would mix up:
// divergent branches writing different temporaries, loops carrying several values,
// a value live across a divergent region, a shuffle after divergence, a device
// function called (not inlined: it has a local array) between computations.
#include <cstdio>

__device__ __noinline__ int digits(int x)
{
	int buf[8];
	int n = 0;
	do {
		buf[n++] = x % 10;
		x /= 10;
	} while (x && n < 8);
	int s = 0;
	for (int i = 0; i < n; i++)
		s = s * 3 + buf[i];
	return s;
}

__global__ void rows(int *out, int n)
{
	int t = threadIdx.x;
	int keep = t * 7 + 3;                 // live across everything below
	int r;
	if (t % 3 == 0) {
		int a = t * t, b = a + 11;        // temporaries of one side
		r = a * 2 - b;
	} else if (t % 3 == 1) {
		int c = t + 100, d = c * c;       // other temporaries, other side
		r = d % 97 + c;
	} else {
		r = -t;
	}
	// a loop carrying three values, with a divergent trip count
	int x = 1, y = t, z = 0;
	for (int i = 0; i < (t & 7) + 1; i++) {
		int nx = x + y;
		int ny = y ^ (i * 5);
		z += nx - ny;
		x = nx % 1000;
		y = ny;
	}
	int dg = digits(keep * 13 + r);
	int sh = __shfl_xor_sync(0xffffffff, r + z, 1);
	if (t < n)
		out[t] = keep + r + x * 3 + y * 5 + z * 7 + dg * 11 + sh * 13;
}

int main(void)
{
	const int n = 64;
	int *d, h[n];
	cudaMalloc(&d, n * sizeof(int));
	rows<<<1, n>>>(d, n);
	cudaMemcpy(h, d, n * sizeof(int), cudaMemcpyDeviceToHost);
	long long sum = 0;
	for (int i = 0; i < n; i++) {
		if (i < 8 || i % 16 == 15)
			printf("out[%2d] = %d\n", i, h[i]);
		sum += h[i];
	}
	printf("sum = %lld\n", sum);
	cudaFree(d);
	return 0;
}
