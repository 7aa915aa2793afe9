// Argument-dependent lookup of unqualified function calls: begin(v) and end(v)
// find std::begin/std::end through a std::vector argument, as the
// CoffeeBeforeArch samples write generate(begin(v), end(v), ...); a function and
// a function template found in the namespace of their argument's class.
#include <cstdio>
#include <vector>

namespace geo {
struct Vec2 { float x, y; };
float dot(const Vec2 &a, const Vec2 &b) { return a.x * b.x + a.y * b.y; }
template <typename T> T scaled(const T &v, float k) { return T{v.x * k, v.y * k}; }
}  // namespace geo

template <typename It, typename G> void fill_with(It first, It last, G gen) {
  for (; first != last; ++first) *first = gen();
}

int main() {
  std::vector<int> v(4);
  int next = 1;
  fill_with(begin(v), end(v), [&]() { return next *= 3; });
  for (auto it = begin(v); it != end(v); ++it) printf("%d ", *it);
  printf("\n");
  geo::Vec2 a = {1.0f, 2.0f}, b = {3.0f, 4.0f};
  printf("dot %.1f\n", dot(a, b));
  geo::Vec2 c = scaled(a, 2.5f);
  printf("scaled %.1f %.1f\n", c.x, c.y);
  return 0;
}
