/*
 * Weights, gradients and optimizer states (docs/memory-model.md,
 * "Parameters": "Heads", "Weights", "Gradients", "Optimizer states",
 * "ZeRO", "FSDP").
 */
#include "estimate_internal.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "vramplan/heads.h"

/* bitsandbytes NF4 (bitsandbytes/functional.py quantize_4bit): blocksize 64,
 * one fp32 absmax per block. With double quantization (compress_statistics)
 * the absmax values are themselves quantized to 8 bit in blocks of 256 with
 * one fp32 absmax per block (QLoRA paper, Dettmers et al. 2023, sec. 3). */
#define VP_NF4_BYTES_PER_PARAM (0.5 + 4.0 / 64.0)
#define VP_NF4_DQ_BYTES_PER_PARAM (0.5 + 1.0 / 64.0 + 4.0 / (64.0 * 256.0))
/* GPTQ int4 (AutoGPTQ QuantLinear): 4-bit weights, per group of 128 inputs an
 * fp16 scale and a 4-bit zero point per output; g_idx is one int32 per input. */
#define VP_GPTQ_BYTES_PER_PARAM (0.5 + 2.0 / 128.0 + 0.5 / 128.0)
/* bitsandbytes 8-bit optimizers (optim/optimizer.py): block-wise quantized
 * states with one fp32 absmax per block; tensors with fewer than
 * min_8bit_size = 4096 elements keep 32-bit states (Optimizer2State.
 * init_state: `if config["optim_bits"] == 32 or p.numel() <
 * config["min_8bit_size"]`: zeros of dtype float32), VP_BNB_8BIT_MIN_ELEMENTS.
 * Blocks of 256 values since bitsandbytes 0.44 (PR #1365), 2048 before:
 * the current size is taken whatever the version, 1.4% of the states more
 * than an older one needs (the safe side). */
#define VP_ADAM8_STATE_BYTES_PER_PARAM (2.0 + 2.0 * 4.0 / 256.0)
#define VP_BNB_8BIT_MIN_ELEMENTS 4096.0
/* bitsandbytes' paged optimizers page the states of a parameter of at least
 * 1e5 elements only (optim/optimizer.py Optimizer8bit.get_state_buffer: `if
 * not self.is_paged or p.numel() < 1e5: return torch.zeros_like(p, ...)`);
 * a smaller parameter's states, and every 8-bit absmax buffer
 * (torch.zeros), are ordinary tensors of PyTorch's allocator. */
#define VP_BNB_PAGED_MIN_ELEMENTS 1e5
/* torchao's AdamW8bit and AdamW4bit (torchao/optim/adam.py) as the HF
 * Trainer builds them for optim adamw_torch_8bit and adamw_torch_4bit
 * (transformers trainer_optimizer.py _get_torchao_optimizer: block_size
 * optim_args.get("block_size", 256), for both): each state of a parameter
 * they quantize (_AdamBase._new_buffer: numel() >= 4096 and numel() %
 * block_size == 0) is codes of `bits` a value in uint8
 * (subclass_8bit.py OptimState8bit.zeros: one code a byte, the
 * parameter's shape; subclass_4bit.py OptimState4bit.zeros: two a byte,
 * n / 2 bytes) and scale, torch.zeros(n // block_size), fp32. Any other
 * parameter's states are torch.zeros_like(p), in its own dtype.
 * (Earlier transformers, whose trainer.py built them inline, passed no
 * block_size: torchao's defaults, 256 for AdamW8bit, the same, and 128
 * for AdamW4bit, 1/64 byte a parameter more, not modelled.) */
#define VP_AO_BLOCK 256.0
#define VP_AO_MIN_ELEMENTS 4096.0
/* DeepSpeed ZeRO default reduce_bucket_size, in elements
 * (deepspeed/runtime/zero/config.py DeepSpeedZeroConfig). */
#define VP_ZERO_BUCKET_ELEMENTS 5e8
/* stage3_prefetch_bucket_size's default (deepspeed/runtime/zero/config.py
 * prefetch_bucket_size = 5e7) */
#define VP_ZERO3_PREFETCH_ELEMENTS 5e7
/* sub_group_size's default (deepspeed/runtime/zero/config.py, 1e9): stage 3
 * steps its partition in sub-groups of about that many elements
 * (stage3.py _create_fp16_sub_groups counts partition_numel()) */
#define VP_ZERO3_SUB_GROUP_ELEMENTS 1e9

bool vp_est_is_16bit_params(enum vp_precision p)
{
	return p == VP_PREC_BF16 || p == VP_PREC_FP16;
}

bool vp_est_target_named(const struct vp_train *t, const char *name)
{
	size_t i;

	for (i = 0; i < t->n_lora_targets; i++)
		if (strcmp(t->lora_targets[i], name) == 0)
			return true;
	return false;
}

/*
 * The LoRA adapters on one linear, as parameters: r * (in + out) for an
 * adapter on the whole linear (a target that names it, or all-linear, as
 * PEFT matches them). A fused q/k/v projection (GPT-NeoX, BLOOM, GPT-2,
 * Phi-3, Qwen v1, Falcon) that no target names may still be adapted in parts:
 * a target q_proj, k_proj or v_proj names that slice, as litgpt's
 * LoRAQKVLinear adapts its fused attn (enable_lora = [q, k, v]: lora_A of
 * r * n_enabled rows, lora_B of the enabled slices' widths), so each slice
 * costs r * (in + its width). PEFT itself would refuse such a target; the
 * CLI checks that (resolve.c), the estimate follows the case.
 */
double vp_est_lora_adapter_params(const struct ctx *c, const struct vp_linear *l)
{
	const struct vp_train *t = c->t;
	double r = (double)t->lora_r, in = (double)l->in_features, kv;
	double sum = 0.0;
	size_t i;

	if (!c->lora || l->param_only)
		return 0.0;
	/* an expert linear: one adapter per expert (PEFT wraps each) */
	if (t->lora_all_linear)
		return r * (in + (double)l->out_features) * (double)l->copies;
	for (i = 0; i < t->n_lora_targets; i++)
		if (vp_linear_matches(l, t->lora_targets[i]))
			return r * (in + (double)l->out_features) * (double)l->copies;
	if (l->role != VP_LIN_QKV)
		return 0.0;
	kv = (double)c->m->num_kv_heads * (double)c->m->head_dim;
	if (vp_est_target_named(t, "q_proj"))
		sum += r * (in + c->qd);
	if (vp_est_target_named(t, "k_proj"))
		sum += r * (in + kv);
	if (vp_est_target_named(t, "v_proj"))
		sum += r * (in + kv);
	return sum;
}

/*
 * The dense of an encoder's LM head transform before the tied decoder,
 * when the head is an LM head: BertPredictionHeadTransform.dense (and
 * RoBERTa's, MPNet's, DeBERTa's lm_head.dense), ELECTRA's
 * generator_predictions.dense (hidden -> embedding_size), ALBERT's
 * predictions.dense, ModernBertPredictionHead.dense, DistilBERT's
 * vocab_transform. An nn.Linear that is not the output embedding, so
 * PEFT's all-linear adapts it and a target "dense" matches it
 * (tuners_utils.py _maybe_include_all_linear_layers,
 * check_target_module_exists). Its dotted paths differ by family and are
 * not matched.
 */
bool vp_est_head_transform(const struct ctx *c, struct vp_linear *l)
{
	const char *name = c->m->naming == VP_NAMING_DISTILBERT ? "vocab_transform" : "dense";

	if (c->m->arch != VP_ARCH_ENCODER || !c->lm_head)
		return false;
	*l = (struct vp_linear){VP_LIN_UP, name, name, c->m->hidden_size, vp_model_embed_width(c->m),
				c->m->naming != VP_NAMING_MODERNBERT, 1, false};
	return true;
}

/*
 * DoRA's magnitude vector on one linear (PEFT's LoraConfig(use_dora=True)):
 * DoraLinearLayer.update_layer makes nn.Parameter(weight_norm), one value
 * per output row of base + scaling x B A (peft 0.16.0
 * src/peft/tuners/lora/dora.py get_weight_norm: norm(dim=1) over out x in),
 * so out_features per adapted linear, each expert's its own. Its dtype is
 * the adapters' (the norm of a sum with the adapters' lora_weight). Only an
 * adapter on the whole linear: a fused projection's slices are litgpt's
 * LoRAQKVLinear, which has no DoRA (vp_est_dora_check refuses them).
 */
double vp_est_dora_magnitude_params(const struct ctx *c, const struct vp_linear *l)
{
	double adapter;

	if (!c->t->dora)
		return 0.0;
	adapter = vp_est_lora_adapter_params(c, l);
	if (adapter <= 0.0 ||
	    adapter != (double)c->t->lora_r * ((double)l->in_features + (double)l->out_features) * (double)l->copies)
		return 0.0;
	return (double)l->out_features * (double)l->copies;
}

/* What DoRA is modelled for: PEFT's layers on whole linears of the blocks,
 * over an unquantized or bitsandbytes base. */
static int dora_check(const struct ctx *c, enum vp_block_kind kind, struct vp_error *err)
{
	struct vp_linear ls[VP_BLOCK_LINEARS_MAX];
	size_t i, n = vp_model_block_linears(c->m, kind, ls, VP_BLOCK_LINEARS_MAX);

	for (i = 0; i < n; i++) {
		double adapter = vp_est_lora_adapter_params(c, &ls[i]);
		if (adapter > 0.0 && vp_est_dora_magnitude_params(c, &ls[i]) <= 0.0) {
			vp_error_set(err, VP_ERR_INPUT,
				     "DoRA on slices of the fused '%s' is not modelled: only PEFT's DoRA, on whole "
				     "linears, is (PEFT refuses q_proj/k_proj/v_proj targets on a fused projection)",
				     ls[i].name);
			return vp_error_about(err, "dora");
		}
	}
	return 0;
}

/* The blocks the task runs: an encoder-decoder model's encoder-only class
 * (T5EncoderModel) leaves its decoder out (docs: "Heads"). */
void vp_est_stack_counts(const struct ctx *c, struct totals *tt)
{
	const struct vp_model *m = c->m;

	tt->n_enc = m->arch == VP_ARCH_DECODER ? 0.0 : (double)m->num_layers;
	/* ALBERT's layers run one block's parameters (and PEFT wraps its
	 * linears once) */
	tt->n_enc_params = m->arch == VP_ARCH_DECODER ? 0.0 : (double)vp_model_param_blocks(m);
	tt->n_dec = m->arch == VP_ARCH_DECODER ? (double)m->num_layers :
		    c->decoder ? (double)m->num_decoder_layers : 0.0;
}

/* Of the decoder stack's n_dec blocks, those with a dense MLP where the
 * others have experts (DeepSeek's first_k_dense_replace layers,
 * VP_BLOCK_DECODER_DENSE); 0 in every other model. The MoE blocks are
 * n_dec less these. */
static double dense_blocks(const struct ctx *c, const struct totals *tt)
{
	return c->m->arch == VP_ARCH_DECODER ? fmin(tt->n_dec, (double)c->m->dense_layers) : 0.0;
}

/* Sum of weight elements of one block's linears; also the largest, and the
 * sums of in/out features (for per-row and per-input quantization metadata
 * and Adafactor's factored moments). */
static double linear_params(const struct ctx *c, enum vp_block_kind kind, double *largest,
			    double *in_sum, double *out_sum, double *kept, double *kept_out)
{
	struct vp_linear ls[VP_BLOCK_LINEARS_MAX];
	size_t i, n = vp_model_block_linears(c->m, kind, ls, VP_BLOCK_LINEARS_MAX);
	double sum = 0.0;

	*in_sum = *out_sum = *kept = *kept_out = 0.0;
	for (i = 0; i < n; i++) {
		/* each expert is its own matrix: the largest is one of them */
		double w = (double)ls[i].in_features * (double)ls[i].out_features, copies = (double)ls[i].copies;
		sum += w * copies;
		*in_sum += (double)ls[i].in_features * copies;
		*out_sum += (double)ls[i].out_features * copies;
		if (vp_linear_kept_in_fp32(c->m, &ls[i])) {
			*kept += w * copies;
			*kept_out += (double)ls[i].out_features * copies;
		}
		if (w > *largest)
			*largest = w;
	}
	return sum;
}

/* One block's LoRA adapter parameters, added to *lora, and DoRA's
 * magnitudes, added to *dora, each multiplied by `blocks`. */
static void adapter_params(const struct ctx *c, enum vp_block_kind kind, double blocks, double *lora, double *dora)
{
	struct vp_linear ls[VP_BLOCK_LINEARS_MAX];
	size_t i, n = vp_model_block_linears(c->m, kind, ls, VP_BLOCK_LINEARS_MAX);

	for (i = 0; i < n; i++) {
		*lora += blocks * vp_est_lora_adapter_params(c, &ls[i]);
		*dora += blocks * vp_est_dora_magnitude_params(c, &ls[i]);
	}
}

/* The elements of `copies` tensors of `elements` each that a paged
 * optimizer pages (VP_BNB_PAGED_MIN_ELEMENTS). */
static double paged(double elements, double copies)
{
	return elements >= VP_BNB_PAGED_MIN_ELEMENTS ? elements * copies : 0.0;
}

/* The elements of `copies` tensors of `elements` each whose states
 * bitsandbytes' 8-bit optimizers quantize (VP_BNB_8BIT_MIN_ELEMENTS). */
static double bnb_quantized(double elements, double copies)
{
	return elements >= VP_BNB_8BIT_MIN_ELEMENTS ? elements * copies : 0.0;
}

/* The elements of `copies` tensors of `elements` each whose states
 * torchao's low-bit AdamW quantizes (VP_AO_MIN_ELEMENTS, VP_AO_BLOCK). */
static double ao_quantized(double elements, double copies)
{
	return elements >= VP_AO_MIN_ELEMENTS && fmod(elements, VP_AO_BLOCK) == 0.0 ? elements * copies : 0.0;
}

/* One block's trained elements that `kept` keeps (paged, bnb_quantized,
 * ao_quantized),
 * tensor by tensor: each trained matrix, or an adapter's lora_A (r x in)
 * and lora_B (out x r), which at ranks up to 16 are mostly below the paging
 * threshold (Llama 3.2 1B: only the MLP's r x 8192 halves are paged), and
 * DoRA's magnitude vectors. A fused projection's adapted slices (litgpt's
 * LoRAQKVLinear): lora_A r x slices x in, lora_B the slices' widths x r.
 * A block's biases and norms are not counted (below both thresholds in
 * most models: the safe side for the quantizing predicates, whose
 * states are then counted unquantized). */
static double block_elements_kept(const struct ctx *c, enum vp_block_kind kind, double (*kept)(double, double))
{
	struct vp_linear ls[VP_BLOCK_LINEARS_MAX];
	size_t i, n = vp_model_block_linears(c->m, kind, ls, VP_BLOCK_LINEARS_MAX);
	double r = (double)c->t->lora_r, sum = 0.0;

	for (i = 0; i < n; i++) {
		double in = (double)ls[i].in_features, out = (double)ls[i].out_features;
		double copies = (double)ls[i].copies, adapter, a;

		if (c->full) {
			sum += kept(in * out, copies);
			continue;
		}
		adapter = vp_est_lora_adapter_params(c, &ls[i]);
		if (adapter <= 0.0)
			continue;
		sum += kept((double)ls[i].out_features, c->t->dora ? (double)ls[i].copies : 0.0);
		if (adapter == r * (in + out) * copies) {
			sum += kept(r * in, copies) + kept(r * out, copies);
			continue;
		}
		a = r * in *
		    ((vp_est_target_named(c->t, "q_proj") ? 1.0 : 0.0) + (vp_est_target_named(c->t, "k_proj") ? 1.0 : 0.0) +
		     (vp_est_target_named(c->t, "v_proj") ? 1.0 : 0.0));
		sum += kept(a, 1.0) + kept(adapter - a, 1.0);
	}
	return sum;
}

static double block_paged_elements(const struct ctx *c, enum vp_block_kind kind)
{
	return block_elements_kept(c, kind, paged);
}

static bool is_embedding_name(const char *s)
{
	static const char *const names[] = {"wte", "embed_tokens", "word_embeddings", "shared",
					    "embed_in", "tok_embeddings", "embeddings", NULL};
	size_t i;

	for (i = 0; names[i] != NULL; i++)
		if (strcmp(s, names[i]) == 0)
			return true;
	return false;
}

static bool is_type(const struct vp_model *m, const char *t)
{
	return strcmp(m->model_type, t) == 0;
}

/* Does the task's class build the encoder's pooler? BertModel (the encoder
 * head) and BertForSequenceClassification do; the LM heads, the token
 * classifiers and RoBERTa's, XLM-R's (XL too), CamemBERT's and MPNet's
 * sequence classifiers pass add_pooling_layer=False. */
static bool pooler_built(const struct vp_model *m, const struct vp_train *t)
{
	if (!m->pooler)
		return false;
	if (t->head == VP_HEAD_SEQ_CLS)
		return !(is_type(m, "roberta") || is_type(m, "xlm-roberta") || is_type(m, "camembert") ||
			 is_type(m, "xlm-roberta-xl") || m->naming == VP_NAMING_MPNET);
	return t->head == VP_HEAD_ENCODER;
}

/* The pooler's linear a classifier runs before its classifier, where the
 * task's class builds one: BertPooler.dense (pooler_built), ALBERT's
 * pooler (AlbertModel: self.pooler = nn.Linear(hidden, hidden), a linear
 * itself), DeBERTa's ContextPooler.dense (DebertaV2ForSequenceClassification),
 * ModernBERT's head.dense (ModernBertForSequenceClassification and
 * ModernBertForTokenClassification: self.head = ModernBertPredictionHead,
 * dense nn.Linear(hidden, hidden, classifier_bias) before the classifier;
 * until 2026-12-01 left out, 12,288 adapter parameters at r 8 on
 * modernbert-base, tests/cli/estimate/pooler-all-linear.sh).
 * An nn.Linear that is neither the output embedding nor the SEQ_CLS
 * classifier, so PEFT's all-linear adapts it (tuners_utils.py
 * _maybe_include_all_linear_layers excludes only those two), and a target
 * "dense" matches BERT's, DeBERTa's and ModernBERT's (check_target_module_exists:
 * the key ends with ".dense"). A sequence classifier's input is one token a
 * sample (hidden_states[:, 0], or ModernBERT's mean), which its lora_A
 * keeps: b x h, not counted; ModernBERT's token classifier runs it on
 * every token (activations.c). */
bool vp_est_pooler_linear(const struct ctx *c, struct vp_linear *l)
{
	const struct vp_model *m = c->m;
	uint64_t h = m->hidden_size;

	if (pooler_built(m, c->t))
		*l = m->naming == VP_NAMING_ALBERT
			     ? (struct vp_linear){VP_LIN_UP, "pooler", "pooler", h, h, true, 1, false}
			     : (struct vp_linear){VP_LIN_UP, "dense", "pooler.dense", h, h, true, 1, false};
	else if (m->naming == VP_NAMING_DEBERTA && c->t->head == VP_HEAD_SEQ_CLS)
		*l = (struct vp_linear){VP_LIN_UP, "dense", "pooler.dense", h, h, true, 1, false};
	else if (m->naming == VP_NAMING_MODERNBERT && (c->t->head == VP_HEAD_SEQ_CLS || c->t->head == VP_HEAD_TOKEN_CLS))
		*l = (struct vp_linear){VP_LIN_UP, "dense", "head.dense", h, h, false, 1, false};
	else
		return false;
	return true;
}

static bool is_head_name(const char *s)
{
	return strcmp(s, "lm_head") == 0 || strcmp(s, "embed_out") == 0 || strcmp(s, "output") == 0;
}

/* Weights, gradients and optimizer states (docs: "Parameters"). */
/* "no LoRA target names a linear": the targets and the model's linears */
static int lora_targets_error(const struct ctx *c, struct vp_error *err)
{
	char targets[VP_MAX_TARGETS * 33 + 16], linears[256];

	if (c->t->n_lora_targets == 0) {
		vp_error_set(err, VP_ERR_INPUT, "LoRA needs target modules (lora_targets, or all-linear)");
		return vp_error_about(err, "lora_targets");
	}
	vp_train_lora_targets_text(c->t, targets, sizeof targets);
	vp_model_linear_names(c->m, linears, sizeof linears);
	vp_error_set(err, VP_ERR_INPUT,
		     "no LoRA target (%s) names a linear layer of model_type '%s' (its linears: %s; or %s)",
		     targets, c->m->model_type, linears, vp_model_lm_head_name(c->m));
	return vp_error_about(err, "lora_targets");
}

/* The parameter counts the terms below share (docs: "Parameters"). */
struct counts {
	double total;            /* the model's parameters, with its task head */
	double lin, nonlin;      /* in the blocks' linears, and the rest */
	double in_sum, out_sum;  /* the blocks' linears' input and output features */
	double kept, kept_out;   /* of those, kept out of bitsandbytes in fp32
				  * (vp_linear_kept_in_fp32), and their outputs */
	double outside, outside_out; /* weights of the nn.Linears outside the blocks
				      * that bitsandbytes quantizes (bnb_outside),
				      * and their outputs; in nonlin */
	double skip, skip_in, skip_out; /* weights of the blocks' linears the checkpoint's
				  * quantization leaves 16-bit (model.h quant_skip,
				  * skipped_linears), their inputs and outputs; in lin */
	double largest;          /* the largest matrix, in parameters */
	double embed;            /* one vocabulary-sized matrix */
	double frozen;           /* never trained (Marian's sinusoidal tables) */
	double head_params;      /* the task head a run trains */
	double head_peft;        /* ... of which PEFT trains a copy */
	double lora;             /* adapter parameters */
	double dora;             /* DoRA's magnitude vectors (vp_est_dora_magnitude_params) */
	double trainable, trainable_bytes;
	double vocab_bytes;      /* the trained vocabulary-sized matrices */
	double paged;            /* trained elements outside the blocks that a paged optimizer pages */
	double bnb_quant;        /* ... whose states bitsandbytes' 8-bit optimizers quantize */
	double ao_quant;         /* ... whose states torchao's low-bit AdamW quantizes */
	double vocab_copies;     /* vocabulary-sized matrices modules_to_save trains a copy of */
	/* the adapters (and DoRA magnitudes) on a multimodal model's vision
	 * tower and projector (tower_adapters), which a text-only batch never
	 * runs; of them, the elements a paged optimizer pages and those whose
	 * states bitsandbytes' and torchao's low-bit optimizers quantize */
	double tower, tower_paged, tower_bnb, tower_ao;
};

/* ModernBertPredictionHead before a classifier: the MLM transform (dense
 * and norm) without the decoder's bias that the masked LM adds to it. */
static double prediction_head_params(const struct vp_model *m)
{
	return (double)vp_model_mlm_transform_params(m) - (double)m->vocab_size;
}

/* An adapter on a linear outside the blocks (vp_model_embed_linears, an
 * encoder's LM head transform) when all-linear or a target reaches it:
 * lora_A (r x in) and lora_B (out x r), each tensor judged by the
 * optimizers' thresholds as a block's are, and a DoRA magnitude vector. */
static void outside_adapter(const struct ctx *c, const struct vp_linear *l, struct counts *n)
{
	double r = (double)c->t->lora_r, in = (double)l->in_features, out = (double)l->out_features;
	double adapter = vp_est_lora_adapter_params(c, l);

	if (adapter <= 0.0)
		return;
	n->lora += adapter;
	n->dora += vp_est_dora_magnitude_params(c, l);
	n->paged += paged(r * in, 1.0) + paged(r * out, 1.0);
	n->bnb_quant += bnb_quantized(r * in, 1.0) + bnb_quantized(r * out, 1.0);
	n->ao_quant += ao_quantized(r * in, 1.0) + ao_quantized(r * out, 1.0);
}

/*
 * The LoRA adapters PEFT puts on a multimodal model's vision tower and
 * projector (model.h vision_layers), into n->tower. PEFT's all-linear takes
 * every nn.Linear but the output embedding (peft tuners_utils.py
 * _maybe_include_all_linear_layers: no exception for a vision tower, read
 * at commit 005fdd53, later than 0.17.2, whose file says nothing of
 * vision anywhere), and
 * a target name matches any module whose key ends with it
 * (check_target_module_exists), the tower's included: q_proj, k_proj and
 * v_proj reach SigLIP's self_attn (its out_proj, fc1 and fc2 only by those
 * names) and every one of Pixtral's attention.q/k/v/o_proj and
 * feed_forward.gate/up/down_proj; Mistral 3's projector's
 * patch_merger.merging_layer, linear_1 and linear_2 only by those names;
 * Qwen2-VL's and Qwen2.5-VL's attn.qkv, attn.proj, fc1/fc2 and the
 * merger's mlp.0 and mlp.2 only by theirs, Qwen2.5-VL's
 * mlp.gate/up/down_proj by the text model's names too. Gemma 3's
 * projector holds no nn.Linear (mm_input_projection_weight is an
 * nn.Parameter), and the patch convolutions are nn.Conv2d, which
 * all-linear does not take. axolotl's lora_target_linear lists every
 * linear's last name (loaders/adapter.py find_all_linear_names), the
 * tower's too; LLaMA-Factory drops the tower and the projector
 * (train.h lora_skip_vision). r x (in + out) each, and DoRA's magnitude
 * (out). They exist and train (print_trainable_parameters counts them)
 * but a text-only batch never runs them: no gradient, and a torch
 * optimizer makes no state for a parameter whose grad is None
 * (torch/optim/adamw.py _init_group skips `p.grad is None`); the caller
 * puts them with the trained ones under ZeRO and FSDP, whose flat buffers
 * hold every parameter that requires grad. The linears are layers.c
 * vp_model_vision_linears'. Until 2026-12-01 they were not
 * counted (gemma-3-4b-it under all-linear at r 16: 8,695,296 parameters
 * that PEFT prints were missing).
 */
static void tower_adapters(const struct ctx *c, struct counts *n)
{
	double r = (double)c->t->lora_r;
	struct vp_linear ls[VP_VISION_LINEARS_MAX];
	double count[VP_VISION_LINEARS_MAX];
	size_t k;

	if (!c->lora || c->t->lora_skip_vision)
		return;
	k = vp_model_vision_linears(c->m, ls, count);
	for (size_t i = 0; i < k; i++) {
		double in = (double)ls[i].in_features, out = (double)ls[i].out_features;
		double adapter = vp_est_lora_adapter_params(c, &ls[i]), dora;

		if (adapter <= 0.0)
			continue;
		dora = vp_est_dora_magnitude_params(c, &ls[i]);
		n->tower += count[i] * (adapter + dora);
		n->tower_paged += count[i] * (paged(r * in, 1.0) + paged(r * out, 1.0) + paged(dora, 1.0));
		n->tower_bnb += count[i] * (bnb_quantized(r * in, 1.0) + bnb_quantized(r * out, 1.0) +
					    bnb_quantized(dora, 1.0));
		n->tower_ao += count[i] * (ao_quantized(r * in, 1.0) + ao_quantized(r * out, 1.0) +
					   ao_quantized(dora, 1.0));
	}
}

/*
 * The nn.Linears outside the blocks that bitsandbytes quantizes: transformers'
 * replace_with_bnb_linear replaces every nn.Linear whose name is not in
 * modules_to_not_convert, which (llm_int8_skip_modules unset) is
 * get_keys_to_not_convert's: the tied weights, the output embedding and the
 * module of the model's last parameter (integrations/bitsandbytes.py;
 * quantizers/base.py get_modules_to_not_convert). So OPT-350m's project_in
 * and project_out, ELECTRA's embeddings_project and ALBERT's
 * embedding_hidden_mapping_in (vp_model_embed_linears), an encoder's LM head
 * transform dense (vp_est_head_transform: the tied decoder and its bias, or
 * ELECTRA's generator_lm_head, DistilBERT's vocab_projector, come after it)
 * and a sequence classifier's pooler (vp_est_pooler_linear: the classifier's bias is
 * the last parameter; ModernBERT's head.dense the same) are 4-bit, as the
 * blocks' linears. So is the base model's pooler (the encoder head:
 * BertModel, AlbertModel), although its bias is the last parameter:
 * transformers 5's get_keys_to_not_convert strips only ".weight" from the
 * parameter names (k.removesuffix(".weight")), and should_convert_module
 * matches the list against module names (a key as prefix with a dot, the
 * name itself, or a suffix of it), which "pooler.dense.bias" is none of
 * (quantizers/base.py, quantizers/quantizers_utils.py; read for this; until
 * 2026-12-01 counted 16-bit, as transformers 4's list, which stripped
 * ".bias" too, kept it). transformers 4 also kept BERT's, RoBERTa's and
 * ALBERT's MLM transform dense (their decoder's bias is tied to the head's,
 * so "cls.predictions" and "lm_head" were on the list, prefixes of the
 * dense); transformers 5 ties it by name and quantizes it. Until 2026-12-01
 * all of them were counted 16-bit (tests/unit/test_estimate.c). Their biases stay
 * unquantized, as the blocks' (Linear4bit keeps its bias as it was). A
 * classifier's own dense (RoBERTa's classifier.dense, DistilBERT's
 * pre_classifier, an encoder-decoder's classification_head.dense) is left
 * in the head PEFT trains a copy of, 16-bit.
 */
static void bnb_outside(const struct ctx *c, struct counts *n)
{
	struct vp_linear ls[5];
	size_t k, nl = vp_model_embed_linears(c->m, ls, 2);

	if (vp_est_head_transform(c, &ls[nl]))
		nl++;
	/* a classifier's pooler, the base model's, and ModernBERT's
	 * classifiers' head.dense (ModernBertPredictionHead before the
	 * classifier): vp_est_pooler_linear */
	if (vp_est_pooler_linear(c, &ls[nl]))
		nl++;
	for (k = 0; k < nl; k++) {
		n->outside += (double)ls[k].in_features * (double)ls[k].out_features;
		n->outside_out += (double)ls[k].out_features;
	}
}

/* count blocks of one kind into n: their linears' parameters, the
 * inputs and outputs those linears keep, and their adapters */
static void add_blocks(const struct ctx *c, enum vp_block_kind kind, double count, struct counts *n)
{
	double is, os, ks, ko;

	n->lin += count * linear_params(c, kind, &n->largest, &is, &os, &ks, &ko);
	n->in_sum += count * is;
	n->out_sum += count * os;
	n->kept += count * ks;
	n->kept_out += count * ko;
	adapter_params(c, kind, count, &n->lora, &n->dora);
}

/* One block's linears of `kind` whose bits `mask` sets, less those kept in
 * fp32 (counted in kept) and bare parameters, `count` times. */
static void skipped_block(const struct ctx *c, enum vp_block_kind kind, unsigned mask, double count, struct counts *n)
{
	struct vp_linear ls[VP_BLOCK_LINEARS_MAX];
	size_t j, nl = mask != 0 ? vp_model_block_linears(c->m, kind, ls, VP_BLOCK_LINEARS_MAX) : 0;

	for (j = 0; j < nl; j++) {
		double copies = (double)ls[j].copies;

		if (!(mask & 1u << j) || ls[j].param_only || vp_linear_kept_in_fp32(c->m, &ls[j]))
			continue;
		n->skip += count * (double)ls[j].in_features * (double)ls[j].out_features * copies;
		n->skip_in += count * (double)ls[j].in_features * copies;
		n->skip_out += count * (double)ls[j].out_features * copies;
	}
}

/* The blocks' linears the checkpoint's quantization leaves 16-bit: its
 * llm_int8_skip_modules (model.h quant_skip; hfconfig.c read_skip_modules),
 * layer by layer in a decoder-only model, every block alike in the stacks
 * of the others. */
static void skipped_linears(const struct ctx *c, const struct totals *tt, struct counts *n)
{
	const struct vp_model *m = c->m;

	if (m->arch == VP_ARCH_DECODER) {
		for (uint64_t i = 0; i < m->num_layers && i < VP_QUANT_SKIP_LAYERS; i++)
			skipped_block(c, i < m->dense_layers ? VP_BLOCK_DECODER_DENSE : VP_BLOCK_DECODER, m->quant_skip[i],
				      1.0, n);
		return;
	}
	if (tt->n_enc > 0.0)
		skipped_block(c, VP_BLOCK_ENCODER, m->quant_skip_enc, tt->n_enc_params, n);
	if (tt->n_dec > 0.0)
		skipped_block(c, VP_BLOCK_DECODER, m->quant_skip_dec, tt->n_dec, n);
}

/* The blocks' linears, the task head and the model's total. */
static int count_parameters(const struct ctx *c, struct totals *tt, struct counts *n, struct vp_error *err)
{
	const struct vp_model *m = c->m;
	const struct vp_train *t = c->t;

	memset(n, 0, sizeof *n);
	n->total = (double)vp_model_param_count_parts(m, c->decoder, c->lm_head);
	n->embed = (double)m->vocab_size * c->E;
	n->frozen = (double)vp_model_frozen_param_count(m, c->decoder);

	if (n->total <= 0.0)
		return vp_error_set(err, VP_ERR_INPUT, "model '%s' is too large to count its parameters", m->name);

	vp_est_stack_counts(c, tt);
	tt->n_blocks = tt->n_enc + tt->n_dec;
	if (tt->n_enc > 0.0)
		add_blocks(c, VP_BLOCK_ENCODER, tt->n_enc_params, n);
	if (tt->n_dec > 0.0) {
		double dense = dense_blocks(c, tt);
		add_blocks(c, VP_BLOCK_DECODER, tt->n_dec - dense, n);
		if (dense > 0.0)
			add_blocks(c, VP_BLOCK_DECODER_DENSE, dense, n);
	}

	/* Task heads not in the base count (docs: "Heads"). head_params is
	 * the head a run trains; PEFT's SEQ_CLS and TOKEN_CLS tasks train a
	 * copy of every module whose name ends with "classifier" or "score"
	 * (PeftModelForSequenceClassification: modules_to_save defaults to
	 * both; _set_trainable: key.endswith(target_key)). */
	if (m->pooler && !pooler_built(m, t))
		n->total -= (double)m->hidden_size * (double)m->hidden_size + (double)m->hidden_size;
	if (t->head == VP_HEAD_SEQ_CLS) {
		double h = (double)m->hidden_size, labels = (double)t->num_labels;
		double dense = h * h + h, out = h * labels + labels;
		if (m->arch == VP_ARCH_DECODER) {
			/* LlamaForSequenceClassification and every decoder's
			 * score: nn.Linear(hidden, num_labels, bias=False);
			 * OPTForSequenceClassification's reads project_out's
			 * word_embed_proj_dim (embedding_size) */
			n->head_params = c->E * labels;
		} else if (m->arch == VP_ARCH_ENCDEC) {
			/* T5ClassificationHead, BartClassificationHead: dense
			 * then out_proj, with biases, as classification_head,
			 * which PEFT's defaults do not name: frozen under
			 * adapters unless modules_to_save names it */
			n->head_params = dense + out;
		} else if (m->naming == VP_NAMING_MODERNBERT) {
			/* ModernBertForSequenceClassification: head (a
			 * ModernBertPredictionHead: dense without a bias, GELU,
			 * norm), drop, classifier (with its bias). PEFT's
			 * modules_to_save names only "classifier": the head
			 * stays frozen, and untrained, under adapters */
			n->head_params = out;
			n->total += prediction_head_params(m);
		} else if (m->pooler ? !pooler_built(m, t) : m->naming != VP_NAMING_DEBERTA) {
			/* RoBERTa's, XLM-R's, CamemBERT's and MPNet's
			 * ClassificationHead (dense, out_proj) is "classifier";
			 * DistilBERT's pre_classifier ends with "classifier", so
			 * PEFT trains it too; ELECTRA's head holds its dense
			 * inside "classifier" */
			n->head_params = dense + out;
		} else {
			/* BERT's classifier beside its pooler, DeBERTa's beside
			 * its ContextPooler dense ("pooler"): those stay frozen
			 * under adapters */
			n->head_params = out;
			if (m->naming == VP_NAMING_DEBERTA)
				n->total += dense;
		}
	}
	/* XxxForTokenClassification: the encoder, dropout, and classifier
	 * (hidden x labels + labels) over every token, in every encoder
	 * family */
	if (t->head == VP_HEAD_TOKEN_CLS) {
		n->head_params = (double)m->hidden_size * (double)t->num_labels + (double)t->num_labels;
		/* ModernBertForTokenClassification puts its prediction head
		 * (frozen under adapters, as above) before dropout */
		if (m->naming == VP_NAMING_MODERNBERT)
			n->total += prediction_head_params(m);
	}
	n->head_peft = m->arch == VP_ARCH_ENCDEC ? 0.0 : n->head_params;
	/* An encoder's LM head (masked-lm, and BertLMHeadModel's causal-lm)
	 * puts a transform before the tied decoder: dense and LayerNorm, and
	 * the decoder's bias (BertOnlyMLMHead, RobertaLMHead, DistilBERT's
	 * vocab_transform and vocab_layer_norm, MPNetLMHead; ELECTRA's
	 * generator_predictions narrow to embedding_size; ModernBERT's head
	 * has no biases but the decoder's). bert-base-uncased's
	 * BertForMaskedLM counts 109,514,298 and roberta-base's
	 * RobertaForMaskedLM 124,697,433, as loads of them print. */
	if (m->arch == VP_ARCH_ENCODER && c->lm_head)
		n->total += (double)vp_model_mlm_transform_params(m);
	n->total += n->head_params;
	tt->total_params = n->total;
	n->nonlin = n->total - n->lin;
	bnb_outside(c, n);
	skipped_linears(c, tt, n);
	return 0;
}

/* Stored weights (docs: "Weights"). bitsandbytes and GPTQ quantize the
 * linears of the blocks; embeddings, norms, biases and the LM head stay
 * in the compute dtype (transformers BitsAndBytesConfig
 * llm_int8_skip_modules, get_keys_to_not_convert). */
static void stored_weights(const struct ctx *c, const struct counts *n, struct totals *tt)
{
	const struct vp_train *t = c->t;
	/* bitsandbytes replaces every nn.Linear but the LM head, a multimodal
	 * Gemma 3's vision tower's too, and Mistral 3's tower's and projector's
	 * (transformers' get_keys_to_not_convert keeps only the output
	 * embedding); a GPTQ checkpoint quantizes the text model's blocks */
	double vis = c->m->quant_skip_vision ? 0.0 : (double)c->m->vision_linear_params;
	/* the linears a model class keeps out of bitsandbytes, in fp32 whatever
	 * the compute dtype (vp_linear_kept_in_fp32: T5's wo) */
	/* and the linears outside the blocks it quantizes (bnb_outside); the
	 * blocks' linears the checkpoint's llm_int8_skip_modules names stay
	 * in the unquantized parts' dtype (skipped_linears) */
	double q = n->lin - n->kept - n->skip + vis + n->outside, kept = n->kept * 4.0;
	double rest = n->nonlin - vis - n->outside + n->skip;

	switch (t->quant) {
	case VP_QUANT_NONE:
		tt->weights = n->total * c->wb;
		break;
	case VP_QUANT_NF4:
		tt->weights = q * VP_NF4_BYTES_PER_PARAM + kept + rest * c->wb;
		break;
	case VP_QUANT_NF4_DQ:
		tt->weights = q * VP_NF4_DQ_BYTES_PER_PARAM + kept + rest * c->wb;
		break;
	case VP_QUANT_INT8:
		/* LLM.int8(): int8 weights plus one fp32 scale per output row
		 * (the vision tower's scales, about 1 MB for Gemma 3's, are
		 * not counted) */
		tt->weights = q * 1.0 + (n->out_sum - n->kept_out - n->skip_out + n->outside_out) * 4.0 + kept +
			      rest * c->wb;
		break;
	case VP_QUANT_GPTQ_INT4:
		tt->weights = (n->lin - n->skip) * VP_GPTQ_BYTES_PER_PARAM + (n->in_sum - n->skip_in) * 4.0 +
			      (n->nonlin + n->skip) * c->nb;
		break;
	}
	tt->largest_linear_bytes = n->largest * c->e;
}

/* What is trained: every parameter but the frozen ones (full), or the
 * adapters and the modules PEFT trains a copy of (LoRA, QLoRA). */
static int trained_parameters(const struct ctx *c, struct counts *n, struct totals *tt, struct vp_error *err)
{
	const struct vp_model *m = c->m;
	const struct vp_train *t = c->t;
	size_t i;

	tt->trains_vocab_matrix = c->full;
	switch (t->method) {
	case VP_METHOD_FULL:
		/* requires_grad is False on Marian's sinusoidal position
		 * tables: no gradient, no optimizer state. A multimodal
		 * Gemma 3's or Mistral 3's vision tower requires grad but a text-only batch
		 * never reaches it: its gradients stay None and torch's
		 * optimizers skip a parameter without one (no state), except
		 * under DeepSpeed ZeRO and FSDP, which flatten every parameter
		 * that requires grad into buffers with gradients and states. */
		n->trainable = n->total - n->frozen;
		if (t->zero_stage > 0 || t->fsdp)
			n->trainable += (double)m->vision_params;
		n->trainable_bytes = n->trainable * c->wb;
		n->vocab_bytes = n->embed * (c->head_matrix ? 2.0 : 1.0) * c->wb;
		n->paged = paged(n->embed, c->head_matrix ? 2.0 : 1.0) + paged(n->head_params, 1.0);
		/* a task head (a dense, an out_proj and their biases in one
		 * count) is left unquantized: the safe side */
		n->bnb_quant = bnb_quantized(n->embed, c->head_matrix ? 2.0 : 1.0);
		n->ao_quant = ao_quantized(n->embed, c->head_matrix ? 2.0 : 1.0);
		break;
	case VP_METHOD_LORA:
	case VP_METHOD_QLORA:
		/* an LM head is an nn.Linear whether or not it shares the
		 * embedding's matrix, and PEFT wraps a tied one too (it warns
		 * of the tie, tuners_utils.py _get_tied_target_modules); an
		 * encoder's MLM head is a module of its own (RobertaLMHead),
		 * which only an untied matrix stands for here */
		if (vp_est_target_named(t, vp_model_lm_head_name(m)) && c->lm_head &&
		    (c->head_matrix || m->arch != VP_ARCH_ENCODER)) {
			/* DoRA there would save two T x vocabulary tensors
			 * beside the logits, which logits.c does not count */
			if (t->dora) {
				vp_error_set(err, VP_ERR_INPUT,
					     "DoRA on the LM head '%s' is not modelled (only on the blocks' linears)",
					     vp_model_lm_head_name(m));
				return vp_error_about(err, "dora");
			}
			/* the head's input is the embedding width: OPT-350m's
			 * lm_head is nn.Linear(word_embed_proj_dim, vocab) */
			n->lora += (double)t->lora_r * (c->E + (double)m->vocab_size);
			n->paged += paged((double)t->lora_r * c->E, 1.0) +
				    paged((double)t->lora_r * (double)m->vocab_size, 1.0);
			n->bnb_quant += bnb_quantized((double)t->lora_r * c->E, 1.0) +
					bnb_quantized((double)t->lora_r * (double)m->vocab_size, 1.0);
			n->ao_quant += ao_quantized((double)t->lora_r * c->E, 1.0) +
				       ao_quantized((double)t->lora_r * (double)m->vocab_size, 1.0);
		}
		/* PEFT's all-linear takes every nn.Linear but the output
		 * embedding (tuners_utils.py _maybe_include_all_linear_layers:
		 * named_modules, then get_output_embeddings removed), and a
		 * target name matches any module's key (check_target_module_
		 * exists), so the linears outside the blocks get adapters too:
		 * OPT-350m's project_in and project_out, ELECTRA's
		 * embeddings_project, ALBERT's embedding_hidden_mapping_in
		 * (vp_model_embed_linears), r x (in + out) each, an A and a B.
		 * Until 2026-12-01 they were left out under all-linear (OPT-350m:
		 * 24,576 parameters at r 8), and a target list naming only them
		 * was refused (tests/unit/test_estimate.c,
		 * tests/cli/errors/lora-targets-opt-projections.sh) */
		{
			struct vp_linear ls[2];
			size_t k, nl = vp_model_embed_linears(m, ls, 2);

			for (k = 0; k < nl; k++)
				outside_adapter(c, &ls[k], n);
		}
		{
			struct vp_linear dense;

			if (vp_est_head_transform(c, &dense))
				outside_adapter(c, &dense, n);
			/* and a classifier's pooler (until 2026-12-01 left
			 * out: bert-base's sequence classifier under all-linear
			 * lacked 12,288 parameters at r 8,
			 * tests/cli/estimate/pooler-all-linear.sh) */
			if (vp_est_pooler_linear(c, &dense))
				outside_adapter(c, &dense, n);
		}
		tower_adapters(c, n);
		/* PEFT stops when no target names a module ("Target modules ...
		 * not found in the base model"); an estimate of nothing trained
		 * would be a wrong answer, not an estimate */
		if (n->lora <= 0.0)
			return lora_targets_error(c, err);
		if (t->dora) {
			if (t->quant == VP_QUANT_GPTQ_INT4) {
				/* peft/utils/integrations.py dequantize_module_weight
				 * knows bitsandbytes, HQQ and torchao weights only */
				vp_error_set(err, VP_ERR_INPUT,
					     "DoRA over a GPTQ base is not modelled (PEFT dequantizes only "
					     "bitsandbytes, HQQ and torchao weights for it)");
				return vp_error_about(err, "dora");
			}
			if ((tt->n_enc > 0.0 && dora_check(c, VP_BLOCK_ENCODER, err) != 0) ||
			    (tt->n_dec > 0.0 && dora_check(c, VP_BLOCK_DECODER, err) != 0) ||
			    (dense_blocks(c, tt) > 0.0 && dora_check(c, VP_BLOCK_DECODER_DENSE, err) != 0))
				return -1;
		}
		/* the head PEFT trains is a copy (ModulesToSaveWrapper) beside
		 * the frozen original; DoRA's magnitudes train beside the
		 * adapters, in their dtype (each below bitsandbytes' paging
		 * threshold unless a linear has 1e5 outputs: counted whole in
		 * block_paged_elements) */
		n->trainable = n->lora + n->dora + n->head_peft;
		n->paged += paged(n->head_peft, 1.0);
		n->trainable_bytes = (n->lora + n->dora) * c->ab + n->head_peft * c->nb;
		tt->weights += (n->lora + n->dora + n->tower) * c->ab + n->head_peft * c->nb;
		/* (the magnitudes whose weight norm the forward computes: the
		 * tower's never run) */
		tt->dora_params = n->dora;
		/* the tower's adapters, in the adapters' dtype: with gradients
		 * and states only where ZeRO's or FSDP's flat buffers hold every
		 * parameter that requires grad (tower_adapters) */
		if (t->zero_stage > 0 || t->fsdp) {
			n->trainable += n->tower;
			n->trainable_bytes += n->tower * c->ab;
			n->paged += n->tower_paged;
			n->bnb_quant += n->tower_bnb;
			n->ao_quant += n->tower_ao;
			n->tower = 0.0;
		}
		/* PEFT modules_to_save wraps a module in ModulesToSaveWrapper,
		 * which trains a deep copy and keeps the original frozen. */
		for (i = 0; i < t->n_modules_to_save; i++) {
			const char *name = t->modules_to_save[i];
			double p;
			if (is_head_name(name) && !c->lm_head)
				return vp_error_set(err, VP_ERR_INPUT,
						    "modules_to_save entry '%s' names an LM head, and the %s head has none",
						    name, vp_head_name(t->head));
			if (is_embedding_name(name) || is_head_name(name)) {
				p = n->embed;
				n->bnb_quant += bnb_quantized(p, 1.0);
				n->ao_quant += ao_quantized(p, 1.0);
				n->vocab_copies += 1.0;
				tt->trains_vocab_matrix = true;
				n->vocab_bytes += n->embed * c->nb;
			} else if (strcmp(name, "classifier") == 0 || strcmp(name, "score") == 0)
				p = 0.0; /* the task head, already trained */
			else if (strcmp(name, "classification_head") == 0 && n->head_peft != n->head_params)
				p = n->head_params - n->head_peft; /* an encoder-decoder's head */
			else
				return vp_error_set(err, VP_ERR_INPUT,
						    "modules_to_save entry '%s' is not supported (expected an embedding "
						    "or LM head name: wte, embed_tokens, word_embeddings, shared, lm_head, "
						    "embed_out, or classifier/score, or classification_head for an "
						    "encoder-decoder classifier)", name);
			tt->weights += p * c->nb;
			n->trainable += p;
			n->paged += paged(p, 1.0);
			n->trainable_bytes += p * c->nb;
			if (p > n->largest)
				n->largest = p;
		}
		break;
	case VP_METHOD_FROZEN:
		break;
	}
	/* what print_trainable_parameters says: the tower's adapters too,
	 * which require grad though none reaches them */
	tt->trainable_params = n->trainable + n->tower;
	/* PEFT's model holds the adapters and the modules_to_save copies
	 * besides the base: they count in its parameters */
	if (c->lora)
		tt->total_params += n->trainable + n->tower;
	tt->largest_param_bytes = fmax(n->largest, c->full ? n->embed : 0.0) * c->wb;
	if (!c->full && c->lora)
		tt->largest_param_bytes = fmin(tt->largest_param_bytes, n->trainable_bytes);
	if (n->trainable <= 0.0)
		tt->largest_param_bytes = 0.0;
	return 0;
}

/* Gradients (docs: "Gradients"): in the parameter dtype. With the
 * optimizer step fused into backward only one parameter's gradient
 * exists at a time (torchtune optimizer_in_bwd, post-accumulate hooks). */
static void gradients(const struct ctx *c, const struct counts *n, struct totals *tt)
{
	const struct vp_model *m = c->m;
	const struct vp_train *t = c->t;

	tt->grads = t->optimizer_in_backward ? tt->largest_param_bytes : n->trainable_bytes;
	/* A tied embedding's gradient starts accumulating at the LM head (the
	 * first module in backward) and completes at the embedding (the last),
	 * so with the step in backward it lives through the whole backward
	 * beside the gradient of the parameter being stepped. */
	tt->grads_in_backward = tt->grads;
	/* The input embedding is the first module of the forward, so its
	 * gradient appears at the end of backward, when the blocks' saved
	 * tensors are gone, unless an LM head shares the matrix (its
	 * gradient then starts at the head, the first module in backward)
	 * or (encoder-decoder) the decoder's lookup of the shared matrix
	 * completes it before the encoder's backward. Traced:
	 * MS-BGEM3-cls-fp16 peaked with XLM-R's 977 MiB embedding states and
	 * no embedding gradient. */
	tt->late_grads = 0.0;
	if (c->full && !t->optimizer_in_backward && m->arch != VP_ARCH_ENCDEC && !(c->lm_head && m->tie_embeddings))
		tt->late_grads = fmin(n->embed * c->wb, n->trainable_bytes);
	if (t->optimizer_in_backward && c->full && c->lm_head && m->tie_embeddings)
		tt->grads_in_backward = fmin(n->embed * c->wb + n->largest * c->wb, n->trainable_bytes);
}

/* torchao's AdamW8bit or AdamW4bit, `bits` a state value (VP_AO_BLOCK):
 * exp_avg (signed map) and exp_avg_sq (unsigned) are the same subclass,
 * OptimState8bit (create_dynamic_map, 256 entries) or OptimState4bit
 * (create_dynamic_map(True, 3, 4) and linspace(0, 1, 17)[1:]), blocks of
 * VP_AO_BLOCK with an fp32 scale each; a tensor they do not quantize keeps
 * both states zeros_like(p), at the parameter's own bytes (no fp32 master:
 * the step writes p.copy_(p_f32)), where bitsandbytes keeps fp32 states
 * below its min_8bit_size (Optimizer2State.init_state). Each state's qmap
 * (64 or 1024 bytes) is not counted. */
static void ao_adamw_states(const struct ctx *c, const struct counts *n, struct totals *tt, double bits)
{
	double bpe = n->trainable > 0.0 ? n->trainable_bytes / n->trainable : c->wb;
	double q = n->ao_quant + tt->n_enc_params * block_elements_kept(c, VP_BLOCK_ENCODER, ao_quantized) +
		   (tt->n_dec - dense_blocks(c, tt)) * block_elements_kept(c, VP_BLOCK_DECODER, ao_quantized) +
		   dense_blocks(c, tt) * block_elements_kept(c, VP_BLOCK_DECODER_DENSE, ao_quantized);

	q = fmin(n->trainable, q);
	tt->optimizer = q * 2.0 * (bits / 8.0 + 4.0 / VP_AO_BLOCK) + (n->trainable - q) * 2.0 * bpe;
	/* _AdamBase.step runs torch.compile(single_param_adam) one parameter
	 * at a time: it dequantizes both states to fp32
	 * (exp_avg.float().lerp(...), exp_avg_sq.float().lerp(...)),
	 * requantizes them with copy_ and updates p from the fp32 pair, so the
	 * largest parameter's two fp32 states are counted whatever `bits` (not
	 * traced: what inductor materializes beside them, the fp32 gradient
	 * and parameter, may add to it). bitsandbytes' 8-bit kernel updates
	 * its states in place: no such temporary. */
	tt->step_temp = 2.0 * 4.0 * tt->largest_param_bytes / bpe;
}

/* bitsandbytes' 8-bit AdamW (paged or not): a tensor of min_8bit_size
 * elements or more keeps 8-bit states with an fp32 absmax per block, a
 * smaller one fp32 states; a block's norms and biases, and a task head, are
 * counted as smaller ones (the safe side). Until 2026-11-30 every tensor's
 * states were counted 8-bit, under by 6 bytes an element of the small ones
 * (LoRA r 4 on a 768-wide model: each A and B of 3,072 elements). */
static double bnb_adamw8_states(const struct ctx *c, const struct counts *n, const struct totals *tt)
{
	double q = n->bnb_quant + tt->n_enc_params * block_elements_kept(c, VP_BLOCK_ENCODER, bnb_quantized) +
		   (tt->n_dec - dense_blocks(c, tt)) * block_elements_kept(c, VP_BLOCK_DECODER, bnb_quantized) +
		   dense_blocks(c, tt) * block_elements_kept(c, VP_BLOCK_DECODER_DENSE, bnb_quantized);

	q = fmin(n->trainable, q);
	return q * VP_ADAM8_STATE_BYTES_PER_PARAM + (n->trainable - q) * 8.0;
}

/* Optimizer states (docs: "Optimizer states"). */
static void optimizer_states(const struct ctx *c, const struct counts *n, struct totals *tt)
{
	const struct vp_model *m = c->m;
	const struct vp_train *t = c->t;

	tt->step_temp = 0.0;
	tt->paged_states = 0.0;
	switch (t->optimizer) {
	case VP_OPT_ADAMW:
		tt->optimizer = 2.0 * n->trainable_bytes;
		/* The update's denominator (sqrt(exp_avg_sq) + eps) is a
		 * temporary. torch.optim.AdamW on CUDA defaults to the foreach
		 * path since PyTorch 2.0 (_default_to_fused_or_foreach), whose
		 * _multi_tensor_adam computes torch._foreach_sqrt of every
		 * exp_avg_sq of a dtype group at once: one temporary the size of
		 * all trainable parameters (measured: MS-QW18-loraemb, traced at
		 * torch/optim/adam.py _multi_tensor_adam). transformers' own
		 * AdamW and the single-tensor path of PyTorch 1.x go one
		 * parameter at a time; eager attention may be that older stack
		 * (vp_est_on_pytorch2) and HF-BERT-03/05 show no such copy. With
		 * the step in backward each parameter has an optimizer of its
		 * own (torchtune optimizer_in_bwd), so one parameter's worth.
		 * PyTorch 2.0.x kept a second list alive beside it: denom =
		 * torch._foreach_add(exp_avg_sq_sqrt, eps) while exp_avg_sq_sqrt
		 * was still referenced; 2.1 adds eps in place (pytorch/pytorch
		 * #97712, fixed by #104898, July 2023). */
		if (vp_est_on_pytorch2(t) && !t->optimizer_in_backward)
			tt->step_temp = n->trainable_bytes * (t->pytorch == VP_PYTORCH_2_0 ? 2.0 : 1.0);
		else
			tt->step_temp = tt->largest_param_bytes;
		break;
	case VP_OPT_ADAMW_FUSED:
		tt->optimizer = 2.0 * n->trainable_bytes;
		break;
	case VP_OPT_ADAMW_8BIT:
		tt->optimizer = bnb_adamw8_states(c, n, tt);
		break;
	case VP_OPT_ADAMW_8BIT_AO:
		ao_adamw_states(c, n, tt, 8.0);
		break;
	case VP_OPT_ADAMW_4BIT:
		ao_adamw_states(c, n, tt, 4.0);
		break;
	case VP_OPT_PAGED_ADAMW:
	case VP_OPT_PAGED_ADAMW_8BIT: {
		/* bitsandbytes paged optimizers allocate the states of the
		 * parameters of 1e5 elements or more with cudaMallocManaged,
		 * outside PyTorch's allocator; the rest, and the 8-bit absmax
		 * buffers, are ordinary tensors (VP_BNB_PAGED_MIN_ELEMENTS) */
		bool bits32 = t->optimizer == VP_OPT_PAGED_ADAMW;
		double states = bits32 ? n->trainable * 8.0 : bnb_adamw8_states(c, n, tt);
		double pages = n->paged + tt->n_enc_params * block_paged_elements(c, VP_BLOCK_ENCODER) +
			       (tt->n_dec - dense_blocks(c, tt)) * block_paged_elements(c, VP_BLOCK_DECODER) +
			       dense_blocks(c, tt) * block_paged_elements(c, VP_BLOCK_DECODER_DENSE);

		tt->paged_states = fmin(states, pages * (bits32 ? 8.0 : 2.0));
		tt->optimizer = states - tt->paged_states;
		break;
	}
	case VP_OPT_ADAFACTOR: {
		/* transformers Adafactor (beta1=None): factored second moment,
		 * a row and a column vector per matrix. Its step upcasts a 16-bit
		 * gradient (grad = grad.float()) before it creates the states
		 * (zeros(...).to(grad)), so they are fp32 whatever the weights. */
		double trained_param_bytes = c->full ? c->wb : c->ab;

		if (c->full) {
			/* matrices: one value per row and per column; the embedding
			 * (and an untied head) likewise; vectors: one per element */
			double matrices = n->lin + n->embed * (c->head_matrix ? 2.0 : 1.0);
			double vectors = fmax(0.0, n->total - n->frozen - matrices);
			double factored = n->in_sum + n->out_sum +
					  ((double)m->vocab_size + c->E) * (c->head_matrix ? 2.0 : 1.0);
			tt->optimizer = (factored + vectors) * 4.0;
		} else {
			/* an adapter's A (r x in) keeps r + in values and its B
			 * (out x r) out + r: 1/r of its r (in + out) parameters, but
			 * 2r; a trained head copy is counted whole (the safe side),
			 * modules_to_save's too (an encoder-decoder's
			 * classification_head), and a vocabulary matrix's copy
			 * (embed_tokens, lm_head) is factored: V + E values */
			double r = (double)(t->lora_r > 0 ? t->lora_r : 1);
			double copies = n->trainable - n->lora - n->dora - n->head_peft - n->vocab_copies * n->embed;
			tt->optimizer = (n->lora / r + n->dora + n->head_peft + fmax(0.0, copies) +
					 n->vocab_copies * ((double)m->vocab_size + c->E)) *
					4.0;
		}
		/* one parameter at a time, in fp32: the update and
		 * _approx_sq_grad's result at once, and for a 16-bit parameter
		 * its fp32 gradient and p.float() (p_data_fp32) beside them
		 * (transformers/optimization.py Adafactor.step) */
		tt->step_temp = (trained_param_bytes < 4.0 ? 4.0 : 2.0) * (tt->largest_param_bytes / c->wb) * 4.0;
		break;
	}
	case VP_OPT_SGD:
		tt->optimizer = 0.0;
		break;
	case VP_OPT_SGD_MOMENTUM:
		/* momentum_buffer = clone(grad): the parameter's dtype */
		tt->optimizer = n->trainable_bytes;
		break;
	case VP_OPT_LION:
		/* Trainer's lion_32bit is bitsandbytes' Lion, an
		 * Optimizer1State whose init_state makes state1 with
		 * get_state_buffer(p, dtype=torch.float32) when optim_bits is 32:
		 * fp32 whatever the weights (bitsandbytes/optim/optimizer.py).
		 * Its update is one in-place kernel (optimizer_update_32bit);
		 * the largest parameter's temporary stays for the Lions written
		 * in tensor ops (lion-pytorch's exp_avg.clone()...), the safe
		 * side. */
		tt->optimizer = n->trainable * 4.0;
		tt->step_temp = tt->largest_param_bytes;
		break;
	case VP_OPT_NONE:
		tt->optimizer = 0.0;
		break;
	}
	if (t->method == VP_METHOD_FROZEN)
		tt->optimizer = tt->step_temp = 0.0;
}

/* The trained vocabulary-sized matrices' share of what comes and goes
 * (docs: "Allocator", the vocabulary's own segments): their gradients,
 * their states (not Adafactor's, which are factored: a row and a
 * column) and the step's temporaries of them, a whole list's share on
 * the foreach path, one parameter's on a path that goes one at a time. */
static void vocab_shares(const struct ctx *c, const struct counts *n, struct totals *tt)
{
	const struct vp_train *t = c->t;

	tt->vocab_block_bytes = n->vocab_bytes > 0.0 ? n->embed * (c->full ? c->wb : c->nb) : 0.0;
	tt->vocab_grad_bytes = t->optimizer_in_backward ? 0.0 : n->vocab_bytes;
	tt->vocab_states_bytes = 0.0;
	tt->vocab_temp_bytes = 0.0;
	if (n->vocab_bytes > 0.0 && n->trainable_bytes > 0.0) {
		double share = fmin(1.0, n->vocab_bytes / n->trainable_bytes);
		/* a paged optimizer's vocabulary states are paged */
		if (t->optimizer != VP_OPT_ADAFACTOR && tt->paged_states <= 0.0)
			tt->vocab_states_bytes = tt->optimizer * share;
		if (tt->step_temp >= n->trainable_bytes)
			tt->vocab_temp_bytes = tt->step_temp * share;
		else if (tt->largest_param_bytes > 0.0)
			tt->vocab_temp_bytes =
				fmin(tt->step_temp, tt->step_temp / tt->largest_param_bytes * tt->vocab_block_bytes);
	}
}

/* Allocator rounding of the persistent tensors: each parameter, its
 * gradient and its (up to two) optimizer states are separate allocations of
 * the same size. */
static void persistent_waste(const struct ctx *c, const struct counts *n, struct totals *tt)
{
	struct vp_linear ls[VP_BLOCK_LINEARS_MAX];
	double copies = 1.0, per_tensor;
	size_t k, n_linears;
	int kind;
	/* ZeRO-Offload (distribute, docs/memory-model.md "ZeRO-Offload"):
	 * what is offloaded is in host RAM, with no GPU allocation to round:
	 * the gradients and states with the optimizer, the weights' partition
	 * with the parameters (distribute's condition: ZeRO, something
	 * trained). Until 2026-11-30 they were rounded here all the same, so
	 * an offloaded AdamW's GPU peak was 256 MiB above an offloaded SGD's
	 * for Llama 3.1 8B on 4 GPUs (found by a review). */
	bool zero = c->t->zero_stage > 0 && n->trainable > 0.0;
	bool off_opt = zero && c->t->zero_offload_optimizer;

	if (zero && c->t->zero_stage >= 3 && c->t->zero_offload_param)
		copies = 0.0;
	/* (a paged optimizer's states of these matrices are paged) */
	if (n->trainable > 0.0 && c->full && !off_opt)
		copies += 1.0 + (tt->optimizer > 0.0 && tt->paged_states <= 0.0 ? 2.0 : 0.0);
	/* stage 1 with the optimizer offloaded: the states are host tensors,
	 * but each parameter's whole 16-bit gradient stays a GPU tensor of its
	 * own until the boundary's reduction (distribute, "ZeRO-Offload") */
	else if (n->trainable > 0.0 && c->full && off_opt && c->t->zero_stage < 2)
		copies += 1.0;
	tt->persistent_waste = 0.0;
	for (kind = 0; kind < 3; kind++) {
		double blocks = kind == 0 ? tt->n_enc_params
				: kind == 1 ? tt->n_dec - dense_blocks(c, tt)
					    : dense_blocks(c, tt);
		if (blocks <= 0.0)
			continue;
		n_linears = vp_model_block_linears(c->m, kind == 0 ? VP_BLOCK_ENCODER
							 : kind == 1 ? VP_BLOCK_DECODER
								     : VP_BLOCK_DECODER_DENSE,
						   ls, VP_BLOCK_LINEARS_MAX);
		for (k = 0; k < n_linears; k++) {
			/* the stored matrix alone (its scales are small tensors
			 * of their own): bitsandbytes' 4-bit Params4bit packs two
			 * codes a byte (functional.py quantize_4bit: a uint8
			 * tensor of (n + 1) // 2), GPTQ's qweight eight codes an
			 * int32 (in / 8 x out), both half a byte an element;
			 * Int8Params keeps an int8 matrix, CB, of the weight's
			 * shape (nn/modules.py Int8Params._quantize), a byte an
			 * element (counted at half a byte until 2026-11-30, a
			 * docs-against-code audit) */
			double bytes = c->t->quant == VP_QUANT_INT8 ? 1.0 : c->t->quant != VP_QUANT_NONE ? 0.5 : c->wb;

			per_tensor = (double)ls[k].in_features * (double)ls[k].out_features * bytes;
			tt->persistent_waste += vp_est_alloc_waste(per_tensor) * blocks * copies * (double)ls[k].copies;
		}
	}
	tt->persistent_waste += vp_est_alloc_waste(n->embed * c->wb) * copies * (c->head_matrix ? 2.0 : 1.0);
}

/* The bytes a parameter of the flat fp32 partition that DeepSpeed ZeRO hands
 * its wrapped optimizer (stage_1_and_2.py: param_group['params'] =
 * [self.single_partition_of_fp32_groups[i]]; stage3.py likewise per
 * sub-group) costs in that optimizer's states. The HF Trainer passes its own
 * optimizer (integrations/deepspeed.py deepspeed_optim_sched: trainer.
 * create_optimizer(), zero_allow_untested_optimizer = True), so the states
 * are the optimizer's, on one 1-D fp32 tensor: Adam's two (8 bytes),
 * bitsandbytes' 8-bit pair and absmax, Adafactor's unfactored exp_avg_sq (a
 * vector: len(shape) < 2), momentum's and Lion's one fp32 buffer, none for
 * plain SGD. */
static double zero_state_bytes(enum vp_optimizer o)
{
	switch (o) {
	case VP_OPT_ADAMW:
	case VP_OPT_ADAMW_FUSED:
	case VP_OPT_PAGED_ADAMW:
		return 8.0;
	/* torchao quantizes a tensor whose size divides by its block
	 * (VP_AO_BLOCK); ZeRO pads the flat group to a multiple of 2 x the
	 * GPUs only (stage_1_and_2.py nccl_start_alignment_factor = 2), so
	 * a partition is a multiple of 2, rarely of 256: its states are
	 * zeros_like of it, fp32 (the safe side where it would divide), at
	 * either width */
	case VP_OPT_ADAMW_8BIT_AO:
	case VP_OPT_ADAMW_4BIT:
		return 8.0;
	case VP_OPT_ADAMW_8BIT:
	case VP_OPT_PAGED_ADAMW_8BIT:
		return VP_ADAM8_STATE_BYTES_PER_PARAM;
	case VP_OPT_ADAFACTOR:
	case VP_OPT_SGD_MOMENTUM:
	case VP_OPT_LION:
		return 4.0;
	case VP_OPT_SGD:
	case VP_OPT_NONE:
		break;
	}
	return 0.0;
}

/* The fp32 gradient partition ZeRO-Offload keeps beside the master in host
 * RAM: every trained parameter's, 4 bytes, over the GPUs (stage 3 too: its
 * sub-groups' gradients are all offloaded before the step). */
static double grad32_whole(const struct counts *n, double gpus)
{
	return n->trainable * 4.0 / gpus;
}

/* Several GPUs: what each one holds under DeepSpeed ZeRO, FSDP or plain DDP. */
static void distribute(const struct ctx *c, const struct counts *n, struct totals *tt)
{
	const struct vp_train *t = c->t;

	/* DeepSpeed ZeRO (docs: "ZeRO"): the optimizer keeps an fp32 master
	 * partition and the wrapped optimizer's states of it
	 * (zero_state_bytes); gradients are reduced through buckets of
	 * reduce_bucket_size elements (two with overlap_comm). Stages
	 * partition states (1), gradients (2) and weights (3) over GPUs. */
	if (t->zero_stage > 0 && n->trainable > 0.0) {
		double gpus = (double)(t->gpus > 0 ? t->gpus : 1);
		/* the master is a copy whatever the weights' dtype: fp32 weights
		 * too are cloned (stage_1_and_2.py: parallel_partitioned_bit16_
		 * groups[i][partition_id].to(device).clone().float(); stage3.py
		 * _create_fp32_partitions: .clone().float()) */
		double master = n->trainable * 4.0;
		double states = n->trainable * zero_state_bytes(t->optimizer);
		/* a paged optimizer pages the partition's states (one flat
		 * tensor, or stage 3's sub-groups, of 1e5 elements or more);
		 * the 8-bit absmax buffers stay ordinary tensors */
		double paged_states = t->optimizer == VP_OPT_PAGED_ADAMW || t->optimizer == VP_OPT_PAGED_ADAMW_8BIT
					      ? paged(n->trainable / gpus,
						      t->optimizer == VP_OPT_PAGED_ADAMW ? 8.0 : 2.0)
					      : 0.0;
		/* DeepSpeedZeroOptimizer.backward() (stage_1_and_2.py)
		 * allocates its gradient buffer, ipg_buffer, at every
		 * backward: torch.empty of the whole reduce_bucket_size in the
		 * 16-bit dtype, however few parameters train (a LoRA run
		 * holds it too), and a second one with overlap_comm, which is
		 * off by default below stage 3 (config.py overlap_comm_valid);
		 * stage 3 keeps one flat buffer of that size
		 * (stage3.py __ipg_bucket_flat_buffer). HF's "auto" fills in
		 * hidden x hidden (integrations/deepspeed.py). */
		double elements = t->zero_bucket_auto ? c->h * c->h
				  : t->zero_bucket_elements > 0 ? (double)t->zero_bucket_elements
								 : VP_ZERO_BUCKET_ELEMENTS;
		bool overlap = t->zero_stage < 3 && t->zero_overlap_set && t->zero_overlap;
		/* ipg_buffer's dtype is the model's parameters' (self.dtype):
		 * 16-bit under DeepSpeed's fp16/bf16 engine, fp32 in an fp32
		 * run */
		double bucket = elements * (overlap ? 2.0 : 1.0) * c->e;
		/* The step (stage_1_and_2.py step(); stage3.py
		 * _prepare_fp32_grad_for_sub_group) flattens the partition's
		 * gradients and converts them to fp32 for the optimizer, which
		 * steps on the flat fp32 partition: the flat copy in the
		 * gradients' dtype and the fp32 one for a moment, then the fp32
		 * one beside the optimizer's own temporaries (a foreach AdamW's
		 * sqrt of the flat exp_avg_sq, as in "Optimizer states").
		 * DeepSpeed's estimate_zero2_model_states_mem_needs counts the
		 * same 16 bytes a parameter over the GPUs: master, states and
		 * the fp32 gradient. */
		/* Stage 3 does it one sub-group at a time, releasing each
		 * one's fp32 gradient after its step (stage3.py step():
		 * _prepare_fp32_grad_for_sub_group, _optimizer_step,
		 * _release_sub_group): a sub-group of sub_group_size elements,
		 * and the parameter that closes it, not the whole partition. */
		double stepped = n->trainable / gpus;
		double grad32, flat, opt_temp;

		if (t->zero_stage >= 3)
			stepped = fmin(stepped, VP_ZERO3_SUB_GROUP_ELEMENTS + n->largest / gpus);
		grad32 = stepped * 4.0;
		flat = n->trainable_bytes < n->trainable * 4.0 ? stepped * n->trainable_bytes / n->trainable : 0.0;
		/* a foreach AdamW's sqrt of the flat fp32 exp_avg_sq (two such
		 * lists on PyTorch 2.0.x, "Optimizer states"); Adafactor's step
		 * on the flat fp32 vector holds its update and the next one
		 * (update = exp_avg_sq.rsqrt().mul_(grad) while the old update
		 * is bound; then p.add_(-update)), the gradient and parameter
		 * being fp32 already (transformers/optimization.py) */
		/* A path that goes one parameter at a time (PyTorch 1's
		 * AdamW, a tensor-op Lion: "the largest parameter") meets one
		 * parameter here, the flat partition: one temporary of it. */
		if (t->optimizer == VP_OPT_ADAFACTOR)
			opt_temp = 2.0 * grad32;
		else if (tt->step_temp >= n->trainable_bytes && n->trainable_bytes > 0.0)
			opt_temp = grad32 * floor(tt->step_temp / n->trainable_bytes);
		else if (tt->step_temp > 0.0)
			opt_temp = grad32;
		else
			opt_temp = 0.0;

		tt->optimizer = (master + states) / gpus - paged_states + bucket;
		tt->zero_partition = (master + states) / gpus;
		tt->paged_states = paged_states;
		tt->step_temp = grad32 + fmax(flat, opt_temp);
		if (t->zero_stage >= 2) {
			tt->grads /= gpus;
			tt->grads_in_backward /= gpus;
		}
		if (t->zero_stage >= 3) {
			/* Stage 3 gathers each module's whole 16-bit parameters
			 * while it runs, and prefetches the next ones up to
			 * stage3_prefetch_bucket_size elements (HF's "auto":
			 * 0.9 x hidden^2); the LM head stays gathered from the
			 * loss into backward (its reuse distance is under
			 * stage3_max_reuse_distance). DeepSpeed's
			 * estimate_zero3_model_states_mem_needs counts the largest
			 * layer's parameters (and their gradient, 4 bytes a
			 * parameter in all); a full fine-tune's gradient of that
			 * matrix is whole before its reduce-scatter. The running
			 * module and the prefetched ones are distinct parameters
			 * of the model, each gathered once (param.data beside its
			 * ds_tensor partition), so together they are at most the
			 * whole model: a model under the bucket holds itself
			 * gathered, not that plus its largest matrix again (found
			 * by a random sweep of the ZeRO stages: ALBERT-large's
			 * weights under stage 3 on 2 GPUs were 1.74 times stage
			 * 2's, where its partition and the whole model gathered
			 * are 1.5). */
			double prefetch = t->zero_bucket_auto ? 0.9 * c->h * c->h : VP_ZERO3_PREFETCH_ELEMENTS;
			double gathered = fmin(n->largest + prefetch, n->total) * c->wb;

			/* offload_param: the partition itself is in host RAM
			 * (stage3.py, offload_param_config: each ds_tensor on
			 * the CPU) and only what a module runs with is on the
			 * GPU; DeepSpeed's estimate_zero3_model_states_mem_needs
			 * with cpu_offload_params: gpu_mem = largest_layer_memory */
			if (t->zero_offload_param)
				tt->offload_host += tt->weights / gpus;
			tt->weights = (t->zero_offload_param ? 0.0 : tt->weights / gpus) + gathered;
			if (c->full)
				tt->zero3_whole_grad = n->largest * c->wb;
		}
		/* ZeRO-Offload, offload_optimizer.device "cpu" (docs/memory-model.md
		 * "ZeRO-Offload"; Ren et al. 2021): the fp32 master partition,
		 * the optimizer states of it and its fp32 gradient are host
		 * tensors and the step runs on the CPU (DeepSpeedCPUAdam), so
		 * the GPU keeps none of them and no step temporary; each
		 * gradient leaves the GPU through the reduce bucket, which
		 * stays. Stages 1 and 2 (stage_1_and_2.py, cpu_offload, one
		 * code path: partition_grads tells them apart): the fp32
		 * gradient is single_partition_of_fp32_groups[i].grad on the
		 * CPU (initialize_optimizer_states); the step writes the
		 * updated partition through a host copy of it in the 16-bit
		 * dtype (__init__: param_buffer_of_bit16_for_cpu_offload_
		 * groups, since DeepSpeed PR #7309); with gradient
		 * accumulation each parameter of the partition also gets a host
		 * buffer in its own dtype (async_accumulate_grad_in_cpu_via_gpu,
		 * accumulated_grads_in_cpu); and the GPU keeps
		 * temp_grad_buffer_for_gpu_offload, the largest parameter in
		 * the 16-bit dtype. Stage 1 reduces only at the accumulation
		 * boundary (reduce_ready_partitions_and_remove_grads: "if
		 * self.partition_gradients or self.is_gradient_accumulation_
		 * boundary"; engine.py allreduce_gradients), so every trained
		 * parameter's whole 16-bit gradient stays on the GPU as without
		 * offload (the whole gradients counted at stage 1 above): exact
		 * with accumulation, without overlap_comm and before DeepSpeed
		 * PR #4887 (which stopped forcing overlap_comm off at stage 1);
		 * after it, with overlap_comm and no accumulation, each leaves
		 * in its hook and this is an overestimate, as without offload.
		 * Stage 3 (stage3.py): each sub-group's fp32 gradient buffer on
		 * the CPU (initialize_optimizer_states: subgroup_gradient_
		 * buffer), and the gradient partition itself,
		 * grad_partitions_flat_buffer, allocated on self.device, which
		 * offload_optimizer makes the CPU, in the gradient accumulation
		 * dtype (the model's under ZeRO, engine.py get_data_types). */
		if (t->zero_offload_optimizer) {
			/* the gradients' partition: divided above from stage 2;
			 * at stage 1 tt->grads is still every GPU's whole set */
			double partition = t->zero_stage >= 2 ? tt->grads : tt->grads / gpus;

			tt->offload_host += (master + states) / gpus + grad32_whole(n, gpus);
			if (t->zero_stage >= 3 || t->grad_accum > 1)
				tt->offload_host += partition;
			/* the 16-bit host copy of the parameters' partition, the
			 * size of the gradients' (the same dtype, the same
			 * partition) */
			if (t->zero_stage < 3)
				tt->offload_host += partition;
			/* the temp buffer is the largest trained parameter: in a
			 * full fine-tune the largest matrix; for adapters vramplan
			 * has only an upper bound of it (largest_param_bytes, all
			 * trained bytes), so none is counted there: one adapter
			 * matrix, r x its linear's width (under 5 MB at r 16
			 * over a 152k vocabulary in bf16) */
			tt->optimizer = bucket + (t->zero_stage < 3 && c->full ? tt->largest_param_bytes : 0.0);
			tt->paged_states = 0.0;
			tt->step_temp = 0.0;
			if (t->zero_stage >= 2) {
				tt->grads = 0.0;
				tt->grads_in_backward = 0.0;
			}
		}
	}

	/* PyTorch FSDP, FULL_SHARD, wrapped per transformer block (the
	 * auto-wrap policy of accelerate and torchtune): parameters, gradients
	 * and optimizer states are divided over the GPUs in their own dtype;
	 * with amp-* the sharded fp32 parameters are the master copy, so there
	 * is no extra one. A block's parameters are all-gathered in the compute
	 * dtype while it runs, and with backward_prefetch (BACKWARD_PRE, the
	 * FSDP constructor's default; FSDP2 prefetches implicitly) the next
	 * block's too: two blocks. HF Trainer defaults backward_prefetch to
	 * NO_PREFETCH (training_args.py, accelerate passes None), where FSDP1's
	 * rate limiter (limit_all_gathers, two all-gathers in flight) is what
	 * can still hold two: the safe side, not traced. The root unit (embeddings,
	 * LM head) stays gathered from forward through backward (the root is
	 * not resharded after forward). During a block's backward its full
	 * gradients exist in the compute dtype until they are reduce-scattered.
	 * (torch/distributed/fsdp, FullyShardedDataParallel docs.) */
	if (t->fsdp) {
		double gpus = (double)(t->gpus > 0 ? t->gpus : 1);
		double block = 0.0, dummy = 0.0, is, os, ks, ko;
		if (tt->n_enc > 0.0)
			block = fmax(block, linear_params(c, VP_BLOCK_ENCODER, &dummy, &is, &os, &ks, &ko));
		if (tt->n_dec > 0.0)
			block = fmax(block, linear_params(c, VP_BLOCK_DECODER, &dummy, &is, &os, &ks, &ko));
		if (dense_blocks(c, tt) > 0.0)
			block = fmax(block, linear_params(c, VP_BLOCK_DECODER_DENSE, &dummy, &is, &os, &ks, &ko));
		tt->weights = tt->weights / gpus + 2.0 * block * c->e + n->embed * (c->head_matrix ? 2.0 : 1.0) * c->e;
		tt->grads = tt->grads / gpus + (c->full ? block * c->e : 0.0);
		tt->grads_in_backward = tt->grads;
		tt->optimizer /= gpus;
		tt->paged_states /= gpus;
		tt->step_temp /= gpus;
		tt->largest_param_bytes /= gpus;
		tt->persistent_waste /= gpus;
	}

	/* Plain data parallelism (several GPUs, neither ZeRO nor FSDP): DDP's
	 * Reducer allocates buckets for the all-reduce that hold a copy of every
	 * trained parameter's gradient, beside param.grad, for as long as the
	 * wrapper lives, unless gradient_as_bucket_view=True makes the
	 * gradients views of them (torch.nn.parallel.DistributedDataParallel;
	 * pytorch/pytorch#41954, which measured roberta-base's peak drop by the
	 * gradients' size). Neither HF Trainer nor accelerate sets it. */
	/* The Reducer buckets every parameter that requires grad
	 * (_build_params_for_reducer), a vision tower's adapters too, which
	 * never get one (tower_adapters) */
	tt->ddp_buckets = t->gpus > 1 && t->zero_stage == 0 && !t->fsdp ? n->trainable_bytes + n->tower * c->ab : 0.0;
}

int vp_est_parameters(const struct ctx *c, struct totals *tt, struct vp_error *err)
{
	struct counts n;

	if (count_parameters(c, tt, &n, err) != 0)
		return -1;
	stored_weights(c, &n, tt);
	if (trained_parameters(c, &n, tt, err) != 0)
		return -1;
	gradients(c, &n, tt);
	optimizer_states(c, &n, tt);
	vocab_shares(c, &n, tt);
	persistent_waste(c, &n, tt);
	distribute(c, &n, tt);
	return 0;
}

bool vp_estimate_unquantized_experts(const struct vp_model *m, const struct vp_train *t, bool fp32_cast_kept,
				     double *unquantized, double *counted)
{
	struct vp_linear lin[VP_BLOCK_LINEARS_MAX];
	size_t n, i;
	double params = 0.0, rows = 0.0, wb, q;

	*unquantized = *counted = 0.0;
	if (m == NULL || t == NULL || m->num_experts == 0 || vp_model_experts_are_parameters(m) ||
	    (t->quant != VP_QUANT_NF4 && t->quant != VP_QUANT_NF4_DQ && t->quant != VP_QUANT_INT8))
		return false;
	n = vp_model_block_linears(m, VP_BLOCK_DECODER, lin, VP_BLOCK_LINEARS_MAX);
	/* the routed experts (one linear per expert: copies) and the router;
	 * Qwen2-MoE's shared expert and its gate stay nn.Linear
	 * (Qwen2MoeMLP, nn.Linear(hidden, 1)) and are quantized */
	for (i = 0; i < n; i++) {
		double per;

		if (lin[i].param_only || (lin[i].role != VP_LIN_ROUTER && lin[i].copies <= 1))
			continue;
		per = (double)lin[i].in_features * (double)lin[i].out_features * (double)lin[i].copies;
		params += per;
		rows += (double)lin[i].out_features * (double)lin[i].copies;
	}
	if (params == 0.0)
		return false;
	/* the layers with experts (not DeepSeek's dense first ones) */
	params *= (double)vp_model_moe_layers(m);
	rows *= (double)vp_model_moe_layers(m);
	/* what stored_weights counts for them, and the unquantized rest's
	 * dtype there (estimate.c ctx_init: wb) */
	wb = vp_est_is_16bit_params(t->precision) && !fp32_cast_kept ? 2.0 : 4.0;
	q = t->quant == VP_QUANT_NF4 ? params * VP_NF4_BYTES_PER_PARAM
	    : t->quant == VP_QUANT_NF4_DQ ? params * VP_NF4_DQ_BYTES_PER_PARAM
					  : params * 1.0 + rows * 4.0;
	*unquantized = params * wb;
	*counted = q;
	return true;
}

void vp_unquantized_experts_shard(const struct vp_train *t, double more, char *buf, size_t size)
{
	if (size == 0)
		return;
	buf[0] = '\0';
	/* until 2026-12-01 the warning gave only the whole model's bytes,
	 * Mixtral-8x7B's 144 GiB more under FSDP over 8 GPUs, where each
	 * holds an eighth of them (tests/cli/estimate/moe-unquantized-experts.sh) */
	if (t->gpus > 1 && (t->zero_stage >= 3 || t->fsdp))
		snprintf(buf, size, ", %.1f GiB a GPU: %s shards them over %llu GPUs", more / (double)t->gpus / 1073741824.0,
			 t->fsdp ? "FSDP" : "ZeRO-3", (unsigned long long)t->gpus);
}
