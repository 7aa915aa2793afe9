// operator-> on class types (smart-pointer style, also chained), member
// template operators, casts to reference types ((char &)u, reinterpret_cast<T &>),
// ?: of two lvalues as an lvalue (assigned, incremented, its address taken,
// bound to a reference and returned by reference), and T (&)[N] deduction.
#include <cstdio>
#include <cstddef>

struct Point { int x, y; int sum() const { return x + y; } };

template <typename T> struct Ptr {
  T *p;
  T *operator->() const { return p; }
  T &operator*() const { return *p; }
};

struct Outer {
  Ptr<Point> inner;
  Ptr<Point> operator->() const { return inner; }  // chained: Outer -> Ptr -> Point *
};

struct Counter {
  int n;
  template <typename T> Counter &operator+=(T v) { n += (int)v * 10; return *this; }
  template <typename T> bool operator==(T v) const { return n == (int)v; }
};

template <class T, size_t N> size_t count(T (&)[N]) { return N; }
template <class T, size_t N> T total(const T (&a)[N]) { T s = 0; for (size_t i = 0; i < N; i++) s += a[i]; return s; }
template <size_t R, size_t C> size_t cells(int (&)[R][C]) { return R * 100 + C; }

template <class T> const T &biggest(const T &a, const T &b) { return a < b ? b : a; }

int main() {
  Point pt{3, 4};
  Ptr<Point> sp{&pt};
  sp->x = 10;
  printf("arrow %d %d %d\n", sp->x, sp->sum(), (*sp).y);
  Outer o{sp};
  o->y = 20;
  printf("chained %d %d\n", o->x, pt.y);

  Counter c{1};
  c += 2;
  c += 0.5;
  printf("member template op %d %d\n", c.n, c == 21);

  unsigned u = 0x41424344;
  char &low = (char &)u;
  printf("ref cast %c\n", low);
  (char &)u = 'Z';
  reinterpret_cast<unsigned char &>(u) += 1;
  printf("ref cast %x\n", u);
  float f = 1.0f;
  int bits = reinterpret_cast<int &>(f);
  printf("bits %x\n", bits);

  int a = 1, b = 2;
  bool first = false;
  (first ? a : b) = 7;
  (first ? a : b) += 1;
  ++(true ? a : b);
  int *pa = &(first ? a : b);
  *pa += 100;
  printf("cond lvalue %d %d\n", a, b);
  Point q1{1, 1}, q2{2, 2};
  (first ? q1 : q2).x = 9;
  Point &qr = first ? q1 : q2;
  qr.y = 8;
  printf("cond struct %d %d %d %d\n", q1.x, q1.y, q2.x, q2.y);
  const int &big = biggest(a, b);
  printf("biggest %d same %d\n", big, &big == &b);

  int arr[7];
  double d[3] = {1.5, 2.5, 3.0};
  int grid[3][4];
  printf("count %zu %zu total %.1f cells %zu\n", count(arr), count(d), total(d), cells(grid));
  return 0;
}
