// Command-line arguments: argc/argv, atoi, strcmp; the argument sets the problem size.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

__global__ void iota(int *a, int n, int mul)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		a[i] = i * mul;
}

int main(int argc, char **argv)
{
	printf("argc=%d\n", argc);
	for (int i = 1; i < argc; i++)
		printf("argv[%d]=\"%s\" (len %d)\n", i, argv[i], (int)strlen(argv[i]));
	int n = argc > 1 ? atoi(argv[1]) : 10;
	int mul = argc > 2 ? atoi(argv[2]) : 1;
	int verbose = argc > 3 && strcmp(argv[3], "-v") == 0;
	int *d, *h = (int *)malloc(n * sizeof(int));
	cudaMalloc(&d, n * sizeof(int));
	iota<<<(n + 63) / 64, 64>>>(d, n, mul);
	cudaMemcpy(h, d, n * sizeof(int), cudaMemcpyDeviceToHost);
	long s = 0;
	for (int i = 0; i < n; i++)
		s += h[i];
	printf("n=%d mul=%d sum=%ld\n", n, mul, s);
	if (verbose)
		printf("last=%d\n", h[n - 1]);
	free(h);
	cudaFree(d);
	return 0;
}
