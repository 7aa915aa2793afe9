#include <cstdio>
#include <cstdlib>
#include <cassert>
int main()
{
	unsigned *c = (unsigned *)malloc(16 * sizeof(unsigned));
	for (int i = 0; i < 16; i++)
		c[i] = 0;
	unsigned x = 1;
	for (int i = 0; i < 1000; i++) {
		x = x * 1103515245u + 12345u;
		c[(x >> 16) % 17]++;	//@invalid-host-access
	}
	printf("%u\n", c[0]);
	free(c);
	return 0;
}
