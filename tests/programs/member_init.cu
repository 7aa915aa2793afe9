// Default member initializers (int n = 10; float s{2.5f}; int a[3] = {4, 5};):
// run by every constructor that does not name the member, and by the implicit
// default constructor of a class that declares none (also for members of class
// type, inside a class template, for new T[n], and for an object passed to a kernel).
#include <cstdio>
struct Params {
  int n = 10;
  float scale{2.5f};
  int dims[3] = {4, 5};
  const char *name = "params";
  int *ptr = nullptr;
};
struct Timer {
  int started = 0, stopped = 7;
  double total = 1.5;
  Timer() {}
  Timer(int s) : started(s) {}
};
struct Holder {
  Timer t{42};
  Params p;
  int k = t.started + 1;
};
template <typename T> struct Box { T v = T(3); T get() const { return v; } };
__global__ void kernel(Params p, int *out) { out[threadIdx.x] = p.n + p.dims[threadIdx.x]; }
int main() {
  Params p;
  printf("%d %.1f %d %d %d %s %d\n", p.n, p.scale, p.dims[0], p.dims[1], p.dims[2], p.name, p.ptr == nullptr);
  Timer a, b(3);
  printf("%d %d %.1f / %d %d\n", a.started, a.stopped, a.total, b.started, b.stopped);
  Holder h;
  printf("%d %d %d\n", h.t.started, h.p.n, h.k);
  Box<int> bi;
  Box<double> bd;
  printf("%d %.1f\n", bi.get(), bd.get());
  Params *pp = new Params[2];
  pp[1].n = 5;
  printf("%d %d\n", pp[0].n, pp[1].n);
  delete[] pp;
  int *d;
  cudaMalloc(&d, 3 * sizeof(int));
  kernel<<<1, 3>>>(p, d);
  int o[3];
  cudaMemcpy(o, d, sizeof(o), cudaMemcpyDeviceToHost);
  printf("%d %d %d\n", o[0], o[1], o[2]);
  return 0;
}
