__device__ int f(int x) {
  if (x < 0) throw 1;
  try { x++; } catch (...) {}
  return x;
}
void g() { try { throw; } catch (int) {} }
int h(int x) { return x > 0 ? x : throw 2; }
int main() { g(); return h(1) + 0; }
