__constant__ float c[4];
__global__ void k() { c[0] = 1.0f; }
