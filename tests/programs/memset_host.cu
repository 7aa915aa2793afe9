// cudaMemset byte semantics, host C library: calloc, memcpy, memset, strlen, strcpy, sprintf.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

__global__ void upper(char *s, int n)
{
	int i = threadIdx.x;
	if (i < n && s[i] >= 'a' && s[i] <= 'z')
		s[i] = s[i] - 'a' + 'A';
}

int main(void)
{
	int *d, h[4];
	cudaMalloc(&d, sizeof h);
	cudaMemset(d, 0x01, sizeof h);
	cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
	printf("memset 0x01: %08x %d\n", h[0], h[3]);
	cudaMemset(d, 0xff, 2 * sizeof(int));
	cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
	printf("memset 0xff on half: %d %d %d %d\n", h[0], h[1], h[2], h[3]);
	char buf[64];
	strcpy(buf, "hello, warp scheduler");
	int n = (int)strlen(buf);
	char *ds;
	cudaMalloc(&ds, n + 1);
	cudaMemcpy(ds, buf, n + 1, cudaMemcpyHostToDevice);
	upper<<<1, 64>>>(ds, n);
	char *back = (char *)calloc(n + 1, 1);
	cudaMemcpy(back, ds, n + 1, cudaMemcpyDeviceToHost);
	printf("%s -> %s (%d chars)\n", buf, back, n);
	char line[80];
	sprintf(line, "[%5.1f|%-4d|%s]", 3.14159, 42, "x");
	printf("%s len %d\n", line, (int)strlen(line));
	memset(buf, '#', 5);
	buf[5] = 0;
	printf("%s %d\n", buf, memcmp(back, "HELLO", 5));
	free(back);
	return 0;
}
