#ifndef VRAMPLAN_ESTIMATE_INTERNAL_H
#define VRAMPLAN_ESTIMATE_INTERNAL_H

/*
 * Private to the estimator's files, one per part of docs/memory-model.md:
 * parameters.c (weights, gradients, optimizer states, ZeRO, FSDP),
 * activations.c (what each block saves for backward), logits.c (the LM head
 * and the loss), allocator.c (the caching allocator and the CUDA context)
 * and estimate.c (the phases of a step, vp_estimate and vp_estimate_eval).
 * Sizes are doubles in bytes (fractions per parameter, e.g. 0.5 + 1/64 for
 * NF4), computed after estimate.c has checked the element counts a user can
 * make huge for overflow in uint64_t.
 */

#include <stdbool.h>
#include <stdint.h>

#include "vramplan/error.h"
#include "vramplan/estimate.h"
#include "vramplan/gpu.h"
#include "vramplan/layers.h"
#include "vramplan/model.h"
#include "vramplan/train.h"

/*
 * The caching allocator's overhead on memory that is allocated and freed
 * within a step (activations, logits, temporaries): block rounding, 20 MiB
 * segments shared by 1-10 MiB requests, and blocks split by later requests
 * that cannot be reused whole. Calibrated once on the published reserved and
 * nvidia-smi measurements of ../shared/groundtruth (the HF single-GPU guide's
 * BERT runs, docs/memory-model.md "Allocator") and applied to every case.
 */
#define VP_FRAGMENTATION 0.20

/*
 * The same overhead under PyTorch 2 (vp_est_on_pytorch2), measured on the 16
 * runs of bench/measured (torch 2.11, H100): reserved minus allocated was
 * 0.06 to 0.5 GiB where no loss tensor is large (BERT, KoBART, pko-T5,
 * Polyglot), about 4% of what came and went at the peak. The large loss
 * tensors add their own terms (vp_est_loss_fragmentation).
 */
#define VP_FRAGMENTATION_PT2 0.04

/*
 * With checkpointing, how many segments the size of the largest tensor a
 * recomputed block creates the caching allocator reserves beyond the live
 * ones (PyTorch 2, without expandable segments). Counted in the allocator's
 * trace of MS-MISTRAL7B-lora-gc at batch 4 and 8 (bench/measured
 * runs-trace.json): seven segments of T x f x 4 (PEFT's fp32 casts of
 * down_proj's input and their dropped copies) reserved for at most two live
 * at once. Reserved minus allocated was 8.6, 7.6, 6.9 and 6.6 of them at
 * batch 1, 2, 4 and 8; Llama-2-13B (predicted before it was measured) 7.4,
 * and 7.5 of the bf16 MLP tensors with LoRA on q_proj and v_proj only, the
 * run that showed the count follows the block's largest tensor, not the
 * cast (docs/memory-model.md "Allocator").
 */
#define VP_RECOMPUTE_SEGMENTS 7.0

struct ctx {
	const struct vp_model *m;
	const struct vp_train *t;
	const struct vp_gpu *g;

	double e;   /* bytes of an activation element */
	double r;   /* bytes of a residual-stream element */
	double wb;  /* bytes of a (non-quantized) parameter */
	double ab;  /* bytes of a LoRA adapter parameter */
	double nb;  /* bytes of a parameter left unquantized beside a quantized base */
	bool amp;
	bool full;
	bool lora;
	bool lm_head;     /* the head is an LM head (logits over the vocabulary) */
	bool head_matrix; /* ... with its own hidden x vocabulary matrix (untied) */
	bool decoder;     /* an encoder-decoder model runs its decoder */
	enum vp_attn attn;
	/* the block is one of the layers that attend globally beside
	 * sliding-window ones (vp_model_full_attn_layers): no window mask */
	bool global_block;

	double qd;  /* heads x head_dim */
	double kvd; /* kv heads x head_dim */
	/* what the KV cache holds per token and layer, the mean of its k
	 * and v widths: kvd, but multi-head latent attention's v heads are
	 * v_head_dim wide, its k heads head_dim (estimate.c ctx_init) */
	double cache_kvd;
	double h;
	double E;   /* width of the embeddings (ELECTRA's embedding_size, else h) */
	double f;
	double V;
};

/* One block's memory, for a given number of tokens. */
struct block_mem {
	double saved;        /* saved for backward (excluding scores) */
	double waste;        /* allocator rounding of the saved tensors and scores */
	double scores;       /* eager attention probabilities, masks */
	double input;        /* the block input, what checkpointing keeps */
	double fwd_transient;
	double bwd_transient;
	double eval_working; /* forward-only working set */
	double recompute_largest; /* the largest tensor of the MLP, as checkpointing recomputes it */
	/* Backward runs a sequential block's MLP before its attention, and the
	 * MLP's saved tensors are freed once its backward is done: the block's
	 * two moments (docs: "Phases of a step"). */
	double saved_at_attn_bwd;  /* what stays saved by the attention's backward */
	double attn_bwd_transient; /* the attention's backward working set */
	double mlp_bwd_transient;  /* the MLP's backward working set */
	double copies;       /* AMP 16-bit weight copies saved by this block */
	/* DoRA (docs/memory-model.md "DoRA"): what its layers save beside
	 * LoRA's (in saved too), and the largest weight-norm computation
	 * of one adapted linear, the op in flight in forward (training,
	 * a recomputed block) and in evaluation */
	double dora_saved, dora_transient, dora_eval_transient;
	double trainable_bytes; /* parameter bytes of this block that are trained */
	/* the inputs its bitsandbytes layers hold on their autograd ctx,
	 * each distinct tensor once (bnb_inputs_held in activations.c) */
	double bnb_inputs;
};

/* Everything derived from the model and setup once, before the phases. */
struct totals {
	double weights, weight_copies, head_copy, grads, grads_in_backward, optimizer, step_temp;
	/* autocast's 16-bit casts of the fp32 block linears that a
	 * checkpoint's llm_int8_skip_modules keeps out of bitsandbytes
	 * (activations.c skipped_casts): the stacks' sum, in weight_copies,
	 * and the largest one block's */
	double skip_copies, skip_copies_max;
	/* the gradient backward creates only after the blocks: the input
	 * embedding's, where no LM head shares it */
	double late_grads;
	/* ZeRO-3, full fine-tuning: the whole gradient of the largest matrix,
	 * which exists in backward before its reduce-scatter (no step holds
	 * it) */
	double zero3_whole_grad;
	/* ZeRO-Offload: one process's partitions in host RAM (not on the GPU) */
	double offload_host;
	/* ZeRO: one rank's fp32 master partition and optimizer states, what
	 * its DeepSpeed optimizer checkpoint holds */
	double zero_partition;
	double saved_all, scores_all, inputs_all, global_saved;
	/* saved tensors around the blocks that backward frees once it leaves
	 * the decoder: an encoder-decoder's encoder output as backward keeps
	 * it and the encoder's final dropout mask (T5); live through the
	 * forward and the decoder blocks' backward, not the encoder's */
	double dec_bwd_held;
	/* what the global layers of a model that mixes them with
	 * sliding-window ones (vp_model_full_attn_layers) save less than the
	 * block_mem says (the window masks, and the repeat_kv copies SDPA's
	 * grouped heads spare them), and its rounding; saved_all is net of
	 * it */
	double full_layers_unsaved, full_layers_unsaved_waste;
	/* what the bottom block saves less than the others (ModernBERT's
	 * layer 0 has no attention norm), and its rounding; saved_all is net
	 * of it */
	double bottom_unsaved, bottom_unsaved_waste;
	/* tensors the model's forward holds until it returns, saved by no one
	 * (DeBERTa's hidden-state tuple and extended mask), training and
	 * evaluation */
	double fwd_held, fwd_held_eval;
	/* what a forward without a graph still holds when its loss runs, the
	 * blocks returned: the last hidden state (and an encoder-decoder's
	 * encoder output) the model's output names, and the router logits a
	 * load-balancing loss reads (docs: "Evaluation and generation") */
	double eval_out_held, eval_router_held;
	/* an evaluation's stack forward beyond the working set, not beside
	 * the logits (T5's position bias and its fp32 softmax input) */
	double eval_stack_extra;
	/* the KV cache a forward without a graph builds and holds to the loss:
	 * a direct forward's, none under Trainer (vp_train's direct_forward) */
	double eval_cache;
	/* the previous step's bitsandbytes inputs, alive through this step's
	 * forward and loss (docs/memory-model.md "Quantized bases keep their
	 * inputs") */
	double prev_step_held;
	double logits_peak, logits_eval;
	/* an evaluation that generates (Seq2SeqTrainer.prediction_step with
	 * predict_with_generate): its loss forward keeps the labels, so the
	 * model's own loss runs and then the LabelSmoother, if any */
	double logits_eval_gen;
	/* what the LM loss leaves at the end of the forward, before backward
	 * (at most logits_peak), under the load-balancing loss computed next */
	double loss_held;
	/* the load-balancing loss's temporaries, in training and in
	 * evaluation (vp_est_router_aux_loss) */
	double aux_loss_transient, aux_loss_eval;
	double lm_tokens; /* tokens whose logits the LM head computes */
	double loss_block; /* the largest tensor of an unchunked loss */
	double loss_set;   /* every segment an unchunked loss reserves */
	/* an embedding or LM head matrix (vocabulary x hidden) is trained: its
	 * gradient and states are too large for the forward's blocks */
	bool trains_vocab_matrix;
	/* ... and, where one is, one such matrix's bytes and the vocabulary
	 * matrices' gradients, optimizer states and step temporaries */
	double vocab_block_bytes, vocab_grad_bytes, vocab_states_bytes, vocab_temp_bytes;
	double largest_param_bytes, largest_linear_bytes;
	double n_blocks;
	double trainable_params, total_params;
	double dora_params;     /* DoRA's magnitude vectors, elements */
	double paged_states;    /* paged optimizer states: unified memory, device level only */
	double ddp_buckets;     /* DistributedDataParallel's gradient buckets, every phase */
	double persistent_waste; /* allocator rounding of weights, gradients, states */
	struct block_mem enc, dec;
	double n_enc, n_dec;
	/* the encoder blocks whose parameters exist: n_enc, or 1 where every
	 * layer shares one (ALBERT) */
	double n_enc_params;
};

/* estimate.c: ALBERT's shared weights cast once under autocast */
bool vp_est_shared_cast_once(const struct ctx *c, const struct totals *tt);

/* allocator.c */
double vp_est_alloc_waste(double bytes);
double vp_est_loss_fragmentation(const struct totals *tt, const struct vp_train *t, double activations,
				 bool grads_freed);
double vp_est_recompute_fragmentation(const struct totals *tt, const struct vp_train *t);
double vp_est_cache_fragmentation(double block, double largest, double layers);
double vp_est_second_loss_set(const struct totals *tt, const struct vp_train *t, bool grads_freed);
double vp_est_vocab_fragmentation(const struct totals *tt, const struct vp_train *t, bool grads_freed);

/* parameters.c */
bool vp_est_is_16bit_params(enum vp_precision p);
/* torch.autocast runs around the step (estimate.c) */
bool vp_est_under_autocast(const struct ctx *c);
/* ... and known to, not only assumed (estimate.c) */
bool vp_est_autocast_known(const struct ctx *c);
/* a mixture of experts' causal LM adds the load-balancing loss (activations.c) */
bool vp_est_router_aux_loss(const struct ctx *c);
/* The decoder layers that route, whose logits the load-balancing loss
 * takes: the blocks less the dense ones (DeepSeek's first, ERNIE 4.5's) */
double vp_est_router_layers(const struct ctx *c, const struct totals *tt);
bool vp_est_target_named(const struct vp_train *t, const char *name);
double vp_est_lora_adapter_params(const struct ctx *c, const struct vp_linear *l);
double vp_est_dora_magnitude_params(const struct ctx *c, const struct vp_linear *l);
/* The dense of an encoder's LM head transform (parameters.c), when the
 * head is an encoder's LM head. */
bool vp_est_head_transform(const struct ctx *c, struct vp_linear *l);
bool vp_est_pooler_linear(const struct ctx *c, struct vp_linear *l);
void vp_est_stack_counts(const struct ctx *c, struct totals *tt);
int vp_est_parameters(const struct ctx *c, struct totals *tt, struct vp_error *err);

/* activations.c */
enum vp_attn vp_est_effective_attn(const struct vp_model *m, const struct vp_gpu *g, enum vp_attn a);
void vp_est_activations(const struct ctx *c, double b, double s_enc, double s_dec, struct totals *tt);

/* logits.c */
/* b: the rows of the logits (a causal LM's LabelSmoother copies its shifted
 * logits only when b > 1) */
void vp_est_logits(const struct ctx *c, double b, double T_lm, struct totals *tt);

/* estimate.c */
bool vp_est_on_pytorch2(const struct vp_train *t);

#endif
