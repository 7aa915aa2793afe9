// <random>: mt19937, mt19937_64, minstd_rand0/minstd_rand/default_random_engine and the
// uniform_int, uniform_real and normal distributions give exactly libstdc++'s numbers
// (checked against g++); a kernel sums numbers drawn on the host.
#include <random>
#include <cstdio>
__global__ void total(const int *v, int n, int *out)
{
	int s = 0;
	for (int i = 0; i < n; i++)
		s += v[i];
	*out = s;
}

int main()
{
	std::mt19937 g;
	std::mt19937 g2(42);
	std::mt19937_64 g64(7);
	std::minstd_rand0 m0;
	std::minstd_rand m1(3);
	unsigned x1 = g(), x2 = g2();
	unsigned long long x3 = g64();
	unsigned long x4 = m0(), x5 = m1();
	printf("%u %u %llu %lu %lu\n", x1, x2, x3, x4, x5);
	std::uniform_int_distribution<int> d6(1, 6);
	std::uniform_int_distribution<long> big(-5, 1L << 40);
	std::uniform_int_distribution<unsigned> all;
	std::uniform_real_distribution<double> ur(-1.0, 2.0);
	std::uniform_real_distribution<float> uf(0.0f, 1.0f);
	std::normal_distribution<double> nd(10.0, 2.0);
	std::normal_distribution<float> nf;
	for (int i = 0; i < 5; i++) {
		int a = d6(g2);
		long b = big(g2);
		unsigned c = all(g2);
		double d = ur(g2);
		float f = uf(g2);
		double n = nd(g2);
		float nf1 = nf(g2);
		long b64 = big(g64);
		double n64 = nd(g64);
		printf("%d %ld %u %.17g %.9g %.17g %.9g | %ld %.17g\n", a, b, c, d, (double)f, n, (double)nf1, b64, n64);
	}
	std::default_random_engine e(11);
	int r1 = d6(e);
	double r2 = ur(e);
	printf("%d %.17g\n", r1, r2);
	int h[64], *d, *ds, sum = 0, want = 0;
	std::uniform_int_distribution<int> pct(0, 99);
	for (int i = 0; i < 64; i++) {
		h[i] = pct(g);
		want += h[i];
	}
	cudaMalloc(&d, sizeof(h));
	cudaMalloc(&ds, sizeof(int));
	cudaMemcpy(d, h, sizeof(h), cudaMemcpyHostToDevice);
	total<<<1, 1>>>(d, 64, ds);
	cudaMemcpy(&sum, ds, sizeof(int), cudaMemcpyDeviceToHost);
	cudaFree(d);
	cudaFree(ds);
	printf("host %d, kernel %d\n", want, sum);
	return 0;
}
