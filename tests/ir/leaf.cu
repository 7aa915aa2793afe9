// leaf.cu - ir_inline: small leaf functions are copied into their callers
// (device: sq, pick with two returns); a function with a frame (mkpt: its
// struct local) and a recursive one (rec) stay calls.
#include <cstdio>

struct pt { int x, y; };

__device__ int sq(int v) { return v * v; }
__device__ int pick(int a, int b)
{
	if (a > b)
		return a;
	return b;
}
__global__ void k(int *out)
{
	int t = threadIdx.x;
	out[t] = sq(t) + pick(t, 3);
}
pt mkpt(int i) { pt p; p.x = i; p.y = -i; return p; }
int rec(int n) { return n ? n + rec(n - 1) : 0; }
int main()
{
	pt p = mkpt(4);
	printf("%d %d %d\n", p.x, p.y, rec(3));
	return 0;
}
