#include <cstdio>
#include <cstdlib>
#include <cassert>
int main()
{
	float *c = (float *)malloc(8 * sizeof(float));
	for (int i = 0; i < 8; i++)
		c[i] = 0;
	for (int r = 0; r < 3; r++) {
		for (int i = 0; i < 8; i++)
			c[i] += 0.5f;	//@use-after-free
		if (r == 1)
			free(c);
	}
	printf("%f\n", c[7]);
	return 0;
}
