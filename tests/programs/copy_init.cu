// Copy-initialization `T b = a;` from an lvalue calls the copy constructor,
// direct-initialization too; assignment calls operator=; a returned local is
// elided (NRVO), as g++ does on the host.
#include <cstdio>
struct P { int a; P(int x) : a(x) {} P(const P &o) : a(o.a + 100) { printf("copy\n"); } P &operator=(const P &o) { a = o.a + 1000; printf("assign\n"); return *this; } };
P make() { P r(5); return r; }
int main() { P a(1); P b = a; P c(a); P d(2); d = a; P e = make(); printf("%d %d %d %d\n", b.a, c.a, d.a, e.a); }
