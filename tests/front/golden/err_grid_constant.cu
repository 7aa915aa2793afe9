struct P { int a; };
__global__ void k1(__grid_constant__ P p) {}
__global__ void k2(__grid_constant__ const P p) {}
__device__ void d(__grid_constant__ const P p) {}
