/*
 * timeit: median wall time of whole-process runs of a command.
 *   timeit RUNS COMMAND [ARGS...]
 * Runs the command RUNS times (stdout and stderr to /dev/null), then prints
 * "median_ms=X min_ms=Y max_ms=Z runs=N". Fork and exec are part of what is
 * measured, as a user would experience it.
 */
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
	int runs, i;
	double *ms;

	if (argc < 3 || (runs = atoi(argv[1])) < 1) {
		fprintf(stderr, "usage: timeit RUNS COMMAND [ARGS...]\n");
		return 2;
	}
	ms = calloc((size_t)runs, sizeof *ms);
	if (ms == NULL)
		return 3;
	for (i = 0; i < runs; i++) {
		struct timespec t0, t1;
		int status;
		pid_t pid;

		clock_gettime(CLOCK_MONOTONIC, &t0);
		pid = fork();
		if (pid == 0) {
			int devnull = open("/dev/null", O_WRONLY);
			dup2(devnull, 1);
			dup2(devnull, 2);
			execvp(argv[2], argv + 2);
			_exit(127);
		}
		if (pid < 0 || waitpid(pid, &status, 0) < 0) {
			perror("timeit");
			return 3;
		}
		clock_gettime(CLOCK_MONOTONIC, &t1);
		if (!WIFEXITED(status) || WEXITSTATUS(status) > 1) {
			fprintf(stderr, "timeit: %s exited with %d\n", argv[2], WEXITSTATUS(status));
			return 1;
		}
		ms[i] = (double)(t1.tv_sec - t0.tv_sec) * 1e3 + (double)(t1.tv_nsec - t0.tv_nsec) / 1e6;
	}
	qsort(ms, (size_t)runs, sizeof *ms, cmp);
	printf("median_ms=%.2f min_ms=%.2f max_ms=%.2f runs=%d\n", ms[runs / 2], ms[0], ms[runs - 1], runs);
	free(ms);
	return 0;
}
