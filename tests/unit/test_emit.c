/*
 * The plan and estimate emitters: every key of every profile checked
 * against the tool's own names (lists copied from its source or docs, cited
 * below), the YAML parses back to exactly the settings, and the JSON
 * carries the same values.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>
#include <yaml.h>

#include "vramplan/catalog.h"
#include "vramplan/emit.h"
#include "vramplan/heads.h"
#include "vramplan/plan.h"

#define GIB ((uint64_t)1 << 30)

/*
 * transformers.TrainingArguments dataclass fields, copied from
 * huggingface/transformers src/transformers/training_args.py (commit
 * 00349ae87eddc872ffa21a8a54f264375a0056a8).
 */
static const char *const training_arguments[] = {
	"output_dir", "per_device_train_batch_size", "num_train_epochs", "max_steps", "learning_rate",
	"lr_scheduler_type", "lr_scheduler_kwargs", "warmup_steps", "optim", "optim_args", "weight_decay",
	"adam_beta1", "adam_beta2", "adam_epsilon", "optim_target_modules", "gradient_accumulation_steps",
	"average_tokens_across_devices", "max_grad_norm", "label_smoothing_factor", "bf16", "fp16",
	"bf16_full_eval", "fp16_full_eval", "tf32", "gradient_checkpointing", "gradient_checkpointing_kwargs",
	"torch_compile", "torch_compile_backend", "torch_compile_mode", "use_liger_kernel",
	"liger_kernel_config", "use_cache", "neftune_noise_alpha", "torch_empty_cache_steps",
	"auto_find_batch_size", "logging_strategy", "logging_steps", "logging_first_step", "log_on_each_node",
	"logging_nan_inf_filter", "include_num_input_tokens_seen", "log_level", "log_level_replica",
	"disable_tqdm", "report_to", "run_name", "project", "trackio_space_id", "eval_strategy", "eval_steps",
	"eval_delay", "per_device_eval_batch_size", "prediction_loss_only", "eval_on_start",
	"eval_do_concat_batches", "eval_use_gather_object", "eval_accumulation_steps", "include_for_metrics",
	"batch_eval_metrics", "save_only_model", "save_strategy", "save_steps", "save_on_each_node",
	"save_total_limit", "enable_jit_checkpoint", "push_to_hub", "hub_token", "hub_private_repo",
	"hub_model_id", "hub_strategy", "hub_always_push", "hub_revision", "load_best_model_at_end",
	"metric_for_best_model", "greater_is_better", "ignore_data_skip",
	"restore_callback_states_from_checkpoint", "full_determinism", "seed", "data_seed", "use_cpu",
	"accelerator_config", "parallelism_config", "dataloader_drop_last", "dataloader_num_workers",
	"dataloader_pin_memory", "dataloader_persistent_workers", "dataloader_prefetch_factor",
	"remove_unused_columns", "label_names", "train_sampling_strategy", "length_column_name",
	"ddp_find_unused_parameters", "ddp_bucket_cap_mb", "ddp_broadcast_buffers", "ddp_backend",
	"ddp_timeout", "fsdp", "fsdp_config", "deepspeed", "debug", "skip_memory_metrics", "do_train",
	"do_eval", "do_predict", "resume_from_checkpoint", "warmup_ratio", "logging_dir", "local_rank",
	/* Seq2SeqTrainingArguments' own fields (training_args_seq2seq.py) */
	"sortish_sampler", "predict_with_generate", "generation_max_length", "generation_num_beams",
	"generation_config", NULL,
};

/* OptimizerNames values from the same file (a subset: the ones vramplan
 * can estimate, plus their aliases). */
static const char *const optimizer_names[] = {
	"adamw_torch", "adamw_torch_fused", "adafactor", "sgd", "adamw_bnb_8bit", "adamw_8bit",
	"lion_32bit", "paged_adamw_32bit", "paged_adamw_8bit", "adamw_torch_8bit", "adamw_torch_4bit", NULL,
};

/*
 * Lightning Trainer.__init__ arguments (Lightning-AI/pytorch-lightning
 * src/lightning/pytorch/trainer/trainer.py) and the precision strings of
 * _PRECISION_INPUT (its accelerator connector; "16-true" and "bf16-true"
 * since Lightning 2.1).
 */
static const char *const lightning_trainer[] = {
	"logger", "enable_checkpointing", "callbacks", "default_root_dir", "gradient_clip_val",
	"gradient_clip_algorithm", "num_nodes", "devices", "enable_progress_bar", "overfit_batches",
	"check_val_every_n_epoch", "fast_dev_run", "accumulate_grad_batches", "max_epochs", "min_epochs",
	"max_steps", "min_steps", "max_time", "limit_train_batches", "limit_val_batches",
	"limit_test_batches", "limit_predict_batches", "val_check_interval", "log_every_n_steps",
	"accelerator", "strategy", "sync_batchnorm", "precision", "enable_model_summary",
	"num_sanity_val_steps", "profiler", "benchmark", "deterministic", "reload_dataloaders_every_n_epochs",
	"detect_anomaly", "plugins", "inference_mode", "use_distributed_sampler", "barebones", NULL,
};

static const char *const lightning_precisions[] = {
	"64-true", "32-true", "16-mixed", "bf16-mixed", "16-true", "bf16-true", NULL,
};

/*
 * `data:` is the LightningDataModule's section; vramplan names its keys
 * after torch.utils.data.DataLoader's arguments (torch/utils/data/
 * dataloader.py: dataset, batch_size, shuffle, sampler, batch_sampler,
 * num_workers, collate_fn, pin_memory, drop_last, timeout, worker_init_fn,
 * multiprocessing_context, generator, prefetch_factor, persistent_workers,
 * pin_memory_device, in_order), plus eval_batch_size for the validation
 * loader, which DataLoader has no name for.
 */
static const char *const lightning_data[] = {
	"batch_size", "num_workers", "pin_memory", "prefetch_factor", "persistent_workers",
	"eval_batch_size", NULL,
};

/*
 * DeepSpeed configuration JSON (deepspeedai/DeepSpeed docs/_pages/
 * config-json.md): "Batch Size Related Parameters", "BFLOAT16 training
 * options" (bf16.enabled), "FP16 training options" (fp16.enabled) and
 * "ZeRO Optimizations" (zero_optimization.stage; offload_optimizer and
 * offload_param, each with device and pin_memory: "Parameter offloading",
 * "Optimizer offloading").
 */
static const char *const deepspeed_top[] = {
	"train_batch_size", "train_micro_batch_size_per_gpu", "gradient_accumulation_steps", "optimizer",
	"scheduler", "fp16", "bf16", "zero_optimization", "gradient_clipping", "steps_per_print",
	"wall_clock_breakdown", "zero_force_ds_cpu_optimizer", NULL,
};
static const char *const deepspeed_bf16[] = {"enabled", NULL};
static const char *const deepspeed_fp16[] = {"enabled", NULL};
static const char *const deepspeed_zero[] = {"stage", "offload_optimizer", "offload_param", NULL};
static const char *const deepspeed_offload[] = {"device", "pin_memory", NULL};

/*
 * axolotl config fields (axolotl-ai-cloud/axolotl src/axolotl/utils/
 * schemas/): training.py HyperparametersConfig (gradient_accumulation_steps,
 * micro_batch_size, eval_batch_size, optimizer), config.py val_set_size, peft.py LoraConfig
 * (load_in_8bit, load_in_4bit, adapter, lora_r, lora_dropout, lora_target_modules,
 * lora_target_linear, peft_use_dora, gptq), config.py AxolotlInputConfig (bf16, fp16,
 * bfloat16, float16, gradient_checkpointing, sequence_len, sample_packing, flash_attention, sdp_attention,
 * eager_attention, torch_compile,
 * activation_offloading, dataloader_num_workers, dataloader_pin_memory, dataloader_prefetch_factor).
 */
static const char *const axolotl_keys[] = {
	"gradient_accumulation_steps", "micro_batch_size", "batch_size", "eval_batch_size", "val_set_size", "optimizer",
	"load_in_8bit", "load_in_4bit", "adapter", "lora_r", "lora_alpha", "lora_dropout", "lora_target_modules",
	"lora_target_linear", "peft_use_dora", "gptq", "bf16", "fp16", "bfloat16", "float16", "tf32", "gradient_checkpointing",
	"sequence_len", "sample_packing", "flash_attention", "sdp_attention", "eager_attention", "torch_compile", "activation_offloading", "dataloader_num_workers",
	"dataloader_pin_memory", "dataloader_prefetch_factor", "dataloader_drop_last", "deepspeed", "fsdp_version",
	"fsdp_config",
	/* config.py: torchtune's chunked loss (monkeypatch/loss/chunked.py) */
	"chunked_cross_entropy", "chunked_cross_entropy_num_chunks",
	/* axolotl/integrations/liger: the plugin and its args */
	"plugins", "liger_fused_linear_cross_entropy", "liger_glu_activation", NULL,
};

/*
 * LLaMA-Factory config fields (hiyouga/LLaMA-Factory src/llamafactory/
 * hparams/): finetuning_args.py (finetuning_type, lora_rank, lora_dropout,
 * lora_target, use_dora, pure_bf16), model_args.py (quantization_bit,
 * double_quantization, flash_attn, disable_gradient_checkpointing,
 * enable_liger_kernel), data_args.py (cutoff_len, packing, val_size), finetuning_args.py
 * (compute_accuracy), and the
 * TrainingArguments fields training_args.py inherits.
 */
static const char *const llamafactory_keys[] = {
	"per_device_train_batch_size", "per_device_eval_batch_size", "gradient_accumulation_steps",
	"eval_accumulation_steps", "cutoff_len", "finetuning_type", "lora_rank", "lora_dropout", "lora_target",
	"use_dora", "quantization_bit", "double_quantization", "pure_bf16", "bf16", "fp16", "disable_gradient_checkpointing",
	"flash_attn", "packing", "compute_accuracy", "optim", "torch_compile", "enable_liger_kernel", "dataloader_num_workers",
	"dataloader_pin_memory", "dataloader_persistent_workers", "dataloader_prefetch_factor", "fsdp", "deepspeed",
	"do_train", "val_size", "eval_strategy", NULL,
};

/* TRL's own keys beside the TrainingArguments ones its SFTConfig inherits
 * (huggingface/trl: trl/trainer/sft_config.py max_length, packing,
 * packing_strategy, loss_type, activation_offloading;
 * trl/trainer/model_config.py ModelConfig) */
static const char *const trl_keys[] = {
	"max_length", "packing", "packing_strategy", "loss_type", "activation_offloading", "dtype",
	"attn_implementation", "use_peft", "lora_r", "lora_alpha",
	"lora_dropout", "lora_target_modules", "lora_modules_to_save", "use_dora", "load_in_8bit", "load_in_4bit",
	"bnb_4bit_quant_type", "use_bnb_nested_quant", NULL,
};

static bool in_list(const char *const *list, const char *s)
{
	for (; *list != NULL; list++)
		if (strcmp(*list, s) == 0)
			return true;
	return false;
}

/* ZeRO-Offload of an AdamW: DeepSpeed's own optimizer (settings.c ds_cpu_adam) */
static bool offloaded_adamw(const struct vp_plan_request *req)
{
	return req->train.zero_stage > 0 && req->train.zero_offload_optimizer &&
	       (req->train.optimizer == VP_OPT_ADAMW || req->train.optimizer == VP_OPT_ADAMW_FUSED);
}

/* axolotl's FSDPConfig keys vramplan writes (src/axolotl/utils/schemas/
 * config.py: FSDPConfig) */
static const char *const axolotl_fsdp_config[] = {"auto_wrap_policy", "reshard_after_forward", NULL};

/*
 * A nested mapping at s[*i] (its BEGIN): `deepspeed`, a DeepSpeed config
 * whose keys are "auto" where the Trainer fills them in, or axolotl's
 * `fsdp_config`; leaves *i at its closing END.
 */
static void check_mapping(const struct vp_plan_request *req, const struct vp_setting *s, size_t n, size_t *i)
{
	bool ds = strcmp(s[*i].key, "deepspeed") == 0;
	bool ds_optimizer = false, force_off = false;
	size_t depth = 1;

	if (ds)
		assert_true(req->train.zero_stage > 0);
	else if (strcmp(s[*i].key, "fsdp_config") == 0)
		assert_true(req->train.fsdp);
	else
		fail_msg("unexpected mapping '%s'", s[*i].key);
	for ((*i)++; *i < n && depth > 0; (*i)++) {
		if (s[*i].type == VP_SETTING_END) {
			depth--;
			continue;
		}
		if (depth == 1 && !in_list(ds ? deepspeed_top : axolotl_fsdp_config, s[*i].key))
			fail_msg("'%s' is not a %s key", s[*i].key, ds ? "DeepSpeed config" : "FSDPConfig");
		if (s[*i].type == VP_SETTING_BEGIN) {
			ds_optimizer |= ds && depth == 1 && strcmp(s[*i].key, "optimizer") == 0;
			depth++;
		} else if (ds && depth == 2 && strcmp(s[*i].key, "type") == 0)
			/* DeepSpeed builds DeepSpeedCPUAdam for it under offload */
			assert_string_equal(s[*i].s, "AdamW");
		else if (ds && depth == 1 && strcmp(s[*i].key, "zero_force_ds_cpu_optimizer") == 0) {
			assert_false(s[*i].b);
			force_off = true;
		} else if (ds && strcmp(s[*i].key, "stage") == 0)
			assert_int_equal(s[*i].i, (uint64_t)req->train.zero_stage);
		else if (ds && strcmp(s[*i].key, "device") == 0)
			assert_string_equal(s[*i].s, "cpu");
		else if (ds && strcmp(s[*i].key, "pin_memory") == 0)
			assert_true(s[*i].b);
		else if (ds)
			assert_string_equal(s[*i].s, "auto");
	}
	assert_int_equal(depth, 0);
	/* DeepSpeed refuses the Trainer's own optimizer under ZeRO-Offload
	 * unless zero_force_ds_cpu_optimizer is false (deepspeed/runtime/
	 * engine.py _configure_optimizer, ZeRORuntimeException): an offloaded
	 * AdamW is DeepSpeed's own (the "optimizer" section, no Trainer
	 * optimizer), any other the Trainer's with the key false */
	if (ds && req->train.zero_offload_optimizer) {
		assert_true(ds_optimizer != force_off);
		assert_int_equal(ds_optimizer, req->train.optimizer == VP_OPT_ADAMW ||
							req->train.optimizer == VP_OPT_ADAMW_FUSED);
	} else if (ds) {
		assert_false(ds_optimizer || force_off);
	}
	(*i)--;
}

/* ------------------------------------------------------------ fixtures */

static struct vp_catalog cat;
static const struct vp_model *mt5;
static const struct vp_model *llama;
static const struct vp_gpu *rtx3090;

static int setup_catalog(void **state)
{
	struct vp_error err = {0};

	(void)state;
	memset(&cat, 0, sizeof cat);
	if (vp_catalog_load_builtin(&cat, &err) != 0)
		return -1;
	mt5 = vp_catalog_find_model(&cat, "mt5");
	llama = vp_catalog_find_model(&cat, "llama-3.2-3b");
	rtx3090 = vp_catalog_find_gpu(&cat, "rtx3090");
	return mt5 != NULL && llama != NULL && rtx3090 != NULL ? 0 : -1;
}

static int teardown_catalog(void **state)
{
	(void)state;
	vp_catalog_free(&cat);
	return 0;
}

static void fake_estimate(struct vp_estimate *e, uint64_t device)
{
	int c;

	memset(e, 0, sizeof *e);
	for (c = 0; c < VP_COMP_COUNT; c++)
		e->peak_bytes[c] = (uint64_t)(c + 1) * (GIB / 4);
	e->allocated_bytes = 9 * GIB;
	e->allocator_bytes = GIB;
	e->reserved_bytes = 10 * GIB;
	e->context_bytes = GIB / 2;
	e->device_bytes = device;
	e->peak_phase = VP_PHASE_BACKWARD;
	e->params_total = 582401280;
	e->params_trainable = 582401280;
}

/* A hand-made plan, so the tests do not move with the memory model. */
static void make_plan(struct vp_plan_request *req, struct vp_plan *p, uint64_t workers)
{
	vp_plan_request_defaults(req);
	req->train.precision = VP_PREC_AMP_BF16;
	req->train.attn = VP_ATTN_SDPA;
	req->train.head = VP_HEAD_SEQ2SEQ_LM;
	req->train.tgt_len = 128;
	memset(p, 0, sizeof *p);
	/* training, its evaluation and the host all fit: a plan that prints
	 * settings (emit_json.c prints none for one that does not) */
	p->fits = p->eval_fits = p->host.fits = true;
	p->budget_bytes = vp_budget_bytes(rtx3090, req->util, &req->train);
	p->train_batch = 12;
	p->grad_accum = 2;
	p->effective_batch = 24;
	p->effective_exact = true;
	p->limit = VP_LIMIT_MEMORY;
	p->memory_max_batch = 12;
	fake_estimate(&p->train, 18 * GIB);
	fake_estimate(&p->next, 21 * GIB);
	p->next_valid = true;
	p->eval_batch = 48;
	p->eval.device_bytes = 12 * GIB;
	p->host.num_workers = workers;
	p->host.pin_memory = true;
	p->host.persistent_workers = workers > 0;
	p->host.prefetch_factor = workers > 0 ? 2 : 0;
	p->host.trainer_bytes = 6 * GIB;
	p->host.worker_bytes = 2 * GIB;
	p->host.train_total_bytes = 6 * GIB + workers * 2 * GIB;
	p->host.eval_worker_bytes = 2 * GIB;
	p->host.eval_total_bytes = p->host.train_total_bytes + workers * 2 * GIB;
	p->host.total_bytes = p->host.eval_total_bytes;
	p->host.peak_in_eval = workers > 0;
	p->host.fits = true;
}

/* Every combination of the setup flags that change the keys. */
typedef void (*variant_fn)(const struct vp_plan_request *req, const struct vp_plan *p, enum vp_profile profile);

static void for_each_variant(enum vp_profile profile, variant_fn fn)
{
	static const enum vp_precision precs[] = {VP_PREC_FP32, VP_PREC_AMP_FP16, VP_PREC_AMP_BF16, VP_PREC_BF16,
						  VP_PREC_FP16};
	static const enum vp_optimizer optims[] = {VP_OPT_ADAMW, VP_OPT_ADAMW_FUSED, VP_OPT_ADAMW_8BIT,
						   VP_OPT_ADAMW_8BIT_AO, VP_OPT_ADAMW_4BIT, VP_OPT_PAGED_ADAMW,
						   VP_OPT_PAGED_ADAMW_8BIT, VP_OPT_ADAFACTOR, VP_OPT_SGD,
						   VP_OPT_SGD_MOMENTUM, VP_OPT_LION, VP_OPT_NONE};
	static const enum vp_method methods[] = {VP_METHOD_FULL, VP_METHOD_LORA, VP_METHOD_QLORA,
						 VP_METHOD_FROZEN};
	static const enum vp_quant quants[] = {VP_QUANT_NONE, VP_QUANT_NF4, VP_QUANT_INT8, VP_QUANT_GPTQ_INT4};
	struct vp_plan_request req;
	struct vp_plan p;
	struct vp_error err = {0};
	size_t a, b, c, d;
	int w, flags;

	for (a = 0; a < sizeof precs / sizeof precs[0]; a++)
		for (b = 0; b < sizeof optims / sizeof optims[0]; b++)
			for (c = 0; c < sizeof methods / sizeof methods[0]; c++)
				for (d = 0; d < sizeof quants / sizeof quants[0]; d++)
					for (w = 0; w < 2; w++)
						for (flags = 0; flags < 16; flags++) {
							make_plan(&req, &p, w ? 4 : 0);
							req.train.precision = precs[a];
							req.train.optimizer = optims[b];
							req.train.method = methods[c];
							req.train.quant = quants[d];
							req.train.compile = flags & 1;
							req.train.grad_ckpt = (flags & 2) != 0;
							req.train.zero_stage = (flags & 4) ? 2 : 0;
							/* ZeRO-2 with the optimizer offloaded */
							req.train.zero_offload_optimizer = (flags & 12) == 12;
							/* FSDP or ZeRO, over 4 GPUs */
							req.train.fsdp = (flags & 12) == 8;
							req.train.gpus = (flags & 12) != 0 ? 4 : 1;
							p.effective_batch = p.train_batch * p.grad_accum * req.train.gpus;
							p.eval_accumulation_steps = (flags & 4) ? 3 : 0;
							/* packing, activation offload, the chunked
							 * loss and FlashAttention-2, which TRL's
							 * and axolotl's keys say */
							req.train.packed = (flags & 3) == 3;
							req.train.activation_offload = (flags & 6) == 6 || (flags & 9) == 8;
							req.train.loss = (flags & 5) == 5 ? VP_LOSS_CHUNKED : VP_LOSS_STANDARD;
							req.train.attn = w && (flags & 2) ? VP_ATTN_FLASH2 : VP_ATTN_SDPA;
							/* a run without evaluation (--no-eval):
							 * no eval batch, the profile's key for
							 * none instead (settings.c) */
							req.no_eval = !w && (flags & 3) == 1;
							if (req.no_eval) {
								p.eval_batch = 0;
								p.eval_accumulation_steps = 0;
							}
							if (methods[c] == VP_METHOD_LORA || methods[c] == VP_METHOD_QLORA) {
								assert_int_equal(vp_train_set_lora_targets(
											 &req.train,
											 flags & 1 ? "all-linear" : "q,v",
											 &err),
										 0);
							}
							fn(&req, &p, profile);
						}
}

static size_t settings_of(const struct vp_model *m, const struct vp_plan_request *req, const struct vp_plan *p,
			  enum vp_profile profile, struct vp_setting *s)
{
	size_t n = vp_plan_settings(m, req, p, profile, s, VP_SETTINGS_MAX);

	assert_true(n > 0);
	assert_true(n <= VP_SETTINGS_MAX);
	return n;
}

/* a model's settings where no key depends on the model */
static size_t settings(const struct vp_plan_request *req, const struct vp_plan *p, enum vp_profile profile,
		       struct vp_setting *s)
{
	return settings_of(NULL, req, p, profile, s);
}

static const struct vp_setting *find_key(const struct vp_setting *s, size_t n, const char *key)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (s[i].key != NULL && strcmp(s[i].key, key) == 0)
			return &s[i];
	return NULL;
}

/* --------------------------------------------------------------- tests */

static void profiles_should_parse_by_name(void **state)
{
	struct vp_error err = {0};
	enum vp_profile p;
	int i;

	(void)state;
	for (i = 0; i < VP_PROFILE_COUNT; i++) {
		assert_int_equal(vp_profile_parse(vp_profile_name((enum vp_profile)i), &p, &err), 0);
		assert_int_equal(p, i);
	}
	assert_int_equal(vp_profile_parse("nemo", &p, &err), -1);
	assert_int_equal(err.code, VP_ERR_INPUT);
	assert_non_null(strstr(err.message, "'nemo'"));
	/* the refusal lists every profile the parser accepts */
	for (i = 0; i < VP_PROFILE_COUNT; i++) {
		char want[40];

		snprintf(want, sizeof want, "%s%s", vp_profile_name((enum vp_profile)i),
			 i + 1 < VP_PROFILE_COUNT ? ", " : ")");
		assert_non_null(strstr(err.message, want));
	}
}

static void gib_should_round_half_up_in_integers(void **state)
{
	struct vp_train t;
	char buf[32];

	(void)state;
	vp_format_gib(0, buf, sizeof buf);
	assert_string_equal(buf, "0.00");
	vp_format_gib(1, buf, sizeof buf);
	assert_string_equal(buf, "0.00");
	vp_format_gib(GIB, buf, sizeof buf);
	assert_string_equal(buf, "1.00");
	vp_format_gib(GIB - 1, buf, sizeof buf);
	assert_string_equal(buf, "1.00");
	vp_format_gib(3 * GIB / 4, buf, sizeof buf);
	assert_string_equal(buf, "0.75");
	vp_format_gib(GIB / 200 * 3, buf, sizeof buf); /* 0.0149999 */
	assert_string_equal(buf, "0.01");
	vp_train_defaults(&t);
	vp_format_gib(vp_budget_bytes(rtx3090, 0.8, &t), buf, sizeof buf);
	assert_string_equal(buf, "19.20");
	vp_format_gib(UINT64_MAX - 1, buf, sizeof buf);
	assert_string_equal(buf, "17179869184.00");
	/* UINT64_MAX is a saturated host sum: past 2^64 bytes */
	vp_format_gib(UINT64_MAX, buf, sizeof buf);
	assert_string_equal(buf, "at least 17179869184.00");
}

static void budget_should_floor_util_times_memory(void **state)
{
	struct vp_train t;

	(void)state;
	vp_train_defaults(&t);
	assert_int_equal(vp_budget_bytes(rtx3090, 1.0, &t), rtx3090->memory_mib << 20);
	assert_int_equal(vp_budget_bytes(rtx3090, 0.5, &t), rtx3090->memory_mib << 19);
}

/* The budget line says which bound decided it: util alone, the allocator's
 * cap under it, or util under a looser cap. */
static void budget_text_should_name_the_bound_that_decides(void **state)
{
	struct vp_train t;
	char buf[256];

	(void)state;
	vp_train_defaults(&t);
	vp_format_budget(rtx3090, 0.8, &t, buf, sizeof buf);
	assert_string_equal(buf, "0.80 x 24.00 GiB = 19.20 GiB");
	/* 0.7 x 24 GiB = 16.80, + the 0.66 GiB context of an Ampere card */
	t.memory_fraction = 0.7;
	vp_format_budget(rtx3090, 0.8, &t, buf, sizeof buf);
	assert_string_equal(buf, "0.70 x 24.00 GiB (the allocator's cap) + 0.66 GiB (CUDA context) = 17.46 GiB, under "
				 "0.80 x 24.00 GiB");
	t.memory_fraction = 0.9;
	vp_format_budget(rtx3090, 0.8, &t, buf, sizeof buf);
	assert_string_equal(buf, "0.80 x 24.00 GiB = 19.20 GiB, under the allocator's cap of 0.90 x 24.00 GiB + 0.66 GiB "
				 "(CUDA context)");
}

static void check_hf(const struct vp_plan_request *req, const struct vp_plan *p, enum vp_profile profile)
{
	struct vp_setting s[VP_SETTINGS_MAX];
	size_t n = settings(req, p, profile, s), i;
	const struct vp_setting *bf16, *fp16, *optim;

	for (i = 0; i < n; i++) {
		if (s[i].type == VP_SETTING_BEGIN) {
			check_mapping(req, s, n, &i);
			continue;
		}
		assert_true(s[i].type != VP_SETTING_BEGIN && s[i].type != VP_SETTING_END);
		if (!in_list(training_arguments, s[i].key))
			fail_msg("'%s' is not a TrainingArguments field", s[i].key);
	}
	assert_int_equal(find_key(s, n, "deepspeed") != NULL, req->train.zero_stage > 0);
	/* TrainingArguments._validate_args: prefetch only with workers */
	if (p->host.num_workers == 0) {
		assert_null(find_key(s, n, "dataloader_prefetch_factor"));
		assert_false(find_key(s, n, "dataloader_persistent_workers")->b);
	} else {
		assert_int_equal(find_key(s, n, "dataloader_prefetch_factor")->i, 2);
	}
	/* "At most one of fp16 and bf16 can be True" */
	bf16 = find_key(s, n, "bf16");
	fp16 = find_key(s, n, "fp16");
	assert_non_null(bf16);
	assert_non_null(fp16);
	assert_false(bf16->b && fp16->b);
	/* under ZeRO the flags also fill the deepspeed mapping's "auto": pure
	 * 16-bit weights set them there, and DeepSpeed casts the model */
	assert_int_equal(bf16->b, req->train.precision == VP_PREC_AMP_BF16 ||
					  (req->train.zero_stage > 0 && req->train.precision == VP_PREC_BF16));
	assert_int_equal(fp16->b, req->train.precision == VP_PREC_AMP_FP16 ||
					  (req->train.zero_stage > 0 && req->train.precision == VP_PREC_FP16));
	optim = find_key(s, n, "optim");
	if (req->train.optimizer == VP_OPT_NONE || offloaded_adamw(req)) {
		/* an offloaded AdamW is the deepspeed mapping's optimizer
		 * section, which the Trainer's optim would not be read beside */
		assert_null(optim);
	} else {
		assert_non_null(optim);
		if (!in_list(optimizer_names, optim->s))
			fail_msg("optim '%s' is not an OptimizerNames value", optim->s);
	}
	assert_int_equal(find_key(s, n, "per_device_train_batch_size")->i, p->train_batch);
	assert_int_equal(find_key(s, n, "gradient_accumulation_steps")->i, p->grad_accum);
	assert_int_equal(find_key(s, n, "eval_accumulation_steps") != NULL, p->eval_accumulation_steps > 0);
	assert_int_equal(find_key(s, n, "torch_compile") != NULL, req->train.compile);
}

static void hf_keys_should_be_training_arguments(void **state)
{
	(void)state;
	for_each_variant(VP_PROFILE_HF, check_hf);
}

/* predict_with_generate and its two keys are Seq2SeqTrainingArguments'
 * fields: printed under hf alone, for an encoder-decoder eval batch sized
 * for generation, and vp_settings_generation_keys() (which decides the note
 * that plain TrainingArguments refuses them) says so exactly then. */
static void generation_keys_should_be_hf_seq2seq_alone(void **state)
{
	struct vp_setting s[VP_SETTINGS_MAX];
	struct vp_plan_request req;
	struct vp_plan p;
	int i, c;

	(void)state;
	for (i = 0; i < VP_PROFILE_COUNT; i++)
		for (c = 0; c < 3; c++) {
			size_t n;
			bool want;

			make_plan(&req, &p, 4);
			req.eval.generate = true;
			req.eval.num_beams = 4;
			req.eval.max_new_tokens = 128;
			if (c == 1)
				req.eval.predictions = VP_PREDS_NONE;
			if (c == 2)
				req.train.head = VP_HEAD_CAUSAL_LM;
			want = i == VP_PROFILE_HF && c == 0;
			n = settings(&req, &p, (enum vp_profile)i, s);
			assert_int_equal(vp_settings_generation_keys(&req, (enum vp_profile)i), want);
			assert_int_equal(find_key(s, n, "predict_with_generate") != NULL, want);
			assert_int_equal(find_key(s, n, "generation_num_beams") != NULL, want);
		}
}

/* A plan without evaluation (--no-eval) prints no eval batch, and the key
 * that runs none under each profile, which vramplan check reads back as
 * training alone (tests/cli/plan/eval-not-fit-exit.sh); a DeepSpeed config has none */
static void no_eval_should_print_the_key_that_runs_none(void **state)
{
	static const char *const eval_batch_key[VP_PROFILE_COUNT] = {
		[VP_PROFILE_HF] = "per_device_eval_batch_size", [VP_PROFILE_TRL] = "per_device_eval_batch_size",
		[VP_PROFILE_LLAMAFACTORY] = "per_device_eval_batch_size", [VP_PROFILE_AXOLOTL] = "eval_batch_size",
		[VP_PROFILE_LIGHTNING] = "eval_batch_size", [VP_PROFILE_DEEPSPEED] = "eval_batch_size",
	};
	struct vp_setting s[VP_SETTINGS_MAX];
	struct vp_plan_request req;
	struct vp_plan p;
	const struct vp_setting *k;
	size_t n;
	int i;

	(void)state;
	for (i = 0; i < VP_PROFILE_COUNT; i++) {
		make_plan(&req, &p, 4);
		req.eval.predictions = VP_PREDS_NONE;
		req.no_eval = true;
		p.eval_batch = 0;
		n = settings(&req, &p, (enum vp_profile)i, s);
		assert_null(find_key(s, n, eval_batch_key[i]));
		assert_null(find_key(s, n, "prediction_loss_only"));
		k = find_key(s, n, "eval_strategy");
		if (i == VP_PROFILE_HF || i == VP_PROFILE_TRL || i == VP_PROFILE_LLAMAFACTORY)
			assert_string_equal(k->s, "no");
		else
			assert_null(k);
		k = find_key(s, n, i == VP_PROFILE_AXOLOTL	  ? "val_set_size"
				       : i == VP_PROFILE_LLAMAFACTORY ? "val_size"
								     : "limit_val_batches");
		if (i == VP_PROFILE_AXOLOTL || i == VP_PROFILE_LLAMAFACTORY || i == VP_PROFILE_LIGHTNING) {
			assert_int_equal(k->type, VP_SETTING_INT);
			assert_int_equal(k->i, 0);
		} else {
			assert_null(k);
		}
		/* the same plan evaluating prints its eval batch */
		req.no_eval = false;
		p.eval_batch = 5;
		n = settings(&req, &p, (enum vp_profile)i, s);
		assert_int_equal(find_key(s, n, eval_batch_key[i]) != NULL, i != VP_PROFILE_DEEPSPEED);
		assert_null(find_key(s, n, "eval_strategy"));
	}
}

static void check_lightning(const struct vp_plan_request *req, const struct vp_plan *p, enum vp_profile profile)
{
	struct vp_setting s[VP_SETTINGS_MAX];
	size_t n = settings(req, p, profile, s), i;
	const char *section = NULL;

	for (i = 0; i < n; i++) {
		switch (s[i].type) {
		case VP_SETTING_BEGIN:
			assert_null(section);
			section = s[i].key;
			assert_true(strcmp(section, "trainer") == 0 || strcmp(section, "data") == 0);
			break;
		case VP_SETTING_END:
			assert_non_null(section);
			section = NULL;
			break;
		default:
			assert_non_null(section); /* no top-level scalars */
			if (strcmp(section, "trainer") == 0 && !in_list(lightning_trainer, s[i].key))
				fail_msg("'%s' is not a Lightning Trainer argument", s[i].key);
			if (strcmp(section, "data") == 0 && !in_list(lightning_data, s[i].key))
				fail_msg("'%s' is not a DataLoader argument", s[i].key);
			if (strcmp(s[i].key, "precision") == 0 && !in_list(lightning_precisions, s[i].s))
				fail_msg("precision '%s' is not a Lightning precision", s[i].s);
			if (strcmp(s[i].key, "prefetch_factor") == 0)
				assert_true(p->host.num_workers > 0);
			if (strcmp(s[i].key, "strategy") == 0 && req->train.zero_stage > 0)
				assert_true(strncmp(s[i].s, "deepspeed_stage_", 16) == 0 &&
					    s[i].s[16] - '0' == req->train.zero_stage);
			if (strcmp(s[i].key, "devices") == 0)
				assert_int_equal(s[i].i, req->train.gpus > 1 ? req->train.gpus : 1);
			if (strcmp(s[i].key, "persistent_workers") == 0 && p->host.num_workers == 0)
				assert_false(s[i].b);
			break;
		}
	}
	assert_null(section);
	assert_non_null(find_key(s, n, "devices"));
}

static void lightning_keys_should_be_trainer_and_dataloader_arguments(void **state)
{
	(void)state;
	for_each_variant(VP_PROFILE_LIGHTNING, check_lightning);
}

static void check_deepspeed(const struct vp_plan_request *req, const struct vp_plan *p, enum vp_profile profile)
{
	struct vp_setting s[VP_SETTINGS_MAX];
	size_t n = settings(req, p, profile, s), i;
	const char *section = NULL, *sub = NULL;
	bool bf16 = false, fp16 = false, offload_optimizer = false, offload_param = false;

	for (i = 0; i < n; i++) {
		switch (s[i].type) {
		case VP_SETTING_BEGIN:
			if (section != NULL && strcmp(section, "zero_optimization") == 0 && sub == NULL) {
				if (!in_list(deepspeed_zero, s[i].key))
					fail_msg("'%s' is not a zero_optimization key", s[i].key);
				sub = s[i].key;
				offload_optimizer |= strcmp(sub, "offload_optimizer") == 0;
				offload_param |= strcmp(sub, "offload_param") == 0;
				break;
			}
			if (!in_list(deepspeed_top, s[i].key))
				fail_msg("'%s' is not a DeepSpeed config key", s[i].key);
			section = s[i].key;
			break;
		case VP_SETTING_END:
			if (sub != NULL)
				sub = NULL;
			else
				section = NULL;
			break;
		default:
			if (section == NULL) {
				if (!in_list(deepspeed_top, s[i].key))
					fail_msg("'%s' is not a DeepSpeed config key", s[i].key);
			} else if (strcmp(section, "bf16") == 0) {
				assert_true(in_list(deepspeed_bf16, s[i].key));
				bf16 = s[i].b;
			} else if (strcmp(section, "fp16") == 0) {
				assert_true(in_list(deepspeed_fp16, s[i].key));
				fp16 = s[i].b;
			} else if (strcmp(section, "zero_optimization") == 0 && sub != NULL) {
				assert_true(in_list(deepspeed_offload, s[i].key));
				if (strcmp(s[i].key, "device") == 0)
					assert_string_equal(s[i].s, "cpu");
				else
					assert_true(s[i].b);
			} else if (strcmp(section, "zero_optimization") == 0) {
				assert_true(in_list(deepspeed_zero, s[i].key));
				assert_int_equal(s[i].i, (uint64_t)req->train.zero_stage);
			} else {
				fail_msg("unexpected section '%s'", section);
			}
			break;
		}
	}
	/* "this mode cannot be combined with the fp16 mode" */
	assert_false(bf16 && fp16);
	/* train_batch_size = micro batch x accumulation x GPUs */
	assert_int_equal(find_key(s, n, "train_batch_size")->i,
			 find_key(s, n, "train_micro_batch_size_per_gpu")->i *
				 find_key(s, n, "gradient_accumulation_steps")->i * req->train.gpus);
	assert_int_equal(find_key(s, n, "zero_optimization") != NULL, req->train.zero_stage > 0);
	assert_int_equal(offload_optimizer, req->train.zero_offload_optimizer);
	assert_int_equal(offload_param, req->train.zero_offload_param);
}

static void deepspeed_keys_should_be_config_json_keys(void **state)
{
	(void)state;
	for_each_variant(VP_PROFILE_DEEPSPEED, check_deepspeed);
}

static void check_axolotl(const struct vp_plan_request *req, const struct vp_plan *p, enum vp_profile profile)
{
	struct vp_setting s[VP_SETTINGS_MAX];
	size_t n = settings(req, p, profile, s), i;
	const struct vp_setting *adapter, *optim;
	bool adapter_method = req->train.method == VP_METHOD_LORA || req->train.method == VP_METHOD_QLORA;

	for (i = 0; i < n; i++) {
		if (s[i].type == VP_SETTING_BEGIN) {
			check_mapping(req, s, n, &i);
			continue;
		}
		assert_true(s[i].type != VP_SETTING_END);
		if (!in_list(axolotl_keys, s[i].key))
			fail_msg("'%s' is not an axolotl config key", s[i].key);
	}
	adapter = find_key(s, n, "adapter");
	assert_int_equal(adapter != NULL, adapter_method);
	if (adapter != NULL) {
		assert_true(strcmp(adapter->s, "lora") == 0 || strcmp(adapter->s, "qlora") == 0);
		/* axolotl's validate_qlora: qlora requires load_in_4bit, and
		 * refuses load_in_8bit and gptq */
		if (strcmp(adapter->s, "qlora") == 0) {
			assert_true(find_key(s, n, "load_in_4bit")->b);
			assert_null(find_key(s, n, "load_in_8bit"));
			assert_null(find_key(s, n, "gptq"));
		}
		assert_non_null(find_key(s, n, "lora_r"));
	} else {
		assert_null(find_key(s, n, "load_in_4bit"));
		assert_null(find_key(s, n, "lora_r"));
	}
	optim = find_key(s, n, "optimizer");
	/* an offloaded AdamW: no optimizer key, the first "optimizer" is the
	 * deepspeed mapping's section */
	assert_int_equal(optim != NULL && optim->type == VP_SETTING_BEGIN, offloaded_adamw(req));
	if (optim != NULL && optim->type != VP_SETTING_BEGIN && !in_list(optimizer_names, optim->s))
		fail_msg("optimizer '%s' is not an OptimizerNames value", optim->s);
	assert_int_equal(find_key(s, n, "dataloader_prefetch_factor") != NULL, p->host.num_workers > 0);
	assert_false(find_key(s, n, "bf16")->b && find_key(s, n, "fp16")->b);
}

static void axolotl_keys_should_be_config_fields(void **state)
{
	(void)state;
	for_each_variant(VP_PROFILE_AXOLOTL, check_axolotl);
}

static void check_llamafactory(const struct vp_plan_request *req, const struct vp_plan *p, enum vp_profile profile)
{
	struct vp_setting s[VP_SETTINGS_MAX];
	size_t n = settings(req, p, profile, s), i;
	const struct vp_setting *type, *target, *bits, *optim, *flash;
	bool adapters = req->train.method == VP_METHOD_LORA || req->train.method == VP_METHOD_QLORA;
	char buf[VP_MAX_TARGETS * 33];

	for (i = 0; i < n; i++) {
		if (s[i].type == VP_SETTING_BEGIN) {
			check_mapping(req, s, n, &i);
			continue;
		}
		assert_true(s[i].type != VP_SETTING_END);
		if (!in_list(llamafactory_keys, s[i].key))
			fail_msg("'%s' is not a LLaMA-Factory config key", s[i].key);
	}
	type = find_key(s, n, "finetuning_type");
	assert_string_equal(type->s, adapters ? "lora" : "full");
	/* without it LLaMA-Factory trains nothing (TrainingArguments'
	 * do_train defaults to false; train/sft/workflow.py) */
	assert_true(find_key(s, n, "do_train")->b);
	target = find_key(s, n, "lora_target");
	assert_int_equal(target != NULL, adapters);
	if (target != NULL) {
		/* one string: "all", or the names separated by commas */
		if (target->type == VP_SETTING_STRING) {
			assert_string_equal(target->s, "all");
			assert_true(req->train.lora_all_linear);
		} else {
			assert_true(target->joined);
			assert_non_null(strchr(vp_setting_joined(target, buf, sizeof buf), ','));
		}
	}
	/* bitsandbytes 4 or 8 bits on the fly; a GPTQ base says its own */
	bits = find_key(s, n, "quantization_bit");
	assert_int_equal(bits != NULL, adapters && (req->train.quant == VP_QUANT_NF4 || req->train.quant == VP_QUANT_INT8));
	if (bits != NULL)
		assert_true(bits->i == (req->train.quant == VP_QUANT_INT8 ? 8 : 4));
	flash = find_key(s, n, "flash_attn");
	/* LLaMA-Factory's AttentionFunction: "auto" leaves SDPA to
	 * transformers, which picks eager for a model without it (T5) */
	assert_string_equal(flash->s, req->train.attn == VP_ATTN_EAGER	 ? "disabled"
				      : req->train.attn == VP_ATTN_FLASH2 ? "fa2"
									  : "auto");
	assert_int_equal(find_key(s, n, "disable_gradient_checkpointing")->b, !req->train.grad_ckpt);
	optim = find_key(s, n, "optim");
	if (optim != NULL && !in_list(optimizer_names, optim->s))
		fail_msg("optim '%s' is not an OptimizerNames value", optim->s);
	assert_false(find_key(s, n, "bf16")->b && find_key(s, n, "fp16")->b);
}

static void llamafactory_keys_should_be_config_fields(void **state)
{
	(void)state;
	for_each_variant(VP_PROFILE_LLAMAFACTORY, check_llamafactory);
}

static void check_trl(const struct vp_plan_request *req, const struct vp_plan *p, enum vp_profile profile)
{
	struct vp_setting s[VP_SETTINGS_MAX];
	size_t n = settings(req, p, profile, s), i;
	const struct vp_setting *dtype, *peft, *four, *eight;
	const struct vp_train *t = &req->train;
	bool adapters = t->method == VP_METHOD_LORA || t->method == VP_METHOD_QLORA;

	for (i = 0; i < n; i++) {
		if (s[i].type == VP_SETTING_BEGIN) {
			check_mapping(req, s, n, &i);
			continue;
		}
		assert_true(s[i].type != VP_SETTING_END);
		if (!in_list(training_arguments, s[i].key) && !in_list(trl_keys, s[i].key))
			fail_msg("'%s' is neither a TrainingArguments field nor TRL's", s[i].key);
	}
	/* ModelConfig's torch_dtype choices; 16 bit exactly when the weights are */
	dtype = find_key(s, n, "dtype");
	assert_non_null(dtype);
	assert_string_equal(dtype->s, t->precision == VP_PREC_BF16   ? "bfloat16"
				      : t->precision == VP_PREC_FP16 ? "float16"
								     : "float32");
	assert_int_equal(find_key(s, n, "max_length")->i, t->seq_len);
	/* the loss the plan counted, said: TRL >= 1.7 runs chunked_nll when
	 * loss_type is unset (huggingface/trl#5846) */
	assert_string_equal(find_key(s, n, "loss_type")->s,
			    t->loss == VP_LOSS_CHUNKED && !t->liger_loss ? "chunked_nll" : "nll");
	/* SFTConfig's default packing_strategy bfd runs padding-free, which
	 * only FlashAttention reads as separate sequences */
	if (t->packed)
		assert_string_equal(find_key(s, n, "packing_strategy")->s,
				    t->attn == VP_ATTN_FLASH2 ? "bfd" : "wrapped");
	else
		assert_null(find_key(s, n, "packing_strategy"));
	assert_int_equal(find_key(s, n, "activation_offloading") != NULL, t->activation_offload);
	peft = find_key(s, n, "use_peft");
	assert_int_equal(peft->b, adapters);
	four = find_key(s, n, "load_in_4bit");
	eight = find_key(s, n, "load_in_8bit");
	/* ModelConfig.__post_init__: "You can't use 8 bit and 4 bit precision at the same time" */
	assert_false(four != NULL && eight != NULL);
	assert_int_equal(four != NULL, adapters && (t->quant == VP_QUANT_NF4 || t->quant == VP_QUANT_NF4_DQ));
	assert_int_equal(eight != NULL, adapters && t->quant == VP_QUANT_INT8);
	assert_int_equal(find_key(s, n, "lora_target_modules") != NULL, adapters);
	/* "At most one of fp16 and bf16 can be True" */
	assert_false(find_key(s, n, "bf16")->b && find_key(s, n, "fp16")->b);
	/* GradScaler refuses to unscale fp16 gradients: no fp16 autocast over
	 * fp16 weights that train (under ZeRO DeepSpeed's engine scales the
	 * loss instead, and fp16 fills its "auto") */
	if (t->precision == VP_PREC_FP16 && !adapters && t->zero_stage == 0)
		assert_false(find_key(s, n, "fp16")->b);
}

static void trl_keys_should_be_sft_and_model_config_fields(void **state)
{
	(void)state;
	for_each_variant(VP_PROFILE_TRL, check_trl);
}

/* ------------------------------------------------------- text round trips */

static char *read_all(FILE *f)
{
	long size;
	char *text;

	assert_int_equal(fseek(f, 0, SEEK_END), 0);
	size = ftell(f);
	assert_true(size > 0);
	rewind(f);
	text = malloc((size_t)size + 1);
	assert_non_null(text);
	assert_int_equal(fread(text, 1, (size_t)size, f), (size_t)size);
	text[size] = '\0';
	return text;
}

static char *emit_plan(const struct vp_plan_request *req, const struct vp_plan *p, enum vp_profile profile,
		       bool json)
{
	struct vp_error err = {0};
	FILE *f = tmpfile();
	char *text;
	int rc;

	assert_non_null(f);
	rc = json ? vp_emit_plan_json(f, mt5, rtx3090, req, p, profile, &err)
		  : vp_emit_plan_yaml(f, mt5, rtx3090, req, p, profile, &err);
	if (rc != 0)
		fail_msg("emit: %s", err.message);
	text = read_all(f);
	fclose(f);
	return text;
}

/* The plain text YAML prints for a setting's scalar. */
static void scalar_text(const struct vp_setting *s, char *buf, size_t size)
{
	switch (s->type) {
	case VP_SETTING_INT: snprintf(buf, size, "%" PRIu64, s->i); break;
	case VP_SETTING_BOOL: snprintf(buf, size, "%s", s->b ? "true" : "false"); break;
	case VP_SETTING_STRING: snprintf(buf, size, "%s", s->s); break;
	case VP_SETTING_NUMBER: snprintf(buf, size, "%.17g", s->d); break;
	default: buf[0] = '\0'; break;
	}
}

/* Walk a YAML mapping node against settings s[*i ...], recursing into
 * nested mappings. */
static void match_mapping(yaml_document_t *doc, yaml_node_t *map, const struct vp_setting *s, size_t n,
			  size_t *i)
{
	yaml_node_pair_t *pair;
	char want[64];

	assert_int_equal(map->type, YAML_MAPPING_NODE);
	for (pair = map->data.mapping.pairs.start; pair < map->data.mapping.pairs.top; pair++) {
		yaml_node_t *k = yaml_document_get_node(doc, pair->key);
		yaml_node_t *v = yaml_document_get_node(doc, pair->value);

		assert_true(*i < n);
		assert_int_equal(k->type, YAML_SCALAR_NODE);
		assert_string_equal((const char *)k->data.scalar.value, s[*i].key);
		if (s[*i].type == VP_SETTING_BEGIN) {
			(*i)++;
			match_mapping(doc, v, s, n, i);
			assert_int_equal(s[*i].type, VP_SETTING_END);
			(*i)++;
		} else if (s[*i].type == VP_SETTING_LIST && s[*i].joined) {
			char joined[VP_MAX_TARGETS * 33];

			/* one scalar: the names separated by commas */
			assert_int_equal(v->type, YAML_SCALAR_NODE);
			assert_string_equal((const char *)v->data.scalar.value,
					    vp_setting_joined(&s[*i], joined, sizeof joined));
			(*i)++;
		} else if (s[*i].type == VP_SETTING_LIST) {
			size_t j = 0;
			yaml_node_item_t *item;

			assert_int_equal(v->type, YAML_SEQUENCE_NODE);
			for (item = v->data.sequence.items.start; item < v->data.sequence.items.top; item++, j++) {
				yaml_node_t *e = yaml_document_get_node(doc, *item);

				assert_string_equal((const char *)e->data.scalar.value, s[*i].list[j]);
			}
			assert_int_equal(j, s[*i].n_list);
			(*i)++;
		} else {
			assert_int_equal(v->type, YAML_SCALAR_NODE);
			/* numbers and booleans plain, so a reader resolves them as
			 * int and bool; strings may be quoted ("16-mixed") */
			if (s[*i].type != VP_SETTING_STRING)
				assert_int_equal(v->data.scalar.style, YAML_PLAIN_SCALAR_STYLE);
			scalar_text(&s[*i], want, sizeof want);
			if (s[*i].type == VP_SETTING_NUMBER) /* the shortest text that reads back exactly */
				assert_true(strtod((const char *)v->data.scalar.value, NULL) == s[*i].d);
			else
				assert_string_equal((const char *)v->data.scalar.value, want);
			(*i)++;
		}
	}
}

static void check_yaml(const struct vp_plan_request *req, const struct vp_plan *p, enum vp_profile profile)
{
	struct vp_setting s[VP_SETTINGS_MAX];
	/* the model emit_plan prints (mt5), whose SDPA is named (settings.c) */
	size_t n = settings_of(mt5, req, p, profile, s), i = 0;
	char *text = emit_plan(req, p, profile, false);
	yaml_parser_t parser;
	yaml_document_t doc;
	const char *line;

	/* comments first, then the keys; no document markers */
	assert_true(text[0] == '#');
	assert_null(strstr(text, "---"));
	assert_null(strstr(text, "\n..."));
	for (line = text; *line != '\0'; line = strchr(line, '\n') + 1) {
		if (*line != '#')
			break;
	}
	for (; *line != '\0'; line = strchr(line, '\n') + 1)
		assert_true(*line != '#');

	assert_true(yaml_parser_initialize(&parser));
	yaml_parser_set_input_string(&parser, (const unsigned char *)text, strlen(text));
	assert_true(yaml_parser_load(&parser, &doc));
	match_mapping(&doc, yaml_document_get_root_node(&doc), s, n, &i);
	assert_int_equal(i, n);
	yaml_document_delete(&doc);
	yaml_parser_delete(&parser);
	free(text);
}

static void yaml_should_parse_back_to_the_settings(void **state)
{
	int prof;

	(void)state;
	for (prof = 0; prof < VP_PROFILE_COUNT; prof++) {
		struct vp_plan_request req;
		struct vp_plan p;
		struct vp_error err = {0};

		make_plan(&req, &p, 4);
		check_yaml(&req, &p, (enum vp_profile)prof);
		make_plan(&req, &p, 0);
		req.train.method = VP_METHOD_QLORA;
		req.train.quant = VP_QUANT_NF4;
		req.train.compile = true;
		req.train.zero_stage = 3;
		assert_int_equal(vp_train_set_lora_targets(&req.train, "q,v,wi_0", &err), 0);
		p.eval_accumulation_steps = 5;
		check_yaml(&req, &p, (enum vp_profile)prof);
	}
}

static void match_json(const cJSON *obj, const struct vp_setting *s, size_t n, size_t *i)
{
	const cJSON *item;
	char want[64];

	cJSON_ArrayForEach(item, obj)
	{
		assert_true(*i < n);
		assert_string_equal(item->string, s[*i].key);
		switch (s[*i].type) {
		case VP_SETTING_BEGIN:
			assert_true(cJSON_IsObject(item));
			(*i)++;
			match_json(item, s, n, i);
			assert_int_equal(s[*i].type, VP_SETTING_END);
			(*i)++;
			break;
		case VP_SETTING_LIST:
			if (s[*i].joined) {
				char joined[VP_MAX_TARGETS * 33];

				assert_true(cJSON_IsString(item));
				assert_string_equal(item->valuestring, vp_setting_joined(&s[*i], joined, sizeof joined));
			} else {
				assert_int_equal(cJSON_GetArraySize(item), (int)s[*i].n_list);
			}
			(*i)++;
			break;
		case VP_SETTING_INT:
			/* an integer literal, exact */
			assert_true(cJSON_IsNumber(item) || cJSON_IsRaw(item));
			scalar_text(&s[*i], want, sizeof want);
			assert_true((double)s[*i].i == item->valuedouble);
			(*i)++;
			break;
		case VP_SETTING_NUMBER:
			assert_true(cJSON_IsNumber(item));
			assert_true(item->valuedouble == s[*i].d);
			(*i)++;
			break;
		case VP_SETTING_BOOL:
			assert_true(cJSON_IsBool(item));
			assert_int_equal(cJSON_IsTrue(item), s[*i].b);
			(*i)++;
			break;
		case VP_SETTING_STRING:
			assert_true(cJSON_IsString(item));
			assert_string_equal(item->valuestring, s[*i].s);
			(*i)++;
			break;
		case VP_SETTING_END:
			fail_msg("unbalanced settings");
			break;
		}
	}
}

static void json_should_carry_the_same_settings_and_numbers(void **state)
{
	int prof;

	(void)state;
	for (prof = 0; prof < VP_PROFILE_COUNT; prof++) {
		struct vp_plan_request req;
		struct vp_plan p;
		struct vp_setting s[VP_SETTINGS_MAX];
		size_t n, i = 0;
		char *text;
		cJSON *root;
		const cJSON *est;

		make_plan(&req, &p, 4);
		p.train.device_bytes = ((uint64_t)1 << 55) + 1; /* beyond a double's integers */
		n = settings_of(mt5, &req, &p, (enum vp_profile)prof, s);
		text = emit_plan(&req, &p, (enum vp_profile)prof, true);
		root = cJSON_Parse(text);
		assert_non_null(root);
		assert_string_equal(cJSON_GetObjectItemCaseSensitive(root, "vramplan")->valuestring, VRAMPLAN_VERSION);
		match_json(cJSON_GetObjectItemCaseSensitive(root, "settings"), s, n, &i);
		assert_int_equal(i, n);
		est = cJSON_GetObjectItemCaseSensitive(root, "estimate");
		assert_non_null(est);
		assert_int_equal((uint64_t)cJSON_GetObjectItemCaseSensitive(est, "weights_bytes")->valuedouble,
				 p.train.peak_bytes[VP_COMP_WEIGHTS]);
		assert_string_equal(cJSON_GetObjectItemCaseSensitive(est, "peak_phase")->valuestring, "backward");
		/* printed exactly, not through a double */
		assert_non_null(strstr(text, "\"device_bytes\":\t36028797018963969"));
		assert_true(cJSON_IsObject(cJSON_GetObjectItemCaseSensitive(root, "next_batch")));
		cJSON_Delete(root);
		free(text);
	}
}

static void yaml_comments_should_carry_the_breakdown(void **state)
{
	struct vp_plan_request req;
	struct vp_plan p;
	char *text;

	(void)state;
	make_plan(&req, &p, 4);
	req.train.attn = VP_ATTN_EAGER; /* the T5 family's default (resolve.c) */
	text = emit_plan(&req, &p, VP_PROFILE_HF, false);
	assert_non_null(strstr(text, "# vramplan " VRAMPLAN_VERSION " plan for mt5 (csebuetnlp/mT5_multilingual_XLSum)"
					  " on rtx3090 (NVIDIA GeForce RTX 3090, 24576 MiB)\n"));
	/* mT5's eager, the default: the setup says which releases have
	 * nothing else */
	assert_non_null(strstr(text, "# setup: seq-len 512, target-len 128, amp-bf16, full, adamw, eager attention "
				     "(the T5 family's only path before transformers' PR #47014; --attn sdpa for "
				     "later releases), no checkpointing\n"));
	assert_non_null(strstr(text, "# budget: 0.80 x 24.00 GiB = 19.20 GiB at the device level\n"));
	assert_non_null(strstr(text, "# train batch 12: device peak 18.00 GiB (allocated 9.00, reserved 10.00) in "
				     "backward; limited by memory: batch 13 needs 21.00 GiB\n"));
	assert_non_null(strstr(text, "#   weights               0.25 GiB\n"));
	assert_non_null(strstr(text, "#   cuda context          0.50 GiB\n"));
	assert_non_null(strstr(text, "# eval batch 48: device peak 12.00 GiB"));
	assert_non_null(strstr(text, "# host RAM: 4 workers x 2.00 GiB + trainer 6.00 GiB = 14.00 GiB in training"));
	assert_non_null(strstr(text, "# host RAM during evaluation: + 4 eval workers x 2.00 GiB = 22.00 GiB\n"));
	free(text);
}

static void comments_should_not_carry_control_characters(void **state)
{
	struct vp_plan_request req;
	struct vp_plan p;
	struct vp_model m = *mt5;
	struct vp_error err = {0};
	FILE *f = tmpfile();
	char *text;

	(void)state;
	make_plan(&req, &p, 4);
	strcpy(m.hf_id, "evil\nper_device_train_batch_size: 999");
	assert_non_null(f);
	assert_int_equal(vp_emit_plan_yaml(f, &m, rtx3090, &req, &p, VP_PROFILE_HF, &err), 0);
	text = read_all(f);
	fclose(f);
	assert_null(strstr(text, "\nper_device_train_batch_size: 999"));
	assert_non_null(strstr(text, "evil?per_device_train_batch_size: 999"));
	free(text);
}

static void estimate_should_say_when_it_does_not_fit(void **state)
{
	struct vp_train t;
	struct vp_estimate e;
	struct vp_error err = {0};
	FILE *f = tmpfile();
	char *text;

	(void)state;
	vp_train_defaults(&t);
	t.batch = 32;
	t.tgt_len = 128;
	t.head = VP_HEAD_SEQ2SEQ_LM;
	fake_estimate(&e, 25 * GIB);
	assert_non_null(f);
	assert_int_equal(vp_emit_estimate_yaml(f, mt5, rtx3090, &t, 0.8, &e, 0, NULL, NULL, &err), 0);
	text = read_all(f);
	fclose(f);
	assert_non_null(strstr(text, ": does not fit, 5.80 GiB over the budget\n"));
	assert_non_null(strstr(text, "\nfits: false\n"));
	assert_non_null(strstr(text, "\nbatch: 32\n"));
	assert_non_null(strstr(text, "\ndevice_bytes: 26843545600\n"));
	free(text);

	f = tmpfile();
	assert_non_null(f);
	assert_int_equal(vp_emit_estimate_json(f, mt5, rtx3090, &t, 0.8, &e, 0, NULL, NULL, &err), 0);
	text = read_all(f);
	fclose(f);
	assert_non_null(strstr(text, "\"fits\":\tfalse"));
	assert_non_null(strstr(text, "\"device_bytes\":\t26843545600"));
	free(text);
}

static void write_errors_should_be_io_errors(void **state)
{
	struct vp_plan_request req;
	struct vp_plan p;
	struct vp_error err = {0};
	FILE *f = fopen("/dev/null", "r"); /* every write fails */

	(void)state;
	assert_non_null(f);
	make_plan(&req, &p, 4);
	assert_int_equal(vp_emit_plan_yaml(f, mt5, rtx3090, &req, &p, VP_PROFILE_HF, &err), -1);
	assert_int_equal(err.code, VP_ERR_IO);
	clearerr(f);
	memset(&err, 0, sizeof err);
	assert_int_equal(vp_emit_plan_json(f, mt5, rtx3090, &req, &p, VP_PROFILE_HF, &err), -1);
	assert_int_equal(err.code, VP_ERR_IO);
	fclose(f);
}

static void setup_line_should_describe_lora(void **state)
{
	struct vp_train t;
	struct vp_error err = {0};
	char buf[512];

	(void)state;
	vp_train_defaults(&t);
	t.precision = VP_PREC_AMP_BF16;
	t.method = VP_METHOD_QLORA;
	t.quant = VP_QUANT_NF4;
	t.attn = VP_ATTN_SDPA;
	t.grad_ckpt = true;
	t.lora_r = 16;
	t.seq_len = 2048;
	assert_int_equal(vp_train_set_lora_targets(&t, "q_proj,v_proj", &err), 0);
	vp_format_setup(llama, &t, buf, sizeof buf);
	assert_string_equal(buf, "seq-len 2048, amp-bf16, qlora nf4 (bitsandbytes <0.43.2) r 16 on q_proj,v_proj, dropout 0.05, "
				 "adamw, sdpa attention, gradient checkpointing");
	t.bnb = VP_BNB_CURRENT;
	vp_format_setup(llama, &t, buf, sizeof buf);
	assert_non_null(strstr(buf, "qlora nf4 (bitsandbytes 0.43.2+) r 16"));
	assert_int_equal(vp_model_default_head(llama), VP_HEAD_CAUSAL_LM);
	assert_int_equal(vp_model_default_head(mt5), VP_HEAD_SEQ2SEQ_LM);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(profiles_should_parse_by_name),
		cmocka_unit_test(gib_should_round_half_up_in_integers),
		cmocka_unit_test(budget_should_floor_util_times_memory),
		cmocka_unit_test(budget_text_should_name_the_bound_that_decides),
		cmocka_unit_test(hf_keys_should_be_training_arguments),
		cmocka_unit_test(generation_keys_should_be_hf_seq2seq_alone),
		cmocka_unit_test(no_eval_should_print_the_key_that_runs_none),
		cmocka_unit_test(lightning_keys_should_be_trainer_and_dataloader_arguments),
		cmocka_unit_test(deepspeed_keys_should_be_config_json_keys),
		cmocka_unit_test(axolotl_keys_should_be_config_fields),
		cmocka_unit_test(llamafactory_keys_should_be_config_fields),
		cmocka_unit_test(trl_keys_should_be_sft_and_model_config_fields),
		cmocka_unit_test(yaml_should_parse_back_to_the_settings),
		cmocka_unit_test(json_should_carry_the_same_settings_and_numbers),
		cmocka_unit_test(yaml_comments_should_carry_the_breakdown),
		cmocka_unit_test(comments_should_not_carry_control_characters),
		cmocka_unit_test(estimate_should_say_when_it_does_not_fit),
		cmocka_unit_test(write_errors_should_be_io_errors),
		cmocka_unit_test(setup_line_should_describe_lora),
	};

	return cmocka_run_group_tests_name("emit", tests, setup_catalog, teardown_catalog);
}
