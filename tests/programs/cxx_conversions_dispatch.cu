// C++ that a Thrust-like library needs: conversion functions (operator T()),
// const members set by mem-initializers, tag dispatch where the candidate
// that does not fit is never instantiated, a 5-argument call choosing the
// 5-parameter template, `typename X<T>::type` as a return type, a class
// template declared before its definition, a base named by a qualified name.
#include <stdio.h>

struct Celsius {
	double deg;
	Celsius(double d) : deg(d) {}
	operator double() const { return deg; }
};
struct Flag {
	int on;
	operator bool() const { return on != 0; }
};

struct Scale {
	const float a;
	Scale(float x) : a(x) {}
	float operator()(float v) const { return a * v; }
};

struct host_tag {};
struct dev_tag {};
template<class T> struct dptr { T *p; };
template<class I> struct sys_of { typedef host_tag type; typedef int value_type; };
template<class T> struct sys_of<dptr<T> > { typedef dev_tag type; typedef T value_type; };
template<class I> int walk(host_tag, I a, I b) { int n = 0; for (; a != b; ++a) n++; return n; }
template<class I> int walk(dev_tag, I a, I b) { return (int)(b.p - a.p) * 100; }
template<class I> int count(I a, I b)
{
	typename sys_of<I>::type s;
	return walk(s, a, b);
}
template<class I> typename sys_of<I>::value_type first_of(I a) { return *a.p; }
template<class A, class B, class C, class F> int apply(A a, B b, C c, F f) { return 4; }
template<class A, class B, class C, class D, class F> int apply(A a, B b, C c, D d, F f) { return 5; }

template<class T> class Box;
template<class T> struct Holder {
	int peek(const Box<T> &b) const { return (int)b.v; }
};
template<class T> class Box {
public:
	T v;
};

namespace lib {
template<class T> struct Base {
	T n;
	Base(T k) : n(k) {}
};
}
template<class T> class Counted : public lib::Base<T> {
public:
	Counted(T k) : lib::Base<T>(k * 2) {}
};

int main()
{
	Celsius c(21.5);
	double d = c;
	printf("%.1f %.1f %d %.1f\n", d, c + 1.0, (int)c, static_cast<double>(c) * 2);
	Flag f = { 1 };
	if (f)
		printf("flag on\n");
	Scale s(2.5f);
	printf("%.2f\n", s(4.0f));
	int arr[3] = { 1, 2, 3 };
	int x = 7;
	dptr<int> p0 = { &x }, p1 = { &x + 3 };
	printf("%d %d %d\n", count(arr, arr + 3), count(p0, p1), first_of(p0));
	printf("%d %d\n", apply(1, 2, 3, 4), apply(1, 2, 3, 4, 5));
	Box<int> b;
	b.v = 9;
	Holder<int> h;
	printf("%d\n", h.peek(b));
	Counted<int> cv(4);
	printf("%d\n", cv.n);
	return 0;
}
