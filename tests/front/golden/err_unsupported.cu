struct B { virtual void f(); };
void g() { throw 1; }
void h() { int *p = new int; }
auto l = [](int x) { return x; };
int main() { try { } catch (...) {} return 0; }
