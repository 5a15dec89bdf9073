/*
 * The memory model of one training step: the phases of the step (forward
 * and loss, backward block by block, the optimizer step), the peak over them
 * at the three levels, and the forward-only evaluation. The terms come from
 * parameters.c, activations.c, logits.c and allocator.c (estimate_internal.h);
 * each is described, with its source, in docs/memory-model.md, whose
 * "Phases of a step" is this file. Sizes are accounted in double (bytes can
 * carry fractions per parameter) after the element counts that a user can
 * make huge have been checked for overflow in uint64_t.
 */
#include "estimate_internal.h"

#include <math.h>
#include <stdio.h> /* snprintf, for the message of an input error */
#include <stdlib.h>
#include <string.h>

#include "vramplan/checked.h"
#include "vramplan/heads.h"

/* Results beyond this are reported as an input error rather than wrapped:
 * 2^60 bytes is an exbibyte, far beyond any GPU. */
#define VP_BYTES_LIMIT 1152921504606846976.0

/* Sequences per example (vp_train.texts_per_example; 0 reads as 1). */
static uint64_t texts_per_example(const struct vp_train *t)
{
	return t->texts_per_example > 0 ? t->texts_per_example : 1;
}

/* PyTorch >= 2.0 (vp_train.pytorch says which). */
bool vp_est_on_pytorch2(const struct vp_train *t)
{
	return t->pytorch != VP_PYTORCH_1;
}

/* Autocast is assumed for every 16-bit precision (HF Trainer's --bf16/--fp16
 * make accelerate wrap the model's forward in torch.autocast,
 * Accelerator.prepare_model, even when the weights are 16-bit),
 * except under DeepSpeed ZeRO, whose fp16/bf16 engine casts the model and
 * runs it without autocast (DeepSpeed config docs, "fp16"/"bf16"), and
 * where the training says 16-bit weights ran without it (no_autocast: HF
 * Trainer with its bf16/fp16 flags off). Measured: MS-NLLB600-bf16 and
 * MS-UMT5S-bf16 (pure bf16, Trainer's flags off) kept three T x V x 2
 * tensors at the loss, no fp32 one. */
bool vp_est_under_autocast(const struct ctx *c)
{
	return c->t->precision != VP_PREC_FP32 && c->t->zero_stage == 0 && (c->amp || !c->t->no_autocast);
}

/* Autocast known to run, not only assumed: the amp-* precisions (autocast
 * by definition), or 16-bit weights whose training says so
 * (autocast_stated). The schema's bf16/fp16 ("weights, grads and optimizer
 * states in 16 bit") does not say, and two of its frameworks run them
 * without autocast (torchtune; litgpt's bf16-true, the LG-* rows); the loss
 * assumes autocast there as the larger case, but an activation term that
 * autocast would change from 16 bit to fp32 waits for it to be stated. */
bool vp_est_autocast_known(const struct ctx *c)
{
	return c->amp || (c->t->autocast_stated && vp_est_under_autocast(c));
}

/* The element sizes and shapes every term uses (docs: "Notation"). */
static void ctx_init(struct ctx *c, const struct vp_model *m, const struct vp_gpu *g, const struct vp_train *t)
{
	memset(c, 0, sizeof *c);
	c->m = m;
	c->t = t;
	c->g = g;
	c->amp = t->precision == VP_PREC_AMP_FP16 || t->precision == VP_PREC_AMP_BF16;
	c->e = t->precision == VP_PREC_FP32 ? 4.0 : 2.0;
	/* The residual stream: fp32 with fp32 weights and under amp-*; over
	 * 16-bit weights 16 bit, unless autocast is known to run and a torch
	 * LayerNorm's output enters the stream (an embedding norm, post-norm
	 * blocks; vp_model_layernorm_in_residual): layer_norm is on autocast's
	 * fp32 list (aten/src/ATen/autocast_mode.h AT_FORALL_FP32), so the
	 * norm returns fp32, and a residual add of fp32 and 16 bit is fp32 by
	 * type promotion, in every layer after it. Traced:
	 * MS-MODERNBERT-lora-bf16-s4096 (bf16 weights, HF Trainer's bf16 on)
	 * kept two fp32 T x h residual sums per layer (trace frames
	 * modeling_modernbert.py:331 and :332 of transformers 5.17,
	 * ModernBertEncoderLayer.forward's
	 * two adds): -8.8% allocated while they were counted in bf16. */
	c->r = (t->precision == VP_PREC_FP32 || c->amp) ? 4.0 : 2.0;
	if (vp_est_autocast_known(c) && vp_model_layernorm_in_residual(m))
		c->r = 4.0;
	c->wb = vp_est_is_16bit_params(t->precision) ? 2.0 : 4.0;

	/* PEFT >= 0.12 creates LoRA weights in fp32 and keeps them so over a
	 * 16-bit base: get_peft_model(autocast_adapter_dtype=True) casts
	 * bf16/fp16 adapters to fp32 (peft/tuners/tuners_utils.py
	 * _cast_adapter_dtype). Measured: MS-QW18-lora (bench/measured), 59.97M
	 * adapter parameters held 228.7 MiB. Their gradients and AdamW states
	 * are fp32 too. (Before 0.12 they took the base weight's dtype, as
	 * torchtune's and litgpt's LoRA layers do: lora_16bit_adapters.) */
	c->ab = vp_train_has_adapters(t) && !t->lora_16bit_adapters ? 4.0 : c->wb;
	/* Parameters left unquantized keep the precision's parameter dtype:
	 * fp32 under autocast, as the ground-truth schema defines amp-* and as
	 * PEFT's prepare_model_for_kbit_training casts them (peft/utils/other.py).
	 * A GPTQ model is the exception: transformers loads it in float16 and
	 * PEFT >= 0.5 skips the cast for it (`if not is_gptq_quantized`), so
	 * its embeddings, norms and LM head stay fp16 (docs "Weights": the
	 * Qwen Q-LoRA rows' long sequences rule fp32 out). */
	c->nb = (t->quant == VP_QUANT_GPTQ_INT4 && c->amp) ? 2.0 : c->wb;
	c->full = t->method == VP_METHOD_FULL;
	c->lora = vp_train_has_adapters(t);
	c->lm_head = vp_head_is_lm(t->head);
	c->head_matrix = c->lm_head && !m->tie_embeddings;
	c->decoder = vp_head_runs_decoder(m, t->head);
	c->attn = vp_est_effective_attn(m, g, t->attn);
	c->h = (double)m->hidden_size;
	c->E = (double)vp_model_embed_width(m);
	c->f = (double)m->intermediate_size;
	c->V = (double)m->vocab_size;
	c->qd = (double)m->num_heads * (double)m->head_dim;
	c->kvd = (double)m->num_kv_heads * (double)m->head_dim;
	/* DeepseekV2Attention/DeepseekV3Attention cache key_states (heads x
	 * qk_head_dim) and value_states (heads x v_head_dim) as
	 * past_key_values.update gets them, before FlashAttention-2's F.pad of
	 * v (modular_deepseek_v2.py, modular_deepseek_v3.py); until
	 * 2026-12-01 both were counted head_dim wide, n_h x d_rope a token
	 * and layer too many in the releases (d_nope = d_v) */
	c->cache_kvd = vp_model_is_mla(m) ? (double)m->num_kv_heads * (double)(m->head_dim + m->v_head_dim) / 2.0
					  : c->kvd;
}

enum vp_attn vp_attn_that_runs(const struct vp_model *m, const struct vp_gpu *g, enum vp_attn a)
{
	return m == NULL ? a : vp_est_effective_attn(m, g, a);
}

bool vp_attn_eager_not_default(const struct vp_model *m, const struct vp_train *t)
{
	if (t->pytorch == VP_PYTORCH_1 || m->naming == VP_NAMING_T5)
		return false;
	return vp_attn_that_runs(m, NULL, VP_ATTN_SDPA) != VP_ATTN_EAGER;
}

static int to_u64(double v, uint64_t *out)
{
	if (!(v >= 0.0) || v > VP_BYTES_LIMIT)
		return -1;
	*out = (uint64_t)llround(v);
	return 0;
}

/* Does zero_grad free the gradients after an optimizer step? PyTorch >= 2.0
 * defaults to set_to_none=True (vp_est_on_pytorch2); an older one's
 * set_to_none=False keeps them zeroed. FSDP and ZeRO-3 keep their own
 * gradient buffers (not traced further); ZeRO-1 and 2 free theirs in their
 * own step, partition and all (zero_step_frees). (docs: "Phases of a
 * step") And ZeRO-1 with the
 * optimizer offloaded, whose GPU gradients are each parameter's own
 * (distribute), frees them itself at the accumulation boundary, whatever
 * the PyTorch: a parameter of the rank's partition once its gradient is on
 * the host (stage_1_and_2.py async_inplace_copy_grad_to_fp32_buffer_from_
 * gpu: clear_grad_attribute), every other one in the reduction's epilogue
 * (independent_gradient_partition_epilogue: _clear_param_grad_only, p.grad
 * = None), and no partition buffer is made (copy_grads_in_partition
 * returns before grads_in_partition under cpu_offload). (Stage 2 with the
 * optimizer offloaded counts no GPU gradient.) */
static bool zero_grad_frees(const struct vp_train *t)
{
	if (t->zero_stage == 1 && t->zero_offload_optimizer && !t->fsdp)
		return true;
	return vp_est_on_pytorch2(t) && t->zero_stage == 0 && !t->fsdp;
}

/* Does DeepSpeed ZeRO stage 1 or 2, without offload, drop its gradient
 * buffers by the end of the step? Yes, whatever the PyTorch (DeepSpeed
 * 02aa38c, deepspeed/runtime/zero/stage_1_and_2.py; docs: "ZeRO"). In
 * backward each gradient is copied into the reduce buckets (setup_buckets:
 * torch.empty of reduce_bucket_size, two with overlap_comm) and the
 * rank's partition of them into grads_in_partition, one flat buffer
 * allocated at the first reduction (copy_grads_in_partition). The
 * epilogue (independent_gradient_partition_epilogue) keeps views of that
 * buffer in averaged_gradients, then drops the buckets and its own
 * reference (_release_ipg_buffers: bucket.buffer.clear(),
 * grads_in_partition = None) and every param.grad
 * (_clear_param_grad_only). step() flattens averaged_gradients to the fp32
 * partition's .grad, sets averaged_gradients[i] = None, the last reference
 * to the flat buffer, and after the optimizer's step sets
 * single_partition_of_fp32_groups[i].grad = None; the engine then calls
 * optimizer.zero_grad() (engine.py _take_model_step; set_to_none=True:
 * p.grad = None). The buckets come back at the next backward's first hook.
 * So the next forward, and an evaluation after the step, hold no gradient
 * bytes of it. With accumulation they do: at stage 2 all_grad_tensors keeps
 * the partition's views until the boundary, at stage 1 param.grad
 * accumulates until the boundary's reduce_gradients. Unlike PyTorch's own
 * zero_grad, what is freed is the flat partition, not each parameter's
 * gradient, and backward allocates it whole at its first bucket: backward
 * still counts the whole partition (grads_freed stays false). */
static bool zero_step_frees(const struct vp_train *t)
{
	return (t->zero_stage == 1 || t->zero_stage == 2) && !t->zero_offload_optimizer && !t->fsdp;
}

/* The dequantized 16-bit weight of the bitsandbytes layer being computed
 * (dequantize_4bit / int8's, bitsandbytes/autograd/_functions.py), live
 * beside that layer's working set. GPTQ's are in the blocks' copies. */
static double quant_buffer(const struct totals *tt, const struct vp_train *t)
{
	return t->quant != VP_QUANT_NONE ? tt->largest_linear_bytes : 0.0;
}

/* A forward without a graph (evaluation under no_grad, a frozen model):
 * what it holds beside the resident tensors, and how the allocator rounds
 * it (docs: "Evaluation and generation"). */
struct forward_only {
	double working; /* one block's working set at a time */
	double copies;  /* autocast's weight casts, inside the blocks */
	double kept;    /* ... those still cached when the loss runs */
	double share;   /* the fragmentation share of what comes and goes */
	double split;   /* the MLP's freed blocks, split: two more segments */
	double cache_split; /* ... or by the KV cache, the rest of a segment a layer */
};

/* What the KV cache of a decoder-only model's forward leaves idle of the
 * segments it is carved from (vp_est_cache_fragmentation; docs: "Evaluation
 * and generation", reserved level): one layer's k and v `block` bytes
 * each, the working set's largest tensor `largest`. Under PyTorch 2 without
 * expandable segments, as the MLP's split segments (a grown segment leaves
 * no rest; PyTorch 1's share covers its fragmentation). Not T5's decoder,
 * whose cross-attention blocks over the source are another size (not
 * measured). */
static double cache_segments(const struct ctx *c, const struct totals *tt, double block, double largest)
{
	if (c->t->expandable_segments || !vp_est_on_pytorch2(c->t) || c->m->arch != VP_ARCH_DECODER ||
	    tt->n_dec <= 0.0)
		return 0.0;
	return vp_est_cache_fragmentation(block, largest, tt->n_dec);
}

static void forward_only(const struct ctx *c, const struct totals *tt, struct forward_only *f)
{
	const struct vp_train *t = c->t;

	/* no_grad frees each intermediate when its consumer has run; beside
	 * it, what the model's forward holds until it returns and a
	 * bitsandbytes layer's dequantized weight */
	f->working = fmax(tt->n_enc > 0.0 ? tt->enc.eval_working : 0.0, tt->n_dec > 0.0 ? tt->dec.eval_working : 0.0) +
		     tt->fwd_held_eval + tt->eval_cache + quant_buffer(tt, t);
	/* Autocast caches the 16-bit cast of every fp32 weight that requires
	 * grad until its region exits (autocast_mode.cpp cached_cast), under
	 * no_grad too: requires_grad is the parameter's. A frozen weight is
	 * cast at each use and freed: one block's and the head's at most.
	 * Traced: MS-MT5B-bf16-fused-eval24 held 0.72 GiB of casts at its
	 * peak, MS-BERTL-cls-eval128 0.56 GiB. FSDP casts at the all-gather
	 * (as in training). */
	f->copies = c->full ? tt->weight_copies
			    : fmax(tt->enc.copies, tt->dec.copies) + tt->skip_copies_max + tt->head_copy;
	/* Only the cached casts outlive their op: when the loss runs, inside
	 * the model's forward and so inside accelerate's autocast, a frozen
	 * weight's cast (cached_cast's arg.to(), can_try_cache false without
	 * requires_grad) was freed when its linear returned, the LM head's
	 * too unless the head trains. Traced: MS-MT5B-frozen-ampbf16 held
	 * none of lm_head's 366 MiB bf16 cast at its loss peak. */
	f->kept = c->full ? tt->weight_copies : tt->trains_vocab_matrix ? tt->head_copy : 0.0;
	if (t->fsdp)
		f->copies = f->kept = 0.0;
	f->share = t->expandable_segments ? 0.0 : vp_est_on_pytorch2(t) ? VP_FRAGMENTATION_PT2 : VP_FRAGMENTATION;
	/* Under PyTorch 2 without expandable segments the freed T x f blocks
	 * of the MLP are split by smaller requests and two more are reserved
	 * (MS-BERTL-cls-eval128: four 512 MiB segments for two live). */
	f->split = !t->expandable_segments && vp_est_on_pytorch2(t)
			   ? 2.0 * fmax(tt->n_enc > 0.0 ? tt->enc.recompute_largest : 0.0,
					tt->n_dec > 0.0 ? tt->dec.recompute_largest : 0.0)
			   : 0.0;
	/* In a forward that holds a KV cache its blocks are the smaller
	 * requests that split those segments, layer by layer: the larger of
	 * the two terms counts, not their sum (traced with the cache, the
	 * first layer reserved three T x f segments for its three live, and
	 * the others one each once the cache had taken the room; docs
	 * "Evaluation and generation"). A layer's blocks: its share of
	 * eval_cache, k and v. */
	f->cache_split = tt->eval_cache > 0.0 && tt->n_dec > 0.0
				 ? cache_segments(c, tt, tt->eval_cache / (2.0 * tt->n_dec), tt->dec.recompute_largest)
				 : 0.0;
}

/* What the model's output holds while its loss runs: the last hidden
 * state, an encoder's output, the KV cache, the router logits */
static double forward_output_held(const struct totals *tt)
{
	return tt->eval_out_held + tt->eval_cache + tt->eval_router_held;
}

/* The loss over the logits, or, where the causal LM adds the
 * load-balancing loss, that loss beside the model's logits, whichever is
 * larger */
static double forward_losses(const struct ctx *c, const struct totals *tt, double logits)
{
	return fmax(logits, tt->aux_loss_eval > 0.0 ? tt->lm_tokens * c->V * c->e + tt->aux_loss_eval : 0.0);
}

/*
 * The loss forward's peak beyond the casts (docs: "Evaluation and
 * generation"): the larger of two moments, which no_grad keeps apart.
 * Inside the stacks: one block's working set and what the model's forward
 * holds until it returns, with T5's stacks' position bias and scores. At
 * the loss, computed by the causal LM's (or seq2seq LM's) forward after its
 * base model returned (LlamaForCausalLM.forward: outputs = self.model(...),
 * then lm_head, then self.loss_function): none of that, only what the
 * output names (the last hidden state, an encoder's output, the KV cache,
 * the router logits) and the casts autocast caches, beside the logits and
 * the loss over them, or, where the causal LM adds the load-balancing loss,
 * that loss after the LM loss's temporaries are gone beside the model's
 * logits still in its output. Traced: MS-MT5B-frozen-ampbf16's peak was its
 * logits and loss (977 + 977 + 1954 MiB) and 62 MiB more; until 2026-11-30
 * the block's working set and all the casts were added to it (+13.1%).
 * *blocks says whether the stacks' moment is the larger.
 */
static double forward_peak(const struct ctx *c, const struct totals *tt, const struct forward_only *f,
			   double logits, bool *blocks)
{
	double stacks = f->working + tt->eval_stack_extra;
	/* the router logits stay in the output through both losses:
	 * load_balancing_loss_func concatenates a copy of them
	 * (aux_loss_eval), the tuple it was passed lives on */
	double at_loss = forward_output_held(tt) + forward_losses(c, tt, logits);
	/* the loss moment's casts are f->kept, f->copies the stacks' */
	double loss = at_loss - (f->copies - f->kept);

	if (blocks != NULL)
		*blocks = stacks >= loss;
	return fmax(stacks, loss);
}

/*
 * The segments the loss forward leaves reserved, beyond the casts (docs:
 * "Evaluation and generation", reserved level): the stacks' and the
 * loss's, piled up. The caching allocator keeps the blocks the stacks
 * freed, and none can serve the loss's tensors: a request takes a free
 * block at least its size (CUDACachingAllocator.cpp get_free_block) and
 * blocks of different segments never merge, so each T x V tensor of the
 * logits and their loss, larger than any block's tensor, takes a segment
 * of its own beside them. T5's stacks, whose freed position bias and
 * scores the logits can reuse, and the load-balancing loss count at the
 * larger of them and the logits. Until 2026-11-30 the allocated level was
 * this pile too; the reserved level has not moved.
 */
static double forward_segments(const struct ctx *c, const struct totals *tt, const struct forward_only *f,
			       double logits)
{
	return f->working + fmax(tt->eval_stack_extra, forward_losses(c, tt, logits));
}

/*
 * Nothing trains (method frozen): no parameter requires grad, so autograd
 * records no graph (an op's output gets a grad_fn only when an input
 * requires grad: torch/csrc/autograd/function.h, collect_next_edges) and
 * the forward saves nothing for a backward that cannot run. Its memory is
 * the evaluation's forward (vp_estimate_eval): the weights and the larger
 * of one block's working set and the logits and the loss (forward_peak);
 * no gradients, no
 * optimizer states, and the step has no backward or optimizer phase.
 */
static int frozen_forward(const struct ctx *c, const struct totals *tt, struct vp_estimate *out)
{
	struct forward_only f;
	double dynamic, pile, copies, acts, logits, transient;
	bool blocks;
	int p;

	/* the reserved level is the evaluation's too: the weights' rounding is
	 * not added, their segments' slack serving the forward's small tensors
	 * (the eval rows of bench/measured fit better without it) */
	forward_only(c, tt, &f);
	dynamic = f.copies + forward_peak(c, tt, &f, tt->logits_eval, &blocks);
	pile = fmax(f.copies + forward_segments(c, tt, &f, tt->logits_eval), dynamic);
	if (blocks) {
		/* the stacks' moment: a block's working set, T5's stacks */
		copies = f.copies;
		acts = f.working;
		logits = 0.0;
	} else {
		/* the loss's: what the output holds, the logits and their loss;
		 * the load-balancing loss where it outweighs them, transient */
		copies = f.kept;
		acts = forward_output_held(tt);
		logits = tt->logits_eval;
	}
	transient = fmax(dynamic - copies - acts - logits, 0.0);
	out->peak_phase = VP_PHASE_FORWARD;
	if (to_u64(tt->weights, &out->peak_bytes[VP_COMP_WEIGHTS]) ||
	    to_u64(copies, &out->peak_bytes[VP_COMP_WEIGHT_COPIES]) ||
	    to_u64(acts, &out->peak_bytes[VP_COMP_ACTIVATIONS]) ||
	    to_u64(logits, &out->peak_bytes[VP_COMP_LOGITS]) ||
	    to_u64(transient, &out->peak_bytes[VP_COMP_TRANSIENT]) ||
	    to_u64(tt->weights + dynamic, &out->phase_allocated_bytes[VP_PHASE_FORWARD]) ||
	    to_u64(tt->weights, &out->phase_allocated_bytes[VP_PHASE_BACKWARD]) ||
	    to_u64(tt->weights, &out->phase_allocated_bytes[VP_PHASE_OPTIMIZER]) ||
	    to_u64(pile - dynamic + pile * f.share + fmax(f.split, f.cache_split), &out->allocator_bytes) ||
	    to_u64(tt->total_params, &out->params_total))
		return -1;
	for (p = 0; p < VP_COMP_COUNT; p++) {
		out->full_bytes[p] = out->peak_bytes[p];
		out->allocated_bytes += out->peak_bytes[p];
	}
	out->params_trainable = 0;
	out->reserved_bytes = out->allocated_bytes + out->allocator_bytes;
	out->context_bytes = vp_context_bytes(c->g, c->t);
	out->device_bytes = out->reserved_bytes + out->context_bytes;
	return 0;
}

/* What is live at one phase's peak, by component. */
struct live {
	double acts, scores, copies, logits, transient, grads;
	double waste; /* the allocator's rounding of the tensors that come and go */
};

/* One training step, phase by phase (docs: "Phases of a step"). */
struct step {
	double allocated[VP_PHASE_COUNT]; /* each phase's peak */
	double dynamic[VP_PHASE_COUNT];   /* what comes and goes at it */
	struct live at[VP_PHASE_COUNT];
	double base;           /* weights, optimizer states, DDP buckets: every phase */
	double grads_kept;     /* gradients live through the forward */
	bool grads_freed;      /* zero_grad frees them between steps */
	double recompute_frag; /* the segments checkpointing's recomputation reserves */
	double bwd_frag;       /* ... what of them the backward's peak leaves over */
};

/* The inputs no estimate can be made for, and the element counts users
 * can make huge (tokens, attention scores, logits), each of which must fit
 * in 64 bits before any byte arithmetic. Gives the rows of a batch. */
static int check_inputs(const struct vp_model *m, const struct vp_train *t, uint64_t *rows, struct vp_error *err)
{
	uint64_t tokens, scores;

	if (t->batch == 0)
		return vp_error_set(err, VP_ERR_INPUT, "the batch size must be at least 1");
	if (t->seq_len == 0)
		return vp_error_set(err, VP_ERR_INPUT, "the sequence length must be at least 1");
	if (vp_head_check(m, t->head, err) != 0)
		return -1;
	if (vp_head_uses_target(m, t->head) && t->tgt_len == 0)
		return vp_error_set(err, VP_ERR_INPUT, "an encoder-decoder model needs a target length (--target-len)");
	/* a longer sequence indexes past the position table: the run fails
	 * with an index error before any memory question arises */
	if (vp_model_max_tokens(m) > 0 && t->seq_len > vp_model_max_tokens(m)) {
		vp_error_set(err, VP_ERR_INPUT,
			     "a sequence of %llu tokens is longer than the %llu positions of model '%s' "
			     "(max_position_embeddings): transformers cannot run it",
			     (unsigned long long)t->seq_len, (unsigned long long)vp_model_max_tokens(m), m->name);
		return vp_error_about(err, "seq_len");
	}
	if (vp_model_max_tokens(m) > 0 && vp_head_uses_target(m, t->head) && t->tgt_len > vp_model_max_tokens(m)) {
		vp_error_set(err, VP_ERR_INPUT,
			     "a target of %llu tokens is longer than the %llu positions of model '%s' "
			     "(max_position_embeddings): transformers cannot run it",
			     (unsigned long long)t->tgt_len, (unsigned long long)vp_model_max_tokens(m), m->name);
		return vp_error_about(err, "tgt_len");
	}
	if (vp_train_has_adapters(t) && t->lora_r == 0) {
		vp_error_set(err, VP_ERR_INPUT, "the LoRA rank must be at least 1");
		return vp_error_about(err, "lora_r");
	}
	/* about the ZeRO stage: check points at its key, not the batch's */
	if (t->optimizer_in_backward && t->zero_stage > 0) {
		vp_error_set(err, VP_ERR_INPUT, "the optimizer step in backward cannot be combined with DeepSpeed ZeRO");
		return vp_error_about(err, "zero_stage");
	}
	if (t->fsdp && t->zero_stage > 0) {
		vp_error_set(err, VP_ERR_INPUT, "FSDP and DeepSpeed ZeRO cannot be combined (choose one)");
		return vp_error_about(err, "zero_stage");
	}
	/* ZeRO-Offload as modelled (docs/memory-model.md "ZeRO-Offload"):
	 * the optimizer at any ZeRO stage (DeepSpeed's ZeRO optimizer is
	 * what offloads it: stage_1_and_2.py and stage3.py take
	 * offload_optimizer_config), the parameters at stage 3 only
	 * (DeepSpeed's offload_param is a stage-3 feature, config-json) */
	if (t->zero_offload_optimizer && t->zero_stage < 1) {
		vp_error_set(err, VP_ERR_INPUT,
			     "optimizer offload needs DeepSpeed ZeRO stage 1, 2 or 3 (stage %d given)", t->zero_stage);
		return vp_error_about(err, "zero_offload_optimizer");
	}
	if (t->zero_offload_param && t->zero_stage != 3) {
		vp_error_set(err, VP_ERR_INPUT, "parameter offload needs DeepSpeed ZeRO stage 3 (stage %d given)",
			     t->zero_stage);
		return vp_error_about(err, "zero_offload_param");
	}
	if (t->method == VP_METHOD_QLORA && t->quant == VP_QUANT_NONE)
		return vp_error_set(err, VP_ERR_INPUT, "QLoRA needs a quantized base (nf4, nf4-dq, int8 or gptq-int4)");
	if (!(t->label_smoothing >= 0.0 && t->label_smoothing <= 1.0)) {
		vp_error_set(err, VP_ERR_INPUT, "the label smoothing factor must be from 0 to 1, not %g",
			     t->label_smoothing);
		return vp_error_about(err, "label_smoothing");
	}
	/* the HF Trainer's LabelSmoother works on the logits the model
	 * returns; a chunked loss (litgpt, torchtune) keeps none whole */
	if (t->label_smoothing > 0.0 && t->loss == VP_LOSS_CHUNKED)
		return vp_error_set(err, VP_ERR_INPUT,
				    "label smoothing (the HF Trainer's LabelSmoother) cannot be combined with the "
				    "chunked loss (litgpt, torchtune): choose one");
	/* bitsandbytes replaces nn.Linear modules only: gpt-oss's experts,
	 * most of its weights, would stay 16-bit beside quantized attention */
	if (vp_model_is_gpt_oss(m) && t->quant != VP_QUANT_NONE)
		return vp_error_set(err, VP_ERR_INPUT,
				    "a quantized base of model '%s' (gpt-oss) is not modelled: bitsandbytes quantizes only "
				    "its attention's nn.Linear layers, not the experts (parameters of GptOssExperts); "
				    "train it dequantized (Mxfp4Config(dequantize=True)) in bf16, with LoRA", m->name);
	/* GraniteMoE likewise: its GraniteMoeParallelExperts hold the experts
	 * as 3-D parameters, nearly all of the model (Granite 3.0 1B-A400M:
	 * 1.21 of its 1.33 billion), which would stay 16-bit */
	if (vp_model_is_granitemoe(m) && t->quant != VP_QUANT_NONE)
		return vp_error_set(err, VP_ERR_INPUT,
				    "a quantized base of model '%s' (GraniteMoE) is not modelled: bitsandbytes quantizes "
				    "only its nn.Linear layers (attention, router), not the experts (3-D parameters of "
				    "GraniteMoeParallelExperts); train it in bf16, with LoRA or in full",
				    m->name);
	if (vp_mul_u64(t->batch, texts_per_example(t), rows) ||
	    vp_mul_u64(*rows, t->seq_len > t->tgt_len ? t->seq_len : t->tgt_len, &tokens) ||
	    vp_mul_u64(tokens, t->seq_len > t->tgt_len ? t->seq_len : t->tgt_len, &scores) ||
	    vp_mul_u64(scores, m->num_heads, &scores) || vp_mul_u64(tokens, m->vocab_size, &scores) ||
	    vp_mul_u64(tokens, m->intermediate_size, &scores)) {
		/* the longer of the source and the target is the length that
		 * overflowed, and the larger of it and the batch the one to
		 * look at */
		bool target = t->tgt_len > t->seq_len;
		uint64_t len = target ? t->tgt_len : t->seq_len;
		vp_error_set(err, VP_ERR_INPUT,
			     "batch %llu x %s %llu is too large to estimate (the element counts overflow)",
			     (unsigned long long)t->batch, target ? "target length" : "sequence",
			     (unsigned long long)len);
		return vp_error_about(err, len > t->batch ? (target ? "tgt_len" : "seq_len") : "batch");
	}
	return 0;
}

/* Forward end / loss: everything saved, logits and their gradient. */
static void forward_phase(const struct ctx *c, const struct totals *tt, struct step *s)
{
	const struct vp_train *t = c->t;
	struct live *l = &s->at[VP_PHASE_FORWARD];
	/* with checkpointing the blocks ran without saving: only their inputs */
	double acts = t->grad_ckpt ? tt->inputs_all : tt->saved_all + tt->scores_all;
	/* the op in flight, beside a bitsandbytes layer's dequantized weight */
	double tr = fmax(tt->enc.fwd_transient, tt->dec.fwd_transient) + quant_buffer(tt, t);
	/* Only autocast's cache keeps copies through a checkpointed forward:
	 * it holds the casts of trainable fp32 leaves whatever the grad mode
	 * (autocast_mode.cpp cached_cast). The other copies (a frozen
	 * weight's cast, a GPTQ layer's dequantized weight) are tensors a
	 * matmul saves for backward, which a checkpointed block does not
	 * keep: one block's at a time, as its other saved tensors. */
	double copies = t->grad_ckpt && !(c->amp && c->full)
				? fmax(tt->enc.copies, tt->dec.copies) + tt->skip_copies_max + tt->head_copy
				: tt->weight_copies;
	/* the LM loss's peak, or the load-balancing loss computed after it
	 * over what the LM loss keeps */
	double aux = tt->loss_held + tt->aux_loss_transient;
	double at_loss = fmax(tt->logits_peak, aux);

	if (t->optimizer_in_backward)
		s->grads_kept = tt->grads_in_backward; /* the LM head's gradient appears with the logits' */
	s->allocated[VP_PHASE_FORWARD] = s->base + s->grads_kept + tt->global_saved + tt->dec_bwd_held + acts + copies +
					 tt->fwd_held + tt->prev_step_held + fmax(at_loss, tr);
	s->dynamic[VP_PHASE_FORWARD] = acts + tt->global_saved + tt->dec_bwd_held + copies + tt->fwd_held +
				       tt->prev_step_held + fmax(at_loss, tr);

	if (t->activation_offload)
		l->waste = 2.0 * vp_est_alloc_waste(fmax(tt->enc.input, tt->dec.input));
	else if (t->grad_ckpt)
		l->waste = tt->n_enc * vp_est_alloc_waste(tt->enc.input) + tt->n_dec * vp_est_alloc_waste(tt->dec.input);
	else
		l->waste = tt->n_enc * tt->enc.waste + tt->n_dec * tt->dec.waste - tt->full_layers_unsaved_waste -
			   tt->bottom_unsaved_waste;
	/* the last step's bitsandbytes inputs are that step's saved
	 * activations, still held */
	l->acts = (t->grad_ckpt ? tt->inputs_all : tt->saved_all) + tt->global_saved + tt->dec_bwd_held +
		  tt->prev_step_held;
	l->scores = t->grad_ckpt ? 0.0 : tt->scores_all;
	l->copies = copies;
	l->grads = s->grads_kept;
	if (at_loss < tr) {
		l->transient = tr;
	} else if (tt->logits_peak >= aux) {
		l->logits = tt->logits_peak;
	} else {
		l->logits = tt->loss_held;
		l->transient = tt->aux_loss_transient;
	}
	l->transient += tt->fwd_held;
}

/* Are a shared block's weight casts made once for all the layers that run
 * it? Autocast caches the cast of a leaf that requires grad
 * (autocast_mode.cpp cached_cast): ALBERT's weights in a full fine-tune
 * under AMP. */
bool vp_est_shared_cast_once(const struct ctx *c, const struct totals *tt)
{
	return tt->n_enc_params < tt->n_enc && c->amp && c->full;
}

/* Backward, block by block from the last: the blocks below still hold
 * their saved tensors (or inputs, with checkpointing), this block's
 * tensors are live (recomputed, with checkpointing) with the gradients
 * flowing through it, and the gradients of the blocks above exist. */
static void backward_phase(const struct ctx *c, const struct totals *tt, struct step *s)
{
	const struct vp_train *t = c->t;
	struct live *l = &s->at[VP_PHASE_BACKWARD];
	/* Within a stack the blocks are alike and what lies below a block
	 * only grows with its depth, so the top block of each stack is
	 * where that stack's backward peaks. With the gradients freed
	 * between steps they reappear block by block, so the bottom block of
	 * each stack (most gradients, fewest saved tensors below) is checked
	 * too. */
	double tops[4], k, best = 0.0, best_reserved = 0.0;
	double block_grads = tt->n_enc_params * tt->enc.trainable_bytes + tt->n_dec * tt->dec.trainable_bytes;
	double other_grads = fmax(0.0, tt->grads - block_grads - tt->late_grads);
	double quant_tmp = quant_buffer(tt, t);
	int n_tops = 0, ti;

	/* Compiled, the embedding's backward is inductor's decomposition
	 * (torch/_decomp/decompositions.py embedding_dense_backward), which
	 * accumulates 16-bit gradients in an fp32 buffer and converts it:
	 * V x h x (4 + e) beside the gradient itself at the end of backward.
	 * Traced: MS-L32-3B-full-bf16-compile held 1,503 + 751.5 MiB from
	 * the embedding then. */
	if (t->compile && !t->compile_layers_only && c->full && c->wb < 4.0)
		other_grads += c->V * c->E * (4.0 + c->wb);
	if (tt->n_dec > 0.0)
		tops[n_tops++] = tt->n_blocks - 1.0;
	if (tt->n_enc > 0.0)
		tops[n_tops++] = tt->n_enc - 1.0;
	if (s->grads_freed) {
		if (tt->n_dec > 0.0)
			tops[n_tops++] = tt->n_enc;
		if (tt->n_enc > 0.0)
			tops[n_tops++] = 0.0;
	}
	for (ti = 0; ti < n_tops; ti++) {
		bool in_dec;

		k = tops[ti];
		in_dec = k >= tt->n_enc;
		const struct block_mem *bm = in_dec ? &tt->dec : &tt->enc;
		double below_enc = in_dec ? tt->n_enc : k;
		double below_dec = in_dec ? k - tt->n_enc : 0.0;
		double below, below_scores, live, copies, grads, block_saved, block_transient;
		/* the encoder output and mask backward keeps for the decoder */
		double around = tt->global_saved + (in_dec ? tt->dec_bwd_held : 0.0);
		/* the global layers' share of the blocks below, spread evenly
		 * (ModernBERT's every third); the block in backward is counted
		 * as a sliding one, the larger */
		double full_share = tt->n_blocks > 0.0 ? (below_enc + below_dec) / tt->n_blocks : 0.0;
		/* the bottom block, when it is below this one */
		double bottom = below_enc + below_dec >= 1.0 ? 1.0 : 0.0;

		if (t->grad_ckpt) {
			below = below_enc * tt->enc.input + below_dec * tt->dec.input;
			below_scores = 0.0;
		} else {
			below = below_enc * tt->enc.saved + below_dec * tt->dec.saved - full_share * tt->full_layers_unsaved -
				bottom * tt->bottom_unsaved;
			below_scores = below_enc * tt->enc.scores + below_dec * tt->dec.scores;
		}
		if (t->activation_offload) {
			below = fmin(below + below_scores, 2.0 * fmax(tt->enc.input, tt->dec.input));
			below_scores = 0.0;
		}
		/* the blocks' copies (autocast's casts, GPTQ's dequantized
		 * weights) are saved like their activations; ALBERT's shared
		 * weights, trained under autocast, are cast once for every
		 * layer (autocast's cache keeps the cast of a leaf) */
		copies = t->grad_ckpt || vp_est_shared_cast_once(c, tt)
				 ? bm->copies
				 : below_enc * tt->enc.copies + below_dec * tt->dec.copies + bm->copies;
		grads = t->optimizer_in_backward ? tt->grads_in_backward : tt->grads;
		if (s->grads_freed) {
			/* the gradients of the parameters outside the blocks (LM
			 * head, embeddings, norms; counted whole, the safe side),
			 * of the blocks above and of this one */
			/* ALBERT's layers share one gradient, this block's */
			double above_enc = in_dec || tt->n_enc_params < tt->n_enc ? 0.0 : tt->n_enc - 1.0 - k;
			double above_dec = in_dec ? tt->n_blocks - 1.0 - k : tt->n_dec;
			grads = other_grads + above_enc * tt->enc.trainable_bytes + above_dec * tt->dec.trainable_bytes +
				bm->trainable_bytes;
			grads = fmin(grads, tt->grads);
		}
		/* ZeRO-3 reduce-scatters a module's gradient once backward has
		 * made it whole: the largest matrix's, beside the partitions */
		grads += tt->zero3_whole_grad;
		/* the block's MLP backward, then its attention's, with the MLP's
		 * saved tensors freed (docs: "Phases of a step") */
		if (bm->saved + bm->mlp_bwd_transient >= bm->saved_at_attn_bwd + bm->attn_bwd_transient) {
			block_saved = bm->saved;
			block_transient = bm->mlp_bwd_transient;
		} else {
			block_saved = bm->saved_at_attn_bwd;
			block_transient = bm->attn_bwd_transient;
		}
		/* a recomputed block runs DoRA's weight norms again
		 * (docs/memory-model.md "DoRA"), in its forward, before the
		 * MLP's backward has freed anything of the block: over all
		 * of its saved tensors (the MLP's last linear's norm runs
		 * with the rest saved), not over the attention backward's
		 * share. Put on the smaller share, eager attention, whose
		 * softmax backward makes the attention's phase the larger,
		 * came out below FlashAttention-2 once DoRA's norm was the
		 * peak (found by test_properties' DoRA samples). */
		if (t->grad_ckpt && bm->saved + bm->dora_transient > block_saved + block_transient) {
			block_saved = bm->saved;
			block_transient = bm->dora_transient;
		}
		live = s->base + grads + below + below_scores + block_saved + bm->scores + block_transient + quant_tmp +
		       copies + around;
		/* The segments the recomputation reserved, less what the
		 * gradients created in this backward took of them once freed
		 * (with the gradients freed between steps, a full fine-tune's
		 * gradients fill them; LoRA's are tiny). */
		best_reserved = fmax(best_reserved, live + fmax(0.0, s->recompute_frag - (s->grads_freed ? grads : 0.0)));
		if (live > best) {
			best = live;
			/* the rounding of exactly the tensors counted below: a
			 * tensor's rounded footprint grows with its size, so the
			 * estimate stays monotone in the batch */
			if (t->activation_offload)
				l->waste = bm->waste + 2.0 * vp_est_alloc_waste(fmax(tt->enc.input, tt->dec.input));
			else if (t->grad_ckpt)
				l->waste = bm->waste + below_enc * vp_est_alloc_waste(tt->enc.input) +
					   below_dec * vp_est_alloc_waste(tt->dec.input);
			else
				l->waste = below_enc * tt->enc.waste + below_dec * tt->dec.waste + bm->waste -
					   full_share * tt->full_layers_unsaved_waste - bottom * tt->bottom_unsaved_waste;
			l->acts = below + block_saved + around;
			l->scores = below_scores + bm->scores;
			l->transient = block_transient + quant_tmp;
			l->copies = copies;
			l->grads = grads;
		}
	}
	s->allocated[VP_PHASE_BACKWARD] = best;
	s->bwd_frag = best_reserved - best;
	s->dynamic[VP_PHASE_BACKWARD] = l->acts + l->scores + l->copies + l->transient;
}

/* Optimizer step: gradients, states and the step's temporaries. */
static void optimizer_phase(const struct totals *tt, const struct vp_train *t, struct step *s)
{
	struct live *l = &s->at[VP_PHASE_OPTIMIZER];

	l->grads = t->optimizer_in_backward ? tt->largest_param_bytes : tt->grads;
	l->transient = tt->step_temp;
	s->allocated[VP_PHASE_OPTIMIZER] = s->base + l->grads + tt->step_temp;
	s->dynamic[VP_PHASE_OPTIMIZER] = tt->step_temp;
}

/*
 * Reserved: the allocator's overhead on what comes and goes. The caching
 * allocator keeps what it reserved, so the reserved peak is the largest
 * over the phases of each phase's allocated bytes plus its rounding and
 * fragmentation, which need not fall in the phase with the most allocated
 * bytes (e.g. a forward full of activations below an optimizer step of
 * persistent tensors).
 */
static double reserved_level(const struct ctx *c, const struct totals *tt, const struct step *s, enum vp_phase peak)
{
	const struct vp_train *t = c->t;
	const struct live *l = &s->at[peak];
	double dynamic = l->acts + l->scores + l->copies + l->logits + l->transient;
	/* the forward's activations as allocated: rounded blocks */
	double acts = (t->grad_ckpt ? tt->inputs_all : tt->saved_all + tt->scores_all) + s->at[VP_PHASE_FORWARD].waste;
	/* PyTorch 2's allocator without expandable segments (docs: "Allocator") */
	bool pt2_segments = !t->expandable_segments && vp_est_on_pytorch2(t);
	double share, loss_frag, vocab_frag = 0.0, reserved;
	int p;

	if (t->expandable_segments) {
		/* Expandable segments map pages at the end of one segment, so a
		 * request no free block holds grows it by what is missing
		 * rather than by a whole new segment: only the states that
		 * spill into the loss's freed range leave holes (measured with
		 * PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True: MS-*-xs,
		 * bench/measured: 0.05 GiB over allocated for BGEM3, 0.10 for
		 * mT5, 0.68 for QW18, 7.0 for QW25 with checkpointing). */
		share = 0.0;
		loss_frag = vp_est_loss_fragmentation(tt, t, acts, s->grads_freed) - tt->loss_block;
	} else if (vp_est_on_pytorch2(t)) {
		share = VP_FRAGMENTATION_PT2;
		loss_frag = vp_est_loss_fragmentation(tt, t, acts, s->grads_freed);
	} else {
		/* PyTorch 1.x: the overhead calibrated on its measurements,
		 * which include what the loss's blocks leave */
		share = VP_FRAGMENTATION;
		loss_frag = 0.0;
	}
	if (pt2_segments && !t->optimizer_in_backward && !c->lm_head)
		vocab_frag = vp_est_vocab_fragmentation(tt, t, s->grads_freed);
	reserved = s->allocated[peak] + l->waste + share * dynamic;
	for (p = 0; p < VP_PHASE_COUNT; p++) {
		double extra = 0.0;
		if (p == VP_PHASE_FORWARD)
			extra = fmax(loss_frag, s->recompute_frag) + vocab_frag;
		else if (p == VP_PHASE_BACKWARD)
			extra = s->bwd_frag;
		reserved = fmax(reserved, s->allocated[p] + s->at[p].waste + share * s->dynamic[p] + extra);
	}
	if (pt2_segments)
		reserved = fmax(reserved, s->allocated[VP_PHASE_OPTIMIZER] + s->at[VP_PHASE_OPTIMIZER].waste +
						  share * s->dynamic[VP_PHASE_OPTIMIZER] +
						  vp_est_second_loss_set(tt, t, s->grads_freed));
	return reserved;
}

/*
 * DeepSpeed's fp16/bf16 engine casts the whole module to 16 bit before
 * training (deepspeed/runtime/engine.py _configure_distributed_model:
 * module.half() / module.bfloat16()) and runs it without autocast; the HF
 * Trainer hands it mixed precision ("auto" bf16/fp16 follow --bf16/--fp16)
 * and accelerate enables no native AMP under DeepSpeed. So a ZeRO run of an
 * unquantized model asked for as amp-* trains as pure 16 bit: 16-bit
 * weights (the fp32 masters live in the ZeRO optimizer, "ZeRO"), a 16-bit
 * residual stream, adapters cast to 16 bit, and no autocast copies of the
 * weights (a 12.8B full fine-tune under ZeRO-3 on 4 GPUs counted 23.7 GiB
 * of them). A quantized base keeps the amp-* terms: by the sources its
 * run is the 16-bit one too (the engine casts the floating parameters
 * prepare_model_for_kbit_training left fp32, and the adapters), but the
 * only measured ZeRO runs of one (the Qwen README's GPTQ Q-LoRA rows, the
 * shared QW-1.8B-QLoRA ones, PEFT's Llama-2-70B example) hold more than
 * that run: counted as it, the Qwen README's median went 2.7 -> 3.9% and
 * its unsafe rows 8 -> 11 (a trial on 2026-11-30). So the model is left
 * where the data holds, and a quantized base named as a 16-bit run (a
 * DeepSpeed config's bf16.enabled, which check reads as bf16) is that same
 * run, counted alike: until 2026-11-30 check read a --profile deepspeed
 * Q-LoRA plan 5-36% below the plan (docs/memory-model.md "ZeRO").
 */
static struct vp_train as_deepspeed_runs(const struct vp_train *t)
{
	struct vp_train run = *t;

	if (t->zero_stage == 0)
		return run;
	if (t->quant != VP_QUANT_NONE) {
		if (t->precision == VP_PREC_BF16)
			run.precision = VP_PREC_AMP_BF16;
		else if (t->precision == VP_PREC_FP16)
			run.precision = VP_PREC_AMP_FP16;
		return run;
	}
	if (t->precision == VP_PREC_AMP_BF16)
		run.precision = VP_PREC_BF16;
	else if (t->precision == VP_PREC_AMP_FP16)
		run.precision = VP_PREC_FP16;
	else if (t->precision != VP_PREC_BF16 && t->precision != VP_PREC_FP16)
		return run;
	/* the cast reaches PEFT's adapters, whichever name the 16-bit run
	 * was given: a 16-bit run (a DeepSpeed config's bf16.enabled, which
	 * check reads as bf16) is the same run as the amp-* one asked for */
	run.lora_16bit_adapters = true;
	return run;
}

/*
 * One setup estimated at many batches (the planner's searches). The
 * parameter totals (weights, gradients, optimizer states, the vocabulary's
 * shares) do not depend on the batch, and were a third of every estimate's
 * work: they are computed once here. An estimate at a batch is the same
 * computation as vp_estimate's on the totals' copy, so the two never
 * differ (tests/unit/test_estimator.c).
 */
struct vp_estimator {
	const struct vp_model *m;
	const struct vp_gpu *g;
	struct vp_train asked;   /* the setup as asked (each estimate sets its batch) */
	struct vp_train run;     /* as it runs (as_deepspeed_runs) */
	struct vp_train classic; /* with expandable segments asked: as it runs without them */
	struct totals params, classic_params;
	/* a setup whose parameters cannot be counted (a LoRA target the model
	 * lacks, ...): its error, given once the batch's own inputs pass, as
	 * vp_estimate gives it after check_inputs */
	int params_rc, classic_rc;
	struct vp_error params_err, classic_err;
};

static void count_params(const struct vp_model *m, const struct vp_gpu *g, const struct vp_train *t,
			 struct totals *tt, int *rc, struct vp_error *err)
{
	struct vp_train one = *t;
	struct ctx c;
	uint64_t rows;

	memset(tt, 0, sizeof *tt);
	memset(err, 0, sizeof *err);
	/* counted only for inputs that check_inputs passes at batch 1: one that
	 * fails there fails at every batch, before the totals are read (its
	 * checks do not depend on the batch but through overflow, which a
	 * larger batch only makes likelier) */
	one.batch = 1;
	*rc = check_inputs(m, &one, &rows, err);
	if (*rc != 0)
		return;
	ctx_init(&c, m, g, t);
	*rc = vp_est_parameters(&c, tt, err);
}

static void estimator_init(struct vp_estimator *e, const struct vp_model *m, const struct vp_gpu *g,
			   const struct vp_train *t)
{
	e->m = m;
	e->g = g;
	e->asked = *t;
	e->run = as_deepspeed_runs(t);
	count_params(m, g, &e->run, &e->params, &e->params_rc, &e->params_err);
	e->classic = e->run;
	e->classic_rc = e->params_rc;
	if (t->expandable_segments) {
		struct vp_train classic = *t;

		classic.expandable_segments = false;
		e->classic = as_deepspeed_runs(&classic);
		count_params(m, g, &e->classic, &e->classic_params, &e->classic_rc, &e->classic_err);
	}
}

/* The totals of e's setup (the classic allocator's with `classic`), or -1
 * with their error. */
static int params_of(const struct vp_estimator *e, bool classic, struct totals *tt, struct vp_error *err)
{
	if ((classic ? e->classic_rc : e->params_rc) != 0) {
		/* err may be NULL, as vp_error_set allows (vp_estimate's callers
		 * that only ask whether a setup estimates) */
		if (err != NULL)
			*err = classic ? e->classic_err : e->params_err;
		return -1;
	}
	*tt = classic ? e->classic_params : e->params;
	return 0;
}

static int estimate_at(const struct vp_estimator *e, bool classic, uint64_t batch, struct vp_estimate *out,
		       struct vp_error *err)
{
	const struct vp_model *m = e->m;
	const struct vp_gpu *g = e->g;
	struct ctx c;
	struct totals tt;
	struct step s;
	bool zero_freed;
	struct live l;
	double s_enc, s_dec, frag;
	uint64_t rows = 0;
	int p;

	struct vp_train run = classic ? e->classic : e->run;
	const struct vp_train *t = &run;

	run.batch = batch;
	memset(out, 0, sizeof *out);
	memset(&s, 0, sizeof s);
	if (check_inputs(m, t, &rows, err) != 0)
		return -1;
	if (params_of(e, classic, &tt, err) != 0)
		return -1;

	ctx_init(&c, m, g, t);
	s_enc = (double)t->seq_len;
	s_dec = vp_head_uses_target(m, t->head) ? (double)t->tgt_len : (double)t->seq_len;
	vp_est_activations(&c, (double)rows, s_enc, s_dec, &tt);
	if (t->fsdp) {
		/* FSDP's mixed precision casts at the all-gather: autocast
		 * finds the weights already 16-bit and keeps no copies */
		tt.enc.copies = tt.dec.copies = 0.0;
		tt.weight_copies = tt.head_copy = tt.skip_copies = tt.skip_copies_max = 0.0;
	}
	if (t->method == VP_METHOD_FROZEN) {
		if (frozen_forward(&c, &tt, out) != 0) {
			vp_error_set(err, VP_ERR_INPUT, "the estimate for model '%s' exceeds 2^60 bytes", m->name);
			return vp_error_about(err, t->seq_len > t->batch ? "seq_len" : "batch");
		}
		return 0;
	}

	/* Gradients stay allocated between steps when accumulating; without
	 * accumulation they are freed where zero_grad frees them (HF Trainer,
	 * torchtune and litgpt call it after each step). */
	s.base = tt.weights + tt.optimizer + tt.ddp_buckets;
	s.grads_freed = !t->optimizer_in_backward && t->grad_accum <= 1 && zero_grad_frees(t);
	/* ZeRO-1/2 free their flat partition in their step: no gradient in
	 * the next forward, but backward allocates it whole (zero_step_frees) */
	zero_freed = !t->optimizer_in_backward && t->grad_accum <= 1 && zero_step_frees(t);
	s.grads_kept = t->optimizer_in_backward || s.grads_freed || zero_freed ? 0.0 : tt.grads;
	s.recompute_frag =
		!t->expandable_segments && vp_est_on_pytorch2(t) ? vp_est_recompute_fragmentation(&tt, t) : 0.0;
	forward_phase(&c, &tt, &s);
	backward_phase(&c, &tt, &s);
	optimizer_phase(&tt, t, &s);

	out->peak_phase = VP_PHASE_FORWARD;
	for (p = 0; p < VP_PHASE_COUNT; p++)
		if (s.allocated[p] > s.allocated[out->peak_phase])
			out->peak_phase = (enum vp_phase)p;
	l = s.at[out->peak_phase];
	l.grads += tt.ddp_buckets;
	frag = tt.persistent_waste + reserved_level(&c, &tt, &s, out->peak_phase) - s.allocated[out->peak_phase];

	if (to_u64(tt.weights, &out->full_bytes[VP_COMP_WEIGHTS]) ||
	    to_u64(tt.weight_copies, &out->full_bytes[VP_COMP_WEIGHT_COPIES]) ||
	    to_u64(tt.grads + tt.ddp_buckets, &out->full_bytes[VP_COMP_GRADIENTS]) ||
	    to_u64(tt.optimizer + tt.paged_states, &out->full_bytes[VP_COMP_OPTIMIZER]) ||
	    to_u64(tt.saved_all + tt.global_saved + tt.dec_bwd_held + tt.prev_step_held,
		   &out->full_bytes[VP_COMP_ACTIVATIONS]) ||
	    to_u64(tt.scores_all, &out->full_bytes[VP_COMP_ATTN_SCORES]) ||
	    to_u64(tt.logits_peak, &out->full_bytes[VP_COMP_LOGITS]) ||
	    to_u64(fmax(tt.step_temp, fmax(tt.enc.bwd_transient, tt.dec.bwd_transient)),
		   &out->full_bytes[VP_COMP_TRANSIENT]) ||
	    to_u64(tt.weights, &out->peak_bytes[VP_COMP_WEIGHTS]) ||
	    to_u64(l.copies, &out->peak_bytes[VP_COMP_WEIGHT_COPIES]) ||
	    to_u64(l.grads, &out->peak_bytes[VP_COMP_GRADIENTS]) ||
	    to_u64(tt.optimizer, &out->peak_bytes[VP_COMP_OPTIMIZER]) ||
	    to_u64(l.acts, &out->peak_bytes[VP_COMP_ACTIVATIONS]) ||
	    to_u64(l.scores, &out->peak_bytes[VP_COMP_ATTN_SCORES]) ||
	    to_u64(l.logits, &out->peak_bytes[VP_COMP_LOGITS]) ||
	    to_u64(l.transient, &out->peak_bytes[VP_COMP_TRANSIENT]) ||
	    to_u64(s.allocated[VP_PHASE_FORWARD], &out->phase_allocated_bytes[VP_PHASE_FORWARD]) ||
	    to_u64(s.allocated[VP_PHASE_BACKWARD], &out->phase_allocated_bytes[VP_PHASE_BACKWARD]) ||
	    to_u64(s.allocated[VP_PHASE_OPTIMIZER], &out->phase_allocated_bytes[VP_PHASE_OPTIMIZER]) ||
	    to_u64(frag, &out->allocator_bytes) || to_u64(tt.total_params, &out->params_total) ||
	    to_u64(tt.trainable_params, &out->params_trainable) || to_u64(tt.dora_params, &out->dora_params) ||
	    to_u64(t->grad_ckpt ? fmax(tt.n_enc > 0.0 ? tt.enc.dora_saved : 0.0, tt.n_dec > 0.0 ? tt.dec.dora_saved : 0.0)
				: tt.n_enc * tt.enc.dora_saved + tt.n_dec * tt.dec.dora_saved,
		   &out->dora_saved_bytes) ||
	    to_u64(fmax(tt.n_enc > 0.0 ? tt.enc.dora_transient : 0.0, tt.n_dec > 0.0 ? tt.dec.dora_transient : 0.0),
		   &out->dora_transient_bytes) ||
	    to_u64(tt.offload_host, &out->offload_host_bytes) ||
	    to_u64(tt.zero_partition, &out->zero_partition_bytes))
	{
		vp_error_set(err, VP_ERR_INPUT, "the estimate for model '%s' exceeds 2^60 bytes", m->name);
		/* the larger of the two sizes is the one to look at */
		return vp_error_about(err, t->seq_len > t->batch ? "seq_len" : "batch");
	}

	/* a component is never larger at the peak than at its own largest
	 * (activation offloading and the optimizer step in backward bound the
	 * totals by what is live at once) */
	for (p = 0; p < VP_COMP_COUNT; p++)
		if (out->full_bytes[p] < out->peak_bytes[p])
			out->full_bytes[p] = out->peak_bytes[p];

	/* allocated is the sum of the live components, so the breakdown adds up */
	out->allocated_bytes = 0;
	for (p = 0; p < VP_COMP_COUNT; p++)
		out->allocated_bytes += out->peak_bytes[p];
	out->reserved_bytes = out->allocated_bytes + out->allocator_bytes;
	out->context_bytes = vp_context_bytes(g, t);
	if (to_u64(tt.paged_states, &out->paged_optimizer_bytes))
		return vp_error_set(err, VP_ERR_INPUT, "the estimate exceeds 2^60 bytes");
	out->device_bytes = out->reserved_bytes + out->context_bytes + out->paged_optimizer_bytes;

	/* Expandable segments grow a request's range by what is missing where
	 * the caching allocator would map a whole new segment, so they never
	 * reserve more than it: every measured pair says so (bench/measured
	 * MS-QW25-3B-full-bf16-gc 45.6 -> 39.5 GiB, MS-QW18-lora-1024 7.1 ->
	 * 6.7). The spill term (vp_est_loss_fragmentation) can count more than
	 * the classic allocator's pinned loss set, so the level is capped at
	 * the classic one: a user-journey review found --expandable-segments
	 * planning Qwen3 0.6B at a smaller batch than without it. */
	if (!classic && e->asked.expandable_segments) {
		struct vp_estimate ce;

		if (estimate_at(e, true, batch, &ce, err) != 0)
			return -1;
		if (ce.reserved_bytes < out->reserved_bytes && ce.reserved_bytes >= out->allocated_bytes) {
			out->allocator_bytes = ce.reserved_bytes - out->allocated_bytes;
			out->reserved_bytes = ce.reserved_bytes;
			out->device_bytes = out->reserved_bytes + out->context_bytes + out->paged_optimizer_bytes;
		}
	}
	return 0;
}

const char *vp_autocast_name(const struct vp_train *t)
{
	struct vp_train run = as_deepspeed_runs(t);
	struct ctx c;

	/* the two predicates read only the training and whether it is amp-* */
	memset(&c, 0, sizeof c);
	c.t = &run;
	c.amp = run.precision == VP_PREC_AMP_FP16 || run.precision == VP_PREC_AMP_BF16;
	if (vp_est_autocast_known(&c))
		return "on";
	return vp_est_under_autocast(&c) ? "assumed" : "off";
}

int vp_estimate(const struct vp_model *m, const struct vp_gpu *g, const struct vp_train *t,
		struct vp_estimate *out, struct vp_error *err)
{
	struct vp_estimator e;

	estimator_init(&e, m, g, t);
	return estimate_at(&e, false, t->batch, out, err);
}

int vp_estimator_new(const struct vp_model *m, const struct vp_gpu *g, const struct vp_train *t,
		     struct vp_estimator **out, struct vp_error *err)
{
	*out = malloc(sizeof **out);
	if (*out == NULL)
		return vp_error_set(err, VP_ERR_IO, "out of memory");
	estimator_init(*out, m, g, t);
	return 0;
}

int vp_estimator_train(const struct vp_estimator *e, uint64_t batch, struct vp_estimate *out, struct vp_error *err)
{
	return estimate_at(e, false, batch, out, err);
}

void vp_estimator_free(struct vp_estimator *e)
{
	free(e);
}

const char *vp_component_name(enum vp_component comp)
{
	switch (comp) {
	case VP_COMP_WEIGHTS: return "weights";
	case VP_COMP_WEIGHT_COPIES: return "weight_copies";
	case VP_COMP_GRADIENTS: return "gradients";
	case VP_COMP_OPTIMIZER: return "optimizer";
	case VP_COMP_ACTIVATIONS: return "activations";
	case VP_COMP_ATTN_SCORES: return "attention_scores";
	case VP_COMP_LOGITS: return "logits";
	case VP_COMP_TRANSIENT: return "transient";
	case VP_COMP_COUNT: break;
	}
	return "?";
}

const char *vp_phase_name(enum vp_phase p)
{
	switch (p) {
	case VP_PHASE_FORWARD: return "forward";
	case VP_PHASE_BACKWARD: return "backward";
	case VP_PHASE_OPTIMIZER: return "optimizer";
	case VP_PHASE_COUNT: break;
	}
	return "?";
}

const char *vp_eval_moment_name(enum vp_eval_moment m)
{
	switch (m) {
	case VP_EVAL_LOSS: return "loss";
	case VP_EVAL_GENERATE: return "generate";
	case VP_EVAL_PREDICTIONS: return "predictions";
	}
	return "?";
}

/*
 * Generation's dynamic memory (transformers GenerationMixin, DynamicCache /
 * EncoderDecoderCache): keys and values of every layer for every beam, in
 * the compute dtype, and beam search scoring the vocabulary in fp32 per
 * step (log_softmax, topk). A decoder-only model expands the prompts to
 * b x beams rows before the prefill, which runs the whole prompt through
 * one block at a time beside the cache it fills, and computes the logits
 * of the last position only (logits_to_keep=1); each step then grows every
 * layer's cache by torch.cat, both copies of one layer's existing for a
 * moment. An encoder-decoder model runs its encoder once at b rows, expands
 * the output to every beam, and its decoder caches the cross-attention's
 * keys and values over the source beside the self-attention's over the new
 * tokens. Measured (bench/measured): MS-L32-3B-lora-gen8 peaked in the
 * prefill, MS-KOBART-gen32-beam4 with the whole cache.
 */
/*
 * enc_working and enc_e: the encoder's forward working set and the bytes of
 * an element of its output, which generate() computes once and expands to
 * the beams. generate() calls the encoder itself (GenerationMixin.
 * _prepare_encoder_decoder_kwargs_for_generation: self.get_encoder()(...)),
 * outside the autocast that accelerate wraps around the model's forward
 * alone (Accelerator.prepare_model), and Seq2SeqTrainer.prediction_step
 * adds none: under amp-* (fp32 weights) the encoder runs in fp32.
 * Measured: MS-KOBART-gen32-beam4-eval-a, amp-fp16, allocated 3.277 GiB
 * where the 16-bit encoder output gave 3.155.
 *
 * copies: autocast's weight casts, live during each step's forward and gone
 * after it (accelerate's autocast exits with forward). Beam search then
 * holds four rows x V tensors at once: the last step's fp32 logits and
 * accumulated log-probabilities (still named until reassigned), the
 * model's logits and their fp32 copy (GenerationMixin._beam_search:
 * logits = model_outputs.logits[:, -1, :].to(copy=True, dtype=float32);
 * then log_softmax beside the old log_probs); during the forward the
 * casts stand beside three. The model's logits are fp32 under autocast
 * (accelerate's convert_outputs_to_fp32), else in the compute dtype.
 * Greedy search holds fewer than the three counted.
 */
static double generate_bytes(const struct ctx *c, const struct totals *tt, double b, double s_enc, double s_dec,
			     double beams, double new_tokens, double enc_working, double enc_e, double copies,
			     double *kv)
{
	double rows = b * beams, scores = rows * c->V * 4.0 * 3.0;
	double model_logits = rows * c->V * (vp_est_under_autocast(c) || vp_model_logits_fp32(c->m) ? 4.0 : c->e);
	double after_forward = beams > 1.0 ? model_logits : 0.0;

	if (c->decoder) {
		*kv = 2.0 * tt->n_dec * rows * new_tokens * c->kvd * c->e + /* self-attention */
		      2.0 * tt->n_dec * rows * s_enc * c->kvd * c->e +      /* cross-attention */
		      rows * s_enc * c->h * enc_e;                          /* expanded encoder output */
		return fmax(enc_working, *kv + scores + fmax(0.0, after_forward - copies));
	}
	{
		double layer = 2.0 * rows * (s_dec + new_tokens) * c->cache_kvd * c->e;
		double prefill = 2.0 * tt->n_dec * rows * s_dec * c->cache_kvd * c->e + tt->dec.eval_working * beams;
		*kv = tt->n_dec * layer;
		return fmax(prefill, *kv + scores + fmax(layer, after_forward - copies));
	}
}

/*
 * What evaluation_loop keeps of one eval step for the metric, in bytes: the
 * predictions and the labels (Trainer.evaluation_loop: all_preds.add,
 * all_labels.add). The logits come back in fp32 under mixed precision
 * (accelerate wraps the forward in convert_outputs_to_fp32, Accelerator.
 * prepare_model) and where the model casts them (GPT-J); otherwise (16-bit
 * weights without autocast, DeepSpeed's 16-bit engine, which accelerate
 * gives no autocast) in the dtype the model computes them in: nothing in
 * prediction_step, gather or nested_concat changes it. The host's copy
 * (`host`) is numpy's: nested_numpify turns bf16 into fp32, fp16 stays.
 * preprocess_logits_for_metrics with an argmax leaves int64 token ids;
 * generation, the generated ids. Labels are int64 token ids, one per logit
 * row (one per sample for a classifier). Beside them all_losses keeps the
 * step's loss repeated for every sample (losses.repeat(batch_size), fp32).
 * Without compute_metrics the evaluation is prediction_loss_only: only
 * that loss vector, counted as nothing.
 *
 * Trainer.prediction_step keeps every output but the loss and the config's
 * keys_to_ignore_at_inference (past_key_values): an encoder-decoder's
 * Seq2SeqLMOutput, and its classifier's Seq2SeqSequenceClassifierOutput
 * (BartForSequenceClassification, T5ForSequenceClassification), carry
 * encoder_last_hidden_state (b x s x h) beside the logits, which for a
 * classifier outweighs them many times over; a mixture of experts that
 * returns its router logits
 * (output_router_logits) one T x experts tensor per layer; both come back
 * in the logits' dtype and are concatenated with them. An argmax in
 * preprocess_logits_for_metrics takes the logits alone (predictions[0]).
 * Measured: MS-MT5B-eval24-noacc held +11.6, +17.4, +23.2 GiB at steps 2,
 * 3, 4, = 4, 6, 8 x 2.895 GiB: the logits' 2.86 and the encoder's 0.035.
 */
static double kept_per_step(const struct ctx *c, const struct vp_train *t, const struct totals *tt,
			    const struct vp_eval_opts *opts, double b, double s_enc, double new_tokens, bool host)
{
	enum vp_eval_preds what = opts != NULL ? opts->predictions : VP_PREDS_LOGITS;
	bool generating = opts != NULL && opts->generate;
	double losses = b * 4.0, outputs = 0.0;
	/* the dtype of the floating outputs, as the GPU keeps them or as
	 * the host does (nested_numpify: bf16 becomes fp32, fp16 stays) */
	double fb = vp_est_under_autocast(c) ? 4.0 : c->e;
	double lb = t->head == VP_HEAD_CAUSAL_LM && vp_model_logits_fp32(c->m) ? 4.0 : fb;
	/* the encoder's output beside an encoder-decoder's logits (an
	 * argmax takes the logits alone) */
	double encoder;

	if (host && (t->precision == VP_PREC_BF16 || t->precision == VP_PREC_AMP_BF16)) {
		fb = 4.0;
		lb = 4.0;
	}
	encoder = what == VP_PREDS_LOGITS && c->decoder ? b * s_enc * c->h * fb : 0.0;
	if (what == VP_PREDS_NONE || t->head == VP_HEAD_ENCODER)
		return 0.0;
	if (t->head == VP_HEAD_SEQ_CLS)
		return b * (what == VP_PREDS_ARGMAX ? 8.0 : (double)t->num_labels * fb) + encoder + b * 8.0 + losses;
	if (t->head == VP_HEAD_TOKEN_CLS) /* a row of labels per token */
		return tt->lm_tokens * (what == VP_PREDS_ARGMAX ? 8.0 : (double)t->num_labels * fb) +
		       tt->lm_tokens * 8.0 + losses;
	/* generate() returns every row whole: a decoder-only model's prompt
	 * and the new tokens (LLaMA-Factory pads the prompt's part, keeping
	 * the length), an encoder-decoder's start token and the new ones */
	if (generating)
		return b * (c->decoder ? 1.0 + new_tokens : (double)t->seq_len + new_tokens) * 8.0 +
		       (opts->generate_only ? (opts->labels_returned ? tt->lm_tokens * 8.0 : 0.0)
					    : tt->lm_tokens * 8.0 + losses);
	if (what == VP_PREDS_LOGITS) {
		outputs += encoder;
		if (vp_est_router_aux_loss(c))
			outputs += vp_est_router_layers(c, tt) * tt->lm_tokens * (double)c->m->num_experts *
				   (vp_model_router_fp32(c->m) ? 4.0 : fb);
	}
	return tt->lm_tokens * (what == VP_PREDS_ARGMAX ? 8.0 : c->V * lb) + outputs + tt->lm_tokens * 8.0 + losses;
}

/*
 * How many of the kept predictions' concatenations count at the reserved
 * level. Measured with up to 4 kept steps (MS-MT5B-eval24-noacc, -acc3):
 * every concatenation's segment stayed reserved beside the live ones. More
 * than that was not measured, and the caching allocator frees its unused
 * cached segments before it reports an out-of-memory error
 * (CUDACachingAllocator.cpp malloc: release_cached_blocks, then a retry),
 * so the segments of a long evaluation's many small concatenations do not
 * all have to fit: the last four are counted, the measured range.
 */
#define VP_EVAL_PILED_CONCATS 4.0

/*
 * How many eval steps' predictions stay on the GPU together before they
 * move to the host: eval_accumulation_steps, or, unset, the whole
 * evaluation (every step, when the evaluation set's size is known; else
 * not counted, and `vramplan check` warns instead). A fraction when the
 * set ends within the last step. One step is moved as soon as it is kept:
 * nothing is concatenated on the GPU. With `ranks` data-parallel processes
 * each runs its share of the set (accelerate shards the eval DataLoader
 * as the training's): samples / (b x ranks) steps.
 */
static double kept_steps(const struct vp_eval_opts *opts, double b, double ranks)
{
	double set;

	if (opts == NULL || opts->accumulation_steps == 1)
		return 0.0;
	set = opts->eval_samples > 0 ? (double)opts->eval_samples / (ranks > 1.0 ? b * ranks : b) : 0.0;
	if (opts->accumulation_steps == 0)
		return set;
	return opts->eval_samples > 0 ? fmin((double)opts->accumulation_steps, set) : (double)opts->accumulation_steps;
}

/*
 * What stays on the GPU from training while the evaluation runs, and the
 * context with it: the weights and the optimizer states, and the gradient
 * buffers where zero_grad does not free them (HF Trainer evaluates between
 * optimizer steps, after zero_grad: on PyTorch >= 2.0 they are freed then,
 * whatever the accumulation; on an older PyTorch and under ZeRO or FSDP
 * their buffers stay; docs: "Phases of a step"). None depends on the
 * batch, so no training step is estimated for them. Each is rounded to
 * whole bytes as the training estimate reports it, and paged optimizer
 * states count in the context (unified memory), as there.
 */
static int resident_between_steps(const struct ctx *c, const struct totals *tt, double *resident,
				  uint64_t *context_bytes)
{
	const struct vp_train *t = c->t;
	uint64_t weights, optimizer = 0, grads = 0, paged = 0;
	bool trains = t->method != VP_METHOD_FROZEN;

	if (to_u64(tt->weights, &weights) || (trains && to_u64(tt->optimizer, &optimizer)) ||
	    (trains && to_u64(tt->grads + tt->ddp_buckets, &grads)) ||
	    (trains && to_u64(tt->paged_states, &paged)))
		return -1;
	*resident = (double)weights + (double)optimizer;
	if (!zero_grad_frees(t) && !zero_step_frees(t))
		*resident += (double)grads;
	*context_bytes = vp_context_bytes(c->g, t) + paged;
	return 0;
}

static int eval_at(const struct vp_estimator *e, uint64_t batch, const struct vp_eval_opts *opts,
		   struct vp_eval_estimate *out, struct vp_error *err)
{
	const struct vp_model *m = e->m;
	const struct vp_gpu *g = e->g;
	struct vp_train run = e->run;
	const struct vp_train *t = &run;
	struct ctx c;
	struct totals tt;
	struct forward_only f;
	double b, s_enc, s_dec, working, kv = 0.0, logits, copies, resident;
	double loss = 0.0, loss_pile = 0.0, gen = 0.0, preds, host_preds, kept, preds_peak = 0.0, preds_segments = 0.0, moment[3];
	double piled, held, ranks, gathered, cache_split = 0.0;
	double beams = 1.0, new_tokens = 0.0;
	/* Seq2SeqTrainer.prediction_step generates only for a metric: with
	 * prediction_loss_only it runs the loss forward alone */
	bool generating = opts != NULL && opts->generate && opts->predictions != VP_PREDS_NONE;
	uint64_t check, rows, context_bytes;
	int i;

	run.batch = batch;
	memset(out, 0, sizeof *out);
	if (generating) {
		if (!vp_head_generates(t->head))
			return vp_error_set(err, VP_ERR_INPUT, "generation needs a causal-lm or seq2seq-lm head, not %s",
					    vp_head_name(t->head));
		if (opts->num_beams == 0 || opts->max_new_tokens == 0)
			return vp_error_set(err, VP_ERR_INPUT, "generation needs at least 1 beam and 1 new token");
		if (vp_mul_u64(t->batch, opts->num_beams, &check) ||
		    vp_mul_u64(check, t->seq_len + opts->max_new_tokens, &check) ||
		    vp_mul_u64(check, m->vocab_size, &check)) {
			/* check points at the largest of the three, as a training
			 * step's overflow points at its batch or length */
			uint64_t len = t->seq_len + opts->max_new_tokens;

			vp_error_set(err, VP_ERR_INPUT, "eval batch x beams x length is too large to estimate");
			return vp_error_about(err, t->batch >= opts->num_beams && t->batch >= len ? "batch"
						   : opts->num_beams >= len				 ? "num_beams"
						   : opts->max_new_tokens >= t->seq_len		 ? "max_new_tokens"
													 : "seq_len");
		}
		beams = (double)opts->num_beams;
		new_tokens = (double)opts->max_new_tokens;
		/* a decoder-only model generates after its prompt, an
		 * encoder-decoder's decoder from its start token; past the
		 * position table generation fails as training would */
		if (vp_add_u64(m->arch == VP_ARCH_ENCDEC ? 0 : t->seq_len, opts->max_new_tokens, &check) == 0 &&
		    vp_model_max_tokens(m) > 0 && check > vp_model_max_tokens(m)) {
			vp_error_set(err, VP_ERR_INPUT,
				     "generating %llu tokens reaches position %llu, past the %llu positions of "
				     "model '%s' (max_position_embeddings)",
				     (unsigned long long)opts->max_new_tokens, (unsigned long long)check,
				     (unsigned long long)vp_model_max_tokens(m), m->name);
			/* the generated length's key, not the batch's (the
			 * prompt's where it alone fills the table) */
			return vp_error_about(err, m->arch != VP_ARCH_ENCDEC && t->seq_len >= vp_model_max_tokens(m)
							   ? "seq_len"
							   : "max_new_tokens");
		}
	}
	/* The inputs a training step at this batch would refuse, refused
	 * alike; the resident parameters, gradients and optimizer states are
	 * the batch-independent totals a training estimate reports (its
	 * weights, optimizer states and gradient buffers, below). */
	if (check_inputs(m, t, &rows, err) != 0)
		return -1;
	if (params_of(e, false, &tt, err) != 0)
		return -1;

	ctx_init(&c, m, g, t);
	if (resident_between_steps(&c, &tt, &resident, &context_bytes) != 0)
		return vp_error_set(err, VP_ERR_INPUT, "the estimate for model '%s' exceeds 2^60 bytes", m->name);
	/* forward only, the texts of an example go through one at a time
	 * (no_grad keeps nothing of one for the next), unless the head runs
	 * them as one batch (multiple choice) */
	b = (double)t->batch * (t->texts_in_one_forward ? (double)texts_per_example(t) : 1.0);
	s_enc = (double)t->seq_len;
	s_dec = vp_head_uses_target(m, t->head) ? (double)t->tgt_len : (double)t->seq_len;
	vp_est_activations(&c, b, s_enc, s_dec, &tt);

	forward_only(&c, &tt, &f);
	working = f.working;
	copies = f.copies;
	logits = generating ? tt.logits_eval_gen : tt.logits_eval;
	if (!(generating && opts->generate_only)) {
		loss = forward_peak(&c, &tt, &f, logits, NULL);
		loss_pile = fmax(forward_segments(&c, &tt, &f, logits), loss);
	}
	if (generating) {
		double enc_working = tt.enc.eval_working, enc_e = c.e;

		if (c.decoder && c.amp) {
			/* the encoder outside autocast: its forward in fp32 */
			struct vp_train t32 = *t;
			struct ctx c32;
			struct totals tt32;

			t32.precision = VP_PREC_FP32;
			memset(&tt32, 0, sizeof tt32);
			ctx_init(&c32, m, g, &t32);
			if (vp_est_parameters(&c32, &tt32, err) != 0)
				return -1;
			vp_est_activations(&c32, b, s_enc, s_dec, &tt32);
			enc_working = tt32.enc.eval_working;
			enc_e = 4.0;
		}
		gen = generate_bytes(&c, &tt, b, s_enc, s_dec, beams, new_tokens, enc_working, enc_e, copies, &kv);
		/* a decoder-only model's prefill builds its cache in the same
		 * forward (LlamaModel.forward, DynamicLayer.update), over
		 * b x beams rows of the prompt */
		cache_split = cache_segments(&c, &tt, b * beams * s_dec * c.cache_kvd * c.e, tt.dec.recompute_largest * beams);
	}
	/* the cache's idle segments while it lives: the loss forward's or the
	 * prefill's, whose cache is freed before the other runs */
	if (loss > 0.0)
		cache_split = fmax(cache_split, f.cache_split);

	/* HF Trainer returns the predictions to evaluation_loop when a metric
	 * is computed: the logits (fp32 under mixed precision, where
	 * accelerate wraps the model's forward in convert_outputs_to_fp32,
	 * Accelerator.prepare_model; else as the model computes them), the
	 * generated ids with predict_with_generate. They
	 * stay on the GPU, concatenated step by step (EvalLoopContainer.add,
	 * nested_concat: torch.cat of the kept ones and the new step into a
	 * new tensor), until eval_accumulation_steps moves them to the host.
	 * At the N-th step N - 1 kept, the new and the N-step result are live:
	 * 2N steps' worth. Measured (MS-MT5B-eval24-noacc, 2.90 GiB a step):
	 * +11.6, +17.4, +23.2 GiB over the resident at steps 2, 3 and 4. */
	preds = kept_per_step(&c, t, &tt, opts, b, s_enc, new_tokens, false);
	host_preds = kept_per_step(&c, t, &tt, opts, b, s_enc, new_tokens, true);
	/*
	 * With G data-parallel processes (DDP, ZeRO and FSDP alike) every
	 * rank keeps every rank's predictions: evaluation_loop passes each
	 * step's losses, logits and labels through self.gather_function,
	 * accelerate's gather_for_metrics, an all-gather whose result's first
	 * dimension is G times the input's (accelerate utils/operations.py
	 * _gpu_gather: torch.empty(num_processes x numel), then
	 * all_gather_into_tensor), and adds that to all_preds. A step kept on
	 * each GPU is G x its own; the set is spread over the ranks, so the
	 * whole set's predictions are as many bytes as on one GPU, in 1/G the
	 * steps. pad_across_processes copies nothing when every rank's length
	 * is the same (it returns the tensor when max_size == its size).
	 */
	ranks = t->gpus > 1 ? (double)t->gpus : 1.0;
	gathered = ranks > 1.0 ? ranks * preds : preds;
	kept = kept_steps(opts, b, ranks); /* 0 without opts */
	if (kept > 1.0 && opts != NULL && opts->keep_batches) {
		/* a list of the steps' tensors: each its own segment, none
		 * freed (EvalLoopContainer.add with do_nested_concat false) */
		preds_peak = kept * gathered;
		preds_segments = preds_peak;
	} else if (kept > 1.0) {
		preds_peak = 2.0 * kept * gathered;
		/* the last VP_EVAL_PILED_CONCATS concatenations' segments
		 * (all of them up to that many steps: 1 + 2 + ... + n) */
		double piles = fmin(kept, VP_EVAL_PILED_CONCATS);

		preds_segments = (piles * kept - piles * (piles - 1.0) / 2.0) * gathered;
	}
	/*
	 * The gather itself: the rank's own step (prediction_step's output,
	 * still named by the caller) and the new G-step buffer are live at
	 * once, beside the steps kept before it, until evaluation_loop
	 * rebinds `logits` to the result. On one GPU gather returns its input
	 * (DistributedType.NO) and nothing is added. With the steps
	 * concatenated this is below their concatenation (G x P <= N x G x
	 * P); with a list of them, or one step moved at once (or the first
	 * step of a set whose size is unknown), it is the predictions' peak.
	 * A set that ends within the first step gathers that fraction.
	 */
	if (ranks > 1.0 && preds > 0.0) {
		double frac = kept > 0.0 && kept < 1.0 ? kept : 1.0;
		double gather = (kept > 1.0 ? (kept - 1.0) * gathered : 0.0) + frac * (preds + gathered);

		preds_peak = fmax(preds_peak, gather);
		/* the rank's own step and, where no concatenation counted it,
		 * the gathered step, each its own segment */
		preds_segments += frac * (kept > 1.0 ? preds : preds + gathered);
	}

	moment[VP_EVAL_LOSS] = loss > 0.0 ? copies + loss : 0.0;
	moment[VP_EVAL_GENERATE] = generating ? copies + gen : 0.0;
	moment[VP_EVAL_PREDICTIONS] = preds_peak;
	/* The N-th step's forward (and generation) runs beside the N - 1
	 * steps kept before it: evaluation_loop adds a step's predictions
	 * only after prediction_step returns (all_preds.add), and moves them
	 * at (step + 1) % eval_accumulation_steps == 0. A moment of the kept
	 * predictions too: where it outweighs their concatenation, the
	 * predictions at the peak are those N - 1 steps. */
	held = kept > 1.0 ? (kept - 1.0) * gathered : 0.0;
	if (held > 0.0 && fmax(moment[VP_EVAL_LOSS], moment[VP_EVAL_GENERATE]) + held > preds_peak) {
		preds_peak = held;
		moment[VP_EVAL_PREDICTIONS] = fmax(moment[VP_EVAL_LOSS], moment[VP_EVAL_GENERATE]) + held;
	}
	out->peak_moment = VP_EVAL_LOSS;
	for (i = 1; i < (int)(sizeof moment / sizeof moment[0]); i++)
		if (moment[i] > moment[out->peak_moment])
			out->peak_moment = (enum vp_eval_moment)i;

	/*
	 * The reserved level: the caching allocator keeps what each moment
	 * reserved, and blocks of one moment's sizes seldom serve another's
	 * (a roomy GPU never gives them back; docs: "Evaluation and
	 * generation"). So the segments of the loss forward and of generation
	 * add up when both run (Seq2SeqTrainer generates, then computes the
	 * loss), and every concatenation of the kept predictions takes a new
	 * segment (1 + 2 + ... + N steps' worth, counted for the last
	 * VP_EVAL_PILED_CONCATS of them). Measured (bench/measured,
	 * evaluation, reserved growth over the resident): MS-KOBART-gen32-
	 * beam4 2.85 GiB for 1.81 generating and 1.2 in the loss,
	 * MS-MT5B-eval24-acc3 8 steps' predictions for a peak of 6. Under PyTorch
	 * 2 without expandable segments the freed T x f blocks of the MLP are
	 * split by smaller requests and two more are reserved (MS-BERTL-cls-
	 * eval128: four 512 MiB segments for two live). Under a cap of the
	 * allocated peak's share alone every evaluation measured ran out of
	 * memory (the *-cap runs).
	 */
	piled = fmax((loss > 0.0 ? copies + loss_pile + gen : moment[VP_EVAL_GENERATE]),
		     preds_peak > 0.0 ? copies + loss_pile + preds_segments : 0.0);
	if (to_u64(resident, &out->resident_bytes) || to_u64(copies, &out->weight_copies_bytes) ||
	    to_u64(working, &out->working_bytes) || to_u64(kv, &out->kv_cache_bytes) ||
	    to_u64(tt.eval_cache, &out->forward_kv_cache_bytes) ||
	    to_u64(logits, &out->logits_bytes) || to_u64(loss, &out->loss_bytes) ||
	    to_u64(gen, &out->generate_bytes) || to_u64(preds_peak, &out->predictions_peak_bytes) ||
	    to_u64(resident + moment[out->peak_moment], &out->allocated_bytes) ||
	    to_u64(resident + fmax(piled, moment[out->peak_moment]) * (1.0 + f.share) + fmax(f.split, cache_split),
		   &out->reserved_bytes) ||
	    to_u64(gathered, &out->predictions_bytes_per_step) || to_u64(host_preds / b, &out->predictions_bytes_per_sample) ||
	    /* the host's bytes exceed the GPU's only where bf16 became fp32
	     * (kept_per_step): by the bf16 bytes, the copy converted */
	    to_u64(fmax(host_preds - preds, 0.0) / b, &out->predictions_cast_bytes_per_sample))
		return vp_error_set(err, VP_ERR_INPUT, "the eval estimate exceeds 2^60 bytes");
	out->device_bytes = out->reserved_bytes + context_bytes;
	return 0;
}

int vp_estimate_eval(const struct vp_model *m, const struct vp_gpu *g, const struct vp_train *t,
		     const struct vp_eval_opts *opts, struct vp_eval_estimate *out, struct vp_error *err)
{
	struct vp_estimator e;

	estimator_init(&e, m, g, t);
	return eval_at(&e, t->batch, opts, out, err);
}

int vp_estimator_eval(const struct vp_estimator *e, uint64_t batch, const struct vp_eval_opts *opts,
		      struct vp_eval_estimate *out, struct vp_error *err)
{
	return eval_at(e, batch, opts, out, err);
}
