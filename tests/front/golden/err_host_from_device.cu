int host_only(int x) { return x + 1; }
__device__ int dev(int x) { return host_only(x); }
__global__ void k(int *p) { *p = host_only(2); }
