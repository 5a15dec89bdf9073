#ifndef VRAMPLAN_SETTINGS_H
#define VRAMPLAN_SETTINGS_H

/*
 * A plan's trainer settings as a flat list of typed key/value items, per
 * key profile: Hugging Face TrainingArguments (hf), Lightning Trainer and
 * DataLoader arguments (lightning), a DeepSpeed config (deepspeed), an
 * axolotl config (axolotl) or a LLaMA-Factory config (llamafactory). vp_plan_settings() is the one place that
 * decides the keys and values; the emitters (vramplan/emit.h) only print
 * the list. Pure: no I/O.
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "vramplan/error.h"
#include "vramplan/estimate.h"
#include "vramplan/plan.h"

enum vp_profile {
	VP_PROFILE_HF = 0,   /* transformers.TrainingArguments */
	VP_PROFILE_LIGHTNING, /* LightningCLI: trainer: and data: sections */
	VP_PROFILE_DEEPSPEED, /* DeepSpeed config JSON keys */
	VP_PROFILE_AXOLOTL,   /* axolotl YAML config */
	VP_PROFILE_LLAMAFACTORY, /* LLaMA-Factory YAML config */
	VP_PROFILE_TRL,       /* TRL's `trl sft --config`: SFTConfig + ModelConfig */
	VP_PROFILE_COUNT
};

int vp_profile_parse(const char *s, enum vp_profile *out, struct vp_error *err);
const char *vp_profile_name(enum vp_profile p);

enum vp_setting_type {
	VP_SETTING_INT,
	VP_SETTING_BOOL,
	VP_SETTING_NUMBER, /* a finite double, printed in its shortest exact form */
	VP_SETTING_STRING,
	VP_SETTING_LIST,  /* a sequence of strings: list[0 .. n_list-1]; with
			   * joined, one string of them separated by commas */
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
	bool joined;              /* LIST: printed as "a,b" (LLaMA-Factory's lora_target) */
};

#define VP_SETTINGS_MAX 64

/*
 * The trainer settings of a plan for model `m` under `profile`, in output
 * order, into out[0 .. cap-1]. Returns how many there are (which may exceed
 * cap, like snprintf; nothing past cap is written). The settings point into
 * *req. `m` may be NULL where no key depends on the model (only
 * LLaMA-Factory's flash_attn does: its "auto" is not SDPA for Gemma 2).
 */
size_t vp_plan_settings(const struct vp_model *m, const struct vp_plan_request *req, const struct vp_plan *plan,
			enum vp_profile profile, struct vp_setting *out, size_t cap);

/*
 * Whether the plan's keys include Seq2SeqTrainingArguments' generation
 * fields (predict_with_generate, generation_max_length,
 * generation_num_beams): an encoder-decoder eval batch sized for
 * Seq2SeqTrainer's generation, under the hf profile.
 */
bool vp_settings_generation_keys(const struct vp_plan_request *req, enum vp_profile profile);

/*
 * What runs no evaluation under a profile's trainer, as a plan with
 * --no-eval prints it (settings.c) and plan's "evaluation does not fit"
 * hint names it: e.g. `eval_strategy: "no" and no do_eval` for
 * TrainingArguments. A static string.
 */
const char *vp_settings_no_eval_keys(enum vp_profile profile);

/* The j-th string of a LIST setting. */
const char *vp_setting_item(const struct vp_setting *s, size_t j);

/* A joined LIST setting's strings separated by commas, into buf (cut to
 * fit, NUL-terminated); returns buf. */
const char *vp_setting_joined(const struct vp_setting *s, char *buf, size_t size);

/*
 * The numbers of one training step at `batch` (the components, the three
 * levels, the peak phase and whether it fits `budget`, with `ewc_bytes` more
 * for an EWC penalty's Fisher diagonal and anchor copy, vp_plan.ewc_bytes), as INT, BOOL and STRING settings into
 * out[0 .. cap-1]; returns how many, like vp_plan_settings(). Shared by the
 * estimate's YAML mapping and the "estimate" object of both JSON outputs.
 */
size_t vp_estimate_settings(const struct vp_estimate *e, uint64_t batch, uint64_t budget, uint64_t ewc_bytes,
			    struct vp_setting *out, size_t cap);

/*
 * The evaluation step beside an estimate (`vramplan estimate --generate`
 * and the other evaluation options): its batch, whether it fits `budget`,
 * its moment, what it generates and keeps, eval_accumulation_steps
 * (`steps`, 0: unset), its components and its three levels, as eval_*
 * settings after the training step's in the estimate's YAML mapping;
 * returns how many. The values are the plan's "eval" object's.
 */
size_t vp_estimate_eval_settings(const struct vp_eval_opts *opts, uint64_t batch, uint64_t steps,
				 const struct vp_eval_estimate *ev, uint64_t budget, struct vp_setting *out,
				 size_t cap);

#endif
