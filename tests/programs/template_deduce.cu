// Function templates deduce T from a class template parameter (const W<T> &)
// and operators are found in the namespace of their operands.
#include <cstdio>
namespace ns {
template <class T> struct W { T x; };
template <class T> bool operator==(const W<T> &a, const W<T> &b) { return a.x == b.x; }
struct P { int x; };
bool operator==(const P &a, const P &b) { return a.x == b.x; }
}
int main() { ns::W<int> a = {1}, b = {1}; ns::P c = {2}, d = {3}; printf("%d %d\n", a == b, c == d); }

