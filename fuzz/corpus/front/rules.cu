__global__ int k() { return 1; }
__shared__ int s = 3;
int main() { k(); threadIdx.x = 1; return 0 +; }
