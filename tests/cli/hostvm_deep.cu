// hostvm_deep.cu - recursion that grows the host stack (fresh frames,
// a bigger stack) and finally overflows it: tests/cli/hostvm.t runs
// it under the host engine and the general loop, which must agree on the
// output, the stack-overflow finding and the step count.
#include <cstdio>

struct pt { long long x, y, z; };

static pt step(pt p, int k)
{
	pt r = { p.x + k, p.y * 3 % 1000003, p.z ^ k };
	return r;
}

static long long down(int n, pt p)
{
	char pad[200];
	pad[n % 200] = (char)n;
	if (n == 0)
		return p.x + p.y + p.z;
	return down(n - 1, step(p, n)) + pad[n % 200];
}

static long long forever(int n)
{
	char pad[4000];
	pad[n % 4000] = (char)n;
	return forever(n + 1) + pad[n % 4000];
}

int main()
{
	pt p = { 1, 2, 3 };
	for (int d = 10; d <= 5000; d *= 3)
		printf("down(%d) = %lld\n", d, down(d, p));
	fflush(stdout);
	printf("%lld\n", forever(0));
	return 0;
}
