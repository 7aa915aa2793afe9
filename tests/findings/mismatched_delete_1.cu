#include <cstdio>
#include <cstdlib>
#include <cassert>
struct P {
	int v;
};
__global__ void k()
{
	int *a = new int[4];
	delete a;	//@mismatched-delete
}
int main()
{
	int *a = new int[4];
	delete a;	//@mismatched-delete
	P *b = new P;
	delete[] b;	//@mismatched-delete
	int *c = (int *)malloc(8);
	delete c;	//@mismatched-delete
	int *d = new int(3);
	free(d);	//@mismatched-delete
	k<<<1, 1>>>();
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
