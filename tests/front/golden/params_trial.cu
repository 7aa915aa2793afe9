// Function declarations' parameter lists are parsed once quietly to tell them
// from "T x(args)" objects (parse_type.c, params_parse); a declaration keeps that
// parse only when nothing in it was reported or left out and it made no
// temporary or lambda. The warnings below are reported once, and the
// temporaries and lambdas keep their numbers.
#include <cstdio>
struct S {
	int v;
	S(int x) : v(x) {}
};
void warn_me(char *s = "abc");
int first(char *s) { return s[0]; }
int warn_in_call(int c = first("xyz"));
int twice(int x, S s = S(2));
S obj(S(1));
int main()
{
	auto g = [](int y) { return y * 2; };
	warn_me();
	printf("%c\n", warn_in_call());
	printf("%d %d %d\n", g(5), twice(3), obj.v);
	return 0;
}
void warn_me(char *s) { printf("%s\n", s); }
int twice(int x, S s) { return x * s.v; }
int warn_in_call(int c) { return c; }
