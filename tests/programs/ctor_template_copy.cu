// A constructor template (template <class U> W(const W<U> &)) is a candidate
// of the class's constructors but never its copy constructor: copies of the
// class itself still take the implicit one, also with direct initialization
// T x(y), from a derived object, for new T(x) and in std::pair (whose own
// copy constructor is the implicit one).
#include <cstdio>
#include <utility>
#include <vector>

struct Inner {
  int v;
  Inner() : v(0) {}
  Inner(const Inner &o) : v(o.v + 100) {}
};

struct Outer {
  Inner in;
  int k;
  Outer(int x) : k(x) { in.v = x; }
};

struct Derived : Outer {
  Derived() : Outer(5) {}
};

template <class A> struct W {
  A a;
  int tag;
  W(A x, int t) : a(x), tag(t) {}
  template <class U> W(const W<U> &o) : a(o.a), tag(o.tag + 1) { printf("converting\n"); }
  int twin() const {
    W copy(*this);
    return copy.tag;
  }
};

Outer global(2);
Outer global_copy(global);

int main() {
  Outer a(1);
  Outer b(a);
  Derived d;
  Outer c(d);
  Outer *h = new Outer(a);
  printf("copies %d %d %d %d %d %d %d %d\n", b.in.v, b.k, c.in.v, c.k, global_copy.in.v, global_copy.k, h->in.v, h->k);
  delete h;
  W<int> w(3, 7);
  W<int> w2(w);
  W<int> w3 = w;
  W<long> wl(w);
  printf("template ctor %d %d %d %d %ld %d\n", w2.a, w2.tag, w3.tag, w.twin(), wl.a, wl.tag);
  std::pair<int, double> p(1, 2.5), q(p), r = p;
  std::pair<long, float> s(p);
  std::vector<std::pair<int, int> > v;
  v.push_back(std::make_pair(4, 5));
  v.push_back(v[0]);
  printf("pair %d %.1f %d %.1f %ld %.1f %d %d\n", q.first, q.second, r.first, r.second, s.first, s.second,
         v[1].first, v[1].second);
  return 0;
}
