// spin.cu - a long host loop, for the interrupt (Ctrl-C) test.
#include <cstdio>

int main(void)
{
	long s = 0;
	for (long i = 0; i < 400000000; i++)
		s += i & 7;
	printf("%ld\n", s);
	return 0;
}
