struct P { int x, y; };
int main() {
  P p = {1, 2};
  auto [a, b, c] = p;
  int n = 3;
  auto [d] = n;
  return a;
}
