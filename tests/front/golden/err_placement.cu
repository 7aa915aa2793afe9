struct S { __device__ int m; };
void f(__shared__ int p) {}
__global__ void k() { __constant__ int x; __managed__ int y; __device__ int z; }
int main() { __device__ int w; return 0; }
