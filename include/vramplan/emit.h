#ifndef VRAMPLAN_EMIT_H
#define VRAMPLAN_EMIT_H

/*
 * Output of a plan and of a one-batch estimate: YAML (libyaml's emitter,
 * after `#` comment lines that carry the inputs and the memory breakdown)
 * and JSON (cJSON). Pure formatting: each function writes only to the FILE *
 * it is given, opens nothing, and returns 0, or -1 with err filled
 * (VP_ERR_IO when the stream or the emitter fails).
 *
 * A plan's trainer settings depend on the key profile: Hugging Face
 * TrainingArguments (hf), Lightning Trainer and DataLoader arguments
 * (lightning), a DeepSpeed config (deepspeed) or an axolotl config
 * (axolotl). vp_plan_settings() is the one place that decides the keys and
 * values; the YAML and JSON emitters both print its list, so the two
 * formats cannot disagree.
 *
 * Output is deterministic: fixed key order, byte counts as integers, and
 * GiB figures as "%.2f" computed in integer arithmetic.
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "vramplan/error.h"
#include "vramplan/estimate.h"
#include "vramplan/gpu.h"
#include "vramplan/model.h"
#include "vramplan/plan.h"
#include "vramplan/train.h"

enum vp_profile {
	VP_PROFILE_HF = 0,   /* transformers.TrainingArguments */
	VP_PROFILE_LIGHTNING, /* LightningCLI: trainer: and data: sections */
	VP_PROFILE_DEEPSPEED, /* DeepSpeed config JSON keys */
	VP_PROFILE_AXOLOTL,   /* axolotl YAML config */
	VP_PROFILE_COUNT
};

int vp_profile_parse(const char *s, enum vp_profile *out, struct vp_error *err);
const char *vp_profile_name(enum vp_profile p);

enum vp_setting_type {
	VP_SETTING_INT,
	VP_SETTING_BOOL,
	VP_SETTING_NUMBER, /* a finite double, printed in its shortest exact form */
	VP_SETTING_STRING,
	VP_SETTING_LIST,  /* a sequence of strings: list[0 .. n_list-1] */
	VP_SETTING_BEGIN, /* `key:` opens a nested mapping ... */
	VP_SETTING_END    /* ... closed here (key is NULL) */
};

struct vp_setting {
	enum vp_setting_type type;
	const char *key;          /* a string literal; NULL for END */
	uint64_t i;               /* INT */
	bool b;                   /* BOOL */
	double d;                 /* NUMBER */
	const char *s;            /* STRING: a string literal */
	const char (*list)[32];   /* LIST: points into the vp_train given; NULL for a
				   * one-item list of the literal in s */
	size_t n_list;
};

#define VP_SETTINGS_MAX 48

/*
 * The trainer settings of a plan under `profile`, in output order, into
 * out[0 .. cap-1]. Returns how many there are (which may exceed cap, like
 * snprintf; nothing past cap is written). The settings point into *req.
 */
size_t vp_plan_settings(const struct vp_plan_request *req, const struct vp_plan *plan,
			enum vp_profile profile, struct vp_setting *out, size_t cap);

/* The budget a plan may fill: floor(util x memory), as vp_plan_search()
 * computes it. */
uint64_t vp_budget_bytes(const struct vp_gpu *g, double util);

/* "12.34": bytes in GiB with two decimals, rounded half up, in integer
 * arithmetic. */
void vp_format_gib(uint64_t bytes, char *buf, size_t size);

/* The one-line description of a training setup that the outputs print
 * after "setup: ", e.g. "seq-len 512, target-len 128, amp-bf16, full,
 * adamw, sdpa attention, no checkpointing". */
void vp_format_setup(const struct vp_model *m, const struct vp_train *t, char *buf, size_t size);

/* The plan: comment lines, then the settings as a YAML mapping. */
int vp_emit_plan_yaml(FILE *out, const struct vp_model *m, const struct vp_gpu *g,
		      const struct vp_plan_request *req, const struct vp_plan *plan,
		      enum vp_profile profile, struct vp_error *err);

/* The plan as one JSON object: vramplan, model, gpu, setup, settings (the
 * profile's keys), plan, estimate, next_batch, eval, host. */
int vp_emit_plan_json(FILE *out, const struct vp_model *m, const struct vp_gpu *g,
		      const struct vp_plan_request *req, const struct vp_plan *plan,
		      enum vp_profile profile, struct vp_error *err);

/* The breakdown of one training step at t->batch (`vramplan estimate`):
 * a flat mapping of byte counts, against the budget of `util`. */
int vp_emit_estimate_yaml(FILE *out, const struct vp_model *m, const struct vp_gpu *g,
			  const struct vp_train *t, double util, const struct vp_estimate *e,
			  struct vp_error *err);

int vp_emit_estimate_json(FILE *out, const struct vp_model *m, const struct vp_gpu *g,
			  const struct vp_train *t, double util, const struct vp_estimate *e,
			  struct vp_error *err);

#endif
