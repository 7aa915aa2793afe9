// switch with fallthrough and default, goto forward and backward, in divergent lanes.
#include <stdio.h>

__device__ int classify(int x)
{
	int r = 0;
	switch (x % 6) {
	case 0:
		r += 100;
	case 1:
		r += 10;
		break;
	case 2:
	case 3:
		r = -1;
		break;
	case 4:
		return 44;
	default:
		r = 7;
	}
	return r;
}

__device__ int collatz_goto(int n)
{
	int steps = 0;
again:
	if (n == 1)
		goto done;
	if (n % 2 == 0)
		n /= 2;
	else
		n = 3 * n + 1;
	steps++;
	goto again;
done:
	return steps;
}

__global__ void k(int *a, int *b)
{
	int t = threadIdx.x;
	a[t] = classify(t);
	b[t] = collatz_goto(t + 1);
}

int main(void)
{
	int a[32], b[32];
	int *da, *db;
	cudaMalloc(&da, sizeof a);
	cudaMalloc(&db, sizeof b);
	k<<<1, 32>>>(da, db);
	cudaMemcpy(a, da, sizeof a, cudaMemcpyDeviceToHost);
	cudaMemcpy(b, db, sizeof b, cudaMemcpyDeviceToHost);
	printf("classify:");
	for (int i = 0; i < 12; i++)
		printf(" %d", a[i]);
	printf("\ncollatz:");
	for (int i = 0; i < 32; i++)
		printf(" %d", b[i]);
	printf("\n");
	return 0;
}
