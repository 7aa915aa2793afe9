// Lambdas as course programs use them: passed to function templates that deduce the
// closure type (a generate and a sort with a comparator), stored in auto variables, captures
// by value, by reference, [=], [&], init-captures, mutable, -> T and deduced return types,
// [this] and this captured by [=]/[&] in member functions, and lambdas defined and
// called in a kernel (the form nvcc accepts by default).
#include <cstdio>
#include <cstdlib>
#include <vector>

template <typename It, typename G> void my_generate(It first, It last, G gen) {
  for (; first != last; ++first) *first = gen();
}
template <typename It, typename C> void my_sort(It first, It last, C less) {
  for (It i = first; i != last; ++i)
    for (It j = i + 1; j != last; ++j)
      if (less(*j, *i)) { int t = *i; *i = *j; *j = t; }
}

// lambdas in a member function: [this], and this captured by [=] and [&]
struct Counter {
  int total;
  int step;
  Counter(int s) : total(0), step(s) {}
  int bump() { return total += step; }
  template <typename F> void repeat(int n, F f) {
    for (int i = 0; i < n; i++) f(i);
  }
  void run() {
    repeat(3, [this](int i) { total += i * step; });
    repeat(2, [=](int) { bump(); });
    int extra = 100;
    repeat(1, [&](int) { total += extra + this->step; });
  }
};

template <typename F> int apply_twice(F f, int x) { return f(f(x)); }

__global__ void kernel(int *out, int k) {
  auto sq = [](int v) { return v * v; };
  int base = 10;
  auto addk = [=](int v) { return v + k + base; };
  int i = threadIdx.x;
  out[i] = addk(sq(i));
}

int main() {
  std::vector<int> v(5);
  srand(1);
  my_generate(v.begin(), v.end(), []() { return rand() % 100; });
  for (int x : v) printf("%d ", x);
  printf("\n");
  int factor = 3;
  auto times = [factor](int x) { return x * factor; };
  printf("times %d\n", times(7));
  int counter = 0;
  auto inc = [&counter]() { counter++; };
  inc(); inc(); inc();
  printf("counter %d\n", counter);
  int a = 1, b = 2;
  auto all_ref = [&]() { a += 10; b += 20; return a + b; };
  int r = all_ref();
  printf("all_ref %d a=%d b=%d\n", r, a, b);
  auto all_val = [=]() { return a * b; };
  a = 0;
  printf("all_val %d\n", all_val());
  auto m = [n = 5]() mutable { n++; return n; };
  int m1 = m();
  int m2 = m();
  printf("mutable %d %d\n", m1, m2);
  auto typed = [](double x) -> int { return (int)(x * 2.5); };
  printf("typed %d\n", typed(3.0));
  printf("twice %d\n", apply_twice([](int x) { return x * 3; }, 2));
  printf("twice cap %d\n", apply_twice([&](int x) { return x + factor; }, 2));
  my_sort(v.begin(), v.end(), [](int x, int y) { return x > y; });
  for (int x : v) printf("%d ", x);
  printf("\n");
  Counter counter_obj(10);
  counter_obj.run();
  printf("member lambdas %d\n", counter_obj.total);
  int *d;
  cudaMalloc(&d, 4 * sizeof(int));
  kernel<<<1, 4>>>(d, 100);
  int h[4];
  cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
  printf("kernel %d %d %d %d\n", h[0], h[1], h[2], h[3]);
  return 0;
}
