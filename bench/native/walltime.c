/* walltime OUT CMD [ARGS...]: run CMD with stdout to OUT (stderr passes through), print the
 * elapsed wall time in milliseconds on stdout, exit with CMD's status (127 if it cannot run). */
#include <stdio.h>
#include <stdlib.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/wait.h>
#include "common.h"

int main(int argc, char **argv)
{
	if (argc < 3) {
		fprintf(stderr, "usage: walltime OUT CMD [ARGS...]\n");
		return 2;
	}
	double t0 = now_ms();
	pid_t pid = fork();
	if (pid < 0)
		return 127;
	if (pid == 0) {
		int fd = open(argv[1], O_WRONLY | O_CREAT | O_TRUNC, 0644);
		if (fd < 0 || dup2(fd, 1) < 0)
			_exit(127);
		close(fd);
		execvp(argv[2], argv + 2);
		_exit(127);
	}
	int st;
	if (waitpid(pid, &st, 0) < 0)
		return 127;
	printf("%.3f\n", now_ms() - t0);
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}
