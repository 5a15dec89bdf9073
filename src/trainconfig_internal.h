/*
 * Private to the training-config reader (src/trainconfig.c and the tc_*.c
 * files it is split into): the reading context, the raw trainer keys before
 * the flavour's rules settle them, and the helpers the files share. Nothing
 * outside the reader includes this.
 */
#ifndef VP_TRAINCONFIG_INTERNAL_H
#define VP_TRAINCONFIG_INTERNAL_H

#include <stdbool.h>
#include <string.h>
#include <stddef.h>
#include <stdint.h>

#include "vramplan/error.h"
#include "vramplan/trainconfig.h"
#include "vramplan/tree.h"

/* The largest batch, length or count accepted from a file, the same as
 * from the command line (train.h VP_MAX_COUNT says why that value). */
#define MAX_NUMBER VP_MAX_COUNT

#if defined(__GNUC__)
#define VP_TC_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define VP_TC_PRINTF(f, a)
#endif


/* Settings the vramplan: block can give; each wins over the trainer keys. */
struct vblock {
	bool has_method, has_quant, has_lora_r, has_targets, has_head, has_labels, has_seq, has_tgt;
	bool has_precision, has_optimizer, has_attn, has_ckpt, has_gpus, has_zero, has_generate;
	bool has_beams, has_new_tokens, has_lora_dropout, has_expandable, has_texts;
	bool has_eval_preds, has_eval_samples, has_memory_fraction, has_dora, has_fsdp;
	bool expandable, dora, fsdp;
	/* activation_offload: the run enters an activation-offloading
	 * context around each step, which hf, LLaMA-Factory and DeepSpeed
	 * configs have no key for */
	bool has_act_offload, act_offload;
	struct vp_tc_origin at_dora;   /* the dora: key's value */
	struct vp_tc_origin at_labels; /* num_labels: vramplan.num_labels, --num-labels, --set */
	double memory_fraction;
	enum vp_eval_preds eval_preds;
	uint64_t eval_samples;
	double lora_dropout;
	enum vp_method method;
	enum vp_quant quant;
	uint64_t lora_r, num_labels, seq, tgt, gpus, beams, new_tokens, texts;
	struct vp_train targets;   /* lora_targets parsed into a scratch vp_train */
	enum vp_head head;
	enum vp_precision precision;
	enum vp_optimizer optimizer;
	enum vp_attn attn;
	bool ckpt, generate;
	int zero;
	struct vp_tc_origin at_method, at_quant, at_lora_r, at_targets, at_head, at_seq, at_tgt, at_precision,
		at_optimizer, at_attn, at_ckpt, at_gpus, at_zero, at_generate, at_beams, at_new_tokens;
};

/* TRL SFTConfig.loss_type values (trl/trainer/sft_config.py) */
enum tc_loss_type { TC_LOSS_NLL, TC_LOSS_CHUNKED_NLL, TC_LOSS_DFT };

/* Trainer keys as read, before the flavour's rules settle them. -1 = absent
 * for the tri-state flags. */
struct raw {
	uint64_t batch, eval_batch, accum, total_batch;
	bool has_batch, has_eval_batch, has_accum, has_total_batch;
	bool batch_auto, accum_auto, total_auto;
	int fp16, bf16, pure_bf16, pure_fp16; /* -1 absent, 0, 1 */
	bool bf16_auto, precision_auto;
	bool bf16_full;                       /* axolotl bf16: full */
	char dtype[32];                       /* torch_dtype / dtype */
	int grad_ckpt;
	bool ckpt_offload;
	bool act_offload;      /* axolotl activation_offloading: true */
	bool has_optim;
	enum vp_optimizer optim;
	bool adafactor;            /* TrainingArguments adafactor: true, which wins over optim */
	bool has_ds_optim;         /* an inline DeepSpeed mapping's optimizer.type (or a
				    * DeepSpeed config's own): it replaces `optim` */
	enum vp_optimizer ds_optim;
	int use_peft, load4, load8, nested;
	char adapter[32];
	bool has_lora_r;
	uint64_t lora_r;
	bool has_lora_dropout;
	double lora_dropout;
	bool has_targets;
	struct vp_train targets;
	bool has_attn;
	bool lf_attn_auto;         /* LLaMA-Factory flash_attn: auto */
	enum vp_attn attn;
	int attn_rank;             /* the setting key's precedence (attn_switch) */
	bool attn_flex;            /* that key asked for flex attention (read as SDPA) */
	int packed, generate;
	struct vp_tc_origin at_packed;
	int eval_packed;           /* axolotl eval_sample_packing; -1 unset */
	/* LLaMA-Factory neat_packing: true (its block-diagonal 4-D mask
	 * without FlashAttention); at_neat_packing where it was read */
	bool neat_packing;
	struct vp_tc_origin at_neat_packing;
	/* TRL SFTConfig: packing_strategy (-1 absent, 0 bfd or bfd_split, 1
	 * wrapped), padding_free (-1 absent, 0, 1), loss_type (-1 absent, else
	 * enum tc_loss_type) */
	int packing_strategy, padding_free, loss_type;
	/* axolotl: plugins lists its LigerPlugin (-1 absent, 0 not listed, 1
	 * listed), and where a liger_* key turned a kernel on */
	int liger_plugin;
	struct vp_tc_origin at_liger;
	bool sft;                  /* a key only TRL's SFTConfig or ModelConfig has */
	struct vp_tc_origin at_packing_strategy, at_padding_free, at_loss_type;
	int loss_only;             /* prediction_loss_only: -1 absent, 0, 1 */
	int use_cache;             /* TrainingArguments use_cache: -1 absent, 0, 1 */
	struct vp_tc_origin at_use_cache;
	int do_eval;               /* -1 absent, 0, 1 */
	int do_train;              /* -1 absent, 0, 1 */
	int do_predict;            /* -1 absent, 0, 1 */
	struct vp_tc_origin at_do_train, at_do_eval, at_do_predict, at_eval_strategy;
	/* a TrainingArguments.to_dict() dump: a *_token key holding the
	 * placeholder to_dict writes for it (k_dump_token) */
	bool dump;
	struct vp_tc_origin at_dump;
	char dump_text[40];        /* the placeholder, "<HUB_TOKEN>" */
	int concat_batches;        /* eval_do_concat_batches: -1 absent, 0, 1 */
	int save_safetensors;      /* TrainingArguments save_safetensors (4.x): -1 absent, 0, 1 */
	bool save_strategy_no;     /* save_strategy "no": no checkpoint during training */
	int save_only_model;       /* save_only_model: -1 absent, 0, 1 */
	int fsdp_version;          /* fsdp_version / fsdp_config.version: 0 absent, 1, 2 */
	int fsdp_sharded_state;    /* fsdp_config.state_dict_type: -1 absent, 0 FULL, 1 SHARDED or LOCAL */
	bool eval_split;           /* axolotl: val_set_size > 0 or test_datasets;
				    * LLaMA-Factory: val_size > 0 or eval_dataset */
	bool has_eval_split_key;   /* one of those keys is written, whatever its value */
	int no_ckpt;               /* LLaMA-Factory disable_gradient_checkpointing: -1 absent, 0, 1 */
	bool stage_pt;             /* LLaMA-Factory stage: pt (packs by default) */
	bool accuracy;             /* LLaMA-Factory compute_accuracy: the eval keeps argmax ids */
	int eval_strategy;         /* -1 absent, else enum vp_tc_evaluation (NONE, STEPS, EPOCHS) */
	uint64_t max_eval_samples; /* the example scripts' max_eval_samples; 0 absent */
	uint64_t max_predict_samples; /* the example scripts' max_predict_samples; 0 absent */
	struct vp_tc_origin at_max_predict;
	bool has_beams;
	uint64_t beams;
	/* LLaMA-Factory's generation_max_length, generation_num_beams and
	 * eval_num_beams (0 absent): the Trainer's own evaluations generate
	 * with them (settle decides whether any runs, else notes them unused) */
	uint64_t lf_gen_max_length, lf_gen_beams, lf_eval_beams;
	struct vp_tc_origin at_lf_gen_max_length, at_lf_gen_beams, at_lf_eval_beams;
	/* LLaMA-Factory's EvaluationArguments.task, a `llamafactory-cli eval`
	 * config, and ModelArguments.export_dir, a `llamafactory-cli export`
	 * one (line 0 when absent) */
	struct vp_tc_origin at_lf_eval_task, at_lf_export_dir;
	bool has_workers, has_pin;
	uint64_t workers;
	uint64_t prefetch;         /* dataloader_prefetch_factor; 0 absent */
	bool pin;
	int zero;
	uint64_t zero_bucket;      /* reduce_bucket_size; 0 absent */
	bool zero_bucket_auto;
	int zero_overlap;          /* overlap_comm: -1 absent, 0, 1 */
	bool zero_gather_save;     /* stage3_gather_16bit_weights_on_model_save: true */
	/* offload_optimizer / offload_param with device "cpu" at a stage
	 * that has it (docs/memory-model.md "ZeRO-Offload") */
	bool zero_offload_optimizer, zero_offload_param;
	struct vp_tc_origin at_offload_optimizer;
	/* zero_force_ds_cpu_optimizer: false (DeepSpeed's default true) */
	bool ds_client_optim_allowed;
	bool ds_optim_section;     /* a DeepSpeed "optimizer" mapping, modelled or not */
	bool compile;
	int liger_loss, liger_swiglu, liger_rms_norm;
	/* TrainingArguments liger_kernel_config's fused_linear_cross_entropy,
	 * swiglu, geglu and rms_norm (-1 absent, 0, 1), which Trainer passes
	 * to apply_liger_kernel_to_<model> under use_liger_kernel; a key that
	 * patches with Liger's defaults before the model loads set (TRL's
	 * use_liger, AutoLigerKernelForCausalLM; LLaMA-Factory's
	 * enable_liger_kernel), which the config cannot undo */
	int liger_cfg_loss, liger_cfg_swiglu, liger_cfg_geglu, liger_cfg_rms_norm;
	bool liger_preload;
	/* axolotl chunked_cross_entropy (-1 absent, 0, 1) and
	 * chunked_cross_entropy_num_chunks (0 absent: its default 8) */
	int chunked_ce;
	uint64_t ce_chunks;
	struct vp_tc_origin at_chunked_ce;
	double label_smoothing;    /* label_smoothing_factor; 0 absent or off */
	bool router_aux_loss;      /* LLaMA-Factory moe_aux_loss_coef > 0, a config
				    * override's output_router_logits */
	bool gptq;
	bool fsdp;
	bool fsdp_config;      /* a non-empty fsdp_config mapping (axolotl: FSDP on) */
	bool fsdp_ckpt;        /* fsdp_config activation_checkpointing: true */
	struct vp_tc_origin at_fsdp_ckpt, at_fsdp_config;
	uint64_t dp_shard;     /* axolotl dp_shard_size (0 absent): the GPUs FSDP shards over */
	struct vp_tc_origin at_dp_shard;
	bool dora;             /* use_dora / peft_use_dora: true (vp_train.dora where an adapter trains) */
	struct vp_tc_origin at_dora;
	/* a top-level section of PEFT LoraConfig's names in a TrainingArguments
	 * config (lora: {r: 16, target_modules: [...]}): its note warns that
	 * the file is checked as a full fine-tune, and settle softens it where
	 * adapters train after all (line 0: none) */
	struct vp_tc_origin at_lora_section;
	bool ckpt_nonreentrant; /* gradient_checkpointing_kwargs: {use_reentrant: false} */
	struct vp_tc_origin at_nonreentrant;
	struct vp_tc_origin at_fp16, at_bf16, at_pure, at_dtype, at_adapter, at_load, at_peft, at_total, at_optim,
		at_ds_optim, at_adafactor;
};

struct ctx {
	struct vp_trainconfig *tc;
	const char *file;
	struct vp_error *err;
	struct vblock vb;
	struct raw r;
	const struct keydef *keys; /* the flavour's table, for "did you mean" */
	size_t n_keys;
	bool referenced;           /* a DeepSpeed file an hf/axolotl config names: its batch is the config's */
	const struct vp_tnode *settings; /* the command line's vramplan: settings, or NULL */
	const char *const *typed;        /* each setting's option as typed, or NULL: "--set KEY" */
	const struct vp_tnode *root;     /* the file's top-level mapping, while its keys are read */
	const char *model;               /* check's --model, or NULL (vp_trainconfig_parse_with) */
};

typedef int (*key_fn)(struct ctx *c, const struct vp_tmember *m, const char *path);

/* The start of the ignored-key note of a continual-learning method's own
 * key (seed 004's ewc: and mer: sections, use_ewc, replay_buffer_size;
 * tc_values.c note_ignored), which points at vramplan.ewc or
 * vramplan.replay_buffer: settle softens every such note where the block
 * says so after all, or nothing trains (tc_settle.c
 * settle_continual_sections). */
#define VP_TC_EWC_HINT "did you mean 'vramplan: {ewc: true}'?"
#define VP_TC_REPLAY_HINT "did you mean 'vramplan: {replay_buffer: "
#define VP_TC_UTIL_HINT "did you mean 'vramplan: {util: "

struct keydef {
	const char *key;
	key_fn fn;
};

/* A key's handler, called only from the key tables with the reader's
 * context and the member it reads: none of the three is ever NULL. */
#if defined(__GNUC__)
#define HANDLER(name) \
	static int name(struct ctx *c, const struct vp_tmember *m, const char *path) __attribute__((nonnull)); \
	static int name(struct ctx *c, const struct vp_tmember *m, const char *path)
#else
#define HANDLER(name) static int name(struct ctx *c, const struct vp_tmember *m, const char *path)
#endif

/* tc_foreign.c: a torchtune recipe config or a litgpt finetune config is
 * an input error that gives the `vramplan estimate` command its keys
 * determine (-1); 0 for any other file */
int vp_tc_foreign_config(struct ctx *c, const struct vp_tnode *root);

/* trainconfig.c: the prediction pass's step, the evaluation's with what
 * predict() keeps and its own set (tc_settle.c settle_predict) */
void vp_tc_predict_opts_from_eval(struct vp_trainconfig *tc);

/* tc_values.c: errors at a node, notes, typed values */
int vp_tc_fail_at(struct ctx *c, unsigned long line, unsigned long column, const char *fmt, ...) VP_TC_PRINTF(4, 5);
int vp_tc_fail_at_origin(struct ctx *c, const struct vp_tc_origin *at, const char *fmt, ...) VP_TC_PRINTF(3, 4);
int vp_tc_reposition(struct ctx *c, const struct vp_tnode *n, const char *path);
void vp_tc_set_origin(struct vp_tc_origin *o, const char *path, const struct vp_tmember *m);
void vp_tc_set_origin_at_value(struct vp_tc_origin *o, const char *path, const struct vp_tmember *m);
const char *vp_tc_kind_name(const struct vp_tnode *n);
int vp_tc_note_default(struct vp_trainconfig *tc, struct vp_error *err, const char *key, const char *fmt, ...)
	VP_TC_PRINTF(4, 5);
/* A note at a key of tc (listed with the ignored keys), from outside a parse:
 * a setting that another file replaces. */
int vp_tc_note_key(struct vp_trainconfig *tc, struct vp_error *err, const struct vp_tc_origin *at, const char *fmt,
		   ...) VP_TC_PRINTF(4, 5);
int vp_tc_note_ignored(struct ctx *c, const char *path, const struct vp_tmember *m, const char *why);
/* The same for a key whose mechanism is not modelled, with the way the
 * counted peak errs without it (`dir`, which `why` says in words): the
 * verdict's upper or lower bound (cmd_check.c). Without a why the key is
 * listed as ignored and bounds nothing. */
int vp_tc_note_bound(struct ctx *c, const char *path, const struct vp_tmember *m, enum vp_tc_bound dir,
		     const char *why);
/* A note on a key already read (its origin), which a later one overrode. */
int vp_tc_note_overridden(struct ctx *c, const struct vp_tc_origin *at, const char *fmt, ...) VP_TC_PRINTF(3, 4);
/* A remark at a key that was read and applied (not ignored): how the
 * estimate models it, where the user should know. */
int vp_tc_note_remark(struct vp_trainconfig *tc, struct vp_error *err, const struct vp_tc_origin *at, const char *fmt,
		      ...) VP_TC_PRINTF(4, 5);
/* A remark whose caveat bounds the peak one way (`dir`): as
 * vp_tc_note_bound's notes. */
int vp_tc_note_remark_bound(struct vp_trainconfig *tc, struct vp_error *err, const struct vp_tc_origin *at,
			    enum vp_tc_bound dir, const char *fmt, ...) VP_TC_PRINTF(5, 6);
/* A setup the estimate counts but a tool refuses at startup: a warning at
 * the key, which changes no verdict. */
int vp_tc_note_warning(struct vp_trainconfig *tc, struct vp_error *err, const struct vp_tc_origin *at, const char *fmt,
		       ...) VP_TC_PRINTF(4, 5);
/* A value read otherwise than it looks (PyYAML's octal 010 is 8): a warning at its place. */

int vp_tc_note_reading(struct ctx *c, const char *key, unsigned long line, unsigned long column, const char *fmt, ...)
	VP_TC_PRINTF(5, 6);
int vp_tc_get_u64(struct ctx *c, const struct vp_tnode *v, const char *path, uint64_t min, uint64_t *out);
/* the same, at most `max` rather than MAX_NUMBER: a quantity whose
 * ceiling is its own (train.h VP_MAX_SAMPLES, VP_MAX_CPUS; model.h
 * VP_MAX_LABELS), as the command line's option for it has */
int vp_tc_get_u64_max(struct ctx *c, const struct vp_tnode *v, const char *path, uint64_t min, uint64_t max,
		      uint64_t *out);
int vp_tc_get_probability(struct ctx *c, const struct vp_tnode *v, const char *path, double *out);
int vp_tc_get_bool(struct ctx *c, const struct vp_tnode *v, const char *path, bool *out);
int vp_tc_get_string(struct ctx *c, const struct vp_tnode *v, const char *path, const char **out);
bool vp_tc_is_auto(const struct vp_tnode *v);
int vp_tc_get_targets(struct ctx *c, const struct vp_tnode *v, const char *path, struct vp_train *t);
int vp_tc_get_modules_to_save(struct ctx *c, const struct vp_tnode *v, const char *path);

/* tc_keys.c: the trainer flavours' keys (TrainingArguments/TRL, axolotl,
 * DeepSpeed) */
int vp_tc_parse_optim(struct ctx *c, const struct vp_tnode *v, const char *path, enum vp_optimizer *out);
const struct keydef *vp_tc_flavour_keys(enum vp_tc_flavour f, size_t *n);
const struct keydef *vp_tc_find_key(const struct keydef *keys, size_t n, const char *key);
/* A key whose value can turn the check into a refusal (preference
 * training, an unmodelled method or stage): offered in no "did you mean". */
bool vp_tc_key_changes_kind(const struct keydef *k);
/* The flavour's model key (model_name_or_path, base_model...). */
bool vp_tc_key_names_model(const struct keydef *k);
/* The flavour's per-device train batch key (per_device_train_batch_size,
 * micro_batch_size, train_micro_batch_size_per_gpu). */
bool vp_tc_key_sets_batch(const struct keydef *k);
bool vp_tc_key_sets_eval_batch(const struct keydef *k);
/* a sequence length: max_seq_length and its synonyms, max_source_length */
bool vp_tc_key_sets_length(const struct keydef *k);

/* tc_vramplan.c: the `vramplan:` block */
int vp_tc_read_vramplan(struct ctx *c, const struct vp_tnode *map, const char *prefix, const char *const *typed);

/* Was the setting at `o` read from the vramplan: block, the file's or the
 * command line's (--set or check's shorthands, the only settings given
 * there), which win over the trainer's keys? */
static inline bool vp_tc_from_vramplan(const struct vp_tc_origin *o)
{
	return strncmp(o->key, "vramplan.", 9) == 0 || vp_tc_origin_on_command_line(o);
}

/* tc_settle.c: the flavour's rules turn the raw keys into settings */
int vp_tc_settle(struct ctx *c);

/* trainconfig.c */
const struct vp_tmember *vp_tc_member(const struct vp_tnode *map, const char *key);

#endif
