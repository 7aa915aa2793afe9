__host__ __global__ void k() {}
