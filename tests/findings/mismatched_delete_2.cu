#include <cstdio>
#include <cstdlib>
#include <cassert>
struct P {
	int v;
	~P() { v = 0; }
};
__global__ void k()
{
	int *a = new int[4];
	delete[] a;
}
int main()
{
	int *a = new int[4];
	delete[] a;
	P *b = new P[3];
	delete[] b;
	P *c = new P;
	delete c;
	int *d = (int *)malloc(8);
	free(d);
	k<<<1, 1>>>();
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
