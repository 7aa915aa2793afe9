// Functions with a deduced return type (auto f(...) { return ...; }) on the
// host and the device, as the OLCF training's hw12 writes its series term;
// one without a return statement returns void.
#include <cstdio>

__device__ auto term(size_t n) { return ((n & 1) ? 1 : -1) / (double)n; }
auto half(int x) { return x / 2.0f; }
auto name() { return "auto"; }
auto report(int v) { printf("report %d\n", v); }

__global__ void kernel(double *out) { out[threadIdx.x] = term(threadIdx.x + 1); }

int main() {
  double *d, h[4];
  cudaMalloc(&d, sizeof(h));
  kernel<<<1, 4>>>(d);
  cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
  printf("%.4f %.4f %.4f %.4f\n", h[0], h[1], h[2], h[3]);
  auto f = half(5);
  printf("%.2f %zu %s\n", f, sizeof(half(1)), name());
  report(7);
  cudaFree(d);
  return 0;
}
