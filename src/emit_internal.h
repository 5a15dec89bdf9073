/*
 * Shared by the plan and estimate emitters (src/emit_plan.c, YAML;
 * src/emit_json.c, JSON); nothing outside them includes this.
 */
#ifndef VP_EMIT_INTERNAL_H
#define VP_EMIT_INTERNAL_H

#include <stddef.h>
#include <stdio.h>

#include "vramplan/error.h"
#include "vramplan/settings.h"

/* The shortest "%g" form of v that reads back as v. */
void vp_emit_shortest_double(double v, char *buf, size_t size);

/* The stream's state after writing: a failed write (a full disk, a closed
 * stdout) is reported with the reason errno gives. */
int vp_emit_stream_status(FILE *out, struct vp_error *err);

/* A plan's settings for the profile, into s (VP_SETTINGS_MAX entries), after
 * checking that there is a plan to emit; returns how many, or -1 with err. */
int vp_emit_plan_settings(const struct vp_model *m, const struct vp_gpu *g, const struct vp_plan_request *req,
			  const struct vp_plan *plan, enum vp_profile profile, struct vp_setting *s, size_t *n,
			  struct vp_error *err);

#endif
