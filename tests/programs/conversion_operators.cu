// Conversion functions (operator T()): implicit and explicit operator bool in
// conditions, '!', '&&', '||', '?:', returns and initializations; conversions
// to a pointer and to int (also as an operand of a built-in operator and as an
// argument), inherited from a base class, in a class template, on the device,
// and the streams' explicit operator bool (while (in >> x)).
#include <cstdio>
#include <sstream>

struct Flag {
  int v;
  operator bool() const { return v != 0; }
};

struct Handle {
  int v;
  explicit operator bool() const { return v > 0; }
};

struct View {
  int *p;
  operator int *() const { return p; }
};

struct Count {
  int v;
  __host__ __device__ operator int() const { return v * 2; }
};

struct Derived : Count {
  int extra;
};

template <typename T> struct Wrap {
  T value;
  operator T() const { return value + 1; }
};

bool as_bool(Flag f) { return f; }
int twice(int x) { return 2 * x; }

__global__ void kernel(Count c, int *out) {
  int n = c;
  out[threadIdx.x] = n + c + threadIdx.x;
}

int main() {
  Flag on{1}, off{0};
  Handle h{3}, none{0};
  if (on) printf("on\n");
  if (!off) printf("!off\n");
  if (on && !off) printf("on && !off\n");
  if (off || on) printf("off || on\n");
  if (h) printf("h\n");
  if (!none) printf("!none\n");
  if (h && !none) printf("h && !none\n");
  printf("?: %d %d\n", on ? 10 : 20, none ? 10 : 20);
  bool b = on;
  bool e = static_cast<bool>(h);
  bool e2 = (bool)none;
  bool e3 = bool(h);
  printf("bool %d %d %d %d ret %d %d\n", b, e, e2, e3, as_bool(on), as_bool(off));
  int loops = 0;
  Flag f{3};
  while (f) {
    f.v--;
    loops++;
  }
  printf("loops %d\n", loops);
  int arr[3] = {5, 6, 7};
  View view{arr};
  int *q = view;
  printf("ptr %d %d\n", q[1], *(view + 2));
  Count c{21};
  int n = c;
  printf("int %d %d %d %d\n", n, c + 1, twice(c), (int)c);
  Derived d;
  d.v = 4;
  d.extra = 0;
  printf("base %d\n", d * 3);
  Wrap<int> w{41};
  Wrap<double> wd{1.5};
  int wi = w;
  double wdd = wd;
  printf("template %d %.1f\n", wi, wdd);
  std::istringstream in("4 5 6");
  int x, sum = 0;
  while (in >> x)
    sum += x;
  printf("stream %d %d\n", sum, in ? 1 : 0);
  int *dout;
  cudaMalloc(&dout, 4 * sizeof(int));
  kernel<<<1, 4>>>(c, dout);
  int hout[4];
  cudaMemcpy(hout, dout, sizeof(hout), cudaMemcpyDeviceToHost);
  printf("device %d %d %d %d\n", hout[0], hout[1], hout[2], hout[3]);
  cudaFree(dout);
  return 0;
}
