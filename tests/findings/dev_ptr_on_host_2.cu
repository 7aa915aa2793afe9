#include <cstdio>
#include <cstdlib>
#include <cassert>
int main()
{
	float *d;
	cudaMalloc(&d, 16 * sizeof(float));
	for (int i = 0; i < 16; i++)
		d[i] = 0.0f;	//@device-pointer-on-host
	return 0;
}
