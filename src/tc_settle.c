/*
 * The flavour's rules: turn the raw keys into the settings `check` plans
 * with (precedence, trainer defaults with their notes, DeepSpeed's batch
 * triple, precision and method).
 */
#include "trainconfig_internal.h"

#include <stdio.h>
#include <string.h>

#include "vramplan/checked.h"

static const char *source_name(enum vp_tc_flavour f)
{
	switch (f) {
	case VP_TC_HF:
		return "TrainingArguments default";
	case VP_TC_AXOLOTL:
		return "axolotl default";
	case VP_TC_DEEPSPEED:
		return "DeepSpeed default";
	case VP_TC_LLAMAFACTORY:
		return "LLaMA-Factory default";
	}
	return "default";
}

static void copy_origin(struct vp_tc_origin *dst, const struct vp_tc_origin *src)
{
	*dst = *src;
}

/*
 * Keys only TRL's parser reads from an hf config, none of them a
 * TrainingArguments field or a transformers example script's argument:
 * ModelConfig's PEFT and quantization keys (trl/trainer/model_config.py:
 * use_peft, lora_r, lora_alpha, lora_dropout, lora_target_modules,
 * lora_modules_to_save, load_in_8bit, load_in_4bit, bnb_4bit_quant_type,
 * use_bnb_nested_quant; later lora_task_type, use_rslora, use_dora,
 * lora_target_parameters), SFTConfig's (trl/trainer/sft_config.py:
 * dataset_text_field, max_length, packing, packing_strategy, padding_free,
 * completion_only_loss, assistant_only_loss, loss_type, eval_packing,
 * activation_offloading, model_init_kwargs, dataset_kwargs,
 * dataset_num_proc, chat_template_path; use_liger before use_liger_kernel)
 * and ScriptArguments' splits (trl/scripts/utils.py). max_seq_length
 * (run_glue.py's too), torch_dtype and dataset_name (run_clm.py's) are not
 * among them. Such a key makes the file TRL's, whose defaults differ from
 * TrainingArguments' (SFTConfig's bf16 and gradient_checkpointing from
 * TRL 0.20, max_length 1024): the default notes name TRL's only then.
 * Until 2026-12-01 they named it in every hf config, a run_summarization
 * config's "use_peft: false (TRL ModelConfig default)" among them.
 */
static const char *const trl_keys[] = {
	"use_peft",		"lora_r",		 "lora_alpha",		 "lora_dropout",
	"lora_target_modules",	"lora_modules_to_save",	 "lora_task_type",	 "use_rslora",
	"use_dora",		"lora_target_parameters", "load_in_8bit",	 "load_in_4bit",
	"bnb_4bit_quant_type",	"use_bnb_nested_quant",	 "dataset_text_field",	 "max_length",
	"packing",		"packing_strategy",	 "padding_free",	 "completion_only_loss",
	"assistant_only_loss",	"loss_type",		 "eval_packing",	 "activation_offloading",
	"model_init_kwargs",	"dataset_kwargs",	 "dataset_num_proc",	 "chat_template_path",
	"use_liger",		"dataset_train_split",	 "dataset_test_split",
};

/*
 * An axolotl LoRA without lora_target_modules or lora_target_linear:
 * _build_peft_lora_config passes LoraConfig(target_modules=
 * cfg.lora_target_modules or []) (src/axolotl/loaders/adapter.py,
 * axolotl-ai-cloud/axolotl 01883e35), never None, and no validator in
 * utils/schemas/ asks for a target. LoraConfig turns the list into an
 * empty set; BaseTuner._prepare_adapter_config fills PEFT's default for
 * the model type only when target_modules is None, so inject_adapter
 * matches no module and raises ValueError (huggingface/peft 005fdd53,
 * tuners/tuners_utils.py: "No `target_modules` passed but also no
 * `target_parameters` found"; earlier releases "Target modules set() not
 * found in the base model"). Check refuses the file at `adapter`, as it
 * refuses targets that match nothing; until 2026-12-01 it counted PEFT's
 * default. Two keys it does not read make the run train something else:
 * lora_model_dir (PeftModel.from_pretrained: the saved adapter_config's
 * targets) and lora_target_parameters (PEFT's target_parameters); with
 * either the default is still counted, as before.
 */
static bool axolotl_targets_elsewhere(const struct ctx *c)
{
	static const char *const keys[] = {"lora_model_dir", "lora_target_parameters"};

	if (c->root == NULL)
		return true;
	for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++) {
		const struct vp_tmember *m = vp_tc_member(c->root, keys[k]);

		if (m != NULL && m->value->kind != VP_T_NULL &&
		    !(m->value->kind == VP_T_SCALAR && m->value->text[0] == '\0') &&
		    !(m->value->kind == VP_T_SEQ && m->value->n == 0))
			return true;
	}
	return false;
}

static bool shows_trl(const struct ctx *c)
{
	if (c->tc->flavour != VP_TC_HF)
		return false;
	if (c->r.sft)
		return true;
	if (c->root == NULL)
		return false;
	for (size_t i = 0; i < c->root->n; i++)
		for (size_t k = 0; k < sizeof trl_keys / sizeof trl_keys[0]; k++)
			if (strcmp(c->root->members[i].key, trl_keys[k]) == 0)
				return true;
	return false;
}

/* DeepSpeed's batch triple: train_batch_size = micro x accumulation x GPUs
 * (deepspeed/runtime/config.py _configure_train_batch_size). */
static int settle_ds_batch(struct ctx *c)
{
	struct vp_trainconfig *tc = c->tc;
	struct raw *r = &c->r;
	uint64_t world = c->vb.has_gpus ? c->vb.gpus : 1, prod;
	bool world_known = c->vb.has_gpus;

	if (r->has_batch) {
		tc->ds_given.micro = r->batch;
		tc->ds_given.at_micro = tc->at[VP_TC_BATCH];
	}
	if (r->has_accum) {
		tc->ds_given.accum = r->accum;
		tc->ds_given.at_accum = tc->at[VP_TC_GRAD_ACCUM];
	}
	if (r->has_total_batch) {
		tc->ds_given.total = r->total_batch;
		copy_origin(&tc->ds_given.at_total, &r->at_total);
	}
	/* ds_enabled: a bool, or "auto" (left at -1) */
	if (r->fp16 >= 0) {
		tc->ds_given.fp16 = r->fp16 + 1;
		copy_origin(&tc->ds_given.at_fp16, &r->at_fp16);
	}
	if (r->pure_bf16 >= 0) {
		tc->ds_given.bf16 = r->pure_bf16 + 1;
		copy_origin(&tc->ds_given.at_bf16, &r->at_pure);
	}
	/* "auto": the HF Trainer fills it in. Such a file is still read for
	 * its ZeRO stage (an hf config's `deepspeed:`); resolve() refuses to
	 * check it on its own. */
	if (r->batch_auto) {
		tc->batch_auto = true;
		r->has_total_batch = false;
		r->batch = 1;
		r->has_batch = true;
	}
	if (r->accum_auto) {
		r->has_accum = false;
		if (vp_tc_note_default(tc, c->err, "gradient_accumulation_steps",
				 "gradient_accumulation_steps: auto, counted as 1 (the HF Trainer fills it in)") != 0)
			return -1;
	}
	if (r->total_auto)
		r->has_total_batch = false;
	if (!r->has_batch && !r->has_total_batch && c->referenced)
		return 0; /* the naming config's batch */
	if (!r->has_batch && !r->has_total_batch)
		return vp_tc_fail_at(c, 1, 1,
			       "no batch size: a DeepSpeed config needs train_micro_batch_size_per_gpu or "
			       "train_batch_size");
	if (r->has_batch && r->has_accum && r->has_total_batch) {
		if (vp_mul_u64(r->batch, r->accum, &prod) != 0 || r->total_batch % prod != 0 ||
		    (world_known && r->total_batch != prod * world))
			return vp_tc_fail_at(c, r->at_total.line, r->at_total.column,
				       "'train_batch_size' %llu is not train_micro_batch_size_per_gpu x "
				       "gradient_accumulation_steps x GPUs (DeepSpeed requires it)",
				       (unsigned long long)r->total_batch);
		world = r->total_batch / prod;
		if (!world_known && world > VP_MAX_GPUS)
			return vp_tc_fail_at(c, r->at_total.line, r->at_total.column,
				       "'train_batch_size' %llu is %llu GPUs of micro-batch x accumulation, more than "
				       "%d", (unsigned long long)r->total_batch, (unsigned long long)world, VP_MAX_GPUS);
		if (!world_known) {
			c->vb.has_gpus = true;
			c->vb.gpus = world;
			copy_origin(&c->vb.at_gpus, &r->at_total);
		}
	} else if (r->has_total_batch) {
		uint64_t known = r->has_batch ? r->batch : r->has_accum ? r->accum : 1;
		if (vp_mul_u64(known, world, &prod) != 0 || r->total_batch % prod != 0)
			return vp_tc_fail_at(c, r->at_total.line, r->at_total.column,
				       "'train_batch_size' %llu is not divisible by %llu x %llu GPUs",
				       (unsigned long long)r->total_batch, (unsigned long long)known,
				       (unsigned long long)world);
		if (r->has_batch) {
			r->accum = r->total_batch / prod;
			r->has_accum = true;
			copy_origin(&tc->at[VP_TC_GRAD_ACCUM], &r->at_total);
		} else {
			r->batch = r->total_batch / prod;
			r->has_batch = true;
			copy_origin(&tc->at[VP_TC_BATCH], &r->at_total);
			if (!r->has_accum) {
				r->accum = 1;
				r->has_accum = true;
			}
		}
	}
	return 0;
}

static int settle_batches(struct ctx *c)
{
	struct vp_trainconfig *tc = c->tc;
	struct raw *r = &c->r;
	struct vp_train *t = &tc->train;

	switch (tc->flavour) {
	case VP_TC_DEEPSPEED:
		if (settle_ds_batch(c) != 0)
			return -1;
		t->batch = r->batch;
		t->grad_accum = r->has_accum ? r->accum : 1;
		if (!r->has_accum && vp_tc_note_default(tc, c->err, "gradient_accumulation_steps",
						  "gradient_accumulation_steps: 1 (DeepSpeed default)") != 0)
			return -1;
		tc->eval_batch = t->batch;
		return vp_tc_note_default(tc, c->err, "eval batch",
				    "eval batch: %llu, the micro-batch (DeepSpeed has no eval batch)",
				    (unsigned long long)t->batch);
	case VP_TC_AXOLOTL:
		/* axolotl normalize_config: with batch_size, the missing one of
		 * micro_batch_size and gradient_accumulation_steps follows */
		if (r->has_total_batch && r->has_batch && !r->has_accum) {
			r->accum = r->total_batch / r->batch > 0 ? r->total_batch / r->batch : 1;
			r->has_accum = true;
			copy_origin(&tc->at[VP_TC_GRAD_ACCUM], &r->at_total);
		} else if (r->has_total_batch && r->has_accum && !r->has_batch) {
			r->batch = r->total_batch / r->accum > 0 ? r->total_batch / r->accum : 1;
			r->has_batch = true;
			copy_origin(&tc->at[VP_TC_BATCH], &r->at_total);
		}
		t->batch = r->has_batch ? r->batch : 1;
		if (!r->has_batch && vp_tc_note_default(tc, c->err, "micro_batch_size", "micro_batch_size: 1 (axolotl default)"))
			return -1;
		t->grad_accum = r->has_accum ? r->accum : 1;
		if (!r->has_accum &&
		    vp_tc_note_default(tc, c->err, "gradient_accumulation_steps", "gradient_accumulation_steps: 1 (axolotl default)"))
			return -1;
		tc->eval_batch = r->has_eval_batch ? r->eval_batch : t->batch;
		/* without an evaluation split axolotl evaluates nothing (said
		 * once, at val_set_size), so its eval batch's default is moot */
		if (!r->has_eval_batch && r->eval_split &&
		    vp_tc_note_default(tc, c->err, "eval_batch_size", "eval_batch_size: %llu (axolotl default: micro_batch_size)",
				 (unsigned long long)t->batch))
			return -1;
		return 0;
	case VP_TC_HF:
	case VP_TC_LLAMAFACTORY: /* its TrainingArguments subclasses Seq2SeqTrainingArguments */
		break;
	}
	/* TrainingArguments: per_device_train_batch_size=8,
	 * per_device_eval_batch_size=8, gradient_accumulation_steps=1 */
	t->batch = r->has_batch ? r->batch : 8;
	if (!r->has_batch && vp_tc_note_default(tc, c->err, "per_device_train_batch_size",
					  "per_device_train_batch_size: 8 (TrainingArguments default)"))
		return -1;
	tc->eval_batch = r->has_eval_batch ? r->eval_batch : 8;
	if (!r->has_eval_batch && vp_tc_note_default(tc, c->err, "per_device_eval_batch_size",
					       "per_device_eval_batch_size: 8 (TrainingArguments default)"))
		return -1;
	t->grad_accum = r->has_accum ? r->accum : 1;
	if (!r->has_accum && vp_tc_note_default(tc, c->err, "gradient_accumulation_steps",
					  "gradient_accumulation_steps: 1 (TrainingArguments default)"))
		return -1;
	return 0;
}

static bool dtype_is(const char *d, const char *a, const char *b)
{
	return strcmp(d, a) == 0 || strcmp(d, b) == 0;
}

/* TrainingArguments' bf16 and fp16: __post_init__ rejects them together;
 * with both off the Trainer runs no torch.autocast, so a loss the model does
 * not upcast stays 16-bit where the weights are (the flag means nothing for
 * the other precisions). */
static int trainer_autocast_flags(struct ctx *c)
{
	struct raw *r = &c->r;

	if (r->fp16 == 1 && r->bf16 == 1)
		return vp_tc_fail_at(c, r->at_bf16.line, r->at_bf16.column,
			       "'bf16' and 'fp16' cannot both be true (TrainingArguments rejects it)");
	c->tc->train.no_autocast = r->bf16 != 1 && r->fp16 != 1;
	c->tc->train.autocast_stated = !c->tc->train.no_autocast;
	return 0;
}

/* The precision the Trainer's flags give fp32 weights: bf16 or fp16
 * autocast, else fp32, set at the flag that said so. True when neither flag
 * is in the file (a default the caller states). */
static bool trainer_flags_precision(struct ctx *c)
{
	struct raw *r = &c->r;
	struct vp_train *t = &c->tc->train;
	struct vp_tc_origin *at = &c->tc->at[VP_TC_PRECISION];

	if (r->bf16 == 1 || r->fp16 == 1) {
		t->precision = r->bf16 == 1 ? VP_PREC_AMP_BF16 : VP_PREC_AMP_FP16;
		copy_origin(at, r->bf16 == 1 ? &r->at_bf16 : &r->at_fp16);
		return false;
	}
	t->precision = VP_PREC_FP32;
	if (r->bf16 == 0 || r->fp16 == 0) {
		copy_origin(at, r->bf16 == 0 ? &r->at_bf16 : &r->at_fp16);
		return false;
	}
	return true;
}

static int settle_precision(struct ctx *c)
{
	struct vp_trainconfig *tc = c->tc;
	struct raw *r = &c->r;
	struct vp_train *t = &tc->train;
	struct vp_tc_origin *at = &tc->at[VP_TC_PRECISION];

	/* what the Trainer passes to a named DeepSpeed file's fill_match,
	 * whatever vramplan.precision says of the run */
	if (tc->flavour == VP_TC_HF || tc->flavour == VP_TC_LLAMAFACTORY) {
		if (r->fp16 >= 0) {
			tc->trainer_flags.fp16 = r->fp16 + 1;
			copy_origin(&tc->trainer_flags.at_fp16, &r->at_fp16);
		}
		if (r->bf16 >= 0) {
			tc->trainer_flags.bf16 = r->bf16 + 1;
			copy_origin(&tc->trainer_flags.at_bf16, &r->at_bf16);
		}
	}

	if (c->vb.has_precision) {
		t->precision = c->vb.precision;
		copy_origin(at, &c->vb.at_precision);
		/* bf16 and fp16 say the weights' dtype, as a torch_dtype key
		 * does (below), not whether the Trainer autocasts over them:
		 * its flags still say that. Until 2026-11-30 --precision bf16
		 * over bf16: false was read with autocast assumed, and an hf
		 * plan of --precision bf16 (bf16: false, the script's
		 * torch_dtype) checked with --precision bf16 read 14% above
		 * it (umt5-base LoRA on an RTX 3090: 21.71 vs 19.03 GiB). amp-*
		 * says the autocast itself, over the flags. */
		if (t->precision != VP_PREC_BF16 && t->precision != VP_PREC_FP16)
			return 0;
		if (tc->flavour == VP_TC_HF || tc->flavour == VP_TC_LLAMAFACTORY)
			return trainer_autocast_flags(c);
		if (tc->flavour == VP_TC_AXOLOTL) {
			/* settle_precision's axolotl rule below: bf16 (true,
			 * auto), bfloat16 and fp16 reach the Trainer's flags,
			 * bf16: full does not */
			t->autocast_stated = true;
			t->no_autocast = r->bf16_full || !(r->pure_bf16 == 1 || r->fp16 == 1 || r->bf16 != 0);
		}
		return 0;
	}
	switch (tc->flavour) {
	case VP_TC_HF:
		if (trainer_autocast_flags(c) != 0)
			return -1;
		/* weights loaded in 16 bit (TRL torch_dtype) train in 16 bit */
		if (dtype_is(r->dtype, "bfloat16", "bf16")) {
			t->precision = VP_PREC_BF16;
			copy_origin(at, &r->at_dtype);
		} else if (dtype_is(r->dtype, "float16", "fp16")) {
			t->precision = VP_PREC_FP16;
			copy_origin(at, &r->at_dtype);
		} else if (trainer_flags_precision(c) &&
			   vp_tc_note_default(tc, c->err, "fp16, bf16",
					"fp16: false, bf16: false, so fp32 training (TrainingArguments default%s)",
					tc->trl ? "; TRL's SFTConfig >= 0.20 turns bf16 on: write bf16: true to check "
						  "that run"
						: "")) {
			return -1;
		}
		return 0;
	case VP_TC_AXOLOTL:
		/* axolotl's trainer builder hands its keys to TrainingArguments
		 * (src/axolotl/core/builders/base.py
		 * _configure_precision_settings: bf16 = cfg.bf16 or
		 * cfg.bfloat16, fp16 = cfg.fp16 and not cfg.bf16), so bf16
		 * (true, or auto where the GPU has it), bfloat16 and fp16 run
		 * the Trainer's autocast over the weights settle_axolotl_dtype
		 * loads in 16 bit; float16 with bf16: false and no fp16 runs
		 * none. The planner states
		 * it for the axolotl profile's bf16: true (resolve.c); until
		 * 2026-11-30 check left it unstated and read such a plan of a
		 * gelu_new or LayerNorm-residual model (phi-1.5, GPT-J, OPT)
		 * back below the plan's peak */
		t->autocast_stated = r->pure_bf16 == 1 || r->fp16 == 1 || r->bf16 != 0;
		if (r->bf16_full) {
			/* bf16: full: the weights in bf16 and no Trainer flag,
			 * so no autocast; fp16 is off (normalize_config turns
			 * it off under any true bf16, and the builder passes
			 * fp16 = cfg.fp16 and not cfg.bf16). Until 2026-11-30
			 * an input error, "expected true or false". */
			t->precision = VP_PREC_BF16;
			t->no_autocast = true;
			t->autocast_stated = true;
			copy_origin(at, &r->at_bf16);
		} else if (r->pure_bf16 == 1 || r->pure_fp16 == 1) {
			/* bfloat16/float16: weights in 16 bit, not amp-*
			 * (the autocast is the flags' above) */
			t->precision = r->pure_bf16 == 1 ? VP_PREC_BF16 : VP_PREC_FP16;
			copy_origin(at, &r->at_pure);
		} else if (r->fp16 == 1 && r->bf16 == 1) {
			return vp_tc_fail_at(c, r->at_bf16.line, r->at_bf16.column, "'bf16' and 'fp16' cannot both be true");
		} else if (r->fp16 == 1) {
			t->precision = VP_PREC_AMP_FP16;
			copy_origin(at, &r->at_fp16);
		} else if (r->bf16 == 1) {
			t->precision = VP_PREC_AMP_BF16;
			copy_origin(at, &r->at_bf16);
		} else if (r->bf16 == 0) {
			t->precision = VP_PREC_FP32;
			copy_origin(at, &r->at_bf16);
		} else {
			/* axolotl normalize_config: bf16 "auto" becomes true
			 * where torch reports bf16 support, else false with
			 * fp16 true unless fp16 was given */
			tc->bf16_auto = true;
			tc->fp16_off = r->fp16 == 0;
			t->precision = VP_PREC_AMP_BF16;
			if (r->bf16_auto)
				copy_origin(at, &r->at_bf16);
			else if (vp_tc_note_default(tc, c->err, "bf16",
					      "bf16: auto (axolotl default): bf16 where the GPU has it, else %s",
					      tc->fp16_off ? "fp32" : "fp16"))
				return -1;
		}
		return 0;
	case VP_TC_LLAMAFACTORY:
		/* parser.py: compute_dtype is bfloat16 with bf16 or pure_bf16,
		 * float16 with fp16; autocast is the Trainer's, from bf16 and
		 * fp16 alone. The method decides what is 16-bit
		 * (settle_llamafactory_dtype). */
		if (trainer_autocast_flags(c) != 0)
			return -1;
		if (r->pure_bf16 == 1) {
			t->precision = VP_PREC_BF16;
			copy_origin(at, &r->at_pure);
		} else {
			(void)trainer_flags_precision(c);
		}
		return 0;
	case VP_TC_DEEPSPEED:
		break;
	}
	if (r->pure_bf16 == 1 && r->fp16 == 1)
		return vp_tc_fail_at(c, r->at_fp16.line, r->at_fp16.column,
			       "'bf16.enabled' and 'fp16.enabled' cannot both be true");
	/* DeepSpeed's bf16 and fp16 modes keep the model in 16 bit and fp32
	 * master weights in the optimizer (the estimator's ZeRO term) */
	if (r->pure_bf16 == 1) {
		t->precision = VP_PREC_BF16;
		copy_origin(at, &r->at_pure);
	} else if (r->fp16 == 1) {
		t->precision = VP_PREC_FP16;
		copy_origin(at, &r->at_fp16);
	} else {
		t->precision = VP_PREC_FP32;
		if (r->precision_auto) {
			if (vp_tc_note_default(tc, c->err, "bf16.enabled",
					 "bf16/fp16 enabled: auto (the HF Trainer fills it in), counted as fp32, the largest"))
				return -1;
		} else if (r->pure_bf16 == -1 && r->fp16 == -1 &&
			   vp_tc_note_default(tc, c->err, "bf16.enabled, fp16.enabled",
					"bf16.enabled: false, fp16.enabled: false, so fp32 (DeepSpeed default)")) {
			return -1;
		}
	}
	return 0;
}

static int settle_method(struct ctx *c)
{
	struct vp_trainconfig *tc = c->tc;
	struct raw *r = &c->r;
	struct vblock *vb = &c->vb;
	struct vp_train *t = &tc->train;
	bool quantized;

	/* TRL ModelConfig.__post_init__: "You can't use 8 bit and 4 bit
	 * precision at the same time" (bitsandbytes refuses it too) */
	if (r->load4 == 1 && r->load8 == 1 && !vb->has_quant)
		return vp_tc_fail_at(c, r->at_load.line, r->at_load.column,
			       "'load_in_4bit' and 'load_in_8bit' cannot both be true");
	/* the quantization of the base weights */
	if (vb->has_quant) {
		t->quant = vb->quant;
		copy_origin(&tc->at[VP_TC_QUANT], &vb->at_quant);
	} else if (r->gptq) {
		t->quant = VP_QUANT_GPTQ_INT4;
		copy_origin(&tc->at[VP_TC_QUANT], &r->at_load);
	} else if (r->load4 == 1) {
		/* axolotl always asks bitsandbytes for double quantization
		 * (src/axolotl/loaders/model.py: bnb_4bit_use_double_quant=True);
		 * TRL only with use_bnb_nested_quant */
		/* LLaMA-Factory: double_quantization defaults to true
		 * (model_args.py) */
		t->quant = tc->flavour == VP_TC_AXOLOTL || r->nested == 1 ||
					   (tc->flavour == VP_TC_LLAMAFACTORY && r->nested != 0)
				   ? VP_QUANT_NF4_DQ
				   : VP_QUANT_NF4;
		copy_origin(&tc->at[VP_TC_QUANT], &r->at_load);
	} else if (r->load8 == 1) {
		t->quant = VP_QUANT_INT8;
		copy_origin(&tc->at[VP_TC_QUANT], &r->at_load);
	}
	quantized = t->quant != VP_QUANT_NONE;

	if (vb->has_method) {
		/* what every other path refuses (use_peft, adapter,
		 * finetuning_type below; plan's --quant without --method
		 * lora): Trainer.__init__ "You cannot perform fine-tuning on
		 * purely quantized models" */
		if (vb->method == VP_METHOD_FULL && quantized)
			return vp_tc_fail_at_origin(c, &vb->at_method,
						    "'%s%sfull' over a quantized base ('%s'): a quantized model cannot "
						    "be fully fine-tuned (the HF Trainer refuses it); use lora or qlora",
						    vb->at_method.key,
						    vp_tc_origin_value_sep(&vb->at_method),
						    tc->at[VP_TC_QUANT].key);
		t->method = vb->method;
		copy_origin(&tc->at[VP_TC_METHOD], &vb->at_method);
	} else if (tc->flavour == VP_TC_HF) {
		if (r->use_peft == 1) {
			t->method = quantized ? VP_METHOD_QLORA : VP_METHOD_LORA;
			copy_origin(&tc->at[VP_TC_METHOD], &r->at_peft);
		} else if (quantized) {
			/* Trainer.__init__: "You cannot perform fine-tuning on
			 * purely quantized models" */
			return vp_tc_fail_at_origin(c, &tc->at[VP_TC_QUANT],
				       "'%s' without use_peft: a quantized model cannot be fully fine-tuned (the HF "
				       "Trainer refuses it); set use_peft: true or vramplan.method",
				       tc->at[VP_TC_QUANT].key);
		} else {
			t->method = VP_METHOD_FULL;
			if (r->use_peft == 0)
				copy_origin(&tc->at[VP_TC_METHOD], &r->at_peft);
			else if (vp_tc_note_default(tc, c->err, "use_peft", "%s",
						    tc->trl ? "use_peft: false, so full fine-tuning (TRL ModelConfig "
							      "default)"
							    : "full fine-tuning (no use_peft: the Trainer trains every "
							      "parameter; vramplan.method: lora checks adapters)"))
				return -1;
		}
	} else if (tc->flavour == VP_TC_AXOLOTL) {
		if (strcmp(r->adapter, "qlora") == 0) {
			/* axolotl config validation: "Require cfg.load_in_4bit to
			 * be True for qlora" */
			if (r->load4 != 1 && !r->gptq)
				return vp_tc_fail_at(c, r->at_adapter.line, r->at_adapter.column,
					       "'adapter: qlora' needs 'load_in_4bit: true' (axolotl requires it)");
			t->method = VP_METHOD_QLORA;
		} else if (strcmp(r->adapter, "lora") == 0) {
			/* LoRA over an 8-bit or 4-bit base: a quantized base
			 * with adapters, what vramplan calls qlora */
			t->method = quantized ? VP_METHOD_QLORA : VP_METHOD_LORA;
		} else if (quantized) {
			return vp_tc_fail_at_origin(c, &tc->at[VP_TC_QUANT],
				       "'%s' without an adapter: a quantized model cannot be fully fine-tuned; set "
				       "adapter: lora or qlora",
				       tc->at[VP_TC_QUANT].key);
		} else {
			t->method = VP_METHOD_FULL;
		}
		if (r->adapter[0] != '\0')
			copy_origin(&tc->at[VP_TC_METHOD], &r->at_adapter);
		else if (vp_tc_note_default(tc, c->err, "adapter", "adapter: none, so full fine-tuning (axolotl default)"))
			return -1;
	} else if (tc->flavour == VP_TC_LLAMAFACTORY) {
		/* finetuning_type defaults to lora (finetuning_args.py);
		 * parser.py: "Quantization is only compatible with the LoRA or
		 * OFT method." */
		if (strcmp(r->adapter, "full") == 0) {
			if (quantized)
				return vp_tc_fail_at_origin(c, &tc->at[VP_TC_QUANT],
					       "'%s' with 'finetuning_type: full': quantization is only compatible with "
					       "LoRA (LLaMA-Factory refuses it)",
					       tc->at[VP_TC_QUANT].key);
			t->method = VP_METHOD_FULL;
		} else {
			t->method = quantized ? VP_METHOD_QLORA : VP_METHOD_LORA;
		}
		if (r->adapter[0] != '\0')
			copy_origin(&tc->at[VP_TC_METHOD], &r->at_adapter);
		else if (vp_tc_note_default(tc, c->err, "finetuning_type", "finetuning_type: lora (LLaMA-Factory default)"))
			return -1;
	} else {
		t->method = VP_METHOD_FULL;
		if (vp_tc_note_default(tc, c->err, "method",
				 "full fine-tuning (a DeepSpeed config does not say; set vramplan.method)"))
			return -1;
	}
	/* the vramplan: block's dora wins over the trainer's key */
	if (vb->has_dora ? vb->dora : r->dora) {
		const struct vp_tc_origin *at_dora = vb->has_dora ? &vb->at_dora : &r->at_dora;

		/* PEFT's DoRA, estimated (docs/memory-model.md "DoRA"): from
		 * PEFT 0.16.0's source and a CPU probe
		 * (bench/measured/probes/dora.py), not a GPU measurement */
		if (t->method == VP_METHOD_LORA || t->method == VP_METHOD_QLORA) {
			t->dora = true; /* the setup line says "DoRA" */
			/* an estimate's refusal of DoRA (over a GPTQ base, on a
			 * fused projection's slices) points here, not at the
			 * batch (cmd_check.c about_setting) */
			copy_origin(&tc->at[VP_TC_DORA], at_dora);
			if (vp_tc_note_remark(tc, c->err, at_dora,
					      "DoRA is estimated from PEFT 0.16.0's source and a CPU probe, not a GPU "
					      "measurement (docs/memory-model.md \"DoRA\")") != 0)
				return -1;
		} else if (vp_tc_note_key(tc, c->err, at_dora, "no adapter trains, so DoRA does not run") != 0)
			return -1;
	}
	if (t->method == VP_METHOD_QLORA && t->quant == VP_QUANT_NONE) {
		t->quant = VP_QUANT_NF4;
		if (vp_tc_note_default(tc, c->err, "vramplan.quant", "vramplan.quant: nf4 (QLoRA without a quantization given)"))
			return -1;
	}
	if (t->method != VP_METHOD_LORA && t->method != VP_METHOD_QLORA)
		return 0;

	if (vb->has_lora_r) {
		t->lora_r = vb->lora_r;
		copy_origin(&tc->at[VP_TC_LORA_R], &vb->at_lora_r);
	} else if (r->has_lora_r) {
		t->lora_r = r->lora_r;
	} else if (tc->flavour == VP_TC_HF && r->use_peft == 1) {
		t->lora_r = 16;
		if (vp_tc_note_default(tc, c->err, "lora_r", "lora_r: 16 (TRL ModelConfig default)"))
			return -1;
	} else if (tc->flavour == VP_TC_LLAMAFACTORY) {
		t->lora_r = 8;
		if (vp_tc_note_default(tc, c->err, "lora_rank", "lora_rank: 8 (LLaMA-Factory default)"))
			return -1;
	} else {
		t->lora_r = 8;
		if (vp_tc_note_default(tc, c->err, "lora_r", "lora_r: 8 (PEFT LoraConfig default)"))
			return -1;
	}
	/* LoRA dropout changes what the adapters save (docs/memory-model.md
	 * "LoRA adapters"). Unsaid, each trainer's own default: axolotl's
	 * LoraConfig sets 0.0 (schemas/peft.py validate_lora_dropout), TRL's
	 * ModelConfig 0.05; elsewhere vramplan's assumed 0.05. */
	if (vb->has_lora_dropout) {
		t->lora_dropout = vb->lora_dropout;
	} else if (r->has_lora_dropout) {
		t->lora_dropout = r->lora_dropout;
	} else if (tc->flavour == VP_TC_AXOLOTL || tc->flavour == VP_TC_LLAMAFACTORY) {
		t->lora_dropout = 0.0;
		if (vp_tc_note_default(tc, c->err, "lora_dropout", "lora_dropout: 0.0 (%s default)",
				 tc->flavour == VP_TC_AXOLOTL ? "axolotl" : "LLaMA-Factory"))
			return -1;
	} else if (tc->flavour == VP_TC_HF && r->use_peft == 1) {
		t->lora_dropout = 0.05;
		if (vp_tc_note_default(tc, c->err, "lora_dropout", "lora_dropout: 0.05 (TRL ModelConfig default)"))
			return -1;
	} else {
		t->lora_dropout = 0.05;
		if (vp_tc_note_default(tc, c->err, "lora_dropout",
				 "lora_dropout: 0.05 (assumed; with 0 the adapters keep less)"))
			return -1;
	}
	/* LLaMA-Factory drops the vision tower's and the projector's modules
	 * from any target list (freeze_vision_tower and
	 * freeze_multi_modal_projector, true by default: model_utils/visual.py
	 * patch_target_modules; its find_all_linear_modules skips them for
	 * lora_target: all); the keys that would turn that off are not read */
	t->lora_skip_vision = tc->flavour == VP_TC_LLAMAFACTORY;
	if (vb->has_targets) {
		memcpy(t->lora_targets, vb->targets.lora_targets, sizeof t->lora_targets);
		t->n_lora_targets = vb->targets.n_lora_targets;
		t->lora_all_linear = vb->targets.lora_all_linear;
		copy_origin(&tc->at[VP_TC_LORA_TARGETS], &vb->at_targets);
		tc->lora_targets_set = true;
	} else if (r->has_targets) {
		memcpy(t->lora_targets, r->targets.lora_targets, sizeof t->lora_targets);
		t->n_lora_targets = r->targets.n_lora_targets;
		t->lora_all_linear = r->targets.lora_all_linear;
		tc->lora_targets_set = true;
	} else if (tc->flavour == VP_TC_LLAMAFACTORY) {
		/* finetuning_args.py lora_target "all": every linear layer but
		 * the LM head (model_utils/misc.py find_all_linear_modules) */
		t->n_lora_targets = 0;
		t->lora_all_linear = true;
		tc->lora_targets_set = true;
		if (vp_tc_note_default(tc, c->err, "lora_target",
				 "lora_target: all, every linear layer but the LM head (LLaMA-Factory default)"))
			return -1;
	} else if (tc->flavour == VP_TC_AXOLOTL && r->at_adapter.line > 0 && !axolotl_targets_elsewhere(c)) {
		return vp_tc_fail_at(c, r->at_adapter.line, r->at_adapter.column,
				     "'adapter: %s' without lora_target_modules or lora_target_linear: axolotl hands "
				     "PEFT an empty target list (loaders/adapter.py: cfg.lora_target_modules or []), "
				     "not PEFT's default for the model, and PEFT raises on it (\"No `target_modules` "
				     "passed\", in older releases \"Target modules set() not found\"); add "
				     "lora_target_modules (the model's module names, e.g. [q_proj, v_proj]) or "
				     "lora_target_linear: true",
				     r->adapter);
	}
	return 0;
}

/*
 * axolotl loads the model in the dtype its precision keys name
 * (src/axolotl/utils/config/__init__.py resolve_dtype: torch_dtype bfloat16
 * with bf16 or bfloat16, float16 with fp16, float16 or load_in_8bit;
 * src/axolotl/loaders/model.py: model_kwargs["torch_dtype"] =
 * cfg.torch_dtype), so with `bf16: true` the weights, their gradients and
 * AdamW's states are bf16, under autocast or not: vramplan's bf16, not
 * amp-bf16. A bitsandbytes base too: PEFT's
 * prepare_model_for_kbit_training, which axolotl calls for it, casts the
 * parameters left unquantized to fp32, but for any adapter axolotl then
 * casts the modules named *norm* and the embeddings and LM head back to
 * cfg.torch_dtype (loaders/model.py _configure_embedding_dtypes,
 * should_convert); until 2026-11-30 read as amp-*, above the plan of
 * --profile axolotl --precision bf16 by up to 20%. A GPTQ base (no
 * prepare_model_for_kbit_training) is left as it was.
 */
static void settle_axolotl_dtype(struct ctx *c)
{
	struct vp_trainconfig *tc = c->tc;
	struct vp_train *t = &tc->train;

	if (tc->flavour != VP_TC_AXOLOTL || c->vb.has_precision || t->quant == VP_QUANT_GPTQ_INT4)
		return;
	tc->load16 = true;
	if (t->precision == VP_PREC_AMP_BF16)
		t->precision = VP_PREC_BF16;
	else if (t->precision == VP_PREC_AMP_FP16)
		t->precision = VP_PREC_FP16;
}

/*
 * LLaMA-Factory loads the model in its compute dtype (parser.py; loader.py
 * passes it to from_pretrained as torch_dtype) and then casts the trainable
 * parameters to fp32 (model/adapter.py init_adapter, "Upcasting trainable
 * params to float32") unless pure_bf16: a full fine-tune holds fp32 weights
 * under the Trainer's autocast (amp-*, or fp32 with neither bf16 nor fp16),
 * LoRA a 16-bit base, quantized or not (no prepare_model_for_kbit_training),
 * with fp32 adapters; pure_bf16 keeps the adapters in bf16 too. With neither
 * flag the compute dtype is inferred (extras/misc.py infer_optim_dtype:
 * bf16 where the GPU has it, else fp16), so the base is 16-bit per GPU.
 */
static int settle_llamafactory_dtype(struct ctx *c)
{
	struct vp_trainconfig *tc = c->tc;
	struct vp_train *t = &tc->train;
	bool adapters = t->method == VP_METHOD_LORA || t->method == VP_METHOD_QLORA;

	if (tc->flavour != VP_TC_LLAMAFACTORY || c->vb.has_precision)
		return 0;
	if (c->r.pure_bf16 == 1) {
		t->lora_16bit_adapters = adapters;
		return 0;
	}
	if (!adapters)
		return 0;
	if (t->precision == VP_PREC_AMP_BF16) {
		t->precision = VP_PREC_BF16;
	} else if (t->precision == VP_PREC_AMP_FP16) {
		t->precision = VP_PREC_FP16;
	} else if (t->precision == VP_PREC_FP32) {
		tc->bf16_auto = true;
		tc->load16 = true;
		t->precision = VP_PREC_BF16;
		if (vp_tc_note_default(tc, c->err, "bf16, fp16",
				 "bf16: false, fp16: false: the base is loaded in bfloat16 where the GPU has it, else "
				 "float16 (LLaMA-Factory infer_optim_dtype), and trained without autocast"))
			return -1;
	}
	return 0;
}

/*
 * The prediction pass (tc->predict, trainconfig.h). `do_predict: true`
 * makes the example scripts (run_summarization.py, run_translation.py,
 * run_glue.py, run_ner.py: `if training_args.do_predict:
 * trainer.predict(predict_dataset, ...)`) and LLaMA-Factory's SFT workflow
 * (train/sft/workflow.py: `if training_args.do_predict:
 * trainer.predict(dataset_module["eval_dataset"], **gen_kwargs)`) run
 * Trainer.predict after training, or alone. It runs evaluation_loop at
 * per_device_eval_batch_size with the same prediction_step as evaluate()
 * (Seq2SeqTrainer generates in both, with generation_max_length and
 * generation_num_beams, which run_summarization.py passes to both), so
 * it is the eval step again, with two differences:
 *   - what it keeps: Trainer.evaluate passes `prediction_loss_only=True
 *     if self.compute_metrics is None else None`, Trainer.predict passes
 *     nothing, and evaluation_loop then takes args.prediction_loss_only
 *     (transformers trainer.py Trainer.predict, evaluation_loop:
 *     "prediction_loss_only if prediction_loss_only is not None else
 *     args.prediction_loss_only"): predict keeps the logits (or the
 *     generated ids) whatever compute_metrics is, unless
 *     prediction_loss_only: true (which also stops Seq2SeqTrainer's
 *     generation, trainer_seq2seq.py prediction_step). A
 *     preprocess_logits_for_metrics (vramplan.eval_predictions: argmax)
 *     runs in both.
 *   - the set: the test split, truncated to max_predict_samples, where
 *     evaluate's is truncated to max_eval_samples; LLaMA-Factory predicts
 *     over its evaluation split.
 * An hf config that only predicts (do_train: false, do_predict, and
 * neither do_eval nor an eval_strategy) runs no evaluate(): the
 * prediction alone is checked. LLaMA-Factory's pt workflow has no
 * prediction (train/pt/workflow.py run_pt: trainer.evaluate() `if
 * do_eval`, no trainer.predict()), so do_predict adds nothing there;
 * alone, without do_train, it runs nothing (settle_do_train). Until
 * 2026-12-02 such a run was checked as an evaluation it does not run.
 */
static int settle_predict(struct ctx *c)
{
	struct vp_trainconfig *tc = c->tc;
	struct raw *r = &c->r;
	bool lf = tc->flavour == VP_TC_LLAMAFACTORY;

	if (r->do_predict != 1 || !(tc->flavour == VP_TC_HF || (lf && !r->stage_pt))) {
		if (r->at_max_predict.line > 0)
			return vp_tc_note_key(tc, c->err, &r->at_max_predict,
					      "no do_predict: true, so the example scripts run no prediction "
					      "(trainer.predict() only `if training_args.do_predict`)");
		return 0;
	}
	tc->predict.on = true;
	copy_origin(&tc->predict.at, &r->at_do_predict);
	if (lf) {
		/* the evaluation split, whose size vramplan.eval_samples gives */
		tc->predict.samples = tc->eval.eval_samples;
		copy_origin(&tc->predict.samples_at, &tc->at[VP_TC_EVAL_SAMPLES]);
	} else {
		tc->predict.samples = r->max_predict_samples;
		copy_origin(&tc->predict.samples_at, &r->at_max_predict);
	}
	if (r->loss_only == 1)
		tc->predict.predictions = VP_PREDS_NONE;
	else if (tc->eval.predictions == VP_PREDS_ARGMAX)
		tc->predict.predictions = VP_PREDS_ARGMAX;
	else
		tc->predict.predictions = VP_PREDS_LOGITS;
	/* only predicting: no evaluate() runs (TrainingArguments sets do_eval
	 * for an eval_strategy other than "no") */
	if (tc->eval_only && r->do_eval != 1 && !(r->eval_strategy >= 0 && r->eval_strategy != VP_TC_EVAL_NONE))
		tc->evaluation = VP_TC_EVAL_NONE;
	/* until resolve() completes it: the evaluation's options */
	vp_tc_predict_opts_from_eval(tc);
	return 0;
}

/* Default notes about what only training uses (the micro-batch,
 * accumulation, the optimizer, checkpointing, the adapters it would
 * train, the dtype it would train in): dropped where nothing trains. */
static void drop_training_defaults(struct vp_trainconfig *tc)
{
	static const char *const keys[] = {
		"per_device_train_batch_size", "gradient_accumulation_steps", "optim", "optimizer",
		"gradient_checkpointing", "gradient checkpointing", "disable_gradient_checkpointing", "use_peft",
		"finetuning_type", "lora_r", "lora_rank", "lora_dropout", "lora_target", "lora_target_modules",
		"lora_modules_to_save", "bf16, fp16"};
	size_t i = 0, k;

	while (i < tc->n_defaults) {
		for (k = 0; k < sizeof keys / sizeof keys[0]; k++)
			if (strcmp(tc->defaults[i].key, keys[k]) == 0)
				break;
		if (k == sizeof keys / sizeof keys[0]) {
			i++;
			continue;
		}
		memmove(&tc->defaults[i], &tc->defaults[i + 1], (tc->n_defaults - i - 1) * sizeof tc->defaults[i]);
		tc->n_defaults--;
	}
}

/*
 * Does the run train, or only evaluate and predict?
 *
 * LLaMA-Factory: TrainingArguments' do_train defaults to false, and its
 * workflows call trainer.train() only `if training_args.do_train`, then
 * trainer.evaluate() `if do_eval` and trainer.predict() `if do_predict`
 * (train/sft/workflow.py run_sft; pt/workflow.py alike). Its training
 * examples say `do_train: true`; its prediction example
 * (examples/train_lora/llama3_lora_predict.yaml) says `do_predict: true`
 * and no do_train. Without `do_train: true` such a run loads the model for
 * inference (model/loader.py load_model, is_trainable = do_train:
 * requires_grad_(False), the fp32 parameters cast to the compute dtype,
 * model.eval(); model/adapter.py creates no new adapter), so no optimizer
 * states and no gradients exist.
 *
 * hf: TrainingArguments says do_train "is not directly used by Trainer"
 * but by the scripts; the example scripts (run_clm.py, run_summarization.py,
 * run_glue.py) train only `if training_args.do_train`, while TRL's sft.py
 * trains whatever it says. A config that omits it is read as training, as
 * ever; an explicit `do_train: false` beside an evaluation is read as the
 * example scripts read it.
 *
 * Evaluation without training: do_eval, do_predict, or an eval_strategy
 * other than "no", which TrainingArguments.__post_init__ turns into
 * do_eval. Neither training nor evaluation: nothing runs, nothing to
 * check (an input error, as vramplan.method: frozen is).
 */
static int settle_do_train(struct ctx *c)
{
	struct vp_trainconfig *tc = c->tc;
	struct raw *r = &c->r;
	struct vp_train *t = &tc->train;
	bool lf = tc->flavour == VP_TC_LLAMAFACTORY;
	/* LLaMA-Factory's pt workflow evaluates `if do_eval` and has no
	 * prediction (train/pt/workflow.py run_pt), as settle_predict reads */
	bool predicts = r->do_predict == 1 && !(lf && r->stage_pt);
	const struct vp_tc_origin *at = NULL;
	const char *runs; /* what a run without training does, for its note */

	if (tc->flavour != VP_TC_HF && !lf)
		return 0;
	/* Only the sft workflow generates: LLaMA-Factory's parser refuses
	 * predict_with_generate at any other stage, in every release
	 * (hparams/parser.py get_train_args: "`predict_with_generate` cannot
	 * be set as True except SFT."); pt is the other stage check reads */
	if (lf && r->stage_pt && r->generate == 1)
		return vp_tc_fail_at(c, tc->at[VP_TC_GENERATE].line, tc->at[VP_TC_GENERATE].column,
				     "'predict_with_generate: true' with 'stage: pt': LLaMA-Factory refuses it "
				     "(\"`predict_with_generate` cannot be set as True except SFT.\", hparams/parser.py)");
	/* LLaMA-Factory's parser refuses a prediction that saves nothing
	 * (hparams/parser.py get_train_args: "Please enable
	 * `predict_with_generate` to save model predictions.", stage sft) */
	if (lf && r->do_predict == 1 && r->generate != 1 && !r->stage_pt)
		return vp_tc_fail_at(c, r->at_do_predict.line, r->at_do_predict.column,
				     "'do_predict: true' without 'predict_with_generate: true': LLaMA-Factory refuses it "
				     "(\"Please enable `predict_with_generate` to save model predictions.\", "
				     "hparams/parser.py)");
	/* LLaMA-Factory's parser refuses an evaluation or prediction without
	 * an evaluation split, in a training run too (hparams/parser.py
	 * get_train_args: `if (training_args.do_eval or training_args.
	 * do_predict) and (data_args.eval_dataset is None and
	 * data_args.val_size < 1e-6)`; TrainingArguments.__post_init__ has
	 * set do_eval for an eval_strategy other than "no"). Until 2026-11-30
	 * a training config with do_eval or eval_strategy and no split passed,
	 * its evaluation unchecked, where LLaMA-Factory stops at startup. */
	if (lf && r->do_train == 1 && !r->eval_split) {
		const struct vp_tc_origin *ev = NULL;

		if (r->do_predict == 1)
			ev = &r->at_do_predict;
		else if (r->do_eval == 1)
			ev = &r->at_do_eval;
		else if (r->eval_strategy >= 0 && r->eval_strategy != VP_TC_EVAL_NONE)
			ev = &r->at_eval_strategy;
		if (ev != NULL)
			return vp_tc_fail_at(c, ev->line, ev->column,
					     "'%s' without an evaluation split (eval_dataset, or val_size above 0): "
					     "LLaMA-Factory refuses it (\"Please specify dataset for evaluation.\", "
					     "hparams/parser.py)",
					     ev->key);
	}
	if (lf ? r->do_train == 1 : r->do_train != 0)
		return 0;
	/* A TrainingArguments.to_dict() dump (k_dump_token) writes every
	 * field, do_train at its default, false, in a run that trained as in
	 * one that did not: the Trainer never reads it (its help: "not
	 * directly used by Trainer"). Such a file is checked as the training
	 * it most likely records, the larger case. */
	if (!lf && r->dump)
		return vp_tc_note_remark(tc, c->err, &r->at_do_train,
					 "do_train: false in a TrainingArguments.to_dict() dump ('%s: \"%s\"' at line "
					 "%lu is to_dict's placeholder): the dump writes do_train's default, false, whether "
					 "or not the script trained, so the run is checked as training (the larger case); "
					 "for a run that only evaluated, remove the *_token placeholders to have do_train "
					 "read",
					 r->at_dump.key, r->dump_text, r->at_dump.line);
	if (predicts)
		at = &r->at_do_predict;
	else if (r->do_eval == 1)
		at = &r->at_do_eval;
	else if (r->eval_strategy >= 0 && r->eval_strategy != VP_TC_EVAL_NONE)
		at = &r->at_eval_strategy;
	/* a `llamafactory-cli eval` or `export` config: it runs, but not the
	 * Trainer */
	if (at == NULL && lf && r->at_lf_export_dir.line > 0)
		return vp_tc_fail_at(c, r->at_lf_export_dir.line, r->at_lf_export_dir.column,
				     "'export_dir' makes this a `llamafactory-cli export` config: it loads the model, "
				     "merges any adapter (or quantizes it) and writes it out (train/tuner.py export_model), "
				     "without the Trainer, which check does not model; check the training config, which "
				     "says do_train: true");
	if (at == NULL && lf && r->at_lf_eval_task.line > 0)
		return vp_tc_fail_at(c, r->at_lf_eval_task.line, r->at_lf_eval_task.column,
				     "'task' makes this a `llamafactory-cli eval` config (EvaluationArguments, "
				     "hparams/evaluation_args.py): its Evaluator scores a few-shot benchmark at batch_size "
				     "without the Trainer (eval/evaluator.py), which check does not model; check the "
				     "training config, which says do_train: true");
	if (at == NULL && lf && r->do_predict == 1)
		return vp_tc_fail_at(c, r->at_do_predict.line, r->at_do_predict.column,
				     "'do_predict: true' with 'stage: pt' and %s: LLaMA-Factory's pt workflow predicts "
				     "nothing (train/pt/workflow.py run_pt calls trainer.evaluate() `if "
				     "training_args.do_eval` and no trainer.predict()) and trains only with do_train: true, "
				     "so nothing runs and there is no step to check",
				     r->do_train == 0 ? "'do_train: false'" : "no 'do_train: true'");
	if (at == NULL && lf)
		return vp_tc_fail_at(c, r->at_do_train.line, r->at_do_train.column,
				     "%s and no do_eval, do_predict or eval_strategy: LLaMA-Factory runs nothing (do_train "
				     "defaults to false, and train/sft/workflow.py calls trainer.train() only `if "
				     "training_args.do_train`), so there is no step to check; its training examples "
				     "say do_train: true",
				     r->do_train == 0 ? "'do_train: false'" : "no 'do_train: true'");
	if (at == NULL)
		return vp_tc_fail_at(c, r->at_do_train.line, r->at_do_train.column,
				     "'do_train: false' and no do_eval, do_predict or eval_strategy: the example scripts "
				     "(run_clm.py, run_summarization.py, run_glue.py) then run nothing, so there is no step "
				     "to check; a script that trains whatever do_train says (TRL's sft.py) is checked "
				     "without the key");
	/* LLaMA-Factory evaluates and predicts on its evaluation split
	 * alone (hparams/parser.py: "Please specify dataset for evaluation.") */
	if (lf && !r->eval_split)
		return vp_tc_fail_at(c, at->line, at->column,
				     "'%s' without an evaluation split (eval_dataset, or val_size above 0): LLaMA-Factory "
				     "refuses it (\"Please specify dataset for evaluation.\", hparams/parser.py)",
				     at->key);
	tc->eval_only = true;
	copy_origin(&tc->eval_only_at, r->do_train == 0 ? &r->at_do_train : at);
	drop_training_defaults(tc);
	/* the script's trainer.evaluate() or trainer.predict(), alone: no
	 * training DataLoader beside it */
	tc->evaluation = VP_TC_EVAL_AFTER;
	/* DoRA's remark says how a trained adapter is estimated: none trains */
	if (t->dora)
		for (size_t i = 0; i < tc->n_remarks; i++)
			if (strcmp(tc->remarks[i].key, r->at_dora.key) == 0) {
				memmove(&tc->remarks[i], &tc->remarks[i + 1],
					(tc->n_remarks - i - 1) * sizeof tc->remarks[i]);
				tc->n_remarks--;
				break;
			}
	t->method = VP_METHOD_FROZEN;
	t->optimizer = VP_OPT_NONE;
	t->dora = false;
	t->lora_16bit_adapters = false;
	/* checkpointing is turned on for training alone (the Trainer's
	 * train(), LLaMA-Factory's prepare_model_for_training when
	 * is_trainable), and nothing is saved for a backward here */
	t->grad_ckpt = false;
	t->activation_offload = false;
	/* LLaMA-Factory casts the fp32 parameters to the compute dtype for
	 * inference (load_model): bf16 with bf16 or pure_bf16, fp16 with
	 * fp16, else inferred per GPU (extras/misc.py infer_optim_dtype) */
	if (lf && !c->vb.has_precision) {
		if (t->precision == VP_PREC_AMP_BF16) {
			t->precision = VP_PREC_BF16;
		} else if (t->precision == VP_PREC_AMP_FP16) {
			t->precision = VP_PREC_FP16;
		} else if (t->precision == VP_PREC_FP32) {
			tc->bf16_auto = tc->load16 = true;
			t->precision = VP_PREC_BF16;
		}
		/* the training dtype's note went with the other training
		 * defaults (settle_llamafactory_dtype's, for adapters) */
		if (tc->bf16_auto && tc->load16 &&
		    vp_tc_note_default(tc, c->err, "bf16, fp16",
				       "bf16: false, fp16: false: the model is loaded for inference in bfloat16 where "
				       "the GPU has it, else float16 (LLaMA-Factory infer_optim_dtype)"))
			return -1;
	}
	runs = predicts && r->do_eval == 1 ? "evaluates and predicts" : predicts ? "predicts" : "evaluates";
	if (lf)
		return vp_tc_note_remark(tc, c->err, &tc->eval_only_at,
					 "%s: LLaMA-Factory trains only with do_train: true (TrainingArguments' default is "
					 "false; train/sft/workflow.py runs trainer.train() `if training_args.do_train`), so "
					 "this run only %s: checked is that pass alone, at the eval batch, the model loaded "
					 "for inference in its compute dtype, without optimizer states or gradients "
					 "(model/loader.py load_model)",
					 r->do_train == 0 ? "do_train: false" : "no do_train: true", runs);
	return vp_tc_note_remark(tc, c->err, &tc->eval_only_at,
				 "do_train: false: the example scripts (run_clm.py, run_summarization.py, run_glue.py) "
				 "call trainer.train() only `if training_args.do_train`, so this run only %s: checked is "
				 "that pass alone, at the eval batch, without optimizer states or gradients; a script "
				 "that trains whatever do_train says (TRL's sft.py) is checked without the key",
				 runs);
}

/*
 * LLaMA-Factory training with predict_with_generate, which 0.8.3 and later
 * accept (up to 0.8.2 hparams/parser.py refused it: "`predict_with_generate`
 * cannot be set as True while training."). The SFT workflow gives
 * GeneratingArguments (max_new_tokens, num_beams) to the trainer as
 * gen_kwargs and to its own evaluate() after training and predict()
 * (train/sft/workflow.py), but the Trainer's evaluations inside training
 * call self.evaluate() without them (Trainer._evaluate), and
 * Seq2SeqTrainer.evaluate replaces the trainer's gen_kwargs with the
 * arguments' generation_max_length and generation_num_beams (transformers
 * trainer_seq2seq.py: self._gen_kwargs = gen_kwargs), which prediction_step
 * then uses. parser.py get_train_args sets generation_max_length to
 * cutoff_len where unset and generation_num_beams to eval_num_beams where
 * that is set; unset, the model's generation_config decides (1 for most).
 * generation_max_length is the whole length, prompt included (the eval
 * split is tokenized as prompts, data/loader.py do_generate). As in every
 * LLaMA-Factory generation CustomSeq2SeqTrainer.prediction_step pops the
 * labels: no loss forward (train/sft/trainer.py). resolve() checks the
 * evaluation whose KV cache is larger, inside training or after it.
 * Where no evaluation runs inside training the keys are unused.
 */
static int settle_lf_train_generation(struct ctx *c)
{
	struct vp_trainconfig *tc = c->tc;
	struct raw *r = &c->r;
	const struct vp_tc_origin *keys[] = {&r->at_lf_gen_max_length, &r->at_lf_gen_beams, &r->at_lf_eval_beams};
	const uint64_t given[] = {r->lf_gen_max_length, r->lf_gen_beams, r->lf_eval_beams};

	if (tc->flavour != VP_TC_LLAMAFACTORY)
		return 0;
	tc->lf_train_gen = tc->eval.generate && !tc->eval_only &&
			   (tc->evaluation == VP_TC_EVAL_ASSUMED || tc->evaluation == VP_TC_EVAL_STEPS ||
			    tc->evaluation == VP_TC_EVAL_EPOCHS);
	if (!tc->lf_train_gen) {
		for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
			if (given[i] > 0 &&
			    vp_tc_note_overridden(c, keys[i],
						  "LLaMA-Factory passes its own %s (default %s, GeneratingArguments) to "
						  "generate, which wins over it (train/sft/workflow.py gen_kwargs; "
						  "Seq2SeqTrainer.predict), and no evaluation runs inside training, where "
						  "it would apply",
						  i == 0 ? "max_new_tokens" : "num_beams", i == 0 ? "1024" : "1") != 0)
				return -1;
		return 0;
	}
	tc->lf_gen_total = r->lf_gen_max_length;
	tc->lf_gen_beams = r->lf_eval_beams > 0 ? r->lf_eval_beams : r->lf_gen_beams > 0 ? r->lf_gen_beams : 1;
	if (r->lf_eval_beams > 0 && r->lf_gen_beams > 0 &&
	    vp_tc_note_overridden(c, &r->at_lf_gen_beams,
				  "eval_num_beams wins over it (hparams/parser.py: generation_num_beams = "
				  "data_args.eval_num_beams or training_args.generation_num_beams)") != 0)
		return -1;
	if (r->lf_gen_max_length > 0)
		copy_origin(&tc->lf_gen_total_at, &r->at_lf_gen_max_length);
	if (r->lf_eval_beams > 0)
		copy_origin(&tc->lf_gen_beams_at, &r->at_lf_eval_beams);
	else if (r->lf_gen_beams > 0)
		copy_origin(&tc->lf_gen_beams_at, &r->at_lf_gen_beams);
	return 0;
}

/*
 * A section of PEFT LoraConfig's names (tc_values.c vp_tc_note_ignored)
 * warns that the file is checked as a full fine-tune. Where adapters
 * train after all (use_peft, the vramplan: block's or --method's lora),
 * or nothing trains, that is not so: the note says only why the section
 * is not read.
 */
static void settle_lora_section(struct ctx *c)
{
	struct vp_trainconfig *tc = c->tc;
	const struct vp_tc_origin *at = &c->r.at_lora_section;

	if (at->line == 0 || (tc->train.method == VP_METHOD_FULL && !tc->eval_only))
		return;
	for (size_t i = 0; i < tc->n_ignored; i++)
		if (tc->ignored[i].line == at->line && strcmp(tc->ignored[i].key, at->key) == 0)
			snprintf(tc->ignored[i].text, sizeof tc->ignored[i].text,
				 "PEFT LoraConfig's names, which check does not read under '%s'; the %s",
				 at->key, tc->eval_only ? "run trains nothing" : "adapters checked are the top level's");
}

/*
 * lora_target_parameters (tc_keys.c k_target_parameters) is said not
 * modelled, its adapters uncounted: the verdict's lower bound. TRL's
 * get_peft_config returns None without use_peft, so a full fine-tune (or
 * a method without adapters) never reads the key: no adapters go
 * uncounted, and a FITS said "a lower bound" for it was wrong. The note
 * says only why the key is not read, and bounds nothing.
 */
static void settle_target_parameters(struct ctx *c)
{
	struct vp_trainconfig *tc = c->tc;

	if (vp_train_has_adapters(&tc->train))
		return;
	for (size_t i = 0; i < tc->n_ignored; i++)
		if (tc->ignored[i].bound != VP_TC_BOUND_NONE && strcmp(tc->ignored[i].key, "lora_target_parameters") == 0) {
			tc->ignored[i].bound = VP_TC_BOUND_NONE;
			snprintf(tc->ignored[i].text, sizeof tc->ignored[i].text,
				 "PEFT's target_parameters, not read: the method trains no adapters (TRL builds no "
				 "LoraConfig without use_peft)");
		}
}

/*
 * axolotl's do_causal_lm_eval and eval_table_size (tc_keys.c
 * k_axo_causal_lm_eval, k_axo_eval_table) generate in their callbacks'
 * on_evaluate, uncounted: the verdict's lower bound. Without an evaluation
 * split axolotl evaluates nothing (tc->evaluation NONE: no on_evaluate, no
 * generation), so a FITS said "a lower bound" for them was wrong. The
 * notes say only why nothing generates, and bound nothing.
 */
static void settle_eval_generation(struct ctx *c)
{
	struct vp_trainconfig *tc = c->tc;

	if (tc->flavour != VP_TC_AXOLOTL || tc->evaluation != VP_TC_EVAL_NONE)
		return;
	for (size_t i = 0; i < tc->n_ignored; i++)
		if (tc->ignored[i].bound != VP_TC_BOUND_NONE && (strcmp(tc->ignored[i].key, "do_causal_lm_eval") == 0 ||
								 strcmp(tc->ignored[i].key, "eval_table_size") == 0)) {
			tc->ignored[i].bound = VP_TC_BOUND_NONE;
			snprintf(tc->ignored[i].text, sizeof tc->ignored[i].text,
				 "generation in evaluation, which does not run: axolotl evaluates nothing without an "
				 "evaluation split (val_set_size or test_datasets)");
		}
}

/* Every ignored key's note that starts with `hint`, rewritten: a config
 * may name the method more than once (use_ewc: true beside ewc_lambda) */
static void reword_ignored(struct vp_trainconfig *tc, const char *hint, const char *text)
{
	for (size_t i = 0; i < tc->n_ignored; i++)
		if (strncmp(tc->ignored[i].text, hint, strlen(hint)) == 0)
			snprintf(tc->ignored[i].text, sizeof tc->ignored[i].text, "%s", text);
}

/*
 * A continual-learning method's own section (tc_values.c
 * vp_tc_note_ignored: seed 004's ewc: and mer:) warns that check counts
 * its memory only from the vramplan: block. Where the block (or --set)
 * says so, or nothing trains (no EWC copies or replay buffer are counted
 * then), the note says only why the section is not read.
 */
static void settle_continual_sections(struct ctx *c)
{
	struct vp_trainconfig *tc = c->tc;

	if (tc->ewc || tc->eval_only)
		reword_ignored(tc, VP_TC_EWC_HINT,
			       tc->eval_only ? "EWC's own settings; the run trains nothing"
					     : "EWC's own settings; its copies are counted (vramplan.ewc)");
	if (tc->replay_buffer > 0 || tc->eval_only)
		reword_ignored(tc, VP_TC_REPLAY_HINT,
			       tc->eval_only ? "a replay buffer's own settings; the run trains nothing"
					     : "a replay buffer's own settings; its samples are counted "
					       "(vramplan.replay_buffer)");
	/* a script's own GPU target beside the block's util: the budget is
	 * said (tc_values.c names_gpu_util) */
	if (tc->util > 0)
		reword_ignored(tc, VP_TC_UTIL_HINT, "the script's own GPU target; the budget is vramplan.util");
}

int vp_tc_settle(struct ctx *c)
{
	struct vp_trainconfig *tc = c->tc;
	struct raw *r = &c->r;
	struct vblock *vb = &c->vb;
	struct vp_train *t = &tc->train;
	const char *src = source_name(tc->flavour);

	tc->trl = shows_trl(c);
	if (settle_batches(c) != 0 || settle_precision(c) != 0 || settle_method(c) != 0 ||
	    settle_llamafactory_dtype(c) != 0)
		return -1;
	settle_axolotl_dtype(c);
	/* A DeepSpeed config checked on its own is run by the script's own
	 * loop (deepspeed.initialize, then engine(batch)), as plan's deepspeed
	 * profile plans it: no Trainer sets model.config.use_cache from its
	 * arguments, so the forward builds the KV cache config.json asks for,
	 * and the loop still names the last step's loss when the next forward
	 * runs (vp_train's direct_forward, graph_freed_between_steps: the safe
	 * side). The HF Trainer's run is checked through the TrainingArguments
	 * config that names the file. Until 2026-11-30 it was read as the
	 * Trainer's, and a deepspeed plan read back up to 18% below its peak. */
	if (tc->flavour == VP_TC_DEEPSPEED) {
		t->graph_freed_between_steps = false;
		t->direct_forward = true;
	}
	/* the vramplan: block's fsdp (--fsdp) wins over the trainer's fsdp:
	 * option, before fsdp_config's checkpointing is read against it */
	if (vb->has_fsdp)
		r->fsdp = vb->fsdp;
	tc->ckpt_nonreentrant = r->ckpt_nonreentrant;
	if (r->ckpt_nonreentrant)
		copy_origin(&tc->nonreentrant_at, &r->at_nonreentrant);

	/* the run's allocator settings: an environment variable and a call
	 * in its code, not trainer keys, so only the vramplan: block can say
	 * them, whatever the method (they were applied with the adapters'
	 * settings once, which a full fine-tune returns before) */
	if (vb->has_expandable)
		t->expandable_segments = vb->expandable;
	if (vb->has_memory_fraction)
		t->memory_fraction = vb->memory_fraction;

	/* optimizer */
	if (vb->has_optimizer) {
		t->optimizer = vb->optimizer;
		copy_origin(&tc->at[VP_TC_OPTIMIZER], &vb->at_optimizer);
		tc->optimizer_stated = true;
	} else if (r->has_ds_optim) {
		/* transformers integrations/deepspeed.py deepspeed_optim_sched:
		 * with an "optimizer" section DeepSpeed builds the optimizer
		 * (DummyOptim) and the Trainer's create_optimizer() never
		 * runs, whatever `optim` says */
		t->optimizer = r->ds_optim;
		copy_origin(&tc->at[VP_TC_OPTIMIZER], &r->at_ds_optim);
		if (r->has_optim && vp_tc_note_overridden(c, &r->at_optim,
							 "the DeepSpeed config's optimizer section ('%s', line %lu) "
							 "replaces it: the HF Trainer then builds no optimizer of its "
							 "own (deepspeed_optim_sched)",
							 r->at_ds_optim.key, r->at_ds_optim.line) != 0)
			return -1;
	} else if (r->adafactor) {
		/* training_args.py __post_init__: `if self.adafactor: self.optim =
		 * OptimizerNames.ADAFACTOR`, after optim is read */
		t->optimizer = VP_OPT_ADAFACTOR;
		copy_origin(&tc->at[VP_TC_OPTIMIZER], &r->at_adafactor);
		if (r->has_optim && r->optim != VP_OPT_ADAFACTOR &&
		    vp_tc_note_overridden(c, &r->at_optim,
					  "'adafactor: true' (line %lu) replaces it: TrainingArguments' "
					  "__post_init__ sets optim to adafactor",
					  r->at_adafactor.line) != 0)
			return -1;
	} else if (r->has_optim) {
		t->optimizer = r->optim;
		copy_origin(&tc->at[VP_TC_OPTIMIZER], &r->at_optim);
	} else if (tc->flavour == VP_TC_AXOLOTL) {
		/* axolotl schemas/training.py: optimizer=ADAMW_TORCH_FUSED */
		t->optimizer = VP_OPT_ADAMW_FUSED;
		if (vp_tc_note_default(tc, c->err, "optimizer", "optimizer: adamw_torch_fused (axolotl default)"))
			return -1;
	} else {
		/* training_args.py: default_optim = "adamw_torch"; recent
		 * releases pick adamw_torch_fused with torch >= 2.8
		 * (transformers 5.17 on torch 2.11 does, bench/measured). The
		 * foreach version counted here, the safe side, holds one more
		 * temporary the size of the trained parameters. */
		t->optimizer = VP_OPT_ADAMW;
		bool trainer_args = tc->flavour == VP_TC_HF || tc->flavour == VP_TC_LLAMAFACTORY;

		if (vp_tc_note_default(tc, c->err, trainer_args ? "optim" : "optimizer",
				 trainer_args
					 ? "optim: adamw_torch (TrainingArguments default before torch 2.8; "
					   "set adamw_torch_fused if that is what runs, it needs less)"
					 : "optimizer: none in the config, so the client's, assumed adamw_torch "
					   "(TrainingArguments default before torch 2.8)"))
			return -1;
	}

	/* gradient checkpointing */
	if (vb->has_ckpt) {
		t->grad_ckpt = vb->ckpt;
		/* the config's offloading checkpointing (axolotl's
		 * gradient_checkpointing: offload, LLaMA-Factory's
		 * use_unsloth_gc) offloads where the override checkpoints;
		 * until 2026-11-30 the override dropped it */
		t->activation_offload = t->grad_ckpt && r->ckpt_offload;
		copy_origin(&tc->at[VP_TC_GRAD_CKPT], &vb->at_ckpt);
	} else if (tc->flavour == VP_TC_LLAMAFACTORY) {
		/* model/model_utils/checkpointing.py prepare_model_for_training:
		 * gradient_checkpointing_enable() unless
		 * disable_gradient_checkpointing, whatever the Trainer's
		 * gradient_checkpointing says */
		t->grad_ckpt = r->no_ckpt != 1 || r->grad_ckpt == 1;
		/* use_unsloth_gc: the checkpointed block inputs on the host
		 * (k_lf_unsloth_gc), which needs checkpointing */
		t->activation_offload = t->grad_ckpt && r->ckpt_offload;
		if (r->no_ckpt == -1 && r->grad_ckpt == -1 &&
		    vp_tc_note_default(tc, c->err, "disable_gradient_checkpointing",
				 "gradient checkpointing: on (LLaMA-Factory default: disable_gradient_checkpointing false)"))
			return -1;
	} else if (r->fsdp_ckpt && r->grad_ckpt == 1 && (r->fsdp || (tc->flavour == VP_TC_AXOLOTL && r->fsdp_config))) {
		return vp_tc_fail_at(c, r->at_fsdp_ckpt.line, r->at_fsdp_ckpt.column,
				     "'%s' and gradient_checkpointing are both true: the HF Trainer refuses them "
				     "together (TrainingArguments: \"can't be set to True simultaneously\"); keep one",
				     r->at_fsdp_ckpt.key);
	} else if (r->fsdp_ckpt && (r->fsdp || (tc->flavour == VP_TC_AXOLOTL && r->fsdp_config))) {
		/* fsdp_config activation_checkpointing: FSDP checkpoints each
		 * wrapped block (TrainingArguments raises if
		 * gradient_checkpointing is on beside it) */
		t->grad_ckpt = true;
		copy_origin(&tc->at[VP_TC_GRAD_CKPT], &r->at_fsdp_ckpt);
	} else if (r->grad_ckpt >= 0) {
		t->grad_ckpt = r->grad_ckpt == 1;
		t->activation_offload = r->ckpt_offload;
	} else if (tc->flavour == VP_TC_DEEPSPEED) {
		if (vp_tc_note_default(tc, c->err, "gradient checkpointing",
				 "gradient checkpointing: false (DeepSpeed's activation_checkpointing does not "
				 "reach a transformers model; set vramplan.grad_ckpt)"))
			return -1;
	} else if (vp_tc_note_default(tc, c->err, "gradient_checkpointing", "gradient_checkpointing: false (%s%s)", src,
				      tc->trl ? "; TRL's SFTConfig >= 0.20 turns it on: write "
								 "gradient_checkpointing: true to check that run"
							       : "")) {
		return -1;
	}

	/* TRL's and axolotl's activation_offloading: torchtune's
	 * OffloadActivations (TRL's get_act_offloading_ctx_manager, which
	 * axolotl enters too) around each training step. Beside checkpointing
	 * it moves the checkpointed block inputs to the host, as
	 * gradient_checkpointing: offload does; without, every saved tensor,
	 * as the planner's --activation-offload counts it (activations.c:
	 * about two blocks' worth stay). Until 2026-11-30 the key without
	 * checkpointing was read as no offload, so the trl and axolotl
	 * profiles' activation_offloading: true, printed since, read back
	 * above the plan. */
	if (r->act_offload)
		t->activation_offload = true;
	/* the vramplan block's, for a config without such a key, wins */
	if (vb->has_act_offload)
		t->activation_offload = vb->act_offload;

	/* attention kernel */
	if (vb->has_attn) {
		t->attn = vb->attn;
		copy_origin(&tc->at[VP_TC_ATTN], &vb->at_attn);
	} else if (r->has_attn) {
		t->attn = r->attn;
		tc->attn_auto = tc->flavour == VP_TC_LLAMAFACTORY && r->lf_attn_auto;
	} else {
		/* transformers picks SDPA where the model implements it
		 * (modeling_utils.py _check_and_adjust_attn_implementation);
		 * the estimator falls back to eager where it does not */
		t->attn = VP_ATTN_SDPA;
		tc->attn_auto = tc->flavour == VP_TC_LLAMAFACTORY;
		if (vp_tc_note_default(tc, c->err, tc->flavour == VP_TC_LLAMAFACTORY ? "flash_attn" : "attn_implementation",
				 tc->flavour == VP_TC_LLAMAFACTORY
					 ? "flash_attn: auto (LLaMA-Factory default: transformers' choice, sdpa; eager "
					   "where the model lacks it)"
					 : "attn_implementation: sdpa (transformers default; eager where the model lacks it)"))
			return -1;
	}
	/* LLaMA-Factory packs pre-training (stage pt) unless told otherwise */
	t->packed = r->packed == 1 || (tc->flavour == VP_TC_LLAMAFACTORY && r->packed == -1 && r->stage_pt);
	if (tc->flavour == VP_TC_LLAMAFACTORY && r->packed == -1 && r->stage_pt &&
	    vp_tc_note_default(tc, c->err, "packing", "packing: true (LLaMA-Factory default for stage pt)"))
		return -1;
	t->padding_mask = !t->packed; /* transformers masks a padded batch */
	/* axolotl's evaluation DataLoader under sample_packing turns
	 * accelerate's even_batches off, as accelerator_config's
	 * even_batches: false does for the HF Trainer (tc_keys.c): "if
	 * self.args.sample_packing and (... or (not is_training and
	 * self.args.eval_sample_packing is not False)):
	 * self.accelerator.even_batches = False" (axolotl
	 * src/axolotl/core/trainers/base.py _get_dataloader), and its
	 * config validator makes an unset eval_sample_packing true beside
	 * sample_packing (utils/schemas/validation.py check_eval_packing). So
	 * a known evaluation set caps the eval batch on several GPUs too
	 * (vp_plan_eval_batch_cap); until 2026-12-01 such a config was
	 * checked at its eval_batch_size, the rows accelerate would repeat */
	if (tc->flavour == VP_TC_AXOLOTL && r->packed == 1 && r->eval_packed != 0)
		tc->uneven_eval_batches = true;
	/* axolotl's sample_packing keeps a mask without FlashAttention
	 * (train.c vp_axolotl_packing_masks): counted, and said at the key.
	 * Flex attention, read as SDPA, is FlashAttention's peer there: the
	 * loader patches no mask for it (_patch_llama_derived_model skips
	 * flash_attention or flex_attention with sample_packing), and its
	 * block mask is a few bytes per 128 x 128 tile */
	tc->packed_mask_without_flash = (tc->flavour == VP_TC_AXOLOTL && t->packed && !r->attn_flex) ||
					(tc->flavour == VP_TC_LLAMAFACTORY && r->neat_packing);
	if (tc->flavour == VP_TC_AXOLOTL && vp_axolotl_packing_masks(t) && !r->attn_flex) {
		t->padding_mask = true;
		if (vp_tc_note_remark(tc, c->err, &r->at_packed,
				      "sample_packing without flash_attention or flex_attention: axolotl's rows still carry an "
				      "attention mask (its block-diagonal one for Llama-derived models, transformers' "
				      "for a bin not exactly full), so the step is checked with it, and with SDPA's k/v "
				      "copies; flash_attention: true (or flex attention) runs them unmasked") != 0)
			return -1;
	}
	/* LLaMA-Factory's neat_packing numbers each row's samples in its
	 * attention_mask, and without FlashAttention-2 its collator turns that
	 * into a block-diagonal [b, 1, s, s] mask in the compute dtype
	 * (data/collator.py SFTDataCollatorWith4DAttentionMask,
	 * prepare_4d_attention_mask, when block_diag_attn, which neat_packing
	 * sets); with FlashAttention-2 its varlen path reads the segments.
	 * Plain packing keeps an all-ones mask: the packed rows, unmasked. */
	if (tc->flavour == VP_TC_LLAMAFACTORY && r->neat_packing && t->attn != VP_ATTN_FLASH2) {
		t->padding_mask = true;
		if (vp_tc_note_remark(tc, c->err, &r->at_neat_packing,
				      "neat_packing without flash_attn: fa2: LLaMA-Factory's collator builds a "
				      "block-diagonal attention mask for the packed rows, so the step is checked with "
				      "it, and with SDPA's k/v copies (packing: true alone runs them unmasked)") != 0)
			return -1;
	}
	/* TRL's packing_strategy "bfd" (SFTConfig's default) or "bfd_split",
	 * and padding_free: true, make SFTTrainer padding-free: the collator
	 * flattens the batch into one row of position_ids with no
	 * attention_mask (trl/trainer/sft_trainer.py), which FlashAttention
	 * reads as separate sequences; TRL warns under any other kernel, and
	 * transformers builds SDPA and eager a mask over the whole row from
	 * the position_ids (masking_utils.py find_packed_sequence_indices),
	 * quadratic in the flattened length: not the packed rows checked */
	if (tc->flavour == VP_TC_HF && t->attn != VP_ATTN_FLASH2 &&
	    ((r->packed == 1 && r->packing_strategy != 1) || r->padding_free == 1) &&
	    vp_tc_note_warning(tc, c->err,
			       r->padding_free == 1		 ? &r->at_padding_free
			       : r->packing_strategy == 0 ? &r->at_packing_strategy
							   : &r->at_packed,
			       "TRL runs this batch padding-free (packing_strategy bfd, SFTConfig's default, or "
			       "padding_free: true): one row of position_ids, which only FlashAttention reads as "
			       "separate sequences (TRL warns); with %s transformers masks the whole flattened row, "
			       "which is not modelled: checked as %s. attn_implementation: flash_attention_2%s runs "
			       "the checked batch%s",
			       t->attn == VP_ATTN_EAGER ? "eager" : "sdpa",
			       t->packed ? "packed rows without a mask" : "a padded batch",
			       t->packed ? ", or packing_strategy: wrapped without padding_free," : "",
			       t->packed ? ""
					 : " (SFTTrainer refuses padding_free without packing unless max_length: null)") != 0)
		return -1;
	/* liger_kernel_config overrides apply_liger_kernel_to_<model>'s
	 * defaults where Trainer applies Liger (use_liger_kernel; LLaMA-
	 * Factory's trainer is a transformers Trainer too); TRL's use_liger
	 * and LLaMA-Factory's enable_liger_kernel patch with the defaults
	 * before loading whatever it says (k_liger, k_liger_config) */
	if ((tc->flavour == VP_TC_HF || tc->flavour == VP_TC_LLAMAFACTORY) && r->liger_loss == 1 && !r->liger_preload) {
		if (r->liger_cfg_loss >= 0)
			r->liger_loss = r->liger_cfg_loss;
		tc->liger_swiglu_set = r->liger_cfg_swiglu >= 0;
		tc->liger_swiglu_on = r->liger_cfg_swiglu == 1;
		tc->liger_geglu_set = r->liger_cfg_geglu >= 0;
		tc->liger_geglu_on = r->liger_cfg_geglu == 1;
		if (r->liger_cfg_rms_norm >= 0)
			r->liger_rms_norm = r->liger_cfg_rms_norm;
	}
	/* TRL's loss_type (SFTConfig; use_liger_kernel runs Liger's fused
	 * loss whatever it says). chunked_nll, TRL's default from 1.7
	 * (huggingface/trl#5846), runs the LM head and the cross-entropy on
	 * 256 non-ignored tokens at a time under checkpointing (trl#5575) and
	 * keeps no logits: not the chunked loss vramplan models (litgpt's and
	 * torchtune's, which keep the head's chunks: logits.c), so the standard
	 * loss is checked. That over-estimates at long sequences only: until
	 * trl#6863 (2026-08-21) each chunk computed h.float() @ w.float().t()
	 * (sft_trainer.py _chunk), an fp32 copy of the whole LM head weight,
	 * V x h x 4 bytes, more than the standard loss's 12 x T x V below
	 * T = h / 3 tokens (until 2026-11-30 the remark said an over-estimate).
	 * dft weights each token's loss by its probability from the same
	 * logits: the standard loss too. */
	if (tc->flavour == VP_TC_HF && r->liger_loss != 1) {
		if (r->loss_type == TC_LOSS_CHUNKED_NLL &&
		    vp_tc_note_remark(tc, c->err, &r->at_loss_type,
				      "not modelled: TRL's chunked_nll keeps no logits (the LM head and loss run on "
				      "256 tokens at a time under checkpointing); checked with the standard loss, "
				      "which keeps them: an over-estimate at long sequences, but TRL releases before "
				      "trl#6863 copy a 16-bit LM head weight whole to fp32 for every chunk, more than the "
				      "checked loss below h/3 tokens a micro-batch (loss_type: nll runs the checked "
				      "loss)") != 0)
			return -1;
		if (r->loss_type == TC_LOSS_DFT &&
		    vp_tc_note_remark(tc, c->err, &r->at_loss_type,
				      "checked as the standard loss (nll): DFT's weights from the same logits are "
				      "not counted apart") != 0)
			return -1;
		/* said in vp_trainconfig_resolve, where the head is known: TRL
		 * trains causal LMs (AutoModelForCausalLM) */
		tc->trl_loss_unset = r->loss_type == -1 && r->sft;
		/* refused in vp_trainconfig_resolve beside LoRA on the LM
		 * head, once the targets and the model are known */
		tc->trl_chunked_nll = r->loss_type == TC_LOSS_CHUNKED_NLL;
		if (tc->trl_chunked_nll)
			copy_origin(&tc->trl_loss_at, &r->at_loss_type);
	}
	/* axolotl's liger_* keys are its LigerPlugin's arguments, and only the
	 * plugin, listed under plugins, patches the model
	 * (integrations/liger/plugin.py pre_model_load; tc_keys.c k_plugins):
	 * without it they do nothing, and the step runs without Liger. Until
	 * 2026-11-30 the kernels were counted from the keys alone. */
	if (tc->flavour == VP_TC_AXOLOTL && (r->liger_loss == 1 || r->liger_swiglu == 1 || r->liger_rms_norm == 1) &&
	    r->liger_plugin != 1) {
		r->liger_loss = r->liger_swiglu = r->liger_rms_norm = 0;
		if (vp_tc_note_remark(tc, c->err, &r->at_liger,
				      "axolotl runs the liger_* kernels only through its LigerPlugin (plugins: "
				      "[axolotl.integrations.liger.LigerPlugin]), which %s: checked without Liger",
				      r->liger_plugin < 0 ? "the config does not list" : "its plugins leave out") != 0)
			return -1;
	}
	/* axolotl's chunked_cross_entropy: torchtune's CEWithChunkedOutputLoss
	 * over the logits the model keeps (monkeypatch/loss/chunked.py), the
	 * chunked loss vramplan models (logits.c). Liger's fused loss, when
	 * on, runs in the model's forward and never calls the loss this
	 * replaces (transformers' ForCausalLMLoss). */
	if (tc->flavour == VP_TC_AXOLOTL && r->chunked_ce == 1 && r->liger_loss != 1) {
		t->loss = VP_LOSS_CHUNKED;
		tc->ce_chunks = r->ce_chunks > 0 ? r->ce_chunks : 8;
		copy_origin(&tc->ce_at, &r->at_chunked_ce);
	}
	t->compile = r->compile;
	t->liger_loss = r->liger_loss == 1;
	t->liger_swiglu = r->liger_swiglu == 1;
	t->liger_rms_norm = r->liger_rms_norm == 1;
	t->router_aux_loss = r->router_aux_loss;
	t->label_smoothing = r->label_smoothing;
	/* TrainingArguments.use_cache: true (transformers 5): Trainer.__init__
	 * sets model.config.use_cache = args.use_cache, so each evaluation
	 * forward of a decoder keeps its KV cache (activations.c
	 * forward_cache). In training the cache lives in the model's output
	 * until compute_loss returns the loss alone, before the backward;
	 * like a direct forward's in training, it is not counted there
	 * (docs/memory-model.md "The training forward's KV cache"). */
	t->trainer_use_cache = r->use_cache == 1;
	if (t->trainer_use_cache &&
	    vp_tc_note_remark(tc, c->err, &r->at_use_cache,
			      "counted in evaluation: the Trainer sets model.config.use_cache = True, so each eval "
			      "forward of a decoder keeps its KV cache (BART's and encoders' keep none); the training "
			      "forward's, freed before the backward, is not counted") != 0)
		return -1;
	/* axolotl runs FSDP from an fsdp_config alone (utils/trainer.py
	 * prepare_optim_env: `if cfg.fsdp or cfg.fsdp_config`); the
	 * Trainer's other flavours only with an fsdp: option */
	t->fsdp = vb->has_fsdp ? vb->fsdp : r->fsdp || (tc->flavour == VP_TC_AXOLOTL && r->fsdp_config);
	if (r->fsdp_config && !t->fsdp &&
	    vp_tc_note_overridden(c, &r->at_fsdp_config, "without fsdp: (full_shard) the Trainer does not use it") != 0)
		return -1;
	/* nor its offload_params (tc_keys.c k_fsdp_config, an overestimate
	 * where FSDP runs): no FSDP, no offload, so it bounds no verdict
	 * (until 2026-11-30 a DOES NOT FIT read "as counted (an upper bound:
	 * fsdp_config.offload_params ...)" without fsdp:) */
	if (r->fsdp_config && !t->fsdp)
		for (size_t i = 0; i < tc->n_ignored; i++)
			if (tc->ignored[i].bound != VP_TC_BOUND_NONE &&
			    strncmp(tc->ignored[i].key, "fsdp_config.", strlen("fsdp_config.")) == 0) {
				tc->ignored[i].bound = VP_TC_BOUND_NONE;
				snprintf(tc->ignored[i].text, sizeof tc->ignored[i].text,
					 "FSDP's offload, not used: without fsdp: the Trainer runs no FSDP");
			}

	/* ZeRO and data-parallel GPUs */
	if (vb->has_zero) {
		t->zero_stage = vb->zero;
		copy_origin(&tc->at[VP_TC_ZERO], &vb->at_zero);
	} else if (r->zero >= 0) {
		t->zero_stage = r->zero;
	} else if (tc->flavour == VP_TC_DEEPSPEED &&
		   vp_tc_note_default(tc, c->err, "zero_optimization.stage", "zero_optimization.stage: 0 (DeepSpeed default)")) {
		return -1;
	}
	/* the gradient bucket as the DeepSpeed config sizes it */
	t->zero_bucket_elements = r->zero_bucket;
	t->zero_bucket_auto = r->zero_bucket_auto;
	t->zero_overlap_set = r->zero_overlap >= 0;
	t->zero_overlap = r->zero_overlap == 1;
	t->zero_gather_save = r->zero_gather_save;
	/* save_safetensors is a transformers 4.x key (tc_keys.c
	 * k_save_safetensors): false saves with torch.save, true through
	 * safetensors in 4.x's smaller files */
	if (r->save_safetensors == 0)
		t->save_writer = VP_SAVE_TORCH;
	else if (r->save_safetensors == 1)
		t->save_writer = VP_SAVE_SAFETENSORS_4X;
	t->saves_model_only = r->save_strategy_no || r->save_only_model == 1;
	/* accelerate's default state dict follows FSDP's version
	 * (tc_keys.c fsdp_version_value) */
	t->fsdp_sharded_save = r->fsdp_sharded_state == 1 || (r->fsdp_sharded_state < 0 && r->fsdp_version == 2);
	t->zero_offload_optimizer = r->zero_offload_optimizer;
	t->zero_offload_param = r->zero_offload_param;
	/* ZeRO-Offload without an "optimizer" section: the HF Trainer builds
	 * its own torch optimizer (transformers integrations/deepspeed.py
	 * deepspeed_optim_sched: trainer.create_optimizer()), and DeepSpeed
	 * refuses any client optimizer but DeepSpeedCPUAdam once the
	 * optimizer is offloaded, while zero_force_ds_cpu_optimizer (default
	 * true) holds (deepspeed/runtime/engine.py _configure_optimizer
	 * raises ZeRORuntimeException "You are using ZeRO-Offload with a
	 * client provided optimizer ..."). The memory counted is the same
	 * either way, so a warning, not a verdict; a section of type AdamW is
	 * built as DeepSpeedCPUAdam (_configure_basic_optimizer), which plans
	 * write (settings.c ds_cpu_adam) */
	if (t->zero_offload_optimizer && !r->ds_optim_section && !r->ds_client_optim_allowed &&
	    vp_tc_note_warning(tc, c->err, &r->at_offload_optimizer,
			       "ZeRO-Offload without a DeepSpeed optimizer section: DeepSpeed refuses the HF "
			       "Trainer's own optimizer at startup (ZeRORuntimeException: \"You are using "
			       "ZeRO-Offload with a client provided optimizer\"); add optimizer: {type: AdamW, "
			       "params: {lr: auto, betas: auto, eps: auto, weight_decay: auto}} (DeepSpeedCPUAdam) "
			       "or zero_force_ds_cpu_optimizer: false") != 0)
		return -1;
	/* axolotl's dp_shard_size: the GPUs FSDP shards over (tc_keys.c
	 * k_axo_dp_shard), and a vramplan block's count wins. Without FSDP
	 * nothing shards over them, and above 1 axolotl refuses to start on
	 * more than one GPU (utils/distributed.py _get_parallel_config_kwargs,
	 * where the GPUs left after tensor and context parallelism are more
	 * than one: ValueError "dp_shard_size was configured without a
	 * corresponding fsdp_config!"); on one GPU it is read by nothing. A
	 * warning, as that depends on the GPUs the run gets. */
	if (r->dp_shard > 1 && !t->fsdp &&
	    vp_tc_note_warning(tc, c->err, &r->at_dp_shard,
			       "dp_shard_size without FSDP: on more than one GPU axolotl refuses to start "
			       "(ValueError: \"dp_shard_size was configured without a corresponding fsdp_config!\"); "
			       "add fsdp_config, or drop the key") != 0)
		return -1;
	if (r->dp_shard > 0 && !t->fsdp &&
	    vp_tc_note_overridden(c, &r->at_dp_shard, "without FSDP (fsdp_config) nothing shards over it") != 0)
		return -1;
	if (r->dp_shard > 0 && t->fsdp && vb->has_gpus &&
	    vp_tc_note_overridden(c, &r->at_dp_shard, "vramplan.gpus gives the GPUs FSDP shards over") != 0)
		return -1;
	if (vb->has_gpus) {
		t->gpus = vb->gpus;
		copy_origin(&tc->at[VP_TC_GPUS], &vb->at_gpus);
	} else if (r->dp_shard > 0 && t->fsdp) {
		t->gpus = r->dp_shard;
		copy_origin(&tc->at[VP_TC_GPUS], &r->at_dp_shard);
	} else {
		t->gpus = 1;
		if (t->zero_stage > 0 &&
		    vp_tc_note_default(tc, c->err, "vramplan.gpus",
				 "data-parallel GPUs: 1 (ZeRO partitions over them; set vramplan.gpus)"))
			return -1;
		if (t->fsdp &&
		    vp_tc_note_default(tc, c->err, "vramplan.gpus",
				 "data-parallel GPUs: 1 (FSDP shards over them; set vramplan.gpus)"))
			return -1;
	}

	/* head */
	if (vb->has_head) {
		t->head = vb->head;
		tc->head_set = true;
		copy_origin(&tc->head_at, &vb->at_head);
	}
	/* lengths from the vramplan block; resolve() sees their origin */
	if (vb->has_seq) {
		t->seq_len = vb->seq;
		copy_origin(&tc->at[VP_TC_SEQ_LEN], &vb->at_seq);
	}
	if (vb->has_tgt) {
		t->tgt_len = vb->tgt;
		copy_origin(&tc->at[VP_TC_TGT_LEN], &vb->at_tgt);
	}
	if (vb->has_labels) {
		t->num_labels = vb->num_labels;
		tc->labels_set = true;
		copy_origin(&tc->labels_at, &vb->at_labels);
	}
	if (vb->has_texts) {
		t->texts_per_example = vb->texts;
		tc->texts_set = true;
	}

	/* LLaMA-Factory generates from its evaluation split alone
	 * (hparams/parser.py get_train_args: "Please make sure eval_dataset
	 * be provided or val_size >1e-6"; before December 2025, PR #9604, it asked for
	 * eval_dataset: "Cannot use `predict_with_generate` if `eval_dataset`
	 * is None."). A run without do_train meets settle_do_train's error at
	 * do_eval or do_predict first. It reads its own key alone: the error
	 * points at the file's, read before that origin is replaced below */
	if (tc->flavour == VP_TC_LLAMAFACTORY && r->generate == 1 && r->do_train == 1 && !r->eval_split) {
		const struct vp_tc_origin *g = &tc->at[VP_TC_GENERATE];

		return vp_tc_fail_at(c, g->line, g->column,
				     "'predict_with_generate: true' without an evaluation split (eval_dataset, or "
				     "val_size above 0): LLaMA-Factory refuses it (\"Please make sure eval_dataset be "
				     "provided or val_size >1e-6\", hparams/parser.py)");
	}
	/* evaluation with generation (Seq2SeqTrainingArguments) */
	tc->eval.num_beams = 1;
	if (vb->has_generate) {
		tc->eval.generate = vb->generate;
		copy_origin(&tc->at[VP_TC_GENERATE], &vb->at_generate);
	} else {
		tc->eval.generate = r->generate == 1;
	}
	/* LLaMA-Factory's CustomSeq2SeqTrainer.prediction_step pops the
	 * labels when it generates ("do not pass labels to model when
	 * generate", train/sft/trainer.py), so Seq2SeqTrainer.prediction_step
	 * sees none and runs no loss forward: neither the model's loss nor
	 * the LabelSmoother; it returns the labels, kept with the ids */
	tc->eval.generate_only = tc->eval.labels_returned = tc->flavour == VP_TC_LLAMAFACTORY && tc->eval.generate;
	if (vb->has_beams) {
		tc->eval.num_beams = vb->beams;
		copy_origin(&tc->at[VP_TC_NUM_BEAMS], &vb->at_beams);
	} else if (r->has_beams) {
		tc->eval.num_beams = r->beams;
	}
	if (vb->has_new_tokens) {
		tc->len_gen = vb->new_tokens;
		copy_origin(&tc->len_gen_at, &vb->at_new_tokens);
	}
	/* what evaluation keeps for the metric, and the evaluation set */
	if (vb->has_eval_preds)
		tc->eval.predictions = vb->eval_preds;
	else if (r->loss_only == 1)
		tc->eval.predictions = VP_PREDS_NONE;
	else if (tc->flavour == VP_TC_LLAMAFACTORY && r->accuracy)
		tc->eval.predictions = VP_PREDS_ARGMAX;
	else if (tc->flavour == VP_TC_LLAMAFACTORY && r->generate != 1)
		/* the SFT workflow passes compute_metrics only with
		 * compute_accuracy or predict_with_generate, and
		 * Trainer.evaluate keeps the loss alone without one
		 * (prediction_loss_only=True if self.compute_metrics is None) */
		tc->eval.predictions = VP_PREDS_NONE;
	else if (tc->flavour == VP_TC_AXOLOTL || tc->flavour == VP_TC_DEEPSPEED)
		/* axolotl builds its trainers without compute_metrics (its
		 * causal trainer builder), so evaluation keeps the loss alone;
		 * a DeepSpeed config has no evaluation loop of its own */
		tc->eval.predictions = VP_PREDS_NONE;
	else
		tc->eval_logits_assumed = tc->eval.predictions == VP_PREDS_LOGITS && !tc->eval.generate;
	tc->eval.eval_samples = vb->has_eval_samples ? vb->eval_samples : r->max_eval_samples;
	tc->eval.keep_batches = r->concat_batches == 0;
	/* TrainingArguments.__post_init__ sets do_eval when eval_strategy is
	 * not "no"; with "no", do_eval alone means an evaluation after
	 * training (the example scripts' trainer.evaluate()) */
	if (r->eval_strategy == VP_TC_EVAL_NONE)
		tc->evaluation = r->do_eval == 1 ? VP_TC_EVAL_AFTER : VP_TC_EVAL_NONE;
	else if (r->eval_strategy >= 0)
		tc->evaluation = (enum vp_tc_evaluation)r->eval_strategy;
	else
		tc->evaluation = VP_TC_EVAL_ASSUMED;
	/* axolotl evaluates (evals_per_epoch times an epoch, mid-epoch) only
	 * with an evaluation split: val_set_size defaults to 0.0 */
	if (tc->flavour == VP_TC_AXOLOTL)
		tc->evaluation = r->eval_split ? VP_TC_EVAL_STEPS : VP_TC_EVAL_NONE;
	/* LLaMA-Factory evaluates only an evaluation split (val_size > 0 or
	 * eval_dataset; parser.py refuses do_eval without one), when
	 * eval_strategy or do_eval say so */
	if (tc->flavour == VP_TC_LLAMAFACTORY && !r->eval_split)
		tc->evaluation = VP_TC_EVAL_NONE;
	/* Without the split's keys the defaults evaluate nothing, so the eval
	 * batch goes unchecked: said among the defaults, as an hf config's
	 * assumed evaluation is (until 2026-11-30 it went unsaid) */
	if (tc->flavour == VP_TC_AXOLOTL && !r->has_eval_split_key &&
	    vp_tc_note_default(tc, c->err, "val_set_size",
			       "val_set_size: 0.0 (axolotl default: no evaluation split, so axolotl evaluates "
			       "nothing and the eval batch is not checked; val_set_size or test_datasets gives one)"))
		return -1;
	if (tc->flavour == VP_TC_LLAMAFACTORY && !r->has_eval_split_key &&
	    vp_tc_note_default(tc, c->err, "val_size",
			       "val_size: 0 (LLaMA-Factory default: no evaluation split, so LLaMA-Factory evaluates "
			       "nothing and the eval batch is not checked; val_size or eval_dataset gives one)"))
		return -1;
	if (settle_do_train(c) != 0 || settle_lf_train_generation(c) != 0 || settle_predict(c) != 0)
		return -1;
	settle_lora_section(c);
	settle_target_parameters(c);
	settle_eval_generation(c);
	settle_continual_sections(c);

	/* DataLoader (TrainingArguments: dataloader_num_workers=0,
	 * dataloader_pin_memory=True; axolotl passes both through) */
	if (r->has_workers) {
		tc->num_workers = r->workers;
	} else if (vp_tc_note_default(tc, c->err, "dataloader_num_workers",
				tc->flavour == VP_TC_DEEPSPEED
					? "dataloader_num_workers: 0 (a DeepSpeed config has no DataLoader settings)"
					: "dataloader_num_workers: 0 (TrainingArguments default)")) {
		return -1;
	}
	/* TrainingArguments.__post_init__ refuses a prefetch factor without
	 * workers ("can only be set when data is loaded in a different
	 * process"), as torch's DataLoader does */
	if (r->prefetch > 0 && tc->num_workers == 0)
		return vp_tc_fail_at(c, tc->at[VP_TC_PREFETCH].line, tc->at[VP_TC_PREFETCH].column,
				     "'dataloader_prefetch_factor' needs dataloader_num_workers > 0 (TrainingArguments "
				     "rejects it with none)");
	tc->prefetch_factor = r->prefetch;
	tc->pin_memory = r->has_pin ? r->pin : true;
	if (!r->has_pin && tc->flavour != VP_TC_DEEPSPEED &&
	    vp_tc_note_default(tc, c->err, "dataloader_pin_memory", "dataloader_pin_memory: true (TrainingArguments default)"))
		return -1;
	return 0;
}
