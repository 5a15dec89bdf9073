/*
 * The fuzz regressions in the ordinary test suite: every input of
 * fuzz/corpus/<target>/ and fuzz/crashes/<target>/ runs once through the
 * fuzz target's own LLVMFuzzerTestOneInput() (fuzz/fuzz_<target>.c, with its
 * invariants), compiled here without libFuzzer against the normal core. So
 * the plain, the ASan+UBSan and the valgrind runs of ctest replay them too,
 * with gcc, and no clang is needed.
 *
 * Under valgrind (50 times slower) every tenth corpus input runs, and every
 * crash input; VP_FUZZ_REPLAY_STRIDE=N picks every Nth corpus input.
 *
 * An input named in fuzz/crashes/<target>/DISABLED (file name, then the
 * reason) is a reported crash not fixed yet; it is skipped with a note.
 * A broken input aborts the program; the SIGABRT handler names the file.
 */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <dirent.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <valgrind/valgrind.h>

#include "vramplan/fileio.h"

/* Each target defines LLVMFuzzerTestOneInput; give each its own name. */
#define LLVMFuzzerTestOneInput fuzz_catalog_one
#include "../../fuzz/fuzz_catalog.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzz_hfconfig_one
#include "../../fuzz/fuzz_hfconfig.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzz_cases_one
#include "../../fuzz/fuzz_cases.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzz_sizes_one
#include "../../fuzz/fuzz_sizes.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzz_estimate_one
#include "../../fuzz/fuzz_estimate.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzz_trainconfig_one
#include "../../fuzz/fuzz_trainconfig.c"
#undef LLVMFuzzerTestOneInput

#define FUZZ_DIR VP_SOURCE_DIR "/fuzz"

static char current[4096];

static void on_abort(int sig)
{
	static const char pre[] = "test_fuzz_replay: the input that broke: ";

	(void)sig;
	if (write(STDERR_FILENO, pre, sizeof pre - 1) < 0 || write(STDERR_FILENO, current, strlen(current)) < 0 ||
	    write(STDERR_FILENO, "\n", 1) < 0)
		_exit(134);
	signal(SIGABRT, SIG_DFL);
	raise(SIGABRT);
}

/* The reason a crash input is disabled, or NULL. */
static char *disabled(const char *dir, const char *name, char *why, size_t size)
{
	char path[4096], line[1024];
	FILE *f;
	size_t n = strlen(name);

	snprintf(path, sizeof path, "%s/DISABLED", dir);
	f = fopen(path, "r");
	if (f == NULL)
		return NULL;
	while (fgets(line, sizeof line, f) != NULL) {
		if (strncmp(line, name, n) == 0 && (line[n] == ' ' || line[n] == '\t')) {
			line[strcspn(line, "\n")] = '\0';
			snprintf(why, size, "%s", line + n + 1);
			fclose(f);
			return why;
		}
	}
	fclose(f);
	return NULL;
}

static int cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Run fn on every stride-th regular file of dir (name order); returns how
 * many ran. */
static size_t replay_dir(const char *dir, int (*fn)(const uint8_t *, size_t), size_t stride)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	char **names = NULL, why[512];
	size_t n = 0, cap = 0, ran = 0;

	if (d == NULL)
		return 0;
	while ((de = readdir(d)) != NULL) {
		if (de->d_name[0] == '.' || strcmp(de->d_name, "DISABLED") == 0 ||
		    strncmp(de->d_name, "README", 6) == 0)
			continue;
		if (n == cap) {
			cap = cap ? 2 * cap : 256;
			names = realloc(names, cap * sizeof *names);
			assert_non_null(names);
		}
		names[n] = strdup(de->d_name);
		assert_non_null(names[n]);
		n++;
	}
	closedir(d);
	if (n > 0)
		qsort(names, n, sizeof *names, cmp_names);
	for (size_t i = 0; i < n; i++) {
		struct stat sb;

		if (i % stride != 0) {
			free(names[i]);
			continue;
		}
		char *text;
		size_t len;
		struct vp_error err = {0};

		snprintf(current, sizeof current, "%s/%s", dir, names[i]);
		if (disabled(dir, names[i], why, sizeof why) != NULL) {
			fprintf(stderr, "# skipped %s (open: %s)\n", current, why);
		} else if (stat(current, &sb) == 0 && S_ISREG(sb.st_mode)) {
			if (vp_read_file(current, &text, &len, &err) != 0)
				fail_msg("%s: %s", current, err.message);
			/* an exact-size copy, so that a read past the end is caught */
			{
				uint8_t *exact = malloc(len > 0 ? len : 1);
				assert_non_null(exact);
				if (len > 0)
					memcpy(exact, text, len);
				free(text);
				vpfz_context[0] = '\0';
				fn(exact, len);
				free(exact);
			}
			ran++;
		}
		free(names[i]);
	}
	free(names);
	current[0] = '\0';
	return ran;
}

static void replay(const char *target, int (*fn)(const uint8_t *, size_t))
{
	const char *env = getenv("VP_FUZZ_REPLAY_STRIDE");
	size_t stride = RUNNING_ON_VALGRIND ? 10 : 1, corpus, crashes;
	char dir[1024];

	if (env != NULL && atoi(env) > 0)
		stride = (size_t)atoi(env);
	snprintf(dir, sizeof dir, "%s/corpus/%s", FUZZ_DIR, target);
	corpus = replay_dir(dir, fn, stride);
	snprintf(dir, sizeof dir, "%s/crashes/%s", FUZZ_DIR, target);
	crashes = replay_dir(dir, fn, 1);
	fprintf(stderr, "# %-12s %5zu corpus inputs, %3zu crash inputs\n", target, corpus, crashes);
	assert_true(corpus > 0);
}

static void catalog_inputs_should_replay(void **state)
{
	(void)state;
	replay("catalog", fuzz_catalog_one);
}

static void hfconfig_inputs_should_replay(void **state)
{
	(void)state;
	replay("hfconfig", fuzz_hfconfig_one);
}

static void cases_inputs_should_replay(void **state)
{
	(void)state;
	replay("cases", fuzz_cases_one);
}

static void sizes_inputs_should_replay(void **state)
{
	(void)state;
	replay("sizes", fuzz_sizes_one);
}

static void estimate_inputs_should_replay(void **state)
{
	(void)state;
	replay("estimate", fuzz_estimate_one);
}

static void trainconfig_inputs_should_replay(void **state)
{
	(void)state;
	replay("trainconfig", fuzz_trainconfig_one);
}

static int free_state(void **state)
{
	(void)state;
	vp_catalog_free(&vpfz_tc_cat);
	vpfz_tc_loaded = 0;
	if (vpfz_cases_fd >= 0) {
		close(vpfz_cases_fd);
		vpfz_cases_fd = -1;
	}
	return 0;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(catalog_inputs_should_replay),
		cmocka_unit_test(hfconfig_inputs_should_replay),
		cmocka_unit_test(cases_inputs_should_replay),
		cmocka_unit_test(sizes_inputs_should_replay),
		cmocka_unit_test(estimate_inputs_should_replay),
		cmocka_unit_test(trainconfig_inputs_should_replay),
	};

	signal(SIGABRT, on_abort);
	return cmocka_run_group_tests_name("fuzz replay", tests, NULL, free_state);
}
