// Virtual functions as NVIDIA's helper_timer.h uses them (an abstract
// interface with pure virtual methods and a virtual destructor, one
// implementation), plus overriding across three levels, calls through base
// pointers and references, calls from a base method (this), qualified calls
// that do not dispatch, const methods, override/final, and objects created and
// used in device code.
#include <cstdio>

class StopWatchInterface {
 public:
  StopWatchInterface() {}
  virtual ~StopWatchInterface() {}
  virtual void start() = 0;
  virtual void stop() = 0;
  virtual float getTime() = 0;
};

class StopWatchLinux : public StopWatchInterface {
 public:
  StopWatchLinux() : running(false), total(0) {}
  virtual ~StopWatchLinux() {}
  inline void start();
  inline void stop();
  inline float getTime();
 private:
  bool running;
  float total;
};

void StopWatchLinux::start() { running = true; }
void StopWatchLinux::stop() { running = false; total += 1.5f; }
float StopWatchLinux::getTime() { return total; }

struct Shape {
  int id;
  __host__ __device__ Shape(int i) : id(i) {}
  __host__ __device__ virtual float area() const { return 0.0f; }
  __host__ __device__ virtual const char *name() const { return "shape"; }
  __host__ __device__ float twice() const { return 2.0f * area(); }  // dispatches on this
};

struct Rect : Shape {
  float w, h;
  __host__ __device__ Rect(float a, float b) : Shape(1), w(a), h(b) {}
  __host__ __device__ float area() const override { return w * h; }
  __host__ __device__ const char *name() const override { return "rect"; }
};

struct Square final : Rect {
  __host__ __device__ Square(float s) : Rect(s, s) { id = 2; }
  __host__ __device__ const char *name() const override { return "square"; }
};

struct Circle : Shape {
  float r;
  __host__ __device__ Circle(float x) : Shape(3), r(x) {}
  __host__ __device__ float area() const { return 3.0f * r * r; }  // virtual without the keyword
};

// a polymorphic class without any constructor
struct Animal {
  virtual int legs() { return 0; }
  int base_legs() { return Animal::legs(); }  // qualified: no dispatch
};
struct Bird : Animal { int legs() { return 2; } };
struct Dog : Animal { int legs() { return 4; } };

static void report(const Shape &s) { printf("%s area %.2f twice %.2f\n", s.name(), s.area(), s.twice()); }

__global__ void kernel(float *out) {
  Rect r(2.0f, 3.0f);
  Square s(4.0f);
  Circle c(1.0f);
  Shape *shapes[3] = {&r, &s, &c};
  int i = threadIdx.x;
  out[i] = shapes[i]->area() + shapes[i]->twice();
  if (i == 1)
    printf("device: %s %s %s\n", shapes[0]->name(), shapes[1]->name(), shapes[2]->name());
}

int main() {
  StopWatchLinux watch;
  StopWatchInterface *timer = &watch;
  timer->start();
  timer->stop();
  timer->start();
  timer->stop();
  printf("timer: %.1f\n", timer->getTime());

  Shape plain(0);
  Rect r(2.0f, 5.0f);
  Square sq(3.0f);
  Circle c(2.0f);
  report(plain);
  report(r);
  report(sq);
  report(c);
  Shape *p = &sq;
  printf("%s id %d, Shape::name %s, Rect::area %.1f\n", p->name(), p->id, p->Shape::name(), sq.Rect::area());
  Rect &rr = sq;
  printf("through Rect&: %s %.1f\n", rr.name(), rr.area());

  Bird b;
  Dog d;
  Animal *zoo[3] = {&b, &d, &b};
  int total = 0;
  for (int i = 0; i < 3; i++) total += zoo[i]->legs();
  printf("legs %d base %d\n", total, d.base_legs());

  float *dout;
  cudaMalloc(&dout, 3 * sizeof(float));
  kernel<<<1, 3>>>(dout);
  float h[3];
  cudaMemcpy(h, dout, sizeof(h), cudaMemcpyDeviceToHost);
  printf("kernel: %.1f %.1f %.1f\n", h[0], h[1], h[2]);
  cudaFree(dout);
  return 0;
}
