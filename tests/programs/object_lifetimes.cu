// Object lifetimes around bases and exceptions: a base subobject is
// constructed and destroyed once (also for a class without constructors or
// destructor of its own), delete through a base pointer runs the dynamic
// type's virtual destructor, a thrown object is copy-constructed (its
// std::string member deep-copied, temporaries elided) and the destructors of
// the locals left run while the exception propagates, the exception object
// is destroyed when its handler ends; an aggregate's member of class type
// takes over a temporary; std::runtime_error keeps its message in a std::string.
#include <cstdio>
#include <stdexcept>
#include <string>

struct B {
  int v;
  B() : v(0) { printf("B()\n"); }
  B(int x) : v(x) { printf("B(%d)\n", x); }
  B(const B &o) : v(o.v) { printf("B copy\n"); }
  virtual ~B() { printf("~B %d\n", v); }
};
struct D : B {
  int k;
  D() : B(5), k(1) {}
  D(int) : k(2) {}
  ~D() { printf("~D %d\n", k); }
};
struct N : B {
  int k;
};

struct Guard {
  const char *n;
  Guard(const char *s) : n(s) { printf("enter %s\n", n); }
  ~Guard() { printf("leave %s\n", n); }
};
struct Err {
  std::string msg;
  int code;
  Err(const std::string &m, int c) : msg(m), code(c) {}
};
struct Counted {
  int id;
  Counted(int i) : id(i) {}
  Counted(const Counted &o) : id(o.id + 10) { printf("copy %d\n", id); }
  ~Counted() { printf("destroy %d\n", id); }
};

struct Wrapped {
  Counted c;
  int k;
};

void inner(int k) {
  Guard g("inner");
  std::string local = "temp";
  if (k == 1) throw std::runtime_error(std::string("bad ") + local);
  if (k == 2) throw Err("custom", 42);
  if (k == 3) {
    Counted c(1);
    throw c;
  }
}

void middle(int k) {
  Guard g("middle");
  inner(k);
  printf("not reached\n");
}

int main() {
  {
    D a;
    D b(1);
    N n;
    N m(n);
    printf("values %d %d %d %d\n", a.v, b.v, n.v, m.v);
  }
  B *p = new D(0);
  delete p;
  B *q = new B(3);
  delete q;
  for (int k = 1; k <= 3; k++) {
    try {
      Guard g("try");
      middle(k);
    } catch (const std::runtime_error &e) {
      printf("caught runtime_error: %s\n", e.what());
    } catch (Err &e) {
      printf("caught Err %s %d\n", e.msg.c_str(), e.code);
    } catch (Counted &c) {
      printf("caught Counted %d\n", c.id);
    }
  }
  try {
    throw Wrapped{Counted(7), 1};
  } catch (Wrapped &w) {
    printf("caught Wrapped %d %d\n", w.c.id, w.k);
  }
  printf("end\n");
  return 0;
}
