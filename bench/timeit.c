/* timeit.c: run a command and report what it cost, for bench/run.sh.
 *
 *   timeit OUT CMD [ARG...]
 * runs CMD (stdin, stdout and stderr inherited), waits for it and writes one line to OUT:
 *   "WALL_MS CPU_MS RSS_KIB"
 * the wall time from fork to exit (CLOCK_MONOTONIC), the CPU time (user + system) of CMD and
 * every descendant it waited for, and the largest peak RSS among them (getrusage of the
 * children; Linux reports kilobytes). CPU time, unlike wall time, barely moves when other
 * jobs share the machine. Exits with CMD's status (128 + the signal when it was killed; 127
 * when it could not be started; 2 for a bad call). */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

int main(int argc, char **argv)
{
	if (argc < 3) {
		fprintf(stderr, "usage: timeit OUT CMD [ARG...]\n");
		return 2;
	}
	FILE *out = fopen(argv[1], "w");
	if (!out) {
		fprintf(stderr, "timeit: cannot write %s: %s\n", argv[1], strerror(errno));
		return 2;
	}
	double t0 = now_ms();
	pid_t pid = fork();
	if (pid < 0) {
		fprintf(stderr, "timeit: fork failed: %s\n", strerror(errno));
		return 2;
	}
	if (pid == 0) {
		execvp(argv[2], argv + 2);
		fprintf(stderr, "timeit: cannot run %s: %s\n", argv[2], strerror(errno));
		_exit(127);
	}
	int st;
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR) {
			fprintf(stderr, "timeit: waitpid failed: %s\n", strerror(errno));
			return 2;
		}
	double t1 = now_ms();
	struct rusage ru;
	getrusage(RUSAGE_CHILDREN, &ru);
	double cpu = (ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1e3 + (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e3;
	fprintf(out, "%.1f %.1f %ld\n", t1 - t0, cpu, (long)ru.ru_maxrss);
	fclose(out);
	if (WIFSIGNALED(st))
		return 128 + WTERMSIG(st);
	return WEXITSTATUS(st);
}
