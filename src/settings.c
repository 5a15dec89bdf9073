/*
 * The trainer settings of a plan, per key profile: the one place that
 * decides the keys and values that the YAML and JSON emitters print.
 *
 * Key names of each profile, and where they come from:
 *
 * hf         transformers.TrainingArguments fields (huggingface/transformers,
 *            src/transformers/training_args.py, commit 00349ae87edd):
 *            per_device_train_batch_size, per_device_eval_batch_size,
 *            gradient_accumulation_steps, eval_accumulation_steps,
 *            gradient_checkpointing, bf16, fp16, optim, torch_compile,
 *            dataloader_num_workers, dataloader_pin_memory,
 *            dataloader_persistent_workers, dataloader_prefetch_factor,
 *            fsdp, deepspeed (a dict: DeepSpeed keys as below, "auto"
 *            where integrations/deepspeed.py fills them in).
 *            optim values are OptimizerNames members of the same file.
 *            _validate_args() raises "--dataloader_prefetch_factor can only
 *            be set when data is loaded in a different process" when
 *            dataloader_num_workers == 0, and torch's DataLoader raises for
 *            persistent_workers without workers, so both depend on the
 *            worker count. An encoder-decoder plan whose eval batch was
 *            sized for generation adds Seq2SeqTrainingArguments' fields
 *            (src/transformers/training_args_seq2seq.py, same commit):
 *            predict_with_generate, generation_max_length,
 *            generation_num_beams.
 * lightning  LightningCLI sections: `trainer:` holds Trainer.__init__
 *            arguments (Lightning-AI/pytorch-lightning,
 *            src/lightning/pytorch/trainer/trainer.py: devices, strategy
 *            (deepspeed_stage_N, deepspeed_stage_N_offload, fsdp, ddp),
 *            accumulate_grad_batches,
 *            precision with the _PRECISION_INPUT strings "32-true",
 *            "16-mixed", "bf16-mixed", "16-true", "bf16-true"); `data:` holds
 *            the LightningDataModule's arguments, named after
 *            torch.utils.data.DataLoader's (batch_size, num_workers,
 *            pin_memory, persistent_workers, prefetch_factor) plus
 *            eval_batch_size for the validation loader.
 * deepspeed  DeepSpeed configuration JSON (deepspeedai/DeepSpeed,
 *            docs/_pages/config-json.md): train_micro_batch_size_per_gpu,
 *            gradient_accumulation_steps, train_batch_size (= micro batch x
 *            accumulation x GPUs, as that page requires), bf16.enabled,
 *            fp16.enabled, zero_optimization.stage and its
 *            offload_optimizer/offload_param sections (device, pin_memory).
 * axolotl    axolotl config (axolotl-ai-cloud/axolotl,
 *            src/axolotl/utils/schemas/config.py, training.py, peft.py):
 *            micro_batch_size, gradient_accumulation_steps, eval_batch_size,
 *            gradient_checkpointing, bf16, fp16 (also the dtype axolotl
 *            loads the model in: utils/config/__init__.py resolve_dtype),
 *            sequence_len, adapter, load_in_4bit, load_in_8bit, gptq,
 *            lora_r, lora_target_modules, lora_target_linear,
 *            peft_use_dora, optimizer
 *            (OptimizerNames), flash_attention, torch_compile,
 *            activation_offloading, chunked_cross_entropy and
 *            chunked_cross_entropy_num_chunks, dataloader_num_workers,
 *            dataloader_pin_memory, dataloader_prefetch_factor, deepspeed
 *            (str | dict), fsdp_version and fsdp_config (FSDPConfig:
 *            auto_wrap_policy, reshard_after_forward).
 * llamafactory  LLaMA-Factory config (hiyouga/LLaMA-Factory,
 *            src/llamafactory/hparams/finetuning_args.py: finetuning_type,
 *            lora_rank, lora_dropout, lora_target (comma-separated, or
 *            "all"), use_dora, pure_bf16; model_args.py: quantization_bit,
 *            double_quantization, flash_attn (disabled, sdpa, fa2),
 *            disable_gradient_checkpointing, enable_liger_kernel;
 *            data_args.py: cutoff_len, packing; finetuning_args.py
 *            compute_accuracy) beside the
 *            TrainingArguments keys it inherits (per_device_*_batch_size,
 *            gradient_accumulation_steps, eval_accumulation_steps, bf16,
 *            fp16, optim, torch_compile, dataloader_*, fsdp, deepspeed)
 *            and do_train: true, without which it trains nothing.
 * trl        one YAML for `trl sft --config` (TrlParser over ScriptArguments,
 *            SFTConfig, ModelConfig; huggingface/trl): the hf keys (SFTConfig
 *            is a TrainingArguments) plus SFTConfig's max_length, packing,
 *            packing_strategy, loss_type and activation_offloading
 *            (trl/trainer/sft_config.py) and ModelConfig's dtype,
 *            attn_implementation, use_peft, lora_r, lora_dropout,
 *            lora_target_modules, use_dora, load_in_4bit, load_in_8bit,
 *            bnb_4bit_quant_type, use_bnb_nested_quant
 *            (trl/trainer/model_config.py), so that an adapter run's keys
 *            say it, which TrainingArguments' cannot.
 *
 * tests/unit/test_emit.c checks every emitted key against these lists.
 * docs/planner.md "Keys each profile emits" audits each key against its
 * consumer's current source (field, type, status; 2026-11-30), and
 * tests/cli/profiles/keys-audited.sh fails on a printed key, or a YAML type,
 * that table does not list.
 */
#include "vramplan/settings.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

/* ------------------------------------------------------------------ names */

static const char *const profile_names[VP_PROFILE_COUNT] = {"hf", "lightning", "deepspeed", "axolotl",
							     "llamafactory", "trl"};

/*
 * torchtune and litgpt train from configs of their own (a recipe's, a
 * finetune script's: torchtune's config.instantiate, litgpt's jsonargparse
 * over the finetune scripts' setup()), not TrainingArguments nor any of the
 * profiles' trainers, and build their own modules (torchtune's
 * TransformerDecoder and LoRALinear, litgpt's GPT with its fused q/k/v),
 * which vramplan does not model: no plan prints their keys. `vramplan
 * check` reads such a config and gives the `vramplan estimate` command its
 * keys amount to (tc_foreign.c). Until 2026-12-02 --profile torchtune was
 * an unknown profile with the list of the others, as if a typo.
 */
static int foreign_profile(const char *s, struct vp_error *err)
{
	static const struct {
		const char *name, *what, *file;
	} foreign[] = {
		{"torchtune", "torchtune's recipes", "RECIPE.yaml"},
		{"litgpt", "litgpt's finetune scripts", "FINETUNE.yaml"},
		{"lit-gpt", "litgpt's finetune scripts", "FINETUNE.yaml"},
	};

	for (size_t i = 0; s != NULL && i < sizeof foreign / sizeof foreign[0]; i++)
		if (strcasecmp(s, foreign[i].name) == 0)
			return vp_error_set(err, VP_ERR_INPUT,
					    "no --profile for %s: %s train from a config of their own, not "
					    "TrainingArguments, with modules vramplan does not model, so no plan prints "
					    "their keys; 'vramplan check %s --gpu G' reads that config and gives the "
					    "'vramplan estimate' command its keys amount to (docs/check.md \"torchtune "
					    "and litgpt configs\")",
					    foreign[i].name, foreign[i].what, foreign[i].file);
	return 0;
}

int vp_profile_parse(const char *s, enum vp_profile *out, struct vp_error *err)
{
	/* the accepted names from the table that parses them, so a profile
	 * added there is listed too */
	int i = foreign_profile(s, err) != 0 ? -1 : vp_parse_name(s, "profile", profile_names, VP_PROFILE_COUNT, err);

	if (i < 0)
		return -1;
	*out = (enum vp_profile)i;
	return 0;
}

const char *vp_profile_name(enum vp_profile p)
{
	return (int)p >= 0 && p < VP_PROFILE_COUNT ? profile_names[p] : "unknown";
}

/* --------------------------------------------------------------- settings */

struct sbuf {
	struct vp_setting *out;
	size_t cap;
	size_t n;
};

static struct vp_setting *next_setting(struct sbuf *b, enum vp_setting_type type, const char *key)
{
	static struct vp_setting sink;
	struct vp_setting *s = b->n < b->cap ? &b->out[b->n] : &sink;

	b->n++;
	memset(s, 0, sizeof *s);
	s->type = type;
	s->key = key;
	return s;
}

static void set_int(struct sbuf *b, const char *key, uint64_t v)
{
	next_setting(b, VP_SETTING_INT, key)->i = v;
}

static void set_bool(struct sbuf *b, const char *key, bool v)
{
	next_setting(b, VP_SETTING_BOOL, key)->b = v;
}

static void set_num(struct sbuf *b, const char *key, double v)
{
	next_setting(b, VP_SETTING_NUMBER, key)->d = v;
}

static void set_str(struct sbuf *b, const char *key, const char *v)
{
	next_setting(b, VP_SETTING_STRING, key)->s = v;
}

static void set_list(struct sbuf *b, const char *key, const char (*list)[32], size_t n)
{
	struct vp_setting *s = next_setting(b, VP_SETTING_LIST, key);

	s->list = list;
	s->n_list = n;
}

/* A list of one string literal (axolotl's plugins) */
static void set_list1(struct sbuf *b, const char *key, const char *item)
{
	struct vp_setting *s = next_setting(b, VP_SETTING_LIST, key);

	s->list = NULL;
	s->s = item;
	s->n_list = 1;
}

const char *vp_setting_item(const struct vp_setting *s, size_t j)
{
	return s->list != NULL ? s->list[j] : s->s;
}

const char *vp_setting_joined(const struct vp_setting *s, char *buf, size_t size)
{
	size_t j, used = 0;

	if (size == 0)
		return buf;
	buf[0] = '\0';
	for (j = 0; j < s->n_list && used < size; j++) {
		int n = snprintf(buf + used, size - used, "%s%s", j > 0 ? "," : "", vp_setting_item(s, j));

		if (n < 0)
			break;
		used += (size_t)n;
	}
	return buf;
}

/* A LIST printed as one comma-separated string */
static void set_joined(struct sbuf *b, const char *key, const char (*list)[32], size_t n)
{
	struct vp_setting *s = next_setting(b, VP_SETTING_LIST, key);

	s->list = list;
	s->n_list = n;
	s->joined = true;
}

static void begin(struct sbuf *b, const char *key)
{
	next_setting(b, VP_SETTING_BEGIN, key);
}

static void end(struct sbuf *b)
{
	next_setting(b, VP_SETTING_END, NULL);
}

/* transformers OptimizerNames value for each optimizer (NULL: none). */
static const char *hf_optim(enum vp_optimizer o)
{
	switch (o) {
	case VP_OPT_ADAMW: return "adamw_torch";
	case VP_OPT_ADAMW_FUSED: return "adamw_torch_fused";
	case VP_OPT_ADAMW_8BIT: return "adamw_bnb_8bit";
	case VP_OPT_ADAMW_8BIT_AO: return "adamw_torch_8bit";
	case VP_OPT_ADAMW_4BIT: return "adamw_torch_4bit";
	case VP_OPT_PAGED_ADAMW: return "paged_adamw_32bit";
	case VP_OPT_PAGED_ADAMW_8BIT: return "paged_adamw_8bit";
	case VP_OPT_ADAFACTOR: return "adafactor";
	case VP_OPT_SGD: return "sgd";
	case VP_OPT_SGD_MOMENTUM: return "sgd"; /* momentum: emit_plan.c comment_notes */
	case VP_OPT_LION: return "lion_32bit";
	case VP_OPT_NONE: break;
	}
	return NULL;
}

static const char *lightning_precision(enum vp_precision p)
{
	switch (p) {
	case VP_PREC_FP32: return "32-true";
	case VP_PREC_AMP_FP16: return "16-mixed";
	case VP_PREC_AMP_BF16: return "bf16-mixed";
	case VP_PREC_BF16: return "bf16-true";
	case VP_PREC_FP16: return "16-true";
	}
	return "32-true";
}


/* TrainingArguments' batch keys, which LLaMA-Factory's arguments inherit.
 * A run without evaluation (--no-eval) has no eval batch: eval_strategy
 * "no" instead, written out although it is TrainingArguments' default,
 * because vramplan check reads a config with neither eval_strategy nor
 * do_eval as one that evaluates (docs/check.md), and a Trainer given an
 * eval_dataset by the script still evaluates only at a strategy other
 * than "no" (transformers trainer_callback.py DefaultFlowCallback sets
 * should_evaluate for IntervalStrategy.STEPS or EPOCH alone). */
static void trainer_batch_keys(struct sbuf *b, const struct vp_plan_request *req, const struct vp_plan *p)
{
	set_int(b, "per_device_train_batch_size", p->train_batch);
	if (!req->no_eval)
		set_int(b, "per_device_eval_batch_size", p->eval_batch);
	set_int(b, "gradient_accumulation_steps", p->grad_accum);
	if (req->no_eval)
		set_str(b, "eval_strategy", "no");
	if (p->eval_accumulation_steps > 0)
		set_int(b, "eval_accumulation_steps", p->eval_accumulation_steps);
}

/* TrainingArguments' DataLoader keys: _validate_args() refuses a prefetch
 * factor, and torch's DataLoader persistent workers, without workers */
static void trainer_dataloader_keys(struct sbuf *b, const struct vp_plan *p)
{
	set_int(b, "dataloader_num_workers", p->host.num_workers);
	set_bool(b, "dataloader_pin_memory", p->host.pin_memory);
	set_bool(b, "dataloader_persistent_workers", p->host.num_workers > 0 && p->host.persistent_workers);
	if (p->host.num_workers > 0 && p->host.prefetch_factor > 0)
		set_int(b, "dataloader_prefetch_factor", p->host.prefetch_factor);
}

/* The run's TrainingArguments keys past the batch and precision (hf, trl,
 * LLaMA-Factory, which inherits them): the optimizer, compilation, Liger
 * (`liger_key`: TrainingArguments' use_liger_kernel, LLaMA-Factory's
 * enable_liger_kernel), label_smoothing_factor and FSDP's options,
 * space-separated */
/* ZeRO-Offload's optimizer under the HF Trainer. Without an "optimizer"
 * section the Trainer builds its own (transformers integrations/
 * deepspeed.py deepspeed_optim_sched: trainer.create_optimizer()), and
 * DeepSpeed refuses any such client optimizer once the optimizer is
 * offloaded unless it is DeepSpeedCPUAdam (deepspeedai/DeepSpeed
 * deepspeed/runtime/engine.py _configure_optimizer: "You are using
 * ZeRO-Offload with a client provided optimizer ..." raises
 * ZeRORuntimeException while zero_force_ds_cpu_optimizer, default true,
 * holds). AdamW is planned as DeepSpeed's own: an "optimizer" section of
 * type AdamW, which DeepSpeed builds as DeepSpeedCPUAdam on the CPU
 * partition (engine.py _configure_basic_optimizer, zero_use_cpu_optimizer)
 * with the Trainer's hyperparameters ("auto": trainer_config_process),
 * the same fp32 exp_avg and exp_avg_sq as torch's AdamW (the states
 * counted); the Trainer's `optim` is then not read, so not written. Any
 * other optimizer stays the Trainer's, as planned, with
 * zero_force_ds_cpu_optimizer: false, DeepSpeed's own way to allow it. */
static bool ds_cpu_adam(const struct vp_train *t)
{
	return t->zero_stage > 0 && t->zero_offload_optimizer &&
	       (t->optimizer == VP_OPT_ADAMW || t->optimizer == VP_OPT_ADAMW_FUSED);
}

static void trainer_run_keys(struct sbuf *b, const struct vp_train *t, const char *liger_key)
{
	const char *optim = hf_optim(t->optimizer);

	if (optim != NULL && !ds_cpu_adam(t))
		set_str(b, "optim", optim);
	if (t->compile)
		set_bool(b, "torch_compile", true);
	if (t->liger_loss || t->liger_swiglu || t->liger_rms_norm)
		set_bool(b, liger_key, true);
	if (t->label_smoothing > 0.0)
		set_num(b, "label_smoothing_factor", t->label_smoothing);
	if (t->fsdp)
		set_str(b, "fsdp", "full_shard auto_wrap");
}

/* TrainingArguments' use_cache (transformers 5, huggingface/transformers
 * #41585): Trainer.__init__ sets model.config.use_cache to it, so with it
 * on every evaluation forward builds the KV cache the plan counted
 * (--use-cache). Off, the default, needs no key. LLaMA-Factory's use_cache
 * is its own generation setting, so not there. */
static void trainer_cache_key(struct sbuf *b, const struct vp_train *t)
{
	if (t->trainer_use_cache)
		set_bool(b, "use_cache", true);
}

/* Seq2SeqTrainingArguments' generation keys go with the hf profile alone
 * (settings.h); emit_plan.c notes that plain TrainingArguments refuses them */
bool vp_settings_generation_keys(const struct vp_plan_request *req, enum vp_profile profile)
{
	return profile == VP_PROFILE_HF && req->eval.generate && req->eval.predictions != VP_PREDS_NONE &&
	       req->train.head == VP_HEAD_SEQ2SEQ_LM;
}

/* The keys of a run without evaluation, in the words of each profile's
 * trainer: the HF Trainer evaluates only at an eval_strategy other than
 * "no" or with do_eval (an evaluation after training in the example
 * scripts), axolotl only with an evaluation split (val_set_size > 0 or
 * test_datasets), LLaMA-Factory only with one (val_size > 0 or
 * eval_dataset), Lightning not at limit_val_batches 0; a DeepSpeed
 * config has no evaluation keys, its loop evaluates or not. vramplan
 * check reads the TrainingArguments, axolotl and LLaMA-Factory keys as a
 * run without evaluation (tc_settle.c); it reads no Lightning config. */
const char *vp_settings_no_eval_keys(enum vp_profile profile)
{
	switch (profile) {
	case VP_PROFILE_AXOLOTL: return "axolotl: val_set_size: 0 and no test_datasets";
	case VP_PROFILE_LLAMAFACTORY: return "LLaMA-Factory: val_size: 0, eval_strategy: \"no\" and no eval_dataset";
	case VP_PROFILE_LIGHTNING: return "Lightning: trainer.limit_val_batches: 0";
	case VP_PROFILE_DEEPSPEED: return "DeepSpeed: no evaluation in the script's loop";
	case VP_PROFILE_HF:
	case VP_PROFILE_TRL:
	case VP_PROFILE_COUNT: break;
	}
	return "TrainingArguments: eval_strategy: \"no\" and no do_eval";
}

/* The eval batch was sized for Seq2SeqTrainer's generation: the keys that
 * make it generate, as `vramplan check` reads them back (generation_max_length
 * as the new tokens: for an encoder-decoder the decoder's whole output). A
 * decoder-only model's generation runs in the user's own loop, whose
 * max_length would count the prompt too: no keys for it. */
static void generation_keys(struct sbuf *b, const struct vp_plan_request *req)
{
	if (!vp_settings_generation_keys(req, VP_PROFILE_HF))
		return;
	set_bool(b, "predict_with_generate", true);
	set_int(b, "generation_max_length", req->eval.max_new_tokens);
	set_int(b, "generation_num_beams", req->eval.num_beams);
}

/* ZeRO-Offload as planned (docs/memory-model.md "ZeRO-Offload"): DeepSpeed's
 * offload sections (deepspeed/runtime/zero/offload_config.py), with the
 * pinned host buffers of HF's ZeRO templates (pin_memory: true) */
static void offload_sections(struct sbuf *b, const struct vp_train *t)
{
	if (t->zero_offload_optimizer) {
		begin(b, "offload_optimizer");
		set_str(b, "device", "cpu");
		set_bool(b, "pin_memory", true);
		end(b);
	}
	if (t->zero_offload_param) {
		begin(b, "offload_param");
		set_str(b, "device", "cpu");
		set_bool(b, "pin_memory", true);
		end(b);
	}
}

/*
 * Under ZeRO, `deepspeed:` as a mapping, which TrainingArguments (and
 * LLaMA-Factory's subclass, and axolotl: `deepspeed: str | dict`) takes in
 * place of a file name: the stage, and "auto" for what the HF Trainer fills
 * in from its own arguments (integrations/deepspeed.py,
 * trainer_config_process), so that the two cannot mismatch, which the
 * Trainer refuses.
 */
static void deepspeed_mapping(struct sbuf *b, const struct vp_train *t)
{
	if (t->zero_stage <= 0)
		return;
	begin(b, "deepspeed");
	begin(b, "zero_optimization");
	set_int(b, "stage", (uint64_t)t->zero_stage);
	offload_sections(b, t);
	end(b);
	set_str(b, "train_micro_batch_size_per_gpu", "auto");
	set_str(b, "gradient_accumulation_steps", "auto");
	set_str(b, "train_batch_size", "auto");
	begin(b, "bf16");
	set_str(b, "enabled", "auto");
	end(b);
	begin(b, "fp16");
	set_str(b, "enabled", "auto");
	end(b);
	if (ds_cpu_adam(t)) {
		begin(b, "optimizer");
		set_str(b, "type", "AdamW");
		begin(b, "params");
		set_str(b, "lr", "auto");
		set_str(b, "betas", "auto");
		set_str(b, "eps", "auto");
		set_str(b, "weight_decay", "auto");
		end(b);
		end(b);
	} else if (t->zero_offload_optimizer) {
		set_bool(b, "zero_force_ds_cpu_optimizer", false);
	}
	end(b);
}

static void settings_hf(struct sbuf *b, const struct vp_plan_request *req, const struct vp_plan *p)
{
	const struct vp_train *t = &req->train;

	trainer_batch_keys(b, req, p);
	set_bool(b, "gradient_checkpointing", t->grad_ckpt);
	/* the autocast flags: pure 16-bit training loads the model in that
	 * dtype instead (fp16=True would make GradScaler unscale fp16
	 * gradients, which it refuses). Under ZeRO the flags fill the
	 * deepspeed mapping's "auto" (HfTrainerDeepSpeedConfig.trainer_config_
	 * process: bf16.enabled from args.bf16), and DeepSpeed's engine casts
	 * the model itself: false there would run it in fp32. */
	set_bool(b, "bf16", t->precision == VP_PREC_AMP_BF16 || (t->zero_stage > 0 && t->precision == VP_PREC_BF16));
	set_bool(b, "fp16", t->precision == VP_PREC_AMP_FP16 || (t->zero_stage > 0 && t->precision == VP_PREC_FP16));
	trainer_run_keys(b, t, "use_liger_kernel");
	trainer_cache_key(b, t);
	/* --eval-predictions none plans the eval batch with the loss alone
	 * kept; TrainingArguments' prediction_loss_only makes the Trainer's
	 * evaluation keep nothing else whatever compute_metrics the script
	 * passes (Trainer.prediction_step returns (loss, None, None)), and
	 * check reads the key back as that evaluation, as the trl profile's.
	 * Until 2026-11-30 the hf plan printed no key for it, and check of
	 * its own output assumed the logits kept: Qwen2.5 3B LoRA's eval batch
	 * 61 on an H100 read back with "evaluation runs out of memory at eval
	 * step 2" */
	if (req->eval.predictions == VP_PREDS_NONE && !req->no_eval)
		set_bool(b, "prediction_loss_only", true);
	deepspeed_mapping(b, t);
	generation_keys(b, req);
	trainer_dataloader_keys(b, p);
}

static void settings_lightning(struct sbuf *b, const struct vp_plan_request *req, const struct vp_plan *p)
{
	const struct vp_train *t = &req->train;

	begin(b, "trainer");
	set_int(b, "accumulate_grad_batches", p->grad_accum);
	set_str(b, "precision", lightning_precision(t->precision));
	/* the data-parallel setup planned: Trainer(devices=N, strategy=...),
	 * with the strategies' registered names (lightning/pytorch/strategies:
	 * DeepSpeedStrategy.register_strategies, FSDPStrategy, DDPStrategy);
	 * devices always, since its default "auto" takes every visible GPU
	 * and runs DDP over them, which a one-GPU plan did not count */
	set_int(b, "devices", t->gpus > 1 ? t->gpus : 1);
	if (t->zero_stage > 0)
		set_str(b, "strategy", t->zero_stage == 1   ? "deepspeed_stage_1"
				       : t->zero_stage == 2 ? (t->zero_offload_optimizer ? "deepspeed_stage_2_offload"
										 : "deepspeed_stage_2")
				       : t->zero_offload_optimizer ? "deepspeed_stage_3_offload"
								   : "deepspeed_stage_3");
	else if (t->fsdp)
		set_str(b, "strategy", "fsdp");
	else if (t->gpus > 1)
		set_str(b, "strategy", "ddp");
	/* Trainer(limit_val_batches=0) gives the validation loop no batches,
	 * which it then skips (lightning/pytorch/loops/evaluation_loop.py
	 * _EvaluationLoop.skip: sum(max_batches) == 0), whatever
	 * val_dataloader the data module has: the run --no-eval plans */
	if (req->no_eval)
		set_int(b, "limit_val_batches", 0);
	end(b);
	begin(b, "data");
	set_int(b, "batch_size", p->train_batch);
	if (!req->no_eval)
		set_int(b, "eval_batch_size", p->eval_batch);
	set_int(b, "num_workers", p->host.num_workers);
	set_bool(b, "pin_memory", p->host.pin_memory);
	set_bool(b, "persistent_workers", p->host.num_workers > 0 && p->host.persistent_workers);
	if (p->host.num_workers > 0 && p->host.prefetch_factor > 0)
		set_int(b, "prefetch_factor", p->host.prefetch_factor);
	end(b);
}

static void settings_deepspeed(struct sbuf *b, const struct vp_plan_request *req, const struct vp_plan *p)
{
	const struct vp_train *t = &req->train;

	set_int(b, "train_micro_batch_size_per_gpu", p->train_batch);
	set_int(b, "gradient_accumulation_steps", p->grad_accum);
	set_int(b, "train_batch_size", p->effective_batch);
	begin(b, "bf16");
	set_bool(b, "enabled", t->precision == VP_PREC_AMP_BF16 || t->precision == VP_PREC_BF16);
	end(b);
	begin(b, "fp16");
	set_bool(b, "enabled", t->precision == VP_PREC_AMP_FP16 || t->precision == VP_PREC_FP16);
	end(b);
	if (t->zero_stage > 0) {
		begin(b, "zero_optimization");
		set_int(b, "stage", (uint64_t)t->zero_stage);
		offload_sections(b, t);
		end(b);
	}
	/* the loop's own optimizer, passed to deepspeed.initialize, is a
	 * client optimizer, which DeepSpeed refuses under ZeRO-Offload unless
	 * it is DeepSpeedCPUAdam (engine.py _configure_optimizer) while
	 * zero_force_ds_cpu_optimizer holds; an "optimizer" section would
	 * need the loop's learning rate, which the plan does not know, so
	 * the switch, DeepSpeed's own way to allow it (check warns without
	 * either: tc_settle.c) */
	if (t->zero_stage > 0 && t->zero_offload_optimizer)
		set_bool(b, "zero_force_ds_cpu_optimizer", false);
}

static void settings_axolotl(struct sbuf *b, const struct vp_model *m, const struct vp_plan_request *req,
			     const struct vp_plan *p)
{
	const struct vp_train *t = &req->train;
	const char *optim = hf_optim(t->optimizer);

	set_int(b, "micro_batch_size", p->train_batch);
	set_int(b, "gradient_accumulation_steps", p->grad_accum);
	/* axolotl evaluates only an evaluation split: val_set_size > 0 or
	 * test_datasets (schemas/config.py val_set_size, default 0.0); 0
	 * written out says the run --no-eval planned, as check reads it */
	if (req->no_eval)
		set_int(b, "val_set_size", 0);
	else
		set_int(b, "eval_batch_size", p->eval_batch);
	set_bool(b, "gradient_checkpointing", t->grad_ckpt);
	/* bf16: true is both autocast and the dtype axolotl loads the model
	 * in (resolve_dtype): vramplan's bf16, 16-bit weights under autocast;
	 * over a quantized base, whose unquantized parameters PEFT casts to
	 * fp32, amp-bf16. fp32 weights under autocast without a quantized
	 * base have no key (resolve.c warns). */
	set_bool(b, "bf16", t->precision == VP_PREC_AMP_BF16 || t->precision == VP_PREC_BF16);
	set_bool(b, "fp16", t->precision == VP_PREC_AMP_FP16 || t->precision == VP_PREC_FP16);
	set_int(b, "sequence_len", t->seq_len);
	/* schemas/config.py sample_packing: axolotl's multipack sampler packs
	 * samples into rows of sequence_len, which check reads back as the
	 * packed batch planned (tc_keys.c k_packing). Until 2026-11-30 the
	 * axolotl plan printed no packing key, and its keys read back as a
	 * padded batch, with its mask: a higher peak than planned
	 * (tests/cli/profiles/axolotl-packed-round-trip.sh) */
	if (t->packed)
		set_bool(b, "sample_packing", true);
	if (vp_train_has_adapters(t)) {
		bool four_bit = t->quant == VP_QUANT_NF4 || t->quant == VP_QUANT_NF4_DQ;

		/* axolotl's validate_qlora: adapter qlora requires load_in_4bit
		 * and refuses 8-bit and GPTQ bases, which train as adapter lora */
		set_str(b, "adapter", four_bit ? "qlora" : "lora");
		if (four_bit)
			set_bool(b, "load_in_4bit", true);
		if (t->quant == VP_QUANT_INT8)
			set_bool(b, "load_in_8bit", true);
		if (t->quant == VP_QUANT_GPTQ_INT4)
			set_bool(b, "gptq", true);
		set_int(b, "lora_r", t->lora_r);
		set_num(b, "lora_dropout", t->lora_dropout);
		if (t->n_lora_targets > 0)
			set_list(b, "lora_target_modules", (const char (*)[32])t->lora_targets, t->n_lora_targets);
		if (t->lora_all_linear)
			set_bool(b, "lora_target_linear", true);
		/* peft.py LoraConfig peft_use_dora, LoraConfig(use_dora=...) */
		if (t->dora)
			set_bool(b, "peft_use_dora", true);
	}
	if (optim != NULL && !ds_cpu_adam(t))
		set_str(b, "optimizer", optim);
	/* FlashAttention-2 is never transformers' default: axolotl loads the
	 * model with attn_implementation="flash_attention_2" for
	 * flash_attention: true (the key of its examples; its newest schema
	 * names attn_implementation instead and keeps this one, deprecated),
	 * which vramplan check reads back as FlashAttention-2. Without it
	 * the run takes SDPA, with its padded batch's mask in every layer. */
	if (t->attn == VP_ATTN_FLASH2)
		set_bool(b, "flash_attention", true);
	/* The T5 family's SDPA is asked for by name (sdp_attention:
	 * attn_implementation="sdpa"): unnamed, the run takes the
	 * transformers release's own choice, eager before
	 * huggingface/transformers#47014, and vramplan check reads eager
	 * (trainconfig.c). Until 2026-12-01 a T5 plan with --attn sdpa
	 * wrote no key, and its batch was checked, or run, as eager
	 * (tests/cli/profiles/t5-sdpa-named.sh). */
	else if (t->attn == VP_ATTN_SDPA && m != NULL && m->naming == VP_NAMING_T5)
		set_bool(b, "sdp_attention", true);
	/* Eager likewise where the run's default is another kernel (SDPA,
	 * transformers' on PyTorch 2): axolotl's eager_attention: true
	 * (_set_attention_config, src/axolotl/loaders/model.py:
	 * attn_implementation="eager"), which check reads (tc_keys.c). Until
	 * 2026-12-01 the plan wrote no key, and Llama's eager batch ran, and
	 * was checked, as SDPA (tests/cli/profiles/eager-named.sh). */
	else if (t->attn == VP_ATTN_EAGER && m != NULL && vp_attn_eager_not_default(m, t))
		set_bool(b, "eager_attention", true);
	if (t->compile)
		set_bool(b, "torch_compile", true);
	/* schemas/config.py activation_offloading: Literal["legacy", "disk"]
	 * | bool; true enters TRL's get_act_offloading_ctx_manager around each
	 * training step (core/trainers/mixins/activation_checkpointing.py
	 * ActivationOffloadingMixin) */
	if (t->activation_offload)
		set_bool(b, "activation_offloading", true);
	if (t->liger_loss || t->liger_swiglu || t->liger_rms_norm) {
		/* axolotl's LigerPlugin (axolotl/integrations/liger), each
		 * kernel on its own (LigerArgs: unset is off) */
		set_list1(b, "plugins", "axolotl.integrations.liger.LigerPlugin");
		set_bool(b, "liger_fused_linear_cross_entropy", t->liger_loss);
		set_bool(b, "liger_glu_activation", t->liger_swiglu);
		set_bool(b, "liger_rms_norm", t->liger_rms_norm);
	}
	/* schemas/config.py chunked_cross_entropy and
	 * chunked_cross_entropy_num_chunks: torchtune's CEWithChunkedOutputLoss
	 * in place of ForCausalLMLoss (monkeypatch/loss/chunked.py), over the
	 * logits the model keeps in the compute dtype, one chunk upcast at a
	 * time: the chunked loss planned (logits.c). Its chunks split each
	 * sequence (source.chunk(n, dim=1)); n = ceil(s / 128) keeps them
	 * within the 128 positions counted, where its default 8 would not
	 * above 1024 tokens. It compiles each chunk's cross-entropy, which
	 * then keeps no log-probabilities: less than an uncompiled plan.
	 * Liger's fused loss, when on, runs instead. */
	if (t->loss == VP_LOSS_CHUNKED && !t->liger_loss) {
		set_bool(b, "chunked_cross_entropy", true);
		set_int(b, "chunked_cross_entropy_num_chunks", (t->seq_len + 127) / 128);
	}
	deepspeed_mapping(b, t);
	/* FSDP as axolotl's docs write it (docs/multi-gpu.qmd): fsdp_version 2
	 * and fsdp_config, each block wrapped and resharded after the forward
	 * (full sharding, what vramplan models) */
	if (t->fsdp) {
		set_int(b, "fsdp_version", 2);
		begin(b, "fsdp_config");
		set_str(b, "auto_wrap_policy", "TRANSFORMER_BASED_WRAP");
		set_bool(b, "reshard_after_forward", true);
		end(b);
	}
	set_int(b, "dataloader_num_workers", p->host.num_workers);
	set_bool(b, "dataloader_pin_memory", p->host.pin_memory);
	if (p->host.num_workers > 0 && p->host.prefetch_factor > 0)
		set_int(b, "dataloader_prefetch_factor", p->host.prefetch_factor);
}

/*
 * LLaMA-Factory loads the model in its compute dtype and casts what trains
 * to fp32 (docs/check.md, "llamafactory"), so bf16/fp16 say both the dtype
 * and the autocast: a 16-bit base for LoRA, fp32 weights under autocast for
 * a full fine-tune; pure_bf16 keeps a full fine-tune in bf16. The planner
 * plans the precision these keys give (src/cli/resolve.c).
 */
static void settings_llamafactory(struct sbuf *b, const struct vp_model *m, const struct vp_plan_request *req,
				 const struct vp_plan *p)
{
	const struct vp_train *t = &req->train;
	bool bf16 = t->precision == VP_PREC_AMP_BF16 || t->precision == VP_PREC_BF16;
	bool fp16 = t->precision == VP_PREC_AMP_FP16 || t->precision == VP_PREC_FP16;

	/* TrainingArguments' do_train defaults to false, and LLaMA-Factory's
	 * workflows train only `if training_args.do_train`
	 * (train/sft/workflow.py), as its training examples say it */
	set_bool(b, "do_train", true);
	trainer_batch_keys(b, req, p);
	/* LLaMA-Factory evaluates only an evaluation split: val_size > 0
	 * (hparams/data_args.py, default 0.0) or eval_dataset, which
	 * parser.py get_train_args requires for do_eval ("Please specify
	 * dataset for evaluation"); with eval_strategy "no" above, the run
	 * --no-eval planned */
	if (req->no_eval)
		set_int(b, "val_size", 0);
	set_int(b, "cutoff_len", t->seq_len);
	if (vp_train_has_adapters(t)) {
		set_str(b, "finetuning_type", "lora");
		set_int(b, "lora_rank", t->lora_r);
		set_num(b, "lora_dropout", t->lora_dropout);
		if (t->lora_all_linear)
			set_str(b, "lora_target", "all");
		else
			set_joined(b, "lora_target", (const char (*)[32])t->lora_targets, t->n_lora_targets);
		/* finetuning_args.py LoraArguments use_dora */
		if (t->dora)
			set_bool(b, "use_dora", true);
		/* bitsandbytes on the fly; a GPTQ checkpoint says its own
		 * quantization (quantization_config) */
		if (t->quant == VP_QUANT_NF4 || t->quant == VP_QUANT_NF4_DQ || t->quant == VP_QUANT_INT8) {
			set_int(b, "quantization_bit", t->quant == VP_QUANT_INT8 ? 8 : 4);
			if (t->quant == VP_QUANT_NF4)
				set_bool(b, "double_quantization", false);
		}
	} else {
		set_str(b, "finetuning_type", "full");
		if (t->precision == VP_PREC_BF16)
			set_bool(b, "pure_bf16", true);
	}
	set_bool(b, "bf16", bf16);
	set_bool(b, "fp16", fp16);
	set_bool(b, "disable_gradient_checkpointing", !t->grad_ckpt);
	/* SDPA is transformers' own choice where the model has it, eager where
	 * not (T5 before huggingface/transformers#47014; the plan's T5 default
	 * is eager, "disabled"): LLaMA-Factory's "auto" leaves it that choice, where "sdpa"
	 * sets the config's _attn_implementation (model_utils/attention.py
	 * configure_attn_implementation), which from_pretrained refuses for a
	 * model without an SDPA path. Gemma 2 is the exception: there "auto"
	 * becomes FlashAttention-2 where it is installed and eager where not,
	 * so the plan's SDPA is asked for by name (it runs, with a warning);
	 * the T5 family's too, whose "auto" is eager before
	 * huggingface/transformers#47014 and is checked as eager (trainconfig.c):
	 * a release without its SDPA then refuses the key instead of running
	 * eager at a batch planned for SDPA */
	set_str(b, "flash_attn",
		t->attn == VP_ATTN_EAGER    ? "disabled"
		: t->attn == VP_ATTN_FLASH2 ? "fa2"
		: m != NULL && (strcmp(m->model_type, "gemma2") == 0 || m->naming == VP_NAMING_T5) ? "sdpa"
												    : "auto");
	if (t->packed)
		set_bool(b, "packing", true);
	/* finetuning_args.py compute_accuracy: the SFT workflow's
	 * ComputeAccuracy, whose preprocess_logits_for_metrics
	 * (eval_logit_processor) keeps the argmax; without it no metric runs
	 * and evaluation keeps the loss alone (resolve.c) */
	if (req->eval.predictions == VP_PREDS_ARGMAX)
		set_bool(b, "compute_accuracy", true);
	trainer_run_keys(b, t, "enable_liger_kernel");
	deepspeed_mapping(b, t);
	trainer_dataloader_keys(b, p);
}

/* transformers' attn_implementation name of each kernel */
static const char *hf_attn(enum vp_attn a)
{
	switch (a) {
	case VP_ATTN_EAGER: return "eager";
	case VP_ATTN_SDPA: return "sdpa";
	case VP_ATTN_FLASH2: return "flash_attention_2";
	}
	return "sdpa";
}

/*
 * TRL's SFT: SFTConfig's keys are TrainingArguments', and ModelConfig says
 * how the model is loaded and adapted. dtype states the weights'
 * dtype: fp32 under autocast (so that transformers 5, which loads a model as
 * stored, loads what was planned), 16 bit for pure bf16/fp16, which run
 * the Trainer's autocast over them, TRL's own recipe (a full fine-tune in
 * fp16 without it: fp16: true would make GradScaler unscale fp16
 * gradients, which it refuses). Over a bitsandbytes base dtype is
 * also the compute dtype (TRL's get_quantization_config), so resolve.c
 * plans such a run in 16 bit (SFTTrainer's peft_module_casting_to_bf16
 * keeps the embeddings and head in it), as check reads these keys.
 */
static void settings_trl(struct sbuf *b, const struct vp_plan_request *req, const struct vp_plan *p)
{
	const struct vp_train *t = &req->train;
	const char *dtype = t->precision == VP_PREC_BF16 ? "bfloat16" : t->precision == VP_PREC_FP16 ? "float16" : "float32";

	trainer_batch_keys(b, req, p);
	set_bool(b, "gradient_checkpointing", t->grad_ckpt);
	set_bool(b, "bf16", t->precision == VP_PREC_AMP_BF16 || t->precision == VP_PREC_BF16);
	/* fp16 weights that train take no GradScaler; fp32 adapters over
	 * them do (TRL's QLoRA recipe on GPUs without bf16) */
	set_bool(b, "fp16", t->precision == VP_PREC_AMP_FP16 ||
				    (t->precision == VP_PREC_FP16 && vp_train_has_adapters(t) && !t->lora_16bit_adapters) ||
				    (t->precision == VP_PREC_FP16 && t->zero_stage > 0));
	/* ModelConfig's `dtype` (`torch_dtype` before huggingface/trl#4000, which
	 * kept it as a deprecated alias announced for removal in TRL 0.27) */
	set_str(b, "dtype", dtype);
	/* transformers' default is SDPA where the model has it, eager where
	 * not (T5 before huggingface/transformers#47014): naming it would make from_pretrained refuse such a model */
	if (t->attn != VP_ATTN_SDPA)
		set_str(b, "attn_implementation", hf_attn(t->attn));
	set_int(b, "max_length", t->seq_len);
	if (t->packed) {
		set_bool(b, "packing", true);
		/* SFTConfig's default packing_strategy "bfd" makes SFTTrainer
		 * padding-free (sft_trainer.py: self.padding_free =
		 * args.padding_free or (args.packing and args.packing_strategy
		 * in {"bfd", "bfd_split"})): the collator flattens the batch
		 * into one row of position_ids, no attention_mask, which only
		 * FlashAttention reads as separate sequences (TRL warns
		 * otherwise; transformers' masking_utils builds SDPA and eager
		 * a mask over the whole row from the position_ids,
		 * find_packed_sequence_indices). "wrapped" cuts the stream into
		 * rows of max_length, padded by the collator, whose all-ones
		 * attention_mask SDPA drops for is_causal: the packed plan's
		 * batch, without a mask, for every kernel but FlashAttention */
		set_str(b, "packing_strategy", t->attn == VP_ATTN_FLASH2 ? "bfd" : "wrapped");
	}
	/* SFTConfig.loss_type: unset, TRL >= 1.7 runs "chunked_nll"
	 * (huggingface/trl#5846; "nll" with use_liger_kernel), which keeps no
	 * logits: the LM head and cross-entropy run on 256 non-ignored tokens
	 * at a time under checkpointing (trl#5575). The plan's standard loss
	 * keeps them ("Logits and loss"), so it says "nll"; its --loss chunked
	 * (litgpt's and torchtune's, which keep the chunks) has no TRL key,
	 * and chunked_nll, the nearest TRL has, stands for it with a note
	 * (emit_plan.c: it holds less at long sequences, not at short ones
	 * before trl#6863). TRL refuses chunked_nll beside use_liger_kernel,
	 * whose fused loss then runs in its place. */
	set_str(b, "loss_type", t->loss == VP_LOSS_CHUNKED && !t->liger_loss ? "chunked_nll" : "nll");
	/* SFTConfig.activation_offloading: SFTTrainer enters
	 * get_act_offloading_ctx_manager (trl/models/activation_offloading.py,
	 * torchtune's OffloadActivations) around each training step */
	if (t->activation_offload)
		set_bool(b, "activation_offloading", true);
	if (vp_train_has_adapters(t)) {
		set_bool(b, "use_peft", true);
		set_int(b, "lora_r", t->lora_r);
		set_num(b, "lora_dropout", t->lora_dropout);
		if (t->lora_all_linear)
			set_str(b, "lora_target_modules", "all-linear");
		else
			set_list(b, "lora_target_modules", (const char (*)[32])t->lora_targets, t->n_lora_targets);
		/* ModelConfig use_dora, which trl/trainer/utils.py
		 * get_peft_config passes to LoraConfig */
		if (t->dora)
			set_bool(b, "use_dora", true);
		/* bitsandbytes on the fly; a GPTQ checkpoint says its own
		 * quantization (quantization_config) */
		if (t->quant == VP_QUANT_NF4 || t->quant == VP_QUANT_NF4_DQ) {
			set_bool(b, "load_in_4bit", true);
			set_str(b, "bnb_4bit_quant_type", "nf4");
			set_bool(b, "use_bnb_nested_quant", t->quant == VP_QUANT_NF4_DQ);
		} else if (t->quant == VP_QUANT_INT8) {
			set_bool(b, "load_in_8bit", true);
		}
	} else {
		set_bool(b, "use_peft", false);
	}
	trainer_run_keys(b, t, "use_liger_kernel");
	trainer_cache_key(b, t);
	/* what `trl sft` evaluates without a compute_metrics, said so that
	 * check reads the same evaluation (TrainingArguments' key); nothing
	 * to say of a run without evaluation */
	if (req->eval.predictions == VP_PREDS_NONE && !req->no_eval)
		set_bool(b, "prediction_loss_only", true);
	deepspeed_mapping(b, t);
	trainer_dataloader_keys(b, p);
}

size_t vp_plan_settings(const struct vp_model *m, const struct vp_plan_request *req, const struct vp_plan *plan,
			enum vp_profile profile, struct vp_setting *out, size_t cap)
{
	struct sbuf b;

	b.out = out;
	b.cap = out != NULL ? cap : 0;
	b.n = 0;
	switch (profile) {
	case VP_PROFILE_LIGHTNING:
		settings_lightning(&b, req, plan);
		break;
	case VP_PROFILE_DEEPSPEED:
		settings_deepspeed(&b, req, plan);
		break;
	case VP_PROFILE_AXOLOTL:
		settings_axolotl(&b, m, req, plan);
		break;
	case VP_PROFILE_LLAMAFACTORY:
		settings_llamafactory(&b, m, req, plan);
		break;
	case VP_PROFILE_TRL:
		settings_trl(&b, req, plan);
		break;
	case VP_PROFILE_HF:
	case VP_PROFILE_COUNT:
		settings_hf(&b, req, plan);
		break;
	}
	return b.n;
}

/* The numbers of one training step, shared by the estimate's YAML mapping
 * and the "estimate" object of both JSON outputs. */
size_t vp_estimate_settings(const struct vp_estimate *e, uint64_t batch, uint64_t budget,
			      uint64_t ewc, struct vp_setting *out, size_t cap)
{
	static const char *const comp_keys[VP_COMP_COUNT] = {
		"weights_bytes", "weight_copies_bytes", "gradients_bytes", "optimizer_bytes",
		"activations_bytes", "attention_scores_bytes", "logits_bytes", "transient_bytes",
	};
	struct sbuf b;
	int c;

	b.out = out;
	b.cap = cap;
	b.n = 0;
	set_int(&b, "batch", batch);
	set_bool(&b, "fits", e->device_bytes + ewc <= budget);
	set_str(&b, "peak_phase", vp_phase_name(e->peak_phase));
	set_int(&b, "budget_bytes", budget);
	for (c = 0; c < VP_COMP_COUNT; c++)
		set_int(&b, comp_keys[c], e->peak_bytes[c]);
	if (ewc > 0)
		set_int(&b, "ewc_bytes", ewc);
	/* EWC's copies are tensors the allocator holds beside the step's */
	set_int(&b, "allocated_bytes", e->allocated_bytes + ewc);
	set_int(&b, "allocator_bytes", e->allocator_bytes);
	set_int(&b, "reserved_bytes", e->reserved_bytes + ewc);
	set_int(&b, "context_bytes", e->context_bytes);
	if (e->paged_optimizer_bytes > 0)
		set_int(&b, "paged_optimizer_bytes", e->paged_optimizer_bytes);
	set_int(&b, "device_bytes", e->device_bytes + ewc);
	set_int(&b, "forward_allocated_bytes", e->phase_allocated_bytes[VP_PHASE_FORWARD]);
	set_int(&b, "backward_allocated_bytes", e->phase_allocated_bytes[VP_PHASE_BACKWARD]);
	set_int(&b, "optimizer_allocated_bytes", e->phase_allocated_bytes[VP_PHASE_OPTIMIZER]);
	set_int(&b, "params_total", e->params_total);
	set_int(&b, "params_trainable", e->params_trainable);
	if (e->dora_params > 0) {
		set_int(&b, "dora_magnitude_params", e->dora_params);
		set_int(&b, "dora_saved_bytes", e->dora_saved_bytes);
		set_int(&b, "dora_transient_bytes", e->dora_transient_bytes);
	}
	/* ZeRO-Offload: one process's partitions in host RAM */
	if (e->offload_host_bytes > 0)
		set_int(&b, "offload_host_bytes", e->offload_host_bytes);
	/* ZeRO: one rank's fp32 master partition and optimizer states, which
	 * its DeepSpeed checkpoint clones to the CPU at each save */
	if (e->zero_partition_bytes > 0)
		set_int(&b, "zero_partition_bytes", e->zero_partition_bytes);
	return b.n;
}

size_t vp_estimate_eval_settings(const struct vp_eval_opts *opts, uint64_t batch, uint64_t steps,
				 const struct vp_eval_estimate *ev, uint64_t budget, struct vp_setting *out,
				 size_t cap)
{
	struct sbuf b;

	b.out = out;
	b.cap = cap;
	b.n = 0;
	set_int(&b, "eval_batch", batch);
	set_bool(&b, "eval_fits", ev->device_bytes <= budget);
	set_str(&b, "eval_peak_moment", vp_eval_moment_name(ev->peak_moment));
	set_bool(&b, "eval_generate", opts->generate);
	set_int(&b, "eval_num_beams", opts->generate ? opts->num_beams : 0);
	set_int(&b, "eval_max_new_tokens", opts->generate ? opts->max_new_tokens : 0);
	set_str(&b, "eval_predictions", vp_eval_preds_name(opts->predictions));
	set_int(&b, "eval_accumulation_steps", steps);
	set_int(&b, "eval_resident_bytes", ev->resident_bytes);
	set_int(&b, "eval_weight_copies_bytes", ev->weight_copies_bytes);
	set_int(&b, "eval_working_bytes", ev->working_bytes);
	set_int(&b, "eval_logits_bytes", ev->logits_bytes);
	set_int(&b, "eval_loss_bytes", ev->loss_bytes);
	set_int(&b, "eval_kv_cache_bytes", ev->kv_cache_bytes);
	set_int(&b, "eval_forward_kv_cache_bytes", ev->forward_kv_cache_bytes);
	set_int(&b, "eval_generate_bytes", ev->generate_bytes);
	set_int(&b, "eval_predictions_peak_bytes", ev->predictions_peak_bytes);
	set_int(&b, "eval_predictions_bytes_per_step", ev->predictions_bytes_per_step);
	set_int(&b, "eval_allocated_bytes", ev->allocated_bytes);
	set_int(&b, "eval_reserved_bytes", ev->reserved_bytes);
	set_int(&b, "eval_device_bytes", ev->device_bytes);
	return b.n;
}
