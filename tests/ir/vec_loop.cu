// vec_loop.cu - the CPU reference loop of a matrix product over
// std::vector (tests/ir/inline.t counts its interpreted steps): each inner
// iteration calls std::vector<int>::operator[] twice.
#include <cstdio>
#include <vector>
using std::vector;
static void mm(vector<int> &a, vector<int> &b, vector<int> &c, int n)
{
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++) {
			int tmp = 0;
			for (int k = 0; k < n; k++)
				tmp += a[i * n + k] * b[k * n + j];
			c[i * n + j] = tmp;
		}
}
int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 8;
	vector<int> a(n * n), b(n * n), c(n * n);
	for (int i = 0; i < n * n; i++) {
		a[i] = i % 7;
		b[i] = i % 5;
	}
	mm(a, b, c, n);
	long s = 0;
	for (int i = 0; i < n * n; i++)
		s += c[i];
	printf("%ld\n", s);
	return 0;
}
