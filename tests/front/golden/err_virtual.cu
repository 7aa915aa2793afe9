struct Base {
  virtual void f() = 0;
  virtual int g() const { return 1; }
  void h() = 0;
};
struct Mid : Base { int g() const override { return 2; } };
struct Leaf : Mid { void f() {} };
int main() {
  Base b;
  Mid m[2];
  Leaf ok;
  return ok.g();
}
