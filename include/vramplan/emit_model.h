#ifndef VRAMPLAN_EMIT_MODEL_H
#define VRAMPLAN_EMIT_MODEL_H

/*
 * Print a model descriptor as a catalogue entry: a YAML document
 *
 *     models:
 *     - name: ...
 *       hidden_size: ...
 *
 * with libyaml's emitter (block style, implicit document start), one key per
 * catalogue field, in a fixed order. Reading the output back with
 * vp_catalog_load_buffer() gives the same struct: numbers are printed
 * exactly (doubles in the shortest form that round-trips), strings that a
 * YAML reader would take for a number, a boolean or null are quoted, and the
 * fields the catalogue derives from model_type (arch, naming,
 * scale_embed_copy) are left out.
 *
 * Writes only to `out`. Returns 0, or -1 with err filled (VP_ERR_IO when the
 * emitter or the stream fails).
 */

#include <stdio.h>

#include "vramplan/error.h"
#include "vramplan/model.h"

int vp_emit_model_yaml(FILE *out, const struct vp_model *m, struct vp_error *err);

#endif
