#include <cstdio>
#include <cstdlib>
#include <cassert>
struct S { char c[3]; short h; int x; double d; char t[5]; };
__device__ int use(const S *q, int j)
{
	return q->c[j] + q->x + (int)q->t[j];
}
__device__ int use_h(const S *q)
{
	return q->h;	//@uninitialized-read
}
__device__ int use_d(const S *q)
{
	return (int)q->d;	//@uninitialized-read
}
__device__ int use_t(const S *q, int j)
{
	return q->t[j + 2];	//@uninitialized-read
}
__global__ void k(S p, int *out, int j)
{
	int buf[12];
	for (int i = 0; i < 12; i += 2)
		buf[i] = i;
	S q;
	q.c[0] = 1;
	q.c[1] = 2;
	q.c[2] = 3;
	q.x = 4;
	q.t[0] = 5;
	q.t[1] = 6;
	q.t[2] = 7;
	int v = p.c[1] + p.h + p.x + (int)p.d + p.t[4] + use(&q, j);
	v += buf[2 * j] + buf[2 * j + 1];	//@uninitialized-read
	if (threadIdx.x == 1)
		v += use_h(&q);
	if (threadIdx.x == 2)
		v += use_d(&q);
	if (threadIdx.x == 3)
		v += use_t(&q, j);
	out[threadIdx.x] = v;
}
int main()
{
	S p = { { 1, 2, 3 }, 4, 5, 6.0, { 7, 8, 9, 10, 11 } };
	int *out;
	cudaMalloc(&out, 32 * sizeof(int));
	k<<<1, 32>>>(p, out, 1);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
