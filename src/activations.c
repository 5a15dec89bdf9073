/*
 * What each block saves for backward, tensor by tensor, and the tensors
 * around the blocks (docs/memory-model.md, "Activations").
 */
#include "estimate_internal.h"

#include <math.h>
#include <string.h>

#include "vramplan/heads.h"

/* Count one saved tensor of `bytes` (count copies of it). */
static void keep(struct block_mem *bm, double *into, double bytes, double count)
{
	*into += bytes * count;
	bm->waste += vp_est_alloc_waste(bytes) * count;
}

/*
 * Does Liger patch this model? transformers' use_liger_kernel calls
 * liger-kernel's _apply_liger_kernel_to_instance, which looks the model_type
 * up in MODEL_TYPE_TO_APPLY_LIGER_FN and does nothing for a type it lacks;
 * of vramplan's families it has these. OLMo 2's apply_liger_kernel_to_olmo2
 * (liger_kernel/transformers/monkey_patch.py) has Llama's defaults: the
 * fused linear cross-entropy and the SwiGLU MLP. Granite's is in the table
 * too, but its default is Liger's plain cross-entropy (the fused one raises
 * NotImplementedError: logits_scaling), which keeps the logits: left out,
 * as the estimate of an unpatched loss is the nearer one.
 */
bool vp_liger_patches(const struct vp_model *m)
{
	static const char *const types[] = {"llama", "mistral", "mixtral", "gemma", "gemma2", "gemma3_text", "qwen2",
					    "qwen3", "qwen3_moe", "phi3", "olmo2", NULL};
	size_t i;

	if (m->read_as[0] != '\0')
		return false;
	for (i = 0; types[i] != NULL; i++)
		if (strcmp(m->model_type, types[i]) == 0)
			return true;
	return false;
}

/*
 * The width of the update that litgpt's LoRAQKVLinear, the implementation
 * that adapts some slices of a fused q/k/v projection (vp_est_lora_adapter_params),
 * keeps for backward: zero_pad scatters the update of the adapted slices into
 * the full q/k/v width with result.index_copy(1, lora_ind, x), and
 * index_copy's derivative for its source (grad.index_select(dim,
 * index).expand_as(source), tools/autograd/derivatives.yaml) makes autograd
 * save x. With q, k and v all adapted zero_pad returns x as it is; a target
 * that names the fused linear itself is PEFT's whole-module adapter.
 */
static double partial_qkv_update_width(const struct ctx *c, const struct vp_linear *l)
{
	const struct vp_train *t = c->t;
	bool q, k, v;
	size_t i;

	if (!c->lora || l == NULL || l->role != VP_LIN_QKV || t->lora_all_linear)
		return 0.0;
	for (i = 0; i < t->n_lora_targets; i++)
		if (vp_linear_matches(l, t->lora_targets[i]))
			return 0.0;
	q = vp_est_target_named(t, "q_proj");
	k = vp_est_target_named(t, "k_proj");
	v = vp_est_target_named(t, "v_proj");
	if (q && k && v)
		return 0.0;
	return (q ? c->qd : 0.0) + (k ? c->kvd : 0.0) + (v ? c->kvd : 0.0);
}

/* Is this linear adapted (wholly or in part)? */
static bool lora_on(const struct ctx *c, const struct vp_linear *l)
{
	return vp_est_lora_adapter_params(c, l) > 0.0;
}

/* The base is quantized by bitsandbytes (the schema's nf4, nf4-dq, int8). */
static bool bnb_quantized(const struct ctx *c)
{
	return c->t->quant == VP_QUANT_NF4 || c->t->quant == VP_QUANT_NF4_DQ || c->t->quant == VP_QUANT_INT8;
}

/*
 * bitsandbytes' quantized matmuls keep their input A for backward whenever
 * A or the weight requires grad (bitsandbytes/autograd/_functions.py:
 * MatMul8bitLt.forward `ctx.tensors = (CAt, subA, A)` in every version;
 * MatMul4Bit.forward `ctx.tensors = (A, B)` until 0.43.2, whose PR #1270
 * made it `(None, B)`), although a frozen quantized weight never needs it.
 * Under LoRA the hidden states require grad (the adapters below make them
 * so), so every quantized linear of a block keeps its input, trained or
 * not. torchao's NF4 linear (torchtune) saves only the weight; the cases
 * schema's nf4 is bitsandbytes'.
 */
static bool bnb_keeps_input(const struct ctx *c)
{
	if (!c->lora)
		return false;
	if (c->t->quant == VP_QUANT_INT8)
		return true;
	return bnb_quantized(c) && c->t->bnb == VP_BNB_BEFORE_0_43_2;
}

/* Does this linear's base layer keep its input as bitsandbytes does
 * (bnb_keeps_input)? Not one that bitsandbytes leaves alone
 * (vp_linear_kept_in_fp32, T5's wo): that is a plain frozen nn.Linear,
 * whose matmul saves no input when its weight needs no gradient. */
static bool base_keeps_input(const struct ctx *c, const struct vp_linear *l)
{
	return bnb_keeps_input(c) && !vp_linear_kept_in_fp32(c->m, l);
}

/* A linear saves its input for the weight gradient only when the weight is
 * trained; a LoRA adapter's lora_A saves the same input (peft/tuners/lora/layer.py
 * Linear.forward: lora_A(dropout(x)) with lora_dropout 0 -> identity). */
static bool saves_input(const struct ctx *c, const struct vp_linear *l)
{
	return c->full || lora_on(c, l) || base_keeps_input(c, l);
}

/*
 * LoRA dropout: peft/tuners/lora/layer.py Linear.forward computes
 * lora_B(lora_A(dropout(x))) with one nn.Dropout per adapted linear, so each
 * adapter keeps its own dropped copy of the input (saved by lora_A for its
 * weight gradient) and a bool mask (native_dropout, 1 byte per element);
 * the input itself is then kept only for a trained or bitsandbytes base.
 * With p = 0 the dropout is nn.Identity and the adapters share the input.
 */
static bool lora_drops(const struct ctx *c)
{
	return c->lora && c->t->lora_dropout > 0.0;
}

/*
 * Does each adapter keep its own copy of the input? With dropout, its dropped
 * copy; without, when the adapter is wider than the input: PEFT's
 * Linear.forward casts x to lora_A's dtype (_cast_input_dtype, PEFT >= 0.15)
 * before lora_A, so a 16-bit input becomes an fp32 tensor of the adapter's
 * own, which lora_A (or autocast's cast of it) saves.
 */
static bool lora_own_input(const struct ctx *c)
{
	return lora_drops(c) || (c->lora && c->ab > c->e);
}

/*
 * Bytes per element of the input copy an adapter keeps of its own (the
 * dropped copy, or PEFT's _cast_input_dtype to the adapters' dtype): the
 * adapters' dtype, which lora_A saves as it is; under autocast lora_A
 * saves its 16-bit cast instead (the copy itself is then a transient). So
 * a bf16 base without autocast and fp32 adapters keeps T x in x 4 bytes
 * per adapter, not the base's 2.
 */
static double own_input_bytes(const struct ctx *c)
{
	return vp_est_under_autocast(c) ? c->e : c->ab;
}

/* The bytes an element of an adapted linear's input outside the blocks
 * costs: lora_A's own copy (a dropout output, or a cast to the adapters'
 * dtype, and the dropout mask) or the input itself, which nothing else
 * keeps, and a bitsandbytes base layer's reference. */
static double outside_adapter_input_bytes(const struct ctx *c)
{
	double per = lora_own_input(c) ? own_input_bytes(c) + (lora_drops(c) ? 1.0 : 0.0) : c->e;

	if (bnb_keeps_input(c))
		per += c->e;
	return per;
}

/* The bytes per input element that a linear outside the blocks keeps, read
 * after them (its input requires grad: the adapters below make it so):
 * adapted, outside_adapter_input_bytes; frozen, bitsandbytes' reference to
 * its input A where the layer is quantized (bnb_keeps_input): transformers
 * quantizes these too (parameters.c bnb_outside), and MatMul4Bit before
 * 0.43.2 and MatMul8bitLt keep A for backward as the blocks' layers do
 * (x.to(compute_dtype), a 16-bit copy under autocast). A plain frozen
 * nn.Linear keeps nothing. Until 2026-12-01 the frozen quantized ones were
 * counted as plain (tests/unit/test_estimate.c
 * bnb_outside_linears_keep_their_inputs). */
static double outside_input_bytes(const struct ctx *c, const struct vp_linear *l)
{
	if (c->full || !c->lora)
		return 0.0;
	if (lora_on(c, l))
		return outside_adapter_input_bytes(c);
	return bnb_keeps_input(c) ? c->e : 0.0;
}

/* Extra bytes per input element that an adapted linear keeps beside what
 * saves_input() counts at the activation size: the dropout mask, and its
 * own copy (the dropped copy, or without dropout PEFT's cast to fp32
 * adapters, or autocast's 16-bit cast of it), whole when the base keeps the
 * undropped input too (a trained or bitsandbytes base: input_copies counts
 * both for q, k and v likewise), else what the copy weighs beyond the
 * activation size that saves_input() counted for it. Until 2026-11-29 a
 * bitsandbytes base's adapter without dropout was counted without its
 * cast. */
static double dropout_extra(const struct ctx *c, const struct vp_linear *l)
{
	double mask;

	if (l == NULL || !lora_on(c, l) || !lora_own_input(c))
		return 0.0;
	mask = lora_drops(c) ? 1.0 : 0.0;
	if (c->full || base_keeps_input(c, l))
		return mask + own_input_bytes(c);
	return mask + own_input_bytes(c) - c->e;
}

/*
 * Bytes per element of the MLP's intermediates: the up and gate
 * projections' outputs, the activation's and the product. A bitsandbytes
 * layer returns its output in its input's dtype and is no autocast op
 * (bitsandbytes/nn/modules.py Linear4bit.forward: matmul_4bit(x.to(
 * compute_dtype), ...).to(inp_dtype); autograd/_functions.py
 * MatMul8bitLt.forward: output.to(A.dtype)). Under AMP the MLP's input is
 * a norm's fp32 output (the residual stream and the norms' weights are fp32,
 * as PEFT's prepare_model_for_kbit_training casts them; layer_norm is on
 * autocast's fp32 list), so gate and up come out in fp32, and SiLU, GELU
 * and the product, on none of autocast's lists, stay in fp32, as do their
 * gradients. An nn.Linear under autocast returns 16 bit instead. The down
 * projection's own input copy is not among these: Linear4bit and PEFT's
 * adapters (through autocast) keep 16-bit casts of it.
 */
static double mlp_bytes(const struct ctx *c)
{
	return bnb_quantized(c) ? fmax(c->e, c->r) : c->e;
}

/* transformers' eager attention upcasts softmax to fp32 in these families
 * (modeling_llama.py eager_attention_forward: softmax(..., dtype=torch.float32);
 * modeling_t5.py: softmax(scores.float()); modeling_bloom.py, modeling_phi.py,
 * modeling_gemma.py likewise). BERT, BART, GPT-2, GPT-NeoX and Qwen v1 do not. */
static bool softmax_upcast(const struct vp_model *m)
{
	/* GPT-BigCode has GPT-2's names but softmax in fp32: the eager
	 * attention of transformers >= 4.54 (eager_attention_forward:
	 * softmax(..., dtype=torch.float32)), and before it _attn under
	 * attention_softmax_in_fp32, true in GPTBigCodeConfig and every
	 * StarCoder config */
	if (strcmp(m->model_type, "gpt_bigcode") == 0)
		return true;
	/* gpt-oss's eager_attention_forward: softmax(combined_logits, dim=-1,
	 * dtype=combined_logits.dtype) over the scores and the sinks */
	if (vp_model_is_gpt_oss(m))
		return false;
	switch (m->naming) {
	case VP_NAMING_LLAMA:
	case VP_NAMING_MIXTRAL:
	case VP_NAMING_EXAONE: /* ExaoneAttention: softmax(..., dtype=torch.float32) as Llama */
	case VP_NAMING_T5:
	case VP_NAMING_BLOOM:
	case VP_NAMING_MPT: /* MptAttention: softmax(attention_scores.float()) */
	case VP_NAMING_PHI:
	case VP_NAMING_PHI3:
	case VP_NAMING_OPT: /* OPTAttention: softmax in fp32 when the scores are fp16 */
	case VP_NAMING_GPTJ:   /* GPTJAttention._attn: the scores are fp32 already */
	case VP_NAMING_CODEGEN: /* CodeGenAttention._attn likewise */
	case VP_NAMING_GPTNEO: /* GPTNeoSelfAttention._attn likewise */
	case VP_NAMING_STARCODER2: /* eager_attention_forward as Llama's */
	case VP_NAMING_INTERNLM2:  /* InternLM2Attention: softmax(..., dtype=torch.float32) */
	case VP_NAMING_GLM:        /* eager_attention_forward as Llama's */
	case VP_NAMING_DEEPSEEK:   /* DeepseekV2Attention: Llama's eager_attention_forward */
		return true;
	case VP_NAMING_BERT:
	case VP_NAMING_DISTILBERT: /* MultiHeadSelfAttention: nn.functional.softmax(scores) */
	case VP_NAMING_DEBERTA:    /* DisentangledSelfAttention: nn.functional.softmax(scores) */
	case VP_NAMING_MPNET:      /* MPNetSelfAttention: nn.functional.softmax(attention_scores) */
	/* ModernBertAttention's eager path is BERT's eager_attention_forward
	 * (through models/align): nn.functional.softmax(attn_weights, dim=-1) */
	case VP_NAMING_MODERNBERT:
	case VP_NAMING_ALBERT: /* AlbertSdpaAttention's eager path: nn.functional.softmax */
	case VP_NAMING_BART:
	case VP_NAMING_NEOX:
	case VP_NAMING_GPT2:
	case VP_NAMING_QWEN:
		return false;
	}
	return true;
}

/* The attention kernel that actually runs. BLOOM and MPT (ALiBi;
 * MptPreTrainedModel declares no SDPA), CodeGen (its own _attn only),
 * DeBERTa (its disentangled attention written out in bmm and softmax,
 * huggingface/transformers#48176) and MPNet have only the eager path in
 * transformers; GPT-J and GPT-Neo have eager and FlashAttention-2
 * (GPTJ_ATTENTION_CLASSES, GPT_NEO_ATTENTION_CLASSES: from_pretrained
 * without an attn_implementation loads eager); the T5 family has eager,
 * and SDPA since huggingface/transformers#47014 (_supports_flash_attn
 * False: its relative position bias rides in SDPA's attn_mask, which
 * FlashAttention cannot take); BERT-family models and ALBERT have eager,
 * SDPA and FlashAttention-2 since huggingface/transformers#38301 (the
 * attention interface; BertPreTrainedModel _supports_flash_attn = True,
 * first in v4.54; until 2026-12-01 they were planned with SDPA, as before
 * it); FlashAttention-2 needs Ampere or newer (flash-attn README), so
 * elsewhere SDPA runs instead. */
enum vp_attn vp_est_effective_attn(const struct vp_model *m, const struct vp_gpu *g, enum vp_attn a)
{
	if (m->naming == VP_NAMING_BLOOM || m->naming == VP_NAMING_MPT || m->naming == VP_NAMING_CODEGEN ||
	    m->naming == VP_NAMING_DEBERTA || m->naming == VP_NAMING_MPNET)
		return VP_ATTN_EAGER;
	if (m->naming == VP_NAMING_T5 && a == VP_ATTN_FLASH2)
		return VP_ATTN_EAGER;
	/* FlashAttention-2 that cannot run falls back to SDPA first, so a
	 * model without an SDPA path (GPT-J, GPT-Neo) then gets its eager one:
	 * until 2026-12-01 this came after the GPT-J/GPT-Neo test, and
	 * check's flash_attention on a V100 or T4 was estimated with an SDPA
	 * kernel those models lack (no scores) while its setup said eager
	 * (tests/cli/check/flash2-old-gpu-eager-model.sh) */
	if (a == VP_ATTN_FLASH2 && g != NULL && !g->flash_attn)
		a = VP_ATTN_SDPA;
	if ((m->naming == VP_NAMING_GPTJ || m->naming == VP_NAMING_GPTNEO) && a == VP_ATTN_SDPA)
		return VP_ATTN_EAGER;
	/* GptOssPreTrainedModel: _supports_sdpa False (SDPA has no sinks),
	 * so eager where SDPA would run, a GPU without FlashAttention too;
	 * its FlashAttention path is the kernels hub's vllm-flash-attn3,
	 * which takes the sinks and is FlashAttention-3, Hopper's (compute
	 * capability 9.0) and later only */
	if (vp_model_is_gpt_oss(m) &&
	    (a == VP_ATTN_SDPA || (a == VP_ATTN_FLASH2 && g != NULL && g->compute_capability < 90)))
		return VP_ATTN_EAGER;
	return a;
}

/* Bytes of each element of the normalized input that a trained RMSNorm
 * weight keeps for its gradient: the residual stream's dtype, or fp32 where
 * the norm scales in fp32 (Gemma). Traced: MS-GEMMA3-1B-full-bf16 kept two
 * fp32 T x h tensors per norm (Gemma3RMSNorm._norm and .forward: trace
 * frames modeling_gemma3.py:143 and :146 of transformers 5.17), -4.4% when
 * the second was counted in bf16. */
static double norm_scale_bytes(const struct ctx *c)
{
	return vp_model_norm_scales_in_fp32(c->m) ? 4.0 : c->r;
}

/* How many T x f gradients an MLP's backward holds at once. */
static double mlp_bwd_widths(const struct ctx *c)
{
	/* gpt-oss's clamped GLU: the gradients of gate_up (2 f) beside those
	 * of the product's two operands and of the sigmoid */
	if (vp_model_is_gpt_oss(c->m))
		return 5.0;
	return c->m->gated_mlp ? 3.0 : 2.0;
}

/*
 * The MLP's backward working set over T tokens of e bytes. A plain
 * gelu_new under autocast runs its chain in fp32 (pow is on autocast's
 * fp32 list): its backward holds three fp32 T x f gradients of the chain
 * beside the T x f one reaching it. Traced: MS-GPTJ6B-lora-gc's peak, in a
 * recomputed layer's backward, held 3 x 256 MiB fp32 and one 128 MiB bf16
 * T x f block from the engine (bench/measured, 2026-11-28).
 */
static double mlp_bwd_bytes(const struct ctx *c, double T, double e)
{
	if (c->m->act == VP_ACT_GELU_NEW && vp_est_autocast_known(c) && !c->m->gated_mlp)
		return T * c->f * (3.0 * 4.0 + e);
	return mlp_bwd_widths(c) * T * c->f * e;
}

/*
 * Bytes of each element of the input a LayerNorm keeps for backward. Under
 * autocast F.layer_norm runs in fp32 (layer_norm is on the fp32 list,
 * aten/src/ATen/autocast_mode.h AT_FORALL_FP32): autocast casts a 16-bit
 * input to fp32 before autograd records the op, so native_layer_norm saves
 * that fp32 copy, not the 16-bit input, and an fp32 residual (c->r = 4) as
 * it is. Traced: MS-GPTJ6B-lora-gc and MS-FALCON7B-lora-gc (bf16 weights,
 * bf16 block inputs) each held one fp32 T x h tensor from
 * functional.py's layer_norm in the recomputed block (bench/measured
 * traces 2026-11-28, 2026-11-23). OlmoLayerNorm casts to fp32 itself,
 * with or without autocast.
 */
static double layernorm_input_bytes(const struct ctx *c)
{
	return vp_est_autocast_known(c) || vp_model_norm_input_fp32(c->m) ? 4.0 : c->r;
}

/*
 * Norm: what one norm over T tokens saves for backward.
 * RMSNorm (LlamaRMSNorm, T5LayerNorm) upcasts its input to fp32 (saved by
 * pow and mul), keeps rsqrt per token, and, when its weight is trained, the
 * normalized input for the weight gradient. torch.compile's partitioner
 * recomputes the pointwise chain and keeps only the input.
 * LayerNorm (F.layer_norm, fp32 under autocast) saves its input, mean and rstd.
 * CohereLayerNorm computes x - mean twice, in fp32: pow keeps the first,
 * the multiply by rsqrt the second (and the rsqrt per token); a trained
 * weight keeps the fp32 normalized tensor too (weight.float() * x). The
 * fp32 input and the mean are kept by nothing (sub and mean save no
 * operand). Under torch.compile the chain is recomputed from the input, as
 * RMSNorm's.
 */
/*
 * Does Liger's RMSNorm replace this model's? With rms_norm on (transformers'
 * use_liger_kernel takes the default, True; axolotl's liger_rms_norm)
 * apply_liger_kernel_to_<model> (liger_kernel/transformers/monkey_patch.py)
 * rebinds the forward of every block norm and of the final norm to
 * LigerRMSNorm.forward (_patch_rms_norm_module: base_model.norm,
 * input_layernorm, post_attention_layernorm; Gemma 2 and 3 their
 * pre_/post_feedforward_layernorm too; OLMo 2 its two post norms).
 * Granite's entry patches its norms too but is left out with the rest of
 * its kernels (vp_liger_patches): the estimate errs high there.
 */
static bool liger_norm(const struct ctx *c)
{
	return c->t->liger_rms_norm && c->m->norm == VP_NORM_RMS && vp_liger_patches(c->m);
}

/*
 * What LigerRMSNormFunction keeps for backward (liger_kernel/ops/
 * rms_norm.py: ctx.save_for_backward(X, W, RSTD)): X, its input as it
 * came (a view, X.view(-1, dim), of the contiguous input, in the input's
 * dtype), the weight (a parameter: no new bytes) and RSTD, one rstd per
 * row, fp32 in the "llama" and "gemma" casting modes (rms_norm_forward:
 * rstd_dtype = torch.float32 for both; every model vramplan has Liger for
 * uses one of them, Gemma's "gemma" with offset 1.0). The backward
 * recomputes the normalized input from X and RSTD, so neither an fp32
 * upcast nor the normalized input is kept, whether the weight trains or
 * not. in_place (False for Gemma 2 and 3, OLMo 2) only decides whether dX
 * is written over dY in backward: nothing saved changes. Modelled from the
 * source only: no measured run uses Liger.
 */
static void liger_norm_keep(double T, double width, double rows, double in_bytes, struct block_mem *bm)
{
	keep(bm, &bm->saved, T * width * in_bytes, 1.0);
	keep(bm, &bm->saved, rows * 4.0, 1.0);
}

/* The bytes of what one of this block's norms reads: the residual stream;
 * OLMo 2's block norms (post_attention_layernorm,
 * post_feedforward_layernorm: Olmo2DecoderLayer.forward normalizes the
 * sublayer's output before the residual add) and the sandwich norms after
 * a sublayer read that sublayer's output, in the compute dtype. Only
 * Liger's norm keeps its input as it came, so only it asks. */
static double block_norm_input_bytes(const struct ctx *c)
{
	return strcmp(c->m->model_type, "olmo2") == 0 ? c->e : c->r;
}

static void norm_keep_in(const struct ctx *c, double T, double in_bytes, struct block_mem *bm)
{
	/* Both are pointwise chains in fp32 whose pow and mul keep fp32
	 * T x h tensors: RMSNorm its upcast input, CohereLayerNorm its two
	 * differences (and its mean beside the rsqrt under compile). */
	bool unfused = vp_model_norm_unfused(c->m);

	if (liger_norm(c)) {
		liger_norm_keep(T, c->h, T, in_bytes, bm);
		return;
	}
	if (c->m->norm == VP_NORM_RMS || unfused) {
		if (c->t->compile) {
			keep(bm, &bm->saved, T * c->h * c->r, 1.0);
			keep(bm, &bm->saved, T * 4.0, unfused ? 2.0 : 1.0);
			return;
		}
		keep(bm, &bm->saved, T * c->h * 4.0, unfused ? 2.0 : 1.0);
		keep(bm, &bm->saved, T * 4.0, 1.0);
		if (c->full)
			keep(bm, &bm->saved, T * c->h * (unfused ? 4.0 : norm_scale_bytes(c)), 1.0);
		return;
	}
	keep(bm, &bm->saved, T * c->h * layernorm_input_bytes(c), 1.0);
	keep(bm, &bm->saved, T * 4.0, 2.0);
}

/* A norm over the residual stream (Liger's keeps it in its dtype r). */
static void norm_keep(const struct ctx *c, double T, struct block_mem *bm)
{
	norm_keep_in(c, T, c->r, bm);
}

/* One of the block's own norms (see block_norm_input_bytes). */
static void block_norm_keep(const struct ctx *c, double T, struct block_mem *bm)
{
	norm_keep_in(c, T, block_norm_input_bytes(c), bm);
}

/*
 * Qwen3Attention's q_norm and k_norm (models/qwen3/modeling_qwen3.py): a
 * Qwen3RMSNorm over each head's head_dim, applied to the projections'
 * outputs before rotary (Olmo2Attention's: over the whole projection). Each saves what an RMSNorm saves (norm_keep): its
 * input in fp32 for pow and mul, rsqrt per head and token, and, with its
 * weight trained, the normalized input. The projections' 16-bit outputs are
 * not saved otherwise (rotary's products save cos and sin, not q). Their
 * input is a projection's output, in the compute dtype e (16 bit under
 * autocast), not the residual stream's: `weight * x.to(input_dtype)` keeps
 * x in e bytes, where a model that scales in fp32 keeps it in 4
 * (norm_scale_bytes); under torch.compile the kept input is e bytes too.
 */
static void qk_norm_keep(const struct ctx *c, double T, struct block_mem *bm)
{
	enum vp_qk_norm kind = vp_model_qk_norm(c->m);
	double width = c->qd + c->kvd;
	/* one rsqrt per head and token, or per token over the whole width */
	double rows = kind == VP_QK_NORM_PER_HEAD ? T * (double)(c->m->num_heads + c->m->num_kv_heads) : 2.0 * T;

	if (kind == VP_QK_NORM_NONE)
		return;
	/* Liger patches the q and k norms of Gemma 3 alone among these
	 * (apply_liger_kernel_to_gemma3_text: self_attn.q_norm and k_norm);
	 * its Qwen3, Qwen3-MoE and OLMo 2 functions patch the block norms
	 * only (linkedin/Liger-Kernel#1470, which adds Qwen3's, is open), so
	 * transformers' RMSNorm runs there. Liger keeps the projection's
	 * output (e bytes) and an fp32 rstd per head and token. */
	if (liger_norm(c) && strcmp(c->m->model_type, "gemma3_text") == 0) {
		liger_norm_keep(T, width, rows, c->e, bm);
		return;
	}
	if (c->t->compile) {
		keep(bm, &bm->saved, T * width * c->e, 1.0);
		keep(bm, &bm->saved, rows * 4.0, 1.0);
		return;
	}
	keep(bm, &bm->saved, T * width * 4.0, 1.0);
	keep(bm, &bm->saved, rows * 4.0, 1.0);
	if (c->full)
		keep(bm, &bm->saved, T * width * (vp_model_norm_scales_in_fp32(c->m) ? 4.0 : c->e), 1.0);
}

/* Bytes a norm saves (for the tensors around the blocks). */
static double norm_saved(const struct ctx *c, double T)
{
	struct block_mem tmp;

	memset(&tmp, 0, sizeof tmp);
	norm_keep(c, T, &tmp);
	return tmp.saved;
}

/* Does the kernel's saved v keep a fused q/k/v projection's output alive
 * (see attention_saved)? v_is_view: no repeat_kv copy came in between. */
static bool fused_qkv_kept(const struct ctx *c, bool v_is_view)
{
	enum vp_naming n = c->m->naming;

	if (!v_is_view || c->m->pos != VP_POS_ROTARY || c->m->rotary_fraction <= 0.0)
		return false;
	if (strcmp(c->m->model_type, "falcon") == 0)
		return false;
	return n == VP_NAMING_NEOX || n == VP_NAMING_PHI3 || n == VP_NAMING_QWEN || n == VP_NAMING_INTERNLM2 ||
	       n == VP_NAMING_MODERNBERT;
}

/*
 * Does SDPA run its math backend? Falcon's original multi-query blocks
 * (falcon-7b: multi_query, not new_decoder_architecture) hand SDPA one key
 * and value head for all query heads, without repeat_kv or enable_gqa
 * (FalconAttention.forward, transformers 5), and with a materialized mask
 * (FalconModel: create_causal_mask(allow_is_causal_skip=False)). The flash
 * and memory-efficient kernels need equal head counts (sdp_utils
 * check_batch_size_and_num_heads_dense), so the math backend runs. Measured:
 * MS-FALCON7B-lora-gc held b x heads x s x s fp32 tensors at line 350 of
 * modeling_falcon.py (bench/measured/traces/2026-11-23-new-families.txt).
 */
bool vp_sdpa_runs_math(const struct vp_model *m)
{
	/* one k/v head is how read_falcon() records the original blocks;
	 * the new decoder architecture expands its k/v heads (_split_heads) */
	return m != NULL && strcmp(m->model_type, "falcon") == 0 && m->num_kv_heads == 1 && m->num_heads > 1;
}

/* Does this block get a sliding-window mask at this length? Not one of
 * the global layers (masking_utils' create_causal_mask or
 * create_bidirectional_mask for their layer type, which skip the mask of
 * an unpadded batch). */
static bool window_masked(const struct ctx *c)
{
	return !c->global_block && vp_model_masks_window(c->m, c->t->seq_len);
}

/*
 * Does transformers hand SDPA the grouped k/v heads? Its SDPA path
 * (integrations/sdpa_attention.py, transformers 5) passes enable_gqa=True
 * instead of repeat_kv() copies when no attention mask is given
 * (use_gqa_in_sdpa: "attention_mask is None", head_dim <= 256), which
 * needs PyTorch >= 2.5. The mask is dropped when every sample is full
 * length (masking_utils _ignore_causal_mask_sdpa: an all-ones padding mask)
 * and the model is not compiled (a traced mask is always materialized), so
 * here: packed samples (no padding) of a decoder-only model. A
 * sliding-window layer skips its mask too while the sequence is shorter
 * than the window (_ignore_causal_mask_sdpa: kv_length <
 * local_attention_size); at the window or beyond, the mask is built and
 * the copies are made. Falcon splits its own heads and keeps them.
 * Measured: MS-SANTA-full-bf16, MS-L32-3B-full-sgd, MS-EXAONE4-1B-full-bf16
 * and MS-EXAONE4-1B-lora (EXAONE 4.0 1.2B: sliding_window null) traced no
 * repeat_kv copies, nor did the recomputed layer of MS-MISTRAL7B-lora-gc-b8
 * (window 4096, 2048 tokens); with torch.compile
 * (MS-L32-3B-lora-sdpa-compile) and with padding (MS-L32-3B-lora-sdpa-pad)
 * they were there.
 */
static bool sdpa_gets_enable_gqa(const struct ctx *c)
{
	/* a sliding-window mask at this length, or (Falcon) its own split
	 * and expanded heads outside transformers' SDPA path, keep the copies */
	if (c->attn != VP_ATTN_SDPA || c->m->num_kv_heads >= c->m->num_heads ||
	    c->t->pytorch != VP_PYTORCH_CURRENT || !c->t->packed || c->t->padding_mask ||
	    vp_model_masks_always(c->m) || c->t->compile ||
	    c->m->arch != VP_ARCH_DECODER || c->m->head_dim > 256)
		return false;
	return !window_masked(c) && strcmp(c->m->model_type, "falcon") != 0;
}

/* Only the 16-bit kernels (cuDNN, flash) take grouped heads; fp32's
 * memory-efficient kernel does not, and SDPA falls back to its math kernel
 * (bench/measured/probes/sdpa_saved.txt: fp32 with enable_gqa kept
 * b x heads x s x s fp32 scores, +160 MiB where the other calls add 8). */
static bool sdpa_takes_grouped_heads(const struct ctx *c)
{
	return sdpa_gets_enable_gqa(c) && c->e < 4.0;
}

static bool sdpa_runs_math(const struct ctx *c)
{
	return c->attn == VP_ATTN_SDPA && (vp_sdpa_runs_math(c->m) || (sdpa_gets_enable_gqa(c) && c->e >= 4.0));
}

/*
 * SDPA's math backend (aten/src/ATen/native/transformers/attention.cpp
 * _scaled_dot_product_attention_math, PyTorch >= 2.5): 16-bit q, k and v
 * are upcast to fp32, q and k scaled by sqrt(scale) (new tensors the QK^T
 * matmul saves), the scores softmaxed in fp32 (the output saved by softmax
 * and by the PV matmul, which also saves the fp32 v), and the output cast
 * back. Nothing of the 16-bit inputs is kept. Forward holds the scores and
 * their softmax at once; backward the saved probabilities and three
 * gradients of their shape (the trace above: four b x heads x s x s fp32
 * tensors at the peak).
 */
static void math_sdpa_saved(const struct ctx *c, double b, double sq, double sk, bool o_saves,
			    struct block_mem *bm)
{
	double Tq = b * sq, Tk = b * sk;
	double A = b * (double)c->m->num_heads * sq * sk;
	/* Falcon's one k/v head broadcasts in the matmul; with enable_gqa
	 * the math kernel repeats k and v to every query head
	 * (repeat_interleave) and keeps those */
	double kv = vp_sdpa_runs_math(c->m) ? c->kvd : c->qd;

	keep(bm, &bm->saved, Tq * c->qd * 4.0, 1.0);
	keep(bm, &bm->saved, Tk * kv * 4.0, 2.0);
	keep(bm, &bm->scores, A * 4.0, 1.0);
	if (o_saves)
		keep(bm, &bm->saved, Tq * c->qd * c->e, 1.0);
	bm->fwd_transient = fmax(bm->fwd_transient, 2.0 * A * 4.0);
	bm->bwd_transient = fmax(bm->bwd_transient, 3.0 * A * 4.0);
	bm->eval_working = fmax(bm->eval_working, 2.0 * A * 4.0 + Tq * c->qd * 4.0);
}

/*
 * FlashAttention-2 over a padded batch: transformers' _flash_attention_forward
 * (modeling_flash_attention_utils.py), given the 2-D padding mask that the
 * masking utilities hand FlashAttention only where a sample is padded,
 * gathers the real tokens of q, k and v into new tensors (_upad_input:
 * index_first_axis, reshape(...)[indices]), runs flash_attn_varlen_func on
 * them, which saves those copies, its output and the logsumexp, and
 * scatters the output back into a zeroed (b, s, heads, d) tensor
 * (pad_input). Where every token is real, which the estimate assumes, the
 * copies are as large as q, k and v, which nothing else keeps once they
 * are made (the projections' outputs are views), so the kernel saves what
 * it saves unpadded; what is new is the padded output o takes
 * (o_input_copied), the int64 token indices that index_first_axis's
 * backward keeps, the originals beside the copies while they are made,
 * and in backward the padded gradient the scatter makes beside dq, dk, dv.
 * Derived from the source (transformers 5, the path every model on the
 * attention interface takes: Llama's, BART's, and the BERT family's since
 * huggingface/transformers#38301), not measured. A packed batch, without
 * a mask, runs flash_attn_func on the tensors as they are.
 */
static bool fa2_unpads(const struct ctx *c)
{
	return c->attn == VP_ATTN_FLASH2 && c->t->padding_mask;
}

/*
 * FlashAttention-2 under multi-head latent attention with v heads narrower
 * than q and k: DeepseekV2Attention (and V3's) pads v to qk_head_dim,
 * and slices the kernel's output back, attn_output[:, :, :, :v_head_dim],
 * a strided view that reshape(batch, seq, -1) copies
 * (modular_deepseek_v2.py): o_proj's input is a new tensor beside the
 * output the kernel saves, as over a padded batch (fa2_unpads).
 */
static bool fa2_slices_v(const struct ctx *c)
{
	return c->attn == VP_ATTN_FLASH2 && vp_model_is_mla(c->m) && c->m->v_head_dim < c->m->head_dim;
}

/*
 * Does the o-projection keep a tensor of its own, T x q, beside the
 * attention's output? Eager attention and SDPA's math kernel return
 * (b, heads, s, d), so transformers' transpose(1, 2).contiguous() is a copy,
 * which o_proj keeps when it saves its input. SDPA's cuDNN, flash and
 * memory-efficient kernels write their output in q's layout, and q is a
 * view of a (b, s, heads, d) projection (rotary's products keep that
 * layout), so the "copy" is the output itself
 * (bench/measured/probes/sdpa_saved.*: +0.0 MiB on the H100, bf16 and fp32):
 * a trained o_proj keeps the tensor SDPA keeps. Partial rotary is the
 * exception: torch.cat of the rotated and the passed-through slices makes
 * q a new (b, heads, s, d) tensor, and the output follows it (GPT-NeoX,
 * phi, StableLM: MS-STABLELM16-full-bf16 is -2.4% without the copy). An adapter on o_proj keeps
 * its own input, the dropped copy or PEFT's cast to the adapters' dtype
 * that autocast casts back, T x q x e, unless dropout_extra() counts it
 * already (a trained or bitsandbytes base); 16-bit adapters without
 * dropout make no copy (no _cast_input_dtype, nn.Identity), so lora_A
 * saves the kernel's output itself (counted as such until 2026-11-29). Traced: MS-OPT13-full-ampbf16
 * and MS-L32-3B-full-sgd held one T x q tensor per layer at the SDPA call,
 * MS-L32-3B-lora-sdpa one more at o_proj's lora_A (the autocast cast).
 */
static bool o_input_copied(const struct ctx *c, const struct vp_linear *o)
{
	if (o == NULL || !saves_input(c, o))
		return false;
	if (c->attn == VP_ATTN_EAGER || sdpa_runs_math(c))
		return true;
	/* FlashAttention-2 over a padded batch returns pad_input's new
	 * tensor, not the kernel's saved output (fa2_unpads): o keeps it
	 * where it saves its input itself, a trained or bitsandbytes base or
	 * lora_A without a copy of its own (that copy is counted with the
	 * block, and then nothing keeps this one) */
	if (fa2_unpads(c) || fa2_slices_v(c))
		return c->full || base_keeps_input(c, o) || !lora_own_input(c);
	if (c->attn == VP_ATTN_SDPA && c->m->pos == VP_POS_ROTARY && c->m->rotary_fraction < 1.0)
		return true;
	return lora_on(c, o) && lora_own_input(c) && !c->full && !base_keeps_input(c, o);
}

/* Attention: saved tensors of one attention over tq query tokens and tk key
 * tokens per sample, for b samples. lin_q/lin_o say whether the projections
 * around it save their inputs. */
static void attention_saved(const struct ctx *c, double b, double sq, double sk,
			    bool o_saves, struct block_mem *bm)
{
	const double e = c->e;
	double Tq = b * sq, Tk = b * sk;
	double heads = (double)c->m->num_heads;
	double A = b * heads * sq * sk;
	bool gqa = c->m->num_kv_heads < c->m->num_heads;
	double kv_width = c->kvd;

	if (sdpa_runs_math(c)) {
		math_sdpa_saved(c, b, sq, sk, o_saves, bm);
		return;
	}
	/* transformers' SDPA and eager paths materialize repeat_kv() copies of
	 * k and v (modeling_llama.py repeat_kv: expand + reshape); FA2 takes
	 * grouped heads natively, and so does SDPA where it runs unmasked on
	 * PyTorch >= 2.5 (sdpa_takes_grouped_heads). */
	if (gqa && c->attn != VP_ATTN_FLASH2 && !sdpa_takes_grouped_heads(c))
		kv_width = c->qd;

	/* q (after rotary), k, v as the kernel saves them. GPT-J's eager
	 * attention multiplies fp32 copies of q and k (GPTJAttention._attn:
	 * query.to(torch.float32)), which the matmul saves; under autocast the
	 * matmul casts them back to 16 bit, and those copies are saved. */
	if (c->attn == VP_ATTN_EAGER && vp_model_eager_qk_fp32(c->m) && !c->amp) {
		keep(bm, &bm->saved, Tq * c->qd * 4.0, 1.0);
		keep(bm, &bm->saved, Tk * kv_width * 4.0, 1.0);
		keep(bm, &bm->saved, Tk * kv_width * e, 1.0);
	} else {
		keep(bm, &bm->saved, Tq * c->qd * e, 1.0);
		keep(bm, &bm->saved, Tk * kv_width * e, 2.0);
	}
	/* GPT-NeoX, Phi-3 and Qwen (v1) slice q, k and v out of one fused
	 * projection as views (modeling_gpt_neox.py: value = qkv[...,
	 * 2 * head_size:].permute(0, 2, 1, 3); Phi3Attention: qkv[..., query_pos
	 * + kv:].view().transpose(); QWenAttention: mixed_x_layer.split()).
	 * Rotary makes q and k new tensors, but v reaches the kernel as a view,
	 * and the kernel's saved v keeps the whole fused output alive: its q and
	 * k parts are held besides the rotated copies. Not where repeat_kv
	 * expands grouped k/v into new tensors, and not for Falcon, whose k
	 * and v are indexed out as copies (FalconAttention._split_heads). */
	if (fused_qkv_kept(c, kv_width == c->kvd))
		keep(bm, &bm->saved, Tk * (c->qd + c->kvd) * e, 1.0);

	if (c->attn == VP_ATTN_EAGER) {
		double p = (softmax_upcast(c->m) || c->amp) ? 4.0 : e;
		bool drop = c->m->attn_dropout > 0.0;

		keep(bm, &bm->scores, A * p, 1.0);                          /* softmax output */
		/* gpt-oss appends a sink column to the scores and subtracts
		 * their row maximum first: max(dim=-1) keeps its int64
		 * indices, the softmax one column more */
		if (vp_model_is_gpt_oss(c->m))
			keep(bm, &bm->scores, A / sk * (8.0 + p), 1.0);
		/* Gemma-2 soft-caps the scores first (modeling_gemma2.py
		 * eager_attention_forward: / softcap, tanh, * softcap): tanh
		 * keeps its output, in the matmul's dtype. SDPA ignores the
		 * softcap, FlashAttention-2 applies it inside its kernel. */
		if (c->m->attn_softcap)
			keep(bm, &bm->scores, A * e, 1.0);
		if (drop)
			keep(bm, &bm->scores, A, 1.0);                /* dropout mask (bool) */
		if (drop || p != e)
			keep(bm, &bm->scores, A * e, 1.0);                  /* probs as the PV matmul saves them */
		if (o_saves)
			keep(bm, &bm->saved, Tq * c->qd * e, 1.0);          /* transpose(1,2).contiguous() for o_proj */
		/* scores before softmax and after the mask add */
		bm->fwd_transient = fmax(bm->fwd_transient, 2.0 * A * p);
		/* grad of probs, of the dropout input and of the scores */
		bm->bwd_transient = fmax(bm->bwd_transient, 3.0 * A * p);
		bm->eval_working = fmax(bm->eval_working, 2.0 * A * p + Tq * c->qd * e);
	} else {
		/* the kernel's output and logsumexp are saved (SDPA flash /
		 * memory-efficient backward, flash_attn_func backward) */
		keep(bm, &bm->saved, Tq * c->qd * e, 1.0);
		keep(bm, &bm->saved, b * heads * sq * 4.0, 1.0);
		/* A padded batch's mask: transformers builds a bool mask
		 * (masking_utils sdpa_mask), SDPA converts it to an additive
		 * one in the query's dtype at every call
		 * (convert_boolean_attn_mask) and the memory-efficient kernel,
		 * which runs where a mask is given, keeps it for backward.
		 * Traced: MS-L32-3B-lora-sdpa-pad held one b x s x s x 2 tensor
		 * per layer (4 MiB x 28) that its unpadded twin did not. A
		 * sequence that reaches the model's sliding window gets a
		 * (sliding) mask the same way: MS-MISTRAL7B-lora-sdpa-s4096
		 * allocated 2.95 GiB more than at 4000 tokens, its repeat_kv
		 * copies and 32 MiB x 32 layers of mask. */
		bool masked = c->attn == VP_ATTN_SDPA && c->m->naming != VP_NAMING_T5 &&
			      (c->t->padding_mask || vp_model_masks_always(c->m) || window_masked(c));

		if (masked)
			keep(bm, &bm->saved, b * sq * sk * e, 1.0);
		/* the o-projection's own copy of the output, where there is
		 * one (o_input_copied); DeepSeek's sliced copy is as wide as
		 * o_proj's input, heads x v_head_dim (reshape of
		 * attn_output[:, :, :, :v_head_dim]; until 2026-12-01 counted
		 * heads x qk_head_dim, 1.5 times it in the releases) */
		if (o_saves && fa2_slices_v(c))
			keep(bm, &bm->saved, Tq * heads * (double)c->m->v_head_dim * e, 1.0);
		else if (o_saves && (c->attn == VP_ATTN_SDPA || fa2_unpads(c)))
			keep(bm, &bm->saved, Tq * c->qd * e, 1.0);
		bm->bwd_transient = fmax(bm->bwd_transient, 3.0 * Tq * c->qd * e);
		if (fa2_unpads(c)) {
			/* the token indices (int64): the query's, and the
			 * keys' where they are another sequence (a
			 * cross-attention over a source of another length) */
			keep(bm, &bm->saved, (Tq + (sq != sk ? Tk : 0.0)) * 8.0, 1.0);
			/* q, k, v padded beside their gathered copies */
			bm->fwd_transient = fmax(bm->fwd_transient, Tq * c->qd * e + 2.0 * Tk * kv_width * e);
			/* dq, dk, dv unpadded and one padded gradient */
			bm->bwd_transient = fmax(bm->bwd_transient, 4.0 * Tq * c->qd * e);
			/* forward only: the copies and the padded output
			 * besides, while the callers' q, k, v live on */
			bm->eval_working = fmax(bm->eval_working, 3.0 * Tq * c->qd * e + 2.0 * Tk * kv_width * e);
		}
		/* Forward only, the additive copy is a temporary of the call,
		 * made beside the bool mask's logical_not (aten
		 * convert_boolean_attn_mask: where(mask.logical_not(), -inf,
		 * 0)), both freed when the kernel returns */
		bm->eval_working = fmax(bm->eval_working, 2.0 * Tq * c->qd * e + (masked ? b * sq * sk * (e + 1.0) : 0.0));
	}
}

/*
 * The T5 family's relative position bias under SDPA, beside what
 * attention_saved() counts (huggingface/transformers#47014; derived from
 * the source, not measured). T5Attention hands the attention interface
 * its bias apart from the mask (the PR's review: "position_bias is passed
 * to the attention interface as a separate kwarg"); compute_bias makes it
 * (1, heads, q, k) in the relative_attention_bias embedding's dtype (wb),
 * and T5Stack hands the first block's to every block (UMT5: every block
 * its own). transformers' sdpa_attention_forward folds bias and mask per
 * call (integrations/sdpa_attention.py create_position_bias_mask: "we
 * cannot create this in advance"): the bias itself where there is no mask
 * and no causality, else torch.where(mask, position_bias, finfo.min), a
 * new tensor in the bias's dtype, (b, heads, q, k) with the padded batch's
 * (b, 1, q, k) mask, (1, heads, q, k) with the decoder's causal one. Then
 * torch's SDPA:
 *  - under autocast casts it to the query's 16 bits at every call
 *    (autocast_mode.cpp: scaled_dot_product_attention is lower_precision_fp;
 *    only leaf weights' casts are cached);
 *  - runs the memory-efficient kernel (flash takes no attn_mask), which
 *    saves its bias for backward beside q, k, v, the output and the
 *    logsumexp (_scaled_dot_product_efficient_attention);
 *  - pads a bias whose strides are not multiples of 8 to 8 keys
 *    (attention.cpp preprocess_mask: mem_eff_alignment 8, pad_bias), and
 *    the padded copy is the one saved.
 * A block so keeps its own copy unless the shared bias reaches the kernel
 * as it is (no mask, not causal, no cast, aligned). The stack's own
 * (1, heads, q, k) bias, its gradient gathered over the blocks in a full
 * fine-tune, the embedding's bucket index and the stack's bool masks
 * (masks_held) are not counted, as under eager (docs: "Known gaps"). The
 * cross-attention is counted alike, over a zeros
 * bias (T5Attention without relative_attention_bias: torch.zeros((1,
 * heads, q, k))), the safe side: whether the PR still makes one is not
 * read. In backward, where the bias requires grad (a full fine-tune trains
 * relative_attention_bias; the zeros one only with checkpointing, which
 * sets requires_grad on it), _efficient_attention_backward allocates
 * grad_bias at the kernel bias's sizes, the expanded (b, heads, q, k) even
 * for a (1, heads, q, k) bias, its last dimension aligned to 16, in the
 * bias's dtype, beside dq, dk, dv; torch.where's backward makes a (b,
 * heads, q, k) gradient in wb after it.
 */
static void t5_sdpa_bias(const struct ctx *c, double b, double sq, double sk, bool causal, bool cross,
			 struct block_mem *bm)
{
	const double heads = (double)c->m->num_heads, e = c->e, wb = c->wb;
	const bool masked = c->t->padding_mask, folded = masked || causal;
	const bool own = !cross && strcmp(c->m->model_type, "umt5") == 0;
	const double rows = masked ? b : 1.0, sk8 = ceil(sk / 8.0) * 8.0, sk16 = ceil(sk / 16.0) * 16.0;
	const bool copied = folded || own || wb != e || sk8 != sk;
	/* torch.where's output, where a cast or the padding copies it again;
	 * autocast's cast, where the padding copies that (both live until
	 * pad_bias returns) */
	const double where_out = folded && (wb != e || sk8 != sk) ? rows * heads * sq * sk * wb : 0.0;
	const double cast = wb != e && sk8 != sk ? rows * heads * sq * sk * e : 0.0;
	const double kept = copied ? rows * heads * sq * sk8 * e : 0.0;
	const bool grad = cross ? c->t->grad_ckpt : c->full;

	keep(bm, &bm->saved, kept, 1.0);
	/* UMT5's own bias: its embedding keeps the bucket index (s_q x s_k
	 * int64) where its weight trains (derivatives.yaml embedding) */
	if (own && c->full)
		keep(bm, &bm->saved, sq * sk * 8.0, 1.0);
	bm->fwd_transient = fmax(bm->fwd_transient, where_out + cast + kept);
	if (grad)
		bm->bwd_transient = fmax(bm->bwd_transient, 3.0 * b * sq * c->qd * e + b * heads * sq * sk16 * e +
								 (masked ? b * heads * sq * sk * wb : 0.0));
	bm->eval_working = fmax(bm->eval_working, 2.0 * b * sq * c->qd * e + where_out + cast + kept);
}

/*
 * DeBERTa's disentangled attention beside the scores of attention_saved()
 * (models/deberta_v2/modeling_deberta_v2.py DisentangledSelfAttention,
 * 4.47 and later; the 4.45-4.46 code saves the same but the mask). Autograd
 * saves what each op's backward needs (derivatives.yaml): bmm both operands,
 * gather its whole source and the index, masked_fill the mask. Per block:
 *  - the scaled key, key_layer.transpose(-1, -2) / scale, a new tensor that
 *    the scores' bmm saves (the unscaled key is saved by the p2c bmm);
 *  - ~attention_mask.bool(), b x s x s bool, saved by masked_fill;
 *  - per term (c2p, p2c): the block's query or key projection of the 2P
 *    relative embeddings, repeated b times (.repeat(b, 1, 1), a copy), which
 *    the term's bmm saves; the raw b x heads x s x 2P product, which gather
 *    saves whole; the clamped s x s int64 index;
 *  - the relative embeddings' pos_dropout mask, and when the projections
 *    train, their input (one fp32 tensor, or a 16-bit cast per projection
 *    under autocast).
 * In backward, gather's gradient is a zero tensor of its source's shape
 * filled by scatter_add, one term at a time. Derived from the source, not
 * measured (no GPU was lent); huggingface/transformers#48176 confirms the
 * eager-only path.
 */
static void disentangled_saved(const struct ctx *c, double b, double s, struct block_mem *bm)
{
	const struct vp_model *m = c->m;
	const double e = c->e;
	double terms = m->pos != VP_POS_DISENTANGLED ? 0.0 : (m->rel_c2p ? 1.0 : 0.0) + (m->rel_p2c ? 1.0 : 0.0);
	double span2 = 2.0 * (double)m->rel_span;
	double raw = b * (double)m->num_heads * s * span2;

	keep(bm, &bm->saved, b * s * c->qd * e, 1.0);
	keep(bm, &bm->scores, b * s * s, 1.0);
	if (terms == 0.0)
		return;
	keep(bm, &bm->saved, b * span2 * c->qd * e, terms);
	keep(bm, &bm->scores, raw * e, terms);
	keep(bm, &bm->saved, s * s * 8.0, terms);
	if (m->hidden_dropout > 0.0)
		keep(bm, &bm->saved, span2 * c->h, 1.0);
	if (c->full)
		keep(bm, &bm->saved, span2 * c->h * e, c->amp ? terms : 1.0);
	bm->bwd_transient += raw * e;
	bm->eval_working += raw * e;
}

static const struct vp_linear *find_role(const struct vp_linear *ls, size_t n, enum vp_linear_role role)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (ls[i].role == role)
			return &ls[i];
	return NULL;
}

/*
 * How many copies of a shared linear input are saved. Without autocast the
 * linears that train save the one tensor they share. Under autocast the
 * input (a norm's fp32 output: layer_norm is on autocast's fp32 list, and
 * LlamaRMSNorm/T5LayerNorm multiply by an fp32 weight) is cast to 16 bit
 * separately for each linear that consumes it, and each linear saves its own
 * cast: autocast caches casts only of leaf tensors that require grad, i.e.
 * weights (aten/src/ATen/autocast_mode.cpp cached_cast).
 */
struct input_copies {
	double shared; /* copies at the activation size: the input, or autocast's casts of it */
	double own;    /* adapters' own copies, at own_input_bytes() (without autocast) */
	double masks;  /* LoRA dropout's bool masks */
};

static void input_copies(const struct ctx *c, const struct vp_linear *ls, size_t n,
			 const enum vp_linear_role *roles, size_t nroles, struct input_copies *k)
{
	size_t i;

	memset(k, 0, sizeof *k);
	for (i = 0; i < nroles; i++) {
		const struct vp_linear *l = find_role(ls, n, roles[i]);
		bool adapted;
		if (l == NULL)
			continue;
		adapted = lora_on(c, l) && lora_own_input(c);
		if (c->full || base_keeps_input(c, l) || (lora_on(c, l) && !adapted))
			k->shared += 1.0;
		if (adapted) {
			k->own += 1.0;
			if (lora_drops(c))
				k->masks += 1.0;
		}
	}
	if (c->amp) {
		/* every copy is autocast's 16-bit cast */
		k->shared += k->own;
		k->own = 0.0;
	} else if (k->shared > 0.0) {
		k->shared = 1.0;
	}
}

/* Keeps the copies of one input of `elems` elements, and their masks. */
static void keep_input_copies(const struct ctx *c, struct block_mem *bm, double elems, const struct input_copies *k)
{
	keep(bm, &bm->saved, elems * c->e, k->shared);
	keep(bm, &bm->saved, elems * own_input_bytes(c), k->own);
	keep(bm, &bm->saved, elems, k->masks);
}

/*
 * The distinct tensors a block's bitsandbytes layers hold as their input A
 * (bnb_keeps_input). Linears reading one tensor share it; under autocast
 * each layer holds its own cast (Linear4bit.forward: x.to(compute_dtype);
 * MatMul8bitLt: A.to(float16)), as input_copies counts them.
 */
static double bnb_input_count(const struct ctx *c, const struct vp_linear *ls, size_t n,
			      const enum vp_linear_role *roles, size_t nroles)
{
	size_t i;
	double k = 0.0;

	for (i = 0; i < nroles; i++) {
		const struct vp_linear *l = find_role(ls, n, roles[i]);
		/* one bitsandbytes left in fp32 is a plain frozen linear,
		 * which keeps no input (saves_input) */
		if (l != NULL && !vp_linear_kept_in_fp32(c->m, l))
			k += 1.0;
	}
	return c->amp ? k : (k > 0.0 ? 1.0 : 0.0);
}

static double bnb_inputs_held(const struct ctx *c, const struct vp_linear *ls, size_t n, double T, double Tm,
			      double s_cross_tokens)
{
	static const enum vp_linear_role qkv_roles[] = {VP_LIN_Q, VP_LIN_K, VP_LIN_V, VP_LIN_QKV};
	static const enum vp_linear_role up_roles[] = {VP_LIN_GATE, VP_LIN_UP, VP_LIN_GATE_UP};
	static const enum vp_linear_role o_roles[] = {VP_LIN_O};
	static const enum vp_linear_role down_roles[] = {VP_LIN_DOWN};
	static const enum vp_linear_role crossq_roles[] = {VP_LIN_CROSS_Q};
	static const enum vp_linear_role crosskv_roles[] = {VP_LIN_CROSS_K, VP_LIN_CROSS_V};
	static const enum vp_linear_role crosso_roles[] = {VP_LIN_CROSS_O};
	/* a mixture of experts' router and shared expert read the normalized
	 * input, as in moe_router_saved; the routed experts' gathered rows
	 * are the up roles' Tm tokens */
	static const enum vp_linear_role moe_in_roles[] = {VP_LIN_ROUTER, VP_LIN_SHARED_GATE, VP_LIN_SHARED_UP,
							   VP_LIN_SHARED_ROUTER};
	static const enum vp_linear_role shared_down_roles[] = {VP_LIN_SHARED_DOWN};
	const double e = c->e;
	double bytes = 0.0, up;

	if (!bnb_keeps_input(c))
		return 0.0;
	bytes += T * c->h * e * bnb_input_count(c, ls, n, qkv_roles, 4);
	bytes += T * c->qd * e * bnb_input_count(c, ls, n, o_roles, 1);
	bytes += T * c->h * e * bnb_input_count(c, ls, n, crossq_roles, 1);
	bytes += T * c->qd * e * bnb_input_count(c, ls, n, crosso_roles, 1);
	/* the encoder output, one tensor for every decoder block without
	 * autocast (counted once for the stack by vp_est_activations) */
	if (c->amp)
		bytes += s_cross_tokens * c->h * e * bnb_input_count(c, ls, n, crosskv_roles, 2);
	/* a parallel block with one norm feeds its MLP the attention's input */
	up = bnb_input_count(c, ls, n, up_roles, 3);
	if (vp_model_single_block_norm(c->m) && !c->amp)
		up = 0.0;
	bytes += Tm * c->h * e * up;
	/* ERNIE 4.5's router, which bitsandbytes quantizes
	 * (vp_linear_kept_in_fp32), reads its own fp32 copy
	 * (self.gate(hidden_states.float())) and Linear4bit.forward casts
	 * that to the compute dtype: a tensor apart from the shared expert's
	 * input even without autocast */
	if (vp_model_router_fp32(c->m) && !c->amp && find_role(ls, n, VP_LIN_ROUTER) != NULL)
		bytes += T * c->h * e * (1.0 + bnb_input_count(c, ls, n, moe_in_roles + 1, 3));
	else
		bytes += T * c->h * e * bnb_input_count(c, ls, n, moe_in_roles, 4);
	bytes += Tm * c->f * e * bnb_input_count(c, ls, n, down_roles, 1);
	bytes += T * (double)c->m->shared_expert_size * e * bnb_input_count(c, ls, n, shared_down_roles, 1);
	return bytes;
}

/*
 * What a sparse mixture-of-experts block saves beyond its experts' MLPs, over
 * T tokens (transformers' MixtralSparseMoeBlock and Qwen3MoeSparseMoeBlock,
 * the loop over experts): the router's input where the router trains; its
 * logits' softmax, taken in fp32 and saved; top-k's indices and the
 * renormalized routing weights; and, for each of the k x T routed token
 * rows, the expert's output, which the product with its routing weight
 * saves (the weight needs the router's gradient), with the weight itself
 * and index_add_'s index. The experts' own tensors are the gated MLP's over
 * k x T tokens (block_memory); one_hot's int64 expert mask lives through the
 * loop.
 */
static void moe_router_saved(const struct ctx *c, const struct vp_linear *ls, size_t n, double T,
			     struct block_mem *bm)
{
	/* the router, and a shared expert with its gate, read the same
	 * normalized input */
	static const enum vp_linear_role readers[] = {VP_LIN_ROUTER, VP_LIN_SHARED_GATE, VP_LIN_SHARED_UP,
						      VP_LIN_SHARED_ROUTER};
	const double E = (double)c->m->num_experts, k = (double)c->m->experts_per_token;
	/* The weights are cast to hidden_states.dtype
	 * (routing_weights.to(hidden_states.dtype)), the block's input: the
	 * norm's output in the residual stream's dtype r (fp32 under autocast,
	 * where the norm multiplies by an fp32 weight). The expert's output is
	 * its down projection's: 16-bit from an nn.Linear under autocast, but
	 * a bitsandbytes layer's output keeps its input's dtype, fp32 under
	 * autocast (mlp_bytes), which the product with the weight saves. */
	const double rw = c->r, out = mlp_bytes(c);
	struct input_copies in;

	/* DeepSeek's router never calls its module: DeepseekV2Moe.forward
	 * multiplies self.gate.weight itself (F.linear(hidden_states.type(
	 * torch.float32), self.gate.weight.type(torch.float32)),
	 * modular_deepseek_v2.py), so an adapter PEFT puts on V2's nn.Linear
	 * gate (all-linear, a target "gate") never runs and keeps no copy of
	 * the input; a trained router's saved input stays counted */
	/* ERNIE 4.5's router is called as a module on an fp32 copy
	 * (self.gate(hidden_states.float()) with autocast off,
	 * modular_ernie4_5_moe.py): an adapter on it runs, and what it saves
	 * is that copy, not the shared expert's input; counted below */
	const bool fp32_router = vp_model_router_fp32(c->m);
	const struct vp_linear *router = find_role(ls, n, VP_LIN_ROUTER);
	size_t skip = (c->m->naming == VP_NAMING_DEEPSEEK && !c->full) || fp32_router ? 1 : 0;

	input_copies(c, ls, n, readers + skip, 4 - skip, &in);
	keep_input_copies(c, bm, T * c->h, &in);
	/* PhiMoE's input jitter (PhimoeSparseMoeBlock.forward, transformers
	 * 4.x: hidden_states *= torch.empty_like(hidden_states).uniform_(1 -
	 * eps, 1 + eps)): mul_ keeps the noise, the block's input's dtype,
	 * for its gradient; transformers 5's PhimoeTopKRouter multiplies the
	 * same way once more, not counted */
	if (c->m->moe_input_jitter)
		keep(bm, &bm->saved, T * c->h * rw, 1.0);
	keep(bm, &bm->saved, T * E * 4.0, 1.0);              /* softmax(router_logits, dtype=float) */
	/* DeepSeek's routers multiply fp32 copies (DeepseekV2Moe.forward:
	 * F.linear(hidden_states.type(torch.float32), self.gate.weight.type(
	 * torch.float32)); DeepseekV3TopkRouter.forward likewise): a trained
	 * router keeps the fp32 copy of its input for its weight's gradient;
	 * so does ERNIE 4.5's fp32 gate (self.gate(hidden_states.float())).
	 * V3's sigmoid scores stand in the softmax's place above. */
	if (c->m->naming == VP_NAMING_DEEPSEEK && c->full)
		keep(bm, &bm->saved, T * c->h * 4.0, 1.0);
	else if (fp32_router && router != NULL && lora_on(c, router)) {
		/* ERNIE 4.5's adapted router: PEFT builds the adapters in the
		 * fp32 base layer's dtype (_move_adapter_to_device_of_base_layer)
		 * and autocast is off, so lora_A saves the fp32 copy as it is,
		 * or its fp32 dropout output and the mask; not autocast's
		 * 16-bit cast (own_input_bytes) nor the shared 16-bit input.
		 * Until 2026-12-01 it was counted as one of those
		 * (tests/unit/test_estimate.c ernie_router_adapter_saves_fp32) */
		keep(bm, &bm->saved, T * c->h * 4.0, 1.0);
		if (lora_drops(c))
			keep(bm, &bm->saved, T * c->h, 1.0);
	}
	/* and, quantized under an older bitsandbytes (base_keeps_input),
	 * Linear4bit.forward's cast of that copy to the compute dtype, its
	 * own tensor (bnb_inputs_held) */
	if (fp32_router && router != NULL && base_keeps_input(c, router))
		keep(bm, &bm->saved, T * c->h * c->e, 1.0);
	keep(bm, &bm->saved, T * k * (8.0 + 4.0 + rw), 1.0); /* top-k indices, weights, their cast */
	keep(bm, &bm->saved, k * T * (c->h * out + rw + 8.0), 1.0);
	bm->fwd_transient = fmax(bm->fwd_transient, E * k * T * 8.0);
}

/*
 * Qwen2-MoE's shared expert over all T tokens (its input is counted with the
 * router's): the gated MLP's tensors at its width, and the sigmoid gate's
 * product, sigmoid(shared_expert_gate(x)) * shared_expert(x), which keeps
 * the sigmoid's output and the expert's output. GraniteMoeShared's
 * shared_mlp keeps the same gated-MLP tensors (input_linear's 2 fs output,
 * whose chunks the activation and the product keep, the activation's
 * output, output_linear's input) and has no gate.
 */
static void moe_shared_saved(const struct ctx *c, const struct vp_linear *ls, size_t n, double T,
			     struct block_mem *bm)
{
	const struct vp_linear *down = find_role(ls, n, VP_LIN_SHARED_DOWN);
	/* em: a bitsandbytes base's gate, up and down projections, and
	 * shared_expert_gate, return fp32 under autocast (mlp_bytes), so the
	 * intermediates, the sigmoid's output and the expert's output are
	 * fp32 there; the down projection's own input copy is its 16-bit
	 * cast, as the routed experts' */
	const double e = c->e, em = mlp_bytes(c), fs = (double)c->m->shared_expert_size;

	keep(bm, &bm->saved, T * fs * em, c->t->compile ? 2.0 : 3.0);
	if (down != NULL && saves_input(c, down))
		keep(bm, &bm->saved, T * fs * e, 1.0);
	keep(bm, &bm->saved, T * fs * dropout_extra(c, down), 1.0);
	/* GraniteMoeSharedDecoderLayer adds shared_mlp's output to the
	 * experts' as it is, and so does DeepSeek its shared_experts'
	 * (DeepseekV2Moe.forward: hidden_states + self.shared_experts(
	 * residuals)): no gate, no product, nothing more kept */
	if (vp_model_is_granitemoe(c->m) || c->m->naming == VP_NAMING_DEEPSEEK)
		return;
	keep(bm, &bm->saved, T * em, 1.0);
	keep(bm, &bm->saved, T * c->h * em, 1.0);
}

static bool attention_role(enum vp_linear_role r)
{
	return r == VP_LIN_Q || r == VP_LIN_K || r == VP_LIN_V || r == VP_LIN_QKV || r == VP_LIN_O ||
	       r == VP_LIN_Q_B || r == VP_LIN_KV_B || r == VP_LIN_CROSS_Q || r == VP_LIN_CROSS_K || r == VP_LIN_CROSS_V || r == VP_LIN_CROSS_O;
}

/*
 * PEFT's DoRA on the block's adapted linears of one sublayer (the attention's
 * or the rest), beside what LoRA keeps (docs/memory-model.md "DoRA"). PEFT
 * 0.16.0: peft/tuners/lora/layer.py Linear.forward hands DoRA the base
 * layer's result when the dropout is nn.Identity (or in eval), else the
 * dropped input, and DoraLinearLayer.forward (peft/tuners/lora/dora.py)
 * computes (m / ||W + s B A||)·base_result - base_result + (m / ||..||)·
 * lora_result·s with the norm detached (DoRA, arXiv 2402.09353, section
 * 4.3). Per adapted linear, over its tokens:
 *  - saved: base_result and lora_result, which the two products with the
 *    trained magnitude keep (T x out each); base_result is the base's output
 *    (e) or, with dropout, F.linear(dropped x, weight) in x's dtype, the
 *    adapters' (PEFT's _cast_input_dtype), and with dropout F.linear keeps
 *    its weight too where that is a new tensor: the cast to the adapters'
 *    dtype, the dequantized bitsandbytes weight, or autocast's 16-bit cast;
 *  - transient, the op in flight: torch.eye(in) and lora_A's output over it,
 *    lora_weight (out x in), the weight cast or dequantized, and then
 *    either scaling x lora_weight and the sum whose norm is taken (out x
 *    in each, in the adapters' dtype; lora_weight counted so under
 *    autocast too, the safe side) or the products with the magnitude
 *    (T x out each); backward the products' gradients (below).
 * bench/measured/probes/dora.txt measured each term on the CPU.
 */
static void dora_memory(const struct ctx *c, const struct vp_linear *ls, size_t n, bool attention, double T,
			double Tm, double T_cross, struct block_mem *bm)
{
	const double e = c->e, ab = c->ab, r = (double)c->t->lora_r;
	const bool drop = lora_drops(c);
	/* dequantize_module_weight then weight.to(x.dtype): a new tensor
	 * unless the base is an unquantized parameter already in x's dtype */
	const bool new_weight = bnb_quantized(c) || ab != c->wb;
	/* Backward, per T x out beside the output's gradient. DoRA's products
	 * take the magnitude's dtype (the adapters') against the results' (e
	 * or ab): mul is on neither torch's CUDA nor its CPU autocast list
	 * (aten/src/ATen/autocast_mode.cpp), so type promotion makes them p,
	 * the wider. derivatives.yaml's mul.Tensor (mul_tensor_backward, then
	 * the engine's sum_to and cast to each input's dtype) then holds
	 * together the scaled gradient, lora_result's gradient before its
	 * cast and the full product whose row sums are the magnitude's
	 * gradient: 3 x p; where p is wider than the layer's output (fp32
	 * adapters over 16-bit activations), also the output's gradient cast
	 * to p and its cast back for the base layer's result: p + e. Traced
	 * (bench/measured/probes/dora.txt, DoRA's own backward): 20, 8, 16
	 * and, under autocast without the CPU's cast temporaries, 20 bytes per
	 * T x out with the 2- or 4-byte output gradient: 18, 6, 12, 18 here.
	 * Counted as 2 x ab until 2026-11-29 (DoRA minus LoRA in one setup). */
	const double p = fmax(ab, e), bwd = 3.0 * p + (p > e ? p + e : 0.0);
	size_t i;

	for (i = 0; i < n; i++) {
		const struct vp_linear *l = &ls[i];
		double in = (double)l->in_features, out = (double)l->out_features, copies = (double)l->copies;
		double tokens, result_bytes, unbiased, weight_saved, weight_transient, fixed, per_token, tr, eval_tr;

		if (attention_role(l->role) != attention || vp_est_dora_magnitude_params(c, l) <= 0.0)
			continue;
		tokens = copies > 1.0 ? Tm : (l->role == VP_LIN_CROSS_K || l->role == VP_LIN_CROSS_V) ? T_cross : T;
		/* A biased base whose result DoRA reuses (no dropout, and
		 * always in evaluation): DoraLinearLayer.forward takes
		 * base_result - bias, a new T x out tensor the product saves in
		 * place of the base's result, in the wider of the result's
		 * dtype and the bias's (sub is on no autocast list, so an fp32
		 * bias over autocast's bf16 result makes it fp32: traced on the
		 * CPU, 2 bytes per T x out more than without the bias), while
		 * the base's own result stands until the layer returns. */
		unbiased = l->bias ? fmax(e, bnb_quantized(c) ? c->nb : c->wb) : 0.0;
		result_bytes = drop ? (c->amp ? e : ab) : l->bias ? unbiased : e;
		keep(bm, &bm->dora_saved, tokens * out * result_bytes, 1.0);
		keep(bm, &bm->dora_saved, tokens * out * (c->amp ? e : ab), 1.0);
		weight_saved = drop && c->amp ? e : drop && new_weight ? ab : 0.0;
		keep(bm, &bm->dora_saved, out * in * weight_saved, copies);
		weight_transient = new_weight ? ab : 0.0;
		/* DoraLinearLayer.forward's locals live until it returns: the
		 * eye (and autocast's cast of it, which lora_A saves while
		 * lora_weight's graph lives), lora_A over it, lora_weight and
		 * the cast or dequantized weight; with dropout also the base
		 * layer's own result, which nothing saves then, and under
		 * autocast the dropped input in the adapters' dtype, of which
		 * lora_A and F.linear save their 16-bit casts. Beside them, at
		 * one moment the norm's operands (scaling x lora_weight and the
		 * sum), at a later one the three products with the magnitude
		 * (above, p each; bench/measured/probes/dora.txt, DoRA's own
		 * forward: 10, 12, 4, 8, 10 bytes per T x out after the
		 * output's 2 or 4). The T x out part was one product at ab
		 * until 2026-11-29. */
		fixed = in * in * (ab + (c->amp ? e : 0.0)) + in * r * ab + out * in * ab;
		per_token = (drop || l->bias ? out * e : 0.0) + (drop && c->amp ? in * ab : 0.0);
		tr = fixed + out * in * (drop && !c->amp ? 0.0 : weight_transient) + (tokens / copies) * per_token +
		     fmax(out * in * 2.0 * ab, (tokens / copies) * out * 3.0 * p);
		/* without grad nothing is saved: base_result and lora_result
		 * (e, and l as above) are locals beside the products, and so is
		 * the input cast to fp32 adapters (_cast_input_dtype) outside
		 * autocast (DoRA's own evaluation forward, traced: 18.4 and 8
		 * bytes per T x out after the 2-byte output for a bf16 base
		 * with fp32 or bf16 adapters, the counts 20.4 and 10) */
		eval_tr = fixed + out * in * weight_transient +
			  (tokens / copies) * (out * (e + unbiased + (c->amp ? e : ab)) + (!c->amp && ab != e ? in * ab : 0.0)) +
			  fmax(out * in * 2.0 * ab, (tokens / copies) * out * 3.0 * p);
		bm->dora_transient = fmax(bm->dora_transient, tr);
		bm->dora_eval_transient = fmax(bm->dora_eval_transient, eval_tr);
		if (attention)
			bm->attn_bwd_transient = fmax(bm->attn_bwd_transient, tokens * out * bwd);
		else
			bm->mlp_bwd_transient = fmax(bm->mlp_bwd_transient, tokens * out * bwd);
	}
}

/*
 * One block over b samples of s tokens (sk = the encoder length for the
 * cross-attention of a decoder block of an encoder-decoder model).
 */
/*
 * What multi-head latent attention saves beside the q, k and v the kernel
 * keeps (DeepseekV2Attention.forward, models/deepseek_v2/
 * modular_deepseek_v2.py; V3's the same but its rotary). attention_saved
 * counts q, k and v each heads x qk_head_dim wide (head_dim): q and k are
 * new tensors of that width (torch.cat of the nope and rope parts), and
 * FlashAttention-2 gets v padded to it (F.pad, a copy); SDPA's v is
 * heads x v_head_dim, the safe side by (qk_head_dim - v_head_dim) per
 * head. Beside them:
 *  - each latent's RMSNorm (kv_a_layernorm over kv_lora_rank, and
 *    q_a_layernorm over q_lora_rank when q has a latent): LlamaRMSNorm
 *    keeps its input upcast to fp32 and an rsqrt per token, with its
 *    weight trained the 16-bit normalized input (as qk_norm_keep: the
 *    input is a projection's output, in e);
 *  - the up-projections' inputs, the norms' outputs (kv_b_proj's T x
 *    kv_lora_rank, q_b_proj's T x q_lora_rank), where they save them, and
 *    an adapter's copies of them;
 *  - SDPA (flash, memory-efficient) and eager take v as a view of
 *    kv_b_proj's output (torch.split), so what they save keeps that whole
 *    output alive: its k_nope part, heads x qk_nope_head_dim, is held
 *    besides (FlashAttention-2's padded v is a copy);
 *  - DeepSeek-V2's apply_rotary_emb multiplies fp32 complex views of q_pe
 *    and k_pe (xq.float(), view_as_complex) by freqs_cis; the product
 *    saves them: T x (heads + 1) x qk_rope_head_dim x 4 bytes. V3's
 *    apply_rotary_pos_emb saves cos and sin only, as Llama's.
 */
static void mla_saved(const struct ctx *c, const struct vp_linear *ls, size_t n, double T, struct block_mem *bm)
{
	static const enum vp_linear_role qb_role[] = {VP_LIN_Q_B};
	static const enum vp_linear_role kvb_role[] = {VP_LIN_KV_B};
	const struct vp_model *m = c->m;
	double heads = (double)m->num_heads, rope = (double)m->rope_head_dim;
	double latents[2] = {(double)m->kv_lora_rank, (double)m->q_lora_rank};
	struct input_copies k;

	for (size_t i = 0; i < 2; i++) {
		if (latents[i] <= 0.0)
			continue;
		if (c->t->compile) {
			keep(bm, &bm->saved, T * latents[i] * c->e, 1.0);
		} else {
			keep(bm, &bm->saved, T * latents[i] * 4.0, 1.0);
			if (c->full)
				keep(bm, &bm->saved, T * latents[i] * c->e, 1.0);
		}
		keep(bm, &bm->saved, T * 4.0, 1.0);
		input_copies(c, ls, n, i == 0 ? kvb_role : qb_role, 1, &k);
		keep_input_copies(c, bm, T * latents[i], &k);
	}
	if (c->attn != VP_ATTN_FLASH2)
		keep(bm, &bm->saved, T * heads * (double)(m->head_dim - m->rope_head_dim) * c->e, 1.0);
	if (strcmp(m->model_type, "deepseek_v2") == 0)
		keep(bm, &bm->saved, T * (heads + 1.0) * rope * 4.0, 1.0);
}

static void block_memory(const struct ctx *c, enum vp_block_kind kind, double b, double s,
			 double s_cross, struct block_mem *bm)
{
	struct vp_linear ls[VP_BLOCK_LINEARS_MAX];
	size_t n = vp_model_block_linears(c->m, kind, ls, VP_BLOCK_LINEARS_MAX);
	/* em: the MLP's intermediates (mlp_bytes) */
	const double e = c->e, em = mlp_bytes(c), T = b * s;
	static const enum vp_linear_role qkv_roles[] = {VP_LIN_Q, VP_LIN_K, VP_LIN_V, VP_LIN_QKV};
	static const enum vp_linear_role up_roles[] = {VP_LIN_GATE, VP_LIN_UP, VP_LIN_GATE_UP};
	static const enum vp_linear_role crossq_roles[] = {VP_LIN_CROSS_Q};
	static const enum vp_linear_role crosskv_roles[] = {VP_LIN_CROSS_K, VP_LIN_CROSS_V};
	const struct vp_linear *o = find_role(ls, n, VP_LIN_O);
	const struct vp_linear *down = find_role(ls, n, VP_LIN_DOWN);
	bool has_cross = find_role(ls, n, VP_LIN_CROSS_Q) != NULL;
	bool post_norm = vp_model_post_norm(c->m);
	struct input_copies k;
	double saved_attn, attn_transient, dora_attn_bwd = 0.0, dora_mlp_bwd = 0.0;
	bool relu;
	/* a mixture of experts runs each token through experts_per_token of
	 * them: the MLP's tensors are that many times T tokens long */
	double experts = (double)c->m->num_experts;
	double Tm = experts > 0.0 ? T * (double)c->m->experts_per_token : T;
	size_t i;

	memset(bm, 0, sizeof *bm);
	bm->input = T * c->h * c->r;

	/* Parameters of this block that are trained, and AMP copies. */
	for (i = 0; i < n; i++) {
		double w = (double)ls[i].in_features * (double)ls[i].out_features * (double)ls[i].copies;
		if (c->full)
			bm->trainable_bytes += (w + (ls[i].bias ? (double)ls[i].out_features : 0.0)) * c->wb;
		else
			bm->trainable_bytes += (vp_est_lora_adapter_params(c, &ls[i]) +
						vp_est_dora_magnitude_params(c, &ls[i])) * c->ab;
		/* autocast casts each linear weight to 16 bit; the matmul saves
		 * the copy for grad_input (torch/csrc/autograd/FunctionsManual
		 * mm backward), so it lives until that layer's backward. A
		 * bitsandbytes layer is a custom autograd Function instead
		 * (bitsandbytes/autograd/_functions.py MatMul4Bit, MatMul8bitLt):
		 * it dequantizes inside forward and again in backward and saves
		 * only the quantized weight, so nothing 16-bit is kept. An
		 * auto-gptq layer dequantizes in plain tensor ops and multiplies
		 * with torch.matmul, which saves the dequantized fp16 weight
		 * whatever the precision (auto_gptq qlinear forward). A linear
		 * that bitsandbytes leaves alone (vp_linear_kept_in_fp32, T5's
		 * wo in fp32) is a plain nn.Linear and keeps autocast's cast. */
		/* ERNIE 4.5's router runs with autocast off on its fp32
		 * weight (vp_model_router_fp32): nothing is cast */
		if (ls[i].role == VP_LIN_ROUTER && vp_model_router_fp32(c->m) && c->amp)
			continue;
		if (c->amp ? !bnb_quantized(c) || vp_linear_kept_in_fp32(c->m, &ls[i])
			   : c->t->quant == VP_QUANT_GPTQ_INT4)
			bm->copies += w * 2.0;
	}

	/* Attention sublayer */
	if (!post_norm) {
		block_norm_keep(c, T, bm);
	}
	input_copies(c, ls, n, qkv_roles, 4, &k);
	keep_input_copies(c, bm, T * c->h, &k);
	/* o_proj's adapter: FlashAttention-2's output is the kernel's saved
	 * tensor, so the adapter's own copy (the dropped copy, or without
	 * dropout PEFT's cast to fp32 adapters) is new there too, whole; with
	 * 16-bit adapters and no dropout lora_A saves the kernel's output
	 * itself. The cast was left out until 2026-11-29. */
	if (o != NULL && lora_on(c, o) && lora_own_input(c) && c->attn == VP_ATTN_FLASH2 && !bnb_keeps_input(c) &&
	    !c->full)
		keep(bm, &bm->saved, T * c->qd * ((lora_drops(c) ? 1.0 : 0.0) + own_input_bytes(c)), 1.0);
	else
		keep(bm, &bm->saved, T * c->qd * dropout_extra(c, o), 1.0);
	/* clip_qkv: clamp's backward (derivatives.yaml clamp_backward) needs
	 * the unclamped input: MPT's out-of-place clamp keeps the fused Wqkv
	 * output, OLMo's in-place clamp_ a clone of each projection
	 * (torchgen gen_variable_type.py saves original_self = self.clone()
	 * for an in-place op whose backward reads self): either way q, k and
	 * v once more */
	if (c->m->clip_qkv)
		keep(bm, &bm->saved, T * (c->qd + 2.0 * c->kvd) * e, 1.0);
	attention_saved(c, b, s, s, o_input_copied(c, o), bm);
	/* a T5 decoder block's self-attention is the causal one */
	if (c->m->naming == VP_NAMING_T5 && c->attn == VP_ATTN_SDPA)
		t5_sdpa_bias(c, b, s, s, has_cross, false, bm);
	if (c->m->naming == VP_NAMING_DEBERTA)
		disentangled_saved(c, b, s, bm);
	qk_norm_keep(c, T, bm);
	if (vp_model_is_mla(c->m))
		mla_saved(c, ls, n, T, bm);
	/* the adapted slices' update of a fused q/k/v, kept by zero_pad's
	 * index_copy (partial_qkv_update_width) */
	keep(bm, &bm->saved, T * partial_qkv_update_width(c, find_role(ls, n, VP_LIN_QKV)) * e, 1.0);
	/* dropout mask on the attention output; DistilBERT has none there
	 * (TransformerBlock.forward: sa_layer_norm(attention_output +
	 * hidden_states); its dropout is the FFN's) */
	if (c->m->hidden_dropout > 0.0 && c->m->naming != VP_NAMING_DISTILBERT)
		keep(bm, &bm->saved, T * c->h, 1.0);
	if (post_norm) {
		norm_keep(c, T, bm);
	}
	/* Gemma-2's post_attention_layernorm on the attention's output
	 * (Gemma2RMSNorm: x.float() kept for pow and mul, rsqrt per token),
	 * o_proj's output in the compute dtype e */
	if (vp_model_sandwich_norms(c->m))
		norm_keep_in(c, T, c->e, bm);

	/* Cross-attention (decoder of an encoder-decoder model): queries from
	 * the decoder, keys and values projected from the encoder output (whose
	 * saving is counted once for the whole stack, in vp_est_activations). */
	if (has_cross) {
		const struct vp_linear *co = find_role(ls, n, VP_LIN_CROSS_O);
		if (!post_norm)
			norm_keep(c, T, bm);
		input_copies(c, ls, n, crossq_roles, 1, &k);
		keep_input_copies(c, bm, T * c->h, &k);
		/* The encoder output that the cross k/v linears keep. Shared, it is
		 * the one tensor counted once for the stack (vp_est_activations);
		 * autocast's casts and LoRA's dropped copies are made per linear,
		 * in every decoder block. */
		input_copies(c, ls, n, crosskv_roles, 2, &k);
		if (!c->amp)
			k.shared = 0.0;
		keep_input_copies(c, bm, b * s_cross * c->h, &k);
		attention_saved(c, b, s, s_cross, co != NULL && saves_input(c, co), bm);
		if (c->m->naming == VP_NAMING_T5 && c->attn == VP_ATTN_SDPA)
			t5_sdpa_bias(c, b, s, s_cross, false, true, bm);
		keep(bm, &bm->saved, T * c->qd * dropout_extra(c, co), 1.0);
		if (c->m->hidden_dropout > 0.0)
			keep(bm, &bm->saved, T * c->h, 1.0);
		if (post_norm)
			norm_keep(c, T, bm);
	}

	if (c->t->dora) {
		dora_memory(c, ls, n, true, T, Tm, b * s_cross, bm);
		bm->saved += bm->dora_saved;
	}
	saved_attn = bm->saved;
	attn_transient = bm->bwd_transient;

	/* MLP sublayer. Parallel blocks (GPT-NeoX, phi, Falcon) feed the MLP
	 * from the block input; GPT-NeoX normalizes it separately, phi and
	 * Falcon-7B reuse the one norm. */
	if (!post_norm && !vp_model_single_block_norm(c->m))
		block_norm_keep(c, T, bm);
	if (experts > 0.0)
		moe_router_saved(c, ls, n, T, bm);
	/* ReLU keeps its output (threshold_backward takes the result), where
	 * GELU and SiLU keep their input */
	relu = c->m->act == VP_ACT_RELU;
	input_copies(c, ls, n, up_roles, 3, &k);
	if (vp_model_single_block_norm(c->m) && !c->amp)
		k.shared = 0.0; /* the shared normalized tensor is the attention's; only the adapters' copies are new */
	keep_input_copies(c, bm, Tm * c->h, &k);
	if (c->m->gated_mlp) {
		/* gate output (saved by the activation), up output and activation
		 * output (both saved by the product); compile recomputes the
		 * activation from the gate, and so does Liger's SwiGLU/GEGLU
		 * (liger_kernel/ops/swiglu.py: ctx.save_for_backward(a, b)). */
		bool two = c->t->compile || (c->t->liger_swiglu && vp_liger_patches(c->m)) || relu;
		/* gpt-oss's experts (GptOssExperts._apply_gate): gate and up
		 * are strided views of gate_up, which their clamps keep whole
		 * (2 f); the clamped gate (f) and sigmoid(gate * alpha) (f),
		 * kept by their product glu (f), which the product with up + 1
		 * (f) keeps too: six T x f tensors for each routed token */
		double widths = vp_model_is_gpt_oss(c->m) ? 6.0 : two ? 2.0 : 3.0;
		keep(bm, &bm->saved, Tm * c->f * em, widths);
	} else {
		/* the first linear's output, saved by GELU/SiLU; ReLU's output */
		keep(bm, &bm->saved, Tm * c->f * em, 1.0);
	}
	if (c->m->act == VP_ACT_GELU_NEW) {
		/* NewGELUActivation (transformers/activations.py) computes
		 * 0.5*x*(1+tanh(sqrt(2/pi)*(x+0.044715*pow(x,3)))) op by op:
		 * pow keeps its input, tanh its output, and the last product
		 * both of its operands (0.5*x and 1+tanh), besides x counted
		 * above. Under autocast pow is on the fp32 list, so its input is
		 * an fp32 copy (x itself is then kept by nobody) and everything
		 * after it is fp32 except 0.5*x: three fp32 tensors more, and a
		 * gated MLP's product keeps an fp32 activation output. Measured:
		 * MS-PKOT5B, MS-MT5B (bench/measured, docs "MLP"). */
		if (vp_est_autocast_known(c)) {
			keep(bm, &bm->saved, Tm * c->f * 4.0, 3.0);
			if (c->m->gated_mlp)
				keep(bm, &bm->saved, Tm * c->f * (4.0 - em), 1.0);
		} else {
			keep(bm, &bm->saved, Tm * c->f * em, 3.0);
		}
	}
	if (c->m->act_dropout > 0.0)
		keep(bm, &bm->saved, Tm * c->f, 1.0);
	/* the input of the down projection; after a plain ReLU with no
	 * dropout between, a base that keeps its input keeps ReLU's output,
	 * counted above (MS-OPT13-full-ampbf16 held one T x f tensor per layer,
	 * at relu; counting two put it +8.5% over) */
	if (down != NULL && saves_input(c, down) &&
	    !(relu && !c->m->gated_mlp && c->m->act_dropout <= 0.0 && (c->full || base_keeps_input(c, down))))
		keep(bm, &bm->saved, Tm * c->f * e, 1.0);
	keep(bm, &bm->saved, Tm * c->f * dropout_extra(c, down), 1.0);
	if (c->m->shared_expert_size > 0)
		moe_shared_saved(c, ls, n, T, bm);
	if (c->m->hidden_dropout > 0.0 && vp_model_mlp_output_dropout(c->m))
		keep(bm, &bm->saved, T * c->h, 1.0);
	if (post_norm)
		norm_keep(c, T, bm);
	/* and its post_feedforward_layernorm on the MLP's output (e) */
	if (vp_model_sandwich_norms(c->m))
		norm_keep_in(c, T, c->e, bm);

	/* The MLP's tensors are a block's largest (T x f); an adapted down_proj
	 * makes its own copy of its input in the adapters' dtype (fp32 under
	 * PEFT: _cast_input_dtype, then the dropped copy). */
	bm->recompute_largest = Tm * c->f *
				(down != NULL && lora_on(c, down) && lora_own_input(c) ? fmax(em, c->ab) : em);
	/* the MLP's backward: a gated MLP holds the gradients of the
	 * product, the activation's output and the up projection's (three
	 * T x f), a plain one the gradient reaching the activation and the
	 * one leaving it (two) */
	bm->bwd_transient = fmax(bm->bwd_transient, mlp_bwd_bytes(c, T, em)) + 2.0 * T * c->h * 4.0;
	/* In a sequential block the MLP's backward comes first, and by the
	 * attention's the MLP's saved tensors are freed (autograd frees a
	 * node's saved tensors once it has run). A parallel block's two
	 * branches are both pending until the sum's backward has reached
	 * them: counted together. Traced: MS-MISTRAL7B-lora-gc-b2-eager
	 * peaked in a recomputed attention's backward with the MLP's fp32
	 * copies already gone. */
	if (c->t->dora) {
		double attn_saved = bm->dora_saved;
		struct block_mem d;

		/* the MLP's linears; the backward gradients go to d and are
		 * taken below */
		memset(&d, 0, sizeof d);
		dora_memory(c, ls, n, false, T, Tm, b * s_cross, &d);
		bm->saved += d.dora_saved;
		bm->waste += d.waste;
		bm->dora_saved = attn_saved + d.dora_saved;
		bm->dora_transient = fmax(bm->dora_transient, d.dora_transient);
		bm->dora_eval_transient = fmax(bm->dora_eval_transient, d.dora_eval_transient);
		dora_attn_bwd = bm->attn_bwd_transient;
		dora_mlp_bwd = d.mlp_bwd_transient;
	}
	bm->saved_at_attn_bwd = c->m->parallel_block ? bm->saved : saved_attn;
	bm->attn_bwd_transient = fmax(attn_transient, dora_attn_bwd) + 2.0 * T * c->h * 4.0;
	bm->mlp_bwd_transient = c->m->parallel_block ? fmax(bm->bwd_transient, fmax(dora_attn_bwd, dora_mlp_bwd))
						     : fmax(mlp_bwd_bytes(c, T, em), dora_mlp_bwd) + 2.0 * T * c->h * 4.0;
	bm->bwd_transient = fmax(bm->bwd_transient, fmax(dora_attn_bwd, dora_mlp_bwd));
	bm->fwd_transient = fmax(bm->fwd_transient, fmax(T * c->f * em, bm->dora_transient));
	/* Forward only, no_grad frees each tensor when its consumer has run:
	 * at the MLP's widest moment a gated MLP holds act(gate), up and
	 * their product, a plain one its input and the activation, beside
	 * four hidden-size tensors (the embedding output the model's forward
	 * still names, the residual, the normed input, the sublayer's output).
	 * Traced (bench/measured, evaluation): MS-L32-3B-lora-gen8's prefill
	 * held 3 x T x f and 4 x T x h bf16 tensors; MS-BERTL-cls-eval128
	 * one T x f (GELU's output) and five T x h (fp32 LayerNorm outputs
	 * and residual sums) at the output projection. */
	bm->eval_working = fmax(bm->eval_working, fmax((c->m->gated_mlp ? 3.0 : 2.0) * T * c->f * em,
							bm->dora_eval_transient)) +
			   4.0 * T * c->h * c->r;
	bm->bnb_inputs = bnb_inputs_held(c, ls, n, T, Tm, b * s_cross);
}

/* Does the causal LM add the load-balancing loss? MixtralForCausalLM,
 * Qwen2MoeForCausalLM, Qwen3MoeForCausalLM and OlmoeForCausalLM do when
 * output_router_logits is set (the config's, or the run's); their
 * classifiers do not. */
double vp_est_router_layers(const struct ctx *c, const struct totals *tt)
{
	return tt->n_dec - fmin(tt->n_dec, (double)c->m->dense_layers);
}

bool vp_est_router_aux_loss(const struct ctx *c)
{
	/* DeepseekV2ForCausalLM and DeepseekV3ForCausalLM are
	 * LlamaForCausalLM's: no router logits in the output, no such loss
	 * (vp_model_router_logits_out) */
	return vp_model_router_logits_out(c->m) && c->t->head == VP_HEAD_CAUSAL_LM &&
	       (c->m->output_router_logits || c->t->router_aux_loss);
}

/*
 * The load-balancing loss over L layers of T tokens, E experts, k per token
 * (transformers models/mixtral/modeling_mixtral.py load_balancing_loss_func,
 * which Qwen2-MoE, Qwen3-MoE and OLMoE copy). Each layer's router logits
 * (T x E in the activation dtype) are collected into the model's output
 * until the loss is computed; the function then concatenates them, takes
 * softmax (an fp32 output under autocast, whose fp32 list has softmax;
 * saved for backward), top-k (values and int64 indices, both bound until
 * it returns) and one_hot's int64 expert mask (L T x k x E); with the
 * attention mask the Trainer passes, it materializes that mask expanded to
 * the same shape (int64, expand().reshape() copies), converts the expert
 * mask to fp32 and multiplies the two (fp32): 24 bytes per L T k E at
 * once. The routing weights are multiplied by the mask expanded to L T x E
 * (int64), which the product saves for backward beside softmax's output.
 */
static void aux_loss_memory(const struct ctx *c, double b, double s, struct totals *tt)
{
	/* only the MoE layers route: ERNIE 4.5's dense first layers return
	 * no logits (OutputRecorder(Ernie4_5_MoeSparseMoeBlock, index=1)),
	 * and its are fp32 (self.gate(hidden_states.float())) */
	double L = vp_est_router_layers(c, tt), T = b * s;
	double E = (double)c->m->num_experts, k = (double)c->m->experts_per_token;
	double sm = vp_est_under_autocast(c) || vp_model_router_fp32(c->m) ? 4.0 : c->e;
	double logits = L * T * E * (vp_model_router_fp32(c->m) ? 4.0 : c->e);
	double saved = L * T * E * (sm + 8.0);

	tt->aux_loss_transient = tt->aux_loss_eval = tt->eval_router_held = 0.0;
	if (!vp_est_router_aux_loss(c))
		return;
	tt->fwd_held += logits;
	tt->fwd_held_eval += logits;
	tt->eval_router_held = logits;
	tt->global_saved += saved;
	tt->aux_loss_transient = logits + L * T * k * (sm + 8.0) + 24.0 * L * T * k * E;
	/* no graph in evaluation: what training saves is a temporary */
	tt->aux_loss_eval = tt->aux_loss_transient + saved;
}

/*
 * The 4-D masks transformers' masking_utils builds once per forward and
 * hands every layer, which the model's forward holds until it returns
 * (b x 1 x q x kv each): for SDPA a bool one (sdpa_mask), where there is
 * one at all: a padded batch, a sliding window at this length, Gemma 3's
 * multimodal masks (each SDPA call converts it, attention_saved); for
 * eager attention a float one in the embeddings' dtype (eager_mask:
 * torch.where(mask, 0, min_dtype)), which a causal self-attention always
 * gets and a bidirectional one where the batch is padded (Falcon's
 * original blocks a bool one always). One per kind of
 * attention: the encoder's, the decoder's, the cross-attention's, and a
 * sliding and a global one where both are masked. Families that build
 * their own (DeBERTa's, MPT's, MPNet's and T5's, counted with them) and
 * FlashAttention-2 (a 2-D mask) have none here.
 */
static double masks_held(const struct ctx *c, double b, double s_enc, double s_dec, const struct totals *tt)
{
	const struct vp_model *m = c->m;
	const struct vp_train *t = c->t;
	enum vp_naming n = m->naming;
	bool some = t->padding_mask || vp_model_masks_always(m) || vp_model_masks_window(m, t->seq_len);
	double bytes, masks = 0.0;

	if (n == VP_NAMING_DEBERTA || n == VP_NAMING_MPT || n == VP_NAMING_MPNET || n == VP_NAMING_T5)
		return 0.0;
	if (c->attn == VP_ATTN_SDPA)
		bytes = 1.0;
	else if (c->attn == VP_ATTN_EAGER)
		/* the dtype of what the model hands masking_utils as
		 * input_embeds: the embedding lookup's output, in the weights'
		 * dtype (BloomModel: inputs_embeds, before
		 * word_embeddings_layernorm); ModernBertModel hands it
		 * self.embeddings' normed output (mask_kwargs "input_embeds":
		 * hidden_states, models/modernbert/modular_modernbert.py
		 * ModernBertModel.forward), and BertModel its embeddings'
		 * output (_create_attention_masks(embedding_output=...),
		 * models/bert/modeling_bert.py, copied by RoBERTa and XLM-R),
		 * the embedding LayerNorm's where there is one: the residual
		 * stream's dtype */
		bytes = m->naming == VP_NAMING_MODERNBERT || m->naming == VP_NAMING_BERT ? c->r : c->wb;
	else
		return 0.0;
	if (tt->n_enc > 0.0 && some)
		masks += b * s_enc * s_enc;
	/* Falcon's original blocks get theirs always
	 * (create_causal_mask(allow_is_causal_skip=False)) */
	if (tt->n_dec > 0.0 && (some || c->attn == VP_ATTN_EAGER || vp_sdpa_runs_math(m)))
		masks += b * s_dec * s_dec;
	if (tt->n_dec > 0.0 && c->decoder && some)
		masks += b * s_dec * s_enc;
	/* eager builds the sliding and the full mask whatever the batch */
	if (vp_model_full_attn_layers(m) > 0 &&
	    (t->padding_mask || vp_model_masks_always(m) || c->attn == VP_ATTN_EAGER))
		masks *= 2.0;
	return masks * bytes;
}

/*
 * The KV cache of a forward without a graph. A decoder's forward builds one
 * whenever use_cache is on (LlamaModel.forward: DynamicCache() when
 * use_cache and no past_key_values), and use_cache comes from the model's
 * config unless the caller passes it (transformers 5 utils/generic.py,
 * merge_with_config_defaults: getattr(self.config, "use_cache"); it turns
 * it off only under gradient checkpointing in training mode).
 * config.json's use_cache is true for every language model unless it says
 * otherwise, so a forward the run's own code calls (vp_train's
 * direct_forward) builds one: measure.py's frozen_forward calls the model
 * itself, and MS-L2-7B-frozen-bf16-usecache held 8 GiB over its twin, to
 * the byte. Trainer's forwards build none: Trainer.__init__ ends with
 * model.config.use_cache = args.use_cache, and TrainingArguments.use_cache
 * is False by default since transformers 5 (huggingface/transformers#41585);
 * the config is the one LlamaModel reads, through a PeftModel too (its
 * attributes forward to the base model). Measured:
 * MS-L32-3B-lora-eval8-usecache, whose config said use_cache true,
 * evaluated byte for byte as its twin that said false (bench/measured
 * 2026-11-30, third call), as did the training twins
 * MS-L32-3B-lora-eager-usecache and MS-MISTRAL7B-lora-eager-b4-usecache.
 * Where it is built, the cache is the only holder of every layer's k and
 * v, and the causal LM keeps it in its output while the loss runs
 * (LlamaForCausalLM.forward returns it). The grouped k/v are cached, not
 * repeat_kv's copies, in the compute dtype. T5's decoder caches its self-
 * and cross-attention k and v (EncoderDecoderCache); BART and the models
 * built on it turn the cache off when labels are given
 * (BartForConditionalGeneration.forward). A Trainer run whose arguments
 * say use_cache: true builds it too (vp_train's trainer_use_cache):
 * Trainer.__init__ then sets model.config.use_cache = True, over
 * config.json's value and any model.config.use_cache = False before it.
 */
static double forward_cache(const struct ctx *c, const struct totals *tt, double b, double s_enc, double s_dec)
{
	const struct vp_model *m = c->m;

	if (tt->n_dec <= 0.0)
		return 0.0;
	/* TrainingArguments.use_cache: true sets the config's flag after
	 * the run's own code has (vp_train's trainer_use_cache) */
	if (!c->t->trainer_use_cache && (!c->t->direct_forward || m->no_cache || c->t->no_cache))
		return 0.0;
	if (m->arch == VP_ARCH_DECODER)
		return tt->n_dec * 2.0 * b * s_dec * c->cache_kvd * c->e;
	if (m->naming == VP_NAMING_T5 && c->decoder)
		return tt->n_dec * 2.0 * b * (s_dec + s_enc) * c->kvd * c->e;
	return 0.0;
}

/* Activations of all blocks and the tensors around them (docs: "Activations"). */
/* The weights of one block's linears of `kind` whose bits `mask` sets
 * (model.h quant_skip), less bare parameters and those kept in fp32, whose
 * casts block_memory counts already */
static double skipped_weights(const struct ctx *c, enum vp_block_kind kind, unsigned mask)
{
	struct vp_linear ls[VP_BLOCK_LINEARS_MAX];
	size_t n = mask != 0 ? vp_model_block_linears(c->m, kind, ls, VP_BLOCK_LINEARS_MAX) : 0;
	double w = 0.0;

	for (size_t j = 0; j < n; j++)
		if ((mask & 1u << j) && !ls[j].param_only && !vp_linear_kept_in_fp32(c->m, &ls[j]))
			w += (double)ls[j].in_features * (double)ls[j].out_features * (double)ls[j].copies;
	return w;
}

/*
 * The linears a bitsandbytes checkpoint's llm_int8_skip_modules keeps out
 * of the quantization (model.h quant_skip) are plain nn.Linears in the
 * unquantized parts' dtype. Under autocast with fp32 weights each one's
 * forward casts its weight to 16 bit and the matmul saves the cast for
 * grad_input, as block_memory counts for an unquantized base (there every
 * linear of a block alike; a bitsandbytes layer saves only its quantized
 * weight). Per layer, as the list names them: their sum over the stacks,
 * and the largest one block holds (a checkpointed forward keeps one
 * block's).
 */
static void skipped_casts(const struct ctx *c, struct totals *tt)
{
	const struct vp_model *m = c->m;
	const uint64_t layers = m->num_layers < VP_QUANT_SKIP_LAYERS ? m->num_layers : VP_QUANT_SKIP_LAYERS;

	tt->skip_copies = tt->skip_copies_max = 0.0;
	if (!c->amp || !bnb_quantized(c))
		return;
	if (m->arch == VP_ARCH_DECODER) {
		for (uint64_t i = 0; i < layers && tt->n_dec > 0.0; i++) {
			double w = skipped_weights(c, i < m->dense_layers ? VP_BLOCK_DECODER_DENSE : VP_BLOCK_DECODER,
						   m->quant_skip[i]) * 2.0;

			tt->skip_copies += w;
			tt->skip_copies_max = fmax(tt->skip_copies_max, w);
		}
		return;
	}
	if (tt->n_enc > 0.0) {
		double w = skipped_weights(c, VP_BLOCK_ENCODER, m->quant_skip_enc) * 2.0;

		tt->skip_copies += tt->n_enc * w;
		tt->skip_copies_max = fmax(tt->skip_copies_max, w);
	}
	if (tt->n_dec > 0.0) {
		double w = skipped_weights(c, VP_BLOCK_DECODER, m->quant_skip_dec) * 2.0;

		tt->skip_copies += tt->n_dec * w;
		tt->skip_copies_max = fmax(tt->skip_copies_max, w);
	}
}

void vp_est_activations(const struct ctx *c, double b, double s_enc, double s_dec,
				 struct totals *tt)
{
	const struct vp_model *m = c->m;
	const struct vp_train *t = c->t;
	double T_first, T_last, T_lm;

	memset(&tt->enc, 0, sizeof tt->enc);
	memset(&tt->dec, 0, sizeof tt->dec);
	if (tt->n_enc > 0.0)
		block_memory(c, VP_BLOCK_ENCODER, b, s_enc, 0.0, &tt->enc);
	if (tt->n_dec > 0.0)
		block_memory(c, VP_BLOCK_DECODER, b, s_dec, s_enc, &tt->dec);

	tt->saved_all = tt->n_enc * tt->enc.saved + tt->n_dec * tt->dec.saved;
	/* The global layers among sliding-window ones (a model has them in
	 * its one stack) keep no window mask, and with it go the repeat_kv
	 * copies that SDPA's grouped heads spare (sdpa_gets_enable_gqa):
	 * what such a block saves less than a sliding one, per global layer */
	tt->full_layers_unsaved = tt->full_layers_unsaved_waste = 0.0;
	if (vp_model_full_attn_layers(m) > 0 && vp_model_masks_window(m, t->seq_len)) {
		struct ctx global = *c;
		const struct block_mem *sliding = tt->n_enc > 0.0 ? &tt->enc : &tt->dec;
		struct block_mem g;
		double full = (double)vp_model_full_attn_layers(m);

		global.global_block = true;
		block_memory(&global, tt->n_enc > 0.0 ? VP_BLOCK_ENCODER : VP_BLOCK_DECODER, b,
			     tt->n_enc > 0.0 ? s_enc : s_dec, 0.0, &g);
		tt->full_layers_unsaved = full * fmax(0.0, sliding->saved - g.saved);
		tt->full_layers_unsaved_waste = full * fmax(0.0, sliding->waste - g.waste);
		tt->saved_all -= tt->full_layers_unsaved;
	}
	/* ModernBERT's layer 0 normalizes nothing before its attention (its
	 * attn_norm is nn.Identity): one norm's saved tensors fewer */
	tt->bottom_unsaved = tt->bottom_unsaved_waste = 0.0;
	if (vp_model_first_block_unnormed(m) && tt->n_enc > 0.0) {
		struct block_mem norm;

		memset(&norm, 0, sizeof norm);
		norm_keep(c, b * s_enc, &norm);
		tt->bottom_unsaved = norm.saved;
		tt->bottom_unsaved_waste = norm.waste;
		tt->saved_all -= tt->bottom_unsaved;
	}
	tt->scores_all = tt->n_enc * tt->enc.scores + tt->n_dec * tt->dec.scores;
	tt->inputs_all = tt->n_enc * tt->enc.input + tt->n_dec * tt->dec.input;
	tt->weight_copies = (vp_est_shared_cast_once(c, tt) ? 1.0 : tt->n_enc) * tt->enc.copies + tt->n_dec * tt->dec.copies;
	skipped_casts(c, tt);
	tt->weight_copies += tt->skip_copies;
	tt->head_copy = 0.0;
	/* A loop that still names the last step's loss or outputs (litgpt's
	 * `logits`/`loss`, a plain `for batch in loader` loop) keeps that
	 * step's autograd graph until the new forward and loss rebind them.
	 * Backward released the graph's saved tensors, but not what custom
	 * Functions hold as ctx attributes: bitsandbytes' inputs A (docs:
	 * "Quantized bases keep their inputs"). With checkpointing no
	 * bitsandbytes node of the last step outlives its recomputation. */
	tt->prev_step_held = 0.0;
	if (!t->grad_ckpt && !t->graph_freed_between_steps) {
		tt->prev_step_held = tt->n_enc * tt->enc.bnb_inputs + tt->n_dec * tt->dec.bnb_inputs;
		if (tt->n_enc > 0.0 && tt->n_dec > 0.0 && !c->amp && tt->dec.bnb_inputs > 0.0)
			tt->prev_step_held += b * s_enc * c->h * c->e;
	}

	/* Around the blocks: embeddings, final norms, encoder output for
	 * cross-attention, the LM head's input. */
	T_first = b * (m->arch == VP_ARCH_DECODER ? s_dec : s_enc);
	T_last = b * (m->arch == VP_ARCH_DECODER || c->decoder ? s_dec : s_enc);
	tt->global_saved = 0.0;
	tt->dec_bwd_held = 0.0;
	if (m->embed_norm)
		tt->global_saved += T_first * c->E * layernorm_input_bytes(c) + 2.0 * T_first * 4.0;
	if (m->hidden_dropout > 0.0)
		tt->global_saved += T_first * c->E; /* embedding dropout mask */
	/* MptModel turns the 4-D causal mask into a (b, 1, s, s) bool tensor
	 * (causal_mask.bool()) that every block's masked_fill saves: one
	 * tensor for the whole stack */
	if (m->naming == VP_NAMING_MPT)
		tt->global_saved += b * s_dec * s_dec;
	tt->fwd_held = tt->fwd_held_eval = 0.0;
	/* Without a graph the blocks' tensors are gone when the model's stack
	 * returns (LlamaModel.forward's locals: the masks, the position
	 * embeddings, each layer's input once the next has run); what the
	 * loss runs beside is what its output names: the final norm's output
	 * (BaseModelOutputWithPast.last_hidden_state, the LM head's input)
	 * and, for an encoder-decoder, the encoder's (Seq2SeqLMOutput's
	 * encoder_last_hidden_state), in the residual dtype: fp32 under
	 * autocast over fp32 weights (T5LayerNorm casts to its weight's).
	 * Traced: MS-MT5B-frozen-ampbf16 held 24 and 6 MiB fp32 (dropout
	 * over the encoder's and decoder's final norms) beside its loss. */
	tt->eval_out_held = T_last * c->h * c->r + (c->decoder ? b * s_enc * c->h * c->r : 0.0);
	if (m->naming == VP_NAMING_MPNET) {
		/* MPNetEncoder.compute_position_bias expands the relative bias
		 * to (b, heads, s, s) with .contiguous(): an fp32 tensor (the
		 * embedding's dtype) that every layer adds in place and that
		 * lives until the encoder returns; in backward its gradient
		 * gathers every layer's in one buffer of that size until the
		 * bottom layer, where the bias trains: the encoder's
		 * relative_attention_bias embedding, which only a full
		 * fine-tune trains (LoRA leaves it frozen, so the expanded
		 * tensor has no grad_fn and no gradient). With checkpointing
		 * each layer's saved inputs hold the tensor itself through
		 * backward as well. The bucket index (s x s int64) is saved
		 * by the embedding when its weight trains (derivatives.yaml
		 * embedding: only the weight's gradient reads the indices).
		 * Where backward holds neither, the tensor is the forward's
		 * alone. */
		double bias = b * (double)m->num_heads * s_enc * s_enc * 4.0;
		double in_bwd = (t->grad_ckpt ? 1.0 : 0.0) + (c->full ? 1.0 : 0.0);

		tt->global_saved += bias * in_bwd + (c->full ? s_enc * s_enc * 8.0 : 0.0);
		tt->fwd_held += in_bwd > 0.0 ? 0.0 : bias;
		tt->fwd_held_eval = bias;
	}
	tt->eval_cache = forward_cache(c, tt, b, s_enc, s_dec);
	tt->eval_stack_extra = 0.0;
	if (m->naming == VP_NAMING_T5 && c->attn == VP_ATTN_EAGER) {
		/* T5Attention.forward: the first block of a stack adds the mask
		 * to its relative position bias (position_bias + causal_mask,
		 * (b, heads, s_q, s_k) in the embeddings' dtype: fp32 under
		 * autocast) and the stack hands it to every block until it
		 * returns; a decoder's cross-attention gets one from zeros and
		 * the encoder's mask. In an evaluation (no graph) it sits beside
		 * each block's scores (16-bit under autocast), their fp32 copy
		 * and the fp32 softmax (softmax(scores.float())): e more bytes
		 * per score than the working set's two fp32 copies. Training's
		 * loss runs after the stacks returned (docs: "Known gaps"). */
		double heads = (double)m->num_heads;
		double enc = b * heads * s_enc * s_enc;
		double dec = c->decoder ? b * heads * (s_dec * s_dec + s_dec * s_enc) : 0.0;
		double dec_largest = c->decoder ? b * heads * s_dec * fmax(s_dec, s_enc) : 0.0;

		if (tt->n_enc > 0.0)
			tt->eval_stack_extra = enc * c->r + enc * c->e;
		if (tt->n_dec > 0.0)
			tt->eval_stack_extra = fmax(tt->eval_stack_extra, dec * c->r + dec_largest * c->e);
	}
	if (m->naming == VP_NAMING_DEBERTA) {
		/* DebertaV2Embeddings multiplies by the fp32 padding mask
		 * (b, s, 1), which mul saves. DebertaV2Model always asks its
		 * encoder for output_hidden_states, so the L + 1 layer outputs
		 * stay referenced until the forward returns: extra where
		 * autograd keeps only their 16-bit casts or nothing (autocast,
		 * frozen linears, evaluation), and not with checkpointing, whose
		 * saved block inputs they are; the encoder's (b, 1, s, s)
		 * attention mask, int64 as tokenizers give it, lives as long. */
		double states = (tt->n_enc + 1.0) * T_first * c->h * c->r, mask = b * s_enc * s_enc * 8.0;
		tt->global_saved += T_first * 4.0;
		tt->fwd_held = ((c->full && !c->amp) || t->grad_ckpt ? 0.0 : states) + mask;
		tt->fwd_held_eval = states + mask;
	}
	/* ELECTRA's embeddings_project (a Linear from embedding_size to
	 * hidden_size) saves its input for its weight's gradient when it
	 * trains; under adapters it is frozen (it is not in a block) unless an
	 * adapter reaches it, below. So does
	 * OPT-350m's project_in (word_embed_proj_dim to hidden_size), and its
	 * project_out (OPTDecoder.forward: after the last block, hidden_size
	 * to word_embed_proj_dim, bias=False) the last block's output, which
	 * nothing else keeps: a T x h tensor in the compute dtype (under
	 * autocast F.linear's 16-bit cast of the fp32 LayerNorm output). */
	/* ALBERT's mapping is there at any width (vp_model_embed_linears) */
	if ((c->E != c->h || m->naming == VP_NAMING_ALBERT) && c->full) {
		tt->global_saved += T_first * c->E * c->e;
		if (m->naming == VP_NAMING_OPT)
			tt->global_saved += T_last * c->h * c->e;
	} else if (c->lora) {
		/* an adapter on one of them (all-linear, or a target naming it:
		 * parameters.c) keeps lora_A's input as a block's adapter does
		 * (saves_input, dropout_extra), and a bitsandbytes base layer
		 * keeps it too (bnb_keeps_input): project_in's and ELECTRA's
		 * T x E embeddings, project_out's T x h last block output */
		struct vp_linear ls[2];
		size_t k, nl = vp_model_embed_linears(m, ls, 2);

		for (k = 0; k < nl; k++) {
			if (lora_on(c, &ls[k]))
				tt->global_saved += (ls[k].out_features == m->hidden_size ? T_first : T_last) *
						    (double)ls[k].in_features * outside_adapter_input_bytes(c);
			/* project_out, frozen and quantized, keeps the last
			 * block's output (outside_input_bytes); the
			 * embeddings' side reads tensors that need no grad */
			else if (ls[k].out_features != m->hidden_size)
				tt->global_saved += T_last * (double)ls[k].in_features * outside_input_bytes(c, &ls[k]);
		}
	}
	{
		double masks = masks_held(c, b, s_enc, s_dec, tt);

		tt->fwd_held += masks;
		tt->fwd_held_eval += masks;
	}
	if (m->final_norm) {
		double saved = norm_saved(c, T_last);
		tt->global_saved += saved;
		if (c->decoder)
			tt->global_saved += norm_saved(c, b * s_enc);
	}
	if (m->naming == VP_NAMING_T5 && m->hidden_dropout > 0.0) {
		/* T5Stack.forward (and MT5Stack's, UMT5Stack's) ends with
		 * self.dropout(self.final_layer_norm(hidden_states)): in
		 * training native_dropout's bool mask, 1 byte an element, is
		 * saved for its backward. Backward meets the top stack's
		 * dropout right after the head, before any block: that mask
		 * (b x s_t x h, or an encoder model's b x s x h) is the
		 * forward's alone. An encoder-decoder's encoder mask lives
		 * until backward leaves the decoder (its dropout's backward
		 * comes before the encoder's blocks'). */
		tt->fwd_held += T_last * c->h;
		if (c->decoder)
			tt->dec_bwd_held += b * s_enc * c->h;
	}
	if (c->decoder) {
		/* The encoder output (the encoder's final dropout's output, in
		 * the residual dtype: fp32 under autocast, T5LayerNorm returning
		 * its fp32 weight times an fp32 input) is named by the model's
		 * output until the loss (Seq2SeqLMOutput.encoder_last_hidden_state,
		 * released when Trainer.compute_loss returns, before backward).
		 * What backward keeps of it: without autocast the one tensor the
		 * decoder blocks' cross k/v linears share (saved once when any of
		 * them trains); under autocast none of it, each linear saving
		 * its own 16-bit cast (counted per block, input_copies) and
		 * _to_copy's backward saving no tensor; with checkpointing the
		 * tensor itself, an input every decoder block's checkpoint
		 * keeps for its recomputation (T5Stack.forward passes
		 * encoder_hidden_states to _gradient_checkpointing_func).
		 * Either is freed with the decoder's bottom block's backward
		 * (docs/memory-model.md "The encoder output"). */
		double enc_out = b * s_enc * c->h;
		double bwd = t->grad_ckpt ? enc_out * c->r : (c->amp ? 0.0 : enc_out * c->e);

		tt->dec_bwd_held += bwd;
		tt->fwd_held += fmax(0.0, enc_out * c->r - bwd);
		/* a second embedding lookup and its dropout mask for the
		 * decoder */
		if (m->hidden_dropout > 0.0)
			tt->global_saved += b * s_dec * c->h;
	}
	T_lm = 0.0;
	if (c->lm_head) {
		T_lm = T_last;
		/* an ELECTRA generator's head works in embedding_size
		 * (ElectraGeneratorPredictions: dense hidden -> embedding_size,
		 * GELU, LayerNorm; generator_lm_head embedding_size -> vocab) */
		if (c->full || vp_est_target_named(t, vp_model_lm_head_name(c->m)))
			tt->global_saved += T_lm * c->E * c->e; /* LM head input */
		if (t->head == VP_HEAD_MASKED_LM)
			tt->global_saved += 3.0 * T_lm * c->E * c->e; /* MLM transform: dense, GELU, LayerNorm */
		/* an adapter on the encoder's head transform dense
		 * (all-linear, or a target "dense": vp_est_head_transform)
		 * keeps the last block's output in lora_A, which the frozen
		 * dense does not unless bitsandbytes quantized it
		 * (outside_input_bytes) */
		{
			struct vp_linear dense;

			if (vp_est_head_transform(c, &dense))
				tt->global_saved += T_lm * c->h * outside_input_bytes(c, &dense);
		}
		if (c->amp && c->nb > 2.0)
			tt->head_copy = c->V * c->E * 2.0; /* 16-bit LM head copy */
	}
	if (t->head == VP_HEAD_TOKEN_CLS) {
		/* BertForTokenClassification and the other encoders' token
		 * classifiers: dropout over every token's output (a mask) and
		 * the classifier's input, saved for its weight's gradient (it
		 * always trains: in full, or as PEFT's copy); its logits take
		 * the LM path's place with num_labels for the vocabulary */
		T_lm = T_last;
		tt->global_saved += T_lm * c->h * c->e;
		if (m->hidden_dropout > 0.0)
			tt->global_saved += T_lm * c->h;
		/* ModernBertForTokenClassification's prediction head over
		 * every token first: dense, GELU, norm, as the MLM transform */
		if (m->naming == VP_NAMING_MODERNBERT) {
			struct vp_linear dense;

			tt->global_saved += 3.0 * T_lm * c->h * c->e;
			/* an adapter on its dense (all-linear, or a target
			 * "dense": vp_est_pooler_linear) keeps every token's
			 * input in lora_A, as the MLM transform's does */
			if (vp_est_pooler_linear(c, &dense))
				tt->global_saved += T_lm * c->h * outside_input_bytes(c, &dense);
		}
	}
	tt->weight_copies += tt->head_copy;
	vp_est_logits(c, b, T_lm, tt);
	aux_loss_memory(c, b, s_dec, tt);

	/* Activation offloading (torchtune OffloadActivations): saved tensors
	 * move to pinned host memory as they are produced and come back one
	 * layer ahead in backward; about two blocks' worth stay on the GPU. */
	if (t->activation_offload) {
		double keep = 2.0 * fmax(tt->enc.input, tt->dec.input);
		if (!t->grad_ckpt)
			keep = 2.0 * fmax(tt->enc.saved + tt->enc.scores, tt->dec.saved + tt->dec.scores);
		tt->inputs_all = fmin(tt->inputs_all, keep);
		tt->saved_all = fmin(tt->saved_all, keep);
		tt->scores_all = 0.0;
	}
}
