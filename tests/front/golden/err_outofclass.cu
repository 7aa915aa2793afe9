struct A { A(int); };
A::A(double d) {}
template <class T> struct W { void f(); };
template <class T> void W<T>::g() {}
W<int> w;
struct B { int x; };
B::~B() {}
template <class T> W<T>::~W() {}
int main() { return 0; }
