/*
 * A plain driver for one fuzz target, without libFuzzer: runs
 * LLVMFuzzerTestOneInput() once on each file named on the command line, or
 * on every regular file of each directory named. For replaying a crash under
 * gdb or valgrind, and with any compiler:
 *
 *   build-fuzz/fuzz/fuzz_catalog_replay fuzz/crashes/catalog/crash-1234
 *
 * Prints how many inputs ran; exits 0 (a broken input aborts the process),
 * 2 on a usage error, 3 when a file cannot be read.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <dirent.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int run_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	uint8_t *buf = NULL;
	size_t len = 0, cap = 0, n;

	if (f == NULL) {
		perror(path);
		return -1;
	}
	for (;;) {
		if (len == cap) {
			uint8_t *p;
			cap = cap ? cap * 2 : 4096;
			p = realloc(buf, cap);
			if (p == NULL)
				abort();
			buf = p;
		}
		n = fread(buf + len, 1, cap - len, f);
		len += n;
		if (n == 0)
			break;
	}
	if (ferror(f)) {
		perror(path);
		fclose(f);
		free(buf);
		return -1;
	}
	fclose(f);
	/* an exact-size copy, so that ASan catches a read past the end */
	{
		uint8_t *exact = malloc(len > 0 ? len : 1);
		if (exact == NULL)
			abort();
		if (len > 0)
			memcpy(exact, buf, len);
		free(buf);
		LLVMFuzzerTestOneInput(exact, len);
		free(exact);
	}
	return 0;
}

static int cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every regular file of dir, in name order (so runs are reproducible). */
static int run_dir(const char *dir, unsigned long *count)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	char **names = NULL;
	size_t n = 0, cap = 0;
	int rc = 0;

	if (d == NULL) {
		perror(dir);
		return -1;
	}
	while ((de = readdir(d)) != NULL) {
		if (de->d_name[0] == '.')
			continue;
		if (n == cap) {
			char **p;
			cap = cap ? cap * 2 : 64;
			p = realloc(names, cap * sizeof *names);
			if (p == NULL)
				abort();
			names = p;
		}
		names[n] = strdup(de->d_name);
		if (names[n] == NULL)
			abort();
		n++;
	}
	closedir(d);
	if (n > 0)
		qsort(names, n, sizeof *names, cmp_names);
	for (size_t i = 0; i < n; i++) {
		char path[4096];
		struct stat sb;
		snprintf(path, sizeof path, "%s/%s", dir, names[i]);
		if (stat(path, &sb) == 0 && S_ISREG(sb.st_mode)) {
			if (run_file(path) != 0)
				rc = -1;
			else
				(*count)++;
		}
		free(names[i]);
	}
	free(names);
	return rc;
}

int main(int argc, char **argv)
{
	unsigned long count = 0;
	int rc = 0;

	if (argc < 2) {
		fprintf(stderr, "usage: %s FILE|DIR...\n", argv[0]);
		return 2;
	}
	for (int i = 1; i < argc; i++) {
		struct stat sb;
		if (stat(argv[i], &sb) != 0) {
			perror(argv[i]);
			rc = 3;
		} else if (S_ISDIR(sb.st_mode)) {
			if (run_dir(argv[i], &count) != 0)
				rc = 3;
		} else if (run_file(argv[i]) != 0) {
			rc = 3;
		} else {
			count++;
		}
	}
	printf("replayed %lu inputs\n", count);
	return rc;
}
