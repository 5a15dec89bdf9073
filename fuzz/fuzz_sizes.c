/*
 * libFuzzer target: the strict value parsers of the command line and the
 * case files: sizes (vp_parse_size), integers (vp_parse_u64), numbers
 * (vp_parse_double), the option names (vp_*_parse) and LoRA target lists,
 * each on a NUL-terminated copy of the input. A value that parses must lie
 * in the range asked for; one that fails must say why.
 * Seeds: fuzz/corpus/sizes (size and number strings).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "vramplan/sizes.h"
#include "vramplan/train.h"
#include "fuzz_util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void vpfz_sizes_u64(const char *s, uint64_t min, uint64_t max)
{
	struct vp_error err = {0};
	uint64_t v;

	if (vp_parse_u64(s, "--value", min, max, &v, &err) != 0)
		vpfz_check_error(&err, "vp_parse_u64");
	else if (v < min || v > max)
		vpfz_fail("vp_parse_u64 gave %llu outside [%llu, %llu]", (unsigned long long)v,
			  (unsigned long long)min, (unsigned long long)max);
}

static void vpfz_sizes_double(const char *s, double min, double max)
{
	struct vp_error err = {0};
	double v;

	if (vp_parse_double(s, "--value", min, max, &v, &err) != 0)
		vpfz_check_error(&err, "vp_parse_double");
	else if (!isfinite(v) || v < min || v > max)
		vpfz_fail("vp_parse_double gave %g outside [%g, %g]", v, min, max);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = vpfz_cstring(data, size);
	struct vp_error err = {0};
	struct vp_train t;
	uint64_t bytes;
	char buf[64];
	int e;

	if (vp_parse_size(s, "--memory", &bytes, &err) != 0) {
		vpfz_check_error(&err, "vp_parse_size");
	} else {
		vp_format_bytes(bytes, buf, sizeof buf);
		if (memchr(buf, '\0', sizeof buf) == NULL)
			vpfz_fail("vp_format_bytes did not terminate its output");
	}
	vpfz_sizes_u64(s, 0, UINT64_MAX);
	vpfz_sizes_u64(s, 1, 4096);
	vpfz_sizes_double(s, 0.0, 1.0);
	vpfz_sizes_double(s, -1e308, 1e308);

	/* the names of the training options, as the CLI and the case files
	 * pass them */
	{
		enum vp_precision p;
		enum vp_optimizer o;
		enum vp_method me;
		enum vp_quant q;
		enum vp_attn a;
		enum vp_head h;
		enum vp_loss l;

		if (vp_precision_parse(s, &p, &err) != 0)
			vpfz_check_error(&err, "vp_precision_parse");
		if (vp_optimizer_parse(s, &o, &err) != 0)
			vpfz_check_error(&err, "vp_optimizer_parse");
		if (vp_method_parse(s, &me, &err) != 0)
			vpfz_check_error(&err, "vp_method_parse");
		if (vp_quant_parse(s, &q, &err) != 0)
			vpfz_check_error(&err, "vp_quant_parse");
		if (vp_attn_parse(s, &a, &err) != 0)
			vpfz_check_error(&err, "vp_attn_parse");
		if (vp_head_parse(s, &h, &err) != 0)
			vpfz_check_error(&err, "vp_head_parse");
		if (vp_loss_parse(s, &l, &err) != 0)
			vpfz_check_error(&err, "vp_loss_parse");
	}

	vp_train_defaults(&t);
	e = vp_train_set_lora_targets(&t, s, &err);
	if (e != 0)
		vpfz_check_error(&err, "vp_train_set_lora_targets");
	else if (t.n_lora_targets > VP_MAX_TARGETS)
		vpfz_fail("%zu LoRA targets, more than VP_MAX_TARGETS", t.n_lora_targets);
	for (size_t i = 0; i < t.n_lora_targets && i < VP_MAX_TARGETS; i++)
		if (memchr(t.lora_targets[i], '\0', sizeof t.lora_targets[i]) == NULL)
			vpfz_fail("LoRA target %zu is not terminated", i);
	free(s);
	return 0;
}
