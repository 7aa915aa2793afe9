// The C string library beyond the basics (<cstring>, <strings.h>), and the
// POSIX time calls course helpers use (<sys/time.h>, clock_gettime).
#include <cstdio>
#include <cstring>
#include <cstdlib>
#include <strings.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>
int main()
{
	char buf[64] = "alpha,beta;gamma";
	printf("%s|%s|%s\n", strchr(buf, 'b'), strrchr(buf, 'a'), strstr(buf, "gam"));
	printf("%zu %zu %s\n", strspn("aaab", "a"), strcspn("xyz,", ","), strpbrk(buf, ",;"));
	char cp[64];
	strcpy(cp, "one");
	strcat(cp, "-two");
	strncat(cp, "-three", 3);
	printf("%s %zu\n", cp, strlen(cp));
	for (char *t = strtok(buf, ",;"); t; t = strtok(NULL, ",;"))
		printf("[%s]", t);
	printf("\n");
	char mv[16] = "abcdefgh";
	memmove(mv + 2, mv, 5);
	printf("%s %p\n", mv, memchr(mv, 'z', 8));
	printf("%d %d %d\n", strcasecmp("Hello", "hELLO"), strncasecmp("abcX", "ABCy", 3) == 0, strcasecmp("a", "b") < 0);
	char *d = strdup("copy");
	printf("%s %s\n", d, strerror(2));
	free(d);
	struct timeval t0, t1;
	gettimeofday(&t0, NULL);
	volatile double x = 0;
	for (int i = 0; i < 1000; i++)
		x += i;
	gettimeofday(&t1, NULL);
	double ms = (t1.tv_sec - t0.tv_sec) * 1e3 + (t1.tv_usec - t0.tv_usec) / 1e3;
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	printf("elapsed is non-negative: %d, %d\n", ms >= 0, ts.tv_nsec >= 0 && ts.tv_nsec < 1000000000);
	usleep(10);
	return 0;
}
