template<typename T> __device__ T sq(T x) { return x * x; }
struct S { int a; float b; };
__global__ void k(S *s) { int i = threadIdx.x; s[i].a = __shfl_down_sync(0xffffffff, i, 1); atomicAdd(&s[0].b, 1.0f); __syncthreads(); }
int main() { S *d; cudaMalloc(&d, 32 * sizeof(S)); k<<<1, 32>>>(d); cudaDeviceSynchronize(); return 0; }
