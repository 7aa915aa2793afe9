#include <cstdio>
__host__ int where() { return 1; }
__device__ int where() { return 2; }
__host__ __device__ int both() { return where() * 10; }
__global__ void k(int *o) { *o = both(); }
int main() { int *o; cudaMalloc(&o, 4); k<<<1, 1>>>(o); printf("%d\n", both()); return 0; }
