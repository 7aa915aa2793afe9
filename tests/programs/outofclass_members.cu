// Members defined outside their class, as NVIDIA's exception.h writes them:
// constructors and destructors of a plain class (A::A() : B(1) {}), and every
// kind of member of a class template (template <class T> void X<T>::f() {}),
// including constructors that name the base through the template parameter,
// static members, a destructor with throw(), and instances made before the
// definitions.
#include <cstdio>
#include <stdexcept>
#include <string>

struct Base {
  int v;
  Base(int x) : v(x) {}
};

struct Plain : Base {
  int x;
  Plain();
  Plain(int y);
  ~Plain();
  int sum() const;
};

Plain::Plain() : Base(1), x(5) {}
Plain::Plain(int y) : Base(2), x(y) { x += 100; }
Plain::~Plain() {}
int Plain::sum() const { return v + x; }

template <class Std_Exception>
class Exception : public Std_Exception {
 public:
  static void throw_it(const char *file, const int line, const char *detailed = "-");
  static void throw_it(const char *file, const int line, const std::string &detailed);
  virtual ~Exception() throw();

 private:
  Exception();
  explicit Exception(const std::string &str);
};

template <typename T> struct Box {
  T value;
  Box(T v);
  T get() const;
  static int count;
  static Box make(T v);
};

typedef Box<int> IntBox;  // an instance made before the definitions below

template <class Std_Exception>
void Exception<Std_Exception>::throw_it(const char *file, const int line, const char *detailed) {
  std::string s = std::string("Exception in file '") + file + "' in line " + std::to_string(line) + "\n" +
                  "Detailed description: " + detailed + "\n";
  throw Exception(s);
}

template <class Std_Exception>
void Exception<Std_Exception>::throw_it(const char *file, const int line, const std::string &msg) {
  throw_it(file, line, msg.c_str());
}

template <class Std_Exception>
Exception<Std_Exception>::Exception() : Std_Exception("Unknown Exception.\n") {}

template <class Std_Exception>
Exception<Std_Exception>::Exception(const std::string &s) : Std_Exception(s) {}

template <class Std_Exception>
Exception<Std_Exception>::~Exception() throw() {}

template <typename T> Box<T>::Box(T v) : value(v) { count++; }
template <typename T> T Box<T>::get() const { return value * 2; }
template <typename T> int Box<T>::count = 0;
template <typename T> Box<T> Box<T>::make(T v) { return Box<T>(v + 1); }

int main() {
  Plain a;
  Plain b(7);
  printf("plain: %d %d %d %d sums %d %d\n", a.v, a.x, b.v, b.x, a.sum(), b.sum());
  IntBox early(3);
  Box<double> d(1.25);
  printf("box: %d %.2f %d\n", early.get(), d.get(), Box<int>::make(9).get());
  try {
    Exception<std::runtime_error>::throw_it("prog.cu", 42, "file not found");
  } catch (const std::exception &e) {
    printf("caught: %s", e.what());
  }
  try {
    Exception<std::logic_error>::throw_it("prog.cu", 43, std::string("bad argument"));
  } catch (std::logic_error &e) {
    printf("logic: %s", e.what());
  }
  return 0;
}
