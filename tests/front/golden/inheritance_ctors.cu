#include <cstdio>
struct B { int v; B() : v(42) {} B(int x) : v(x) {} };
struct D : B { int w; D() : w(1) {} D(int a) : B(a), w(2) {} };
struct E : B { int z; };
int main() { D d1; D d2(5); E e; printf("%d %d %d %d %d\n", d1.v, d1.w, d2.v, d2.w, e.v); return 0; }
