// Structured bindings (C++17): a struct by value, by reference and const
// reference, an array, std::pair-like results of functions, inside range-based
// for over an array of structs, and in device code.
#include <cstdio>

struct Point { int x, y; };
struct MinMax { float lo, hi; };

__host__ __device__ MinMax range_of(const float *v, int n) {
  MinMax r = {v[0], v[0]};
  for (int i = 1; i < n; i++) {
    if (v[i] < r.lo) r.lo = v[i];
    if (v[i] > r.hi) r.hi = v[i];
  }
  return r;
}

__global__ void kernel(const float *v, int n, float *out) {
  auto [lo, hi] = range_of(v, n);
  out[0] = lo;
  out[1] = hi;
  int pair[2] = {(int)threadIdx.x + 1, 7};
  auto [a, b] = pair;
  out[2] = a * b;
}

int main() {
  Point p = {3, 4};
  auto [x, y] = p;
  x = 100;  // a copy: p is unchanged
  printf("copy: %d %d, p: %d %d\n", x, y, p.x, p.y);
  auto &[rx, ry] = p;
  rx = 30;
  ry += 1;
  printf("ref: p %d %d\n", p.x, p.y);
  const auto &[cx, cy] = p;
  printf("const ref: %d %d\n", cx, cy);
  int arr[3] = {7, 8, 9};
  auto [a0, a1, a2] = arr;
  printf("array: %d %d %d\n", a0, a1, a2);
  float vals[5] = {2.5f, -1.0f, 9.0f, 3.0f, 0.5f};
  auto [lo, hi] = range_of(vals, 5);
  printf("range: %.1f %.1f\n", lo, hi);
  Point pts[3] = {{1, 2}, {3, 4}, {5, 6}};
  int sum = 0;
  for (auto [px, py] : pts) sum += px * py;
  for (auto &[px, py] : pts) px = -px;
  printf("sum %d, first x %d\n", sum, pts[0].x);
  float *dv, *dout;
  cudaMalloc(&dv, sizeof(vals));
  cudaMalloc(&dout, 3 * sizeof(float));
  cudaMemcpy(dv, vals, sizeof(vals), cudaMemcpyHostToDevice);
  kernel<<<1, 1>>>(dv, 5, dout);
  float h[3];
  cudaMemcpy(h, dout, sizeof(h), cudaMemcpyDeviceToHost);
  printf("kernel: %.1f %.1f %.1f\n", h[0], h[1], h[2]);
  cudaFree(dv);
  cudaFree(dout);
  return 0;
}
