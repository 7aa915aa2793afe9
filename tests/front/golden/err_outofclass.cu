struct A { A(int); };
A::A(double d) {}
template <class T> struct W { void f(); };
template <class T> void W<T>::g() {}
W<int> w;
int main() { return 0; }
