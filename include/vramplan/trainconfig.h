#ifndef VRAMPLAN_TRAINCONFIG_H
#define VRAMPLAN_TRAINCONFIG_H

/*
 * A committed training config, read for `vramplan check` (docs/check.md).
 *
 * Four flavours, told apart by their keys:
 *   hf         Hugging Face TrainingArguments / Seq2SeqTrainingArguments keys
 *              (transformers src/transformers/training_args.py,
 *              training_args_seq2seq.py), plus the keys the example scripts and
 *              TRL put in the same file: run_summarization.py's
 *              max_source_length/max_target_length, TRL ModelConfig's
 *              use_peft/lora_r/load_in_4bit, SFTConfig's max_length/packing.
 *   axolotl    an axolotl YAML config (base_model, micro_batch_size,
 *              sequence_len, adapter, ...; axolotl src/axolotl/utils/schemas/).
 *   deepspeed  a DeepSpeed config JSON (train_micro_batch_size_per_gpu,
 *              zero_optimization.stage, ...; deepspeed.ai/docs/config-json).
 *   llamafactory  a LLaMA-Factory YAML (finetuning_type, lora_target, or
 *              stage with template or cutoff_len; src/llamafactory/hparams/),
 *              TrainingArguments' keys beside its own.
 * A file is JSON when its first non-space character is '{' (cJSON), else
 * YAML (libyaml's document API). Either syntax may hold any flavour.
 *
 * A top-level `vramplan:` mapping carries what trainer keys cannot say (the
 * GPU, the host, LoRA on an hf config without TRL keys, ...); its keys win
 * over the trainer's.
 *
 * Every setting remembers the key that set it and that key's line:column, so
 * a diagnostic (and a GitHub annotation) can point at it. Keys the check
 * does not use are listed in `ignored`; settings that change memory and that
 * the file leaves out get a stated default, listed in `defaults`. Nothing is
 * dropped silently.
 *
 * Pure apart from vp_trainconfig_load(), which reads the file. A config
 * starts zeroed (or from vp_trainconfig_parse, which zeroes it); it owns the
 * two note arrays; vp_trainconfig_free() releases them, leaves the struct
 * zeroed, and is a no-op on a zeroed struct.
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "vramplan/error.h"
#include "vramplan/estimate.h"
#include "vramplan/gpu.h"
#include "vramplan/model.h"
#include "vramplan/train.h"
#include "vramplan/tree.h"

enum vp_tc_flavour { VP_TC_HF = 0, VP_TC_AXOLOTL, VP_TC_DEEPSPEED, VP_TC_LLAMAFACTORY };

/* The settings a check uses, each with the key that set it. */
enum vp_tc_setting {
	VP_TC_MODEL = 0,  /* model_name_or_path, base_model, vramplan.model */
	VP_TC_BATCH,      /* per_device_train_batch_size, micro_batch_size, train_micro_batch_size_per_gpu */
	VP_TC_EVAL_BATCH, /* per_device_eval_batch_size, eval_batch_size */
	VP_TC_GRAD_ACCUM,
	VP_TC_SEQ_LEN,    /* the length that became train.seq_len */
	VP_TC_TGT_LEN,    /* the length that became train.tgt_len */
	VP_TC_PRECISION,
	VP_TC_OPTIMIZER,
	VP_TC_GRAD_CKPT,
	VP_TC_METHOD,     /* use_peft, adapter, vramplan.method */
	VP_TC_QUANT,      /* load_in_4bit, load_in_8bit, vramplan.quant */
	VP_TC_LORA_R,
	VP_TC_LORA_TARGETS,
	VP_TC_ATTN,
	VP_TC_ZERO,       /* zero_optimization.stage, vramplan.zero_stage */
	VP_TC_GPUS,       /* data-parallel GPUs */
	VP_TC_GENERATE,   /* predict_with_generate */
	VP_TC_NUM_BEAMS,
	VP_TC_GEN_LEN,    /* generation_max_length, val_max_target_length */
	VP_TC_WORKERS,    /* dataloader_num_workers */
	VP_TC_PIN_MEMORY,
	VP_TC_PREFETCH,   /* dataloader_prefetch_factor */
	VP_TC_DS_FILE,    /* an hf/axolotl config's `deepspeed:` file */
	VP_TC_TORCH,      /* vramplan.torch_version */
	VP_TC_EVAL_ACCUM, /* eval_accumulation_steps */
	VP_TC_AUTO_BATCH, /* auto_find_batch_size */
	VP_TC_EVAL_SAMPLES, /* vramplan.eval_samples, else max_eval_samples */
	VP_TC_DORA,       /* the value of the key that turned DoRA on: use_dora, peft_use_dora, vramplan.dora */
	VP_TC_SETTING_COUNT
};

struct vp_tc_origin {
	char key[96];                 /* as written, dotted when nested: "zero_optimization.stage" */
	unsigned long line, column;   /* of the key; 0 when a default applied; a line
				       * with column 0: given on the command line
				       * (vp_trainconfig_parse_with), no place in the file */
};

/* The "file" errors about command-line settings name. */
#define VP_TC_COMMAND_LINE "command line"

/* The lengths check applies where a config states none, which plan's notes
 * name too (emit_plan.c): the defaults of the scripts an hf config is run
 * with (examples/pytorch/summarization/run_summarization.py
 * max_source_length 1024 and max_target_length 128,
 * text-classification/run_glue.py max_seq_length 128, TRL SFTConfig
 * max_length 1024), and vramplan's own where a config has no length key
 * at all (a DeepSpeed config). */
#define VP_TC_HF_SOURCE_LEN 1024
#define VP_TC_HF_TARGET_LEN 128
#define VP_TC_HF_ENCODER_LEN 128
#define VP_TC_HF_DECODER_LEN 1024
#define VP_TC_DEFAULT_SEQ_LEN 512
#define VP_TC_DEFAULT_TARGET_LEN 128

/* Was the setting at `o` given on the command line rather than in the file? */
static inline bool vp_tc_origin_on_command_line(const struct vp_tc_origin *o)
{
	return o->line > 0 && o->column == 0;
}

/* What stands between a setting's name and its value when a message
 * quotes them as the user wrote them: "vramplan.method: full" in the file,
 * "--set method=full" and "--method full" (check's shorthand) on the
 * command line. */
static inline const char *vp_tc_origin_value_sep(const struct vp_tc_origin *o)
{
	if (!vp_tc_origin_on_command_line(o))
		return ": ";
	return strncmp(o->key, "--set ", 6) == 0 ? "=" : " ";
}

/* An ignored key, or a default applied ("gradient_checkpointing: false
 * (TrainingArguments default)"). */
/* Which way a key that check reads but does not model moves the peak it
 * counts, as its note says where it is emitted (tc_keys.c): OVER, the
 * mechanism would lower the peak (context parallelism, tiled MLP, Cut
 * Cross Entropy, offload), so the counted peak is an upper bound; UNDER,
 * it would raise it (QAT's fake-quantized copies), so the counted peak
 * is a lower bound. NONE for every other note, and for a key whose note
 * names no direction. cmd_check.c qualifies its verdict with them. */
enum vp_tc_bound { VP_TC_BOUND_NONE = 0, VP_TC_BOUND_OVER, VP_TC_BOUND_UNDER };

struct vp_tc_note {
	char key[96];
	/* room for a note of a DeepSpeed file that a trainer config names,
	 * re-noted at its deepspeed key with the file's name and line
	 * (trainconfig.c): at 384 bytes the ZeRO-Offload warning of axolotl's
	 * examples/mistral/mixtral.yml ended "(deepspeed_configs/zero2.json,
	 * lin" until 2026-11-30 (tests/cli/check/real-config-corpus.sh) */
	char text[1024];
	unsigned long line, column;   /* 0 for a default */
	enum vp_tc_bound bound;       /* NONE but for an unmodelled key's note */
};

#define VP_TC_MAX_GPUS 16

struct vp_trainconfig {
	char file[512];               /* as given: relative paths resolve against it */
	char name[512];               /* as messages print it (vp_text_one_line) */
	enum vp_tc_flavour flavour;
	bool json;                    /* JSON syntax (else YAML) */

	char model[512];              /* the model reference as written; "" when none */
	char deepspeed[512];          /* an hf/axolotl `deepspeed:` path; "" when none */

	/* The training setup. train.batch is the micro-batch under check;
	 * vp_trainconfig_resolve() completes what depends on the model. */
	struct vp_train train;
	bool bf16_auto;               /* axolotl `bf16: auto`: decided per GPU */
	bool fp16_off;                /* axolotl `fp16: false` with bf16 auto */
	bool load16;                  /* axolotl loads the weights in the 16-bit dtype it trains in */
	/* packed rows that carry an attention mask unless FlashAttention-2
	 * runs (axolotl's sample_packing, LLaMA-Factory's neat_packing): on a
	 * GPU without it SDPA runs them masked (vp_trainconfig_train_for) */
	bool packed_mask_without_flash;
	bool optimizer_stated;        /* vramplan.optimizer (or the command line) chose it */
	bool trl;                     /* an hf config with a key only TRL's parser reads
				       * (tc_settle.c trl_keys): the defaults' notes say what
				       * TRL's differ in only then */
	bool trl_loss_unset;          /* a TRL SFT config without loss_type or Liger: resolve()
				       * notes TRL's chunked_nll default for a causal LM */
	bool trl_chunked_nll;         /* a TRL SFT config with loss_type: chunked_nll and no Liger:
				       * resolve() refuses it beside LoRA on the LM head */
	struct vp_tc_origin trl_loss_at;
	uint64_t ce_chunks;           /* axolotl chunked_cross_entropy on: its chunks a sequence
				       * (resolve() remarks a chunk above the 128 positions counted) */
	struct vp_tc_origin ce_at;
	bool attn_auto;               /* LLaMA-Factory flash_attn auto (said or default): resolve()
				       * checks Gemma 2 at eager, as LLaMA-Factory runs it without FA2 */
	bool head_set, lora_targets_set, labels_set, texts_set;
	struct vp_tc_origin head_at;  /* vramplan.head, where head_set */
	struct vp_tc_origin labels_at; /* vramplan.num_labels (--num-labels), where labels_set */
	bool batch_auto;              /* DeepSpeed "auto" micro-batch: resolve() refuses it */
	/* A DeepSpeed file's batch keys as written, 0 where absent or "auto":
	 * the HF Trainer requires each to match its own values
	 * (vp_trainconfig_match_deepspeed) */
	struct {
		uint64_t micro, accum, total;
		struct vp_tc_origin at_micro, at_accum, at_total;
		/* fp16.enabled and bf16.enabled as written: 0 absent or
		 * "auto", 1 false, 2 true */
		int fp16, bf16;
		struct vp_tc_origin at_fp16, at_bf16;
	} ds_given;
	/* TrainingArguments' fp16 and bf16 as written (hf, LLaMA-Factory),
	 * which the HF Trainer requires a named DeepSpeed file's
	 * fp16/bf16.enabled to match: 0 absent, 1 false, 2 true */
	struct {
		int fp16, bf16;
		struct vp_tc_origin at_fp16, at_bf16;
	} trainer_flags;
	bool auto_find_batch;         /* auto_find_batch_size: the Trainer retries smaller after an OOM */
	uint64_t eval_batch;
	struct vp_eval_opts eval;     /* predict_with_generate */
	bool eval_logits_assumed;     /* eval.predictions is the logits default, no key or framework says */

	/* Lengths as the file gives them (0 = absent); resolve() maps them
	 * onto train.seq_len / tgt_len for the model's architecture. */
	uint64_t len_seq, len_source, len_target, len_gen;
	struct vp_tc_origin len_seq_at, len_source_at, len_target_at, len_gen_at;

	/* When evaluation runs (TrainingArguments eval_strategy, do_eval) */
	enum vp_tc_evaluation {
		VP_TC_EVAL_ASSUMED = 0, /* neither key: checked as if it ran mid-epoch */
		VP_TC_EVAL_NONE,        /* eval_strategy "no", do_eval not true: none */
		VP_TC_EVAL_STEPS,       /* every eval_steps, mid-epoch */
		VP_TC_EVAL_EPOCHS,      /* at each epoch's end */
		VP_TC_EVAL_AFTER        /* do_eval with eval_strategy "no": after training */
	} evaluation;

	/* The config trains nothing, only evaluates or predicts: LLaMA-Factory
	 * without `do_train: true` (TrainingArguments' default is false, and
	 * its workflows call trainer.train() only `if training_args.do_train`),
	 * or an hf config's explicit `do_train: false` (the example scripts'
	 * gate), beside do_eval, do_predict or an eval_strategy. train is then
	 * the frozen model that evaluation runs (VP_METHOD_FROZEN: no
	 * optimizer states, no gradients), `evaluation` VP_TC_EVAL_AFTER, and
	 * check estimates the evaluation alone. eval_only_at: the key that
	 * says so (do_train, else do_predict, do_eval or eval_strategy). */
	bool eval_only;
	struct vp_tc_origin eval_only_at;

	/* The prediction pass: `do_predict: true` makes the example scripts
	 * (run_summarization.py, run_translation.py, run_glue.py, run_ner.py)
	 * and LLaMA-Factory's SFT workflow call trainer.predict() after
	 * training (or alone), on the test set (LLaMA-Factory: its
	 * evaluation split), at per_device_eval_batch_size, through the same
	 * evaluation_loop and prediction_step as evaluate(), generation
	 * included. Unlike evaluate(), which passes prediction_loss_only=True
	 * when the Trainer has no compute_metrics, predict() passes none, so
	 * evaluation_loop takes args.prediction_loss_only (false by default)
	 * and keeps every step's predictions (transformers trainer.py
	 * Trainer.predict, evaluation_loop). on: the pass runs (hf, and
	 * LLaMA-Factory's sft stage); at: its do_predict; samples: the test
	 * set's size, max_predict_samples (LLaMA-Factory: the evaluation
	 * set's), 0 unknown, set by samples_at; predictions: what it keeps.
	 * opts: the pass's options, complete after vp_trainconfig_resolve
	 * (the evaluation's generation, with LLaMA-Factory's
	 * GeneratingArguments, and the kept predictions and set above). */
	struct {
		bool on;
		struct vp_tc_origin at;
		uint64_t samples;
		struct vp_tc_origin samples_at;
		enum vp_eval_preds predictions;
		struct vp_eval_opts opts;
	} predict;

	/* LLaMA-Factory training with predict_with_generate and evaluation
	 * inside training: the Trainer's evaluate() there generates up to
	 * lf_gen_total tokens in all (generation_max_length, else cutoff_len)
	 * with lf_gen_beams beams (eval_num_beams, generation_num_beams, else
	 * 1), not with GeneratingArguments, which the evaluation after
	 * training uses; resolve() checks whichever KV cache is larger.
	 * lf_gen_total 0: cutoff_len. The origins: the keys that set them
	 * (line 0: none). */
	bool lf_train_gen;
	uint64_t lf_gen_total, lf_gen_beams;
	struct vp_tc_origin lf_gen_total_at, lf_gen_beams_at;

	uint64_t num_workers;         /* dataloader_num_workers */
	uint64_t prefetch_factor;     /* dataloader_prefetch_factor; 0 = unset (the DataLoader's 2) */
	bool pin_memory;              /* dataloader_pin_memory */
	bool persistent_workers;      /* dataloader_persistent_workers */
	bool uneven_eval_batches;     /* accelerator_config.even_batches: false */

	/* The vramplan: block. */
	char gpus[VP_TC_MAX_GPUS][VP_NAME_MAX];
	struct vp_tc_origin gpu_at[VP_TC_MAX_GPUS];
	size_t n_gpus;
	double util;                  /* 0 = not given */
	uint64_t host_ram_bytes;      /* 0 = not given */
	uint64_t cpus;                /* 0 = not given */
	uint64_t nodes;               /* vramplan.nodes: hosts the GPUs are spread over; 0 = one */
	struct vp_tc_origin nodes_at;
	uint64_t worker_ram_bytes;    /* 0 = not given */
	uint64_t dataset_ram_bytes;   /* vramplan.dataset_ram; 0 = not given, unless dataset_ram_given */
	uint64_t eval_dataset_ram_bytes; /* vramplan.eval_dataset_ram; alike */
	/* either was given, so that 0 is a set that adds nothing (vp_host_request) */
	bool dataset_ram_given, eval_dataset_ram_given;
	bool ewc;                     /* vramplan.ewc: EWC's Fisher and anchor copies on the GPU */
	uint64_t replay_buffer;       /* vramplan.replay_buffer: samples kept in host RAM */
	bool has_pytorch;             /* vramplan.torch_version */
	enum vp_pytorch pytorch;

	struct vp_tc_origin at[VP_TC_SETTING_COUNT];
	/* The first model key under a top-level section that check does not
	 * read (a config written per model, seed 001's `xlsum_mt5:
	 * {model_name_or_path: ...}`), dotted from the section: where "no
	 * model" points. line 0 when there is none. */
	struct vp_tc_origin nested_model;
	/* The first top-level key that names the model under another
	 * script's name (model_name, model_id, model, a Hydra-like
	 * model: {name: ...}: seed 002's sentence-transformers config),
	 * dotted when nested, with a string value: where "no model" points.
	 * line 0 when there is none. */
	struct vp_tc_origin model_like;
	/* Mappings beside that model key, each holding trainer keys of its
	 * own (seed 001's `xlsum_mt5: {training: {per_device_train_batch_size:
	 * 1}}`), by name: merging the section alone would leave them nested,
	 * so "no model"'s command merges them too. */
	char nested_inner[4][96];
	size_t n_nested_inner;
	/* Likewise the first of the flavour's per-device train batch keys
	 * under a top-level section (seed 001's `xlsum_mt5: {training:
	 * {per_device_train_batch_size: 1}}`), and the mappings to merge,
	 * in order, after that section to bring it to the top level: each
	 * one on the way down to it, then the section's other mappings that
	 * hold trainer keys. Where the top level has no batch key of its own
	 * and --model stands in for the model, the check refuses rather than
	 * report on a batch the file does not state. line 0 when none. */
	struct vp_tc_origin nested_batch;
	char nested_batch_inner[6][96];
	size_t n_nested_batch_inner;
	/* nested_batch holds another trainer key (the first of a section
	 * with no batch key: seed 003's `training: {gradient_checkpointing:
	 * true, ...}`), refused where the top level states no trainer
	 * setting at all, every one a default the file contradicts */
	bool nested_batch_other;

	struct vp_tc_note *ignored;
	size_t n_ignored;
	/* values PyYAML reads otherwise than they look (010 is octal 8) */
	struct vp_tc_note *readings;
	size_t n_readings;
	/* keys read and applied that the estimate models with a caveat the
	 * user should see at the key (DoRA: from source and a CPU probe, not
	 * a GPU measurement) */
	struct vp_tc_note *remarks;
	size_t n_remarks;
	/* a setup that fits but that the tools refuse at startup (ZeRO-Offload
	 * without a DeepSpeed optimizer section): a warning at its key, no
	 * memory verdict */
	struct vp_tc_note *warnings;
	size_t n_warnings;
	/* gradient_checkpointing_kwargs {use_reentrant: false} (LLaMA-Factory:
	 * use_reentrant_gc: false), at its value; vramplan models reentrant
	 * checkpointing, gradient_checkpointing_enable's default
	 * (vp_trainconfig_note_reentrant) */
	bool ckpt_nonreentrant;
	struct vp_tc_origin nonreentrant_at;
	struct vp_tc_note *defaults;
	size_t n_defaults;
	/* liger_kernel_config's swiglu and geglu under use_liger_kernel, where
	 * stated (*_set): Trainer passes only the keyword arguments that the
	 * model's apply_liger_kernel_to_<model> takes (transformers
	 * integrations/liger.py, _apply_liger_kernel_to_instance), geglu for
	 * Gemma's and swiglu for the others, so the model decides which one
	 * counts (vp_trainconfig_resolve) */
	bool liger_swiglu_set, liger_swiglu_on, liger_geglu_set, liger_geglu_on;
	/* Image, video or audio inputs, which vramplan does not model
	 * (docs/check.md "Image inputs"): the keys that say a run feeds them
	 * to a multimodal checkpoint's tower, or trains the tower, each listed
	 * with the ignored keys as it is read; vp_trainconfig_resolve makes
	 * that note a lower bound where the model has a vision tower
	 * (vision_params). mm_template: LLaMA-Factory's `template` names one
	 * registered with an image, video or audio plugin (mm_template_name,
	 * at mm_template_at); mm_input_at: the first of LLaMA-Factory's
	 * ProcessorArguments keys (image_max_pixels, video_fps, ...) or
	 * axolotl's processor_type, line 0 where none; tower_at, projector_at:
	 * LLaMA-Factory's freeze_vision_tower / freeze_multi_modal_projector
	 * false; lm_frozen_at: its freeze_language_model true (an upper
	 * bound: the language model the estimate trains does not train). */
	bool mm_template;
	char mm_template_name[32];
	struct vp_tc_origin mm_template_at, mm_input_at, tower_at, projector_at, lm_frozen_at;
	bool resolved;
};

/* Parse `text` (len bytes); `name` is the path used in diagnostics and the
 * base for relative paths. Returns 0, or -1 with err filled (VP_ERR_INPUT
 * with line:column for syntax and type errors). On failure *tc is zeroed. */
int vp_trainconfig_parse(struct vp_trainconfig *tc, const char *name, const char *text, size_t len,
			 struct vp_error *err);

/* The same, with `settings` (a mapping of vramplan: block keys, or NULL)
 * read after the file's own block, winning over it: `check --set KEY=VALUE`.
 * Their members' line is their place on the command line (1, 2, ...) and
 * their column 0 (vp_tc_origin_on_command_line); their errors and notes
 * name the command line and the option as the user typed it: `typed`
 * (NULL, or one entry per member of `settings`) holds a shorthand's name
 * ("--quant", check's plan-named options), and a NULL entry (or a NULL
 * `typed`) names the member "--set KEY". `model` (NULL, or check's --model)
 * goes into the `vramplan estimate` command that the refusal of a config
 * check does not read (a LightningCLI config, a W&B sweep) suggests, in
 * place of the file's model or the placeholder M. */
int vp_trainconfig_parse_with(struct vp_trainconfig *tc, const char *name, const char *text, size_t len,
			      const struct vp_tnode *settings, const char *const *typed, const char *model,
			      struct vp_error *err);
int vp_trainconfig_load_with(struct vp_trainconfig *tc, const char *path, const struct vp_tnode *settings,
			     const char *const *typed, const char *model, struct vp_error *err);

/*
 * The job's PyTorch, which no trainer key states (`check --torch-version`,
 * or the vramplan: block's torch_version, which `by` names in errors): sets
 * train.pytorch and what its defaults depend on. On 1.x transformers has no
 * SDPA and refuses adamw_torch_fused, so an unstated attention becomes eager
 * and an unstated fused AdamW plain AdamW (their default notes say so);
 * stated ones are an error at their key, as are expandable segments before
 * 2.1. A stated flash_attention_2 is tested as the kernel m runs (eager
 * where m has no FlashAttention-2 path; m may be NULL: as stated).
 * Returns 0, or -1 with err filled.
 */
int vp_trainconfig_set_pytorch(struct vp_trainconfig *tc, const struct vp_model *m, enum vp_pytorch p, const char *by,
			       struct vp_error *err);

/* Read and parse a file (VP_ERR_IO when it cannot be read). */
int vp_trainconfig_load(struct vp_trainconfig *tc, const char *path, struct vp_error *err);

/* A DeepSpeed file that an hf or axolotl config names (`deepspeed:`): read
 * for its ZeRO stage, its batch keys optional (the HF Trainer fills them
 * in from the config's). */
int vp_trainconfig_load_referenced(struct vp_trainconfig *tc, const char *path, struct vp_error *err);

void vp_trainconfig_free(struct vp_trainconfig *tc);

/*
 * Complete the setup for model m: the head (vramplan.head, else the model's
 * default), the sequence and target lengths from the lengths the file gave,
 * PEFT's default LoRA targets, and the defaults that depend on the
 * architecture (each appended to `defaults`). Call once, after the model is
 * known. Returns 0, or -1 with err at the offending key.
 */
int vp_trainconfig_resolve(struct vp_trainconfig *tc, const struct vp_model *m, struct vp_error *err);

/* The input error for a DeepSpeed micro-batch of "auto" (tc->batch_auto),
 * which no model or setting can check on its own: the HF Trainer fills it
 * in from the trainer config that names the file. Returns -1. */
int vp_trainconfig_auto_batch_error(const struct vp_trainconfig *tc, struct vp_error *err);

/* The setup on GPU g: tc->train with `bf16: auto` decided the way axolotl
 * decides it (bf16 where the GPU has it, else fp16 unless fp16: false). */
void vp_trainconfig_train_for(const struct vp_trainconfig *tc, const struct vp_gpu *g, struct vp_train *out);

/* "hf", "axolotl", "deepspeed". */
const char *vp_tc_flavour_name(enum vp_tc_flavour f);

/* The ZeRO stage of the DeepSpeed file a config names (`deepspeed:`), at
 * that key; with a stage above 0 and no GPU count stated, the one-GPU
 * default is noted as the DeepSpeed flavour's is. */
int vp_trainconfig_set_zero_from_file(struct vp_trainconfig *tc, int stage, struct vp_error *err);

/* The rest of that file that changes memory: its gradient bucket
 * (zero_optimization.reduce_bucket_size, overlap_comm) and, when it has an
 * optimizer section and vramplan.optimizer states none, DeepSpeed's
 * optimizer in place of the config's `optim` (noted at that key).
 * `ds_file` names the file in notes. */
int vp_trainconfig_take_deepspeed(struct vp_trainconfig *tc, const struct vp_trainconfig *ds, const char *ds_file,
				  struct vp_error *err);

/* The notes of tc (ignored keys and remarks, a DeepSpeed file's re-noted
 * at its deepspeed key) whose key's mechanism check does not model, in
 * direction `dir` (OVER or UNDER): the first note of each key, in the
 * notes' order, at most `max` into `out` (pointers into tc). Returns how
 * many it stored. */
size_t vp_trainconfig_bound_keys(const struct vp_trainconfig *tc, enum vp_tc_bound dir, const struct vp_tc_note **out,
				 size_t max);

/*
 * The HF Trainer fills a named DeepSpeed file's "auto" batch keys from
 * TrainingArguments and refuses to start when one it must match differs
 * (transformers integrations/deepspeed.py, HfTrainerDeepSpeedConfig
 * .trainer_config_process and fill_match: "Please correct the following
 * DeepSpeed config values that mismatch TrainingArguments values"). ds is
 * that file as read, named ds_file (or tc itself, for an inline mapping).
 * A named file's train_batch_size gives the GPU count where tc states
 * none (noted as a default). Returns 0, or -1 with err at the file's key.
 */
/*
 * DeepSpeed without ZeRO (stage 0) in 16 bit wraps the optimizer in
 * BF16_Optimizer or FP16_Optimizer (deepspeed/runtime/engine.py
 * _do_optimizer_sanity_check), which keep fp32 master weights and states
 * (and, BF16_Optimizer, an fp32 gradient buffer) that the estimate does not
 * model: an input error at the stage, the file or the precision key. The
 * config is a DeepSpeed one, or names one (a file or an inline mapping);
 * call after vp_trainconfig_set_zero_from_file.
 */
int vp_trainconfig_modelled_deepspeed(const struct vp_trainconfig *tc, struct vp_error *err);

/*
 * A remark at use_reentrant: false where it changes what the estimate
 * counts: checkpointing over a bitsandbytes base that keeps its layers'
 * inputs (int8, or 4-bit before 0.43.2) under adapters, whose ctx.tensors
 * bypass non-reentrant checkpointing's saved-tensor hooks, so every
 * quantized layer keeps its input as if not checkpointed; vramplan models
 * reentrant checkpointing, an underestimate there. Call once the training
 * setup is final (after --bnb-version). Returns 0, or -1 out of memory.
 */
int vp_trainconfig_note_reentrant(struct vp_trainconfig *tc, struct vp_error *err);

/* A warning at the model's key (or at --model where from_command_line)
 * where the model is an unmodelled model_type estimated as another's
 * layout (model.h read_as), as plan and estimate warn. 0, or -1 with err
 * set (out of memory). */
int vp_trainconfig_warn_read_as(struct vp_trainconfig *tc, const struct vp_model *m, bool from_command_line,
				struct vp_error *err);

/* The unquantized tables and norms of model m that stay fp32 in an axolotl
 * run over a bitsandbytes base (prepare_model_for_kbit_training upcasts
 * them; axolotl's *norm* and embedding names miss them), as a list of
 * module names for a warning, or NULL where axolotl casts every one back
 * to 16 bit, as plan and check count such a run. */
const char *vp_axolotl_kbit_fp32_rest(const struct vp_model *m);

/* A warning at the quantization's key where an axolotl config trains over
 * a bitsandbytes base whose model type keeps fp32 tables or norms that
 * axolotl does not cast back (vp_axolotl_kbit_fp32_rest), as plan warns
 * under --profile axolotl. 0, or -1 with err set (out of memory). */
int vp_trainconfig_warn_axolotl_kbit(struct vp_trainconfig *tc, const struct vp_model *m, struct vp_error *err);
/* A warning at the quantization's key where a bitsandbytes base of a
 * mixture of experts would keep its experts unquantized under transformers 5
 * (vp_estimate_unquantized_experts), as plan and estimate warn. 0, or -1
 * with err set. */
int vp_trainconfig_warn_unquantized_experts(struct vp_trainconfig *tc, const struct vp_model *m, struct vp_error *err);

int vp_trainconfig_match_deepspeed(struct vp_trainconfig *tc, const struct vp_trainconfig *ds,
				   const char *ds_file, struct vp_error *err);

/* The file an error at setting s names: the config's, or VP_TC_COMMAND_LINE
 * for a setting given there (vp_trainconfig_where then gives no position). */
const char *vp_trainconfig_where_file(const struct vp_trainconfig *tc, enum vp_tc_setting s);

/* The position a diagnostic about setting s should point at: the key that
 * set it, else the model key, else line 1. */
void vp_trainconfig_where(const struct vp_trainconfig *tc, enum vp_tc_setting s, unsigned long *line,
			  unsigned long *column);

/* Are the training's DataLoader workers alive while evaluation runs?
 * Mid-epoch (eval_strategy steps, or unknown) the training iterator holds
 * them; at an epoch's end only persistent workers remain; after training
 * (do_eval alone) none do. */
bool vp_trainconfig_eval_beside_training(const struct vp_trainconfig *tc);

/* The model reference as a path to try when it is not a catalogue key:
 * relative references are taken relative to the config file's directory.
 * Writes "" when there is no model. */
void vp_trainconfig_model_path(const struct vp_trainconfig *tc, char *buf, size_t size);

/* The same for the `deepspeed:` file of an hf or axolotl config. */
void vp_trainconfig_relative_path(const struct vp_trainconfig *tc, const char *ref, char *buf, size_t size);

#endif
