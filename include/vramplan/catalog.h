#ifndef VRAMPLAN_CATALOG_H
#define VRAMPLAN_CATALOG_H

/*
 * The catalogue of models and GPUs, loaded from YAML (schema: docs/catalogue.md)
 * with libyaml's document API. A catalogue starts zeroed; each load adds the
 * file's entries, replacing an existing entry of the same name (so a user file
 * overrides a built-in model or GPU). The catalogue owns its arrays; release
 * it with vp_catalog_free(), which leaves it zeroed and is a no-op on a zeroed
 * catalogue.
 *
 * A file holds a mapping with a `models:` list, a `gpus:` list, or both.
 * Unknown keys, duplicate keys, wrong types, missing required fields and
 * impossible values are errors with file, line and column.
 */

#include <stdbool.h>
#include <stddef.h>

#include "vramplan/error.h"
#include "vramplan/gpu.h"
#include "vramplan/model.h"

/* At most this many models, and this many GPUs, in a catalogue: the
 * built-in entries and every file's together (a file past it is an input
 * error). Loading compares each entry's name with those before it, so a
 * bound on the count bounds the time (docs/catalogue.md). */
#define VP_CATALOG_MAX_ENTRIES 4096

/* Where an entry was read: the file and the line of its `name`, and
 * which load read it (to tell one file's entries from the others'). */
struct vp_catalog_origin {
	char file[160];
	unsigned long line;
	unsigned load;
};

/* Called with each warning a user file's load finds; NULL prints none. */
typedef void vp_catalog_warn_fn(const void *ctx, const char *message);

struct vp_catalog {
	struct vp_model *models;
	size_t n_models;
	struct vp_gpu *gpus;
	size_t n_gpus;
	/* parallel to models and gpus; an entry put without one has file "" */
	struct vp_catalog_origin *model_origin;
	struct vp_catalog_origin *gpu_origin;
	unsigned loads;
	/* set before loading a user file: a key (a name or an alias) that two
	 * entries share finds one of them only, which the other's author
	 * did not mean (docs/catalogue.md "Lookup") */
	vp_catalog_warn_fn *warn;
	const void *warn_ctx;
};

/* Parse YAML text; `name` is the file name used in diagnostics. */
int vp_catalog_load_buffer(struct vp_catalog *cat, const char *name,
			   const char *text, size_t len, struct vp_error *err);

/* Read and parse a file (VP_ERR_IO when it cannot be read). */
int vp_catalog_load_file(struct vp_catalog *cat, const char *path, struct vp_error *err);

/* The catalogue compiled into the binary from the files in models/. */
int vp_catalog_load_builtin(struct vp_catalog *cat, struct vp_error *err);

/*
 * Only the built-in entries that a lookup of model_key (models) or gpu_key
 * (GPUs) could find; NULL loads no entries of that kind. Looking either key
 * up afterwards finds the entry a lookup in the whole built-in catalogue
 * finds, in a fraction of the parse: what one plan needs.
 */
int vp_catalog_load_builtin_matching(struct vp_catalog *cat, const char *model_key, const char *gpu_key,
				     struct vp_error *err);

void vp_catalog_free(struct vp_catalog *cat);

/* Look up by name, alias or HF id, case-insensitively; NULL when absent. */
const struct vp_model *vp_catalog_find_model(const struct vp_catalog *cat, const char *key);
const struct vp_gpu *vp_catalog_find_gpu(const struct vp_catalog *cat, const char *key);
/* The other entry of the same full name (nvidia-smi's) and other memory,
 * when key is g's full name, which the two share; else NULL. */
const struct vp_gpu *vp_catalog_gpu_namesake(const struct vp_catalog *cat, const char *key, const struct vp_gpu *g);
/* The entry of the card's other memory ("a100-80gb") when key is a short
 * alias of g naming the card ("a100"); else NULL. */
const struct vp_gpu *vp_catalog_gpu_sibling(const struct vp_catalog *cat, const char *key, const struct vp_gpu *g);
/* Whether key names g only as that other memory ("a100" and a100-80gb,
 * "rtx4060ti" and rtx4060ti-16gb), not by its name or an alias: an entry that
 * vp_catalog_load_builtin_matching loads for vp_catalog_gpu_sibling's
 * warning alone, which a lookup of key never plans. */
bool vp_catalog_gpu_sibling_only(const struct vp_gpu *g, const char *key);

/* Up to max names of entries close to an unknown key (a typo away, or
 * holding it: "a100" suggests a100-40gb and a100-80gb), in catalogue
 * order; their count. The names stay owned by the catalogue. */
size_t vp_catalog_suggest_models(const struct vp_catalog *cat, const char *key, const char **out, size_t max);
size_t vp_catalog_suggest_gpus(const struct vp_catalog *cat, const char *key, const char **out, size_t max);

/* Add or replace (by name) one entry; returns 0 or -1 on allocation failure. */
int vp_catalog_put_model(struct vp_catalog *cat, const struct vp_model *m, struct vp_error *err);
int vp_catalog_put_gpu(struct vp_catalog *cat, const struct vp_gpu *g, struct vp_error *err);

#endif
