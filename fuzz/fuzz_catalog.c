/*
 * libFuzzer target: the catalogue loader (vp_catalog_load_buffer), on any
 * bytes. A file that loads must give entries that can be looked up by name
 * and whose catalogue entry (vp_emit_model_yaml, `vramplan import`) reads
 * back into the same descriptor. A file that fails must say why.
 * Seeds: fuzz/corpus/catalog (models/ and tests/data/catalog/).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <stddef.h>
#include <stdint.h>

#include "vramplan/catalog.h"
#include "fuzz_util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct vp_catalog cat = {0};
	struct vp_error err = {0};

	if (vp_catalog_load_buffer(&cat, "fuzz.yaml", (const char *)data, size, &err) != 0) {
		vpfz_check_error(&err, "vp_catalog_load_buffer");
		if (cat.n_models != 0 || cat.n_gpus != 0)
			vpfz_fail("a failed load left %zu models and %zu gpus", cat.n_models, cat.n_gpus);
	} else {
		for (size_t i = 0; i < cat.n_models; i++) {
			if (vp_catalog_find_model(&cat, cat.models[i].name) == NULL)
				vpfz_fail("model '%s' cannot be found by its name", cat.models[i].name);
			vpfz_round_trip(&cat.models[i]);
		}
		for (size_t i = 0; i < cat.n_gpus; i++)
			if (vp_catalog_find_gpu(&cat, cat.gpus[i].name) == NULL)
				vpfz_fail("gpu '%s' cannot be found by its name", cat.gpus[i].name);
	}
	vp_catalog_free(&cat);
	return 0;
}
