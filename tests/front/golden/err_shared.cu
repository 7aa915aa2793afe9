__shared__ int a = 1;
extern __shared__ float dyn[4];
extern __shared__ float dyn2;
void host() { __shared__ int s; }
__global__ void k() { __shared__ int t = 2; (void)t; }
