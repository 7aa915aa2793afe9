// hostvm_mad.cu - the host engine's fused multiply-then-add pairs (hostvm.c hv_fuse): run
// by tests/cli/hostvm.t both ways; its output is the native program's (g++ -O0).
#include <cstdio>
#include <cstdlib>
#include <vector>
// CPU references as the corpus writes them: float and double row-major
// products (the MUL's product first and second in the ADD), int with a
// constant stride, and the sums printed bit for bit
const int N = 96;
int main()
{
	std::vector<float> a(N * N), b(N * N), c(N * N);
	double *x = (double *)malloc(N * N * sizeof(double)), *y = (double *)malloc(N * N * sizeof(double));
	int *p = (int *)malloc(N * N * sizeof(int));
	for (int i = 0; i < N * N; i++) {
		a[i] = (rand() % 1000) / 7.0f - 60.0f;
		b[i] = (rand() % 1000) / 3.0f;
		x[i] = (rand() % 1000) / 9.0 - 50.0;
		y[i] = (rand() % 1000) * 1e-3;
		p[i] = rand() % 2000 - 1000;
	}
	float fs = 0;
	double ds = 0;
	long long is = 0;
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++) {
			float s = 0;
			double t = 0;
			int u = 0;
			for (int k = 0; k < N; k++) {
				s += a[i * N + k] * b[k * N + j];
				t = x[i * N + k] * y[k * N + j] + t;
				u += p[i * N + k] * p[k * 96 + j];
			}
			c[i * N + j] = s;
			fs += s;
			ds += t;
			is += u;
		}
	printf("%a %a %lld %a\n", fs, ds, is, c[N * N - 1]);
	free(x);
	free(y);
	free(p);
	return 0;
}
