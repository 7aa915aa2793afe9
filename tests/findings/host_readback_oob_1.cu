#include <cstdio>
#include <cstdlib>
#include <cassert>
int main()
{
	int n = 64;
	unsigned char *h = (unsigned char *)malloc(n);
	unsigned want[256] = { 0 };
	unsigned x = 1;
	for (int i = 0; i <= n; i++) {
		x = x * 1103515245u + 12345u;
		h[i] = (unsigned char)(x >> 16);	//@invalid-host-access
		want[h[i]]++;
	}
	printf("%u\n", want[0]);
	free(h);
	return 0;
}
