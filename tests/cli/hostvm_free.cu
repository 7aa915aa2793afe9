// hostvm_free.cu - loads and stores that remember the host allocation
// they hit (engine/machine/hostvm.c) meet allocations freed and made anew
// between their runs (and the stack between two blocks), and finally read
// freed memory (a use-after-free
// finding, exit status 139): tests/cli/hostvm.t runs it under the host
// engine and the general loop, which must agree.
#include <cstdio>
#include <cstdlib>

static long long sum(const int *p, int n)
{
	long long s = 0;
	for (int i = 0; i < n; i++)
		s += p[i];
	return s;
}

static void fill(int *p, int n, int k)
{
	for (int i = 0; i < n; i++)
		p[i] = i * k;
}

int main()
{
	int *keep = (int *)malloc(64 * sizeof(int));
	fill(keep, 64, 3);
	long long t = 0;
	for (int r = 1; r <= 20; r++) {
		int n = 50 + r * 7;
		int *p = (int *)malloc(n * sizeof(int));
		fill(p, n, r);
		int st[64];
		fill(st, 64, r + 1);
		/* sum's load: p's block, the stack, then (next round) a block made
		 * anew where p was: what it remembered of p must be forgotten */
		t += sum(p, n) + sum(st, 64) + sum(keep, 64);
		free(p);
		if (r % 5 == 0) {
			free(keep);
			keep = (int *)malloc(64 * sizeof(int));
			fill(keep, 64, r);
		}
	}
	t += sum(keep, 64); /* sum's load remembers keep ... */
	printf("%lld\n", t);
	fflush(stdout);
	int *gone = keep;   /* ... which is freed before it reads it again */
	free(keep);
	printf("%lld\n", sum(gone, 64));
	return 0;
}
