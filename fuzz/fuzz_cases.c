/*
 * libFuzzer target: the reader of measured cases (vp_cases_load), on any
 * bytes. vp_cases_load() reads a path, so the input goes into a memory file
 * (memfd_create) that is read back through /proc/self/fd/N: no disk I/O and
 * nothing left behind. A file that loads must give cases whose strings are
 * terminated; one that fails must say why.
 * Seeds: fuzz/corpus/cases (tests/data/groundtruth/cases.yaml and slices).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include "vramplan/cases.h"
#include "fuzz_util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* One memory file for the whole run, rewritten for each input. */
static int vpfz_cases_fd = -1;
static char vpfz_cases_path[64];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct vp_case_list list = {0};
	struct vp_error err = {0};
	size_t done = 0;

	if (vpfz_cases_fd < 0) {
		vpfz_cases_fd = memfd_create("vramplan-fuzz-cases.yaml", 0);
		if (vpfz_cases_fd < 0) {
			perror("memfd_create");
			abort();
		}
		snprintf(vpfz_cases_path, sizeof vpfz_cases_path, "/proc/self/fd/%d", vpfz_cases_fd);
	}
	if (ftruncate(vpfz_cases_fd, 0) != 0)
		abort();
	while (done < size) {
		ssize_t w = pwrite(vpfz_cases_fd, data + done, size - done, (off_t)done);
		if (w <= 0)
			abort();
		done += (size_t)w;
	}

	if (vp_cases_load(&list, vpfz_cases_path, &err) != 0) {
		vpfz_check_error(&err, "vp_cases_load");
	} else {
		for (size_t i = 0; i < list.n; i++) {
			const struct vp_case *c = &list.cases[i];
			if (memchr(c->id, '\0', sizeof c->id) == NULL ||
			    memchr(c->config_path, '\0', sizeof c->config_path) == NULL ||
			    memchr(c->gpu, '\0', sizeof c->gpu) == NULL ||
			    memchr(c->quality, '\0', sizeof c->quality) == NULL)
				vpfz_fail("case %zu has an unterminated string", i);
			if (vp_metric_name(c->metric) == NULL)
				vpfz_fail("case %zu has no metric name", i);
		}
	}
	vp_cases_free(&list);
	return 0;
}
