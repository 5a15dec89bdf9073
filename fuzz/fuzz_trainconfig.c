/*
 * libFuzzer target: the training-config reader of `vramplan check`
 * (vp_trainconfig_parse), on any bytes, YAML or JSON. A config that parses
 * is resolved against a built-in model (the one it names when the catalogue
 * has it, else one of three picked by a hash of the input), turned into a
 * setup on a fixed GPU and estimated, so the numbers a hostile file can set
 * (batch, lengths, ranks, GPUs) reach the estimator's overflow checks.
 * Every diagnostic position must be inside the file; every failure must say
 * why. Seeds: fuzz/corpus/trainconfig (Hugging Face, axolotl, DeepSpeed).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "vramplan/catalog.h"
#include "vramplan/estimate.h"
#include "vramplan/host.h"
#include "vramplan/plan.h"
#include "vramplan/trainconfig.h"
#include "fuzz_util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The built-in catalogue, loaded once and kept (reachable, not a leak). */
static struct vp_catalog vpfz_tc_cat;
static int vpfz_tc_loaded;

static const struct vp_gpu vpfz_tc_gpu = {.name = "rtx3090", .memory_mib = 24576, .compute_capability = 86,
					  .bf16 = true, .flash_attn = true, .fp16_tflops = 71.0,
					  .bandwidth_gbs = 936.0};

/* Lines in the input, for checking diagnostic positions. libyaml puts an
 * error at the end of a file that lacks its final newline on the line after
 * the last one (reported: the check's annotations then point past the end),
 * so one line more is allowed. */
static unsigned long vpfz_tc_lines(const uint8_t *data, size_t size)
{
	unsigned long n = 2;

	for (size_t i = 0; i < size; i++)
		if (data[i] == '\n' || (data[i] == '\r' && (i + 1 == size || data[i + 1] != '\n')))
			n++;
	return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const fallback[] = {"mt5", "llama-3.2-3b", "bert-base"};
	struct vp_trainconfig tc = {0};
	struct vp_error err = {0};
	const struct vp_model *m;
	unsigned long lines = vpfz_tc_lines(data, size);

	if (!vpfz_tc_loaded) {
		if (vp_catalog_load_builtin(&vpfz_tc_cat, &err) != 0)
			vpfz_fail("the built-in catalogue does not load: %s", err.message);
		vpfz_tc_loaded = 1;
	}

	if (vp_trainconfig_parse(&tc, "train.yaml", (const char *)data, size, &err) != 0) {
		vpfz_check_error(&err, "vp_trainconfig_parse");
		if (err.line > lines)
			vpfz_fail("a diagnostic at line %lu of a %lu-line file", err.line, lines);
		if (tc.n_ignored != 0 || tc.n_defaults != 0 || tc.ignored != NULL || tc.defaults != NULL)
			vpfz_fail("a failed parse left notes behind");
		return 0;
	}
	for (int s = 0; s < VP_TC_SETTING_COUNT; s++) {
		unsigned long line, column;
		vp_trainconfig_where(&tc, (enum vp_tc_setting)s, &line, &column);
		if (line > lines)
			vpfz_fail("setting %d points at line %lu of a %lu-line file", s, line, lines);
	}
	{
		char path[2048];
		vp_trainconfig_model_path(&tc, path, sizeof path);
		vp_trainconfig_relative_path(&tc, "ds_config.json", path, sizeof path);
	}

	m = tc.model[0] != '\0' ? vp_catalog_find_model(&vpfz_tc_cat, tc.model) : NULL;
	if (m == NULL)
		m = vp_catalog_find_model(&vpfz_tc_cat, fallback[vpfz_hash(data, size) % 3]);
	if (m == NULL)
		vpfz_fail("a built-in model is missing");
	if (vp_trainconfig_resolve(&tc, m, &err) != 0) {
		vpfz_check_error(&err, "vp_trainconfig_resolve");
		if (err.line > lines)
			vpfz_fail("a diagnostic at line %lu of a %lu-line file", err.line, lines);
	} else {
		struct vp_train t;
		struct vp_estimate *e = malloc(sizeof *e);
		if (e == NULL)
			abort();
		vp_trainconfig_train_for(&tc, &vpfz_tc_gpu, &t);
		if (vp_estimate(m, &vpfz_tc_gpu, &t, e, &err) != 0) {
			vpfz_check_error(&err, "vp_estimate");
		} else if (tc.eval_batch > 0) {
			/* the evaluation the config describes: its kept
			 * predictions (eval_accumulation_steps, max_eval_samples)
			 * on the GPU and in host RAM, with its workers */
			struct vp_eval_estimate ev;
			struct vp_host_request req;
			struct vp_host_plan host;

			t.batch = tc.eval_batch;
			if (vp_estimate_eval(m, &vpfz_tc_gpu, &t, &tc.eval, &ev, &err) != 0) {
				vpfz_check_error(&err, "vp_estimate_eval");
			} else {
				vp_host_request_defaults(&req);
				req.host_ram_bytes = (uint64_t)60 << 30;
				req.num_workers = tc.num_workers;
				req.dataset_ram_bytes = tc.dataset_ram_bytes;
				req.persistent_workers = tc.persistent_workers;
				vp_plan_host_eval(&req, tc.eval_batch, &tc.eval, tc.eval.accumulation_steps, &ev);
				if (vp_host_plan(m, &t, &req, e->full_bytes[VP_COMP_WEIGHTS], &host) != 0)
					vpfz_fail("vp_host_plan failed");
				if (host.total_bytes < host.train_total_bytes || host.total_bytes < host.load_total_bytes)
					vpfz_fail("the host's peak is below its training phase or its loading");
			}
		}
		free(e);
	}
	vp_trainconfig_free(&tc);
	if (tc.ignored != NULL || tc.defaults != NULL || tc.n_ignored != 0 || tc.n_defaults != 0)
		vpfz_fail("vp_trainconfig_free left notes behind");
	return 0;
}
