#ifndef VRAMPLAN_LAYERS_H
#define VRAMPLAN_LAYERS_H

/*
 * The linear layers of one transformer block, as the estimator and the LoRA
 * planner see them: their shapes (for weights, gradients and adapter sizes)
 * and their Hugging Face module names (for matching PEFT target_modules).
 *
 * The names and biases follow the transformers modeling files (and Qwen v1's
 * modeling_qwen.py); src/layers.c cites each one. Nothing here owns memory:
 * `name` and `path` point to string literals.
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "vramplan/model.h"

enum vp_linear_role {
	VP_LIN_Q,
	VP_LIN_K,
	VP_LIN_V,
	VP_LIN_QKV,      /* fused q, k and v (GPT-NeoX, BLOOM, GPT-2, Qwen v1, Phi-3) */
	VP_LIN_O,
	VP_LIN_GATE,
	VP_LIN_UP,       /* also the first MLP linear of a non-gated MLP (fc1, wi) */
	VP_LIN_GATE_UP,  /* fused gate and up (Phi-3) */
	VP_LIN_DOWN,
	VP_LIN_CROSS_Q,  /* encoder-decoder cross-attention (decoder stack only) */
	VP_LIN_CROSS_K,
	VP_LIN_CROSS_V,
	VP_LIN_CROSS_O,
	VP_LIN_ROUTER,   /* a mixture of experts' gate: hidden x experts */
	VP_LIN_SHARED_GATE, /* Qwen2-MoE's shared expert, beside the routed ones */
	VP_LIN_SHARED_UP,
	VP_LIN_SHARED_DOWN,
	VP_LIN_SHARED_ROUTER, /* its sigmoid gate: hidden x 1 */
	/* Multi-head latent attention's up-projections, whose inputs are the
	 * normed latents rather than the hidden state: q_b_proj
	 * (q_lora_rank in) and kv_b_proj (kv_lora_rank in). Its down
	 * projections take the hidden state: q_a_proj is a VP_LIN_Q (as
	 * q_proj), kv_a_proj_with_mqa a VP_LIN_K. */
	VP_LIN_Q_B,
	VP_LIN_KV_B
};

struct vp_linear {
	enum vp_linear_role role;
	/* The module's own name, the last component of its HF path: "q_proj",
	 * "c_attn", "wi_0", "query_key_value", "dense". T5's EncDecAttention.q
	 * is "q", like SelfAttention.q. */
	const char *name;
	/* The module path inside one block, e.g. "self_attn.q_proj",
	 * "attention.output.dense", "layer.1.EncDecAttention.q", so that dotted
	 * targets ("attention.output.dense") can be matched too. */
	const char *path;
	uint64_t in_features;
	uint64_t out_features;
	bool bias;
	/* How many of it one block holds: the experts of a mixture of experts
	 * (one such linear per expert, each seeing the tokens routed to it), 1
	 * otherwise. Parameters, adapters and weight casts count every copy;
	 * the tokens through all copies together are experts_per_token x T. */
	uint64_t copies;
	/* Not an nn.Linear but parameters a module multiplies with itself
	 * (gpt-oss's GptOssExperts and GptOssTopKRouter, GraniteMoE's
	 * GraniteMoeParallelExperts): PEFT's
	 * target_modules and all-linear do not reach it, bitsandbytes does
	 * not quantize it. Its LoRA target names match nothing. */
	bool param_only;
};

enum vp_block_kind {
	VP_BLOCK_ENCODER, /* a block of an encoder-only model or of the encoder stack */
	VP_BLOCK_DECODER, /* decoder-only block, or encdec decoder block (with CROSS_*) */
	/* a decoder-only block with a dense MLP where VP_BLOCK_DECODER has
	 * the experts: DeepSeek's first dense_layers layers; no such block
	 * (0 linears) in any other model */
	VP_BLOCK_DECODER_DENSE
};

/* The most linears one block has (an encoder-decoder decoder block: 4 self,
 * 4 cross, 3 MLP); callers pass at least this capacity. */
#define VP_BLOCK_LINEARS_MAX 16

/* The architecture a naming scheme exists in (*arch), and whether its MLP
 * can be gated (1), must be gated (2) or cannot be (0); -1 for a value
 * outside enum vp_naming. */
int vp_naming_shape(enum vp_naming n, enum vp_arch *arch);

/*
 * Fill out[] (capacity cap) with the linears of one block of `kind`, in
 * forward order, and return their count. Fused projections appear as one
 * linear (QKV, GATE_UP) where the family fuses them (gpt_neox, bloom, gpt2,
 * qwen v1 c_attn, phi3).
 *
 * Returns 0 when m is NULL, when cap is too small, when `kind` does not exist
 * in this architecture (VP_BLOCK_ENCODER of a decoder-only model,
 * VP_BLOCK_DECODER of an encoder-only one), or when a size overflows.
 */
size_t vp_model_block_linears(const struct vp_model *m, enum vp_block_kind kind,
			      struct vp_linear *out, size_t cap);

/*
 * True when PEFT would wrap this linear for `target`, one target_modules
 * entry. PEFT (tuners_utils.check_target_module_exists) matches a list entry
 * when the module's full name equals it or ends with "." + entry, so a bare
 * name matches the last component: "q" matches T5's SelfAttention.q and
 * EncDecAttention.q, "c_proj" matches Qwen v1's attn.c_proj and mlp.c_proj,
 * and "dense" matches all three BERT denses. A dotted entry matches the tail
 * of `path` ("output.dense" matches BERT's attention.output.dense and
 * output.dense; "attention.output.dense" only the first).
 *
 * Not handled here: a target_modules given as one regular-expression string,
 * and "all-linear" (struct vp_train has a flag for that).
 */
bool vp_linear_matches(const struct vp_linear *l, const char *target);

/*
 * Fill out[] (capacity cap, at least 2) with the linears outside the blocks
 * that join embeddings narrower than the blocks to them, and return their
 * count: OPT's project_in and project_out, ELECTRA's embeddings_project,
 * ALBERT's embedding_hidden_mapping_in; none where the embeddings are
 * hidden_size wide. PEFT's target names and all-linear reach them as they
 * reach a block's linears; one copy each (the tokens of the whole batch).
 */
size_t vp_model_embed_linears(const struct vp_model *m, struct vp_linear *out, size_t cap);

/* True when `target` matches some linear of the model's blocks (encoder or
 * decoder), or one of vp_model_embed_linears, as vp_linear_matches does. */
bool vp_model_has_linear(const struct vp_model *m, const char *target);

/* The nn.Linears of a multimodal model's vision tower and projector, with
 * count[i] copies of out[i] (the tower's layers; 1 for the projector's):
 * SigLIP's for Gemma 3, Pixtral's and Mistral3MultiModalProjector's for
 * Mistral 3, the visual blocks' and the merger's for Qwen2-VL and
 * Qwen2.5-VL (model.h vision_layers); none when their shapes are not
 * known. PEFT's all-linear and a target's name reach them. */
#define VP_VISION_LINEARS_MAX 10
size_t vp_model_vision_linears(const struct vp_model *m, struct vp_linear out[VP_VISION_LINEARS_MAX],
			       double count[VP_VISION_LINEARS_MAX]);

/* The path of the first of vp_model_vision_linears that `target` names,
 * or NULL */
const char *vp_model_vision_target(const struct vp_model *m, const char *target);

/* The path of a module of the model's blocks that `target` names but that
 * is not an nn.Linear PEFT can wrap (a router or experts module whose
 * weights are bare parameters: gpt-oss's mlp.router, DeepSeek-V3's
 * mlp.gate, GraniteMoE's block_sparse_moe.input_linear and
 * output_linear), or NULL. PEFT's LoraModel._create_new_module raises
 * ValueError on such a target ("Target module ... is not supported"),
 * whatever else the targets name. The path is static storage of the
 * layer tables. */
const char *vp_model_unwrappable_target(const struct vp_model *m, const char *target);

/* The path of a linear inside a module that `target` names, when that
 * module holds linears of the model (a block's self_attn or mlp, Mixtral's
 * experts ModuleList, GraniteMoE's block_sparse_moe.router, a
 * GraniteMoeTopKGating around its layer), or NULL. Such a module is no
 * nn.Linear either: PEFT's _create_new_module finds no dispatcher for it
 * and raises the same ValueError ("Target module ... is not supported").
 * The path is static storage of the layer tables. */
const char *vp_model_container_target(const struct vp_model *m, const char *target);

/* True when `target` is a form vp_linear_matches cannot judge but PEFT may
 * match: a regular expression (a target_modules string is re.fullmatch'ed
 * against each module path, peft/tuners/tuners_utils.py
 * check_target_module_exists) or a per-layer path such as
 * model.layers.0.self_attn.q_proj (a list item equal to a module's full
 * key). Refusing such a target as one "PEFT finds none of" would be
 * untrue. */
bool vp_target_unmodelled(const char *target);

/* True when transformers keeps this linear out of bitsandbytes
 * quantization, in fp32: the model class's _keep_in_fp32_modules, which the
 * bitsandbytes quantizers (use_keep_in_fp32_modules = True) add to
 * modules_to_not_convert before replacing the linears. Of the catalogue's
 * families only T5's, MT5's and UMT5's set it: ["wo"], the MLP's output
 * projection (modeling_t5.py T5PreTrainedModel). */
bool vp_linear_kept_in_fp32(const struct vp_model *m, const struct vp_linear *l);

/*
 * Read one entry of a checkpoint's quantization_config.llm_int8_skip_modules
 * (bitsandbytes): set the bits of m->quant_skip, quant_skip_enc,
 * quant_skip_dec or quant_skip_vision (model.h) of the block linears
 * transformers leaves unquantized for it (4 and 5 alike: a linear either
 * keeps 16-bit is counted so). An entry naming no linear of the blocks
 * ("lm_head", the vision tower of a text model) sets nothing. Returns 0, or
 * -1 with why (the rest of a message after the entry) for a form vramplan
 * cannot match exactly: a regular expression, one layer's modules outside
 * a decoder-only model's text stack, one expert of a mixture.
 */
int vp_model_quant_skip(struct vp_model *m, const char *key, char *why, size_t size);

/* The distinct names of the model's block linears, ", "-separated, into buf
 * (cut at size); for messages that say what a target could have named. */
void vp_model_linear_names(const struct vp_model *m, char *buf, size_t size);

#endif
