/*
 * libFuzzer target: the config.json reader (vp_hfconfig_parse), on any
 * bytes. A config that parses must describe a valid model, and its
 * catalogue entry (`vramplan import`) must read back into the
 * same descriptor. A config that fails must say why.
 * Seeds: fuzz/corpus/hfconfig (tests/data/configs/ and tests/data/hfconfig/).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <stddef.h>
#include <stdint.h>

#include "vramplan/hfconfig.h"
#include "vramplan/model.h"
#include "fuzz_util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct vp_model m;
	struct vp_error err = {0};

	if (vp_hfconfig_parse("config.json", (const char *)data, size, &m, &err) != 0) {
		vpfz_check_error(&err, "vp_hfconfig_parse");
		return 0;
	}
	if (vp_model_validate(&m, &err) != 0)
		vpfz_fail("a parsed config does not validate: %s", err.message);
	(void)vp_model_param_count(&m); /* 0 (overflow) is allowed: the estimator reports it */
	vpfz_round_trip(&m);
	return 0;
}
