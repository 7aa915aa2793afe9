// Exceptions on the host as the helper headers use them: throw of scalars, structs and
// std::exception-derived classes, catch by value, by reference, by base class and (...),
// rethrow with throw;, nested try blocks, exceptions crossing calls, and one that nothing
// catches: std::terminate prints the type and what() on stderr and the program aborts (134).
#include <cstdio>
#include <stdexcept>
#include <string>

__global__ void square(int *v) { v[threadIdx.x] *= v[threadIdx.x]; }

struct MyError {
  int code;
};

int depth3(int x) {
  if (x > 2) throw std::runtime_error("too deep: " + std::to_string(x));
  return x * 10;
}
int depth2(int x) { return depth3(x) + 1; }
int depth1(int x) {
  int r = depth2(x);
  printf("depth1 got %d\n", r);
  return r;
}

void thrower(int kind) {
  if (kind == 0) throw 42;
  if (kind == 1) throw MyError{7};
  if (kind == 2) throw std::out_of_range("index");
  if (kind == 3) throw 2.5;
  printf("no throw for %d\n", kind);
}

// a constructor and an operator that throw: calls that are not plain function calls
struct Checked {
  int v;
  Checked(int x) : v(x) {
    if (x < 0) throw std::invalid_argument("negative");
  }
  Checked operator+(const Checked &o) const { return Checked(v + o.v); }
};

void rethrower() {
  try {
    thrower(1);
  } catch (MyError &e) {
    printf("rethrower saw code %d\n", e.code);
    throw;
  }
}

int main() {
  for (int k = 0; k < 5; k++) {
    try {
      thrower(k);
      printf("after thrower(%d)\n", k);
    } catch (int v) {
      printf("caught int %d\n", v);
    } catch (const MyError &e) {
      printf("caught MyError %d\n", e.code);
    } catch (const std::exception &e) {
      printf("caught std::exception: %s\n", e.what());
    } catch (...) {
      printf("caught something else\n");
    }
  }
  try {
    printf("ok: %d\n", depth1(1));
    printf("never: %d\n", depth1(5));
  } catch (std::runtime_error &e) {
    printf("runtime_error: %s\n", e.what());
  }
  try {
    rethrower();
  } catch (MyError e) {
    printf("main caught rethrown code %d\n", e.code);
  }
  try {
    try {
      throw std::logic_error("inner");
    } catch (std::runtime_error &) {
      printf("wrong handler\n");
    }
  } catch (std::logic_error &e) {
    printf("outer caught %s\n", e.what());
  }
  try {
    Checked a(1);
    printf("a %d\n", a.v);
    Checked b(-5);
    printf("not reached b %d\n", b.v);
  } catch (const std::invalid_argument &e) {
    printf("constructor threw: %s\n", e.what());
  }
  try {
    Checked a(2);
    Checked c = a + Checked(2);
    printf("c %d\n", c.v);
    Checked d = a + Checked(-9);
    printf("not reached d %d\n", d.v);
  } catch (std::logic_error &e) {
    printf("operator threw: %s\n", e.what());
  }
  int *d, h[4] = {1, 2, 3, 4};
  cudaMalloc(&d, sizeof(h));
  cudaMemcpy(d, h, sizeof(h), cudaMemcpyHostToDevice);
  square<<<1, 4>>>(d);
  cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
  try {
    if (h[3] != 16) throw std::runtime_error("kernel failed");
    printf("kernel: %d %d %d %d\n", h[0], h[1], h[2], h[3]);
  } catch (std::exception &e) {
    printf("%s\n", e.what());
  }
  cudaFree(d);
  printf("now uncaught\n");
  /* abort() after an uncaught exception does not flush stdio: flush first,
   * or a piped stdout loses what was printed (as the GPU record showed) */
  fflush(stdout);
  depth1(9);
  printf("not reached\n");
  return 0;
}
