// T x(U(1), 2): an object declaration whose first argument starts like a
// type (a functional cast) is an object, not a function declaration; one
// whose parameters parse stays a prototype. Members and bases initialized
// from an object of their class (a(x), Base(other)) take the implicit copy
// constructor when the class declares other constructors.
#include <cstdio>
#include <string>

struct Tracer {
  int v;
  Tracer(int x) : v(x) {}
};

template <class A> struct W {
  A a;
  int tag;
  W(A x, int t) : a(x), tag(t) {}
};

struct Pair {
  int a, b;
  Pair(int x, int y) : a(x), b(y) {}
};

struct Base {
  std::string s;
  int v;
  Base(int x) : s("base"), v(x) {}
};

struct Der : Base {
  int k;
  Der(int x) : Base(x), k(x * 2) {}
  Der(const Der &o) : Base(o), k(o.k + 1) {}
};

int twice(int);

int main() {
  W<Tracer> t(Tracer(1), 0);
  Pair p(int(2.7), (int)3.2);
  Pair q(unsigned(7), 8);
  int helper(int);
  printf("%d %d %d %d %d %d %d %d\n", t.a.v, t.tag, p.a, p.b, q.a, q.b, twice(4), helper(5));
  Der a(3);
  Der b(a);
  printf("%s %d %d\n", b.s.c_str(), b.v, b.k);
  return 0;
}

int twice(int x) { return 2 * x; }
int helper(int x) { return x + 1; }
