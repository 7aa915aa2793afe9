template <typename T> T id(T x) { return x; }
template <int N> struct R { R<N + 1> next; };
int main() { R<0> r; return id(); }
