// Explicit and partial specialization of class and function templates, as
// NVIDIA's helper_image.h uses them (converter functors), on host and device.
#include <cstdio>

template <class T> struct ConverterFromUByte {
  float operator()(const unsigned char &val) { return static_cast<T>(val); }
};
template <> struct ConverterFromUByte<unsigned char> {
  float operator()(const unsigned char &val) { return static_cast<unsigned char>(val); }
};
template <> struct ConverterFromUByte<float> {
  float operator()(const unsigned char &val) { return static_cast<float>(val) / 255.0f; }
};

// partial specializations: pointers, same types, a value parameter
template <typename T, typename U> struct Pair { static const int kind = 0; };
template <typename T> struct Pair<T, T> { static const int kind = 1; };
template <typename T, typename U> struct Pair<T *, U> { static const int kind = 2; };
template <typename T> struct Pair<const T, int> { static const int kind = 3; };

template <typename T> struct Name { __host__ __device__ static const char *get() { return "other"; } };
template <> struct Name<int> { __host__ __device__ static const char *get() { return "int"; } };
template <> struct Name<float> { __host__ __device__ static const char *get() { return "float"; } };
template <typename T> struct Name<T *> {
  __host__ __device__ static const char *get() { return "pointer"; }
  T *p;
};

template <typename T, int N> struct Vec { T v[N]; __host__ __device__ int size() const { return N; } };
template <typename T> struct Vec<T, 1> { T v; __host__ __device__ int size() const { return -1; } };

template <typename T> __host__ __device__ T twice(T x) { return x + x; }
template <> __host__ __device__ int twice<int>(int x) { return 1000 + x; }
template <> __host__ __device__ float twice(float x) { return x * 10.0f; }

template <typename T> const char *describe(const T &) { return "generic"; }
template <> const char *describe<double>(const double &) { return "double"; }

__global__ void kernel(int *out) {
  out[0] = twice(3);
  out[1] = (int)twice(2.5f);
  out[2] = (int)twice(4.0);
  Vec<int, 3> a;
  Vec<short, 1> b;
  out[3] = a.size();
  out[4] = b.size();
  printf("device: %s %s %s %s\n", Name<int>::get(), Name<float>::get(), Name<double>::get(),
         Name<char *>::get());
}

int main() {
  ConverterFromUByte<unsigned char> c1;
  ConverterFromUByte<float> c2;
  ConverterFromUByte<int> c3;
  printf("%.1f %.4f %.1f\n", c1(200), c2(51), c3(7));
  printf("Pair kinds: %d %d %d %d %d\n", Pair<int, float>::kind, Pair<int, int>::kind,
         Pair<char *, float>::kind, Pair<const short, int>::kind, Pair<float, double>::kind);
  printf("host: %s %s %s %s\n", Name<int>::get(), Name<float>::get(), Name<double>::get(),
         Name<char *>::get());
  printf("twice: %d %.1f %.1f\n", twice(3), twice(2.5f), twice(4.0));
  printf("explicit: %d\n", twice<int>(5));
  printf("describe: %s %s\n", describe(1.0), describe(1));
  int *d;
  cudaMalloc(&d, 5 * sizeof(int));
  kernel<<<1, 1>>>(d);
  int h[5];
  cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
  printf("kernel: %d %d %d %d %d\n", h[0], h[1], h[2], h[3], h[4]);
  cudaFree(d);
  return 0;
}
