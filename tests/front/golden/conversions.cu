#include <cstdio>
int main()
{
	char c = -1;
	unsigned char uc = 200;
	short s = -300;
	unsigned u = 3000000000u;
	long l = -5;
	float f = 2.5f;
	double d = 1e10;
	int a = c + uc;
	unsigned long ul = u + l;
	bool lt = -1 < 1u;
	int fi = (int)f;
	long long ll = (long long)d;
	float ff = s;
	int *p = &a;
	p += 2;
	long diff = p - &a;
	a += 1.5;
	uc += 100;
	s >>= 2;
	printf("%d %lu %d %d %lld %f %ld %d %d %d\n", a, ul, lt, fi, ll, ff, diff, uc, s, (int)sizeof(1 ? 'a' : 2.0));
	return 0;
}
