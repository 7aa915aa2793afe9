// Kernels launched through a function pointer, as NVIDIA's transpose sample
// and finite-difference code choose among kernels at run time; a pointer that
// is not a kernel launches nothing: an H100 with CUDA 13.0 reports no error for it.
#include <cstdio>

__global__ void add_one(int *d, int n) {
  int i = threadIdx.x;
  if (i < n) d[i] += 1;
}

__global__ void times_two(int *d, int n) {
  int i = threadIdx.x;
  if (i < n) d[i] *= 2;
}

void host_fn(int *d, int n) { (void)d; (void)n; }

int main() {
  int *d;
  cudaMalloc(&d, 4 * sizeof(int));
  cudaMemset(d, 0, 4 * sizeof(int));
  void (*kernel)(int *, int);
  const char *names[] = {"add_one", "times_two", "add_one"};
  void (*table[])(int *, int) = {add_one, &times_two, add_one};
  for (int k = 0; k < 3; k++) {
    kernel = table[k];
    kernel<<<1, 4>>>(d, 4);
    printf("%s: %s\n", names[k], cudaGetErrorString(cudaGetLastError()));
  }
  int h[4];
  cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
  printf("%d %d %d %d\n", h[0], h[1], h[2], h[3]);
  kernel = host_fn;
  kernel<<<1, 4>>>(d, 4);
  cudaError_t e = cudaGetLastError();
  printf("host function: %s\n", cudaGetErrorName(e));
  cudaFree(d);
  return 0;
}
