#ifndef VRAMPLAN_HFCONFIG_H
#define VRAMPLAN_HFCONFIG_H

/*
 * Read a Hugging Face config.json (cJSON) into the same descriptor the
 * catalogue fills. Supported model_type values: vp_model_types[]. An
 * unsupported model_type or a missing field is an error naming the file,
 * the field and what is supported; a JSON syntax error carries line:column.
 */

#include <stddef.h>

#include "vramplan/error.h"
#include "vramplan/model.h"

int vp_hfconfig_parse(const char *name, const char *text, size_t len,
		      struct vp_model *out, struct vp_error *err);

int vp_hfconfig_load(const char *path, struct vp_model *out, struct vp_error *err);

#endif
