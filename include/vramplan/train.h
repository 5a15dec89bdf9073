#ifndef VRAMPLAN_TRAIN_H
#define VRAMPLAN_TRAIN_H

/*
 * How a model is trained: everything besides the architecture and the GPU
 * that changes memory. The meanings follow ../shared/groundtruth/README.md.
 * vp_train_defaults() fills a struct with the defaults documented there and
 * in docs/memory-model.md. Owns no heap memory.
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "vramplan/error.h"

enum vp_precision {
	VP_PREC_FP32 = 0,
	VP_PREC_AMP_FP16, /* fp32 weights, fp16 autocast */
	VP_PREC_AMP_BF16, /* fp32 weights, bf16 autocast */
	VP_PREC_BF16,     /* weights, grads, optimizer states in bf16 */
	VP_PREC_FP16      /* weights, grads, optimizer states in fp16 */
};

enum vp_optimizer {
	VP_OPT_ADAMW = 0,     /* torch.optim.AdamW, foreach implementation */
	VP_OPT_ADAMW_FUSED,   /* fused=True: no foreach temporaries */
	VP_OPT_ADAMW_8BIT,    /* bitsandbytes AdamW8bit */
	VP_OPT_ADAMW_8BIT_AO, /* torchao AdamW8bit (8-bit block-wise states, compiled step) */
	VP_OPT_ADAMW_4BIT,    /* torchao AdamW4bit (4-bit block-wise states, compiled step) */
	VP_OPT_PAGED_ADAMW,   /* bitsandbytes PagedAdamW (32-bit states, unified memory) */
	VP_OPT_PAGED_ADAMW_8BIT,
	VP_OPT_ADAFACTOR,     /* transformers Adafactor, factored second moment, no first moment */
	VP_OPT_SGD,
	VP_OPT_SGD_MOMENTUM,
	VP_OPT_LION,
	VP_OPT_NONE           /* nothing trained / unknown */
};

enum vp_method { VP_METHOD_FULL = 0, VP_METHOD_LORA, VP_METHOD_QLORA, VP_METHOD_FROZEN };

enum vp_quant { VP_QUANT_NONE = 0, VP_QUANT_NF4, VP_QUANT_NF4_DQ, VP_QUANT_INT8, VP_QUANT_GPTQ_INT4 };

enum vp_attn { VP_ATTN_EAGER = 0, VP_ATTN_SDPA, VP_ATTN_FLASH2 };

enum vp_head {
	VP_HEAD_CAUSAL_LM = 0,
	VP_HEAD_SEQ2SEQ_LM,
	VP_HEAD_MASKED_LM,
	VP_HEAD_SEQ_CLS,
	VP_HEAD_ENCODER, /* embeddings only (sentence encoders like bge-m3) */
	VP_HEAD_TOKEN_CLS /* a label per token (NER, POS tagging) */
};

enum vp_loss { VP_LOSS_STANDARD = 0, VP_LOSS_CHUNKED };

/* Which PyTorch ran the step, where its memory differs (docs/memory-model.md
 * "Which PyTorch"). CURRENT (2.5 and later) is what the CLI plans for. */
enum vp_pytorch {
	VP_PYTORCH_CURRENT = 0, /* 2.5 or later: SDPA takes grouped k/v heads (enable_gqa) */
	VP_PYTORCH_2_0,         /* 2.0.x: foreach AdamW keeps two intermediates */
	VP_PYTORCH_1,           /* 1.x: gradients kept between steps, AdamW one parameter at a time */
	VP_PYTORCH_2_1,         /* 2.1 to 2.4: expandable segments, no enable_gqa */
};

/* Which bitsandbytes ran a quantized base, where its memory differs
 * (docs/memory-model.md "Quantized bases keep their inputs"). Unless told,
 * vramplan assumes one before 0.43.2, the safe side. */
enum vp_bnb {
	VP_BNB_CURRENT = 0,     /* 0.43.2 and later: MatMul4Bit keeps only the weight */
	VP_BNB_BEFORE_0_43_2,   /* ... before: MatMul4Bit keeps its input A as well */
};

/* 2.1 or later: expandable segments, register_post_accumulate_grad_hook */
bool vp_pytorch_2_1_or_later(enum vp_pytorch p);

#define VP_MAX_TARGETS 16
/* The most data-parallel GPUs read (--gpus, vramplan.gpus, a DeepSpeed
 * train_batch_size): far above any run, far below overflow in the sums
 * taken over them. */
#define VP_MAX_GPUS 65536

/*
 * The ceilings of the numbers a user gives, one for each quantity whether
 * it comes from a training config (check) or from an option of plan,
 * estimate, sweep or check: past one, an input error that names it; below
 * it, an answer (check's verdict DOES NOT FIT, plan's "nothing fits"),
 * however absurd the run. Until 2026-11-30 plan took batches, lengths and
 * generated tokens up to 2^20, ranks up to 65536 and beams up to 64 while
 * check took the same from a file up to 2^32, and check's --cpus,
 * vramplan.cpus and plan's --cpus had three ceilings (docs/planner.md).
 *
 * VP_MAX_COUNT: a per-device batch (per_device_train_batch_size, --batch,
 * --max-batch), a global batch (train_batch_size, --effective-batch),
 * accumulation steps, a sequence or target length, generated tokens,
 * beams, a LoRA rank: far above any real run, and far below overflow in
 * the products the estimator forms of them (batch x length x width is
 * taken in doubles and refused past 2^60 bytes, "too large to estimate";
 * batch x accumulation, two of these, stays inside 64 bits). A count the
 * trainer takes is not refused for being past what fits: check's batch of
 * 2^31 - 1 is a verdict (tests/cli/check/batch-past-estimate-limit.sh).
 */
#define VP_MAX_COUNT ((uint64_t)1 << 32)
/* VP_MAX_SAMPLES: samples in a set (the evaluation set: --eval-samples,
 * vramplan.eval_samples, max_eval_samples; the replay buffer:
 * --replay-buffer, vramplan.replay_buffer), which multiply bytes a sample
 * held on the host: 2^40, a thousand billion, past any dataset, the sums
 * over them saturating instead of wrapping (host.h vp_host_within). */
#define VP_MAX_SAMPLES ((uint64_t)1 << 40)
/* VP_MAX_CPUS: a host's cores (--cpus, vramplan.cpus), which set how many
 * DataLoader workers fit (host.c, a third of them a process): Linux builds
 * for at most 8192 CPUs on x86-64 (arch/x86/Kconfig NR_CPUS_RANGE_END), so
 * 65536 refuses no real host and catches a typo's extra digits. */
#define VP_MAX_CPUS 65536
/* VP_MAX_TEXTS_PER_EXAMPLE: the texts an example holds (a multiple-choice
 * model's choices, a bi-encoder's pair or triplet: --texts-per-example,
 * vramplan.texts_per_example), all in one forward (docs/memory-model.md
 * "Texts per example"): multiple-choice sets have 4 or 5 (SWAG, RACE, ARC)
 * and contrastive batches a handful of negatives. */
#define VP_MAX_TEXTS_PER_EXAMPLE 64

/*
 * How a run's saves write the model, which decides what a save holds in the
 * saving process's host RAM (plan.c vp_plan_save_file_bytes;
 * docs/memory-model.md "Host RAM", the file a save writes).
 */
enum vp_save_writer {
	/* HF save_pretrained through safetensors' save_file, which builds
	 * each file's bytes whole: files of up to 50 GB (transformers 5's
	 * max_shard_size, PR #42734) */
	VP_SAVE_SAFETENSORS = 0,
	/* the same on transformers 4.x, which a config's save_safetensors
	 * key says (5 has no such argument): files of up to 10 GB (the
	 * default before 4.35; 5 GB from 4.35, PR #26942) */
	VP_SAVE_SAFETENSORS_4X,
	/* the HF Trainer's save_pretrained through torch.save
	 * (save_safetensors: false on 4.x): one storage at a time, no file
	 * whole */
	VP_SAVE_TORCH,
	/* a DeepSpeed job's own loop: the engine's save_checkpoint alone, no
	 * model file (plan.c vp_plan_save_request counts what it clones) */
	VP_SAVE_DEEPSPEED_LOOP,
	/* Lightning's ModelCheckpoint before PR #21824 (2026-07): _atomic_save
	 * serializes the whole checkpoint, weights and optimizer states, into
	 * an io.BytesIO before writing it */
	VP_SAVE_TORCH_BUFFERED
};

struct vp_train {
	uint64_t batch;       /* per-device micro-batch */
	uint64_t grad_accum;  /* gradient-accumulation steps (>= 1) */
	uint64_t seq_len;     /* tokens per sample (source length for seq2seq) */
	uint64_t tgt_len;     /* target length for seq2seq, else 0 */
	uint64_t num_labels;  /* sequence-classification outputs */
	/* Sequences each example runs through the model in one step, all kept
	 * for backward: a sentence-transformers pair trained with
	 * MultipleNegativesRankingLoss is 2 (anchor, positive), 3 with a hard
	 * negative. 0 reads as 1. */
	uint64_t texts_per_example;
	/* The texts of an example run as one forward (a multiple-choice head's
	 * input_ids.view(-1, s)) rather than one at a time (sentence-transformers'
	 * anchor, positive...): evaluation then holds all of them at once too. */
	bool texts_in_one_forward;
	uint64_t gpus;        /* data-parallel GPUs */
	int zero_stage;       /* 0 none, 1..3 DeepSpeed ZeRO stage */
	/* DeepSpeed's zero_optimization.reduce_bucket_size (0: the default,
	 * 5e8 elements; zero_bucket_auto: HF's "auto", hidden x hidden) and
	 * overlap_comm (a second bucket; unset: DeepSpeed's default, on at
	 * stage 3 only), as a DeepSpeed config gives them. */
	uint64_t zero_bucket_elements;
	bool zero_bucket_auto;
	bool zero_overlap_set, zero_overlap;
	/* DeepSpeed's zero_optimization.offload_optimizer.device "cpu"
	 * (ZeRO-Offload, stages 2 and 3: the fp32 master, the optimizer
	 * states and the fp32 gradient partition in host RAM, the step on
	 * the CPU) and offload_param.device "cpu" (stage 3: the 16-bit
	 * parameter partition in host RAM). docs/memory-model.md
	 * "ZeRO-Offload". */
	bool zero_offload_optimizer, zero_offload_param;
	/* zero_optimization.stage3_gather_16bit_weights_on_model_save: true
	 * (its old name stage3_gather_fp16_weights_on_model_save): at stage 3
	 * every save gathers the whole model's weights into rank 0's host RAM
	 * (host.h vp_host_request.save_bytes); nothing on the GPU's step */
	bool zero_gather_save;
	enum vp_save_writer save_writer;
	/* The run's saves hold the model alone, no optimizer: TrainingArguments
	 * save_only_model true, or save_strategy "no" (then only the scripts'
	 * final save_model() runs). Under DeepSpeed no engine checkpoint is
	 * saved then (plan.c vp_plan_save_request) */
	bool saves_model_only;
	bool fsdp;            /* PyTorch FSDP full sharding over the GPUs */
	/* FSDP saves each rank's shards (SHARDED_STATE_DICT, FSDP2's default
	 * in accelerate) rather than gathering the whole model and optimizer
	 * state onto rank 0's CPU (FULL_STATE_DICT, FSDP1's default; plan.c
	 * vp_plan_save_request) */
	bool fsdp_sharded_save;

	enum vp_head head;
	enum vp_precision precision;
	enum vp_optimizer optimizer;
	enum vp_method method;
	enum vp_quant quant;
	enum vp_attn attn;
	/* The kernel asked for where the command line's planner replaced it
	 * with the one the model or GPU runs (cli/resolve.c: FlashAttention-2
	 * on a model without that path, or on a GPU without flash-attn):
	 * attn_replaced is set and attn_asked says what was asked for, which
	 * the PyTorch check and the JSON's attention_requested name. */
	bool attn_replaced;
	enum vp_attn attn_asked;
	enum vp_loss loss;

	uint64_t lora_r;
	double lora_dropout;  /* LoRA dropout probability, 0 <= p < 1 */
	char lora_targets[VP_MAX_TARGETS][32]; /* HF module names */
	size_t n_lora_targets;
	bool lora_all_linear; /* every linear of the blocks, not the LM head */
	/* No adapter on a multimodal model's vision tower or projector,
	 * whatever the targets: LLaMA-Factory's freeze_vision_tower and
	 * freeze_multi_modal_projector (both true by default) drop them from
	 * the targets (model_utils/visual.py patch_target_modules). Unset,
	 * PEFT's all-linear and a target's name reach them (parameters.c
	 * tower_adapters). */
	bool lora_skip_vision;
	/* PEFT's DoRA (LoraConfig(use_dora=True)): a trained magnitude vector
	 * per adapted linear and the weight-norm computation at every forward
	 * (docs/memory-model.md "DoRA") */
	bool dora;
	char modules_to_save[VP_MAX_TARGETS][32];
	size_t n_modules_to_save;

	bool grad_ckpt;
	bool activation_offload;
	bool packed;
	bool compile;
	/* torch.compile wraps each block only, and the loss apart from the
	 * model (torchtune's compile_model and compile_loss): the logits'
	 * upcast and the embedding's backward stay eager. Unset, the whole
	 * model with its loss is one compiled graph, as HF Trainer's
	 * torch_compile runs it (docs/memory-model.md "torch.compile"). */
	bool compile_layers_only;
	bool optimizer_in_backward;
	/* The PyTorch version's era: on 1.x zero_grad keeps the gradients
	 * (set_to_none=False), AdamW steps one parameter at a time and the
	 * allocator overhead of the measurements of that time applies; on
	 * 2.0.x foreach AdamW holds two full-size intermediates. The CLI plans
	 * for a current PyTorch; a cases file sets it from its pytorch key,
	 * else from the oldest version its other keys allow (cases.c). */
	enum vp_pytorch pytorch;
	/* LoRA weights in the model's 16-bit dtype (torchtune, litgpt, PEFT
	 * before 0.12) rather than fp32, as PEFT >= 0.12 keeps them over a
	 * 16-bit base (autocast_adapter_dtype). Only a cases file sets it. */
	bool lora_16bit_adapters;
	/* The training loop drops its last step's loss and outputs before the
	 * next forward (HF Trainer's training_step returns loss.detach()), so
	 * that step's autograd graph is gone. Unset, the safe side: a loop
	 * that rebinds them only after the next forward (litgpt, PEFT's and
	 * most hand-written loops) keeps what custom Functions hold in it
	 * (docs/memory-model.md "Quantized bases keep their inputs"). */
	bool graph_freed_between_steps;
	/* The bitsandbytes version's era: --bnb-version, a cases file's
	 * bitsandbytes key, else one before 0.43.2 (vp_train_defaults; the
	 * safe side: its 4-bit layers keep their inputs). */
	enum vp_bnb bnb;
	/* Liger kernels (liger-kernel's apply_liger_kernel_to_*, which
	 * TrainingArguments use_liger_kernel applies whole): liger_loss, the LM
	 * head and cross-entropy fused in chunks, so no T x V logits are kept;
	 * liger_swiglu, SwiGLU keeping two of its three tensors;
	 * liger_rms_norm, LigerRMSNormFunction in place of the model's RMSNorm
	 * (its input and an fp32 rstd per row kept, nothing else). Only for
	 * the families Liger patches. */
	bool liger_loss;
	bool liger_swiglu;
	bool liger_rms_norm;
	/* The run adds a mixture of experts' load-balancing loss (the
	 * causal LM's output_router_logits set to true: --router-aux-loss,
	 * LLaMA-Factory's moe_aux_loss_coef), as a config.json that says
	 * output_router_logits: true does (vp_model.output_router_logits):
	 * every layer's router logits are kept for it (docs/memory-model.md
	 * "Mixtures of experts"). */
	bool router_aux_loss;
	/* PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True (PyTorch >= 2.1):
	 * the allocator grows one mapped segment instead of reserving a new
	 * one per request that no free block holds. */
	bool expandable_segments;
	/* torch.cuda.set_per_process_memory_fraction(F) in the run (on recent
	 * PyTorch also PYTORCH_CUDA_ALLOC_CONF=per_process_memory_fraction:F):
	 * the caching allocator reserves at most F x the card's memory and
	 * raises out-of-memory beyond it. It bounds the budget, not the
	 * estimate (vp_budget_bytes); 0 = not set. */
	double memory_fraction;
	/* 16-bit weights (bf16/fp16) trained without torch.autocast around the
	 * step: HF Trainer with a model loaded in 16 bit and its bf16/fp16
	 * flags off. The loss then runs in 16 bit (docs/memory-model.md
	 * "Logits and loss"); false assumes autocast, the larger loss. */
	bool no_autocast;
	/* 16-bit weights trained under torch.autocast, as stated (an HF
	 * config's bf16/fp16 flag over a 16-bit model, a case's autocast:
	 * true), where the loss alone assumes it otherwise. Pointwise chains
	 * that autocast runs in fp32 (gelu_new's pow) are counted in fp32
	 * only when autocast is known to run: amp-* precisions, or this. */
	bool autocast_stated;
	/* Batches are padded and the model's code builds an attention mask
	 * from it (transformers' masking_utils), which SDPA then reads: its
	 * additive form, one per attention call, is kept for backward
	 * (docs/memory-model.md "Activations"). False for packed samples and
	 * for frameworks that run causal attention without a mask (torchtune,
	 * litgpt). */
	bool padding_mask;
	/* The run turned the model's KV cache off (model.config.use_cache =
	 * False, the QLoRA notebooks' idiom; bench/measured/measure.py does):
	 * a direct forward (below) then keeps no cache. config.json's own
	 * use_cache: false is the model's no_cache. */
	bool no_cache;
	/* The run's own code calls the model's forward (a plain loop,
	 * Lightning, a DeepSpeed engine, the frozen method's forward), not
	 * transformers' Trainer. Only such a forward builds the KV cache
	 * config.json's use_cache asks for: Trainer.__init__ sets
	 * model.config.use_cache = args.use_cache, False by default since
	 * transformers 5 (huggingface/transformers#41585), so Trainer's
	 * evaluation keeps none (docs/memory-model.md "Evaluation and
	 * generation"). */
	bool direct_forward;
	/* TrainingArguments.use_cache: true (transformers 5). Trainer.__init__
	 * ends with model.config.use_cache = args.use_cache, so every forward
	 * it runs in eval mode builds the KV cache, whatever config.json
	 * says (its use_cache, the model's no_cache, is overwritten) and
	 * whether or not the training checkpoints (merge_with_config_defaults
	 * turns the cache off only for checkpointing in training mode). Only
	 * `vramplan check` sets it, from an hf config's key. */
	bool trainer_use_cache;
	/* The HF Trainer's label_smoothing_factor, 0 (off) to 1: the Trainer
	 * pops the labels, the model computes no loss, and its LabelSmoother
	 * (transformers trainer_pt_utils.py) computes it from the returned
	 * logits, in training and in evaluation (docs/memory-model.md
	 * "Logits and loss"). It replaces the model's own loss: Liger's fused
	 * one never runs (the model gets no labels), and litgpt's or
	 * torchtune's chunked loss cannot be combined with it. */
	double label_smoothing;
};

/* What HF Trainer's evaluation_loop keeps of every eval step for the metric
 * (docs/memory-model.md "Evaluation and generation"). */
enum vp_eval_preds {
	VP_PREDS_LOGITS = 0, /* compute_metrics over the logits (fp32) and the labels */
	VP_PREDS_ARGMAX,     /* preprocess_logits_for_metrics reduces them to token ids */
	VP_PREDS_NONE        /* no compute_metrics (prediction_loss_only): the loss alone */
};

/* Defaults: batch 1, accumulation 1, seq 512 (tgt 128 for seq2seq heads),
 * fp32, AdamW, full fine-tuning, eager attention, standard loss, 1 GPU. */
void vp_train_defaults(struct vp_train *t);


/* Index of s in names (n of them), or -1 with err saying "unknown KIND 's'
 * (expected one of: ...)" from the same table, so that the list cannot
 * drift from what parses. */
int vp_parse_name(const char *s, const char *kind, const char *const *names, size_t n, struct vp_error *err);
/* Parse the textual names used on the command line and in case files.
 * Each returns 0 or -1 (err names the value and the accepted list). */
int vp_precision_parse(const char *s, enum vp_precision *out, struct vp_error *err);
int vp_optimizer_parse(const char *s, enum vp_optimizer *out, struct vp_error *err);
/* Whether s is a TrainingArguments.optim name (transformers OptimizerNames)
 * that vramplan does not model (galore_adamw, rmsprop, ...). */
bool vp_optimizer_hf_unmodelled(const char *s);
int vp_method_parse(const char *s, enum vp_method *out, struct vp_error *err);
int vp_quant_parse(const char *s, enum vp_quant *out, struct vp_error *err);
int vp_attn_parse(const char *s, enum vp_attn *out, struct vp_error *err);
int vp_head_parse(const char *s, enum vp_head *out, struct vp_error *err);
int vp_loss_parse(const char *s, enum vp_loss *out, struct vp_error *err);
int vp_eval_preds_parse(const char *s, enum vp_eval_preds *out, struct vp_error *err);

const char *vp_precision_name(enum vp_precision p);
const char *vp_optimizer_name(enum vp_optimizer o);
const char *vp_method_name(enum vp_method m);
const char *vp_quant_name(enum vp_quant q);
const char *vp_attn_name(enum vp_attn a);
const char *vp_head_name(enum vp_head h);
const char *vp_loss_name(enum vp_loss l);
const char *vp_eval_preds_name(enum vp_eval_preds p);

/* A PyTorch version as torch.__version__ prints it ("1.13.1", "2.0.1",
 * "2.11.0+cu130"; "2" alone is 2.0, the safe side): its era. Returns 0, or
 * -1 with err naming the value. */
int vp_pytorch_parse(const char *s, enum vp_pytorch *out, struct vp_error *err);
/* "2.5+", "2.1-2.4", "2.0" or "1.x" */
const char *vp_pytorch_name(enum vp_pytorch p);

/* A bitsandbytes version as bitsandbytes.__version__ prints it ("0.42.0",
 * "0.45.5"; "0.43" alone is 0.43.0, the safe side): its era. Returns 0, or
 * -1 with err naming the value. */
int vp_bnb_parse(const char *s, enum vp_bnb *out, struct vp_error *err);
/* "0.43.2+" or "<0.43.2" */
const char *vp_bnb_name(enum vp_bnb b);

/* A feature of a setup that an older PyTorch lacks (docs/planner.md "Older
 * PyTorch"). */
enum vp_pytorch_need {
	VP_NEEDS_NOTHING = 0,
	VP_NEEDS_SDPA,          /* sdpa or flash2 attention: 2.0 */
	VP_NEEDS_FUSED_ADAMW,   /* transformers' adamw_torch_fused: 2.0 */
	VP_NEEDS_EXPANDABLE,    /* PYTORCH_CUDA_ALLOC_CONF=expandable_segments: 2.1 */
	VP_NEEDS_GRAD_HOOK,     /* the optimizer step in backward: 2.1 */
	VP_NEEDS_TORCHAO        /* transformers' adamw_torch_8bit/_4bit: after 2.4 */
};

/* The attention kernel asked for: attn_asked where the planner replaced it. */
enum vp_attn vp_train_attn_asked(const struct vp_train *t);
/* The first feature of t that t->pytorch lacks, or VP_NEEDS_NOTHING. */
enum vp_pytorch_need vp_train_pytorch_lacks(const struct vp_train *t);
/* What the feature needs, e.g. "sdpa attention needs PyTorch 2.0 or later" */
void vp_pytorch_need_text(const struct vp_train *t, enum vp_pytorch_need need, char *buf, size_t size);

/* LoRA or QLoRA: adapters train, the base is frozen. */
bool vp_train_has_adapters(const struct vp_train *t);

/* Packed rows as axolotl runs them (sample_packing) under any kernel but
 * FlashAttention-2: its attention still gets a mask (train.c says why),
 * so the step is counted with padding_mask set. */
bool vp_axolotl_packing_masks(const struct vp_train *t);

/* Add a LoRA target (comma-separated list accepted; "all-linear" sets the flag). */
int vp_train_set_lora_targets(struct vp_train *t, const char *list, struct vp_error *err);

/* The LoRA targets as --lora-targets takes them ("q_proj,v_proj",
 * "all-linear"), into buf, cut at size. */
void vp_train_lora_targets_text(const struct vp_train *t, char *buf, size_t size);

#endif
