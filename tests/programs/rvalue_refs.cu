// Rvalue references: T&& parameters bind to temporaries and to std::move(x),
// so move constructors and move assignments are chosen for them (copies for
// lvalues); a returned local that is not the named return value is moved;
// std::string moves its buffer; std::forward keeps the category.
#include <cstdio>
#include <string>
#include <utility>

struct Buf {
	int *p;
	int n;
	Buf(int k) : p(new int[k]), n(k) { printf("ctor %d\n", n); }
	Buf(const Buf &o) : p(new int[o.n]), n(o.n) { printf("copy %d\n", n); }
	Buf(Buf &&o) : p(o.p), n(o.n)
	{
		o.p = nullptr;
		o.n = 0;
		printf("move %d\n", n);
	}
	Buf &operator=(const Buf &o)
	{
		printf("copy-assign %d\n", o.n);
		return *this;
	}
	Buf &operator=(Buf &&o)
	{
		delete[] p;
		p = o.p;
		n = o.n;
		o.p = nullptr;
		o.n = 0;
		printf("move-assign %d\n", n);
		return *this;
	}
	~Buf()
	{
		delete[] p;
		printf("dtor %d\n", n);
	}
};

Buf make(int k) { return Buf(k); }

void take(const Buf &b) { printf("take lvalue %d\n", b.n); }
void take(Buf &&b) { printf("take rvalue %d\n", b.n); }

template <class T> void relay(T &&x) { take(std::forward<T>(x)); }

void which(Buf &b) { printf("which lvalue %d\n", b.n); }
void which(Buf &&b) { printf("which rvalue %d\n", b.n); }

/* two locals returned: no named return value, so the returned one is moved */
Buf pick(bool first)
{
	Buf x(6), y(7);
	if (first)
		return x;
	return y;
}

int main()
{
	Buf a(3);
	Buf b = std::move(a);
	Buf c(2);
	c = std::move(b);
	c = make(4);
	Buf d = c;
	d = c;
	take(d);
	take(Buf(5));
	take(std::move(d));
	relay(c);
	Buf e = pick(true);
	which(e);
	which(make(9));
	which(std::move(e));
	std::string s = "abc";
	std::string t = std::move(s);
	std::string u;
	u = std::move(t);
	printf("[%s] [%s] [%s] %d %d %d %d\n", s.c_str(), t.c_str(), u.c_str(), a.n, b.n, c.n, e.n);
	return 0;
}
