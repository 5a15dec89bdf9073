#ifndef VRAMPLAN_EMIT_H
#define VRAMPLAN_EMIT_H

/*
 * Output of a plan and of a one-batch estimate: YAML (libyaml's emitter,
 * after `#` comment lines that carry the inputs and the memory breakdown)
 * and JSON (cJSON). Pure formatting: each function writes only to the FILE *
 * it is given, opens nothing, and returns 0, or -1 with err filled
 * (VP_ERR_IO when the stream or the emitter fails).
 *
 * The trainer settings come from vp_plan_settings() (vramplan/settings.h);
 * the YAML and JSON emitters both print its list, so the two formats cannot
 * disagree.
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
#include "vramplan/settings.h"
#include "vramplan/train.h"

/* "12.34": bytes in GiB with two decimals, rounded half up, in integer
 * arithmetic. */
void vp_format_gib(uint64_t bytes, char *buf, size_t size);

/* A margin to a limit with its unit: "1.17 GiB", or, where that would
 * read "0.00 GiB" for a margin that is not zero, "3.05 MiB" (or bytes): a
 * batch said to be over the budget by 0.00 GiB reads as one that fits. */
void vp_format_margin(uint64_t bytes, char *buf, size_t size);

/* How vp_budget_bytes() arrived at its figure, for the outputs' budget
 * line: "0.80 x 24.00 GiB = 19.20 GiB", or, where the run caps its
 * allocator below that, "0.70 x 24.00 GiB (the allocator's cap) + 0.66 GiB
 * (CUDA context) = 17.46 GiB, under 0.80 x 24.00 GiB". */
void vp_format_budget(const struct vp_gpu *g, double util, const struct vp_train *t, char *buf, size_t size);

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

/* The evaluation step beside an estimate (`vramplan estimate` with
 * --generate, --num-beams, --max-new-tokens, --eval-predictions,
 * --eval-samples or --use-cache): the plan's evaluation at eval batch
 * `batch` (vp_plan_eval_at), its device_bytes with EWC's copies. */
struct vp_emit_eval {
	const struct vp_eval_opts *opts;
	uint64_t batch;
	uint64_t config_batch;       /* the eval batch asked for (--batch); more than batch where a known
					evaluation set caps it (vp_plan_eval_batch_cap) */
	uint64_t accumulation_steps; /* eval_accumulation_steps; 0: unset */
	struct vp_eval_estimate ev;
};

/* The breakdown of one training step at t->batch (`vramplan estimate`):
 * a flat mapping of byte counts, against the budget of `util`, with EWC's
 * copies (ewc_bytes, 0 without EWC) on top. seq says
 * how t->seq_len was searched (--seq-len max), or is NULL. eval is the
 * evaluation step's, or NULL without one (the output then as before:
 * eval_* keys, and a JSON "eval" object, only with one). */
int vp_emit_estimate_yaml(FILE *out, const struct vp_model *m, const struct vp_gpu *g,
			  const struct vp_train *t, double util, const struct vp_estimate *e, uint64_t ewc_bytes,
			  const struct vp_seq_search *seq, const struct vp_emit_eval *eval, struct vp_error *err);

int vp_emit_estimate_json(FILE *out, const struct vp_model *m, const struct vp_gpu *g,
			  const struct vp_train *t, double util, const struct vp_estimate *e, uint64_t ewc_bytes,
			  const struct vp_seq_search *seq, const struct vp_emit_eval *eval, struct vp_error *err);

#endif
