/*
 * The caching allocator's rounding and fragmentation, and the CUDA context
 * (docs/memory-model.md, "Allocator" and "Device level").
 */
#include "estimate_internal.h"

#include <math.h>

#define VP_MIB (1024.0 * 1024.0)

/*
 * Rounding of one tensor by the caching allocator
 * (c10/cuda/CUDACachingAllocator.cpp: kMinBlockSize 512, kSmallSize 1 MiB,
 * kSmallBuffer 2 MiB, kMinLargeAlloc 10 MiB, kLargeBuffer 20 MiB,
 * kRoundLarge 2 MiB): requests up to 1 MiB are rounded to 512 bytes and
 * packed in 2 MiB segments; 1-10 MiB requests are carved from 20 MiB
 * segments, which waste what is left when no further block of that size
 * fits; larger requests are rounded up to a multiple of 2 MiB.
 */
double vp_est_alloc_waste(double bytes)
{
	double r, per;

	if (bytes <= 0.0)
		return 0.0;
	r = ceil(bytes / 512.0) * 512.0;
	if (r <= VP_MIB)
		return r - bytes;
	if (r < 10.0 * VP_MIB) {
		per = floor(20.0 * VP_MIB / r);
		return (20.0 * VP_MIB - per * r) / per + (r - bytes);
	}
	return ceil(r / (2.0 * VP_MIB)) * 2.0 * VP_MIB - bytes;
}

/*
 * Whether CUDA loads kernels lazily, on first use: CUDA >= 11.7 with
 * CUDA_MODULE_LOADING=LAZY, which PyTorch sets when the user has not since
 * 1.13 (pytorch/pytorch#86509: 287 MB against 667 MB for the same tensor),
 * and which is CUDA's own default from 12.2 (pytorch/pytorch#152695). A
 * PyTorch 1.x run (--torch-version 1.x, or an eager case that states no
 * version, as the HF-BERT measurements on 1.10) is read as loading every
 * kernel at init, the safe side for 1.13.
 */
static bool lazy_loading(const struct vp_train *t)
{
	return t == NULL || t->pytorch != VP_PYTORCH_1;
}

uint64_t vp_context_bytes(const struct vp_gpu *g, const struct vp_train *t)
{
	/*
	 * CUDA context plus cuBLAS/cuDNN kernels and workspaces (docs:
	 * "Device level"). Without lazy loading: 1343 MiB measured for the
	 * context alone on a V100 in the HF single-GPU training guide (torch
	 * 1.10, CUDA 11: all kernels loaded at init), plus 160 MiB for the
	 * cuBLAS handle and workspace that the first GEMM creates (HF-BERT-03
	 * minus weights, states and context). With lazy loading, on every
	 * generation (it is a property of the CUDA stack, not of the chip):
	 * about 400 MiB for the context (PyTorch maintainers: pytorch/pytorch
	 * #109888 "around 400MB"; #107667 "~300MB", the larger taken), the
	 * same 160 MiB for cuBLAS, and about 120 MiB for the kernels a
	 * training step loads on first use (an assumption).
	 */
	if (g == NULL)
		return 0;
	if (!lazy_loading(t))
		return vp_context_bytes_idle(g, t) + (uint64_t)160 * 1024 * 1024;
	/* Hopper, measured: nvidia-smi memory.used less the allocator's
	 * reserved bytes at the end of each of the 16 training runs of
	 * bench/measured (H100 80GB HBM3, driver 580, CUDA 13, torch 2.11):
	 * 751 to 769 MiB; the largest is taken. */
	if (g->compute_capability >= 90 && g->compute_capability < 100)
		return (uint64_t)770 * 1024 * 1024;
	return vp_context_bytes_idle(g, t) + (uint64_t)(160 + 120) * 1024 * 1024;
}

uint64_t vp_context_bytes_idle(const struct vp_gpu *g, const struct vp_train *t)
{
	/* the context alone, before any kernel runs: see vp_context_bytes */
	if (g == NULL)
		return 0;
	return (uint64_t)(lazy_loading(t) ? 400 : 1343) * 1024 * 1024;
}

/*
 * The segments a forward's KV cache leaves idle in the caching allocator
 * (docs/memory-model.md, "Evaluation and generation", reserved level).
 * Each layer stores its k and v (`block` bytes each) in new tensors
 * (transformers cache_utils.py DynamicLayer.update: torch.cat), requested
 * while that layer runs, so the allocator carves them from the blocks the
 * working set has freed: get_free_block takes the smallest free block at
 * least their size and splits it (CUDACachingAllocator.cpp). The cache
 * outlives the forward, so what it takes is lost to the next layer, whose
 * largest request (`largest`, the MLP's T x f) then finds no whole free
 * block and reserves a new segment; the cache's next blocks are carved from
 * that one. A segment of the largest size holds floor(W / k) cache blocks
 * and keeps the rest, W mod k, which no later cache block fits in: it is
 * idle beside the cache until the cache is freed. Traced
 * (bench/measured/traces/2026-11-30-third.txt,
 * MS-L2-7B-frozen-bf16-usecache-traced, Llama 2 7B at 8 x 2,048 tokens):
 * every layer's two 128 MiB cache blocks were carved from the freed working
 * segments and, from the third layer on, every layer reserved a new 344 MiB
 * segment for the MLP's product (LlamaMLP.forward, trace frame
 * modeling_llama.py:175 of transformers 5.17), 30 in all, 10.08
 * GiB for an 8 GiB cache; each keeps 344 - 2 x 128 = 88 MiB idle.
 * Grouped heads make the blocks a divisor of the MLP's tensor (Llama 3,
 * Mistral, Qwen2: f / kv a whole number) and leave nothing idle; a cache
 * block larger than the largest working tensor takes a segment of its own.
 */
double vp_est_cache_fragmentation(double block, double largest, double layers)
{
	double k, w, per;

	if (block <= 0.0 || largest <= 0.0 || layers <= 0.0)
		return 0.0;
	/* a block is its request rounded to 512 bytes, a segment the
	 * request rounded as the allocator reserves it */
	k = ceil(block / 512.0) * 512.0;
	w = largest + vp_est_alloc_waste(largest);
	if (k > w)
		return 0.0;
	per = floor(w / k);
	return 2.0 * layers / per * (w - per * k);
}

/*
 * What a checkpointed backward leaves reserved beyond its live bytes under
 * PyTorch 2's caching allocator: each block's recomputation creates the same
 * large MLP tensors again, while the blocks' smaller tensors (the layer
 * inputs' gradients, the recomputed attention) split the segments the
 * previous block freed, so requests of the largest size keep finding no
 * whole free block and reserve new segments. The allocator's trace of
 * MS-MISTRAL7B-lora-gc (bench/measured) shows seven such segments, and
 * reserved minus allocated followed that count from batch 1 to 8 and on
 * Llama-2-13B: VP_RECOMPUTE_SEGMENTS. The segments stay reserved into the
 * next step's forward, whose loss may reuse them: the forward's overhead is
 * the larger of the two terms, not their sum.
 */
double vp_est_recompute_fragmentation(const struct totals *tt, const struct vp_train *t)
{
	double dropped;

	if (!t->grad_ckpt || t->activation_offload)
		return 0.0;
	/* Never more than checkpointing drops: without it every block but the
	 * one in backward holds its saved tensors instead (a bound for short
	 * inputs, where a block's tensors are a few MiB). */
	dropped = tt->saved_all - tt->inputs_all -
		  fmax(tt->n_enc > 0.0 ? tt->enc.saved - tt->enc.input : 0.0,
		       tt->n_dec > 0.0 ? tt->dec.saved - tt->dec.input : 0.0);
	return fmin(VP_RECOMPUTE_SEGMENTS * fmax(tt->enc.recompute_largest, tt->dec.recompute_largest),
		    fmax(0.0, dropped));
}

/*
 * Whether the first step's states pin every segment of the first loss, so
 * that the second loss reserves a whole set anew (vp_est_second_loss_set).
 * With checkpointing (few activation blocks) and the gradients freed between
 * steps, the first backward's gradients, created once the loss is freed,
 * take the loss's segments, the largest free blocks then. The states that
 * AdamW creates next fill what the gradients left of them, the trained
 * vocabulary matrix's first (its states are larger than any other block of
 * the step, so nothing else can hold them), and zero_grad then frees the
 * gradients around the states. Traced (bench/measured,
 * traces/2026-11-27-next.txt, Qwen2.5 3B full, bf16, foreach AdamW): the
 * embedding's two 594 MiB states and the other states' tails sat in all
 * three fp32 segments of the first loss; the second step reserved three new
 * ones (+6.96 GiB between steps 1 and 2 of MS-QW25-3B-full-fixpad, 3 x 2,374
 * MiB) and nothing after.
 *
 * It needs room left once the gradients are in (any state placed there pins
 * its segment). The room grows with the batch, and where it opens the spill
 * that vp_est_loss_fragmentation counts without this rule is zero, so the
 * estimate does not fall as the batch grows. Full fine-tunes only: LoRA's
 * gradients are too small to fill the loss's segments, and its training
 * copies' states have their own rule in vp_est_loss_fragmentation.
 * Checkpointing only: without it the gradients also take the blocks the
 * activations free, and how many reach the loss's segments is a bin packing
 * (Gemma-2B's states fill its segments exactly, Llama 3.2 3B's leave 3 GiB;
 * docs: "Known gaps"). Expandable segments grow one range instead.
 */
static bool checkpointed_full_with_loss(const struct totals *tt, const struct vp_train *t)
{
	return t->method == VP_METHOD_FULL && t->grad_ckpt && tt->loss_block > 0.0 && !t->expandable_segments &&
	       t->zero_stage == 0 && !t->fsdp && tt->vocab_states_bytes > 0.0 && tt->vocab_block_bytes > 0.0;
}

static bool states_pin_loss_set(const struct totals *tt, const struct vp_train *t, bool grads_freed)
{
	return checkpointed_full_with_loss(tt, t) && grads_freed && tt->loss_set > tt->grads;
}

/*
 * The second step's loss in segments of its own: everything the first
 * step's optimizer phase reserved stays (the states, their tails in the
 * first loss's segments, the foreach step's temporaries in segments of
 * their own), and the second loss reserves its whole set again. Counted on
 * top of the optimizer phase's level. Measured: MS-QW25-3B-full-fixpad
 * 36.71 GiB reserved, 28.74 + 8.12 estimated this way; MS-QW25-3B-full-
 * bf16-gc (2,048 tokens) 45.65, 28.74 + 16.24.
 */
double vp_est_second_loss_set(const struct totals *tt, const struct vp_train *t, bool grads_freed)
{
	return states_pin_loss_set(tt, t, grads_freed) ? tt->loss_set : 0.0;
}

/*
 * What an unchunked loss leaves reserved beyond its live bytes, under
 * PyTorch 2's caching allocator (c10/cuda/CUDACachingAllocator.cpp), which
 * never moves a block and serves a request from the best-fitting free block,
 * splitting it (docs: "Allocator"):
 * - one segment the size of the largest loss tensor more than are live at
 *   once: the fp32 upcast, log_softmax's output and its two gradients come
 *   and go in an order that leaves one such segment split or idle (traced:
 *   4 segments of T*V*4 for 3 live in MS-QW18-lora, 3 for 3 plus one
 *   reserved earlier in MS-L32-3B-lora; measured excess 0.8 to 1.9 x T*V*4);
 * - the optimizer states that AdamW creates at the first step, after the
 *   first loss: they are carved out of the loss's free segments, so the
 *   second step's loss reserves its segments anew, up to the states' size.
 *   Where they pin the whole set (a checkpointed full fine-tune), the set is
 *   counted by vp_est_second_loss_set instead.
 */
double vp_est_loss_fragmentation(const struct totals *tt, const struct vp_train *t, double activations,
				 bool grads_freed)
{
	double carved, room = tt->loss_set;

	if (tt->loss_block <= 0.0)
		return 0.0;
	/* DeepSpeed ZeRO creates its fp32 partitions and optimizer states when
	 * it initializes (stage_1_and_2.py initialize_optimizer_states), before
	 * any loss: nothing is carved later. */
	if (t->zero_stage > 0)
		return tt->loss_block;
	/* The states pin the whole first set: the second loss's segments are
	 * counted over the optimizer phase instead (vp_est_second_loss_set). */
	if (states_pin_loss_set(tt, t, grads_freed))
		return tt->loss_block;
	/* Accumulating, the same full fine-tune keeps its gradients in the
	 * first loss's segments until the optimizer step, so the second
	 * micro-batch's loss reserves a second set at once, and the states
	 * fill whichever set is free at the step: both sets are in use at the
	 * peak, and nothing the states carved is idle. Traced:
	 * MS-QW25-3B-full-gc-ga4 (bench/measured, traces/2026-11-23-oos2-
	 * traced.txt): three new 2,374 MiB segments at the second micro-batch,
	 * one more later, 1.93 GiB over allocated (+29.3% with the spill,
	 * +4.5% without). */
	if (checkpointed_full_with_loss(tt, t) && t->grad_accum > 1 && !t->optimizer_in_backward)
		return tt->loss_block;
	/* The first backward leaves the blocks of the step's activations free
	 * as well; the states fill those first and spill into the loss's
	 * segments only beyond them. Checked on the traced runs: MS-QW25-3B
	 * (checkpointing: few activation blocks, 13.1 GiB over allocated),
	 * MS-L32-3B-full (states beyond the activations: 3.0), MS-MT5B,
	 * MS-BGEM3, MS-KoBART (activations as large as the states: 0.45, 3.4,
	 * 0.17, less than one loss block more). */
	carved = fmax(0.0, tt->optimizer - activations);
	/* With checkpointing and the gradients freed between steps, the
	 * gradients that backward creates after the loss is freed take its
	 * segments first, and are freed again before the next loss: only the
	 * rest of those segments is left for the states (MS-L32-3B-full-amp:
	 * fp32 gradients nearly as large as the loss's segments, 7.4 GiB over
	 * allocated). */
	if (t->grad_ckpt && grads_freed)
		room = fmax(0.0, tt->loss_set - tt->grads);
	/* LoRA training copies of the embedding or LM head (modules_to_save):
	 * their states are the only blocks of the step larger than the
	 * forward's, so where a loss block holds one they are carved from the
	 * loss's freed segments whatever the activations, and stay there; the
	 * next loss reserves anew. Traced: MS-L32-3B-lora-emb (bench/measured,
	 * traces/2026-11-23-lora-emb.txt): four 752 MiB states in the first
	 * loss's segments, three new 2,004 MiB segments in the second step.
	 * Counted as up to one loss block: how they pack (two to a segment
	 * there) depends on the block's size against the loss's, and a count
	 * of segments would fall as a longer sequence lets more share one. A
	 * full fine-tune's gradients and states take the same segments in
	 * other orders (see "Known gaps"), so this stays with LoRA. FSDP
	 * keeps states in flat shards of its own. */
	if (t->method != VP_METHOD_FULL && !t->fsdp && tt->vocab_states_bytes > 0.0 &&
	    tt->vocab_block_bytes > 0.0 && tt->vocab_block_bytes <= tt->loss_block)
		carved = fmax(carved, fmin(tt->loss_block, tt->vocab_states_bytes));
	return tt->loss_block + fmin(carved, room);
}

/*
 * The vocabulary matrix's own segments, under a head that computes no
 * logits over the vocabulary (a classifier, a token classifier, an
 * encoder's output; an LM head's loss has the terms above): the trained
 * embedding's gradient, its AdamW states and the step's temporary of it
 * are larger than the blocks the forward frees (XLM-R large: 977 MiB
 * against 64 MiB), so each reserves a segment of its size. The gradient's
 * and the temporary's are free again through the next forward: idle, or
 * split by the next step's activations and other gradients, so that the
 * next gradient and temporary reserve new ones. Either way about that much
 * is idle at the peak. Traced (bench/measured): MS-BGEM3-cls-fp16
 * (traces/2026-11-23-oos2-traced.txt) reserved four 978 MiB segments in its
 * first step and two more, for the gradient and the temporary, in its
 * second; MS-XLMRB-cls-amp (traces/2026-11-27-next.txt) four 734 MiB ones
 * in its first and one in its second, and ended with three free.
 *
 * The term was first bounded by the second forward's activations that the
 * first step's blocks could not hold (what would be displaced into these
 * segments). Measured out of sample, that bound put XLM-R base's classifier
 * under AMP at -13.7% reserved: its activations are a few tens of MiB a
 * block, and the segments stayed idle whatever the count. The whole
 * gradient and temporary are counted instead, an upper bound where the
 * forward's own blocks are large enough to reuse them (DeBERTa-v3's eager
 * scores, 192 MiB blocks: +7.7% reserved).
 */
double vp_est_vocab_fragmentation(const struct totals *tt, const struct vp_train *t, bool grads_freed)
{
	double idle = tt->vocab_temp_bytes + (grads_freed ? tt->vocab_grad_bytes : 0.0);

	/* A loss block at least as large holds it. It is counted whatever
	 * the size of the forward's blocks: a matrix no larger than the
	 * largest of them would be carved from them, but a threshold on the
	 * activations, which grow with the batch, would let a larger batch
	 * lower the estimate, which the planner's search cannot have
	 * (tests/unit/test_properties.c; DeBERTa-v3's 375 MiB embedding meets
	 * its eager scores at batch 32 x 512). DeepSpeed ZeRO and FSDP keep
	 * gradients and states in flat buffers of their own. */
	if (tt->vocab_block_bytes <= tt->loss_block || t->zero_stage > 0 || t->fsdp)
		return 0.0;
	return idle;
}
