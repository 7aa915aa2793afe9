struct S { int x; };
template <> struct S<int> { int y; };
template <typename T> T f(T x) { return x; }
template <> int g<int>(int x) { return x; }
template <> int f(char *x) { return 0; }
template <typename T> struct W { T v; };
W<int> w;
template <> struct W<int> { long v; };
int main() { return f(1); }
