#ifndef VRAMPLAN_PEFT_H
#define VRAMPLAN_PEFT_H

/*
 * What PEFT does by default, so that vramplan's LoRA estimate matches a
 * LoraConfig() that names no target_modules.
 */

#include <stdbool.h>

#include "vramplan/model.h"

/*
 * PEFT's default LoRA target_modules for the model's family, as a comma
 * list that vp_train_set_lora_targets() accepts: "q,v" for T5, "q_proj,v_proj"
 * for Llama, "query_key_value" for GPT-NeoX, ... Never NULL.
 *
 * The table is PEFT's TRANSFORMERS_MODELS_TO_LORA_TARGET_MODULES_MAPPING
 * (src/peft/utils/constants.py). For the model types that mapping lacks
 * (umt5, mbart, qwen v1, phi3) PEFT raises "Please specify `target_modules`
 * in `peft_config`"; vramplan then assumes the query and value projections
 * under the family's own module names, and vp_peft_has_default_targets()
 * returns false so the caller can say so.
 */
const char *vp_default_lora_targets(const struct vp_model *m);

/* True when PEFT itself has a default for the model's model_type (a
 * multimodal checkpoint's composite type: none). */
bool vp_peft_has_default_targets(const struct vp_model *m);

/* The model_type PEFT reads from the checkpoint's config: the composite's
 * (gemma3, mistral3) for a multimodal one vramplan estimates as its text
 * model, else the model's own. */
const char *vp_peft_model_type(const struct vp_model *m);

#endif
