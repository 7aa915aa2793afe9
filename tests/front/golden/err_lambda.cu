struct S {
  int v;
  int f() { auto g = [this]() { return v; }; return g(); }
};
int main() {
  int x = 1, y = 2;
  auto a = [x]() { return x + y; };
  auto b = [](int k) { return k; };
  return a() + b(1);
}
