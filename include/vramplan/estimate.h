#ifndef VRAMPLAN_ESTIMATE_H
#define VRAMPLAN_ESTIMATE_H

/*
 * The memory model: the peak GPU memory of one training step (forward, loss,
 * backward, optimizer step) on one GPU, accounted tensor by tensor the way
 * PyTorch, transformers, PEFT and bitsandbytes allocate it. docs/memory-model.md
 * gives every term with its formula and source.
 *
 * Three levels, as ../shared/groundtruth/README.md defines them:
 *   allocated  live tensors at the peak        (torch.cuda.max_memory_allocated)
 *   reserved   + caching-allocator rounding and fragmentation (max_memory_reserved)
 *   device     + CUDA context and library workspaces (nvidia-smi)
 *
 * The estimator is pure: no I/O, no globals. All results are in bytes.
 */

#include <stdbool.h>
#include <stdint.h>

#include "vramplan/error.h"
#include "vramplan/gpu.h"
#include "vramplan/model.h"
#include "vramplan/train.h"

enum vp_phase {
	VP_PHASE_FORWARD = 0, /* end of forward, loss computed, before backward */
	VP_PHASE_BACKWARD,    /* inside backward: activations freed as gradients appear */
	VP_PHASE_OPTIMIZER,   /* optimizer step: gradients, states and step temporaries */
	VP_PHASE_COUNT
};

/* Memory components. Each is reported twice: its full size, and the part of
 * it that is live at the peak (the two differ for activations, gradients and
 * logits, which come and go during the step). */
enum vp_component {
	VP_COMP_WEIGHTS = 0,    /* parameters as stored (quantized bases, adapters, modules_to_save copies) */
	VP_COMP_WEIGHT_COPIES,  /* autocast's 16-bit copies of weights, saved for backward */
	VP_COMP_GRADIENTS,      /* .grad of trainable parameters */
	VP_COMP_OPTIMIZER,      /* optimizer states (and DeepSpeed fp32 master copies) */
	VP_COMP_ACTIVATIONS,    /* tensors saved for backward, attention scores excluded */
	VP_COMP_ATTN_SCORES,    /* eager attention: scores, probabilities, dropout masks */
	VP_COMP_LOGITS,         /* LM head output, fp32 upcast, log-softmax and its gradient */
	VP_COMP_TRANSIENT,      /* working memory of the op in flight (not saved) */
	VP_COMP_COUNT
};

struct vp_estimate {
	uint64_t params_total;
	uint64_t params_trainable;

	uint64_t full_bytes[VP_COMP_COUNT]; /* each component at its own largest */
	uint64_t peak_bytes[VP_COMP_COUNT]; /* each component at the step's peak */

	uint64_t phase_allocated_bytes[VP_PHASE_COUNT];
	enum vp_phase peak_phase;

	uint64_t allocated_bytes;       /* max over phases */
	uint64_t allocator_bytes;       /* rounding + fragmentation (reserved - allocated) */
	uint64_t reserved_bytes;
	uint64_t context_bytes;         /* CUDA context + library workspaces */
	/* bitsandbytes' paged optimizer states: unified memory
	 * (cudaMallocManaged), outside the caching allocator, so in no
	 * reserved byte; counted on the device, where they stay while it
	 * has room (docs/memory-model.md "Device level"); 0 otherwise */
	uint64_t paged_optimizer_bytes;
	uint64_t device_bytes;          /* reserved + context + paged states */

	/* PEFT's DoRA (docs/memory-model.md "DoRA"), 0 without it: its
	 * magnitude parameters (in params_trainable), what its layers save
	 * over the step's blocks beside LoRA's (in the activations; with
	 * checkpointing the recomputed block's only, the most held at once), and
	 * the largest weight-norm computation of one adapted linear (the
	 * op in flight in its forward) */
	uint64_t dora_params;
	uint64_t dora_saved_bytes;
	uint64_t dora_transient_bytes;

	/* DeepSpeed ZeRO-Offload (docs/memory-model.md "ZeRO-Offload"), 0
	 * without it: what one process keeps in host RAM, its partitions of
	 * the fp32 master, the optimizer states and the fp32 gradients
	 * (offload_optimizer) and of the 16-bit parameters (offload_param) */
	uint64_t offload_host_bytes;
	/* DeepSpeed ZeRO, 0 without it: one rank's fp32 master partition and
	 * optimizer states, on the GPU or offloaded, which its optimizer
	 * checkpoint holds (docs/memory-model.md "Host RAM", saving) */
	uint64_t zero_partition_bytes;
};

/* How HF Trainer evaluates, for the eval estimate. */
struct vp_eval_opts {
	bool generate;           /* predict_with_generate */
	uint64_t num_beams;      /* >= 1 */
	uint64_t max_new_tokens; /* >= 1 when generating */
	bool generate_only;      /* generation without labels: no loss forward */
	/* generate_only, yet the labels it popped are returned and kept with
	 * the generated ids (LLaMA-Factory's prediction_step) */
	bool labels_returned;
	/* eval_accumulation_steps: every this many steps the kept predictions
	 * move to the host; 0 = not set (they stay until evaluation ends) */
	uint64_t accumulation_steps;
	enum vp_eval_preds predictions;
	/* eval_do_concat_batches false: each step's predictions are kept as
	 * they are, in a list, never concatenated */
	bool keep_batches;
	/* the evaluation set's size; 0 = unknown (then, without
	 * accumulation_steps, the kept predictions are not counted) */
	uint64_t eval_samples;
};

/* Where the evaluation's peak falls. */
enum vp_eval_moment {
	VP_EVAL_LOSS,        /* the forward with its loss over the logits */
	VP_EVAL_GENERATE,    /* generation: the KV cache at its longest */
	VP_EVAL_PREDICTIONS  /* the kept predictions concatenated */
};

/* A forward-only pass (evaluation inside training): weights, gradients and
 * optimizer states stay resident, nothing is saved for backward; with
 * generation, the KV cache of every beam and the encoder output. The
 * dynamic part is the largest of three moments (docs/memory-model.md
 * "Evaluation and generation"). */
struct vp_eval_estimate {
	uint64_t resident_bytes;  /* weights + optimizer states + gradients */
	uint64_t weight_copies_bytes; /* autocast's cached 16-bit weight casts */
	uint64_t working_bytes;   /* one block's working set */
	uint64_t logits_bytes;    /* the logits and the loss over them */
	uint64_t kv_cache_bytes;  /* generation's cache at its longest */
	/* the loss forward's own KV cache, where it builds one: a forward
	 * the run's code calls (Lightning, a DeepSpeed loop, a frozen
	 * model) or a Trainer whose arguments say use_cache: true
	 * (activations.c forward_cache); 0 under HF Trainer's default. A
	 * part of working_bytes and of loss_bytes, live through both */
	uint64_t forward_kv_cache_bytes;
	/* the loss forward's peak beyond the casts: one block's working set
	 * or, where larger, the logits and loss beside what the model's output
	 * holds (the casts the loss moment no longer holds subtracted) */
	uint64_t loss_bytes;
	uint64_t generate_bytes;  /* generation: cache, working set, scores */
	/* the kept predictions at the peak of their moment: the N-th step's
	 * concatenation (2N steps' worth), or the N - 1 steps kept beside
	 * that step's forward where that is the larger moment; on several
	 * GPUs the gather's moment (the steps kept before, the rank's own step
	 * and the gathered one) where that is the largest */
	uint64_t predictions_peak_bytes;
	enum vp_eval_moment peak_moment;
	uint64_t allocated_bytes;
	uint64_t reserved_bytes;
	uint64_t device_bytes;
	/* logits kept on the GPU per eval step (HF accumulates them): on
	 * t->gpus > 1, every rank's step, gathered (gather_for_metrics), so
	 * gpus x what one rank's prediction_step returns */
	uint64_t predictions_bytes_per_step;
	/* per sample (a gathered step holds eval batch x gpus samples): what
	 * the host keeps of each sample of the set */
	uint64_t predictions_bytes_per_sample;
	/* of them, the bf16 bytes nested_numpify converts to fp32: its bf16
	 * host copy (tensors.cpu()) lives beside the fp32 one while it
	 * converts; 0 when the GPU's are already as the host keeps them */
	uint64_t predictions_cast_bytes_per_sample;
};

const char *vp_eval_moment_name(enum vp_eval_moment m);

/* t->batch is the eval batch. */
int vp_estimate_eval(const struct vp_model *m, const struct vp_gpu *g, const struct vp_train *t,
		     const struct vp_eval_opts *opts, struct vp_eval_estimate *out, struct vp_error *err);

/* Does Liger (vp_train.liger_loss, liger_swiglu) patch this model? For a
 * model_type it has no kernels for, transformers trains without them and the
 * estimate ignores the flags. */
bool vp_liger_patches(const struct vp_model *m);

/* The attention kernel that runs when `a` is asked for: eager for models
 * transformers gives no SDPA path (T5, BLOOM, GPT-J, GPT-Neo, DeBERTa),
 * SDPA for FlashAttention-2 on BERT-family models and, when g is given, on a
 * GPU that cannot run it. g may be NULL (the model's side alone). */
enum vp_attn vp_attn_that_runs(const struct vp_model *m, const struct vp_gpu *g, enum vp_attn a);

/* Is eager another kernel than the one a run takes when no key names one?
 * That default is transformers' (SDPA on PyTorch 2, eager on 1.x and for
 * the T5 family before huggingface/transformers#47014: resolve.c, check's
 * tc_settle.c) as the model runs it (eager for BLOOM, DeBERTa...). Where it
 * is, a plan for eager names it in its keys or notes (settings.c,
 * emit_plan.c). */
bool vp_attn_eager_not_default(const struct vp_model *m, const struct vp_train *t);

/* How the estimate runs the step with respect to torch.autocast: "on"
 * (amp-*, or 16-bit weights whose training states it: vp_train
 * autocast_stated), "off" (fp32; 16-bit weights without it: no_autocast,
 * DeepSpeed's 16-bit engine) or "assumed" (16-bit weights, not stated: the
 * loss counts autocast's fp32 copies, the larger case, and the pointwise
 * chains stay 16-bit). The same rules as the estimate's terms
 * (estimate.c vp_est_under_autocast, vp_est_autocast_known). */
const char *vp_autocast_name(const struct vp_train *t);

/* Does SDPA fall back to its math backend for this model whatever the
 * training, materializing fp32 scores (b x heads x s x s)? Falcon's original
 * multi-query blocks hand it one key/value head for all query heads
 * (docs/memory-model.md, "Activations"); eager attention then keeps less.
 * (fp32 training with grouped heads on unpadded batches runs it too, which
 * depends on the training: the estimate counts that case on its own.) */
bool vp_sdpa_runs_math(const struct vp_model *m);

/*
 * A bitsandbytes base (nf4, nf4-dq, int8) of a mixture of experts whose
 * experts are nn.Linear modules in transformers 4 and fused 3-D
 * nn.Parameters in transformers 5 (MixtralExperts.gate_up_proj and
 * down_proj, and their copies in Qwen2-MoE, Qwen3-MoE and OLMoE; the router
 * a bare parameter too, MixtralTopKRouter.weight). transformers 5's
 * replace_with_bnb_linear (integrations/bitsandbytes.py) replaces nn.Linear
 * and Conv1D modules only, so under transformers 5 the experts and routers
 * stay unquantized (bitsandbytes-foundation/bitsandbytes#1849), where the
 * estimate counts them quantized, as transformers 4 loads them. True when
 * that applies, with *unquantized the bytes they hold unquantized and
 * *counted the bytes the estimate counts for them; false otherwise
 * (gpt-oss's experts are parameters in every release, and the estimate
 * refuses that base). Unquantized they take the dtype of the estimate's
 * other unquantized parameters: fp32 under amp-*, which PEFT's
 * prepare_model_for_kbit_training casts them to, else 16 bit; with
 * fp32_cast_kept fp32 whatever the precision: a run that casts back to 16
 * bit only the modules it names after that cast (axolotl: *norm*,
 * embed_tokens, lm_head; vp_axolotl_kbit_fp32_rest).
 */
bool vp_estimate_unquantized_experts(const struct vp_model *m, const struct vp_train *t, bool fp32_cast_kept,
				     double *unquantized, double *counted);
/* ZeRO-3 and FSDP shard the weights over the GPUs (parameters.c
 * distribute: weights / gpus), the experts with them: ", X GiB a GPU over
 * its N GPUs" for the extra bytes more, so that the warning's whole-model
 * bytes are not read as one GPU's; "" where the weights are not sharded. */
void vp_unquantized_experts_shard(const struct vp_train *t, double more, char *buf, size_t size);

/* Estimate one training step. Returns 0, or -1 with err filled when the
 * inputs are inconsistent (e.g. a LoRA target the model does not have, a
 * head the architecture lacks) or when a size overflows (VP_ERR_INPUT). */
int vp_estimate(const struct vp_model *m, const struct vp_gpu *g, const struct vp_train *t,
		struct vp_estimate *out, struct vp_error *err);

/*
 * One setup estimated at many batches, as the planner's searches do: what
 * does not depend on the batch (the parameters, gradients and optimizer
 * states) is computed once. vp_estimator_train and vp_estimator_eval give
 * exactly what vp_estimate and vp_estimate_eval give for t at that batch,
 * errors included. vp_estimator_new fails only when out of memory
 * (VP_ERR_IO); the estimator keeps pointers to m and g, which must outlive
 * it. Free it with vp_estimator_free (which takes NULL, as free does).
 */
struct vp_estimator;

int vp_estimator_new(const struct vp_model *m, const struct vp_gpu *g, const struct vp_train *t,
		     struct vp_estimator **out, struct vp_error *err);
int vp_estimator_train(const struct vp_estimator *e, uint64_t batch, struct vp_estimate *out,
		       struct vp_error *err);
int vp_estimator_eval(const struct vp_estimator *e, uint64_t batch, const struct vp_eval_opts *opts,
		      struct vp_eval_estimate *out, struct vp_error *err);
void vp_estimator_free(struct vp_estimator *e);

const char *vp_component_name(enum vp_component c);
const char *vp_phase_name(enum vp_phase p);

/* The CUDA context and library workspaces on a GPU, by generation and by
 * whether t's PyTorch loads kernels lazily (bytes; t NULL: a current one). */
uint64_t vp_context_bytes(const struct vp_gpu *g, const struct vp_train *t);

/* The CUDA context alone, before the first GEMM creates cuBLAS's handle and
 * workspace: what a process that only loaded a model shows (bytes). */
uint64_t vp_context_bytes_idle(const struct vp_gpu *g, const struct vp_train *t);

#endif
