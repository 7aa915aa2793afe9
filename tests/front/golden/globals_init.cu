#include <cstdio>
int g1 = 7;
int *gp = &g1;
static double dd = 1.0 / 4;
const char *msg = "hi";
char arr[8] = "abc";
__device__ int dcounter = 5;
__constant__ int lut[4] = {1, 2, 4, 8};
__managed__ int man = 3;
int fn(int x) { return x; }
int (*fptr)(int) = fn;
__global__ void k(int *o) { o[0] = lut[threadIdx.x & 3] + dcounter + man; }
int main()
{
	static int calls = 0;
	calls++;
	printf("%d %d %f %s %s %d %d\n", g1, *gp, dd, msg, arr, fptr(4), calls);
	return 0;
}
