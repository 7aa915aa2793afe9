// A goto that leaves scopes runs the destructors of the objects it leaves,
// newest first (out of nested loops, and backwards to a label), in host
// and device code.
#include <cstdio>

struct P {
	int id;
	__host__ __device__ P(int i) : id(i) { printf("ctor %d\n", id); }
	__host__ __device__ ~P() { printf("dtor %d\n", id); }
};

__host__ __device__ void walk()
{
	P outer(0);
	for (int i = 0;; i++) {
		P a(i + 1);
		for (int j = 0;; j++) {
			P b(10 + j);
			if (j == 1)
				goto out;
		}
	}
out:
	printf("out\n");
	int k = 0;
again:
	{
		P c(20 + k);
		if (k++ < 2)
			goto again;
	}
	printf("end\n");
}

__global__ void kernel() { walk(); }

int main()
{
	walk();
	printf("device:\n");
	kernel<<<1, 1>>>();
	cudaDeviceSynchronize();
	return 0;
}
