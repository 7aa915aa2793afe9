int f(int a, int b) { return a + b; }
struct S { int x; };
int main() {
	int v = g(1);
	int w = f(1);
	int u = f(1, 2, 3);
	5 = v;
	S s;
	s.y = 2;
	int *p = 3.5;
	float q = s;
	const int c = 1;
	c = 2;
	break;
	return "str";
}
