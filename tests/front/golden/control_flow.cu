#include <cstdio>
int classify(int x)
{
	switch (x) {
	case 0:
		return 10;
	case 1:
	case 2:
		x += 5;
		/* fall through */
	case 3:
		x *= 2;
		break;
	default:
		x = -1;
	}
	return x;
}
int main()
{
	int i = 0, acc = 0;
	do {
		if (i % 2 == 0)
			continue;
		acc += i;
	} while (++i < 10);
	while (1) {
		if (acc > 100)
			break;
		acc <<= 1;
	}
	for (int j = 0; j < 3; j++) {
		if (j == 1)
			goto skip;
		acc -= j;
	skip:;
	}
	int t = acc > 50 && classify(2) == 14 || classify(0) == 10 ? 1 : 2;
	printf("%d %d %d %d\n", acc, t, classify(3), classify(7));
	return 0;
}
